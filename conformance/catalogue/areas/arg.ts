import { defineArea, evidence, quote, seed, upstream } from '../define.ts'

/** ARG rules. Tests: conformance/suite/arg.test.ts; ARG-10 by the tsd suite types/arg-10.*.test-d.ts. */
export const ARG_RULES = defineArea('ARG', [
  {
    id: 'ARG-01',
    level: 'must',
    statement:
      "execute() captures the input into a pipeline-owned ToolExecution, materialising its arguments once: every later stage (policy, wrappers, the body, tools/result) works from that execution's values, and changes to the caller's input object after entry reach none of them (how often and in what order the input's fields are read is ARG-19's).",
    sources: [seed('000', '§执行 (一次性物化)')],
    quotes: [
      quote('000', '§执行', '将其解析后的 JSON 参数一次性物化为流水线拥有的 `ToolExecution`'),
      quote('000', '§执行 (ToolExecutionInput)', 'adds the registry-owned token to form a pipeline {@link ToolExecution}'),
    ],
  },
  {
    id: 'ARG-02',
    level: 'must',
    statement:
      'Each execute() mints a new symbol token before policy runs, which no caller-supplied field can override; every stage of that execution (pre-execute, guards, tools/execute, body, post-execute, tools/result) sees the same token and two executions never share one.',
    sources: [seed('000', '§执行 (ToolExecutionToken)'), seed('002', '§ctx.tools.execute')],
    quotes: [
      quote(
        '000',
        '§执行 (ToolExecutionToken)',
        '`ToolExecutionToken` 是不透明的运行时 `Symbol`，仅用于身份比较。策略执行前，`execute()` 会物化并冻结参数、拒绝非 JSON 输入并分配 token。',
      ),
      quote('000', '§执行 (ToolExecutionInput)', 'callers do not choose that token'),
      quote('000', '§执行 (ToolExecution.token)', 'Registry-assigned identity shared with nested calls only as their opaque `parent` token.'),
      quote('002', '§ctx.tools.execute', 'The registry assigns its correlation token before policy begins.'),
      quote(
        '000',
        '§执行',
        '然后让调用依次经过 `tools/pre-execute`（可重排的 allow/deny/ask waterfall）→ 已注册的单调 guard → `tools/execute`（环绕分派包装层）→ `tools/post-execute`（检查/替换结果）',
      ),
    ],
  },
  {
    id: 'ARG-03',
    level: 'must',
    statement: 'exec.rootCallId is the input rootCallId when one is given and the input callId otherwise.',
    sources: [seed('000', '§执行 (ToolExecutionInput.rootCallId, ToolExecution.rootCallId)')],
    quotes: [
      quote(
        '000',
        '§执行 (ToolExecutionInput.rootCallId)',
        'Root model-requested call owning this execution tree. Callers omit it for a root execution; nested dispatchers propagate the enclosing value.',
      ),
      quote('000', '§执行 (ToolExecution.rootCallId)', 'Root model-requested call, resolved for every root and nested execution.'),
    ],
  },
  {
    id: 'ARG-04',
    level: 'must',
    statement:
      'exec.arguments is a detached, deep-frozen lossless-JSON copy of the caller arguments, the caller object is left unfrozen and unchanged, and that one copy is what every stage sees as exec.arguments and what the body receives as its first parameter.',
    sources: [seed('000', '§执行 (ToolExecution)'), seed('002', '§ctx.tools.execute')],
    quotes: [
      quote('000', '§执行 (ToolExecution)', 'Parsed arguments cross one lossless-JSON materialization boundary before policy and are deep-frozen'),
      quote('000', '§执行', '将其解析后的 JSON 参数一次性物化为流水线拥有的 `ToolExecution`'),
      quote('000', '§ToolDefinition (execute)', 'losslessly snapshotted, frozen model arguments'),
    ],
  },
  {
    id: 'ARG-05',
    level: 'must',
    statement:
      "execute() admits arguments built from null, booleans, strings, finite numbers (-0 aside), dense ordinary arrays and plain objects with enumerable string keys, nested to a modest depth, and refuses before policy, without running any tools/pre-execute listener or the tool body, every value JSON cannot carry losslessly: undefined anywhere, functions, symbols, bigints, NaN, ±Infinity, cycles, Map/Set/Date, sparse arrays or arrays with extra properties, and symbol-keyed or non-enumerable properties (how it refuses them, a resolved failure that tools/result receives once, is ARG-06's; what -0 gets is ARG-24's; prototypes other than the ordinary ones, shared parts, getters and deep nesting are ARG-17's and ARG-15's).",
    sources: [seed('000', '§执行 (ToolExecutionInput.arguments)')],
    quotes: [
      quote('000', '§执行 (ToolExecutionInput.arguments)', 'Losslessly JSON-serializable parsed arguments (tools validate their own schema).'),
      quote('000', '§执行', '策略执行前，`execute()` 会物化并冻结参数、拒绝非 JSON 输入'),
    ],
  },
  {
    id: 'ARG-06',
    level: 'must',
    statement:
      "When the arguments cannot be materialised as lossless JSON (a throwing getter included), execute() resolves to a failure (isError true) without running any tools/pre-execute listener, guard, tools/execute wrapper or the body, and tools/result observers receive that outcome once (its lack of error.info is ERR-14's, the getter's own message ARG-16's; that tools/post-execute does not run and exec.arguments is undefined ARG-18's; that it beats a signal already aborted CAN-03's).",
    sources: [seed('000', '§执行 (拒绝非 JSON 输入)'), seed('001', 'L4')],
    quotes: [
      quote('000', '§执行', '策略执行前，`execute()` 会物化并冻结参数、拒绝非 JSON 输入并分配 token'),
      quote('001', 'L4', '输入失败、审批拒绝或取消可以提前结束，不会无条件执行到工具本体'),
      quote('001', 'L14', '源码会把可处理的管线失败规范成工具错误结果'),
      quote('002', '§ctx.tools.execute', 'The returned outcome is the same lossless, frozen snapshot final observers receive.'),
    ],
  },
  {
    id: 'ARG-07',
    level: 'must',
    statement:
      "The execution object listeners receive exposes token, callId, rootCallId, name, signal and arguments, and agent and parent when the input supplied them; the body's context additionally exposes deferContext and concludeTurn functions (that these are own enumerable properties and that agent and parent keys are absent when not supplied is ARG-20's).",
    sources: [seed('000', '§执行 (ToolExecution, ToolRunContext)')],
    quotes: [
      quote('000', '§执行 (ToolExecution)', 'interface ToolExecution extends ToolExecutionInput'),
      quote('000', '§执行 (ToolExecution.rootCallId)', 'readonly rootCallId: CallId'),
      quote('000', '§执行 (ToolExecution.token)', 'readonly token: ToolExecutionToken'),
      quote('000', '§执行 (ToolRunContext)', 'interface ToolRunContext extends ToolExecution'),
      quote('000', '§执行 (ToolRunContext)', 'deferContext(context: UserMessage): void'),
      quote('000', '§执行 (ToolRunContext)', 'concludeTurn(): void'),
    ],
    divergence:
      'Upstream also hands deferContext and concludeTurn to pre-/post-execute listeners; the seeds type those listeners with ToolExecution only, so the kit does not test either way.',
  },
  {
    id: 'ARG-08',
    level: 'must',
    statement:
      'The argument value is deep-frozen from the first stage on, and the execution object is frozen when tools/result observers see it, holding the caller signal as long as wrappers restored theirs.',
    sources: [seed('000', '§执行 (ToolExecution: freezes the complete object before tools/result)')],
    quotes: [
      quote('000', '§执行 (ToolExecution)', 'Parsed arguments cross one lossless-JSON materialization boundary before policy and are deep-frozen'),
      quote('000', '§执行 (ToolExecution)', 'The registry freezes the complete object before `tools/result` observers run.'),
      quote('000', '§执行', '最终观察者接收冻结的执行身份'),
      quote('000', '§tools/execute', 'wrappers must still restore their signal and reach quiescence'),
    ],
  },
  {
    id: 'ARG-09',
    level: 'must',
    statement:
      "The input's parent token is carried onto the execution unchanged; a call carrying the token of an enclosing execution is a transport sub-dispatch, and the output's presentationMeta projector is not computed for it (what a parent that is no live token does is ARG-21's).",
    sources: [seed('000', '§执行 (ToolExecutionInput.parent)')],
    quotes: [
      quote('000', '§执行 (ToolExecutionInput.parent)', 'Opaque token of the enclosing transport execution, when one exists.'),
      quote('000', '§执行 (ToolExecutionInput.parent)', 'The token also marks the call as a transport sub-dispatch rather than a model-direct call'),
      quote('000', '§ToolDefinition (presentationMeta)', 'Pure replayable presentation projection, computed only for top-level calls.'),
    ],
  },
  // ARG-10 reads "a `tools/execute` wrapper may replace the signal … but it cannot remove it" (seed 000 §执行,
  // ToolDispatchExecution) as type-level only, and no runtime rule pins a removal (issue 30). The sentence is the doc
  // comment of the `ToolDispatchExecution` declaration, whose `signal: AbortSignal` is what forbids the removal; the
  // Chinese prose (包装层可以替换 signal 但不能移除) restates that capability, and the one runtime duty next to it is
  // the re-fusion before the body (EXE-09, EXE-10). Nothing says what a registry does when untyped code sets
  // `exec.signal = undefined` anyway, and the implementations differ: upstream 0.1.1-rc.2 fails the call with the
  // TypeError of reading `.aborted` off undefined and tools/result sees no signal; the reference re-fuses the caller
  // signal for the body and lets post-execute and tools/result see what the wrapper left (undefined); the clean-room
  // registry fails the call with a message of its own and shows the caller signal to the later stages. A must test
  // would have to pick one of these readings, and upstream's own leaves an observer without a signal, so no upstream
  // rule can pin it either; the kit leaves the runtime case unpinned rather than make one registry's choice a rule.
  {
    id: 'ARG-10',
    level: 'must',
    statement:
      'At the type level signal is required and readonly on ToolExecutionInput, ToolExecution and ToolRunContext, and only the tools/execute view may reassign it, never delete it or set it to undefined (a removal at runtime is not pinned: see the comment above).',
    sources: [seed('000', '§执行 (ToolDispatchExecution)')],
    quotes: [
      quote('000', '§执行 (ToolExecutionInput.signal)', 'Required caller-owned cancellation for this invocation.'),
      quote('000', '§执行', '只有 `tools/execute` 视图可以替换必需的 signal'),
      quote('000', '§执行 (ToolDispatchExecution)', 'A `tools/execute` wrapper may replace the signal for its delegated lifetime, but it cannot remove it.'),
      quote('000', '§执行', '身份字段、调用方必需的 signal 和可选的 parent token 均保持 readonly'),
    ],
  },
  {
    id: 'ARG-11',
    level: 'must',
    statement:
      'Reassigning an identity field of the execution object (name, callId, rootCallId, arguments, token, agent, parent) from any listener neither changes which tool body runs nor the identity that later stages and tools/result observers see.',
    sources: [seed('000', '§执行 (包装层无法创建第二个相互矛盾的身份)'), seed('000', '§Cordis API (tools/execute)'), seed('001', 'L19')],
    quotes: [
      quote('000', '§执行', '身份字段、调用方必需的 signal 和可选的 parent token 均保持 readonly'),
      quote('000', '§执行', '包装层无法创建第二个相互矛盾的身份'),
      quote('000', '§tools/execute', 'wrappers may change only `exec.signal`, while call identity remains immutable'),
      quote('000', '§执行', '参数不可被改写，因为历史记录、审计、UI 和执行必须保持一致'),
      quote('001', 'L19', '执行身份也有保护——不能本来检查的是 A，最后借包装层执行了 B'),
    ],
    divergence:
      'Upstream enforces readonly identity only in the TypeScript types: the exec object stays writable until tools/result and the tool is re-resolved by exec.name at dispatch, so a JavaScript listener that assigns exec.name runs another tool; the seeds say identity cannot be changed, and the kit follows them.',
  },
  {
    id: 'ARG-12',
    level: 'should',
    statement:
      "A non-lossless argument failure carries the message `tool execution arguments must be losslessly JSON-serializable` (its enveloped content is ERR-19's).",
    sources: [upstream('TypeError text of the argument boundary')],
  },
  {
    id: 'ARG-13',
    level: 'must',
    statement:
      "Under mode 'code', a call carrying the token of an enclosing run_code execution as its parent is not denied as UNKNOWN_TOOL for being a model-direct call to a native tool name (that any defined parent exempts it is ARG-21's).",
    sources: [seed('000', '§执行 (ToolExecutionInput.parent)')],
    quotes: [
      quote(
        '000',
        '§执行 (ToolExecutionInput.parent)',
        "under `mode: 'code'`, only calls WITH a parent may execute a native tool name — a model-direct call (no parent) is denied as `UNKNOWN_TOOL` before the policy pipeline.",
      ),
    ],
    requires: ['codeMode'],
  },
  {
    id: 'ARG-14',
    level: 'should',
    statement:
      'An input whose signal is not an AbortSignal (a primitive or a look-alike object, as well as a missing or null one) is malformed: execute() resolves a failure, no pre-execute, guard, tools/execute, body or post-execute stage runs, and tools/result fires once.',
    sources: [seed('000', '§执行 (ToolExecutionInput.signal)'), upstream('a missing or null signal makes execute() reject (see ERR-10)')],
    divergence:
      "Upstream only reads signal.aborted, so it rejects a missing or null signal and runs the call with any other value whose aborted reads falsy; the kit treats every non-AbortSignal as malformed input (ERR-08, ERR-10). The seeds type the signal as a required AbortSignal but do not say what execute() does with input that breaks that type, so this is the kit's reading and a should rule.",
  },
  {
    id: 'ARG-15',
    level: 'upstream',
    statement: 'Argument materialisation does not recurse on the call stack: arguments nested 50,000 levels deep are accepted and reach the body intact.',
    sources: [upstream('iterative snapshotJsonValue')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1412, 'const detached = snapshotJsonValue(exec.arguments)'),
      evidence('packages/core/session/tests/json.spec.ts', 94, 'accepts deeply nested valid JSON without using the JavaScript call stack'),
    ],
  },
  {
    id: 'ARG-16',
    level: 'upstream',
    statement:
      "When a getter throws while the arguments are materialised (inside them, or the input's own `arguments` getter), the failure message is that error's own message, verbatim.",
    sources: [upstream('argument failure normalised from the thrown value')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1449, "return { kind: 'final-result', exec: execution, result: toolErrorResult(error) }"),
      evidence('packages/core/tools/src/index.ts', 1872, 'const message = errorMessage(error)'),
    ],
  },
  {
    id: 'ARG-17',
    level: 'upstream',
    statement:
      'Beyond what JSON drops, the argument boundary admits plain objects with a null prototype or from another realm and refuses class instances, boxed primitives and array subclasses; it copies a shared acyclic part once per path, reads each getter once (a cycle is refused after one read of each), and accepts nesting 100 levels deep (open point OP-35; at must level it admits what JSON carries losslessly and refuses what JSON cannot carry, ARG-05).',
    sources: [upstream('boundary of snapshotJsonValue')],
    evidence: [
      evidence('packages/core/session/src/json.ts', 166, 'Validate and detach lossless JSON in one read per property, so a stateful'),
      evidence('packages/core/session/src/json.ts', 169, 'call stack. Accepts ordinary arrays, plain or null-prototype objects, and JSON'),
    ],
    divergence:
      'Seed 000 asks only for "Losslessly JSON-serializable parsed arguments": a JSON round trip loses a prototype, a shared reference and an accessor alike, so refusing or admitting each is as good a reading, and the seeds give no depth guarantee.',
  },
  {
    id: 'ARG-18',
    level: 'upstream',
    statement:
      'After an argument failure no tools/post-execute stage runs, and the execution tools/result observers receive has arguments undefined (at must level the failure skips every policy stage and the body, ARG-06).',
    sources: [upstream('argument failures are final results')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1447, 'const execution: MutableToolRunContext = { ...base, arguments: undefined }'),
      evidence('packages/core/tools/src/index.ts', 1449, "return { kind: 'final-result', exec: execution, result: toolErrorResult(error) }"),
    ],
    divergence:
      'Seed 000 says finalizeContent covers "pipeline failures that bypass `tools/post-execute`" without listing them, and walkthrough L23 lets post-execute see calls rejected before execution; nothing says what exec.arguments holds after the failure.',
  },
  {
    id: 'ARG-19',
    level: 'upstream',
    statement:
      'On entry the registry reads each identity field of the input (callId, rootCallId, name, agent, parent, signal) and then arguments exactly once, even through stateful getters (at must level later stages work from the captured execution, ARG-01).',
    sources: [upstream('read-once capture of the input')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1367, 'const callId = exec.callId'),
      evidence('packages/core/tools/src/index.ts', 1412, 'const detached = snapshotJsonValue(exec.arguments)'),
    ],
    divergence:
      "Seed 000 says the arguments are materialised once into a pipeline-owned execution; it does not say how often or in what order the input's fields are read before that.",
  },
  {
    id: 'ARG-20',
    level: 'upstream',
    statement:
      "The execution's identity fields are own enumerable properties, as on a plain object, and it has no agent or parent key when the input supplied none (at must level the fields are exposed, ARG-07).",
    sources: [upstream('key presence of agent/parent')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1389, '...agent !== undefined ? { agent } : {},'),
      evidence('packages/core/tools/src/index.ts', 1390, '...parent !== undefined ? { parent } : {},'),
    ],
    divergence:
      'The seeds give ToolExecution as an interface with optional agent and parent: accessors, inherited properties, or keys present with the value undefined are as good a reading.',
  },
  {
    id: 'ARG-21',
    level: 'upstream',
    statement:
      'Any defined parent, a value that is no live execution token included, is trusted as it is: the call runs, carries it unchanged, gets no presentation meta and is exempt from the Code Mode collapse (open point OP-36; at must level the token of an enclosing execution does this, ARG-09 and ARG-13).',
    sources: [upstream('parent is trusted, not verified')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1381, 'const collapsed = visible !== undefined && this.collapses(name, agent, parent !== undefined)'),
      evidence('packages/core/tools/src/index.ts', 1390, '...parent !== undefined ? { parent } : {},'),
    ],
    divergence:
      'The seeds call parent an "Opaque token of the enclosing transport execution" without saying whether the registry verifies it; a registry that refuses a forged or stale token is as good a reading.',
  },
  // ARG-24: JSON text can spell -0 (JSON.parse('-0') is -0) while JSON.stringify writes 0; the seeds' "Losslessly
  // JSON-serializable" and "拒绝非 JSON 输入" do not say whether -0 is refused, kept or made 0 (issue 37, part 3:
  // what ARG-05 demanded beyond its quotes).
  {
    id: 'ARG-24',
    level: 'upstream',
    statement:
      'The argument boundary refuses -0 anywhere in the arguments as an argument failure, without running the body (at must level ARG-05 admits what JSON carries losslessly and refuses what JSON cannot carry, and leaves -0 open).',
    sources: [seed('000', '§执行 (ToolExecutionInput.arguments)'), upstream('snapshotJsonValue refuses negative zero')],
    evidence: [
      evidence('packages/core/session/src/json.ts', 127, 'if (!Number.isFinite(current) || Object.is(current, -0)) return undefined'),
      evidence('packages/core/tools/src/index.ts', 1412, 'const detached = snapshotJsonValue(exec.arguments)'),
    ],
    divergence:
      'Seed 000 asks for "Losslessly JSON-serializable parsed arguments" and rejects "非 JSON 输入" without naming -0: JSON text can hold -0, so keeping it, or canonicalising it to 0, is as good a reading as refusing it.',
  },
  // ARG-25: the same boundary on what a tool produces (reference/pipeline/output.ts and materialize.ts snapshot it as arguments).
  {
    id: 'ARG-25',
    level: 'upstream',
    statement:
      'What a tool produces crosses the boundary ARG-17 draws for arguments: a body value, the content output.render returns, the meta output.presentationMeta returns and the content finalizeContent returns may hold null-prototype records and objects and arrays of another realm, and are taken as the lossless JSON they hold (open point OP-75; at must level OUT-02, OUT-04, OUT-05 and RES-03 admit what JSON carries losslessly).',
    sources: [upstream('one snapshotJsonValue boundary for arguments, values, projections and final content')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 546, 'const detached = snapshotJsonValue(candidate)'),
      evidence('packages/core/tools/src/index.ts', 532, 'const detached = snapshotJsonValue(candidate)'),
      evidence('packages/core/tools/src/index.ts', 634, 'const detached = snapshotJsonValue(candidate)'),
      evidence('packages/core/session/src/json.ts', 169, 'call stack. Accepts ordinary arrays, plain or null-prototype objects, and JSON'),
    ],
    divergence:
      'Seed 000 asks for a "canonical lossless-JSON value" and lossless, frozen results without saying which prototypes a lossless container may have: a JSON round trip drops a null prototype and a realm alike, so refusing such containers is as good a reading as admitting them (as for arguments, OP-35).',
  },
])
