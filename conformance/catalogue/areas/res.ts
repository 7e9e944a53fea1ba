import { defineArea, evidence, quote, seed, upstream } from '../define.ts'

/** RES rules. Tests: conformance/suite/res.test.ts. */
export const RES_RULES = defineArea('RES', [
  {
    id: 'RES-01',
    level: 'must',
    statement:
      "Every execute() call that resolves emits tools/result exactly once, after finalizeContent and before the returned promise settles, and the result object observers get is the very object execute() resolves to (that arguments which are not lossless JSON resolve too is RES-13's).",
    sources: [seed('000', '§tools/result'), seed('000', '§Cordis API (execute)'), seed('002', '§ctx.tools.execute')],
    quotes: [
      quote(
        '000',
        '§Cordis API (execute)',
        'Execute through pre-policy, guards, around-dispatch, post-policy, definition-owned content finalization, and final notification.',
      ),
      quote('000', '§Cordis API (execute)', 'Tool and listener failures resolve as materialized error results;'),
      quote('000', '§Cordis API (execute)', 'The returned outcome is the same lossless, frozen snapshot final observers receive.'),
      quote('000', '§执行', '→ 可选且由定义拥有的 `finalizeContent` → `tools/result`（不可变的权威结果）'),
      quote('000', '§执行', '注册表恰好调用该回调一次，随后在 `tools/result` 之前立即物化并冻结已接受的结果'),
      quote('001', 'L26', '之后结果被定型、冻结，再通过 tools/result 通知观察者，作为这次执行的权威结果。'),
    ],
  },
  {
    id: 'RES-02',
    level: 'must',
    statement:
      "tools/result observers get a shallow-frozen execution whose arguments are deep-frozen, whose token is a symbol and whose signal is the caller signal, together with a deep-frozen result, contexts and content included (what exec.arguments holds after an argument failure is RES-13's).",
    sources: [seed('000', '§执行 (ToolExecution)'), seed('000', '§tools/result')],
    quotes: [
      quote('000', '§执行 (ToolExecution)', 'The registry freezes the complete object before `tools/result` observers run.'),
      quote('000', '§执行 (ToolExecution)', 'Parsed arguments cross one lossless-JSON materialization boundary before policy and are deep-frozen;'),
      quote('000', '§执行 (ToolExecutionToken)', '`ToolExecutionToken` 是不透明的运行时 `Symbol`，仅用于身份比较。'),
      quote(
        '000',
        '§执行 (identity fields, the required caller signal, and the optional parent token remain readonly)',
        '身份字段、调用方必需的 signal 和可选的 parent token 均保持 readonly。',
      ),
      quote('000', '§执行', '只有 `tools/execute` 视图可以替换必需的 signal。'),
      quote('000', '§执行', '最终观察者接收冻结的执行身份。'),
      quote('000', '§tools/result', '@param result - a deep-frozen snapshot of the final returned result.'),
    ],
  },
  {
    id: 'RES-03',
    level: 'must',
    statement:
      "Before notification the registry snapshots content, meta, additionalContexts and error as lossless JSON and deep-freezes them; if any of them is not lossless the outcome becomes a JSON-safe failure (isError: true), which still goes through finalizeContent and tools/result (that it carries no info is ERR-14's, open point OP-05).",
    sources: [seed('000', '§执行'), upstream('value is carried over by reference; isError and concludesTurn are rebuilt')],
    quotes: [
      quote(
        '000',
        '§执行',
        '在得到最终内容之前，注册表会物化候选结果；若内容、结构化错误、附加上下文或展示元数据无法物化，则会转为仍可到达 `finalizeContent` 的 JSON 安全 `isError` 结果。',
      ),
      quote('000', '§执行', '随后在 `tools/result` 之前立即物化并冻结已接受的结果'),
      quote('000', '§tools/result', 'Observe the frozen, lossless-JSON final outcome.'),
    ],
  },
  {
    id: 'RES-04',
    level: 'must',
    statement:
      'A tools/result observer that throws, or returns a promise that rejects, cannot change the outcome: the remaining observers still run and execute() resolves the same result.',
    sources: [seed('000', '§tools/result'), seed('000', '§执行')],
    quotes: [
      quote('000', '§tools/result', 'Observe the frozen, lossless-JSON final outcome. Listener failures are contained.'),
      quote('000', '§执行 (tools/result receives the frozen execution and result)', '观察者无法对其进行变换，观察者的失败也会被隔离。'),
      quote('000', '§Cordis API (execute)', 'The returned outcome is the same lossless, frozen snapshot final observers receive.'),
    ],
  },
  {
    id: 'RES-05',
    level: 'must',
    statement:
      "tools/result is dispatched as an emit: each observer its scope filter (keyed by exec.agent) admits is called once per execution, its return value cannot change the outcome, and its failures, a rejected promise included, are contained (that execute() does not wait for an asynchronous observer is RES-14's; that observers are typed to return undefined is TYP-05).",
    sources: [seed('000', '§tools/result'), upstream('one emit dispatch per execution')],
    quotes: [
      quote('000', '§tools/result', '`tools/result` — emit'),
      quote(
        '000',
        '§tools/result',
        "'tools/result'(this: Scoped<ToolRuntime>, exec: Readonly<ToolExecution>, result: Readonly<ToolExecutionResult>): undefined",
      ),
      quote('000', '§执行 (tools/result receives the frozen execution and result)', '观察者无法对其进行变换，观察者的失败也会被隔离。'),
      quote('000', '§tools/result', 'Listener failures are contained.'),
      quote('000', '§tools/result', 'Scope-filtered dispatch (`@deepseek-ai/dsh-scope`): keyed by `exec.agent`.'),
    ],
  },
  {
    id: 'RES-06',
    level: 'must',
    statement:
      "tools/result is routed by exec.agent: a global observer sees every call, a scope observer the calls whose agent is that scope and no other agent's (whether a descendant's too is VIS-27's).",
    sources: [seed('000', '§tools/result')],
    quotes: [quote('000', '§tools/result', 'Scope-filtered dispatch (`@deepseek-ai/dsh-scope`): keyed by `exec.agent`.')],
    requires: ['scopes'],
  },
  {
    id: 'RES-07',
    level: 'must',
    statement:
      'For a nested execution, observers see exec.parent exactly as the caller passed it: the opaque token symbol, never the live outer execution object.',
    sources: [seed('000', '§执行 (ToolExecutionInput.parent)')],
    quotes: [
      quote('000', '§执行 (ToolExecutionInput.parent)', 'Opaque token of the enclosing transport execution, when one exists.'),
      quote(
        '000',
        '§执行 (ToolExecutionInput.parent)',
        'so commit-style observers can wait for the outer `run_code` outcome without receiving its live mutable execution.',
      ),
      quote('000', '§执行 (ToolExecution)', 'Registry-assigned identity shared with nested calls only as their opaque `parent` token.'),
      quote(
        '000',
        '§执行 (identity fields, the required caller signal, and the optional parent token remain readonly)',
        '身份字段、调用方必需的 signal 和可选的 parent token 均保持 readonly。',
      ),
    ],
  },
  {
    id: 'RES-08',
    level: 'must',
    statement:
      "A failed final result has isError true, an error whose message is a string (info optional), content, and optionally meta and additionalContexts; it carries no value and no concludesTurn (that these keys are absent, not set to undefined, is RES-12's; when info is present ERR-14's).",
    sources: [seed('000', '§执行 (ToolExecutionFailure)')],
    quotes: [
      quote('000', '§执行 (ToolExecutionFailure)', 'Failed canonical tool execution; failures never carry a successful value.'),
      quote(
        '000',
        '§执行 (ToolExecutionFailure)',
        'interface ToolExecutionFailure { readonly isError: true readonly error: ToolFailure readonly value?: never readonly content: ContentBlock[] readonly meta?: JsonValue readonly additionalContexts?: UserMessage[] readonly concludesTurn?: never }',
      ),
      quote('000', '§执行 (ToolFailure)', 'Canonical failure detail; internal routing information remains optional.'),
      quote('000', '§执行 (ToolFailure)', 'Human-readable failure message without the Native `Error: ` envelope.'),
      quote('000', '§执行 (ToolRunContext.concludeTurn)', 'Mark a successful final result as terminal for the current agent turn.'),
    ],
  },
  {
    id: 'RES-09',
    level: 'should',
    statement: 'A final result that cannot be materialized as lossless JSON fails with the message "tool result must be losslessly JSON-serializable".',
    sources: [upstream('final materialization failure message')],
  },
  {
    id: 'RES-10',
    level: 'should',
    statement:
      'A failing tools/result observer is reported through ctx.logger.warn with a message containing "tools/result observer failed:" and the best-effort error message.',
    sources: [upstream('observer failures are logged at warn level')],
    requires: ['warnings'],
  },
  {
    id: 'RES-11',
    level: 'upstream',
    statement:
      'Every contained tools/result observer failure, a synchronous throw or an asynchronous rejection, is reported once, at warn level, per call it fails in.',
    sources: [upstream('observer failures are logged at warn level'), seed('000', '§tools/result')],
    evidence: [
      evidence('packages/core/tools/tests/scoped.spec.ts', 677, 'notifies every tools/result observer with the frozen final outcome and contains failures'),
      evidence(
        'packages/core/tools/src/index.ts',
        1663,
        'this.ctx.logger.warn(`tool "${toolName}" (${callId}): tools/result observer failed: ${errorMessage(error)}`)',
      ),
    ],
    requires: ['warnings'],
  },
  {
    id: 'RES-12',
    level: 'upstream',
    statement:
      'A final result has no own key for a field that does not apply, rather than that key set to undefined: a success has no error key, and no meta or concludesTurn key unless it was projected or marked; a failure has no value or concludesTurn key, and no meta key unless it carries meta (open point OP-40; split from OUT-06 and RES-08).',
    sources: [upstream('absent keys are not materialized')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1850, '...result.meta !== undefined ? { meta: result.meta } : {},'),
      evidence('packages/core/tools/src/index.ts', 1859, '...result.concludesTurn === true ? { concludesTurn: true as const } : {},'),
    ],
  },
  {
    id: 'RES-13',
    level: 'upstream',
    statement:
      'Call arguments that are not lossless JSON do not make execute() reject: the call resolves a failure that goes through finalizeContent and tools/result, whose observers see exec.arguments undefined (open point OP-41, which ARG-06 decides as far as resolving a failure that tools/result sees; split from RES-01, RES-02 and FIN-02).',
    sources: [upstream('an argument materialization failure is a final result')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1447, 'const execution: MutableToolRunContext = { ...base, arguments: undefined }'),
      evidence('packages/core/tools/src/index.ts', 1449, "return { kind: 'final-result', exec: execution, result: toolErrorResult(error) }"),
    ],
  },
  {
    id: 'RES-14',
    level: 'upstream',
    statement:
      'execute() does not wait for the promise a tools/result observer returns: the call settles while an asynchronous observer is still pending (split from RES-05).',
    sources: [upstream('observer promises are only caught, never awaited')],
    evidence: [evidence('packages/core/tools/src/index.ts', 1672, 'void Promise.resolve(returned).catch(reportFailure)')],
  },
])
