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
    note: "The seeds declare `info?: ToolErrorInfo` but not its shape: that it is { name, code } is ERR-03's must statement still (an open point not yet split, see the report of issue 37).",
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
    note: "Seed 000's prose (a restriction acts on what the scope inherits) and its JSDoc (restrictions do not affect scoped registrations) pull apart. Laws E-07 and E-SEQ's model (`resolveAll`) already accept both readings; the reference has no option for the other side yet.",
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
    note: 'Not split yet: ERR-03 (must) still demands { name, code }; ERR-14 pins which values get none. The seeds declare `info?: ToolErrorInfo` without its fields.',
  },
  {
    id: 'OP-09',
    question: 'May a scope register a name it also inherits (from the global layer or an ancestor), or do "scope-local names fail" there too?',
    quotes: [quote('000', '§Cordis API (register)', 'Scoped tools shadow globals; duplicates within one layer and the reserved `run_code` name fail.')],
    choices: ['it may: only duplicates within one layer fail', 'it fails: a scope-local name may not repeat an inherited one'],
    upstream: 'it may: only duplicates within one layer fail',
    note: "Not split yet: REG-05 and law E-SEQ assert upstream's reading.",
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
    note: "Not split yet: CM-03, CM-04, PRE-21, CM-15 and CM-18 assert upstream's side.",
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
    note: "Not split yet: CM-14 and CM-17 assert the order, and law E-33 fails them on CM-16's property.",
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
    note: "The order is the host event system's (its waterfall); the reference takes it from the kit harness and has no option for another.",
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
    note: 'PRE-27 pins that an agent-less ask never reaches the service.',
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
]
