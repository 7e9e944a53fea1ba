import { defineArea, evidence, quote, seed, upstream } from '../define.ts'

/** GRD rules. Tests: conformance/suite/grd.test.ts. */
export const GRD_RULES = defineArea('GRD', [
  {
    id: 'GRD-01',
    level: 'must',
    statement:
      'guard() files the guard in the calling context layer and returns the disposer of exactly that registration, and neither adding nor removing a guard emits tools/change.',
    sources: [seed('000', '§Cordis API (guard)'), seed('002', '§ctx.tools.guard')],
    quotes: [
      quote('000', '§Cordis API (guard)', 'A plain-context guard applies globally; one registered through `agent.ctx` applies only to that agent.'),
      quote('000', '§Cordis API (guard)', 'The exact effect disposer is returned for ordered ownership and HMR cleanup.'),
      quote('002', '§ctx.tools.guard', 'the exact disposer that unregisters the guard'),
      quote(
        '000',
        '§tools/change',
        'A tool was registered or unregistered, or a scoped restriction changed (the available tool set changed — possibly for one scope only).',
      ),
    ],
  },
  {
    id: 'GRD-02',
    level: 'must',
    statement:
      'Guards run after the whole tools/pre-execute waterfall has resolved to allow, so no pre-execute listener, prepended or not, can force a call past a denying guard.',
    sources: [seed('000', '§执行 (ToolGuard)'), seed('001', 'L19-20')],
    quotes: [
      quote('000', '§执行 (ToolGuard)', 'A monotonic execution guard evaluated after every `tools/pre-execute` listener and before the tool body.'),
      quote('000', '§执行 (ToolGuard)', 'Because guards have no allow result, listener ordering cannot turn a denial back into permission.'),
      quote('000', '§执行', '只有 `allowed-once` 才继续执行，而未授权、缺少审批通道或服务、或无 agent 的请求都会变为拒绝。Guard 仍可施加最终拒绝。'),
      quote('001', 'L19-20', '守卫只能拒绝或不表态，后面一个普通的“允许”不能把已有守卫的限制反向放开'),
    ],
  },
  {
    id: 'GRD-03',
    level: 'upstream',
    statement:
      'Guards are evaluated global layer first, then each scope on the agent chain from the farthest ancestor to the agent itself, each in registration order, and the first guard that returns something other than undefined decides; later guards are not called.',
    sources: [upstream('guard evaluation order')],
    evidence: [
      evidence('packages/core/tools/tests/scoped.spec.ts', 318, 'composes global guards monotonically when one abstains and a later one denies'),
      evidence('packages/core/tools/src/index.ts', 1120, 'const globalReason = this.layers.global.guardReason(exec)'),
      evidence('packages/core/tools/src/index.ts', 750, 'if (reason !== undefined) return reason'),
    ],
  },
  {
    id: 'GRD-04',
    level: 'must',
    statement:
      "A guard added through an agent scope applies to calls whose agent is that scope, never to other agents' calls (its ancestors' included) or to agent-less calls (whether it applies to a descendant's calls too is VIS-27's, whether disposing the scope removes it GRD-17's).",
    sources: [seed('000', '§Cordis API (guard: one registered through agent.ctx applies only to that agent)'), seed('002', '§ctx.tools.guard')],
    quotes: [
      quote('000', '§Cordis API (guard)', 'A plain-context guard applies globally; one registered through `agent.ctx` applies only to that agent.'),
      quote('002', '§ctx.tools.guard', 'A plain-context guard applies globally; one registered through `agent.ctx` applies only to that agent.'),
    ],
    requires: ['scopes'],
  },
  {
    id: 'GRD-05',
    level: 'upstream',
    statement:
      'Adding the same guard function twice makes two independent registrations, so disposing one leaves the other in force (that disposing it again changes nothing is GRD-14).',
    sources: [upstream('guard entries are per registration, not per function')],
    evidence: [
      evidence('packages/core/tools/tests/scoped.spec.ts', 284, 'applies scoped guards after pre-execute and unwinds duplicate registrations independently'),
      evidence('packages/core/tools/src/index.ts', 1113, 'layer => layer.guards.append(guard)'),
    ],
  },
  {
    id: 'GRD-06',
    level: 'should',
    statement:
      'A guard added while guards are being evaluated joins the running evaluation when its layer still holds other guards, but when a guard first empties its layer and then adds a replacement, the replacement applies from the next execution.',
    sources: [upstream('live iteration over guard tables, with generations')],
  },
  {
    id: 'GRD-07',
    level: 'must',
    statement:
      "A guard denial becomes a failure with a string message and the body is not entered (that tools/post-execute still runs on it is POST-28's, that the message is the reason verbatim is GRD-16's, that the error carries no info ERR-06's, which guard decides among several GRD-03's, and that an empty-string reason is the message \"\" GRD-15's).",
    sources: [seed('000', '§执行 (ToolGuard)'), upstream('post-execute runs for guard denials')],
    quotes: [
      quote('000', '§执行 (ToolGuard)', 'A monotonic execution guard evaluated after every `tools/pre-execute` listener and before the tool body.'),
      quote('000', '§执行 (ToolGuard)', 'Returning a reason denies the call; returning `undefined` leaves it unchanged.'),
      quote('001', 'L23', '后处理也可能看见执行前被拒绝的结果，用来给模型补充解释'),
    ],
  },
  {
    id: 'GRD-08',
    level: 'must',
    statement:
      "A guard is called, after the pre-execute policy has completed, with the pipeline's execution: the minted token, the resolved identity and the deep-frozen arguments (what a guard returning a promise does is GRD-19's).",
    sources: [seed('000', '§执行 (ToolGuard: synchronous check on the identity-protected call)'), seed('002', '§ctx.tools.guard')],
    quotes: [
      quote('000', '§Cordis API (guard)', 'synchronous check; a returned string denies the execution'),
      quote('000', '§执行 (ToolGuard)', 'the identity-protected call after extensible pre-execute policy completed'),
      quote('000', '§执行 (ToolExecution)', 'Parsed arguments cross one lossless-JSON materialization boundary before policy and are deep-frozen'),
    ],
  },
  {
    id: 'GRD-09',
    level: 'must',
    statement:
      "A guard that throws ends the call as an error result: execute() still resolves, and neither tools/execute nor the body runs (that tools/post-execute does not run either is POST-24's; the failure's message is ERR-18's, its info ERR-03's).",
    sources: [upstream('guard throws are final failures'), seed('000', '§Cordis API (execute: listener failures resolve as error results)')],
    quotes: [
      quote('001', 'L14', '源码会把可处理的管线失败规范成工具错误结果'),
      quote('000', '§Cordis API (execute)', 'Tool and listener failures resolve as materialized error results'),
    ],
  },
  {
    id: 'GRD-10',
    level: 'must',
    statement:
      'A guard that returns a string, "" included, denies the call (the body does not run); a guard that returns undefined leaves the call as it was (that the denial for "" has the message "" is GRD-15\'s; what other returns do, GRD-18\'s and GRD-19\'s).',
    sources: [seed('000', '§执行 (ToolGuard: undefined leaves the call unchanged)'), seed('000', '§Cordis API (guard: a returned string denies)')],
    quotes: [
      quote('000', '§执行 (ToolGuard)', 'Returning a reason denies the call; returning `undefined` leaves it unchanged.'),
      quote('000', '§Cordis API (guard)', 'synchronous check; a returned string denies the execution'),
    ],
  },
  {
    id: 'GRD-11',
    level: 'upstream',
    statement: 'Guards still run when the caller aborted while pre-execute was pending, and a guard denial then wins over ABORTED_BEFORE_DISPATCH.',
    sources: [upstream('guards run before the post-guard cancellation check')],
    evidence: [
      evidence('packages/core/tools/tests/tools.spec.ts', 1126, 'preserves a pre-execute denial that settles after cancellation'),
      evidence('packages/core/tools/src/index.ts', 1486, "const denialReason = decision.kind === 'allow' ? this.guardReason(exec) : decision.reason"),
    ],
    divergence:
      'The seeds say cancellation arriving after entry "skips a not-yet-started body with `ABORTED_BEFORE_DISPATCH`", which if anything suggests a caller abort during pre-execute ends the call that way; upstream still runs the guards and lets a guard denial win.',
  },
  {
    id: 'GRD-12',
    level: 'must',
    statement: 'Guards never change what get(), schemas() or executionMode() report.',
    sources: [seed('000', '§执行 (ToolGuard has no allow result)'), upstream('guards are not part of visibility')],
    quotes: [
      quote('001', 'L31', '工具可见性决定模型通常能提出什么，审批与守卫决定运行时准不准这次调用'),
      quote('000', '§执行 (ToolGuard)', '`ToolGuard` 是感知作用域的最终预分派策略'),
      quote('000', '§Cordis API (get)', 'Look up a tool as one scope sees it (scoped shadows global; a restricted-away global reads as absent).'),
      quote(
        '000',
        '§Cordis API (executionMode)',
        'Only an exact `true` is parallel; unknown, hidden, undeclared, invalid, or throwing classifiers are exclusive.',
      ),
    ],
  },
  {
    id: 'GRD-13',
    level: 'should',
    statement: 'A guard return that is not lossless JSON fails with the message `tool result must be losslessly JSON-serializable`.',
    sources: [upstream('denial materialisation wording')],
  },
  {
    id: 'GRD-14',
    level: 'upstream',
    statement:
      "Calling a guard's disposer again is harmless: it neither throws nor removes any other registration, not even a live registration of the same guard function.",
    sources: [upstream('guard disposers are idempotent undos of one append')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1113, 'layer => layer.guards.append(guard)'),
      evidence('packages/core/scope/src/store.ts', 120, 'an idempotent undo for this exact append'),
      evidence('packages/core/scope/src/store.ts', 128, 'if (!active) return'),
    ],
  },
  {
    id: 'GRD-15',
    level: 'upstream',
    statement:
      'A guard that returns the empty string denies with that reason verbatim: error.message is "", with no fallback text (its enveloped content is ERR-19\'s).',
    sources: [upstream('the guard reason is the denial message as it is')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1489, 'if (denialReason !== undefined) {'),
      evidence('packages/core/tools/src/index.ts', 1496, 'error: { message: denialReason },'),
    ],
    divergence:
      'The seeds say only that "Returning a reason denies the call" and that a failure message is "Human-readable", so a readable default message for an empty reason is as good a reading; upstream keeps the empty string.',
  },
  {
    id: 'GRD-16',
    level: 'upstream',
    statement:
      "A guard denial's error.message is the guard's reason verbatim, with no prefix or wording of the registry's own (open point OP-02; at must level a guard denial is a failure with a string message, GRD-07).",
    sources: [upstream('the guard reason is the denial message as it is')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1486, 'const denialReason = decision.kind'),
      evidence('packages/core/tools/src/index.ts', 1496, 'error: { message: denialReason },'),
    ],
    divergence:
      'The seeds say only that "Returning a reason denies the call" and that a failure message is "Human-readable … without the Native `Error: ` envelope": a message such as `Denied by guard: <reason>` is as good a reading; upstream uses the reason as it is.',
  },
  {
    id: 'GRD-17',
    level: 'upstream',
    statement:
      'Disposing an agent scope removes the guards added through it (open point OP-30; at must level a scoped guard applies to its own agent, GRD-04).',
    sources: [upstream('a scoped guard is an effect of the scope and unwinds with it')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1111, 'return this.layers.effect('),
      evidence('packages/core/tools/src/index.ts', 1113, 'layer => layer.guards.append(guard),'),
    ],
    divergence:
      'The seeds say only that a guard registered through `agent.ctx` "applies only to that agent" and that "The exact effect disposer is returned": nothing says the scope\'s disposal ends the guard; upstream ties it to the scope\'s lifetime.',
    requires: ['scopes'],
  },
  {
    id: 'GRD-18',
    level: 'upstream',
    statement: 'A guard returning a lossless JSON value that is neither a string nor undefined (null, false, 0) denies the call (open point OP-31).',
    sources: [upstream('every non-undefined guard return is a denial reason')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 750, 'if (reason !== undefined) return reason'),
      evidence('packages/core/tools/src/index.ts', 1496, 'error: { message: denialReason },'),
    ],
    divergence:
      'ToolGuard returns `string | undefined`; the seeds say only that "a returned string denies" and "returning `undefined` leaves it unchanged". Ignoring such a value, or failing the call, is as good a reading; upstream denies.',
  },
  {
    id: 'GRD-19',
    level: 'upstream',
    statement:
      'A guard return that is not lossless JSON (a function, a promise, a promise of undefined) is not awaited: it ends the call as a failure without tools/execute or the body (open point OP-31).',
    sources: [upstream('guards are called synchronously; a non-JSON reason fails materialisation')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 749, 'const reason = guard(exec)'),
      evidence('packages/core/tools/src/index.ts', 636, "throw new TypeError('tool result must be losslessly JSON-serializable')"),
    ],
    divergence:
      'The seeds call a guard a "synchronous check" but do not say what the registry does when one returns a promise or another non-JSON value (await it, ignore it, fail the call); upstream uses the value as returned, and its denial fails materialisation.',
  },
])
