import { defineArea, evidence, quote, seed, upstream } from '../define.ts'

const SUBSET = '§已强制执行的原始 JSON Schema 子集'
const SCHEMA: readonly ['schema'] = ['schema']

/**
 * JSV rules: validating values against an asserted schema of the subset.
 * Tests: conformance/suite/jsv.test.ts, plus the fixtures in fixtures/json-schema/validation/.
 */
export const JSV_RULES = defineArea('JSV', [
  {
    id: 'JSV-01',
    level: 'must',
    statement:
      "For a schema that passed the assertion, validation accepts conforming values and reports non-conforming ones as invalid. How it reports is open (OP-26): through the adapter an empty list is acceptance and a non-empty list or a throw is a report. That it returns a list of violation strings and never throws, hostile values (throwing getters, proxies) included, is JSV-16's.",
    sources: [seed('000', `${SUBSET} (validateJsonSchemaValue enforces the schema)`), upstream('hostile values become violations')],
    quotes: [quote('000', `${SUBSET} (validateJsonSchemaValue enforces the schema)`, '`validateJsonSchemaValue()` 强制执行该 schema')],
    requires: SCHEMA,
  },
  {
    id: 'JSV-02',
    level: 'upstream',
    statement:
      'Each violation names where it occurred: the root is the given label (`value` by default, `arguments` when the label is empty), properties are `<p>.<key>` (a bare key under the empty label) and items `<p>[i]`.',
    sources: [upstream('violation paths')],
    evidence: [
      evidence('packages/core/tools/tests/json-schema.spec.ts', 321, 'validates object requiredness, nested values, and raw open defaults'),
      evidence('packages/core/tools/src/json-schema.ts', 418, "return path === '' ? 'arguments' : path"),
      evidence(
        'packages/core/tools/src/json-schema.ts',
        654,
        "export function validateJsonSchemaValue(schema: JsonSchemaNode, value: unknown, path = 'value'): string[] {",
      ),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSV-03',
    level: 'must',
    statement: 'A node with neither `type` nor `oneOf` (annotations only) accepts exactly the lossless JSON values and rejects anything else.',
    sources: [seed('000', `${SUBSET} (an annotation-only node means unconstrained lossless JSON)`)],
    quotes: [
      quote('000', `${SUBSET} (an annotation-only node means unconstrained lossless JSON)`, '仅含注解的空节点表示不受约束的无损 JSON。'),
      quote('000', `${SUBSET} (JsonSchemaNode.type)`, 'Omit with no constraints for any JSON value, or use `oneOf`.'),
      quote('000', `${SUBSET} (JsonSchemaNode.description, JsonSchemaNode.title)`, 'Annotation, ignored for validation.'),
    ],
    divergence:
      'Upstream decides whether an array is lossless by its length and indexed reads alone, so an array whose own keys lack an index and list a non-index key instead (a proxy can present one) is accepted; the kit rejects it, since its own keys do not describe a JSON array.',
    requires: SCHEMA,
  },
  {
    id: 'JSV-04',
    level: 'must',
    statement:
      'A `oneOf` node accepts a value only when exactly one branch accepts it, so a value matched by no branch or by two overlapping branches (e.g. `number` and `integer` for 1) is rejected.',
    sources: [seed('000', `${SUBSET} (a value must match exactly one oneOf branch)`)],
    quotes: [
      quote('000', `${SUBSET} (a value must match exactly one oneOf branch)`, '`oneOf` 至少要求两个分支，且一个值必须恰好匹配其中一个。'),
      quote('000', `${SUBSET} (JsonSchemaNode.oneOf)`, 'Exactly one branch must validate; at least two branches are required.'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSV-05',
    level: 'must',
    statement:
      "An object node accepts only JSON object records: each required key must be present with a JSON value, each declared property is validated against its schema at every depth, undeclared keys are rejected under `additionalProperties: false`, and the whole record must be lossless JSON. Which objects count as records beyond ordinary ones of this realm (null-prototype and cross-realm records, class instances) is open (OP-27) and JSV-17's.",
    sources: [seed('000', `${SUBSET} (properties, required, additionalProperties)`), upstream('object validation')],
    quotes: [
      quote('000', `${SUBSET} (JsonSchemaNode.properties)`, "Nested property schemas (`type: 'object'` only)."),
      quote('000', `${SUBSET} (JsonSchemaNode.required)`, 'Required property names; each must appear in `properties`.'),
      quote('000', `${SUBSET} (JsonSchemaNode.additionalProperties)`, "`false` rejects undeclared keys; absent/`true` follows JSON Schema's open default."),
      quote('000', `${SUBSET} (an annotation-only node means unconstrained lossless JSON)`, '仅含注解的空节点表示不受约束的无损 JSON。'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSV-06',
    level: 'must',
    statement:
      'An array node accepts only arrays (any realm) that are dense lossless JSON, and with `items` every element is validated against the item schema.',
    sources: [seed('000', `${SUBSET} (items)`), upstream('array validation')],
    quotes: [
      quote('000', `${SUBSET} (JsonSchemaNode.items)`, "Item schema (`type: 'array'` only); absent accepts any JSON item."),
      quote('000', `${SUBSET} (an annotation-only node means unconstrained lossless JSON)`, '仅含注解的空节点表示不受约束的无损 JSON。'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSV-07',
    level: 'must',
    statement:
      "Scalar nodes accept only values of their type (`number` only finite numbers other than -0, `integer` only integral ones, `null` only null), then only members of `enum` and only the `const` value; a rejected scalar has at least one violation (at most one per scalar is JSV-15's).",
    sources: [seed('000', `${SUBSET} (JsonSchemaType, enum, const)`), upstream('scalar validation')],
    quotes: [
      quote('000', `${SUBSET} (JsonSchemaType)`, "type JsonSchemaType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null'"),
      quote('000', `${SUBSET} (JsonSchemaNode.enum)`, 'Allowed values for a scalar node.'),
      quote('000', `${SUBSET} (JsonSchemaNode.const)`, 'The single allowed value for a scalar node.'),
      quote('000', `${SUBSET} (an annotation-only node means unconstrained lossless JSON)`, '仅含注解的空节点表示不受约束的无损 JSON。'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSV-08',
    level: 'upstream',
    statement:
      'Schema keywords and property maps are read as own properties: an inherited `oneOf` or `properties` is ignored, `type`, `oneOf`, `properties`, `required`, `additionalProperties`, `items` and `enum` holding `undefined` count as absent (also in a schema the assertion would refuse for it), and a property named `__proto__` or `toString` is an ordinary property.',
    sources: [upstream('own-property keyword reads')],
    evidence: [
      evidence('packages/core/tools/tests/json-schema.spec.ts', 423, 'uses own properties for requiredness, recursion, and closed-object checks'),
      evidence('packages/core/tools/src/json-schema.ts', 539, "const oneOf = Object.hasOwn(frame.node, 'oneOf') ? frame.node.oneOf : undefined"),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSV-09',
    level: 'should',
    statement:
      'Validating against a forged schema whose `type` is outside the seven (one that never passed the assertion) throws an `unreachable variant …` error instead of accepting or silently rejecting the value.',
    sources: [upstream('unreachable-variant backstop')],
    requires: SCHEMA,
  },
  {
    id: 'JSV-10',
    level: 'must',
    statement:
      'Whenever validation accepts a value, that value is lossless JSON: -0, NaN, ±Infinity, undefined, functions, symbols, bigints, sparse or decorated arrays, keys a JSON round trip drops, and cycles are never accepted by any schema. Whether class instances and other data objects with a non-plain prototype count as lossless is open (OP-27); upstream refuses them (JSV-17).',
    sources: [seed('000', `${SUBSET} (the enforced schema describes lossless JSON)`), upstream('every accepting path ends with a lossless check')],
    quotes: [
      quote('000', `${SUBSET} (an annotation-only node means unconstrained lossless JSON)`, '仅含注解的空节点表示不受约束的无损 JSON。'),
      quote('000', SUBSET, 'subagent、工作流、MCP 和动态注册提供的原始 schema 使用作者侧 DSL 在协议层的对应表示。'),
      quote('000', '§统一的 JSON 值 schema DSL (ValueSchemaSpec)', 'One author-facing schema for any lossless JSON value root.'),
    ],
    divergence: 'Upstream accepts an array whose own keys lack an index and list a non-index key instead (see JSV-03).',
    requires: SCHEMA,
  },
  {
    id: 'JSV-11',
    level: 'should',
    statement:
      'Validation violations use the upstream texts with the path in double quotes, e.g. `"value.a" must be a string`, `missing required property "value.a"`, `"value.x" is not a declared property (additionalProperties: false)`, `"value" must match exactly one oneOf branch (matched 2)`, `"value" must be one of ["a","b"]` and `"value" must be a lossless JSON value`.',
    sources: [upstream('validation violation wording')],
    requires: SCHEMA,
  },
  {
    id: 'JSV-12',
    level: 'should',
    statement:
      'Object violations are listed missing required properties first, then the declared properties’ violations in `properties` order, then undeclared keys.',
    sources: [upstream('object violation order')],
    requires: SCHEMA,
  },
  {
    id: 'JSV-13',
    level: 'upstream',
    statement:
      "A declared property whose value is `undefined` counts as absent and is never validated against its own schema: a required one yields only its missing-property violation, and an optional one leaves the record to fail as a whole, at the record's path, by the lossless check.",
    sources: [upstream('object validation: only own keys with a defined value are validated')],
    evidence: [
      evidence('packages/core/tools/tests/json-schema.spec.ts', 347, 'treats present undefined as missing when required, then rejects other lossy objects'),
      evidence('packages/core/tools/src/json-schema.ts', 569, 'if (!Object.hasOwn(frame.value, key) || frame.value[key] === undefined) continue'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSV-14',
    level: 'upstream',
    statement:
      'Validation does not recurse on the call stack: values and schemas nested 5,000 levels deep (objects under required keys, arrays, property maps through validateArgs) and oneOf chains nested beyond the call stack (20,000 levels) are validated correctly, the exact-one rule included.',
    sources: [upstream('iterative validator')],
    evidence: [
      evidence('packages/core/tools/tests/json-schema.spec.ts', 395, 'validates deeply nested exact-one unions without using the JavaScript call stack'),
      evidence('packages/core/tools/tests/json-schema.spec.ts', 396, 'const depth = 5_000'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSV-15',
    level: 'upstream',
    statement:
      'A scalar reports exactly one violation even when its type, enum and const all fail: the type violation alone, else the enum one, else the const one.',
    sources: [upstream('scalar validation stops at the first failure')],
    evidence: [
      evidence('packages/core/tools/src/json-schema.ts', 478, 'return [`"${diagnosticPath(path)}" must be one of ${JSON.stringify(allowed)}`]'),
      evidence('packages/core/tools/src/json-schema.ts', 607, ': [`"${diagnosticPath(frame.path)}" must be a string`])'),
    ],
    requires: SCHEMA,
  },
  // JSV-16, JSV-17: what the must rules JSV-01, JSV-05 and JSV-10 asserted beyond their quotes (issue 37 part 5), as upstream pins it.
  {
    id: 'JSV-16',
    level: 'upstream',
    statement:
      'For a schema that passed the assertion, validation returns a list of violation strings, empty when the value conforms, and never throws: hostile values (throwing getters, proxies, revoked proxies) are reported as violations.',
    sources: [upstream('total validator')],
    evidence: [
      evidence(
        'packages/core/tools/src/json-schema.ts',
        654,
        "export function validateJsonSchemaValue(schema: JsonSchemaNode, value: unknown, path = 'value'): string[] {",
      ),
      evidence('packages/core/tools/src/json-schema.ts', 637, 'receive(losslessValueViolation(failed.path))'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'JSV-17',
    level: 'upstream',
    statement:
      'Validation takes as objects exactly the plain records: null-prototype records and records of another realm are accepted like local ones, while class instances (and other objects whose prototype is not an intrinsic Object.prototype) and array subclasses are refused by every schema.',
    sources: [upstream('plain-record check of values')],
    evidence: [
      evidence('packages/core/tools/src/json-schema.ts', 115, 'export function isPlainJsonRecord(value: unknown): value is Record<string, unknown> {'),
      evidence('packages/core/tools/src/json-schema.ts', 119, 'return prototype === null'),
    ],
    requires: SCHEMA,
  },
])
