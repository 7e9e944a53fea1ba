import { defineArea, evidence, quote, seed, upstream } from '../define.ts'

/** EXE rules. Tests: conformance/suite/exe.test.ts. */
export const EXE_RULES = defineArea('EXE', [
  {
    id: 'EXE-01',
    level: 'must',
    statement:
      "The tools/execute waterfall is entered only for a call that pre-execute allowed and every guard let through, and it nests the body between the end of pre-execute and the start of post-execute; for such a call, a caller abort arriving after entry but before the body starts skips the body with ABORTED_BEFORE_DISPATCH (that the waterfall itself is then skipped is POST-25's; a signal already aborted at entry is CAN-25's).",
    sources: [seed('000', '§执行'), seed('001', 'L21')],
    quotes: [
      quote(
        '000',
        '§执行',
        '然后让调用依次经过 `tools/pre-execute`（可重排的 allow/deny/ask waterfall）→ 已注册的单调 guard → `tools/execute`（环绕分派包装层）→ `tools/post-execute`（检查/替换结果）',
      ),
      quote('001', 'L21', '前面这些检查都通过，才轮到 tools/execute 的包装层与工具本体'),
      quote('000', '§执行 (ToolGuard)', 'A monotonic execution guard evaluated after every `tools/pre-execute` listener and before the tool body.'),
      quote(
        '000',
        '§Cordis API (execute)',
        'Cancellation arriving after entry and before final result materialization skips a not-yet-started body with `ABORTED_BEFORE_DISPATCH`',
      ),
    ],
  },
  {
    id: 'EXE-02',
    level: 'must',
    statement:
      "The innermost next() of tools/execute runs the tool's body and resolves, never rejecting because of the body, a normalized result: a canonical success, or a failure, among them one built from whatever the body threw, an INVALID_TOOL_OUTPUT failure for an invalid value, and UNKNOWN_TOOL when there is no tool to run. That it looks the tool up again at dispatch is VIS-16's.",
    sources: [seed('000', '§tools/execute')],
    quotes: [
      quote('000', '§tools/execute', '`next()` returns a normalized result'),
      quote('000', '§tools/post-execute', 'thrown tools still reach this waterfall as errors'),
      quote('000', '§执行', '未知工具和抛出异常的工具都会变为结构化错误（`ToolNotFoundError` 映射为 `UNKNOWN_TOOL`），调用失败但不终止当前轮次'),
      quote('000', '§执行', '成功时，注册表会快照并校验函数体返回值，将其冻结，然后调用纯渲染器'),
    ],
  },
  {
    id: 'EXE-03',
    level: 'upstream',
    statement:
      'A wrapper that returns a success without calling next() skips the body, and its success is rebuilt through the tool output contract: the value is re-validated, content is re-rendered from the value (authored content is ignored), meta is recomputed, concludesTurn is not taken from the wrapper, and the wrapper additionalContexts are kept.',
    sources: [upstream('wrapper-authored successes are normalized (README extension points)')],
    evidence: [
      evidence('packages/core/tools/tests/tools.spec.ts', 1768, 'a tools/execute listener can short-circuit dispatch by returning a result without next()'),
      evidence('packages/core/tools/tests/tools.spec.ts', 1834, 'preserves additionalContexts supplied by an around-dispatch result'),
      evidence('packages/core/tools/src/index.ts', 1839, 'const normalized = this.createSuccessResult(exec, tool, result.value)'),
    ],
  },
  {
    id: 'EXE-04',
    level: 'upstream',
    statement:
      'A failure returned by a wrapper (any truthy isError) is kept as the wrapper wrote it: error, content, meta and additionalContexts survive unchanged and it continues to tools/post-execute.',
    sources: [upstream('wrapper-authored failures are kept as authored')],
    evidence: [
      evidence('packages/core/tools/tests/tools.spec.ts', 507, 'normalizes wrapper-authored failure metadata and contexts'),
      evidence('packages/core/tools/src/index.ts', 1829, 'return this.markCanonical(exec, { isError: true, error: result.error, content: result.content,'),
    ],
  },
  {
    id: 'EXE-05',
    level: 'upstream',
    statement:
      'A result that the registry itself normalized for this very dispatch passes back through the wrappers untouched, whereas a canonical result of another dispatch, or a copy of one, is normalized again under the active tool, and if that fails the outcome is an INVALID_TOOL_OUTPUT failure that skips tools/post-execute.',
    sources: [upstream('canonical results are keyed to the execution token')],
    evidence: [
      evidence('packages/core/tools/tests/tools.spec.ts', 1785, 'revalidates a cached canonical result returned from a different dispatch'),
      evidence('packages/core/tools/src/index.ts', 1827, 'if (this.canonicalResults.get(result) === exec.token) return result'),
      evidence('packages/core/tools/src/index.ts', 1597, "return { kind: 'final-result', result: toolErrorResult(error) }"),
    ],
  },
  {
    id: 'EXE-06',
    level: 'must',
    statement:
      "A wrapper-authored success for a tool that is not visible to the caller does not stand as the outcome: it is replaced by an UNKNOWN_TOOL failure (that this failure skips tools/post-execute is EXE-18's). That visibility is judged again when the wrapper returns, so that a tool removed while the wrapper ran counts as not visible, is VIS-16's.",
    sources: [seed('000', '§Cordis API (execute)')],
    quotes: [quote('000', '§Cordis API (execute)', 'an invisible tool reports `UNKNOWN_TOOL`')],
  },
  {
    id: 'EXE-07',
    level: 'must',
    statement:
      "A tools/execute listener that throws does not make execute() reject: the call resolves as a failure (isError: true, no value) (that contexts the body already deferred ride that failure is CTX-06's; that tools/post-execute does not run is POST-24's; that its message is the thrown one as it is, ERR-18's).",
    sources: [seed('000', '§Cordis API (execute)')],
    quotes: [
      quote('000', '§Cordis API (execute)', 'Tool and listener failures resolve as materialized error results'),
      quote(
        '000',
        '§执行 (ToolRunContext.deferContext)',
        "Defer one context — typically a nested-dispatch context ferried by a composite tool, or a fresh plugin-sourced instruction — until this tool's final result reaches the agent loop.",
      ),
      quote('000', '§执行 (ToolExecutionFailure)', 'Failed canonical tool execution; failures never carry a successful value.'),
    ],
    divergence:
      'Kit decision (CTX-06): upstream builds this failure without additionalContexts, silently dropping deferred contexts; the seeds say deferred context survives later failures, so the kit keeps them.',
  },
  {
    id: 'EXE-08',
    level: 'must',
    statement:
      "The signal the tool body receives is aborted whenever the caller signal is aborted, whether or not a wrapper replaced exec.signal; when a wrapper replaced it, the body's signal is also aborted when that replacement aborts (which signal object the body gets, the abort reason it carries, and that the replacement is left alone are EXE-19's).",
    sources: [seed('000', '§tools/execute'), seed('000', '§执行 (ToolDispatchExecution)')],
    quotes: [
      quote('000', '§tools/execute', 'The registry re-fuses the original caller signal before the body, so replacement cannot detach caller cancellation'),
      quote('000', '§执行 (ToolDispatchExecution)', 'The registry fuses every replacement with the captured caller signal.'),
      quote('000', '§执行 (ToolExecution)', 'call identity, the caller signal, and the registry-assigned {@link token} are readonly'),
    ],
  },
  {
    id: 'EXE-09',
    level: 'must',
    statement:
      "Only a tools/execute wrapper may replace exec.signal, and only for its delegated lifetime: the other stages see the caller signal, and after a wrapper restores the caller signal, tools/post-execute and tools/result see exec.signal as the caller signal (what the wrapper's exec.signal holds while the body runs and once next() settles is EXE-20's).",
    sources: [seed('000', '§tools/execute')],
    quotes: [
      quote('000', '§执行', '只有 `tools/execute` 视图可以替换必需的 signal'),
      quote('000', '§执行 (ToolDispatchExecution)', 'A `tools/execute` wrapper may replace the signal for its delegated lifetime, but it cannot remove it.'),
      quote('000', '§执行', '注册表会在调用工具函数体前重新融合调用方的 signal'),
      quote('000', '§tools/execute', 'wrappers must still restore their signal and reach quiescence'),
    ],
  },
  {
    id: 'EXE-10',
    level: 'must',
    statement:
      "If the caller aborted while a wrapper waited before the base next(), the body is skipped and next() resolves an ABORTED_BEFORE_DISPATCH failure (that it then reaches tools/post-execute is EXE-21's). A replacement signal that is already aborted never reaches a body as a live signal: the body is skipped or sees its signal aborted (that it is skipped, with ABORTED_BEFORE_DISPATCH, is CAN-19's).",
    sources: [seed('000', '§Cordis API (execute)'), seed('000', '§执行 (ToolDispatchExecution)'), upstream('fused-signal check before the body (CAN-19)')],
    quotes: [
      quote(
        '000',
        '§Cordis API (execute)',
        'Cancellation arriving after entry and before final result materialization skips a not-yet-started body with `ABORTED_BEFORE_DISPATCH`',
      ),
      quote('000', '§执行 (ToolDispatchExecution)', 'The registry fuses every replacement with the captured caller signal.'),
    ],
  },
  {
    id: 'EXE-11',
    level: 'must',
    statement:
      'A call counts as having invoked its body from the moment the tool is resolved at dispatch and its execute is called (a synchronous throw from execute still counts), while an unknown tool at dispatch does not count, and this choice decides ABORTED versus ABORTED_BEFORE_DISPATCH.',
    sources: [seed('000', '§tools/post-execute'), upstream('bodyInvoked flips just before execute is called')],
    quotes: [
      quote(
        '000',
        '§Cordis API (execute)',
        'skips a not-yet-started body with `ABORTED_BEFORE_DISPATCH` or replaces a successful started outcome with `ABORTED`',
      ),
      quote(
        '000',
        '§tools/post-execute',
        'caller cancellation replaces only a successful accepted outcome with the code selected by whether the tool body was invoked',
      ),
    ],
  },
  {
    id: 'EXE-12',
    level: 'must',
    statement: "execute() does not settle before a started body has settled (that this holds after a caller abort too is CAN-13's).",
    sources: [seed('000', '§ToolDefinition (execute)'), upstream('started bodies are drained')],
    quotes: [
      quote('000', '§Cordis API (execute)', 'already-started work is still drained and may retain a tool-owned structured error'),
      quote(
        '000',
        '§ToolDefinition (execute)',
        'The registry preserves caller cancellation through around-dispatch signal replacement and does not abandon this promise',
      ),
    ],
  },
  {
    id: 'EXE-13',
    level: 'must',
    statement:
      "The value of a canonical success is already frozen when wrappers receive the success from next() (that the whole success is deep-frozen then is OUT-19's).",
    sources: [seed('000', '§执行')],
    quotes: [quote('000', '§执行', '成功时，注册表会快照并校验函数体返回值，将其冻结，然后调用纯渲染器')],
  },
  {
    id: 'EXE-14',
    level: 'must',
    statement:
      "A tools/execute listener subscribed through an agent scope wraps the calls of that agent and no other agent's (whether a descendant's too is VIS-27's).",
    sources: [seed('000', '§tools/execute')],
    quotes: [quote('000', '§tools/execute', "agent-scoped listeners receive only that agent's calls")],
    requires: ['scopes'],
  },
  {
    id: 'EXE-15',
    level: 'should',
    statement: 'The UNKNOWN_TOOL failure of a wrapper-authored success for an invisible tool has the message `unknown tool "<name>"`.',
    sources: [upstream('ToolNotFoundError message')],
  },
  {
    id: 'EXE-16',
    level: 'must',
    statement:
      'A wrapper that reassigns an identity field of its exec view (name, callId, arguments) cannot change which tool runs, what the body receives, or the identity later stages observe.',
    sources: [seed('000', '§tools/execute'), seed('001', 'L19'), seed('000', '§执行')],
    quotes: [
      quote('000', '§tools/execute', 'wrappers may change only `exec.signal`, while call identity remains immutable'),
      quote('000', '§执行', '包装层无法创建第二个相互矛盾的身份'),
      quote('001', 'L19', '执行身份也有保护——不能本来检查的是 A，最后借包装层执行了 B'),
    ],
    divergence:
      'Kit decision (ARG-11): upstream makes identity readonly only at type level and re-resolves the tool by exec.name at dispatch, so a JavaScript wrapper that sets exec.name does run another tool.',
  },
  {
    id: 'EXE-17',
    level: 'upstream',
    statement:
      'A fused body signal is tied to its sources only while the body runs: once the body has settled, a later abort of the caller signal or of the wrapper replacement no longer aborts the signal the body was given. Likewise run_code stops listening to the signal it was given once its run has settled, so runs sharing one caller signal leave no abort listener on it.',
    sources: [
      seed('000', '§执行 (ToolDispatchExecution: the signal is replaced for its delegated lifetime)'),
      upstream('fused listeners are removed when the body settles'),
      upstream('run_code removes its outer-signal listener when the run settles'),
    ],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1557, 'fused.dispose() exec.signal = wrapperSignal'),
      evidence('packages/core/tools/src/index.ts', 1897, "caller.removeEventListener('abort', abortFromCaller)"),
      evidence('packages/core/tools/src/code-mode.ts', 648, "exec.signal.removeEventListener('abort', onOuterAbort)"),
    ],
  },
  {
    id: 'EXE-18',
    level: 'upstream',
    statement:
      'The UNKNOWN_TOOL failure that replaces a wrapper-authored success for a tool not visible to the caller is final: it skips tools/post-execute and goes on to finalizeContent and tools/result (open point OP-44; split from EXE-06).',
    sources: [upstream('wrapper normalization failures are final')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1838, 'if (tool === undefined) throw new ToolNotFoundError(exec.name)'),
      evidence('packages/core/tools/src/index.ts', 1597, "return { kind: 'final-result', result: toolErrorResult(error) }"),
    ],
  },
  {
    id: 'EXE-19',
    level: 'upstream',
    statement:
      "Without a replacement of exec.signal the body gets the caller signal object itself; with one it gets a fresh signal, neither the caller's nor the replacement, which aborts with the reason of whichever source aborted, and a caller abort leaves the replacement signal alone (open point OP-42; split from EXE-08).",
    sources: [upstream('the caller signal when nothing was replaced, else a relay of both sources')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1890, 'if (caller === wrapper) return { signal: caller, dispose() {} }'),
      evidence('packages/core/tools/src/index.ts', 1901, 'controller.abort(reason)'),
    ],
  },
  {
    id: 'EXE-20',
    level: 'upstream',
    statement:
      "While the body runs, the wrapper's exec.signal holds the fused signal the body got, and once the base next() settles the wrapper finds its own replacement on exec.signal again (open point OP-43; split from EXE-09).",
    sources: [upstream('signal reset after the body')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1543, 'exec.signal = signal'),
      evidence('packages/core/tools/src/index.ts', 1558, 'exec.signal = wrapperSignal'),
    ],
  },
  {
    id: 'EXE-21',
    level: 'upstream',
    statement:
      'The ABORTED_BEFORE_DISPATCH failure the base next() resolves when the caller aborted while a wrapper waited before calling it is a dispatch result: it reaches tools/post-execute once (open point OP-44; split from EXE-10).',
    sources: [upstream('the base dispatch resolves ABORTED_BEFORE_DISPATCH as a post-result')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1540, 'if (isAborted(signal)) { fused.dispose() return toolAbortedBeforeDispatchResult()'),
      evidence('packages/core/tools/src/index.ts', 1590, "kind: 'post-result',"),
    ],
  },
])
