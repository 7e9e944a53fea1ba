/**
 * Open points: where the seeds leave a choice open (an order, a code, a
 * message, a field, a boundary). The kit names each point and grades both
 * sides: a must test never asserts one side (DEVELOPERS.md, "Open choices").
 *
 * Each point quotes the seed passages that leave it open (verbatim, checked
 * like rule quotes by `open-points.test.ts`), lists the reasonable choices,
 * names upstream's, and the upstream or should rule that pins upstream's
 * choice, if any. A point the reference implements the other side of names
 * its `RegistryChoices` option (reference/choices.ts); fixtures/choices grades
 * the reference under that side, where every must rule passes and the pinning
 * rule fails.
 *
 * @module
 */
import { quote } from './define.ts'
import type { RuleId, SeedQuote } from './types.ts'

/** `OP-NN`. Stable: a published ID is never reused for another point. */
export type OpenPointId = `OP-${string}`

export interface OpenPoint {
  readonly id: OpenPointId
  /** What is open, in one sentence. */
  readonly question: string
  /** The seed passages that leave it open, verbatim. */
  readonly quotes: readonly [SeedQuote, ...SeedQuote[]]
  /** The reasonable choices, upstream's first. */
  readonly choices: readonly [string, string, ...string[]]
  /** Upstream 0.1.1-rc.2's choice (one of `choices`). */
  readonly upstream: string
  /** The upstream or should rule that pins upstream's choice; absent while none does. */
  readonly pinnedBy?: RuleId
  /** The reference's `RegistryChoices` option that takes another side, with the value fixtures/choices grades. */
  readonly option?: { readonly name: string; readonly value: string }
  /**
   * The must rule whose quotes settle the question after all, so that it has
   * no legal other side to grade (the point keeps its published ID and says
   * why). Every point has either this or an `option`.
   */
  readonly decidedBy?: RuleId
  /** Anything a reader needs: why the point is open, what is left to do. */
  readonly note?: string
}

const LISTENER_ROUTING = "Scope-filtered dispatch (`@deepseek-ai/dsh-scope`): agent-scoped listeners receive only that agent's calls."

