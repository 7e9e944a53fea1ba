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
    note: 'RES-01, RES-02 and FIN-02 check what follows only once execute() resolved. ERR-10 (should) recommends never rejecting.',
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
    note: 'FIN-08 pins the finalizer candidate.',
  },
  {
    id: 'OP-46',
    question: 'Do the body and output.render get the very object on exec.arguments, or may they get an equal frozen copy?',
    quotes: [quote('000', '§ToolDefinition (execute)', '@param args - losslessly snapshotted, frozen model arguments.')],
    choices: ['exec.arguments itself', 'an equal frozen copy'],
    upstream: 'exec.arguments itself',
    pinnedBy: 'OUT-17',
    note: "ARG-04 (must) still asserts that the body gets the very arguments object the stages see, so the reference option (a frozen copy) waits for ARG-04's reading.",
  },
  {
    id: 'OP-47',
    question: 'What does a body value whose snapshot throws (a throwing getter) become?',
    quotes: [quote('000', '§统一的 JSON 值 schema DSL', '函数体或后置策略产生的值无效时抛出 `ToolOutputError`（`INVALID_TOOL_OUTPUT`）')],
    choices: ['an INVALID_TOOL_OUTPUT failure', 'the failure of the thrown error'],
    upstream: 'an INVALID_TOOL_OUTPUT failure',
    pinnedBy: 'OUT-18',
  },
  {
    id: 'OP-48',
    question: "Is a block's content the feedback exactly, and does the block drop the projected meta?",
    quotes: [quote('000', '§执行', '阻止会移除值，并转为包含纠正反馈的 `isError`。')],
    choices: ['the feedback exactly, no meta', 'content containing the feedback (e.g. enveloped), meta kept'],
    upstream: 'the feedback exactly, no meta',
    pinnedBy: 'POST-29',
  },
  {
    id: 'OP-49',
    question:
      'When finalizeContent throws or returns content that is not lossless JSON, is the outcome the failure of that problem, or the result from before the finalizer?',
    quotes: [quote('000', '§ToolDefinition (finalizeContent)', 'The callback must be total and must not throw.')],
    choices: ['the failure of that problem', 'the result from before the finalizer'],
    upstream: 'the failure of that problem',
    pinnedBy: 'FIN-09',
  },
]
