import { defineArea, evidence, quote, seed, upstream } from '../define.ts'

const DSL_SEED = seed('000', '§统一的 JSON 值 schema DSL')
const SCHEMA = ['schema'] as const

/** DSL rules (schema DSL and typing). Tests: conformance/suite/dsl.test.ts (and its slow shard dsl.deep-args.test.ts); DSL-17..19 and DSL-31 by the tsd suites types/dsl-1[7-9].*.test-d.ts and types/dsl-31.*.test-d.ts. */
export const DSL_RULES = defineArea('DSL', [
  {
    id: 'DSL-01',
    level: 'must',
    statement:
      'parameterSchemaSpecToJsonSchema compiles a property map to an object-rooted schema (type "object") that is open to undeclared keys (additionalProperties absent or true), with one property schema per key, whose required set is exactly the keys marked required: true. How the open root and the required set are encoded (no additionalProperties, required in declaration order and left out when empty, as upstream does) is open (OP-24) and DSL-34\'s.',
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
      "A required marker with the value true is accepted on parameter-map entries (the entry is required) and never appears in the emitted property schema. A required marker anywhere else (array items, oneOf branches, a value root) is a key outside its node's vocabulary, which DSL-08 refuses; a list of required property names on an object spec is the other side of OP-22. Whether a parameter-map entry's marker with another value is refused or read as absent is open (OP-76; upstream refuses it, DSL-42). How the properties of an object spec mark requiredness is open (OP-22); upstream's per-property marker is DSL-36's.",
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
      quote('000', '§已强制执行的原始 JSON Schema 子集 (JsonSchemaNode.required)', 'Required property names; each must appear in `properties`.'),
      quote('000', '§已强制执行的原始 JSON Schema 子集 (JsonSchemaNode.required)', 'required?: string[]'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-03',
    level: 'must',
    statement:
      "An object spec states additionalProperties as a boolean (a non-boolean value is rejected with a schema rejection, its code JSS-13's), and additionalProperties: false is carried into the emitted schema. Open: whether a missing additionalProperties is rejected at run time (OP-23, upstream rejects it: DSL-35), whether true is emitted or left out (OP-24, DSL-34), how object-spec properties mark requiredness (OP-22, DSL-36), and whether an object spec without properties emits an empty properties record (upstream emits none: DSL-32).",
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
      "A json spec compiles to a node that holds only annotations and so accepts any lossless JSON value (that an array spec may leave items out, compiling to an array schema with no items key, is DSL-34's; the seeds say so only of raw nodes, OP-24).",
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
      "A oneOf spec carries only oneOf and annotations: adding type is rejected, and oneOf must be a dense ordinary array with at least two branches; a spec violating any of these is rejected with a schema rejection (its code is JSS-13's). Which stage refuses a one-branch oneOf, the compiler or the subset check after it, is not pinned.",
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
      "Scalar specs (string, number, integer, boolean, null) may carry enum and const, and the compiled schema admits exactly the values they allow; an enum or const whose values do not fit the node type is rejected with a schema rejection (its code is JSS-13's). That they are emitted as given is DSL-34's; whether an empty enum is refused is open (OP-21; upstream refuses it: JSS-22), and refusing a const outside the enum is JSS-20's.",
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
      "A default or examples that is not lossless JSON (e.g. default: undefined), or a non-string description or title, makes compilation fail with a schema rejection (its code is JSS-13's). Whether the annotations of kinds other than json are carried into the emitted schema is open (OP-24); upstream copies exactly the own ones (DSL-34).",
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
      "A spec key outside the vocabulary of its node kind (e.g. pattern, minimum), and a type naming no supported kind, make compilation fail with a schema rejection (its code is JSS-13's). Whether a spec with neither type nor oneOf is refused or compiled as an unconstrained node is open (OP-25); upstream refuses it (DSL-35).",
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
      'Spec nodes and property maps must be records with own enumerable string keys only, and spec arrays dense built-in arrays; a spec violating this is rejected with a schema rejection, while the same sub-spec reused by siblings compiles. Whether records with a non-intrinsic prototype, arrays carrying extra own properties, or a spec containing itself are refused is open (OP-28); upstream refuses them (DSL-37).',
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
      "A compiled schema outside the enforced subset is reported with every unsupported or malformed path, each violation identifying the offending location. The path syntax is open (OP-20); that the compilers' own errors start with the offending node's path, in upstream's form, is JSS-18's.",
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
      "validateArgs() checks arguments against a parameter spec as an implicit open object root: conforming arguments pass; arguments lacking a required key, or that are not an object, fail; extra root keys are allowed; default annotations are not applied. How a failure is reported (a returned list of violations or a throw such as ToolArgsError) is open (OP-26): through the adapter, an empty list passes and a non-empty list or a throw fails. Upstream's form (violation strings naming the argument path, never a throw for a valid spec, a required key holding undefined reported as missing, the spec compiled on every call) is DSL-38's.",
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
      'An argument mismatch in a defineTool tool raises an error with code INVALID_ARGS (the seeds\' ToolArgsError), which takes the ordinary tool error path: the call settles as a failure result. That the error is named "ToolArgsError" and carries the violations validateArgs reports is DSL-39\'s.',
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
      "defineTool compiles parameters and output.schema (a schema rejection on failure) and returns a definition carrying the compiled schemas, a render and, when given, a presentationMeta that call the author's with the same arguments and return its result (the author's own function or a forwarding one: identity is not pinned), and an execute that validates the arguments before entering the author body; a timeoutMs that is not a positive finite number is refused, by defineTool or when its definition is registered (defineTool refusing it itself is DSL-33's). Forwarding finalizeContent, and leaving presentationMeta and timeoutMs out when not given, are DSL-40's.",
    sources: [DSL_SEED, seed('000', '§ToolDefinition (timeoutMs)'), upstream('defineTool assembly')],
    quotes: [
      quote('000', '§统一的 JSON 值 schema DSL', '将参数推导与 `parameterSchemaSpecToJsonSchema()` 和 `validateArgs()` 绑定'),
      quote('000', '§统一的 JSON 值 schema DSL', '`valueSchemaSpecToJsonSchema()` 通过同一套已强制执行的原始子集编译输出声明'),
      quote('000', '§ToolDefinition', '它们使用 `defineTool`，由后者代为校验并收窄参数类型'),
      quote('000', '§统一的 JSON 值 schema DSL', '并将 `execute`/`render`/`presentationMeta` 与 `InferValue<OutputSchema>` 绑定'),
      quote('000', '§统一的 JSON 值 schema DSL', '并检查 `timeoutMs` 必须为正有限值等语义要求'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-16',
    level: 'must',
    statement:
      "The registry does not validate a call's arguments against a raw ToolDefinition's parameters: a registered raw definition's body receives arguments that contradict its declared parameters unchanged. Whether parameters outside the enforced subset may be registered at all is REG-08's (upstream accepts them).",
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
      "InferArgs makes a flat object type whose required: true keys are required and all other keys optional (each property typed as InferValue types it, arrays of objects included), and defineTool types the arguments of execute with it, keeping literal enum/const types. Typing the arguments of isConcurrencySafe, presentCall and presentResult the same way is DSL-41's.",
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
      "Object specs without additionalProperties, required: false and symbol keys in a property map do not type-check, and execute/render/presentationMeta are typed by the inferred output value. Refusing a oneOf of fewer than two branches and enums of the wrong type at type level is DSL-41's.",
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
      "For generated valid nested specs, compilation succeeds and the root's required set equals its required: true keys; validateArgs accepts generated conforming arguments, fails arguments with a dropped required key, and fails every non-object argument root (a failure being a non-empty list or a throw, OP-26). Nested levels' required lists in declaration order, violations naming the dropped key and never throwing are DSL-34's and DSL-38's.",
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
  // DSL-34..41: what the must rules DSL-01..20 asserted beyond their quotes (issue 37 part 5), as upstream pins it.
  {
    id: 'DSL-34',
    level: 'upstream',
    statement:
      'The compilers emit upstream\'s encoding: a parameter map as exactly { type: "object", properties, required? } with no additionalProperties, every object level\'s required list in declaration order and left out when no key is marked, an object spec\'s additionalProperties as given (true included), an array spec without items (which it accepts) as { type: "array" } with no items key, scalar enum and const as given, and the annotations description, title, default and examples copied for every kind exactly when they are own keys of the spec.',
    sources: [upstream('compiled schema encoding')],
    evidence: [
      evidence('packages/core/tools/src/schema.ts', 454, '...(compiled.required === undefined ? {} : { required: compiled.required }),'),
      evidence('packages/core/tools/src/schema.ts', 284, 'if (task.required.length > 0) {'),
      evidence('packages/core/tools/src/schema.ts', 372, 'node.additionalProperties = input.additionalProperties'),
      evidence('packages/core/tools/src/schema.ts', 386, "if (Object.hasOwn(input, 'items')) {"),
      evidence('packages/core/tools/src/schema.ts', 406, 'node.enum = Array.from(input.enum, entry => entry as JsonSchemaScalar)'),
      evidence('packages/core/tools/src/schema.ts', 408, "if (Object.hasOwn(input, 'const')) node.const = input.const as JsonSchemaScalar"),
      evidence('packages/core/tools/src/schema.ts', 186, "if (Object.hasOwn(source, 'description')) target.description = source.description as string"),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-35',
    level: 'upstream',
    statement:
      'The compilers refuse with a schema rejection an object spec without an additionalProperties key and a spec with neither type nor oneOf (annotations only, or empty), rather than defaulting either.',
    sources: [upstream('explicit openness and type')],
    evidence: [
      evidence(
        'packages/core/tools/src/schema.ts',
        367,
        "if (!Object.hasOwn(input, 'additionalProperties') || typeof input.additionalProperties !== 'boolean') {",
      ),
      evidence(
        'packages/core/tools/src/schema.ts',
        411,
        'authorError(`${path}.type must be string/number/integer/boolean/null/array/object/json, or use oneOf`)',
      ),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-36',
    level: 'upstream',
    statement:
      "The properties of an object spec mark requiredness as a parameter map does, with a per-property required: true that the compiler turns into that object node's required list and leaves out of the property schema; an object-level required list is refused with a schema rejection wherever it appears (on a value root, a nested object spec, array items or a parameter-map entry).",
    sources: [upstream('object spec properties compile as a property map')],
    evidence: [
      evidence('packages/core/tools/src/schema.ts', 286, "if (task.destination.kind === 'object') task.destination.target.required = task.required"),
      evidence(
        'packages/core/tools/src/schema.ts',
        295,
        "if (Object.hasOwn(task.property, 'required') && task.property.required === true) task.required.push(task.key)",
      ),
      evidence('packages/core/tools/src/schema.ts', 335, "const authorKeys = [...ANNOTATION_KEYS, ...(task.allowRequired ? ['required'] : [])]"),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-37',
    level: 'upstream',
    statement:
      'The compilers refuse with a schema rejection spec records whose prototype is not an intrinsic Object.prototype or null (a class instance, a Map), spec arrays carrying extra own properties, and a spec that contains itself on its own path.',
    sources: [upstream('structural spec checks')],
    evidence: [
      evidence('packages/core/tools/src/schema.ts', 332, 'if (!isJsonSchemaRecord(input)) authorError(`${path} must be a value schema object`)'),
      evidence('packages/core/tools/src/schema.ts', 333, 'if (seen.has(input)) authorError(`${path} is circular`)'),
      evidence(
        'packages/core/tools/src/json-schema.ts',
        164,
        'if (!hasPlainArrayPrototype(value) || Reflect.ownKeys(value).length !== value.length + 1) return false',
      ),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-38',
    level: 'upstream',
    statement:
      'validateArgs(spec, args) compiles the spec on every call (an invalid spec throws a schema rejection each time) and returns a list of violation strings, [] for conforming arguments; it never throws for a valid spec, hostile arguments included, every violation names the offending argument path, and a required key holding undefined is reported as missing, by its name.',
    sources: [upstream('validateArgs')],
    evidence: [
      evidence('packages/core/tools/src/schema.ts', 478, 'export function validateArgs(spec: ParameterSchemaSpec, args: unknown): string[] {'),
      evidence('packages/core/tools/src/schema.ts', 479, "return validateJsonSchemaValue(parameterSchemaSpecToJsonSchema(spec), args, '')"),
      evidence('packages/core/tools/src/json-schema.ts', 637, 'receive(losslessValueViolation(failed.path))'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-39',
    level: 'upstream',
    statement:
      'The argument error of a defineTool body is named "ToolArgsError" and carries as violations exactly what validateArgs reports for the same arguments.',
    sources: [upstream('ToolArgsError')],
    evidence: [
      evidence('packages/core/tools/src/schema.ts', 467, "this.name = 'ToolArgsError'"),
      evidence('packages/core/tools/src/schema.ts', 468, 'this.violations = violations'),
      evidence('packages/core/tools/src/schema.ts', 587, 'if (violations.length > 0) throw new ToolArgsError(violations)'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-40',
    level: 'upstream',
    statement:
      "defineTool forwards a given finalizeContent (calling the author's with the same arguments and returning its result), and leaves the presentationMeta and timeoutMs keys out of the definition when they are not given.",
    sources: [upstream('defineTool assembly')],
    evidence: [
      evidence('packages/core/tools/src/schema.ts', 592, 'tool.finalizeContent = (exec, result) => userFinalizeContent(exec, result)'),
      evidence('packages/core/tools/src/schema.ts', 584, '...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),'),
      evidence('packages/core/tools/src/schema.ts', 578, '...userPresentationMeta !== undefined ? {'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-41',
    level: 'upstream',
    statement:
      'At type level, defineTool types the arguments of isConcurrencySafe, presentCall and presentResult with InferArgs, and a oneOf spec of fewer than two branches or an enum of the wrong type does not type-check.',
    sources: [upstream('author-side typing')],
    evidence: [
      evidence('packages/core/tools/src/schema.ts', 506, 'isConcurrencySafe?(args: InferArgs<S>): boolean'),
      evidence('packages/core/tools/src/schema.ts', 528, 'presentCall?(args: InferArgs<S>): ToolCallView | undefined'),
      evidence('packages/core/tools/src/schema.ts', 81, 'oneOf: readonly [ValueSchemaSpec, ValueSchemaSpec, ...ValueSchemaSpec[]]'),
      evidence('packages/core/tools/src/schema.ts', 26, 'enum?: readonly string[]'),
    ],
    requires: SCHEMA,
  },
  {
    id: 'DSL-42',
    level: 'upstream',
    statement:
      'A required marker with any value other than true on a parameter-map entry, or on a property of an object spec, makes compilation fail with a schema rejection (open point OP-76; at must level, DSL-02, true marks the entry required).',
    sources: [upstream('required marker values')],
    evidence: [
      evidence('packages/core/tools/src/schema.ts', 292, "if (Object.hasOwn(task.property, 'required') && task.property.required !== true) {"),
      evidence('packages/core/tools/src/schema.ts', 293, 'authorError(`${task.path}.required must be true when present`)'),
    ],
    requires: SCHEMA,
  },
])
