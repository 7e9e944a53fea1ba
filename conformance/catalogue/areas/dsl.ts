import { defineArea, evidence, quote, seed, upstream } from '../define.ts'

const DSL_SEED = seed('000', '§统一的 JSON 值 schema DSL')
const SCHEMA = ['schema'] as const

/** DSL rules (schema DSL and typing). Tests: conformance/suite/dsl.test.ts (and its slow shard dsl.deep-args.test.ts); DSL-17..19 and DSL-31 by the tsd suites types/dsl-1[7-9].*.test-d.ts and types/dsl-31.*.test-d.ts. */
export const DSL_RULES = defineArea('DSL', [
  {
    id: 'DSL-01',
    level: 'must',
    statement:
      'parameterSchemaSpecToJsonSchema turns a property map into an open object schema { type: "object", properties, required? } with no additionalProperties at the root, where required lists the keys marked required: true in declaration order and is left out when no key is marked.',
    sources: [DSL_SEED, upstream('parameter root compilation')],
    quotes: [
      quote('000', '§统一的 JSON 值 schema DSL', '参数定义仍是隐式的开放对象属性映射，每个必填属性都附带 `required: true`'),
      quote(
        '000',
        '§统一的 JSON 值 schema DSL (ParameterSchemaSpec)',
        'The map itself is an implicit open object root; requiredness remains a per-property `required: true` annotation.',
      ),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-02',
    level: 'must',
    statement:
      "A required marker is accepted only on property-map entries (the parameter root or an object spec's properties) and only with the value true; it never appears in the emitted property schema, and anywhere else (array items, oneOf branches, a value root) or with another value it makes compilation fail with a schema rejection (its code is JSS-13's).",
    sources: [seed('000', '§统一的 JSON 值 schema DSL (ParameterPropertySpec)'), upstream('required placement')],
    quotes: [
      quote('000', '§统一的 JSON 值 schema DSL (ParameterPropertySpec)', 'type ParameterPropertySpec = ValueSchemaSpec & { required?: true }'),
      quote(
        '000',
        '§统一的 JSON 值 schema DSL (ParameterSchemaSpec)',
        'The map itself is an implicit open object root; requiredness remains a per-property `required: true` annotation.',
      ),
      quote('000', '§统一的 JSON 值 schema DSL (不支持的关键字会被拒绝)', '不支持的关键字会被拒绝，而不会在未强制执行的情况下获准进入'),
      quote('000', '§统一的 JSON 值 schema DSL', '`valueSchemaSpecToJsonSchema()` 通过同一套已强制执行的原始子集编译输出声明'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-03',
    level: 'must',
    statement:
      "An object spec has to state additionalProperties as a boolean, which is emitted unchanged, and its properties compile like a parameter map with their own required list; an object spec without a boolean additionalProperties is rejected with a schema rejection (its code is JSS-13's). Whether an object spec without properties emits an empty `properties` record is open (upstream emits none: DSL-32).",
    sources: [DSL_SEED],
    quotes: [
      quote('000', '§统一的 JSON 值 schema DSL', '显式对象节点始终声明 `additionalProperties: true | false`'),
      quote('000', '§统一的 JSON 值 schema DSL', '插件作者使用同一套词汇描述类型化参数和类型化输出值'),
      quote(
        '000',
        '§统一的 JSON 值 schema DSL (ParameterSchemaSpec)',
        'The map itself is an implicit open object root; requiredness remains a per-property `required: true` annotation.',
      ),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-04',
    level: 'must',
    statement:
      'A json spec compiles to a node holding only its annotations (any lossless JSON value is accepted), and an array spec without items compiles to { type: "array" } with no items key.',
    sources: [DSL_SEED],
    quotes: [
      quote('000', '§统一的 JSON 值 schema DSL', "`{ type: 'json' }` 推导为 `JsonValue`，并编译成仅含注解、不施加约束的原始 schema"),
      quote('000', '§已强制执行的原始 JSON Schema 子集', '仅含注解的空节点表示不受约束的无损 JSON'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-05',
    level: 'must',
    statement:
      "A oneOf spec carries only oneOf and annotations: adding type is rejected, oneOf must be a dense ordinary array, and a one-branch oneOf compiles but is then refused by the subset check, all with a schema rejection (its code is JSS-13's).",
    sources: [DSL_SEED, upstream('oneOf compilation')],
    quotes: [
      quote('000', '§已强制执行的原始 JSON Schema 子集', '`oneOf` 至少要求两个分支，且一个值必须恰好匹配其中一个'),
      quote('000', '§已强制执行的原始 JSON Schema 子集', 'Exactly one branch must validate; at least two branches are required.'),
      quote(
        '000',
        '§统一的 JSON 值 schema DSL (schema 记录只包含自有且可枚举的字符串键)',
        'schema 记录只包含自有且可枚举的字符串键，schema 数组是稠密的内建数组',
      ),
      quote('000', '§统一的 JSON 值 schema DSL', '`valueSchemaSpecToJsonSchema()` 通过同一套已强制执行的原始子集编译输出声明'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-06',
    level: 'must',
    statement:
      "Scalar specs (string, number, integer, boolean, null) may carry enum and const, which are emitted as given; an enum or const that does not fit the node type, or an empty enum, is rejected with a schema rejection (its code is JSS-13's). Refusing a const outside the enum is JSS-20's.",
    sources: [DSL_SEED],
    quotes: [
      quote('000', '§统一的 JSON 值 schema DSL', '标量 `enum` 和 `const` 值必须与节点类型匹配'),
      quote('000', '§已强制执行的原始 JSON Schema 子集', 'Allowed values for a scalar node.'),
      quote('000', '§已强制执行的原始 JSON Schema 子集', 'The single allowed value for a scalar node.'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-07',
    level: 'must',
    statement:
      "The annotations description, title, default and examples are emitted only when they are own keys of the spec, absent ones are not emitted, and a default or examples that is not lossless JSON (e.g. default: undefined) or a non-string description/title is rejected with a schema rejection (its code is JSS-13's).",
    sources: [seed('000', '§统一的 JSON 值 schema DSL (ValueSchemaAnnotations)'), upstream('annotation copying')],
    quotes: [
      quote('000', '§已强制执行的原始 JSON Schema 子集', 'Annotation, ignored for validation but required to be lossless JSON.'),
      quote('000', '§已强制执行的原始 JSON Schema 子集', 'description?: string'),
      quote('000', '§已强制执行的原始 JSON Schema 子集', 'title?: string'),
      quote('000', '§已强制执行的原始 JSON Schema 子集', '`JsonSchemaError` 则报告每条不受支持或格式错误的 schema 路径'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-08',
    level: 'must',
    statement:
      "A spec key outside the vocabulary of its node kind (e.g. pattern, minimum), and a missing or unknown type without oneOf, make compilation fail with a schema rejection (its code is JSS-13's).",
    sources: [seed('000', '§统一的 JSON 值 schema DSL (不支持的关键字会被拒绝)')],
    quotes: [
      quote('000', '§统一的 JSON 值 schema DSL (不支持的关键字会被拒绝)', '不支持的关键字会被拒绝，而不会在未强制执行的情况下获准进入'),
      quote(
        '000',
        '§统一的 JSON 值 schema DSL',
        '`ValueSchemaSpec` 支持 `string`、`number`、`integer`、`boolean`、`null`、`array`、`object`、仅作者侧可用的 `json`，以及要求恰好命中一个分支的 `oneOf`',
      ),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-09',
    level: 'must',
    statement:
      'Spec nodes and property maps must be ordinary records (intrinsic or null prototype, own enumerable string keys only) and spec arrays dense undecorated arrays; anything else, and a spec that contains itself on its own path, is rejected with a schema rejection, while the same sub-spec reused by siblings compiles.',
    sources: [seed('000', '§统一的 JSON 值 schema DSL (schema 记录只包含自有且可枚举的字符串键)'), upstream('structural spec checks')],
    quotes: [
      quote(
        '000',
        '§统一的 JSON 值 schema DSL (schema 记录只包含自有且可枚举的字符串键)',
        'schema 记录只包含自有且可枚举的字符串键，schema 数组是稠密的内建数组',
      ),
      quote('000', '§统一的 JSON 值 schema DSL (不支持的关键字会被拒绝)', '不支持的关键字会被拒绝，而不会在未强制执行的情况下获准进入'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-10',
    level: 'must',
    statement:
      "A compile error names where it happened: the violation starts with the path of the offending node (or one below it), continued with .<key>, .properties.<key>, .items and .oneOf[<i>] after a root token of the registry's choosing; a compiled schema outside the subset is reported with all its violations. Upstream's form, rooted at schema for a value spec and parameters for a parameter map, is JSS-18's.",
    sources: [upstream('compiler error paths')],
    quotes: [quote('000', '§已强制执行的原始 JSON Schema 子集', '`JsonSchemaError` 则报告每条不受支持或格式错误的 schema 路径')],
    requires: SCHEMA,
  },
  {
    id: 'DSL-11',
    level: 'must',
    statement:
      "Nested specs compile intact (a 100-level oneOf chain; a 50-level property map compiles and validates), and a property literally named __proto__ stays an ordinary own property of the emitted properties and may be required. The seeds give no depth guarantee: compiling 5,000 levels is JSS-11's, validating under them JSV-14's.",
    sources: [upstream('iterative compiler'), DSL_SEED],
    quotes: [
      quote(
        '000',
        '§统一的 JSON 值 schema DSL (schema 记录只包含自有且可枚举的字符串键)',
        'schema 记录只包含自有且可枚举的字符串键，schema 数组是稠密的内建数组',
      ),
      quote('000', '§统一的 JSON 值 schema DSL', '运行时校验仍会继续遍历完整 schema'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-12',
    level: 'must',
    statement:
      'valueSchemaSpecToJsonSchema accepts any value root (object, array, scalar, null, json or oneOf) and returns a schema that is inside the enforced subset.',
    sources: [seed('000', '§统一的 JSON 值 schema DSL (输出根可以是对象、数组、标量或 null)')],
    quotes: [
      quote('000', '§统一的 JSON 值 schema DSL (输出根可以是对象、数组、标量或 null)', '输出根可以是对象、数组、标量或 null'),
      quote('000', '§统一的 JSON 值 schema DSL', '`valueSchemaSpecToJsonSchema()` 通过同一套已强制执行的原始子集编译输出声明'),
      quote(
        '000',
        '§统一的 JSON 值 schema DSL',
        '`ValueSchemaSpec` 支持 `string`、`number`、`integer`、`boolean`、`null`、`array`、`object`、仅作者侧可用的 `json`，以及要求恰好命中一个分支的 `oneOf`',
      ),
      quote('000', '§统一的 JSON 值 schema DSL', "`{ type: 'json' }` 推导为 `JsonValue`，并编译成仅含注解、不施加约束的原始 schema"),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-13',
    level: 'must',
    statement:
      'validateArgs(spec, args) compiles the spec afresh (an invalid spec throws a schema rejection) and validates args against it as an argument root: it returns [] for conforming args, at least one violation naming the offending path otherwise (a non-object root included), allows extra root keys, applies no defaults, treats a required key holding undefined as missing, and never throws for a valid spec.',
    sources: [DSL_SEED, upstream('validateArgs')],
    quotes: [
      quote('000', '§统一的 JSON 值 schema DSL', '将参数推导与 `parameterSchemaSpecToJsonSchema()` 和 `validateArgs()` 绑定'),
      quote('000', '§统一的 JSON 值 schema DSL', '参数定义仍是隐式的开放对象属性映射，每个必填属性都附带 `required: true`'),
      quote('000', '§已强制执行的原始 JSON Schema 子集', '`validateJsonSchemaValue()` 强制执行该 schema'),
      quote('000', '§已强制执行的原始 JSON Schema 子集', 'Annotation, ignored for validation but required to be lossless JSON.'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-14',
    level: 'must',
    statement:
      'The argument error of a defineTool body is a ToolArgsError: name "ToolArgsError", code "INVALID_ARGS", and violations equal to what validateArgs reports for the same arguments.',
    sources: [seed('000', '§统一的 JSON 值 schema DSL (ToolArgsError（INVALID_ARGS）)')],
    quotes: [
      quote('000', '§统一的 JSON 值 schema DSL (ToolArgsError（INVALID_ARGS）)', '参数不匹配时抛出 `ToolArgsError`（`INVALID_ARGS`）'),
      quote('000', '§统一的 JSON 值 schema DSL', '两者都经由常规工具错误路径处理'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-15',
    level: 'must',
    statement:
      "A timeoutMs that is not a positive finite number is refused, by defineTool or when its definition is registered (defineTool refusing it itself is DSL-33's); defineTool compiles parameters and output.schema (a schema rejection on failure), and returns a definition with the compiled schemas, a render and a finalizeContent that call the author's with the same arguments and return its result (the author's own function or a forwarding one: identity is not pinned), presentationMeta (forwarding the same way) and timeoutMs only when given, and an execute that validates the arguments before entering the author body.",
    sources: [DSL_SEED, seed('000', '§ToolDefinition (timeoutMs)'), upstream('defineTool assembly')],
    quotes: [
      quote('000', '§统一的 JSON 值 schema DSL', '将参数推导与 `parameterSchemaSpecToJsonSchema()` 和 `validateArgs()` 绑定'),
      quote('000', '§统一的 JSON 值 schema DSL', '`valueSchemaSpecToJsonSchema()` 通过同一套已强制执行的原始子集编译输出声明'),
      quote('000', '§ToolDefinition', '它们使用 `defineTool`，由后者代为校验并收窄参数类型'),
      quote('000', '§统一的 JSON 值 schema DSL', '并将 `execute`/`render`/`presentationMeta` 与 `InferValue<OutputSchema>` 绑定'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-16',
    level: 'must',
    statement:
      'A raw ToolDefinition whose parameters are arbitrary (even outside the subset) is still registered and executed, and its body gets arguments that contradict those parameters without any validation.',
    sources: [seed('000', '§ToolDefinition (原始的 ToolDefinition 自行校验输入)')],
    quotes: [
      quote('000', '§ToolDefinition (原始的 ToolDefinition 自行校验输入)', '原始的 `ToolDefinition` 自行校验输入'),
      quote('000', '§执行 (ToolExecutionInput)', 'Losslessly JSON-serializable parsed arguments (tools validate their own schema).'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-17',
    level: 'must',
    statement:
      'InferValue maps each spec to its TypeScript value type (const over enum over primitive, item arrays, object openness from a literal additionalProperties, json as JsonValue, oneOf as a union), exactly within 16 container levels and as JsonValue beyond: a literal inside 15 nested arrays or objects keeps its type, 16 nested containers keep their shape, and the 17th nested container, and anything deeper, is JsonValue.',
    sources: [seed('000', '§统一的 JSON 值 schema DSL (InferValue)')],
    quotes: [
      quote(
        '000',
        '§统一的 JSON 值 schema DSL (InferValue)',
        '`InferValue<S>` 在 16 层容器内保留字面量约束与对象开放性，之后回退为 `JsonValue`，避免耗尽 TypeScript 的类型实例化栈',
      ),
      quote('000', '§统一的 JSON 值 schema DSL (InferValue)', 'Exact inference is bounded to 16 container levels, then falls back to `JsonValue`.'),
      quote('000', '§统一的 JSON 值 schema DSL', "`{ type: 'json' }` 推导为 `JsonValue`，并编译成仅含注解、不施加约束的原始 schema"),
    ],
    divergence:
      'The seed bounds exact inference "within 16 container levels" (在 16 层容器内) without saying whether the value directly inside the 16th container is within the bound; upstream counts it outside (a literal inside 16 nested containers is JsonValue), a registry may count it inside. DSL-17 checks only the levels both readings agree on; the exact boundary, as upstream counts it, is DSL-31 (should).',
    requires: SCHEMA,
  },
  {
    id: 'DSL-18',
    level: 'must',
    statement:
      "InferArgs makes a flat object type whose required: true keys are required and all other keys optional (each property typed as InferValue types it, arrays of objects included), defineTool types the arguments of execute, isConcurrencySafe, presentCall and presentResult with it, and literal enum/const types survive through defineTool's const type parameters.",
    sources: [seed('000', '§统一的 JSON 值 schema DSL (InferArgs)'), upstream('defineTool callbacks receive InferArgs')],
    quotes: [
      quote('000', '§统一的 JSON 值 schema DSL (InferArgs)', '`InferArgs<P>` 依据逐属性的必填标记生成必填和可选的字符串键'),
      quote('000', '§ToolDefinition', '它们使用 `defineTool`，由后者代为校验并收窄参数类型'),
      quote('000', '§统一的 JSON 值 schema DSL', '将参数推导与 `parameterSchemaSpecToJsonSchema()` 和 `validateArgs()` 绑定'),
      quote(
        '000',
        '§统一的 JSON 值 schema DSL (InferValue)',
        '`InferValue<S>` 在 16 层容器内保留字面量约束与对象开放性，之后回退为 `JsonValue`，避免耗尽 TypeScript 的类型实例化栈',
      ),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-19',
    level: 'must',
    statement:
      'Object specs without additionalProperties, oneOf with fewer than two branches, enums of the wrong type, required: false and symbol keys in a property map do not type-check, and execute/render/presentationMeta are typed by the inferred output value.',
    sources: [seed('000', '§统一的 JSON 值 schema DSL'), upstream('author compile errors')],
    quotes: [
      quote('000', '§统一的 JSON 值 schema DSL', '显式对象节点始终声明 `additionalProperties: true | false`'),
      quote('000', '§统一的 JSON 值 schema DSL', '标量 `enum` 和 `const` 值必须与节点类型匹配'),
      quote('000', '§统一的 JSON 值 schema DSL (ParameterPropertySpec)', 'type ParameterPropertySpec = ValueSchemaSpec & { required?: true }'),
      quote('000', '§统一的 JSON 值 schema DSL (ParameterSchemaSpec)', '[key: symbol]: never'),
      quote('000', '§ToolDefinition', '根据 `output.schema` 推导函数体返回类型，并为两个输出投影器提供类型约束'),
      quote('000', '§统一的 JSON 值 schema DSL', '并将 `execute`/`render`/`presentationMeta` 与 `InferValue<OutputSchema>` 绑定'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-20',
    level: 'must',
    statement:
      "For generated nested specs, compilation never throws and keeps every level's required list equal to its required: true keys, validateArgs never throws, accepts generated conforming arguments, reports a dropped required key by name, and rejects every non-object argument root.",
    sources: [upstream('property-based obligations of the DSL')],
    quotes: [
      quote(
        '000',
        '§统一的 JSON 值 schema DSL (ParameterSchemaSpec)',
        'The map itself is an implicit open object root; requiredness remains a per-property `required: true` annotation.',
      ),
      quote('000', '§统一的 JSON 值 schema DSL', '将参数推导与 `parameterSchemaSpecToJsonSchema()` 和 `validateArgs()` 绑定'),
      quote('000', '§统一的 JSON 值 schema DSL', '参数定义仍是隐式的开放对象属性映射，每个必填属性都附带 `required: true`'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-21',
    level: 'should',
    statement:
      'A bad required marker reads `<path>.required must be true when present`, and a required marker where none is allowed reads `<path>.required is not supported by the value schema DSL`.',
    sources: [upstream('required wording')],
    requires: SCHEMA,
  },
  {
    id: 'DSL-22',
    level: 'should',
    statement: 'An object spec without a boolean additionalProperties reads `<path>.additionalProperties must be explicitly true or false`.',
    sources: [upstream('additionalProperties wording')],
    requires: SCHEMA,
  },
  {
    id: 'DSL-23',
    level: 'should',
    statement: 'oneOf compile errors read `<path> cannot declare both type and oneOf` and `<path>.oneOf must be an array of at least two value schemas`.',
    sources: [upstream('oneOf wording')],
    requires: SCHEMA,
  },
  {
    id: 'DSL-24',
    level: 'should',
    statement:
      'A foreign key reads `<path>.<key> is not supported by the value schema DSL` and a missing or unknown type reads `<path>.type must be string/number/integer/boolean/null/array/object/json, or use oneOf`.',
    sources: [upstream('vocabulary wording')],
    requires: SCHEMA,
  },
  {
    id: 'DSL-25',
    level: 'should',
    statement: 'Structural compile errors read `<path> must be a value schema object`, `<path> must be an object of value schemas` and `<path> is circular`.',
    sources: [upstream('structural wording')],
    requires: SCHEMA,
  },
  {
    id: 'DSL-26',
    level: 'should',
    statement: 'The compiler stops at the first problem it meets, so a compile error carries exactly one violation.',
    sources: [upstream('fail-fast compiler')],
    requires: SCHEMA,
  },
  {
    id: 'DSL-27',
    level: 'should',
    statement:
      'validateArgs words violations without a root prefix: `"arguments" must be an object`, `"s" must be a string`, `missing required property "config.host"`, `"tags[1]" must be a string`, `missing required property "servers[1].host"`.',
    sources: [upstream('argument violation wording')],
    requires: SCHEMA,
  },
  {
    id: 'DSL-28',
    level: 'should',
    statement: 'A ToolArgsError message is `invalid arguments: ` followed by its violations joined with `; `.',
    sources: [upstream('ToolArgsError message')],
    requires: SCHEMA,
  },
  {
    id: 'DSL-29',
    level: 'should',
    statement: 'defineTool rejects a bad timeoutMs with the message `defineTool(<name>): timeoutMs must be a positive finite number`.',
    sources: [upstream('timeoutMs wording')],
    requires: SCHEMA,
  },
  {
    id: 'DSL-30',
    level: 'must',
    statement:
      'Compiled schemas are lossless JSON data: no emitted key holds undefined (a keyword or annotation the spec leaves out is not emitted at all), so a compiled schema survives a JSON round trip unchanged and schemas() can project the parameters of a defineTool tool.',
    sources: [seed('000', '§统一的 JSON 值 schema DSL (编译成原始 schema)'), upstream('compiled schemas are plain data')],
    quotes: [
      quote('000', '§统一的 JSON 值 schema DSL', "`{ type: 'json' }` 推导为 `JsonValue`，并编译成仅含注解、不施加约束的原始 schema"),
      quote('000', '§统一的 JSON 值 schema DSL', '`schemas()` 在构建请求时生成面向模型的投影'),
      quote(
        '002',
        '§ctx.tools.schemas',
        'Project visible definitions onto the allowlisted model-facing schema fields, excluding execution and presentation callbacks.',
      ),
      quote('002', '§ctx.tools.schemas', 'one deep-cloned schema per visible tool'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-31',
    level: 'should',
    statement:
      'InferValue counts one level for every array, object and oneOf node a path enters and infers JsonValue for any node, scalar or container, inside 16 such levels: the leaf of 16 nested arrays or objects is JsonValue while the leaf of 15 keeps its type, and a oneOf inside 15 containers infers JsonValue.',
    sources: [seed('000', '§统一的 JSON 值 schema DSL (InferValue)'), upstream('InferValue depth counter')],
    divergence:
      'The seed leaves open where "within 16 container levels" ends (DSL-17) and speaks of containers only; this rule pins how upstream counts: its depth counter starts at 0 at the root, grows on entering array items, object properties and oneOf branches, and any node reached at 16 is JsonValue.',
    requires: SCHEMA,
  },
  {
    id: 'DSL-32',
    level: 'upstream',
    statement:
      'An object spec without properties compiles to exactly `{ type: "object", additionalProperties }` (plus its annotations): no empty `properties` record is emitted.',
    sources: [upstream('object spec compilation')],
    evidence: [
      evidence('packages/core/tools/src/schema.ts', 372, 'node.additionalProperties = input.additionalProperties'),
      evidence('packages/core/tools/src/schema.ts', 373, "if (Object.hasOwn(input, 'properties')) {"),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-33',
    level: 'upstream',
    statement:
      'defineTool itself throws for a timeoutMs that is not a positive finite number (0, negative, NaN, ±Infinity, a string), before any registration.',
    sources: [upstream('defineTool timeoutMs check')],
    evidence: [
      evidence(
        'packages/core/tools/src/schema.ts',
        563,
        'if (options.timeoutMs !== undefined && (!Number.isFinite(options.timeoutMs) || options.timeoutMs <= 0)) {',
      ),
      evidence('packages/core/tools/src/schema.ts', 564, 'throw new Error(`defineTool(${options.name}): timeoutMs must be a positive finite number`)'),
    ],
    requires: SCHEMA,
  },
])
