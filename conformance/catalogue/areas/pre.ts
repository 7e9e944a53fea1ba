import { defineArea, evidence, quote, seed, upstream } from '../define.ts'

/** PRE rules. Tests: conformance/suite/pre.test.ts. */
export const PRE_RULES = defineArea('PRE', [
  {
    id: 'PRE-01',
    level: 'must',
    statement:
      'tools/pre-execute is a waterfall whose base next() resolves { kind: "allow" }; the whole waterfall (every listener, after-next code included) settles before guards run and tools/execute is entered (the order its listeners run in is PRE-24\'s).',
    sources: [seed('000', '§Cordis API (tools/pre-execute)'), seed('001', 'L17')],
    quotes: [
      quote('000', '§tools/pre-execute', 'Allow, deny, or ask before dispatch. `next()` delegates to allow'),
      quote('000', '§执行', '调用 `next()` 获取默认决策，或直接返回一个决策以短路'),
      quote(
        '000',
        '§执行',
        '然后让调用依次经过 `tools/pre-execute`（可重排的 allow/deny/ask waterfall）→ 已注册的单调 guard → `tools/execute`（环绕分派包装层）',
      ),
      quote('001', 'L17', '它是一个 waterfall：处理者可以继续委托，也可以给出 allow、deny、ask 等决策'),
    ],
  },
  {
    id: 'PRE-02',
    level: 'must',
    statement:
      "tools/pre-execute runs at most once per execute() call: exactly once for a call to a tool in the caller's view, not collapsed by Code Mode, whose arguments materialise and whose signal is not aborted, and never when the arguments fail to materialise (a call already aborted at entry is CAN-02's, a name outside the view VIS-25's).",
    sources: [seed('000', '§执行 (策略执行前物化并冻结参数)'), seed('001', 'L4')],
    quotes: [
      quote('000', '§执行 (一次性物化)', '将其解析后的 JSON 参数一次性物化为流水线拥有的 `ToolExecution`，然后让调用依次经过 `tools/pre-execute`'),
      quote('000', '§执行 (策略执行前物化并冻结参数)', '策略执行前，`execute()` 会物化并冻结参数、拒绝非 JSON 输入并分配 token'),
    ],
  },
  {
    id: 'PRE-03',
    level: 'must',
    statement:
      "A call naming a tool the caller cannot see ends as an UNKNOWN_TOOL failure without running any body; if it passes through pre-execute, guards, tools/execute and post-execute first, it does so in pipeline order, post-execute at most once. Whether it passes through them (upstream: it does, and only the base dispatch fails it) is VIS-25's.",
    sources: [seed('000', '§Cordis API (execute: an invisible tool reports UNKNOWN_TOOL)')],
    quotes: [
      quote('000', '§Cordis API (execute)', 'an invisible tool reports `UNKNOWN_TOOL`'),
      quote('000', '§执行', '未知工具和抛出异常的工具都会变为结构化错误（`ToolNotFoundError` 映射为 `UNKNOWN_TOOL`），调用失败但不终止当前轮次'),
    ],
  },
  {
    id: 'PRE-04',
    level: 'must',
    statement:
      "A { kind: \"deny\", reason } decision becomes a failure result (isError true, a string error.message) without entering tools/execute or the body; if tools/post-execute runs on it, it receives that denial failure as its result (whether it runs is POST-28's, that its error carries no info ERR-06's, that its message is the reason PRE-25's, that it is already deep-frozen there PRE-26's, that no guard runs PRE-29's).",
    sources: [seed('000', '§执行 (PreToolDecision)'), seed('001', 'L17'), seed('001', 'L23')],
    quotes: [
      quote('000', '§执行 (PreToolDecision)', '`allow` runs the call; `deny` materializes an error'),
      quote(
        '000',
        '§执行',
        '然后让调用依次经过 `tools/pre-execute`（可重排的 allow/deny/ask waterfall）→ 已注册的单调 guard → `tools/execute`（环绕分派包装层）',
      ),
      quote('001', 'L23', '后处理也可能看见执行前被拒绝的结果，用来给模型补充解释'),
      quote('000', '§执行 (ToolFailure)', 'Human-readable failure message without the Native `Error: ` envelope.'),
    ],
  },
  {
    id: 'PRE-05',
    level: 'must',
    statement:
      "With no approval service installed an ask decision is a denial: a failure without a body (that post-execute still runs on it is POST-28's, that it carries no info is ERR-06's, and that its message is the ask's reason PRE-23's).",
    sources: [seed('000', '§Cordis API (tools/pre-execute: missing approval support turns ask into denial)'), seed('001', 'L18')],
    quotes: [
      quote('000', '§tools/pre-execute', 'missing approval support turns `ask` into denial'),
      quote('000', '§执行 (只有 allowed-once 才继续执行)', '只有 `allowed-once` 才继续执行，而未授权、缺少审批通道或服务、或无 agent 的请求都会变为拒绝'),
      quote('001', 'L18', '如果没有审批服务，或者服务在、但没人能回答，默认退化为拒绝'),
      quote('001', 'L23', '后处理也可能看见执行前被拒绝的结果，用来给模型补充解释'),
    ],
  },
  {
    id: 'PRE-06',
    level: 'must',
    statement:
      "With an approval service installed, an ask for a call that has no agent ends as a denial: the body does not run, whatever the service would answer (that the service is not consulted is PRE-27's).",
    sources: [seed('000', '§执行 (无 agent 的请求都会变为拒绝)')],
    quotes: [
      quote('000', '§执行 (只有 allowed-once 才继续执行)', '只有 `allowed-once` 才继续执行，而未授权、缺少审批通道或服务、或无 agent 的请求都会变为拒绝'),
    ],
    requires: ['approval'],
  },
  {
    id: 'PRE-07',
    level: 'must',
    statement:
      "When an ask is submitted to the approval service and no caller abort intervenes, execute() does not resolve while the service's answer is pending, and the body runs only after the service answers allowed-once (that an ask with an installed service and an agent is submitted at all, and the request's count and shape, are PRE-28's; whether a pending approval is awaited or abandoned on a caller abort the seeds leave open, OP-69, upstream's side being PRE-32's; what that abort does to the call is CAN-04's).",
    sources: [seed('000', '§执行 (ask runs only after an approval service returns allowed-once)'), seed('001', 'L17')],
    quotes: [
      quote('000', '§执行 (PreToolDecision)', '`ask` runs only after an approval service returns `allowed-once` and otherwise denies'),
      quote('001', 'L17', '运行时需要一个真正可用的审批通道，并等它返回决定'),
    ],
    requires: ['approval', 'scopes'],
  },
  {
    id: 'PRE-08',
    level: 'must',
    statement:
      "For an ask decision only the approval outcome allowed-once lets the call proceed, and guards are still evaluated after it; any other outcome of the service becomes a denial failure that skips the body (that it reaches post-execute is POST-28's, whether it carries error.info ERR-06's, that no guard runs PRE-29's; an answer that is no outcome at all is PRE-10's).",
    sources: [seed('000', '§执行 (只有 allowed-once 才继续执行)'), seed('001', 'L18')],
    quotes: [
      quote('000', '§执行 (只有 allowed-once 才继续执行)', '只有 `allowed-once` 才继续执行，而未授权、缺少审批通道或服务、或无 agent 的请求都会变为拒绝'),
      quote('000', '§执行 (PreToolDecision; Guard 仍可施加最终拒绝)', 'Guard 仍可施加最终拒绝'),
      quote('000', '§执行 (PreToolDecision)', '`ask` runs only after an approval service returns `allowed-once` and otherwise denies'),
      quote('001', 'L18', '如果没有审批服务，或者服务在、但没人能回答，默认退化为拒绝'),
      quote('001', 'L23', '后处理也可能看见执行前被拒绝的结果，用来给模型补充解释'),
    ],
    requires: ['approval', 'scopes'],
  },
  {
    id: 'PRE-09',
    level: 'upstream',
    statement:
      'When the approval answer is cancelled and the caller signal is aborted by the time it arrives, the call ends as ABORTED_BEFORE_DISPATCH (no body, post-execute runs) rather than as a cancellation denial.',
    sources: [
      upstream('cancelled approval plus caller abort'),
      seed('000', '§Cordis API (execute: cancellation skips a not-yet-started body with ABORTED_BEFORE_DISPATCH)'),
    ],
    evidence: [evidence('packages/core/tools/src/index.ts', 1483, 'if (this.callerCancelled(exec) && askResolution.approvalCancelled) {')],
    requires: ['approval', 'scopes'],
  },
  {
    id: 'PRE-10',
    level: 'upstream',
    statement: 'An approval answer outside the four outcomes ends the call as a final failure: no guard, body or post-execute runs.',
    sources: [upstream('rogue approval outcome')],
    evidence: [
      evidence('packages/core/tools/tests/tools.spec.ts', 840, 'turns a rogue outcome from a NON-conforming approval stand-in into an isError result'),
      evidence('packages/core/tools/src/index.ts', 1727, "default: return assertNever(outcome, 'ApprovalOutcome')"),
    ],
    divergence:
      'The seeds say "只有 `allowed-once` 才继续执行，而未授权、缺少审批通道或服务、或无 agent 的请求都会变为拒绝" (only allowed-once proceeds, every other request becomes a denial) and a denial still reaches tools/post-execute, so they would if anything treat a rogue answer as a denial; upstream ends the call as a final failure instead.',
    requires: ['approval', 'scopes'],
  },
  {
    id: 'PRE-11',
    level: 'upstream',
    statement: 'An approval request that rejects ends the call as a final failure carrying that error message: no guard, body or post-execute runs.',
    sources: [upstream('throwing approval service'), seed('000', '§Cordis API (execute: listener failures resolve as error results)')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1706, 'const outcome = await approval.request({'),
      evidence('packages/core/tools/src/index.ts', 1505, "return next({ kind: 'final-result', exec, result: toolErrorResult(error) })"),
    ],
    requires: ['approval', 'scopes'],
  },
  {
    id: 'PRE-12',
    level: 'must',
    statement:
      "A pre-execute listener that throws or rejects ends the call as an error result: execute() still resolves, and neither tools/execute nor the body runs (that tools/post-execute does not run either is POST-24's, that no guard runs PRE-29's, the failure's message ERR-18's).",
    sources: [seed('000', '§Cordis API (execute: listener failures resolve as error results)'), upstream('pre-execute throws skip post-execute (POST-24)')],
    quotes: [
      quote('000', '§Cordis API (execute)', 'Tool and listener failures resolve as materialized error results'),
      quote('000', '§执行 (PreToolDecision)', '`allow` runs the call; `deny` materializes an error'),
    ],
  },
  {
    id: 'PRE-13',
    level: 'must',
    statement:
      "Policy cannot rewrite arguments: the exec.arguments pre-execute sees is deep-frozen, and if the body runs it receives the caller's materialised arguments (what a decision carrying extra fields does is PRE-30's).",
    sources: [seed('000', '§执行 (参数不可被改写)')],
    quotes: [
      quote('000', '§执行 (参数不可被改写)', '参数不可被改写，因为历史记录、审计、UI 和执行必须保持一致'),
      quote('000', '§执行 (PreToolDecision)', 'Input rewriting is excluded because arguments are already logged and presented.'),
      quote('000', '§执行 (ToolExecution)', 'Parsed arguments cross one lossless-JSON materialization boundary before policy and are deep-frozen'),
    ],
  },
  {
    id: 'PRE-14',
    level: 'must',
    statement:
      "If the caller aborts while pre-execute is pending, the registry still awaits the listener; if the listener then allows, the call ends as ABORTED_BEFORE_DISPATCH without tools/execute or a body, and whatever the listener decides, the body does not run (that a later deny stays that denial and a later throw that failure is PRE-31's; whether tools/post-execute runs: POST-25 for the allow, POST-24 for the throw).",
    sources: [seed('000', '§Cordis API (tools/pre-execute: rechecks cancellation but never abandons)'), seed('001', 'L29')],
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
      quote(
        '000',
        '§tools/post-execute',
        'caller cancellation replaces only a successful accepted outcome with the code selected by whether the tool body was invoked',
      ),
      quote('001', 'L29', '执行前检查等待期间收到取消，工具本体调用次数仍为 0'),
    ],
  },
  {
    id: 'PRE-15',
    level: 'must',
    statement:
      'A malformed pre-execute decision (not an object, an unknown kind, or a deny without a string reason) never bypasses the guards: when a guard denies the call, the body does not run and the call ends as a failure, whatever else the registry makes of the decision.',
    sources: [seed('000', '§执行 (PreToolDecision; Guard 仍可施加最终拒绝)'), seed('001', 'L19')],
    quotes: [
      quote('000', '§执行 (PreToolDecision; Guard 仍可施加最终拒绝)', 'Guard 仍可施加最终拒绝'),
      quote('000', '§执行 (ToolGuard)', 'Because guards have no allow result, listener ordering cannot turn a denial back into permission.'),
      quote('002', '§ctx.tools.guard', 'Any matching guard may deny by returning a reason, while no guard can force-allow a call another guard denied.'),
      quote('001', 'L19', '守卫只能拒绝或不表态，后面一个普通的“允许”不能把已有守卫的限制反向放开'),
      quote(
        '000',
        '§Cordis API (execute)',
        'Execute through pre-policy, guards, around-dispatch, post-policy, definition-owned content finalization, and final notification.',
      ),
    ],
    divergence:
      'Upstream treats a decision whose kind is neither allow nor ask and that carries no reason ({ kind: "deny" } alone, a bare string, or an unknown kind) as not denied and dispatches it without evaluating guards, so a denying guard is bypassed; the seeds say a guard can always impose the final denial (the kit\'s fail-closed reading is PRE-22).',
  },
  {
    id: 'PRE-22',
    level: 'should',
    statement: 'A malformed pre-execute decision fails closed: the call ends as a failure before any guard, tools/execute wrapper or body runs.',
    sources: [seed('000', '§执行 (PreToolDecision)'), upstream('undefined and null decisions already end as failures')],
    divergence:
      "The seeds type the decision but do not say what a malformed one does; failing closed is the kit's reading, so it is a should rule. Upstream fails closed only for undefined and null, and dispatches other malformed decisions (see PRE-15).",
  },
  {
    id: 'PRE-16',
    level: 'must',
    statement:
      "A pre-execute listener subscribed through an agent scope sees, and so gates, the calls whose agent is that scope and no other agent's (whether a descendant's too is VIS-27's).",
    sources: [seed('000', '§Cordis API (tools/pre-execute: scope-filtered dispatch)')],
    quotes: [quote('000', '§tools/pre-execute', "Scope-filtered dispatch (`@deepseek-ai/dsh-scope`): agent-scoped listeners receive only that agent's calls.")],
    requires: ['scopes'],
  },
  {
    id: 'PRE-17',
    level: 'should',
    statement:
      'Without an approval service, the ask denial message is the ask reason when one was given and `tool "<name>" requires approval (not yet supported)` otherwise.',
    sources: [upstream('ask denial wording without a service')],
  },
  {
    id: 'PRE-18',
    level: 'should',
    statement: 'The agent-less ask denial message is `tool "<name>" requires approval, but the call has no agent to route it through`.',
    sources: [upstream('ask denial wording without an agent')],
    requires: ['approval'],
  },
  {
    id: 'PRE-19',
    level: 'should',
    statement:
      'The non-grant denial messages are `the user rejected tool "<name>"`, `approval for tool "<name>" was cancelled` and `tool "<name>" requires approval, but no approval channel is available`, whatever reason the ask gave.',
    sources: [upstream('approval outcome wording')],
    requires: ['approval', 'scopes'],
  },
  {
    id: 'PRE-20',
    level: 'should',
    statement: 'A rogue approval outcome fails with the message `unreachable variant in ApprovalOutcome: "<value>"`.',
    sources: [upstream('rogue outcome wording')],
    requires: ['approval', 'scopes'],
  },
  {
    id: 'PRE-21',
    level: 'must',
    statement: 'tools/pre-execute never runs for a model-direct call collapsed by Code Mode.',
    sources: [seed('000', '§执行 (ToolExecutionInput.parent: denied as UNKNOWN_TOOL before the policy pipeline)')],
    quotes: [
      quote(
        '000',
        '§执行 (ToolExecutionInput.parent)',
        "under `mode: 'code'`, only calls WITH a parent may execute a native tool name — a model-direct call (no parent) is denied as `UNKNOWN_TOOL` before the policy pipeline",
      ),
      quote('000', '§Cordis API (presentAs)', "Present the calling scope's tools in `mode` instead of the deployment default."),
    ],
    requires: ['codeMode'],
  },
  {
    id: 'PRE-23',
    level: 'upstream',
    statement:
      'Without an approval service, an ask that gives a reason is denied with that reason verbatim as error.message ("" included; its enveloped content is ERR-19\'s).',
    sources: [upstream('the ask reason becomes the denial reason when no approval service is mounted')],
    evidence: [
      evidence(
        'packages/core/tools/src/index.ts',
        1696,
        'decision: { kind: \'deny\', reason: ask.reason ?? `tool "${exec.name}" requires approval (not yet supported)` },',
      ),
      evidence('packages/core/tools/tests/tools.spec.ts', 706, "expect(result.content[0]).toMatchObject({ text: 'Error: needs approval' })"),
    ],
    divergence:
      'The seeds say only that "missing approval support turns `ask` into denial", not with which message; a registry-worded message is as good a reading.',
  },
  {
    id: 'PRE-24',
    level: 'upstream',
    statement:
      'tools/pre-execute listeners run outermost-first in registration order, a listener added with { prepend: true } ahead of the rest (open point OP-32; at must level the waterfall settles before guards and tools/execute, PRE-01).',
    sources: [upstream('the pre-execute waterfall runs in registration order')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1475, 'const gate = await this.ctx.waterfall('),
      evidence('packages/core/tools/src/index.ts', 1476, "carrier, 'tools/pre-execute', exec,"),
    ],
    divergence:
      'The seeds call tools/pre-execute a "可重排的" waterfall but give no listener order; upstream runs the host\'s waterfall, first registered outermost.',
  },
  {
    id: 'PRE-25',
    level: 'upstream',
    statement: 'The failure of a { kind: "deny", reason } decision has the reason verbatim as its error.message (at must level a string message, PRE-04).',
    sources: [upstream('a deny reason is the denial message as it is')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1488, ': decision.reason'),
      evidence('packages/core/tools/src/index.ts', 1496, 'error: { message: denialReason },'),
    ],
    divergence:
      'The seeds say only that "`deny` materializes an error" whose message is "Human-readable … without the Native `Error: ` envelope"; a registry-composed text is as good a reading.',
  },
  {
    id: 'PRE-26',
    level: 'upstream',
    statement: 'The denial failure tools/post-execute receives for a deny decision is already deep-frozen (at must level it is that denial failure, PRE-04).',
    sources: [upstream('the denial is materialised before post-execute')],
    evidence: [evidence('packages/core/tools/src/index.ts', 1493, 'result: this.materializeFinalResult({')],
    divergence:
      'The seeds freeze the final outcome ("The returned outcome is the same lossless, frozen snapshot"), which comes after tools/post-execute; they do not say that the denial post-execute sees is frozen already. Upstream materialises it first.',
  },
  {
    id: 'PRE-27',
    level: 'upstream',
    statement: 'An ask for a call without an agent never consults the approval service (at must level it is a denial, PRE-06).',
    sources: [upstream('an agent-less ask is denied before the approval service')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1700, 'if (exec.agent === undefined) {'),
      evidence('packages/core/tools/src/index.ts', 1702, 'requires approval, but the call has no agent to route it through'),
    ],
    divergence: 'Seed 000 says only that "无 agent 的请求都会变为拒绝"; a registry that asks the service and then denies regardless is as good a reading.',
    requires: ['approval'],
  },
  {
    id: 'PRE-28',
    level: 'upstream',
    statement:
      "An ask sends the approval service exactly one request per call, carrying the call's agent, the tool name, the call id, the ask reason only when the decision gave one (no reason key otherwise), and a signal that aborts when the caller aborts (open point OP-33; at must level the service is awaited, PRE-07).",
    sources: [upstream('shape of the approval request')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1706, 'const outcome = await approval.request({'),
      evidence('packages/core/tools/src/index.ts', 1710, '...ask.reason !== undefined ? { reason: ask.reason } : {},'),
      evidence('packages/core/tools/src/index.ts', 1711, 'signal: exec.signal,'),
    ],
    divergence: 'No seed describes the approval request; upstream sends one with these fields.',
    requires: ['approval', 'scopes'],
  },
  {
    id: 'PRE-29',
    level: 'upstream',
    statement:
      'Guards are not evaluated for a call the pre-execute stage already ended: a deny decision, an ask the approval service does not grant, or a listener that throws (at must level such a call skips the body, PRE-04, PRE-08 and PRE-12).',
    sources: [upstream('guards run only for an allowed decision')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1486, "const denialReason = decision.kind === 'allow'"),
      evidence('packages/core/tools/src/index.ts', 1487, '? this.guardReason(exec)'),
    ],
    divergence:
      'Guards can only deny, so whether they are still evaluated after pre-execute denied or failed changes no outcome the seeds describe; upstream skips them.',
  },
  {
    id: 'PRE-30',
    level: 'upstream',
    statement:
      "Extra fields on a pre-execute decision (an allow carrying arguments or input) are ignored: the call proceeds as for the bare decision, and the body receives the caller's arguments (open point OP-34; at must level policy cannot rewrite arguments, PRE-13).",
    sources: [upstream('a decision is read by its kind and reason only')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1486, "const denialReason = decision.kind === 'allow'"),
      evidence('packages/core/tools/src/index.ts', 1488, ': decision.reason'),
    ],
    divergence:
      'The seeds exclude input rewriting ("Input rewriting is excluded") but do not say whether a decision with extra fields is ignored or refused as malformed; upstream ignores the extra fields.',
  },
  {
    id: 'PRE-31',
    level: 'upstream',
    statement:
      'When the caller aborts while pre-execute is pending, a later deny stays that denial and a later throw stays that failure: the cancellation recheck replaces only an allow (at must level the body does not run, PRE-14).',
    sources: [upstream('the cancellation recheck follows the decision')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1489, 'if (denialReason !== undefined) {'),
      evidence('packages/core/tools/src/index.ts', 1500, 'if (this.callerCancelled(exec)) {'),
    ],
    divergence:
      'Seed 000 says the registry "rechecks cancellation after they settle" and that cancellation "skips a not-yet-started body with `ABORTED_BEFORE_DISPATCH`", without saying whether that replaces a deny or a failure; upstream keeps them.',
  },
  // PRE-32: what PRE-07 demanded beyond its quotes (issue 37): it said execute() waits for a pending approval
  // even when the caller aborts meanwhile, which the seeds say only of pre-execute listeners (open point OP-69).
  {
    id: 'PRE-32',
    level: 'upstream',
    statement:
      "When the caller aborts while the approval service's answer is pending, the registry still awaits that answer: execute() does not settle, and tools/result does not fire, until the service answers (open point OP-69; at must level, with no abort, execute() waits for the answer, PRE-07, and an abort keeps the call from its body, CAN-04).",
    sources: [upstream('the ask is resolved by awaiting the approval request, whatever the caller signal does')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1480, '? await this.serviceAsk(exec, gate)'),
      evidence('packages/core/tools/src/index.ts', 1706, 'const outcome = await approval.request({'),
    ],
    divergence:
      'Seed 000 says of the pre-execute gates that the registry "never abandons their promise", and seed 001 that the runtime waits for the approval channel to return a decision; neither says whether a caller abort lets execute() settle before a pending approval answers. Settling ABORTED_BEFORE_DISPATCH at the abort is as good a reading.',
    requires: ['approval', 'scopes'],
  },
])