/** Every open point the kit has named, in ID order. */
export const OPEN_POINTS: readonly OpenPoint[] = [
  {
    id: 'OP-01',
    question: 'Which code does a schema rejection (a JsonSchemaError from register(), the DSL compilers or the subset assertion) carry?',
    quotes: [
      quote('000', '§已强制执行的原始 JSON Schema 子集', '`JsonSchemaError` 则报告每条不受支持或格式错误的 schema 路径。'),
      quote('000', '§统一的 JSON 值 schema DSL', '不支持的关键字会被拒绝，而不会在未强制执行的情况下获准进入。'),
    ],
    choices: ['UNSUPPORTED_SCHEMA', 'any other code (e.g. INVALID_SCHEMA)', 'no code'],
    upstream: 'UNSUPPORTED_SCHEMA',
    pinnedBy: 'JSS-13',
    option: { name: 'schemaErrorCode', value: 'INVALID_SCHEMA' },
    note: 'register() is pinned by REG-23 too. At must level a rejection is recognised by its `violations` list of strings.',
  },
  {
    id: 'OP-02',
    question: "What is the message of a guard's denial?",
    quotes: [
      quote('000', '§执行 (ToolGuard)', 'Returning a reason denies the call; returning `undefined` leaves it unchanged.'),
      quote('000', '§Cordis API (guard)', 'synchronous check; a returned string denies the execution'),
      quote('000', '§执行 (ToolFailure)', 'Human-readable failure message without the Native `Error: ` envelope.'),
    ],
    choices: ['the reason verbatim', '`Denied by guard: <reason>`', 'any other human-readable text'],
    upstream: 'the reason verbatim',
    pinnedBy: 'GRD-16',
    option: { name: 'guardDenialMessage', value: 'prefixed' },
    note: 'GRD-15 pins the same for an empty-string reason.',
  },
  {
    id: 'OP-03',
    question: 'Do the listeners and guards of a scope hear the calls of its descendant agents, or only those of that very agent?',
    quotes: [
      quote('000', '§tools/pre-execute', LISTENER_ROUTING),
      quote('000', '§tools/execute', LISTENER_ROUTING),
      quote('000', '§Cordis API (guard)', 'A plain-context guard applies globally; one registered through `agent.ctx` applies only to that agent.'),
    ],
    choices: ['the scope and its descendants', 'exactly that agent'],
    upstream: 'the scope and its descendants',
    pinnedBy: 'VIS-27',
    option: { name: 'listenerRouting', value: 'exact-agent' },
  },
  {
    id: 'OP-04',
    question:
      'Is the message of a failure thrown by a pipeline stage (a pre-execute listener, a guard, a finalizer) the thrown message as it is, or may it name the stage first?',
    quotes: [
      quote('000', '§执行 (ToolFailure)', 'Human-readable failure message without the Native `Error: ` envelope.'),
      quote('000', '§Cordis API (execute)', 'Tool and listener failures resolve as materialized error results'),
    ],
    choices: ['the thrown message as it is', 'the stage named first (`finalizeContent failed: <message>`)'],
    upstream: 'the thrown message as it is',
    pinnedBy: 'ERR-18',
    option: { name: 'stageFailureMessage', value: 'stage-prefixed' },
    note: 'ERR-16 pins the empty message of a thrown Error, ERR-02 the message of thrown values that are not Errors.',
  },
  {
    id: 'OP-05',
    question: 'Does the failure the registry builds for a result, decision or denial that is not lossless JSON carry info?',
    quotes: [
      quote('000', '§执行 (ToolFailure)', 'Canonical failure detail; internal routing information remains optional.'),
      quote('000', '§执行 (ToolFailure)', 'Internal error class/code used by policy and durable diagnostics.'),
    ],
    choices: ['no info', 'info with a code of the registry (RESULT_NOT_LOSSLESS)'],
    upstream: 'no info',
    pinnedBy: 'ERR-14',
    option: { name: 'losslessFailureInfo', value: 'coded' },
    note: "The seeds declare `info?: ToolErrorInfo` but not its shape: that it is { name, code } is ERR-20's and TYP-08's (open point OP-08).",
  },
  {
    id: 'OP-06',
    question: 'Does a policy denial (a pre-execute deny, an ask not granted, a guard reason) pass through tools/post-execute?',
    quotes: [
      quote('001', 'L23', '后处理也可能看见执行前被拒绝的结果，用来给模型补充解释'),
      quote('000', '§tools/post-execute', 'Accept, replace, enrich, or block a normalized dispatch result.'),
    ],
    choices: ['yes, once, before tools/result', 'no: a denial is final'],
    upstream: 'yes, once, before tools/result',
    pinnedBy: 'POST-28',
    option: { name: 'postExecuteOnDenial', value: 'skipped' },
  },
  // Points named but not yet graded on both sides (no reference option): their must rules may still take upstream's side.
  {
    id: 'OP-07',
    question: "Does an ancestor's restriction also hide that ancestor's own registrations from its descendants?",
    quotes: [
      quote('000', '§ToolRestriction', '`ToolRestriction` 作用于该作用域继承来的工具：部署全局层，加上其链上的每个祖先作用域。'),
      quote('000', '§ToolRestriction', 'Restrictions intersect and do not affect scoped registrations or the reserved Code Mode transport.'),
    ],
    choices: [
      "yes: every restriction on the chain filters the scope's whole inherited surface",
      'no: a restriction never filters registrations of its own scope, even as inherited',
    ],
    upstream: "yes: every restriction on the chain filters the scope's whole inherited surface",
    pinnedBy: 'VIS-26',
    option: { name: 'ancestorOwnEntries', value: 'own-exempt' },
    note: "Seed 000's prose (a restriction acts on what the scope inherits) and its JSDoc (restrictions do not affect scoped registrations) pull apart. Laws E-07 and E-SEQ's model (`resolveAll`) accept both readings.",
  },
  {
    id: 'OP-08',
    question: "What shape does a failure's `info` have, and which thrown values get one?",
    quotes: [
      quote('000', '§执行 (ToolFailure)', 'Internal error class/code used by policy and durable diagnostics.'),
      quote('000', '§执行 (ToolFailure)', 'Canonical failure detail; internal routing information remains optional.'),
    ],
    choices: ['{ name, code } for a HarnessError only', 'another shape or another set of thrown values (e.g. any error with a string code)'],
    upstream: '{ name, code } for a HarnessError only',
    pinnedBy: 'ERR-20',
    option: { name: 'errorInfoShape', value: 'class-code' },
    note: 'The seeds declare `info?: ToolErrorInfo` without its fields. ERR-20 pins { name, code } read from a HarnessError (TYP-08 the type), ERR-14 which values get none. At must level (ERR-03, ERR-04, ERR-09) info need only carry the class in some field and the code; the kit reads the code as `info.code` throughout, the seeds\' "class/code" read as naming that field.',
  },
  {
    id: 'OP-09',
    question: 'May a scope register a name it also inherits (from the global layer or an ancestor), or do "scope-local names fail" there too?',
    quotes: [quote('000', '§Cordis API (register)', 'Scoped tools shadow globals; duplicates within one layer and the reserved `run_code` name fail.')],
    choices: [
      'it may: only duplicates within one layer fail',
      'it fails where an ancestor scope registers the name (a global one it may shadow, as the seeds say)',
    ],
    upstream: 'it may: only duplicates within one layer fail',
    pinnedBy: 'REG-27',
    option: { name: 'ancestorNameReuse', value: 'refused' },
    note: 'The quote settles the global layer ("Scoped tools shadow globals"), so the open part is a name an ancestor scope registers. REG-05 (must) pins only duplicates within one layer; law E-SEQ charges an ancestor\'s name to REG-27 incidentally.',
  },
  {
    id: 'OP-10',
    question:
      'Under Code Mode, does a model-direct call of a name the caller cannot see take the ordinary path through tools/pre-execute, or end as UNKNOWN_TOOL before it like a collapsed native name?',
    quotes: [
      quote(
        '000',
        '§执行 (ToolExecutionInput.parent)',
        "under `mode: 'code'`, only calls WITH a parent may execute a native tool name — a model-direct call (no parent) is denied as `UNKNOWN_TOOL` before the policy pipeline.",
      ),
    ],
    choices: ['the ordinary path (pre-execute sees it)', 'UNKNOWN_TOOL before the policy pipeline'],
    upstream: 'the ordinary path (pre-execute sees it)',
    pinnedBy: 'VIS-25',
    option: { name: 'invisibleDirectCalls', value: 'collapsed' },
    note: 'CM-03, CM-04, PRE-21, CM-15 and CM-18 (and law E-32) now accept either side: that the name reaches pre-execute is an incidental check of VIS-25.',
  },
  {
    id: 'OP-11',
    question: 'Do the policy stages (pre-execute, guards) of parallel sub-calls of one run_code program run in call order?',
    quotes: [
      quote('000', '§执行 (ToolExecutionMode)', '`parallel` may overlap with siblings; `exclusive` runs alone and forms an ordering barrier.'),
      quote('000', '§ToolDefinition (isConcurrencySafe)', 'Pure synchronous classifier for overlap with sibling tool calls.'),
    ],
    choices: ['in call order', 'in any order, overlapping'],
    upstream: 'in call order',
    pinnedBy: 'CM-16',
    option: { name: 'subCallStarts', value: 'overlapping' },
    note: "Law E-33 checks CM-16's order as an incidental check of CM-16, which no longer fails CM-14, CM-15 or CM-22.",
  },
  // OP-20..OP-29: the open choices of the schema, validation and registration must rules narrowed in issue 37 part 5.
  {
    id: 'OP-20',
    question: 'How does a schema rejection write the path of each violation, and is a bad `type` located at its node or at the `type` keyword?',
    quotes: [quote('000', '§已强制执行的原始 JSON Schema 子集', '`JsonSchemaError` 则报告每条不受支持或格式错误的 schema 路径。')],
    choices: [
      'a root token then `.key` and `[i]` segments, a bad type at `<path>.type` (`schema.properties.a.type`)',
      'a JSON Pointer (`/properties/a/type`)',
      'another unambiguous form, or a bad type at its node',
    ],
    upstream: 'a root token then `.key` and `[i]` segments, a bad type at `<path>.type` (`schema.properties.a.type`)',
    pinnedBy: 'JSS-18',
    option: { name: 'schemaPathSyntax', value: 'pointer' },
    note: "Must tests read a violation's leading path in either form (conformance/suite/_kit/schema-errors.ts) and accept a bad type at its node; JSS-19 pins the placement at `<path>.type`.",
  },
  {
    id: 'OP-21',
    question: 'Is an empty `enum` refused, or accepted as admitting no value?',
    quotes: [
      quote('000', '§已强制执行的原始 JSON Schema 子集', 'Allowed values for a scalar node.'),
      quote('000', '§统一的 JSON 值 schema DSL', '标量 `enum` 和 `const` 值必须与节点类型匹配'),
    ],
    choices: ['refused, by the assertion and the compilers', 'accepted (no value validates)'],
    upstream: 'refused, by the assertion and the compilers',
    pinnedBy: 'JSS-22',
    option: { name: 'emptyEnum', value: 'accepted' },
    note: 'The option reaches the assertion register() and the schema functions share; defineTool keeps the default.',
  },
  {
    id: 'OP-22',
    question: 'How do the properties of an object spec mark requiredness?',
    quotes: [
      quote('000', '§统一的 JSON 值 schema DSL', '参数定义仍是隐式的开放对象属性映射，每个必填属性都附带 `required: true`'),
      quote(
        '000',
        '§统一的 JSON 值 schema DSL (ParameterSchemaSpec)',
        'The map itself is an implicit open object root; requiredness remains a per-property `required: true` annotation.',
      ),
    ],
    choices: [
      "a per-property required: true, as in a parameter map, compiled to the node's required list",
      'another form (e.g. an object-level required list), a per-property marker refused',
    ],
    upstream: "a per-property required: true, as in a parameter map, compiled to the node's required list",
    pinnedBy: 'DSL-36',
    option: { name: 'objectSpecRequired', value: 'object-list' },
    note: 'The seeds show the marker only on the parameter map ("仍" sets it apart from explicit object nodes) and never show an object spec\'s shape. DSL-02, DSL-03 and DSL-20 no longer assert it.',
  },
  {
    id: 'OP-23',
    question: 'What does the compiler do with an object spec that has no additionalProperties key at run time?',
    quotes: [
      quote('000', '§统一的 JSON 值 schema DSL', '显式对象节点始终声明 `additionalProperties: true | false`'),
      quote(
        '000',
        '§已强制执行的原始 JSON Schema 子集 (JsonSchemaNode.additionalProperties)',
        "`false` rejects undeclared keys; absent/`true` follows JSON Schema's open default.",
      ),
    ],
    choices: ['refuse it with a schema rejection', 'default it to open', 'default it to closed'],
    upstream: 'refuse it with a schema rejection',
    pinnedBy: 'DSL-35',
    option: { name: 'missingOpenness', value: 'open' },
    note: 'The seed sentence states what authors declare (enforced at type level, DSL-19); no passage says the run time refuses a spec without it. DSL-35 pins OP-25 too.',
  },
  {
    id: 'OP-24',
    question:
      'How do the compilers encode what the seeds leave equivalent: the open parameter root, the order and emptiness of required lists, additionalProperties: true, an array without items, and the annotations of kinds other than json?',
    quotes: [
      quote(
        '000',
        '§已强制执行的原始 JSON Schema 子集 (JsonSchemaNode.additionalProperties)',
        "`false` rejects undeclared keys; absent/`true` follows JSON Schema's open default.",
      ),
      quote('000', '§已强制执行的原始 JSON Schema 子集 (JsonSchemaNode.items)', "Item schema (`type: 'array'` only); absent accepts any JSON item."),
      quote(
        '000',
        '§统一的 JSON 值 schema DSL (ParameterSchemaSpec)',
        'The map itself is an implicit open object root; requiredness remains a per-property `required: true` annotation.',
      ),
    ],
    choices: [
      'no additionalProperties at the parameter root, required in declaration order and left out when empty, additionalProperties: true emitted, items left out, own annotations copied for every kind',
      'any equivalent encoding (additionalProperties: true at the root, required: [] or in another order, true left out, items: {}, annotations dropped outside json)',
    ],
    upstream:
      'no additionalProperties at the parameter root, required in declaration order and left out when empty, additionalProperties: true emitted, items left out, own annotations copied for every kind',
    pinnedBy: 'DSL-34',
    option: { name: 'compiledEncoding', value: 'empty-required' },
    note: 'Must tests (DSL-01, DSL-03, DSL-04, DSL-07, DSL-20) compare compiled schemas by meaning: openness, the required set, unconstrained items.',
  },
  {
    id: 'OP-25',
    question: 'Is a DSL spec with neither type nor oneOf (annotations only, or empty) refused, or compiled to an unconstrained node?',
    quotes: [
      quote('000', '§已强制执行的原始 JSON Schema 子集', '仅含注解的空节点表示不受约束的无损 JSON'),
      quote('000', '§已强制执行的原始 JSON Schema 子集 (JsonSchemaNode.type)', 'Omit with no constraints for any JSON value, or use `oneOf`.'),
      quote('000', '§统一的 JSON 值 schema DSL (不支持的关键字会被拒绝)', '不支持的关键字会被拒绝，而不会在未强制执行的情况下获准进入'),
    ],
    choices: ['refused with a schema rejection', 'compiled as an unconstrained, annotation-only node'],
    upstream: 'refused with a schema rejection',
    pinnedBy: 'DSL-35',
    option: { name: 'untypedSpec', value: 'unconstrained' },
  },
  {
    id: 'OP-26',
    question: 'How do validateJsonSchemaValue and validateArgs report a value that does not conform, and what do they do with hostile values?',
    quotes: [
      quote('000', '§已强制执行的原始 JSON Schema 子集 (validateJsonSchemaValue enforces the schema)', '`validateJsonSchemaValue()` 强制执行该 schema'),
      quote('000', '§统一的 JSON 值 schema DSL (ToolArgsError（INVALID_ARGS）)', '参数不匹配时抛出 `ToolArgsError`（`INVALID_ARGS`）'),
      quote('000', '§统一的 JSON 值 schema DSL', '将参数推导与 `parameterSchemaSpecToJsonSchema()` 和 `validateArgs()` 绑定'),
    ],
    choices: [
      'they return a list of violation strings and never throw, hostile values reported as violations',
      'they throw on a non-conforming value, the error carrying every violation (e.g. a ToolArgsError)',
      'they return a boolean or a result object (mapped by the adapter)',
    ],
    upstream: 'they return a list of violation strings and never throw, hostile values reported as violations',
    pinnedBy: 'JSV-16',
    option: { name: 'validationFailure', value: 'throws' },
    note: 'DSL-38 pins the same for validateArgs. Must tests take an empty list as acceptance and a non-empty list or a throw as a report (conformance/suite/_kit/verdicts.ts).',
  },
  {
    id: 'OP-27',
    question: 'Which objects count as lossless JSON records for validation: null-prototype and cross-realm records, class instances?',
    quotes: [
      quote('000', '§已强制执行的原始 JSON Schema 子集', '仅含注解的空节点表示不受约束的无损 JSON。'),
      quote('000', '§统一的 JSON 值 schema DSL (ValueSchemaSpec)', 'One author-facing schema for any lossless JSON value root.'),
    ],
    choices: [
      'plain records of any realm, null prototype included; class instances refused',
      'only records whose prototype is Object.prototype (of any realm): a null-prototype record is refused, with a violation at its path',
      'any object whose own enumerable data is JSON',
    ],
    upstream: 'plain records of any realm, null prototype included; class instances refused',
    pinnedBy: 'JSV-17',
    option: { name: 'validatedRecords', value: 'object-prototype' },
    note: 'A data-only class instance and a null-prototype record both survive a JSON round trip but for their prototype; the seeds do not define lossless JSON finely enough to tell them apart.',
  },
  {
    id: 'OP-28',
    question:
      'Are schema and spec records and arrays beyond JSON (foreign or forged prototypes, symbol or non-enumerable keys, decorated or subclassed arrays, throwing proxies, a spec containing itself) refused?',
    quotes: [
      quote(
        '000',
        '§统一的 JSON 值 schema DSL (schema 记录只包含自有且可枚举的字符串键)',
        'schema 记录只包含自有且可枚举的字符串键，schema 数组是稠密的内建数组',
      ),
      quote('000', '§统一的 JSON 值 schema DSL (不支持的关键字会被拒绝)', '不支持的关键字会被拒绝，而不会在未强制执行的情况下获准进入'),
    ],
    choices: [
      'refused with a schema rejection, the violation at their path',
      'accepted where their own enumerable string keys are valid, or failing another way (e.g. a thrown recursion error)',
    ],
    upstream: 'refused with a schema rejection, the violation at their path',
    pinnedBy: 'JSS-21',
    option: { name: 'schemaContainers', value: 'own-keys' },
    note: "DSL-37 pins the compilers' side. The sentence on keys and arrays belongs to the DSL paragraph and says nothing of prototypes, decorations or cycles; the raw subset section says nothing of either.",
  },
  {
    id: 'OP-29',
    question: 'Does register() check at run time that output.render, and a present output.presentationMeta, are functions?',
    quotes: [quote('000', '§统一的 JSON 值 schema DSL', '要求它声明 `output`'), quote('000', '§ToolDefinition', 'Mandatory canonical output declaration.')],
    choices: ['yes: it throws, registering nothing', 'no: it checks that output is declared, and a bad render fails the call that renders'],
    upstream: 'yes: it throws, registering nothing',
    pinnedBy: 'REG-24',
    option: { name: 'outputCheck', value: 'declared-only' },
    note: 'register() "要求它声明 `output`" within "注册是一项受信任的同进程约定"; render and presentationMeta appear only in the type. REG-07 refuses an undeclared output; REG-20 and REG-21, upstream rules, still meet malformed ones.',
  },
  // Issue 37 part 3 (must statements narrowed to their quotes): points named with the upstream rule that pins each.
  {
    id: 'OP-30',
    question: 'Does disposing an agent scope remove the guards added through it, or do they stay until their own disposer is called?',
    quotes: [
      quote('000', '§Cordis API (guard)', 'A plain-context guard applies globally; one registered through `agent.ctx` applies only to that agent.'),
      quote('000', '§Cordis API (guard)', 'The exact effect disposer is returned for ordered ownership and HMR cleanup.'),
    ],
    choices: ['removed with the scope', 'kept until the disposer is called'],
    upstream: 'removed with the scope',
    pinnedBy: 'GRD-17',
    option: { name: 'scopedGuardLifetime', value: 'disposer' },
  },
  {
    id: 'OP-31',
    question: 'What does a guard return outside `string | undefined` do (null, false, 0, a function, a promise)?',
    quotes: [
      quote('000', '§执行 (ToolGuard)', 'Returning a reason denies the call; returning `undefined` leaves it unchanged.'),
      quote('000', '§Cordis API (guard)', 'synchronous check; a returned string denies the execution'),
    ],
    choices: [
      'any value but undefined denies; one that is not lossless JSON (a promise included, never awaited) fails the call',
      'only a string denies; anything else leaves the call unchanged',
      'a promise is awaited',
    ],
    upstream: 'any value but undefined denies; one that is not lossless JSON (a promise included, never awaited) fails the call',
    pinnedBy: 'GRD-18',
    option: { name: 'guardReturns', value: 'strings-only' },
    note: 'GRD-19 pins the non-JSON half (a function, a promise); GRD-13 the message of that failure.',
  },
  {
    id: 'OP-32',
    question: 'In what order do tools/pre-execute listeners run?',
    quotes: [
      quote(
        '000',
        '§执行',
        '然后让调用依次经过 `tools/pre-execute`（可重排的 allow/deny/ask waterfall）→ 已注册的单调 guard → `tools/execute`（环绕分派包装层）',
      ),
      quote('001', 'L17', '它是一个 waterfall：处理者可以继续委托，也可以给出 allow、deny、ask 等决策'),
    ],
    choices: ['first registered outermost, a prepended listener ahead of the rest', 'last registered outermost', 'an explicit order only'],
    upstream: 'first registered outermost, a prepended listener ahead of the rest',
    pinnedBy: 'PRE-24',
    option: { name: 'preExecuteOrder', value: 'reverse' },
    note: "The order is the host event system's (its waterfall). Under the other side a prepended listener, put ahead in the list, runs innermost.",
  },
  {
    id: 'OP-33',
    question: 'What does an ask send the approval service: how many requests, with which fields?',
    quotes: [quote('000', '§执行 (PreToolDecision)', '`ask` runs only after an approval service returns `allowed-once` and otherwise denies')],
    choices: [
      "one request per call: the call's agent, the tool name, the call id, the ask reason only when given, and the call's signal",
      'another shape or count',
    ],
    upstream: "one request per call: the call's agent, the tool name, the call id, the ask reason only when given, and the call's signal",
    pinnedBy: 'PRE-28',
    option: { name: 'approvalReasonKey', value: 'always' },
    note: "PRE-27 pins that an agent-less ask never reaches the service. The reference's other side keys `reason` on every request (undefined without one).",
  },
  {
    id: 'OP-34',
    question: 'Is a pre-execute decision carrying extra fields (an allow with arguments or input) read by its kind, or refused as malformed?',
    quotes: [
      quote('000', '§执行 (PreToolDecision)', 'Input rewriting is excluded because arguments are already logged and presented.'),
      quote('000', '§执行 (参数不可被改写)', '参数不可被改写，因为历史记录、审计、UI 和执行必须保持一致'),
    ],
    choices: ['read by its kind: the extra fields are ignored', 'refused as a malformed decision'],
    upstream: 'read by its kind: the extra fields are ignored',
    pinnedBy: 'PRE-30',
    option: { name: 'decisionExtraFields', value: 'refused' },
  },
  {
    id: 'OP-35',
    question:
      'Where exactly is the lossless-JSON boundary of arguments, beyond what JSON drops: prototypes (null-prototype, another realm, class instances, boxed primitives, array subclasses), shared parts, getters, depth?',
    quotes: [quote('000', '§执行 (ToolExecutionInput.arguments)', 'Losslessly JSON-serializable parsed arguments (tools validate their own schema).')],
    choices: [
      'plain and null-prototype objects from any realm pass, other prototypes are refused; shared parts are copied per path; each getter is read once; any depth',
      'any non-ordinary prototype is refused',
      'own enumerable data is taken whatever the prototype',
      'shared parts are refused',
      'a documented depth limit',
    ],
    upstream:
      'plain and null-prototype objects from any realm pass, other prototypes are refused; shared parts are copied per path; each getter is read once; any depth',
    pinnedBy: 'ARG-17',
    option: { name: 'argumentPrototypes', value: 'ordinary-only' },
    note: 'ARG-15 pins the depth upstream reaches.',
  },
  {
    id: 'OP-36',
    question: 'Is the parent of a call trusted as given, or must it be the live token of an enclosing execution?',
    quotes: [
      quote('000', '§执行 (ToolExecutionInput.parent)', 'Opaque token of the enclosing transport execution, when one exists.'),
      quote('000', '§执行 (ToolExecutionInput.parent)', 'The token also marks the call as a transport sub-dispatch rather than a model-direct call'),
    ],
    choices: ['any defined value is trusted', 'only a live token of an enclosing execution counts'],
    upstream: 'any defined value is trusted',
    pinnedBy: 'ARG-21',
    option: { name: 'parentTrust', value: 'live-token' },
    note: "Under the other side a parent that is no token of an execution of the registry still running is carried on the execution but ignored: the call is model-direct (presentation meta, Code Mode's collapse).",
  },
  {
    id: 'OP-37',
    question: "Which of several ancestors' same-name registrations does a scope inherit?",
    quotes: [
      quote('000', '§Cordis API (ctx.tools)', 'Scoped registrations shadow globals; one visibility resolver feeds presentation, lookup, and dispatch.'),
      quote('000', '§ToolRestriction', '`ToolRestriction` 作用于该作用域继承来的工具：部署全局层，加上其链上的每个祖先作用域。'),
    ],
    choices: ["the nearest ancestor's", "the farthest ancestor's", 'a conflict is an error'],
    upstream: "the nearest ancestor's",
    pinnedBy: 'VIS-30',
    option: { name: 'ancestorPrecedence', value: 'farthest' },
  },
  {
    id: 'OP-38',
    question: "Do a scope's restrictions filter the registrations it inherits from its ancestors, or the global tools only?",
    quotes: [
      quote('000', '§ToolRestriction', '`ToolRestriction` 作用于该作用域继承来的工具：部署全局层，加上其链上的每个祖先作用域。'),
      quote('000', '§ToolRestriction', 'Restrictions intersect and do not affect scoped registrations or the reserved Code Mode transport.'),
      quote('000', '§ToolRestriction (deny)', 'Global tool names removed from visibility.'),
    ],
    choices: [
      "everything inherited, ancestors' registrations included (a name only an ancestor registered may be restricted)",
      'the global tools only (an ancestor-only name is not restrictable)',
    ],
    upstream: "everything inherited, ancestors' registrations included (a name only an ancestor registered may be restricted)",
    pinnedBy: 'VIS-31',
    option: { name: 'restrictionTargets', value: 'global-only' },
    note: 'Seed 000 contradicts itself: its prose covers every ancestor, its JSDoc global tools only; no must rule may take a side (VIS-01, VIS-07, VIS-10).',
  },
  {
    id: 'OP-39',
    question: "Does an ancestor's restriction narrow what its descendants see, or the installing scope's view only?",
    quotes: [
      quote('000', '§ToolRestriction', '单个作用域对其继承内容的实时过滤器'),
      quote('002', '§ctx.tools.restrict', 'Restrict global tools for the calling agent scope.'),
      quote('000', '§ToolRestriction', '注册表将 readonly 名称编译为私有集合，对多个限制取交集，再叠加该作用域**自身**的注册——后者不受约束'),
    ],
    choices: ['every scope nested inside the restricting one', 'the restricting scope only'],
    upstream: 'every scope nested inside the restricting one',
    pinnedBy: 'VIS-32',
    option: { name: 'restrictionReach', value: 'own-scope' },
    note: "OP-07 (VIS-26) asks whether, where it does, it also hides the ancestor's own registrations.",
  },
  // Issue 37 part 3 (split of EXE, OUT, POST, FIN and RES must rules): named, no reference option yet.
  {
    id: 'OP-40',
    question:
      'Is a key of a result that does not apply (meta, concludesTurn, error on a success; value, concludesTurn on a failure) left out, or may it be present set to undefined?',
    quotes: [
      quote('000', '§执行 (ToolExecutionSuccess)', 'readonly error?: never readonly meta?: JsonValue'),
      quote('000', '§执行 (ToolExecutionFailure)', 'Failed canonical tool execution; failures never carry a successful value.'),
    ],
    choices: ['left out', 'present, set to undefined'],
    upstream: 'left out',
    pinnedBy: 'RES-12',
    option: { name: 'absentKeys', value: 'present' },
    note: 'OUT-06 and RES-08 check the values at must level. Whether an empty context list is left out is CTX-05 (upstream), another question.',
  },
  {
    id: 'OP-41',
    question: 'Do call arguments that are not lossless JSON make execute() resolve a failure (through finalizeContent and tools/result), or may it reject?',
    quotes: [
      quote('000', '§执行 (ToolExecutionInput)', 'Losslessly JSON-serializable parsed arguments (tools validate their own schema).'),
      quote('000', '§Cordis API (execute)', 'Tool and listener failures resolve as materialized error results;'),
    ],
    choices: ['resolve a failure, with tools/result (exec.arguments undefined)', 'reject, without tools/result'],
    upstream: 'resolve a failure, with tools/result (exec.arguments undefined)',
    pinnedBy: 'RES-13',
    decidedBy: 'ARG-06',
    note: 'Decided, not open: ARG-06 (must, read as demanded) requires on its own quotes (000 §执行 "拒绝非 JSON 输入" before policy; 001 L4, L14: input failures end early and handleable pipeline failures become tool error results; 002: the returned outcome is the snapshot final observers receive) that such a call resolve a failure that tools/result observers receive, so rejecting is no legal side. What RES-13 adds beyond ARG-06 (the failure goes through finalizeContent; observers see exec.arguments undefined) is upstream\'s. RES-01, RES-02 and FIN-02 check what follows only once execute() resolved; ERR-10 (should) recommends never rejecting.',
  },
  {
    id: 'OP-42',
    question:
      'Which signal does the body get: the caller signal object itself when no wrapper replaced it, with which abort reason when fused, and does a caller abort reach the replacement too?',
    quotes: [
      quote('000', '§tools/execute', 'The registry re-fuses the original caller signal before the body, so replacement cannot detach caller cancellation'),
      quote('000', '§执行 (ToolDispatchExecution)', 'The registry fuses every replacement with the captured caller signal.'),
    ],
    choices: [
      "the caller signal itself without a replacement; a fresh fused signal with the source's reason otherwise, the replacement left alone",
      'always a fresh signal that follows the caller (and the replacement), with a reason of its own',
    ],
    upstream: "the caller signal itself without a replacement; a fresh fused signal with the source's reason otherwise, the replacement left alone",
    pinnedBy: 'EXE-19',
    option: { name: 'bodySignal', value: 'fresh' },
  },
  {
    id: 'OP-43',
    question: "What does a wrapper's exec.signal hold while the body runs, and once next() has settled?",
    quotes: [
      quote('000', '§执行 (ToolDispatchExecution)', 'A `tools/execute` wrapper may replace the signal for its delegated lifetime, but it cannot remove it.'),
      quote('000', '§tools/execute', 'wrappers must still restore their signal and reach quiescence'),
    ],
    choices: ['the fused signal during the body, its own replacement again afterwards', 'its own replacement throughout'],
    upstream: 'the fused signal during the body, its own replacement again afterwards',
    pinnedBy: 'EXE-20',
    option: { name: 'wrapperSignalView', value: 'replacement-throughout' },
  },
  {
    id: 'OP-44',
    question:
      'Is a failure that arises inside tools/execute without the body running (UNKNOWN_TOOL replacing a wrapper success, ABORTED_BEFORE_DISPATCH from the base next()) offered to tools/post-execute?',
    quotes: [
      quote('000', '§ToolDefinition (finalizeContent)', 'including pipeline failures that bypass `tools/post-execute`'),
      quote('000', '§tools/post-execute', 'thrown tools still reach this waterfall as errors'),
    ],
    choices: ['UNKNOWN_TOOL of a wrapper success is final; ABORTED_BEFORE_DISPATCH from next() reaches it', 'both reach it', 'both are final'],
    upstream: 'UNKNOWN_TOOL of a wrapper success is final; ABORTED_BEFORE_DISPATCH from next() reaches it',
    pinnedBy: 'EXE-18',
    option: { name: 'wrapperUnknownTool', value: 'post-execute' },
    note: 'EXE-21 pins the ABORTED_BEFORE_DISPATCH half.',
  },
  {
    id: 'OP-45',
    question:
      'How deep is the freeze before the final result: the value render receives, the success next() hands to wrappers, the candidate finalizeContent receives?',
    quotes: [quote('000', '§执行', '成功时，注册表会快照并校验函数体返回值，将其冻结，然后调用纯渲染器')],
    choices: ['all deep-frozen', 'the value frozen (at least at its top level); the result frozen only once materialized before tools/result'],
    upstream: 'all deep-frozen',
    pinnedBy: 'OUT-19',
    option: { name: 'freezeDepth', value: 'top-level' },
    note: 'FIN-08 pins the finalizer candidate.',
  },
  {
    id: 'OP-46',
    question: 'Do the body and output.render get the very object on exec.arguments, or may they get an equal frozen copy?',
    quotes: [quote('000', '§ToolDefinition (execute)', '@param args - losslessly snapshotted, frozen model arguments.')],
    choices: ['exec.arguments itself', 'an equal frozen copy'],
    upstream: 'exec.arguments itself',
    pinnedBy: 'OUT-17',
    option: { name: 'renderArguments', value: 'copy' },
    note: "ARG-04 (must) asserts on its own quotes (the arguments cross one lossless-JSON materialization boundary) that the body gets the very arguments object the stages see, so the reference's option takes the other side for output.render and presentationMeta only: they get an equal frozen copy.",
  },
  {
    id: 'OP-47',
    question: 'What does a body value whose snapshot throws (a throwing getter) become?',
    quotes: [quote('000', '§统一的 JSON 值 schema DSL', '函数体或后置策略产生的值无效时抛出 `ToolOutputError`（`INVALID_TOOL_OUTPUT`）')],
    choices: ['an INVALID_TOOL_OUTPUT failure', 'the failure of the thrown error'],
    upstream: 'an INVALID_TOOL_OUTPUT failure',
    pinnedBy: 'OUT-18',
    option: { name: 'snapshotFailure', value: 'thrown' },
  },
  {
    id: 'OP-48',
    question: "Is a block's content the feedback exactly, and does the block drop the projected meta?",
    quotes: [quote('000', '§执行', '阻止会移除值，并转为包含纠正反馈的 `isError`。')],
    choices: ['the feedback exactly, no meta', 'content containing the feedback (e.g. enveloped), meta kept'],
    upstream: 'the feedback exactly, no meta',
    pinnedBy: 'POST-29',
    option: { name: 'blockContent', value: 'enveloped' },
  },
  {
    id: 'OP-49',
    question:
      'When finalizeContent throws or returns content that is not lossless JSON, is the outcome the failure of that problem, or the result from before the finalizer?',
    quotes: [quote('000', '§ToolDefinition (finalizeContent)', 'The callback must be total and must not throw.')],
    choices: ['the failure of that problem', 'the result from before the finalizer'],
    upstream: 'the failure of that problem',
    pinnedBy: 'FIN-09',
    option: { name: 'finalizerFailure', value: 'ignored' },
  },
  // OP-50..OP-59: the open choices behind what CAN-01/02/04/06/08, CTX-01/02/03, ERR-03/08/13 and PRES-03/09 demanded beyond
  // their quotes (issue 37, part 3). Named, not yet graded on both sides unless an option is given.
  {
    id: 'OP-50',
    question:
      "Does a cancellation failure keep the contexts of the result it replaces that did not come from the body (a wrapper result's, a post-execute decision's)?",
    quotes: [
      quote(
        '000',
        '§tools/post-execute',
        'after they settle, caller cancellation replaces only a successful accepted outcome with the code selected by whether the tool body was invoked.',
      ),
      quote('000', '§执行 (ToolRunContext.deferContext)', "until this tool's final result reaches the agent loop."),
    ],
    choices: ['kept: every context of the replaced result', "dropped: only the body's deferred contexts are kept"],
    upstream: 'kept: every context of the replaced result',
    pinnedBy: 'CAN-20',
    option: { name: 'cancellationContexts', value: 'deferred-only' },
  },
  {
    id: 'OP-51',
    question:
      'Where is a caller signal already aborted at entry checked: before any policy stage (after materializing the arguments), or only once the pre-execute stages have run?',
    quotes: [
      quote('000', '§Cordis API (execute)', 'skips a not-yet-started body with `ABORTED_BEFORE_DISPATCH`'),
      quote('000', '§执行', '策略执行前，`execute()` 会物化并冻结参数、拒绝非 JSON 输入并分配 token。'),
    ],
    choices: ['after materialization, before any policy stage', 'after the pre-execute stages and guards, before the body'],
    upstream: 'after materialization, before any policy stage',
    pinnedBy: 'CAN-21',
    option: { name: 'entryAbortCheck', value: 'after-policy' },
  },
  {
    id: 'OP-52',
    question: 'Does a call whose caller aborted while tools/pre-execute or an approval was pending still run the tools/execute wrappers?',
    quotes: [
      quote(
        '000',
        '§tools/pre-execute',
        'Async gates must observe `exec.signal`; the registry rechecks cancellation after they settle but never abandons their promise.',
      ),
      quote('001', 'L29', '执行前检查等待期间收到取消，工具本体调用次数仍为 0'),
    ],
    choices: ['no: the call ends before tools/execute', 'yes: the wrappers run and the base next() resolves ABORTED_BEFORE_DISPATCH'],
    upstream: 'no: the call ends before tools/execute',
    pinnedBy: 'CAN-22',
    option: { name: 'abortedAdmission', value: 'in-dispatch' },
  },
  {
    id: 'OP-53',
    question: "In what order do a result's contexts of different origins come: the body's deferred ones, a wrapper result's, a post-execute accept's?",
    quotes: [
      quote('000', '§执行 (ToolRunContext.deferContext)', 'Contexts retain their individual source and metadata and are emitted in call order.'),
      quote('000', '§执行 (PostToolDecision)', 'Post-dispatch decision: accept, replace one projection, attach context for the next request'),
    ],
    choices: ["deferred, then the wrapper result's, then the decision's", "another order (e.g. the wrapper result's first)"],
    upstream: "deferred, then the wrapper result's, then the decision's",
    pinnedBy: 'CTX-12',
    option: { name: 'contextOrder', value: 'wrapper-first' },
  },
  {
    id: 'OP-54',
    question: 'Does exec.deferContext check its context when called, or only when the final result is materialized?',
    quotes: [quote('000', '§执行', '若内容、结构化错误、附加上下文或展示元数据无法物化，则会转为仍可到达 `finalizeContent` 的 JSON 安全 `isError` 结果。')],
    choices: ['only at materialization', 'on the call too (deferContext throws inside the body)'],
    upstream: 'only at materialization',
    pinnedBy: 'CTX-13',
    option: { name: 'deferContextCheck', value: 'on-call' },
  },
  {
    id: 'OP-55',
    question: 'What block structure carries the enveloped message in the content of a failure the registry builds?',
    quotes: [quote('000', '§执行 (ToolFailure)', 'Human-readable failure message without the Native `Error: ` envelope.')],
    choices: ['exactly one text block "Error: " + message', 'another structure whose text carries "Error: " + message (e.g. a second block naming the code)'],
    upstream: 'exactly one text block "Error: " + message',
    pinnedBy: 'ERR-19',
    option: { name: 'failureContent', value: 'detail-block' },
  },
  {
    id: 'OP-56',
    question: 'Does a coded error thrown by a listener, a guard or a finalizer keep its identity (error.info), as a tool-owned one does?',
    quotes: [
      quote('000', '§Cordis API (execute)', 'already-started work is still drained and may retain a tool-owned structured error'),
      quote('000', '§Cordis API (execute)', 'Tool and listener failures resolve as materialized error results'),
    ],
    choices: ['kept: info from the thrown coded error', 'a failure without info'],
    upstream: 'kept: info from the thrown coded error',
    pinnedBy: 'ERR-21',
    option: { name: 'stageErrorInfo', value: 'dropped' },
  },
  {
    id: 'OP-57',
    question: 'What becomes of meta when tools/post-execute blocks, and on a failure a tools/execute wrapper authored?',
    quotes: [quote('000', '§执行', '阻止会移除值，并转为包含纠正反馈的 `isError`'), quote('000', '§执行 (ToolExecutionFailure)', 'readonly meta?: JsonValue')],
    choices: ['a block drops it; a wrapper-authored failure keeps its own', 'a block keeps it', "a wrapper-authored failure's meta is dropped"],
    upstream: 'a block drops it; a wrapper-authored failure keeps its own',
    pinnedBy: 'PRES-19',
    option: { name: 'wrapperFailureMeta', value: 'dropped' },
  },
  {
    id: 'OP-58',
    question: 'Does execute() resolve a failure when a guard throws, the approval service throws or rejects, or finalizeContent throws?',
    quotes: [
      quote('000', '§Cordis API (execute)', 'Tool and listener failures resolve as materialized error results'),
      quote('000', '§ToolDefinition (finalizeContent)', 'The callback must be total and must not throw.'),
    ],
    choices: ['yes: a resolved failure', 'no: such a failure may reject execute()'],
    upstream: 'yes: a resolved failure',
    pinnedBy: 'ERR-22',
    option: { name: 'approvalFailure', value: 'rejects' },
    note: "ERR-10 (should) recommends that execute() never rejects; GRD-09 makes a throwing guard a failure at must level on its own quotes. So the reference's option rejects only for an approval service that throws or rejects (without tools/result); a throwing finalizer is OP-49's.",
  },
  {
    id: 'OP-59',
    question: 'Do declaring and disposing a presentation with presentAs emit tools/change?',
    quotes: [
      quote('000', '§tools/change', 'A tool was registered or unregistered, or a scoped restriction changed'),
      quote('000', '§Cordis API (presentAs)', 'Scoped only, and one declaration per scope'),
    ],
    choices: ['yes, each', 'no: tools/change reports only registrations and restrictions'],
    upstream: 'yes, each',
    pinnedBy: 'PRES-22',
    option: { name: 'presentationChange', value: 'silent' },
  },
  {
    id: 'OP-60',
    question:
      'In what form does the program receive a failed sub-call: does its binding reject with an Error of the message, reject with the message itself, or resolve with it?',
    quotes: [quote('000', '§执行 (CodeDispatchLog)', 'the program itself received the structured `value` (or just the error message on failure);')],
    choices: [
      'the binding rejects with an Error whose message is the final error message',
      'the binding rejects with the message itself',
      'the binding resolves with the message',
    ],
    upstream: 'the binding rejects with an Error whose message is the final error message',
    pinnedBy: 'CM-45',
    option: { name: 'bindingFailure', value: 'message' },
    note: 'CM-18 (must) accepts each: whatever the program gets carries the final error message and no value.',
  },
  {
    id: 'OP-61',
    question:
      'How does Code Mode schedule the sub-calls of one program: by their execution mode (a capped pool and exclusive barriers), one at a time, or all at once, and how long does an exclusive barrier hold?',
    quotes: [
      quote('000', '§执行 (ToolExecutionMode)', '`parallel` may overlap with siblings; `exclusive` runs alone and forms an ordering barrier.'),
      quote('000', '§执行', 'agent loop（智能体循环）向注册表查询每个待处理调用的执行模式，并据此形成独占屏障和滚动池并行执行'),
    ],
    choices: [
      'by execution mode, parallel ones up to maxParallelSubCalls, an exclusive barrier held through its commit',
      'by execution mode, the barrier released when the body settles',
      'one at a time',
      'all at once',
    ],
    upstream: 'by execution mode, parallel ones up to maxParallelSubCalls, an exclusive barrier held through its commit',
    pinnedBy: 'CM-17',
    option: { name: 'subCallScheduling', value: 'all-at-once' },
    note: 'The seeds give scheduling by mode to the agent loop; CM-17 moved to the upstream level, and with it the test that truthy non-true classifications never overlap in Code Mode (MODE-02 checks the classification itself).',
  },
  {
    id: 'OP-62',
    question: 'How does the n of a sub-call id `<parent>:code:<n>` count: from 1 or 0, over accepted binding calls or every call?',
    quotes: [quote('000', '§执行 (CodeDispatchLog)', 'Deterministic sub-call id (`<parent>:code:<n>`).')],
    choices: ['accepted calls, from 1', 'accepted calls, from 0', 'every binding call, refused ones included'],
    upstream: 'accepted calls, from 1',
    pinnedBy: 'CM-41',
    option: { name: 'subCallNumbering', value: 'from-0' },
  },
  {
    id: 'OP-63',
    question: "Is there a presentation mode besides native and code (upstream's both), and does it collapse model-direct calls?",
    quotes: [
      quote('000', '§Cordis API (presentAs)', "Present the calling scope's tools in `mode` instead of the deployment default."),
      quote(
        '000',
        '§执行 (ToolExecutionInput.parent)',
        "under `mode: 'code'`, only calls WITH a parent may execute a native tool name — a model-direct call (no parent) is denied as `UNKNOWN_TOOL` before the policy pipeline.",
      ),
    ],
    choices: ['both, which collapses nothing', 'no third mode'],
    upstream: 'both, which collapses nothing',
    pinnedBy: 'CM-40',
    option: { name: 'presentationModes', value: 'native-and-code' },
    note: 'A registry without both cannot be created with it, so no must test or law uses both: PRES-09 declares code again after its disposal, and laws E-32 and E-33 draw native and code only.',
  },
  {
    id: 'OP-64',
    question: 'Does a successful sub-call whose content contains an image add that content to the outer run_code result as a context?',
    quotes: [quote('000', '§执行 (ToolRunContext.deferContext)', 'a composite tool ferries nested-dispatch context back to the outer result')],
    choices: ['yes, a user-message context of the final content, before its own contexts', 'no: only the contexts the sub-call deferred'],
    upstream: 'yes, a user-message context of the final content, before its own contexts',
    pinnedBy: 'CM-42',
    option: { name: 'subCallImages', value: 'none' },
  },
  {
    id: 'OP-65',
    question: "In which order do the sub-calls' contexts reach the outer run_code result, and does a run that then fails keep them?",
    quotes: [
      quote('000', '§执行 (ToolRunContext.deferContext)', 'a composite tool ferries nested-dispatch context back to the outer result'),
      quote('000', '§执行 (ToolRunContext.deferContext)', 'Contexts retain their individual source and metadata and are emitted in call order.'),
    ],
    choices: ['submission order, kept on a failed run', 'the order the sub-calls complete in', 'dropped when the run fails'],
    upstream: 'submission order, kept on a failed run',
    pinnedBy: 'CM-43',
    option: { name: 'subCallContexts', value: 'dropped-on-failure' },
  },
  {
    id: 'OP-66',
    question:
      'Which fields does a tool/code-dispatch record carry besides content and isError, and in which order are the records of parallel sub-calls appended?',
    quotes: [
      quote('000', '§执行', '`tool/code-dispatch` 则原样存储子调用渲染后的 `content` 与 `isError`'),
      quote(
        '000',
        '§tools/code-dispatch-log',
        'Allow a listener to replace content in the DURABLE LOG COPY of one `run_code` sub-dispatch outcome before the bridge appends its `tool/code-dispatch` event.',
      ),
    ],
    choices: ['the start fields too, appended in submission order', 'the start fields too, appended as each sub-call settles', 'content and isError only'],
    upstream: 'the start fields too, appended in submission order',
    pinnedBy: 'CM-44',
    option: { name: 'dispatchRecord', value: 'content-only' },
  },
  {
    id: 'OP-67',
    question: 'How does a Code Mode binding surface a call refused for a non-JSON argument, and does that call consume a sub-call number or leave a record?',
    quotes: [quote('000', '§执行 (rejects non-JSON input)', '策略执行前，`execute()` 会物化并冻结参数、拒绝非 JSON 输入并分配 token。')],
    choices: [
      'the binding rejects; no number is consumed and no record appended',
      'the call is dispatched and execute() refuses it as a failure result (numbered, recorded)',
    ],
    upstream: 'the binding rejects; no number is consumed and no record appended',
    pinnedBy: 'CM-46',
    option: { name: 'refusedBindingArguments', value: 'dispatched' },
    note: 'On the other side the refused call reaches tools/result as a failure, numbered, and its records hold null for the arguments.',
  },
  {
    id: 'OP-68',
    question:
      "Does the run's signal abort when the run settles, and what becomes of a sub-call still queued when the run ends, of a binding called after it, and of a result arriving after an abort?",
    quotes: [
      quote('000', '§ToolDefinition (execute)', 'Async work must observe or forward `exec.signal` and settle only after its owned work reaches quiescence.'),
    ],
    choices: [
      'the run signal aborts at settlement; queued calls are abandoned, late bindings and late results reject',
      'only the outer signal is forwarded; queued calls still run before the run settles',
    ],
    upstream: 'the run signal aborts at settlement; queued calls are abandoned, late bindings and late results reject',
    pinnedBy: 'CM-47',
    option: { name: 'runSignal', value: 'outer' },
    note: 'On the other side a sub-call that waits for its signal is drained until it ends, so the tests whose run leaves one waiting release it (AbortAwaitingTool.release) after the run ended, and CAN-08 is checked on a sub-call the run aborted only where the run did abort it.',
  },
  // OP-69: what PRE-07 and CAN-04 demanded beyond their quotes (issue 37): whether a caller abort stops the wait for a pending approval.
  {
    id: 'OP-69',
    question: "When the caller aborts while the approval service's answer to an ask is pending, does the registry await that answer or abandon it?",
    quotes: [
      quote(
        '000',
        '§tools/pre-execute',
        'Async gates must observe `exec.signal`; the registry rechecks cancellation after they settle but never abandons their promise.',
      ),
      quote('001', 'L17', '运行时需要一个真正可用的审批通道，并等它返回决定'),
      quote('000', '§Cordis API (execute)', 'skips a not-yet-started body with `ABORTED_BEFORE_DISPATCH`'),
    ],
    choices: [
      'awaited: execute() settles only once the service answers',
      'abandoned: the call ends ABORTED_BEFORE_DISPATCH at the abort, without waiting for the answer',
    ],
    upstream: 'awaited: execute() settles only once the service answers',
    pinnedBy: 'PRE-32',
    option: { name: 'pendingApprovalOnAbort', value: 'abandoned' },
    note: 'The seeds say "never abandons" of the pre-execute listeners only; the approval request carries the caller signal (PRE-28), so a service may answer at once. Either way the body does not run (CAN-04).',
  },
  // OP-70: what CAN-01, CAN-02 and CAN-04 demanded beyond their quotes (issue 37): that their ABORTED_BEFORE_DISPATCH
  // is what execute() resolves, which holds only where tools/post-execute cannot replace it.
  {
    id: 'OP-70',
    question:
      'Does the ABORTED_BEFORE_DISPATCH of a caller abort observed once tools/pre-execute (or the approval it asked for) settled pass through tools/post-execute, where a block would replace it?',
    quotes: [
      quote('000', '§ToolDefinition (finalizeContent)', 'including pipeline failures that bypass `tools/post-execute`'),
      quote('001', 'L4', '输入失败、审批拒绝或取消可以提前结束，不会无条件执行到工具本体'),
      quote('000', '§Cordis API (execute)', 'skips a not-yet-started body with `ABORTED_BEFORE_DISPATCH`'),
    ],
    choices: ['yes: it passes through tools/post-execute once', 'no: it is final and goes straight to tools/result'],
    upstream: 'yes: it passes through tools/post-execute once',
    pinnedBy: 'POST-25',
    option: { name: 'abortedBeforeDispatchPost', value: 'skipped' },
    note: 'The must rules (CAN-01, CAN-02, CAN-04, PRE-14) check the ABORTED_BEFORE_DISPATCH execute() resolves only where no tools/post-execute listener changes it; the law E-18 takes a block that never ran on this side as the abort kept.',
  },
  {
    id: 'OP-72',
    question: 'What does executing run_code give when no code runtime is mounted?',
    quotes: [quote('000', '§Cordis API (execute)', 'Tool and listener failures resolve as materialized error results;')],
    choices: [
      'a failure of its body, a plain Error (no code)',
      'a failure with a code of its own',
      'run_code is not offered while no runtime is mounted (UNKNOWN_TOOL)',
    ],
    upstream: 'a failure of its body, a plain Error (no code)',
    pinnedBy: 'CM-55',
    option: { name: 'missingRuntime', value: 'coded' },
    note: 'The seeds never mention a code runtime; the quote only requires that whatever failure it is resolves as a result (CM-07). The reference implements the coded side (CODE_RUNTIME_MISSING); the unoffered side would also change what CM-02 shows before a runtime is mounted.',
  },
  {
    id: 'OP-73',
    question: "How does a Code Mode binding hand the program's argument to ctx.tools.execute()?",
    quotes: [
      quote('000', '§执行 (rejects non-JSON input)', '策略执行前，`execute()` 会物化并冻结参数、拒绝非 JSON 输入并分配 token。'),
      quote('000', '§ToolDefinition (execute)', '@param args - losslessly snapshotted, frozen model arguments.'),
    ],
    choices: [
      'as it is, so that an argument that is not lossless JSON is refused',
      'normalised first by a JSON round trip (a Date becomes a string, functions and undefined members are dropped, a missing argument becomes {})',
      'converted some other way (a bigint to a number or string, say)',
    ],
    upstream: 'as it is, so that an argument that is not lossless JSON is refused',
    pinnedBy: 'CM-52',
    option: { name: 'bindingArguments', value: 'json-round-trip' },
    note: "The seeds place the refusal at execute() and never describe a binding. Either way what a sub-call's stages and body see is a frozen lossless snapshot (CM-13). Under a JSON round trip a bigint or a throwing getter still throws, so the call is still refused.",
  },
  {
    id: 'OP-74',
    question: 'How does run_code observe or forward an outer abort that arrives mid-run: which of the work it owns learns of it, and how?',
    quotes: [
      quote('000', '§ToolDefinition (execute)', 'Async work must observe or forward `exec.signal` and settle only after its owned work reaches quiescence.'),
    ],
    choices: [
      'it aborts the signal it handed the runtime and the signal of every sub-call in flight',
      'it forwards the abort to some of them only (the sub-calls, say, not the runtime)',
      'it observes the abort without aborting a signal it handed out (it stops dispatching sub-calls, or settles without waiting for the program)',
    ],
    upstream: 'it aborts the signal it handed the runtime and the signal of every sub-call in flight',
    pinnedBy: 'CM-53',
    option: { name: 'outerAbort', value: 'observed' },
    note: "CM-19 accepts any of these reactions. On the reference's other side the run is over at the abort (later bindings are not dispatched, queued calls abandoned) while the calls in flight end by themselves, so a test whose sub-call waits for its signal releases it. fixtures/broken/runtime-signal-withheld takes the second side (it fails only CM-53, CM-47 and CM-35).",
  },
  {
    id: 'OP-75',
    question:
      "Where is the lossless-JSON boundary of what a tool produces (its value, rendered content, projected meta and finalized content), beyond what JSON drops: may it hold null-prototype records and other realms' objects and arrays?",
    quotes: [
      quote('000', '§Cordis API (execute)', 'The returned outcome is the same lossless, frozen snapshot final observers receive.'),
      quote('000', '§执行', '注册表恰好调用该回调一次，随后在 `tools/result` 之前立即物化并冻结已接受的结果'),
    ],
    choices: [
      "null-prototype records and other realms' plain objects and arrays are taken as the JSON they hold, as for arguments (ARG-17)",
      "only this realm's ordinary objects and arrays: anything else is a value that is not lossless (an output failure)",
    ],
    upstream: "null-prototype records and other realms' plain objects and arrays are taken as the JSON they hold, as for arguments (ARG-17)",
    pinnedBy: 'ARG-25',
    option: { name: 'outputPrototypes', value: 'ordinary-only' },
    note: 'The same question as OP-35 asks of arguments, asked of outputs; a registry may answer the two alike or apart.',
  },
  {
    id: 'OP-76',
    question: 'What does compiling a parameter-map entry whose required marker has a value other than true (false, a string, null) do?',
    quotes: [
      quote('000', '§统一的 JSON 值 schema DSL (ParameterPropertySpec)', 'type ParameterPropertySpec = ValueSchemaSpec & { required?: true }'),
      quote(
        '000',
        '§统一的 JSON 值 schema DSL (ParameterSchemaSpec)',
        'The map itself is an implicit open object root; requiredness remains a per-property `required: true` annotation.',
      ),
    ],
    choices: ['compilation fails with a schema rejection', 'the marker is read as absent: the entry is optional'],
    upstream: 'compilation fails with a schema rejection',
    pinnedBy: 'DSL-42',
    option: { name: 'requiredMarkers', value: 'absent-unless-true' },
  },
]
