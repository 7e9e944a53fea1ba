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
    pinnedBy: 'VIS-25',
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
    note: "Law E-33 checks CM-16's order as an incidental check of CM-16, which no longer fails CM-14, CM-15 or CM-22.",
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
    note: 'The seeds give scheduling by mode to the agent loop; CM-17 moved to the upstream level.',
  },
  {
    id: 'OP-62',
    question: 'How does the n of a sub-call id `<parent>:code:<n>` count: from 1 or 0, over accepted binding calls or every call?',
    quotes: [quote('000', '§执行 (CodeDispatchLog)', 'Deterministic sub-call id (`<parent>:code:<n>`).')],
    choices: ['accepted calls, from 1', 'accepted calls, from 0', 'every binding call, refused ones included'],
    upstream: 'accepted calls, from 1',
    pinnedBy: 'CM-41',
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
  },
  {
    id: 'OP-64',
    question: 'Does a successful sub-call whose content contains an image add that content to the outer run_code result as a context?',
    quotes: [quote('000', '§执行 (ToolRunContext.deferContext)', 'a composite tool ferries nested-dispatch context back to the outer result')],
    choices: ['yes, a user-message context of the final content, before its own contexts', 'no: only the contexts the sub-call deferred'],
    upstream: 'yes, a user-message context of the final content, before its own contexts',
    pinnedBy: 'CM-42',
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
  },
]
