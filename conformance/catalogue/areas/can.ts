import { defineArea, evidence, quote, seed, upstream } from '../define.ts'

/** CAN rules. Tests: conformance/suite/can.test.ts. */
export const CAN_RULES = defineArea('CAN', [
  {
    id: 'CAN-01',
    level: 'must',
    statement:
      "Cancellation produces one of two failures, code ABORTED_BEFORE_DISPATCH or ABORTED, which keep the additionalContexts of the result they replace (their info.name is CAN-16's, their enveloped content ERR-13's).",
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
      'A caller signal already aborted at entry (with lossless arguments) yields ABORTED_BEFORE_DISPATCH straight away: arguments are still materialized and frozen, but no pre-execute, wrapper, body or post-execute runs, and tools/result fires once.',
    sources: [upstream('README §Cancellation: entry check')],
    quotes: [
      quote('000', '§执行 (ToolExecutionInput)', 'Required caller-owned cancellation for this invocation.'),
      quote('000', '§Cordis API (execute)', 'skips a not-yet-started body with `ABORTED_BEFORE_DISPATCH`'),
      quote('000', '§执行', '策略执行前，`execute()` 会物化并冻结参数、拒绝非 JSON 输入并分配 token。'),
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
      "A caller abort while tools/pre-execute or an approval is pending is observed once it settles: an allow (or an approval granted allowed-once) then becomes ABORTED_BEFORE_DISPATCH without entering tools/execute or the body, an approval answered cancelled still ends the call without the body, and a deny is kept as the denial. Whether that ABORTED_BEFORE_DISPATCH meets tools/post-execute is POST-25's, and that a cancelled approval gives ABORTED_BEFORE_DISPATCH rather than a denial PRE-09's.",
    sources: [seed('000', '§tools/pre-execute'), seed('001', 'L29'), upstream('details pinned by PRE-09, PRE-14 and POST-25')],
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
      "A success short-circuited by a wrapper without entering the body, with the caller aborting before the wrapper settles, ends as ABORTED_BEFORE_DISPATCH and keeps the wrapper result's contexts (whether tools/post-execute already sees the cancellation code is CAN-18's).",
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
      "A body that was entered and returned a success ends as ABORTED if the caller aborted by the time it returned or while a wrapper was still finishing; the body's deferred contexts are kept (whether tools/post-execute already receives ABORTED is CAN-18's).",
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
      'A caller abort during tools/post-execute turns a success decision into ABORTED (body entered) or ABORTED_BEFORE_DISPATCH (body not entered), keeping the contexts of the post-execute result.',
    sources: [seed('000', '§tools/post-execute')],
    quotes: [
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
  {
    id: 'CAN-15',
    level: 'should',
    statement:
      'The cancellation messages are "tool call aborted before dispatch" (ABORTED_BEFORE_DISPATCH) and "tool call aborted" (ABORTED) (their enveloped content is ERR-13\'s).',
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
