import { defineArea, evidence, quote, seed, upstream } from '../define.ts'

const PARENT = seed('000', '§执行 (ToolExecutionInput.parent)')
const PRESENT_AS = seed('000', '§Cordis API (presentAs)')
const DISPATCH_LOG = seed('000', '§tools/code-dispatch-log')
const DISPATCH_LOG_TYPE = seed('000', '§执行 (CodeDispatchLog)')
const CODE = ['codeMode'] as const
const CODE_SCOPES = ['codeMode', 'scopes'] as const

/**
 * CM rules: the registry-owned `run_code` transport, the collapse of
 * model-direct calls under `code`, and the sub-dispatch bridge that runs a
 * program's tool calls through the pipeline. Tests: conformance/suite/cm.test.ts.
 * CM-01..CM-29 are the area's core rules; CM-30 to CM-36 are the
 * `should` halves split off rules that mix codes with upstream-only wording,
 * and CM-37 the upstream half split off CM-24 (the containment warning).
 */
export const CM_RULES = defineArea('CM', [
  {
    id: 'CM-01',
    level: 'must',
    statement:
      "Registering a tool named run_code fails globally and in every scope, and naming run_code in a restriction (allow or deny list) fails (that every scope sees the same definition object is PRES-11's).",
    sources: [seed('000', '§ToolRestriction'), seed('000', '§Cordis API (register)'), seed('000', '§Cordis API (restrict)')],
    quotes: [
      quote('000', '§Cordis API (register)', 'Scoped tools shadow globals; duplicates within one layer and the reserved `run_code` name fail.'),
      quote('000', '§Cordis API (restrict)', 'Empty filters, unknown names, scope-local names, and reserved transport names fail.'),
      quote('000', '§ToolRestriction', 'Restrictions intersect and do not affect scoped registrations or the reserved Code Mode transport.'),
    ],
    requires: CODE_SCOPES,
  },
  {
    id: 'CM-02',
    level: 'upstream',
    statement: "get('run_code', scope) is defined exactly when the scope's mode in force is code or both; under the default native deployment it is undefined.",
    sources: [PRESENT_AS, upstream('run_code visibility follows the effective mode')],
    evidence: [
      evidence('packages/core/tools/tests/code-mode.spec.ts', 1654, 'defaults to native mode under direct construction with no config'),
      evidence('packages/core/tools/src/index.ts', 1189, 'visible.set(RUN_CODE_NAME, this.requireCodeTransport())'),
    ],
    requires: CODE,
  },
  {
    id: 'CM-03',
    level: 'must',
    statement:
      "When the calling agent's mode in force is code, a call without a parent naming a visible tool other than run_code ends as UNKNOWN_TOOL before the policy pipeline: no tools/pre-execute, approval, guard, tools/execute wrapper, body or tools/post-execute runs; a name not visible at all also ends as UNKNOWN_TOOL (that it takes the ordinary path first is VIS-25's, OP-10; that both collapses nothing is CM-40's).",
    sources: [PARENT, seed('000', '§执行 (ToolExecutionInput.parent: denied as UNKNOWN_TOOL before the policy pipeline)')],
    quotes: [
      quote('000', '§执行 (ToolExecutionInput.parent)', 'The token also marks the call as a transport sub-dispatch rather than a model-direct call:'),
      quote(
        '000',
        '§执行 (ToolExecutionInput.parent)',
        "under `mode: 'code'`, only calls WITH a parent may execute a native tool name — a model-direct call (no parent) is denied as `UNKNOWN_TOOL` before the policy pipeline.",
      ),
      quote('000', '§Cordis API (execute)', 'an invisible tool reports `UNKNOWN_TOOL`.'),
    ],
    requires: CODE,
  },
  {
    id: 'CM-04',
    level: 'must',
    statement:
      "Whether a call collapses is decided by the calling agent's mode in force (nearest declaring scope on its chain), not by the deployment default: a code scope collapses its descendants while sibling scopes stay native, and a native scope in a code deployment does not collapse.",
    sources: [PRESENT_AS, upstream("collapse reads the calling scope's mode")],
    quotes: [
      quote(
        '000',
        '§Cordis API (presentAs)',
        "Present the calling scope's tools in `mode` instead of the deployment default. Nearest scope on the chain wins, so a preset's standing declaration covers every agent joined under it.",
      ),
      quote(
        '000',
        '§执行 (ToolExecutionInput.parent)',
        "under `mode: 'code'`, only calls WITH a parent may execute a native tool name — a model-direct call (no parent) is denied as `UNKNOWN_TOOL` before the policy pipeline.",
      ),
      quote('001', 'L15', 'scope、restriction 和 PTC 展示模式都会影响可见与可调度的能力。'),
    ],
    requires: CODE_SCOPES,
  },
  {
    id: 'CM-05',
    level: 'upstream',
    statement:
      'run_code takes the required string parameters code and description (other shapes fail as INVALID_ARGS before the runtime runs), and its canonical value is { logs: string[] } plus result when the program returned a value other than undefined (null included).',
    sources: [upstream('run_code parameter and output specs')],
    evidence: [
      evidence('packages/core/tools/tests/code-mode.spec.ts', 799, 'bridges tool calls, returns only the curated output, and logs one event per dispatch'),
      evidence('packages/core/tools/src/code-mode.ts', 308, "code: { type: 'string', required: true, description: TYPESCRIPT_FLAVOR.codeDescription },"),
      evidence('packages/core/tools/src/code-mode.ts', 644, '...result.value !== undefined ? { result: result.value } : {}'),
    ],
    requires: CODE,
  },
  {
    id: 'CM-06',
    level: 'upstream',
    statement: 'A run_code call whose description is empty or only whitespace fails without the runtime being asked to run anything.',
    sources: [upstream('run_code validates its description')],
    evidence: [
      evidence('packages/core/tools/tests/code-mode.spec.ts', 1310, 'rejects a whitespace-only description with a structured isError'),
      evidence('packages/core/tools/src/code-mode.ts', 331, 'if (args.description.trim().length === 0) {'),
    ],
    requires: CODE,
  },
  {
    id: 'CM-07',
    level: 'must',
    statement:
      "Executing run_code resolves a result and never rejects when run_code's own execution throws or a listener on its call fails (a tools/pre-execute listener or tools/execute wrapper throwing): the failure resolves as a materialized error result, a failure with no value (which failure a given fault gives the seeds do not say: a run the runtime reports as failed is CM-09's, a call with no code runtime mounted CM-55's; whether a code runtime's own exception, which the seeds never mention, is a failure of run_code or something run_code reports in its result they leave open, so that call is only required to resolve).",
    sources: [seed('000', '§Cordis API (execute)')],
    quotes: [quote('000', '§Cordis API (execute)', 'Tool and listener failures resolve as materialized error results;')],
    requires: CODE,
  },
  {
    id: 'CM-08',
    level: 'should',
    statement:
      'run_code renders one text block: the log lines joined by newlines, then the result (a string raw, any other JSON value pretty-printed with two-space indentation), the non-empty parts joined by a newline, and `(run_code completed with no output)` when both are empty.',
    sources: [upstream('run_code renderer')],
    requires: CODE,
  },
  {
    id: 'CM-09',
    level: 'upstream',
    statement:
      "A run the runtime reports as failed ends as a failure with code CODE_RUN_FAILED and no value, whose message carries the failure kind, the runtime's message and every captured log line.",
    sources: [upstream('CodeRunFailedError')],
    evidence: [
      evidence(
        'packages/core/tools/tests/code-mode.spec.ts',
        1186,
        'converts a failed run into a structured isError result carrying kind, message, and captured logs',
      ),
      evidence(
        'packages/core/tools/src/code-mode.ts',
        640,
        'throw new CodeRunFailedError(`code run failed (${result.error.kind}): ${result.error.message}${logsText}`)',
      ),
    ],
    divergence:
      'The seeds do not describe run failures; the code and what the message carries are upstream behaviour the kit pins (the exact format is CM-32).',
    requires: CODE,
  },
  {
    id: 'CM-10',
    level: 'should',
    statement:
      "run_code's presentCall returns { card: 'generic', title: <description>, kind: 'execute', rawInput: <code> }, and run_code has no presentResult.",
    sources: [upstream('run_code presenters')],
    requires: CODE,
  },
  {
    id: 'CM-11',
    level: 'upstream',
    statement:
      'A program never reaches run_code: the bindings have no run_code member (neither own nor inherited), also under both, so there is no recursive dispatch.',
    sources: [upstream('no recursive run_code')],
    evidence: [
      evidence('packages/core/tools/tests/code-mode.spec.ts', 326, 'never exposes run_code to programs, even under mode'),
      evidence('packages/core/tools/src/code-mode.ts', 615, 'if (schema.name === RUN_CODE_NAME) continue'),
    ],
    requires: CODE,
  },
  {
    id: 'CM-12',
    level: 'upstream',
    statement:
      'The runtime is called with the program text, one binding namespace whose global is tools and whose functions object has a null prototype and one own enumerable function per name schemas(calling agent) lists except run_code (so a tool named __proto__ is an ordinary own key), and an AbortSignal.',
    sources: [upstream('run_code bindings'), PARENT],
    evidence: [
      evidence('packages/core/tools/tests/code-mode.spec.ts', 1510, 'exposes a tool named __proto__ as an ordinary own binding'),
      evidence('packages/core/tools/src/code-mode.ts', 624, "bindings: [{ global: 'tools', functions,"),
    ],
    requires: CODE_SCOPES,
  },
  {
    id: 'CM-13',
    level: 'must',
    statement:
      "A run_code sub-call crosses execute()'s lossless-JSON boundary like any call: whatever arguments its tools/pre-execute listeners, guards, tools/execute wrappers and body see are a deep-frozen lossless-JSON snapshot, never the program's own object nor a value that is not lossless JSON, even when the program calls a binding with one (a bigint, an object whose getter throws). How a binding hands the program's argument to execute() (as it is, so that these are refused, or converted first) the seeds do not say: upstream's is CM-52's; how the program learns of a refusal, numbering and records are CM-46's.",
    sources: [seed('000', '§执行 (拒绝非 JSON 输入)')],
    quotes: [
      quote('000', '§执行 (rejects non-JSON input)', '策略执行前，`execute()` 会物化并冻结参数、拒绝非 JSON 输入并分配 token。'),
      quote('000', '§ToolDefinition (execute)', '@param args - losslessly snapshotted, frozen model arguments.'),
      quote('000', '§执行 (ToolExecution)', 'Parsed arguments cross one lossless-JSON materialization boundary before policy and are deep-frozen'),
    ],
    requires: CODE_SCOPES,
  },
  {
    id: 'CM-14',
    level: 'must',
    statement:
      "A binding call dispatches a sub-call whose callId is `<outer callId>:code:<n>`, n telling the run's sub-calls apart, with the outer execution's rootCallId and parent set to the outer execution's token (how n counts, the agent and the signal are CM-41's).",
    sources: [PARENT, DISPATCH_LOG_TYPE],
    quotes: [
      quote('000', '§执行 (CodeDispatchLog)', 'Deterministic sub-call id (`<parent>:code:<n>`).'),
      quote(
        '000',
        '§执行 (ToolExecutionInput.parent)',
        'Code Mode sets this on SDK sub-dispatches so commit-style observers can wait for the outer `run_code` outcome without receiving its live mutable execution.',
      ),
      quote('000', '§执行 (ToolExecutionInput.rootCallId)', 'Callers omit it for a root execution; nested dispatchers propagate the enclosing value.'),
    ],
    requires: CODE_SCOPES,
  },
  {
    id: 'CM-15',
    level: 'must',
    statement:
      'Every sub-call goes through the whole pipeline of the calling agent: tools/pre-execute, guards, tools/execute wrappers, the body, tools/post-execute, finalizeContent and tools/result, and a denial or listener failure settles it like any other call.',
    sources: [PARENT, upstream('staged scheduler per sub-call')],
    quotes: [
      quote(
        '000',
        '§执行 (ToolExecutionInput.parent)',
        'Code Mode sets this on SDK sub-dispatches so commit-style observers can wait for the outer `run_code` outcome without receiving its live mutable execution.',
      ),
      quote(
        '000',
        '§Cordis API (execute)',
        'Execute through pre-policy, guards, around-dispatch, post-policy, definition-owned content finalization, and final notification.',
      ),
      quote('000', '§执行 (CodeDispatchLog)', "The sub-call's complete model-facing content (the settle event's default payload)."),
    ],
    requires: CODE,
  },
  {
    id: 'CM-16',
    level: 'upstream',
    statement:
      'Sub-calls start (tools/pre-execute and guards) in submission order without two starts overlapping, and commit (tools/post-execute, finalizeContent, tools/result) in submission order even when their bodies complete out of order; only the tools/execute and body stage overlaps.',
    sources: [upstream('ordered lane of the bridge')],
    evidence: [
      evidence('packages/core/tools/tests/code-mode.spec.ts', 624, 'ordered pre-execute never overlaps: a slow policy on one call delays the next start'),
      evidence(
        'packages/core/tools/tests/code-mode.spec.ts',
        731,
        'post-execute and context commitment stay in submission order under out-of-order completion',
      ),
      evidence('packages/core/tools/src/code-mode.ts', 350, 'ordered policy stages never overlap each other'),
    ],
    requires: CODE,
  },
  {
    id: 'CM-17',
    level: 'upstream',
    statement:
      'Sub-calls classified parallel overlap up to maxParallelSubCalls; an exclusive sub-call waits for the running ones, runs alone and holds the barrier until its commit (tools/post-execute included) has finished, so later sub-calls start only after it.',
    sources: [seed('000', '§执行 (ToolExecutionMode)'), upstream('bridge concurrency')],
    evidence: [
      evidence('packages/core/tools/tests/code-mode.spec.ts', 509, 'overlaps concurrency-safe calls under Promise.all and logs a start event per dispatch'),
      evidence('packages/core/tools/tests/code-mode.spec.ts', 897, 'serializes Promise.all dispatches: tool executions never overlap, in submission order'),
      evidence('packages/core/tools/src/code-mode.ts', 532, 'classify: () => registry.executionMode(input).kind'),
    ],
    divergence:
      'The seeds define the modes ("`parallel` may overlap with siblings; `exclusive` runs alone and forms an ordering barrier") but give the scheduling by mode to the agent loop only; that Code Mode schedules its sub-calls by mode, the cap and how long the barrier holds are upstream\'s (OP-61).',
    requires: CODE,
  },
  {
    id: 'CM-18',
    level: 'must',
    statement:
      "A successful sub-call gives the program its final canonical value (after tools/post-execute), not the content; a failed one gives the program only the final result's error message, never a value (that the binding rejects with an Error is CM-45's, OP-60).",
    sources: [DISPATCH_LOG_TYPE],
    quotes: [
      quote('000', '§执行 (CodeDispatchLog)', 'the program itself received the structured `value` (or just the error message on failure);'),
      quote('000', '§tools/code-dispatch-log', 'the program already received the complete value'),
    ],
    requires: CODE,
  },
  {
    id: 'CM-19',
    level: 'must',
    statement:
      "When run_code's outer signal aborts mid-run, run_code observes or forwards the abort, so that the abort makes an observable difference to the work it owns or to the run (work that ignored the signal would make none): the signal it handed the runtime, or that of a sub-call in flight, is aborted; or a sub-call the program starts after the abort does not run; or the run settles without waiting for the program to finish; or the run ends otherwise than CAN-07's replacement of a success returned after the abort alone would make it (a failure with a code other than ABORTED, say); and, once that work is quiescent, the run settles (that it settles no earlier is CM-20's, that it ends as a failure CM-21's). Which difference the seeds do not say: that both signals are aborted is CM-53's; the run's own lifetime, abandoned and late calls are CM-47's.",
    sources: [seed('000', '§ToolDefinition (execute)')],
    quotes: [
      quote('000', '§ToolDefinition (execute)', 'Async work must observe or forward `exec.signal` and settle only after its owned work reaches quiescence.'),
    ],
    requires: CODE_SCOPES,
  },
  {
    id: 'CM-20',
    level: 'must',
    statement:
      'run_code settles only after every sub-call it started has committed and its records are appended, so no sub-call stage or record happens after the outer tools/result, even when the runtime rejects after starting a binding.',
    sources: [upstream('run quiescence')],
    quotes: [
      quote('000', '§ToolDefinition (execute)', 'Async work must observe or forward `exec.signal` and settle only after its owned work reaches quiescence.'),
      quote(
        '000',
        '§tools/code-dispatch-log',
        'Allow a listener to replace content in the DURABLE LOG COPY of one `run_code` sub-dispatch outcome before the bridge appends its `tool/code-dispatch` event.',
      ),
    ],
    requires: CODE_SCOPES,
  },
  {
    id: 'CM-21',
    level: 'must',
    statement:
      "An outer signal that aborts after execute() entry but before run_code's body starts ends run_code as ABORTED_BEFORE_DISPATCH without calling the runtime; one aborted after the body started ends it as a failure, ABORTED where run_code's own outcome was a success (that a program returning a value after the abort gives a success that becomes ABORTED is CM-54's; a signal already aborted at entry is CAN-02's).",
    sources: [seed('000', '§Cordis API (execute)')],
    quotes: [
      quote(
        '000',
        '§Cordis API (execute)',
        'Cancellation arriving after entry and before final result materialization skips a not-yet-started body with `ABORTED_BEFORE_DISPATCH` or replaces a successful started outcome with `ABORTED`;',
      ),
    ],
    requires: CODE,
  },
  {
    id: 'CM-22',
    level: 'must',
    statement:
      "A sub-call's additionalContexts are ferried onto the outer run_code result, and when a sub-call succeeds concluding the turn, a successful outer run_code result concludes the turn too (the image context is CM-42's; the order of the contexts and their survival of a run failure are CM-43's).",
    sources: [seed('000', '§执行 (ToolRunContext.concludeTurn)'), seed('000', '§执行 (ToolRunContext.deferContext)')],
    quotes: [
      quote('000', '§执行 (ToolRunContext.deferContext)', 'a composite tool ferries nested-dispatch context back to the outer result'),
      quote(
        '000',
        '§执行 (ToolRunContext.concludeTurn)',
        'a composite that dispatches nested calls forwards it from the nested result, exactly like `additionalContexts`, so only an authoritative nested success can conclude the enclosing run.',
      ),
    ],
    requires: CODE,
  },
  {
    id: 'CM-23',
    level: 'upstream',
    statement:
      'When the outer call has an agent, a tool/code-dispatch-start record { rootCallId, parentCallId, subCallId, name, arguments } is appended for each sub-call when it starts, before its tools/pre-execute; an abandoned sub-call appends none.',
    sources: [DISPATCH_LOG_TYPE, upstream('dispatch-start record')],
    evidence: [
      evidence('packages/core/tools/tests/code-mode.spec.ts', 509, 'overlaps concurrency-safe calls under Promise.all and logs a start event per dispatch'),
      evidence('packages/core/tools/tests/code-mode.spec.ts', 767, 'a queued-unstarted call abandoned by run settlement logs no start event'),
      evidence('packages/core/tools/src/code-mode.ts', 537, "exec.agent?.session.append('tool/code-dispatch-start', {"),
    ],
    requires: CODE_SCOPES,
  },
  {
    id: 'CM-24',
    level: 'must',
    statement:
      "Each settled sub-call (failures included) gets exactly one tool/code-dispatch record carrying isError and the content the scope-filtered tools/code-dispatch-log waterfall resolved over the complete final content; the waterfall changes only that record, and a throwing listener is contained (the original content is logged; reporting it is CM-37's; the record's other fields and the order of the records are CM-44's).",
    sources: [DISPATCH_LOG, DISPATCH_LOG_TYPE],
    quotes: [
      quote('000', '§执行 (CodeDispatchLog)', 'Code Mode 的桥接层还会把每个已结算的子分派暴露给 `tools/code-dispatch-log` waterfall'),
      quote('000', '§执行 (CodeDispatchLog)', '该 waterfall 可以更改持久事件所存的内容副本（程序取得的值和模型可见结果均不受影响）'),
      quote(
        '000',
        '§执行 (CodeDispatchLog)',
        'One settled `run_code` sub-dispatch about to be logged, as seen by the `tools/code-dispatch-log` waterfall: the parent execution (session owner, outer call identity), the sub-call identity, and the outcome whose durable copy a listener may reshape.',
      ),
      quote('000', '§执行 (CodeDispatchLog)', 'The outer `run_code` execution.'),
      quote('000', '§执行 (CodeDispatchLog)', 'The calling agent (the scope routing key and the spill owner), when the outer call has one.'),
      quote('000', '§执行 (CodeDispatchLog)', 'The dispatched sub-tool name.'),
      quote('000', '§执行 (CodeDispatchLog)', 'Whether the sub-call settled as an error.'),
      quote('000', '§执行 (CodeDispatchLog)', "The sub-call's complete model-facing content (the settle event's default payload)."),
      quote('000', '§执行', '`tool/code-dispatch` 则原样存储子调用渲染后的 `content` 与 `isError`'),
      quote(
        '000',
        '§tools/code-dispatch-log',
        'Allow a listener to replace content in the DURABLE LOG COPY of one `run_code` sub-dispatch outcome before the bridge appends its `tool/code-dispatch` event.',
      ),
      quote('000', '§tools/code-dispatch-log', '`next()` keeps the content unchanged; a listener may return replacement blocks'),
      quote('000', '§tools/code-dispatch-log', 'A throwing listener is contained: the bridge falls back to logging the original settled content.'),
      quote(
        '000',
        '§tools/code-dispatch-log',
        "Scope-filtered dispatch (`@deepseek-ai/dsh-scope`): agent-scoped listeners receive only that agent's dispatches.",
      ),
    ],
    requires: CODE_SCOPES,
  },
  {
    id: 'CM-25',
    level: 'upstream',
    statement: 'A run_code call without an agent dispatches its sub-calls normally and appends no records.',
    sources: [DISPATCH_LOG_TYPE, upstream('records need an agent session')],
    evidence: [
      evidence('packages/core/tools/tests/code-mode.spec.ts', 1276, 'runs without an owning agent: dispatches work, event logging is skipped'),
      evidence('packages/core/tools/src/code-mode.ts', 500, 'if (agent === undefined) return'),
    ],
    divergence:
      'The seeds type CodeDispatchLog.agent as present only "when the outer call has one", so they allow the tools/code-dispatch-log waterfall to run for a call without an agent; upstream skips dispatch logging altogether then.',
    requires: CODE,
  },
  {
    id: 'CM-26',
    level: 'upstream',
    statement:
      'tool/code-dispatch records never derive model messages when a session is replayed (a rule of the session package, recorded here because the registry writes those records).',
    sources: [upstream('deriveMessages ignores tool/code-dispatch')],
    evidence: [evidence('packages/core/tools/tests/code-mode.spec.ts', 1621, 'a tool/code-dispatch event never derives a model message')],
    divergence:
      "Not a registry rule: replay is the session package's `deriveMessages` (upstream exercises it on `Session`, not on `ToolRuntime`). What the seeds demand of the registry here, that the tools/code-dispatch-log waterfall changes only the durable copy and never the program's value or the model-visible result (\"程序取得的值和模型可见结果均不受影响\"), is CM-24's and is tested there; the seeds say nothing of replaying the records, so the rule is upstream-level, and it stays untestable for a registry kit.",
    requires: CODE,
    untestable:
      "out of the registry's scope: session replay is the session package's deriveMessages; a registry only appends the records (CM-23, CM-24), and the adapter contract has, on purpose, no session to replay",
  },
  {
    id: 'CM-27',
    level: 'should',
    statement:
      "The SDK prompt section declares the calling scope's visible tools except run_code, in lexicographic order, in the runtime language (TypeScript `declare const tools`, Python `class Tools(Protocol)`), deterministically.",
    sources: [upstream('SDK renderers')],
    requires: ['codeMode', 'scopes', 'promptAssembly'],
  },
  {
    id: 'CM-28',
    level: 'should',
    statement:
      "run_code's projected description follows the mounted runtime's language (`Execute a TypeScript program` / `Execute a Python program`, TypeScript when none is mounted), and an unknown language makes the projection throw naming it.",
    sources: [upstream('run_code schema flavors')],
    requires: CODE,
  },
  {
    id: 'CM-29',
    level: 'upstream',
    statement: 'A deployment whose maxParallelSubCalls is not a positive integer (0, negative, fractional, NaN) cannot be created.',
    sources: [upstream('maxParallelSubCalls config validation')],
    evidence: [
      evidence('packages/core/tools/tests/code-mode.spec.ts', 1640, 'direct construction rejects a non-positive parallel sub-call cap at load'),
      evidence('packages/core/tools/src/index.ts', 778, "throw new Error('maxParallelSubCalls must be a positive integer')"),
    ],
    requires: CODE,
  },
  {
    id: 'CM-30',
    level: 'should',
    statement:
      'The collapse failure\'s message is ``unknown tool "<name>": only `run_code` is callable directly — call `<name>` from inside a `run_code` program instead`` (split from CM-03).',
    sources: [upstream('collapse message')],
    requires: CODE,
  },
  {
    id: 'CM-31',
    level: 'should',
    statement:
      "The description failure's message is `invalid description: expected a non-empty string`, and the missing-runtime failure's message contains `requires a code runtime` (split from CM-06 and CM-07).",
    sources: [upstream('run_code failure wording')],
    requires: CODE,
  },
  {
    id: 'CM-32',
    level: 'should',
    statement:
      "A failed run's message is `code run failed (<kind>): <message>`, followed by `\\nCaptured output:\\n` and the log lines joined by newlines when there are any (split from CM-09).",
    sources: [upstream('CodeRunFailedError message')],
    requires: CODE,
  },
  {
    id: 'CM-33',
    level: 'should',
    statement: "The tools binding namespace declares the error class { name: 'ToolCallError', memberNameProperty: 'toolName' } (split from CM-12).",
    sources: [upstream('binding error class')],
    requires: CODE_SCOPES,
  },
  {
    id: 'CM-34',
    level: 'should',
    statement:
      'Argument snapshot rejections read `tool arguments must be lossless JSON (call the tool with an arguments object, e.g. `{}`)` for undefined and start `tool arguments must be lossless JSON` otherwise (split from CM-13).',
    sources: [upstream('binding argument wording')],
    requires: CODE_SCOPES,
  },
  {
    id: 'CM-35',
    level: 'should',
    statement:
      'The run is aborted with the reason `run_code settled`, and late bindings reject with `run_code run is over (<reason>); <name> tool call abandoned` / `not dispatched` / `result discarded` (split from CM-19).',
    sources: [upstream('run-over wording')],
    requires: CODE_SCOPES,
  },
  {
    id: 'CM-36',
    level: 'should',
    statement:
      "The image context forwarded for a sub-call is a user message of its final content tagged with the source `{ kind: 'plugin', plugin: 'tools-code-mode' }`; other fields (upstream adds a message id) are the registry's own (split from CM-22).",
    sources: [upstream('image context source tag')],
    requires: CODE,
  },
  // CM-37: seed 000 §tools/code-dispatch-log says only that a throwing listener is contained and the original content
  // logged; reporting the failure is upstream's (split from CM-24, whose must test no longer skips it silently).
  {
    id: 'CM-37',
    level: 'upstream',
    statement:
      'A contained tools/code-dispatch-log listener failure is reported at warn level (ctx.logger.warn), once per failing dispatch (split from CM-24).',
    sources: [DISPATCH_LOG, upstream('the containment warning')],
    evidence: [evidence('packages/core/tools/src/index.ts', 1303, 'this.ctx.logger.warn(`tools: code-dispatch-log listener failed for ${dispatch.name}')],
    requires: [...CODE_SCOPES, 'warnings'],
  },
  // CM-40..CM-45: upstream halves split off CM-03, CM-14, CM-18, CM-22 and CM-24 (issue 37, the clean room's K-CM codes):
  // what those must rules asserted beyond their quotes.
  {
    id: 'CM-40',
    level: 'upstream',
    statement:
      'Under both nothing collapses: a model-direct call of a visible native tool runs the whole pipeline (tools/pre-execute, tools/execute, the body, tools/post-execute, tools/result) and succeeds (split from CM-03).',
    sources: [PRESENT_AS, upstream("only mode 'code' collapses")],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1325, "return !nested && this.modeFor(scope) === 'code' && name !== RUN_CODE_NAME"),
      evidence('packages/core/tools/tests/code-mode.spec.ts', 154, "mode 'both' omits the run_code-only rule, because native calls do execute there"),
    ],
    divergence: "The seeds name only `mode: 'code'`; a mode presenting both is upstream's (OP-63).",
    requires: CODE,
  },
  {
    id: 'CM-41',
    level: 'upstream',
    statement:
      "The n of a sub-call id counts the run's accepted binding calls from 1 in submission order (each run starting again at 1); a sub-call carries the outer call's agent (none without one), and its signal is not the caller's but the run's, aborted once the run settles (split from CM-14).",
    sources: [DISPATCH_LOG_TYPE, upstream('sub-call input')],
    evidence: [
      evidence('packages/core/tools/src/code-mode.ts', 471, 'const n = ++dispatches'),
      evidence('packages/core/tools/src/code-mode.ts', 477, '...exec.agent ? { agent: exec.agent } : {},'),
      evidence('packages/core/tools/src/code-mode.ts', 479, 'signal: runController.signal,'),
    ],
    divergence:
      'The seeds give only the form `<parent>:code:<n>` ("Deterministic sub-call id"); the base of n, the agent and the signal\'s lifetime are upstream\'s.',
    requires: CODE_SCOPES,
  },
  {
    id: 'CM-42',
    level: 'upstream',
    statement:
      "A successful sub-call whose final content (after tools/post-execute) contains an image block adds, at its commit and before its own additionalContexts, a context carrying that final content to the outer run_code result; a failed sub-call, or one whose image a replacement removed, adds none (the context's fields are CM-36's; split from CM-22).",
    sources: [upstream('image forwarding by the bridge')],
    evidence: [
      evidence('packages/core/tools/src/code-mode.ts', 564, "if (!result.isError && result.content.some(block => block.type === 'image')) {"),
      evidence('packages/core/tools/tests/code-mode.spec.ts', 1090, 'defers image-bearing final sub-call content onto the outer run_code result'),
      evidence('packages/core/tools/tests/code-mode.spec.ts', 1124, 'does not defer images removed by a nested post-execute decision'),
    ],
    divergence: "The seeds have a composite ferry its nested calls' contexts, never turn a nested call's content into one (OP-64).",
    requires: CODE,
  },
  {
    id: 'CM-43',
    level: 'upstream',
    statement:
      'The contexts forwarded from sub-calls reach the outer run_code result in submission order, whatever order the sub-calls complete in, and those forwarded before a run failure stay on the failed outer result (split from CM-22).',
    sources: [upstream('composite forwarding in commit order')],
    evidence: [
      evidence(
        'packages/core/tools/tests/code-mode.spec.ts',
        731,
        'post-execute and context commitment stay in submission order under out-of-order completion',
      ),
      evidence('packages/core/tools/tests/code-mode.spec.ts', 1157, 'keeps sub-call contexts when run_code fails after the nested dispatch'),
    ],
    divergence: 'The seeds say a composite ferries nested-dispatch context back, not in which order nor whether a failed outer run keeps it (OP-65).',
    requires: CODE,
  },
  {
    id: 'CM-44',
    level: 'upstream',
    statement:
      'Each tool/code-dispatch record also carries the start fields rootCallId, parentCallId (the outer callId), subCallId, name and arguments, and the records are appended in submission order even when the sub-calls complete in another order (split from CM-24).',
    sources: [DISPATCH_LOG_TYPE, upstream('settle record fields and order')],
    evidence: [
      evidence('packages/core/tools/src/code-mode.ts', 512, "agent.session.append('tool/code-dispatch', {"),
      evidence('packages/core/tools/src/code-mode.ts', 514, 'parentCallId: exec.callId,'),
      evidence(
        'packages/core/tools/tests/code-mode.spec.ts',
        731,
        'post-execute and context commitment stay in submission order under out-of-order completion',
      ),
    ],
    divergence:
      'The seeds name only what the record stores ("原样存储子调用渲染后的 `content` 与 `isError`") and expose each settled sub-dispatch to the waterfall "before the bridge appends its `tool/code-dispatch` event": neither other fields nor an order (OP-66).',
    requires: CODE_SCOPES,
  },
  {
    id: 'CM-45',
    level: 'upstream',
    statement:
      "A failed sub-call rejects its binding with an Error whose message is the final result's error message (a tools/pre-execute denial's being its reason) (split from CM-18).",
    sources: [DISPATCH_LOG_TYPE, upstream('binding rejection')],
    evidence: [
      evidence('packages/core/tools/src/code-mode.ts', 600, 'if (outcome.isError) throw new Error(outcome.message)'),
      evidence('packages/core/tools/tests/code-mode.spec.ts', 1001, 'a tools/pre-execute deny reaches the program as a binding rejection'),
    ],
    divergence: 'The seeds say only that the program receives "just the error message on failure", not in what form (OP-60).',
    requires: CODE,
  },
  {
    id: 'CM-46',
    level: 'upstream',
    statement:
      'A binding call refused for a non-JSON argument rejects its binding, consumes no sub-call number and appends no record (the refused call reaches no stage, tools/result included); accepted arguments reach the tool and the start record as equal, separate copies (split from CM-13).',
    sources: [upstream('binding argument snapshot')],
    evidence: [
      evidence('packages/core/tools/src/code-mode.ts', 470, 'const normalized = jsonNormalizeArgs(rawArgs)'),
      evidence('packages/core/tools/src/code-mode.ts', 542, 'arguments: normalized.logged,'),
      evidence('packages/core/tools/tests/code-mode.spec.ts', 1021, 'rejects a binding argument that is not lossless JSON, dispatching nothing'),
    ],
    divergence:
      'The seeds say execute() refuses non-JSON input before policy ("拒绝非 JSON 输入"), not how a Code Mode binding surfaces it, whether it counts towards `<n>` or leaves a record (OP-67).',
    requires: CODE_SCOPES,
  },
  {
    id: 'CM-47',
    level: 'upstream',
    statement:
      'The signal handed to the runtime and to sub-calls is also aborted when the run settles; a sub-call still queued when the run ends (settled or aborted) is abandoned (its binding rejects, no record is appended, no stage runs); a binding called after the run is over rejects without dispatching, and a sub-call result arriving after the run was aborted is discarded (its binding rejects) (split from CM-19).',
    sources: [upstream('run-scoped abort')],
    evidence: [
      evidence('packages/core/tools/src/code-mode.ts', 635, "runController.abort('run_code settled')"),
      evidence('packages/core/tools/src/code-mode.ts', 534, 'tool call abandoned'),
      evidence('packages/core/tools/src/code-mode.ts', 468, 'not dispatched'),
      evidence('packages/core/tools/src/code-mode.ts', 595, 'result discarded'),
      evidence('packages/core/tools/tests/code-mode.spec.ts', 767, 'a queued-unstarted call abandoned by run settlement logs no start event'),
    ],
    divergence:
      'The seeds ask only that async work "observe or forward `exec.signal`" and settle at quiescence; a run signal of its own, queued calls and late bindings are upstream\'s (OP-68).',
    requires: CODE_SCOPES,
  },
  // CM-52..54: what CM-13, CM-19 and CM-21 demanded beyond their quotes (issue 37, part 3).
  {
    id: 'CM-52',
    level: 'upstream',
    statement:
      "A binding hands the program's argument to the lossless snapshot as it is, neither converting, normalising nor defaulting it: a binding called with a bigint, an object whose getter throws, undefined, a Date or a function, bare or nested, is refused before dispatch like any argument that is not lossless JSON (no stage sees it, no body runs), and an accepted argument reaches the body equal to the program's (split from CM-13).",
    sources: [upstream('binding arguments go through the lossless snapshot unchanged')],
    evidence: [
      evidence('packages/core/tools/src/code-mode.ts', 470, 'const normalized = jsonNormalizeArgs(rawArgs)'),
      evidence('packages/core/tools/src/code-mode.ts', 156, 'snapshot = snapshotJsonValue(value) as JsonValue | undefined'),
      evidence(
        'packages/core/tools/src/code-mode.ts',
        161,
        "throw new Error('tool arguments must be lossless JSON (call the tool with an arguments object, e.g. `{}`)')",
      ),
    ],
    divergence:
      "The seeds say execute() rejects non-JSON input, not how a Code Mode binding hands the program's argument to it: a binding that normalises it first (a JSON round trip turns a Date into a string and drops functions and undefined members), converts a bigint or defaults a missing one to {} would not refuse these (OP-73).",
    requires: CODE_SCOPES,
  },
  {
    id: 'CM-53',
    level: 'upstream',
    statement:
      'run_code forwards its signal to the work it owns: when the outer signal aborts mid-run, the signal handed to the runtime and the signal of a sub-call in flight are both aborted.',
    sources: [upstream('the run-scoped abort follows the outer signal in')],
    evidence: [
      evidence('packages/core/tools/src/code-mode.ts', 341, 'const onOuterAbort = (): void => { runController.abort(exec.signal.reason) }'),
      evidence('packages/core/tools/src/code-mode.ts', 480, 'signal: runController.signal,'),
      evidence('packages/core/tools/src/code-mode.ts', 629, 'signal: runController.signal,'),
      evidence('packages/core/tools/tests/code-mode.spec.ts', 1207, 'aborting the outer signal aborts the in-flight sub-dispatch and abandons queued ones'),
    ],
    divergence:
      'The seeds ask only that async work "observe or forward `exec.signal`", and never mention a runtime\'s signal or which signal run_code gives its sub-calls (OP-74).',
    requires: CODE_SCOPES,
  },
  {
    id: 'CM-54',
    level: 'upstream',
    statement:
      "When run_code's outer signal aborts mid-run and the program then returns a value, run_code settles as a success, which the registry replaces with ABORTED.",
    sources: [upstream('run_code returns the program value; the registry replaces a success under an aborted signal')],
    evidence: [
      evidence('packages/core/tools/src/code-mode.ts', 645, '...result.value !== undefined ? { result: result.value } : {},'),
      evidence('packages/core/tools/src/index.ts', 1551, 'return isAborted(signal)'),
      evidence('packages/core/tools/src/index.ts', 1552, '? toolAbortedResult(result)'),
    ],
    divergence:
      'The seed replaces "a successful started outcome with `ABORTED`" and lets already-started work "retain a tool-owned structured error": a run_code that settles with its own error once its signal aborted is as good a reading.',
    requires: CODE,
  },
  // CM-55: what CM-07 demanded beyond its quote (issue 37): the seeds never mention a code runtime, let alone a missing one.
  {
    id: 'CM-55',
    level: 'upstream',
    statement:
      "With no code runtime mounted, executing run_code resolves a failure with no value and no error.info (its body throws a plain Error) and asks no runtime to run; unmounting a runtime that was mounted makes run_code fail so again (split from CM-07; the message is CM-31's).",
    sources: [upstream('missing runtime is a structured failure')],
    evidence: [
      evidence('packages/core/tools/src/code-mode.ts', 334, 'const runtime = requireRuntime()'),
      evidence('packages/core/tools/src/index.ts', 1022, 'throw new Error(`dsh-tools: mode "${mode}" requires a code runtime'),
      evidence('packages/core/tools/tests/code-mode.spec.ts', 1288, 'executing run_code under a missing runtime is a structured isError, not a crash'),
    ],
    divergence:
      'The seeds never mention a code runtime, so not what run_code does without one: failing with a code of its own, or not being offered, would be as good a reading (OP-72).',
    requires: CODE,
  },
])
