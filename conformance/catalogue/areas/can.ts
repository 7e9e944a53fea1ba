import { defineArea, evidence, quote, seed, upstream } from '../define.ts'

/** CAN rules. Tests: conformance/suite/can.test.ts. */
export const CAN_RULES = defineArea('CAN', [
  {
    id: 'CAN-01',
    level: 'must',
    statement:
      "A caller cancellation arriving after entry and before final result materialization skips a body that has not yet started, giving a failure coded ABORTED_BEFORE_DISPATCH instead of running it, and replaces a successful started outcome with a failure coded ABORTED; a started call that fails may keep its own tool-owned error (what a call that a denial or another failure settled first keeps is CAN-09's; whether that ABORTED_BEFORE_DISPATCH meets tools/post-execute, where a block would replace it, is open (OP-70), upstream's side POST-25's; that the contexts the body deferred survive is CTX-02's, that contexts a wrapper result or a post-execute decision brought are kept too CAN-20's, their info.name CAN-16's, their enveloped content ERR-13's; a signal already aborted at entry is CAN-25's).",
    sources: [seed('000', '§Cordis API (execute)')],
    quotes: [
      quote(
        '000',
        '§Cordis API (execute)',
        'Cancellation arriving after entry and before final result materialization skips a not-yet-started body with `ABORTED_BEFORE_DISPATCH` or replaces a successful started outcome with `ABORTED`',
      ),
    ],
  },
  {
    id: 'CAN-02',
    level: 'must',
    statement:
      "A caller cancellation that arrives after entry, before the body starts, means the body never runs; when no denial or other failure settled the call first and no later listener changes the result, execute() resolves a failure coded ABORTED_BEFORE_DISPATCH, the outcome tools/result receives, once (a signal already aborted at entry is CAN-25's; that such a call short-circuits before any policy stage, with its arguments still materialized and frozen, CAN-21's; that a denial or failure settled first is kept CAN-09's; whether that ABORTED_BEFORE_DISPATCH meets tools/post-execute, where a block would replace it, is open (OP-70), upstream's side POST-25's).",
    sources: [seed('000', '§Cordis API (execute)'), seed('002', '§ctx.tools.execute')],
    quotes: [
      quote(
        '000',
        '§Cordis API (execute)',
        'Cancellation arriving after entry and before final result materialization skips a not-yet-started body with `ABORTED_BEFORE_DISPATCH`',
      ),
      quote('002', '§ctx.tools.execute', 'The returned outcome is the same lossless, frozen snapshot final observers receive.'),
      quote('000', '§tools/result', '`tools/result` — emit'),
    ],
  },
  {
    id: 'CAN-03',
    level: 'upstream',
    statement:
      'When arguments cannot be materialized and the caller signal is also already aborted, the argument failure is reported, not a cancellation code.',
    sources: [upstream('argument materialization precedes the entry cancellation check')],
    evidence: [
      evidence('packages/core/tools/tests/tools.spec.ts', 1634, 'lets argument materialization failure win over a pre-aborted signal'),
      evidence('packages/core/tools/src/index.ts', 1449, "return { kind: 'final-result', exec: execution, result: toolErrorResult(error) }"),
    ],
  },
  {
    id: 'CAN-04',
    level: 'must',
    statement:
      "A caller abort while tools/pre-execute, or the approval an ask asked for, is pending keeps the call from its body: it is observed once the pending pre-execute listeners settle (their promise is not abandoned), a call that would otherwise go on to dispatch (an allow, or an approval granted allowed-once) has its body skipped with a failure coded ABORTED_BEFORE_DISPATCH, and an approval answered with anything other than allowed-once still ends the call as a failure without the body. Whether a pending approval is awaited or abandoned on the abort is open (OP-69; upstream awaits it, PRE-32), and so is whether that ABORTED_BEFORE_DISPATCH meets tools/post-execute, where a block would replace it (OP-70; upstream's side POST-25); that a later deny stays that denial is CAN-09's (and PRE-31's), that a guard's denial after the abort is kept GRD-11's, that such a call does not enter tools/execute CAN-22's, and which failure a non-allowed-once answer gives after the abort PRE-09's.",
    sources: [seed('000', '§tools/pre-execute'), seed('001', 'L29'), upstream('details pinned by PRE-09, PRE-14, PRE-32, POST-25 and CAN-22')],
    quotes: [
      quote(
        '000',
        '§tools/pre-execute',
        'Async gates must observe `exec.signal`; the registry rechecks cancellation after they settle but never abandons their promise.',
      ),
      quote(
        '000',
        '§Cordis API (execute)',
        'Cancellation arriving after entry and before final result materialization skips a not-yet-started body with `ABORTED_BEFORE_DISPATCH`',
      ),
      quote('001', 'L29', '执行前检查等待期间收到取消，工具本体调用次数仍为 0'),
      quote('000', '§执行 (PreToolDecision)', '`ask` runs only after an approval service returns `allowed-once` and otherwise denies'),
    ],
  },
  {
    id: 'CAN-05',
    level: 'must',
    statement:
      "If the caller aborted while a tools/execute wrapper awaited before next(), the body is skipped and next() yields ABORTED_BEFORE_DISPATCH (that a wrapper-installed signal already aborted skips the body too is CAN-19's).",
    sources: [seed('000', '§Cordis API (execute)'), upstream('fused-signal check before the body')],
    quotes: [
      quote(
        '000',
        '§Cordis API (execute)',
        'Cancellation arriving after entry and before final result materialization skips a not-yet-started body with `ABORTED_BEFORE_DISPATCH`',
      ),
      quote('000', '§tools/execute', 'The registry re-fuses the original caller signal before the body, so replacement cannot detach caller cancellation'),
    ],
  },
  {
    id: 'CAN-06',
    level: 'must',
    statement:
      "A success a wrapper returned without the body being invoked, with the caller aborted before the wrapper settles, ends as ABORTED_BEFORE_DISPATCH unless tools/post-execute turned it into a failure (that the wrapper result's contexts are kept on it is CAN-20's, whether tools/post-execute already sees the cancellation code CAN-18's).",
    sources: [seed('000', '§tools/post-execute'), upstream('short-circuit plus caller abort')],
    quotes: [
      quote(
        '000',
        '§tools/post-execute',
        'after they settle, caller cancellation replaces only a successful accepted outcome with the code selected by whether the tool body was invoked.',
      ),
      quote('000', '§Cordis API (execute)', 'skips a not-yet-started body with `ABORTED_BEFORE_DISPATCH`'),
    ],
  },
  {
    id: 'CAN-07',
    level: 'must',
    statement:
      "A body that was invoked and returned a success ends as a failure coded ABORTED if a caller cancellation arrived after entry and before final result materialization (by the time the body returned, or while a wrapper was still finishing), unless the outcome had already become a failure, for example through a tools/post-execute block (that the body's deferred contexts survive is CTX-02's; whether tools/post-execute already receives ABORTED is CAN-18's).",
    sources: [seed('000', '§Cordis API (execute)')],
    quotes: [
      quote(
        '000',
        '§Cordis API (execute)',
        'Cancellation arriving after entry and before final result materialization skips a not-yet-started body with `ABORTED_BEFORE_DISPATCH` or replaces a successful started outcome with `ABORTED`',
      ),
    ],
  },
  {
    id: 'CAN-08',
    level: 'must',
    statement:
      "A caller abort while tools/post-execute listeners are pending is applied after they settle: a successful accepted outcome is replaced by the cancellation failure whose code depends on whether the tool body was invoked, ABORTED if it was and ABORTED_BEFORE_DISPATCH if not; a failure is not replaced (that the contexts the body deferred survive is CTX-02's, that the contexts the decision added are kept too CAN-20's).",
    sources: [seed('000', '§tools/post-execute'), seed('000', '§Cordis API (execute)')],
    quotes: [
      quote(
        '000',
        '§Cordis API (execute)',
        'Cancellation arriving after entry and before final result materialization skips a not-yet-started body with `ABORTED_BEFORE_DISPATCH` or replaces a successful started outcome with `ABORTED`',
      ),
      quote(
        '000',
        '§tools/post-execute',
        'Async listeners must observe `exec.signal`; after they settle, caller cancellation replaces only a successful accepted outcome with the code selected by whether the tool body was invoked.',
      ),
    ],
  },
  {
    id: 'CAN-09',
    level: 'must',
    statement:
      'Cancellation never replaces a more specific failure: denials, wrapper throws, body throws (even ones caused by the abort), output failures, post-execute throws and blocks all survive a caller abort as they are.',
    sources: [seed('000', '§tools/post-execute'), seed('000', '§Cordis API (execute)'), upstream('README §Cancellation')],
    quotes: [
      quote('000', '§tools/post-execute', 'caller cancellation replaces only a successful accepted outcome'),
      quote(
        '000',
        '§Cordis API (execute)',
        'replaces a successful started outcome with `ABORTED`; already-started work is still drained and may retain a tool-owned structured error.',
      ),
    ],
  },
  {
    id: 'CAN-10',
    level: 'must',
    statement: 'The cancellation code depends only on whether the tool body was entered: ABORTED if it was, ABORTED_BEFORE_DISPATCH if it was not.',
    sources: [seed('000', '§tools/post-execute'), seed('000', '§Cordis API (execute)')],
    quotes: [
      quote(
        '000',
        '§tools/post-execute',
        'caller cancellation replaces only a successful accepted outcome with the code selected by whether the tool body was invoked.',
      ),
      quote(
        '000',
        '§Cordis API (execute)',
        'skips a not-yet-started body with `ABORTED_BEFORE_DISPATCH` or replaces a successful started outcome with `ABORTED`',
      ),
    ],
  },
  {
    id: 'CAN-11',
    level: 'upstream',
    statement:
      "The replacement checks after dispatch and after post-execute consult the caller signal captured at entry only; a wrapper's own signal changes the outcome only through the body's fused signal (a body succeeding under an aborted fused signal gives ABORTED).",
    sources: [upstream('caller-signal checks and the fused-signal check')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1514, 'return state.callerSignal.aborted'),
      evidence('packages/core/tools/src/index.ts', 1551, 'return isAborted(signal) ? toolAbortedResult(result)'),
    ],
  },
  {
    id: 'CAN-12',
    level: 'upstream',
    statement:
      'Once tools/post-execute has settled there is no further cancellation window: a caller abort raised from finalizeContent or a tools/result observer does not change the outcome.',
    sources: [upstream('derived: finalize, materialize and notify run synchronously after the last check')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1614, 'this.callerCancelled(exec) && !postResult.isError'),
      evidence('packages/core/tools/src/index.ts', 1644, 'this.notifyResult(exec, finalResult)'),
    ],
    divergence:
      'The seeds let cancellation "arriving after entry and before final result materialization" replace "a successful started outcome with `ABORTED`" and run finalizeContent "immediately before lossless materialization", so an abort raised from finalizeContent would if anything still count; upstream checks the caller signal for the last time when tools/post-execute settles.',
  },
  {
    id: 'CAN-13',
    level: 'must',
    statement: "A body that has been entered is always drained: execute() does not settle before the body's promise settles, even after the caller aborted.",
    sources: [seed('000', '§ToolDefinition (execute)'), seed('000', '§Cordis API (execute)')],
    quotes: [
      quote(
        '000',
        '§ToolDefinition (execute)',
        'The registry preserves caller cancellation through around-dispatch signal replacement and does not abandon this promise',
      ),
      quote('000', '§Cordis API (execute)', 'replaces a successful started outcome with `ABORTED`; already-started work is still drained'),
    ],
  },
  {
    id: 'CAN-14',
    level: 'upstream',
    statement: 'A model-direct call collapsed by Code Mode whose caller signal is already aborted reports ABORTED_BEFORE_DISPATCH rather than UNKNOWN_TOOL.',
    sources: [upstream('collapsed calls check the entry abort first')],
    evidence: [
      evidence('packages/core/tools/tests/code-mode.spec.ts', 1682, 'routes a pre-aborted collapsed call through ABORTED_BEFORE_DISPATCH'),
      evidence('packages/core/tools/src/index.ts', 1430, "return { kind: 'final-result', exec: execution, result: toolAbortedBeforeDispatchResult() }"),
    ],
    requires: ['codeMode'],
  },
  {
    id: 'CAN-18',
    level: 'upstream',
    statement:
      'The caller signal is checked when the tools/execute waterfall settles too: if the caller has aborted by then, a successful dispatch result is already replaced by the cancellation code (ABORTED if the body was entered, ABORTED_BEFORE_DISPATCH if not) when tools/post-execute receives it.',
    sources: [upstream('cancellation check after dispatch, before post-execute')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1592, 'result: this.callerCancelled(exec) && !resultWithDeferredContexts.isError'),
      evidence('packages/core/tools/src/index.ts', 1593, '? this.cancellationResult(exec, resultWithDeferredContexts)'),
    ],
    divergence:
      'The seeds place the replacement after tools/post-execute: "Async listeners must observe `exec.signal`; after they settle, caller cancellation replaces only a successful accepted outcome", so post-execute would see the success; upstream replaces it before post-execute as well as after. The must rules (CAN-06, CAN-07) accept either.',
  },
  {
    id: 'CAN-19',
    level: 'upstream',
    statement:
      'A tools/execute wrapper that installs an already-aborted replacement signal makes the base next() skip the body and resolve ABORTED_BEFORE_DISPATCH, which then reaches tools/post-execute like any dispatch result.',
    sources: [upstream('fused-signal check before the body')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1540, 'if (isAborted(signal)) {'),
      evidence('packages/core/tools/src/index.ts', 1542, 'return toolAbortedBeforeDispatchResult()'),
      evidence('packages/core/tools/tests/tools.spec.ts', 1228, 'skips dispatch when an around wrapper supplies an already-aborted signal'),
    ],
    divergence:
      'The seeds tie ABORTED_BEFORE_DISPATCH to caller cancellation ("Cancellation arriving after entry … skips a not-yet-started body") and say the registry "fuses every replacement with the captured caller signal", so a body entered under an aborted replacement sees its signal aborted (EXE-10); they do not say a wrapper\'s own aborted signal skips the body.',
  },
  // CAN-20..22: what CAN-01, CAN-02, CAN-04, CAN-06 and CAN-08 demanded beyond their quotes (issue 37, part 3).
  {
    id: 'CAN-20',
    level: 'upstream',
    statement:
      'A cancellation failure keeps every context the result it replaces carried: besides those the body deferred, those a tools/execute wrapper result brought and those a tools/post-execute accept added, in their order.',
    sources: [upstream("the cancellation results copy the replaced result's additionalContexts")],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1920, 'const additionalContexts = prior?.additionalContexts ?? []'),
      evidence('packages/core/tools/src/index.ts', 1615, '? this.cancellationResult(exec, postResult)'),
      evidence('packages/core/tools/tests/tools.spec.ts', 1340, 'replaces a late post-execute success with ABORTED and preserves contexts'),
    ],
  },
  {
    id: 'CAN-21',
    level: 'upstream',
    statement:
      'The entry check of the caller signal comes after argument materialization and before any policy: a call whose signal is already aborted at entry has its arguments materialized and frozen, then runs no tools/pre-execute, guard, tools/execute, body or tools/post-execute; only tools/result fires.',
    sources: [upstream('README §Cancellation: entry check')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1470, 'if (this.callerCancelled(exec)) {'),
      evidence('packages/core/tools/src/index.ts', 1471, "return next({ kind: 'final-result', exec, result: toolAbortedBeforeDispatchResult() })"),
      evidence('packages/core/tools/tests/tools.spec.ts', 1579, 'materializes a pre-aborted call and publishes one result without entering pipeline phases'),
    ],
  },
  {
    id: 'CAN-22',
    level: 'upstream',
    statement:
      'A call whose caller aborted while tools/pre-execute or an approval was pending, and that was then allowed, never enters tools/execute: its ABORTED_BEFORE_DISPATCH is made before the wrappers.',
    sources: [upstream('the recheck after the pre-execute stages ends the call before around-dispatch')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1500, 'if (this.callerCancelled(exec)) {'),
      evidence('packages/core/tools/src/index.ts', 1501, "return await next({ kind: 'post-result', exec, result: toolAbortedBeforeDispatchResult() })"),
      evidence('packages/core/tools/tests/tools.spec.ts', 1094, 'skips dispatch when caller cancellation arrives while pre-execute awaits'),
    ],
  },
  // CAN-25: the seeds skip a not-yet-started body for "Cancellation arriving after entry"; what a signal already
  // aborted when execute() is entered gets (which code, resolve or reject) they do not say (issue 37, part 3: what
  // CAN-01, CAN-02 and EXE-01 demanded beyond their quotes; where in the pipeline that call stops is CAN-21's).
  {
    id: 'CAN-25',
    level: 'upstream',
    statement:
      'A call whose caller signal is already aborted when execute() is entered (with lossless arguments) never runs the body: execute() resolves a failure coded ABORTED_BEFORE_DISPATCH, and tools/result receives it once (at must level a cancellation arriving after entry, before the body starts, gives ABORTED_BEFORE_DISPATCH, CAN-02).',
    sources: [seed('000', '§Cordis API (execute)'), upstream('README §Cancellation: entry check')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1470, 'if (this.callerCancelled(exec)) {'),
      evidence('packages/core/tools/src/index.ts', 1471, "return next({ kind: 'final-result', exec, result: toolAbortedBeforeDispatchResult() })"),
      evidence('packages/core/tools/tests/tools.spec.ts', 1579, 'materializes a pre-aborted call and publishes one result without entering pipeline phases'),
    ],
    divergence:
      'Seed 000 speaks of "Cancellation arriving after entry and before final result materialization"; a signal already aborted at entry is not said to give ABORTED_BEFORE_DISPATCH: another failure, or a rejection, is as good a reading.',
  },
  {
    id: 'CAN-15',
    level: 'should',
    statement:
      'The cancellation messages are "tool call aborted before dispatch" (ABORTED_BEFORE_DISPATCH) and "tool call aborted" (ABORTED) (their enveloped content is ERR-19\'s).',
    sources: [upstream('abort result messages')],
  },
  {
    id: 'CAN-16',
    level: 'upstream',
    statement: 'Both cancellation failures, ABORTED and ABORTED_BEFORE_DISPATCH, carry error.info.name "AbortError".',
    sources: [upstream('AbortError info on both cancellation results')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1926, "info: { name: 'AbortError', code: TOOL_ABORTED },"),
      evidence('packages/core/tools/src/index.ts', 1940, "info: { name: 'AbortError', code: TOOL_ABORTED_BEFORE_DISPATCH },"),
      evidence('packages/core/tools/tests/tools.spec.ts', 1512, "error: { info: { name: 'AbortError', code: TOOL_ABORTED } },"),
    ],
  },
])
