import { defineArea, evidence, quote, seed, upstream } from '../define.ts'

const SUBSET = '§已强制执行的原始 JSON Schema 子集'
const SCHEMA: readonly ['schema'] = ['schema']

/**
 * JSS rules: asserting that a raw schema lies inside the enforced subset.
 * Tests: conformance/suite/jss.test.ts, plus the fixtures in
 * fixtures/json-schema/unsupported/ (and the schemas of fixtures/json-schema/validation/).
 */
export const JSS_RULES = defineArea('JSS', [
  {
    id: 'JSS-01',
    level: 'must',
    statement:
      'The assertion accepts every node built from the subset: a single `type` of the seven, `oneOf` with two or more branches, annotation-only nodes, object `properties`/`required`/boolean `additionalProperties`, array `items`, scalar `enum`/`const`, and the annotations `description`, `title`, `default` and `examples`.',
    sources: [seed('000', SUBSET), upstream('json-schema.spec accepts the whole subset')],
    quotes: [
      quote('000', SUBSET, '`assertSupportedJsonSchema()` 接受任意 JSON 根'),
      quote('000', SUBSET, '仅含注解的空节点表示不受约束的无损 JSON'),
      quote('000', `${SUBSET} (JsonSchemaType)`, 'Single-type keywords accepted by the enforced subset.'),
      quote('000', `${SUBSET} (JsonSchemaNode)`, 'One raw JSON Schema node in the enforced subset.'),
      quote('000', `${SUBSET} (JsonSchemaNode.oneOf)`, 'Exactly one branch must validate; at least two branches are required.'),
      quote('000', `${SUBSET} (JsonSchemaNode.items)`, "Item schema (`type: 'array'` only); absent accepts any JSON item."),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSS-02',
    level: 'must',
    statement:
      "A schema outside the subset is rejected with one error that lists every violation found anywhere in the schema (not just the first): every defective path has a violation located at it or below it, and no violation lies outside the defective paths. The path syntax (root token, separator) is open; upstream's `schema…` form is JSS-18's and its one-violation-per-defect placement JSS-19's.",
    sources: [seed('000', `${SUBSET} (JsonSchemaError reports every unsupported or malformed path)`)],
    quotes: [quote('000', SUBSET, '`JsonSchemaError` 则报告每条不受支持或格式错误的 schema 路径')],
    requires: SCHEMA,
  },
  {
    id: 'JSS-03',
    level: 'must',
    statement:
      "A node that is not an object record (null, an array, a string, a number, a boolean) is reported as an unsupported or malformed schema path at its location, and so is a `type` that is an array or any value other than the seven type names, at the node or at its `type` keyword. The path syntax is open (OP-20); records and arrays beyond JSON (foreign or forged prototypes, symbol or non-enumerable keys, throwing proxies) are open (OP-28) and JSS-21's; placing a bad type at `<path>.type` is JSS-19's.",
    sources: [seed('000', `${SUBSET} (JsonSchemaType, one type per node)`), upstream('node shape and type checks')],
    quotes: [
      quote('000', `${SUBSET} (JsonSchemaType)`, 'Single-type keywords accepted by the enforced subset.'),
      quote('000', `${SUBSET} (JsonSchemaType)`, "type JsonSchemaType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null'"),
      quote('000', `${SUBSET} (JsonSchemaNode.items)`, 'items?: JsonSchemaNode'),
      quote('000', SUBSET, '`JsonSchemaError` 则报告每条不受支持或格式错误的 schema 路径'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSS-04',
    level: 'must',
    statement:
      "`oneOf` must be a dense array of at least two schemas, each checked at its own location under oneOf; a node declaring both `type` and `oneOf` is a violation within that node; constraint keywords beside `oneOf` are violations at their keyword's location. The path syntax is open (OP-20); refusing decorated, subclassed or proxied arrays is JSS-21's, and that type beside oneOf is exactly one violation at the node with the branches unexamined is JSS-19's.",
    sources: [seed('000', `${SUBSET} (oneOf requires at least two branches)`), upstream('oneOf shape and neighbours')],
    quotes: [
      quote('000', SUBSET, '`oneOf` 至少要求两个分支'),
      quote('000', `${SUBSET} (JsonSchemaNode.type)`, 'Omit with no constraints for any JSON value, or use `oneOf`.'),
      quote('000', `${SUBSET} (JsonSchemaNode)`, 'rejects invalid combinations before a caller treats the node as trusted'),
      quote('000', `${SUBSET} (JsonSchemaNode.properties)`, "Nested property schemas (`type: 'object'` only)."),
      quote('000', `${SUBSET} (JsonSchemaNode.items)`, "Item schema (`type: 'array'` only)"),
      quote('000', `${SUBSET} (JsonSchemaNode.enum)`, 'Allowed values for a scalar node.'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSS-05',
    level: 'must',
    statement:
      "Keywords outside the subset (`anyOf`, `allOf`, `not`, `pattern`, `minimum`, `$ref`, …), constraint keywords on a type that does not admit them, and constraint keywords on a node with neither `type` nor `oneOf` are each reported at the keyword's location (or below it). The path syntax is open (OP-20); exactly one violation per keyword is JSS-19's.",
    sources: [seed('000', `${SUBSET} (JsonSchemaNode field comments)`), upstream('keyword placement')],
    quotes: [
      quote('000', '§统一的 JSON 值 schema DSL', '不支持的关键字会被拒绝，而不会在未强制执行的情况下获准进入'),
      quote('000', `${SUBSET} (JsonSchemaNode.type)`, 'Omit with no constraints for any JSON value, or use `oneOf`.'),
      quote('000', `${SUBSET} (JsonSchemaNode.properties)`, "Nested property schemas (`type: 'object'` only)."),
      quote('000', `${SUBSET} (JsonSchemaNode.items)`, "Item schema (`type: 'array'` only)"),
      quote('000', `${SUBSET} (JsonSchemaNode.enum)`, 'Allowed values for a scalar node.'),
      quote('000', `${SUBSET} (JsonSchemaNode.const)`, 'The single allowed value for a scalar node.'),
      quote('000', SUBSET, '`JsonSchemaError` 则报告每条不受支持或格式错误的 schema 路径'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSS-06',
    level: 'must',
    statement:
      "`properties` must be a record of schemas (each checked at its own location), `required` a dense array of strings that are own keys of `properties` (an inherited name such as `toString` does not count), and `additionalProperties` a boolean; a bad `required` is reported at the required keyword or below it (whether at the keyword or at an entry is JSS-19's). The path syntax is open (OP-20); refusing a Map or another non-plain record as `properties` is JSS-21's.",
    sources: [seed('000', `${SUBSET} (required names must appear in properties)`), upstream('object keyword shapes')],
    quotes: [
      quote('000', `${SUBSET} (JsonSchemaNode.properties)`, 'properties?: Record<string, JsonSchemaNode>'),
      quote('000', `${SUBSET} (JsonSchemaNode.required)`, 'Required property names; each must appear in `properties`.'),
      quote('000', `${SUBSET} (JsonSchemaNode.required)`, 'required?: string[]'),
      quote('000', `${SUBSET} (JsonSchemaNode.additionalProperties)`, 'additionalProperties?: boolean'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSS-07',
    level: 'must',
    statement:
      "`enum` must be a dense array of values of the node type and `const` a value of the node type (numbers exclude NaN, ±Infinity and -0; integers must be integral), each reported at its keyword or below it. Whether an empty `enum` is allowed is open (OP-21; upstream refuses it: JSS-22), and that `const` must also be a member of a well-formed `enum` is JSS-20's (the seeds ask only that both match the node type).",
    sources: [seed('000', `${SUBSET} (JsonSchemaScalar enum/const)`), upstream('enum/const checks')],
    quotes: [
      quote('000', '§统一的 JSON 值 schema DSL', '标量 `enum` 和 `const` 值必须与节点类型匹配'),
      quote('000', `${SUBSET} (JsonSchemaScalar)`, 'Scalar JSON values supported by `enum` and `const`.'),
      quote('000', `${SUBSET} (JsonSchemaNode.enum)`, 'Allowed values for a scalar node.'),
      quote('000', `${SUBSET} (JsonSchemaNode.const)`, 'The single allowed value for a scalar node.'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSS-08',
    level: 'must',
    statement: '`default` and `examples` must be lossless JSON data (a throwing proxy is not), and `description` and `title` must be strings.',
    sources: [seed('000', `${SUBSET} (annotations must be lossless JSON)`)],
    quotes: [
      quote('000', `${SUBSET} (JsonSchemaNode.default/examples)`, 'Annotation, ignored for validation but required to be lossless JSON.'),
      quote('000', `${SUBSET} (JsonSchemaNode.description)`, 'description?: string'),
      quote('000', `${SUBSET} (JsonSchemaNode.title)`, 'title?: string'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSS-09',
    level: 'upstream',
    statement: 'Schema records and arrays created in another JavaScript realm are accepted like local ones.',
    sources: [upstream('cross-realm intrinsics are recognised')],
    evidence: [
      evidence('packages/core/tools/tests/json-schema.spec.ts', 233, 'accepts lossless annotation containers from another JavaScript realm'),
      evidence('packages/core/tools/src/json-schema.ts', 91, 'function hasIntrinsicConstructor(prototype: object'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSS-10',
    level: 'upstream',
    statement:
      'A schema that contains itself on the current path is a violation at the repeating path (never a hang or a stack overflow), while the same sub-schema object reused by siblings is accepted.',
    sources: [upstream('cycle detection on the current path')],
    evidence: [
      evidence('packages/core/tools/tests/json-schema.spec.ts', 245, 'rejects cyclic/exotic schema structure but permits sibling reuse'),
      evidence('packages/core/tools/src/json-schema.ts', 251, 'violations.push(`${path} is circular`)'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSS-11',
    level: 'upstream',
    statement:
      'The assertion handles schemas nested 5,000 levels deep without exhausting the call stack, accepting valid ones and locating violations at the bottom; the DSL compilers, which emit through it, compile 5,000-level specs (a oneOf chain, intact; a property map).',
    sources: [upstream('iterative walk, 5000-level test')],
    evidence: [
      evidence('packages/core/tools/tests/json-schema.spec.ts', 279, 'asserts deeply nested raw unions without using the JavaScript call stack'),
      evidence('packages/core/tools/src/json-schema.ts', 229, 'for (let task = tasks.pop(); task !== undefined; task = tasks.pop()) {'),
      evidence('packages/core/tools/tests/schema.spec.ts', 114, 'compiles deeply nested author unions without using the JavaScript call stack'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSS-12',
    level: 'must',
    statement:
      '`assertObjectJsonSchema` applies the same checks and additionally rejects a root without `type: "object"` (a violation at the root or its `type`); a registry may report that root-type violation beside other defects. Reporting it only when the schema has no other violation, at `schema.type`, is JSS-19\'s.',
    sources: [
      seed('000', `${SUBSET} (assertObjectJsonSchema keeps structured output object-rooted)`),
      upstream('root violation only for otherwise valid schemas'),
    ],
    quotes: [
      quote('000', SUBSET, '仍要求对象根的消费方调用 `assertObjectJsonSchema()` 并携带 `ObjectJsonSchema`'),
      quote('000', `${SUBSET} (ObjectJsonSchema)`, 'A consumer-constrained object-rooted schema.'),
      quote('000', `${SUBSET} (ObjectJsonSchema)`, "type ObjectJsonSchema = JsonSchemaNode & { type: 'object' }"),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSS-13',
    level: 'upstream',
    statement: 'The rejection error carries code `UNSUPPORTED_SCHEMA` and exposes the list of violation strings as `violations`.',
    sources: [seed('000', `${SUBSET} (JsonSchemaError)`), upstream('JsonSchemaError code')],
    evidence: [
      evidence('packages/core/tools/tests/json-schema.spec.ts', 27, 'if (error instanceof JsonSchemaError) return error.violations'),
      evidence('packages/core/tools/src/json-schema.ts', 70, "'UNSUPPORTED_SCHEMA')"),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSS-14',
    level: 'should',
    statement:
      'Assertion violations use the upstream texts, e.g. `<path> must be a schema object`, `<path>.oneOf must be an array of at least two schemas`, `<path>.<kw> is not supported on type "<t>"`, `<path>.required names "<k>" which is not in properties`, `<path> is circular` and `schema.type must be "object" (structured output is object-rooted)`.',
    sources: [upstream('assertion violation wording')],
    requires: SCHEMA,
  },
  {
    id: 'JSS-15',
    level: 'should',
    statement:
      'Violations are listed in depth-first walk order: a node’s own keyword problems first, `required`/`additionalProperties` after the property subtrees, keywords beside `oneOf` after the branches, and missing-type problems in the order properties, required, additionalProperties, items, enum, const.',
    sources: [upstream('walk order of the recursive checker')],
    requires: SCHEMA,
  },
  {
    id: 'JSS-16',
    level: 'should',
    statement: 'The rejection error message is `unsupported JSON schema: ` followed by the violations joined with `; `.',
    sources: [upstream('JsonSchemaError message')],
    requires: SCHEMA,
  },
  {
    id: 'JSS-18',
    level: 'upstream',
    statement:
      'Every schema violation, of the assertion and of the DSL compilers, reads `<path> <text>`: the path rooted at `schema` (or `parameters` for a parameter map), keys as `.key` and branches as `[i]`, then a space and the text.',
    sources: [upstream('violation path form')],
    evidence: [
      evidence('packages/core/tools/src/json-schema.ts', 387, "checkSchemaNode(schema, 'schema', violations, new Set())"),
      evidence('packages/core/tools/src/json-schema.ts', 247, 'violations.push(`${path} must be a schema object`)'),
      evidence('packages/core/tools/src/schema.ts', 439, "const schema = compileValueSchema(spec, 'schema')"),
      evidence('packages/core/tools/src/schema.ts', 450, "const compiled = compilePropertyMap(spec, 'parameters')"),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSS-19',
    level: 'upstream',
    statement:
      'The assertion reports exactly one violation per defect, at the defective keyword itself: a bad `type` at `<path>.type`, a bad `enum`, `const` or `required` at the keyword (not at an entry `enum[i]`/`required[i]`), a node with both `type` and `oneOf` as one violation at the node with its branches unexamined, and the root-type violation of `assertObjectJsonSchema` at `schema.type` and only when the schema has no other violation.',
    sources: [upstream('violation placement of the subset walk')],
    evidence: [
      evidence('packages/core/tools/src/json-schema.ts', 306, ": `${path}.type must be one of ${SCHEMA_TYPES.join('/')}`)"),
      evidence('packages/core/tools/src/json-schema.ts', 279, 'violations.push(`${path} cannot declare both type and oneOf`)'),
      evidence('packages/core/tools/src/json-schema.ts', 358, 'violations.push(`${path}.enum must be a non-empty array of ${schemaType} values`)'),
      evidence('packages/core/tools/src/json-schema.ts', 217, 'violations.push(`${path}.required names "${key}" which is not in properties`)'),
      evidence('packages/core/tools/src/json-schema.ts', 401, 'if (violations.length === 0'),
      evidence('packages/core/tools/src/json-schema.ts', 402, 'violations.push(\'schema.type must be "object" (structured output is object-rooted)\')'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSS-20',
    level: 'upstream',
    statement:
      'When a scalar node declares both a well-formed `enum` and a `const` of its type, the `const` must be a member of the `enum`: the assertion reports it at `<path>.const`, and the DSL compilers, which emit through the assertion, refuse such a spec with UNSUPPORTED_SCHEMA.',
    sources: [upstream('const must be one of enum')],
    evidence: [
      evidence('packages/core/tools/src/json-schema.ts', 366, '} else if (enumValid && !allowed.includes(declaredConst)) {'),
      evidence('packages/core/tools/src/json-schema.ts', 367, 'violations.push(`${path}.const must be one of ${path}.enum when both are declared`)'),
      evidence('packages/core/tools/src/schema.ts', 440, 'assertSupportedJsonSchema(schema)'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSS-17',
    level: 'should',
    statement:
      'A value that cannot be inspected at all, such as a revoked proxy, as the root, a node, a `type` or the value of `properties`, `required`, `oneOf`, `items` or `enum`, is reported like any other malformed value: a violation at its path in an `UNSUPPORTED_SCHEMA` rejection, not a `TypeError` escaping the assertion.',
    sources: [seed('000', `${SUBSET} (JsonSchemaError reports every unsupported or malformed path)`)],
    divergence:
      "The seed's domain is JSON input (`assertSupportedJsonSchema()` accepts any JSON root) and a revoked proxy is not JSON, so reporting it is hardening beyond the seeds and a should rule. Upstream lets the TypeError of its unguarded `Array.isArray` escape for each of these placements.",
    requires: SCHEMA,
  },
  // JSS-21, JSS-22: what the must rules JSS-03..07 asserted beyond their quotes (issue 37 part 5), as upstream pins it.
  {
    id: 'JSS-21',
    level: 'upstream',
    statement:
      'Schema records and arrays must be plain: an object whose prototype is neither null nor an intrinsic Object.prototype (a class instance, a Date, a Map, a forged imitation), one with symbol or non-enumerable keys, and a throwing proxy are violations at their path, and so is a `oneOf`, `required` or `enum` array that is decorated, subclassed, proxied or whose prototype is not an intrinsic Array.prototype; a null-prototype record is a schema node.',
    sources: [upstream('plain records and arrays only')],
    evidence: [
      evidence('packages/core/tools/src/json-schema.ts', 153, 'return isPlainJsonRecord(value) && hasOnlyEnumerableStringKeys(value)'),
      evidence('packages/core/tools/src/json-schema.ts', 119, 'return prototype === null'),
      evidence(
        'packages/core/tools/src/json-schema.ts',
        164,
        'if (!hasPlainArrayPrototype(value) || Reflect.ownKeys(value).length !== value.length + 1) return false',
      ),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSS-22',
    level: 'upstream',
    statement:
      'An empty `enum` is a violation at `<path>.enum`, and the DSL compilers, which emit through the assertion, refuse a scalar spec with an empty enum.',
    sources: [upstream('enum must be non-empty')],
    evidence: [
      evidence('packages/core/tools/src/json-schema.ts', 356, '&& allowed.length > 0'),
      evidence('packages/core/tools/src/json-schema.ts', 358, 'violations.push(`${path}.enum must be a non-empty array of ${schemaType} values`)'),
    ],
    requires: SCHEMA,
  },
])
