import { defineArea, evidence, quote, seed, upstream } from '../define.ts'

/** CTX rules. Tests: conformance/suite/ctx.test.ts. */
export const CTX_RULES = defineArea('CTX', [
  {
    id: 'CTX-01',
    level: 'must',
    statement:
      "Contexts passed to exec.deferContext ride this execution's own result as additionalContexts, in the order of the deferContext calls, each retaining its source and metadata (that deferContext checks nothing at call time is CTX-13's, and that they come ahead of the contexts a wrapper result brought CTX-12's).",
    sources: [seed('000', '§执行 (ToolRunContext.deferContext)')],
    quotes: [
      quote('000', '§执行 (ToolRunContext.deferContext)', 'Contexts retain their individual source and metadata and are emitted in call order.'),
      quote('000', '§执行 (ToolRunContext)', "attaches context to this execution's own result"),
      quote('000', '§执行', '若内容、结构化错误、附加上下文或展示元数据无法物化，则会转为仍可到达 `finalizeContent` 的 JSON 安全 `isError` 结果。'),
    ],
  },
  {
    id: 'CTX-02',
    level: 'must',
    statement:
      "A context recorded with deferContext is not lost when the body throws, when cancellation replaces the result after dispatch or after post-execute, or when a wrapper authors the result (that it then precedes the wrapper's contexts is CTX-12's).",
    sources: [seed('000', '§执行 (ToolRunContext.deferContext)'), upstream('README: deferred contexts survive throws and cancellation')],
    quotes: [
      quote('000', '§执行 (ToolRunContext)', "attaches context to this execution's own result"),
      quote('000', '§执行 (ToolRunContext.deferContext)', "until this tool's final result reaches the agent loop."),
    ],
  },
  {
    id: 'CTX-03',
    level: 'must',
    statement:
      "Contexts from an accept decision (plain, content or value replacement) are added to the result's additionalContexts alongside the contexts it already carried (that they come last, after the body's and the wrapper result's, is CTX-12's).",
    sources: [seed('000', '§执行 (PostToolDecision)'), upstream('accept concatenates contexts (CTX-12)')],
    quotes: [quote('000', '§执行 (PostToolDecision)', 'Post-dispatch decision: accept, replace one projection, attach context for the next request')],
  },
  {
    id: 'CTX-04',
    level: 'upstream',
    statement:
      "When post-execute blocks, the resulting failure's additionalContexts come from the block decision alone; contexts the body deferred or a wrapper result brought do not appear.",
    sources: [upstream('block replaces the whole result'), seed('000', '§执行')],
    evidence: [
      evidence(
        'packages/core/tools/tests/tools.spec.ts',
        1012,
        'keeps deferred contexts when a composite tool throws, but drops them when the outer call is blocked',
      ),
      evidence('packages/core/tools/src/index.ts', 1754, '...decisionContexts.length > 0 ? { additionalContexts: decisionContexts } : {},'),
    ],
    divergence:
      'The seeds say deferContext "attaches context to this execution\'s own result" and defers it "until this tool\'s final result reaches the agent loop", which if anything points the other way; upstream builds the blocked result from the decision\'s contexts alone.',
  },
  {
    id: 'CTX-05',
    level: 'upstream',
    statement:
      "The registry never makes an empty additionalContexts list itself: a result it builds with no contexts to carry (a body's success or failure, a denial, a normalized error, a cancellation, a block, a value replacement) has no additionalContexts key at all, and deferred or accept contexts that add nothing leave a result's key as it was. So an empty list that a tools/execute wrapper's own result carries, on a success or a failure, is kept as given and survives a plain or content-replacing accept adding none; a result that replaces it (a block, a value replacement, a cancellation, a failure) follows the first sentence.",
    sources: [upstream("empty context lists built by the registry are omitted; a wrapper result's own list passes through normalization")],
    evidence: [
      evidence('packages/core/tools/tests/tools.spec.ts', 436, 'replaces a canonical value without manufacturing additional context'),
      evidence('packages/core/tools/src/index.ts', 1779, '...additionalContexts.length > 0 ? { additionalContexts } : {},'),
      evidence(
        'packages/core/tools/src/index.ts',
        1842,
        '...result.additionalContexts !== undefined ? { additionalContexts: result.additionalContexts } : {},',
      ),
    ],
  },
  {
    id: 'CTX-06',
    level: 'must',
    statement:
      "A failure raised after the body ran by a throwing tools/execute or tools/post-execute listener still carries the contexts the body deferred (that the failure of a wrapper result failing normalization or of a malformed post-execute decision keeps them too is CTX-14's; which of these failures bypass tools/post-execute is POST-24's).",
    sources: [seed('000', '§执行 (ToolRunContext.deferContext)'), upstream('failures raised after the body are built afresh, without the deferred contexts')],
    quotes: [
      quote('000', '§执行 (ToolRunContext)', "attaches context to this execution's own result"),
      quote('000', '§执行 (ToolRunContext.deferContext)', "until this tool's final result reaches the agent loop."),
      quote('000', '§Cordis API (execute)', 'Tool and listener failures resolve as materialized error results'),
    ],
    divergence:
      'Upstream builds these failures afresh and silently drops the deferred contexts; the kit keeps them, as the seeds promise deferred contexts reach the final result (seed 000 §执行 (ToolRunContext.deferContext)).',
  },
  {
    id: 'CTX-07',
    level: 'must',
    statement:
      'Contexts keep every field they were given (id, role, content, source, other metadata) through the pipeline, and a context that is not lossless JSON makes the final result a failure (RES-03).',
    sources: [seed('000', '§执行 (ToolRunContext.deferContext)'), upstream('createUserMessage fields survive')],
    quotes: [
      quote('000', '§执行 (ToolRunContext.deferContext)', 'Contexts retain their individual source and metadata and are emitted in call order.'),
      quote('000', '§执行', '若内容、结构化错误、附加上下文或展示元数据无法物化，则会转为仍可到达 `finalizeContent` 的 JSON 安全 `isError` 结果。'),
    ],
  },
  {
    id: 'CTX-08',
    level: 'must',
    statement:
      'Once exec.concludeTurn() has been called, the success produced for that execution (from the body or from a post-execute value replacement) has concludesTurn: true and keeps it through a content replacement, while a failure of any origin (block, abort, output failure, throw) never has it.',
    sources: [seed('000', '§执行 (ToolRunContext.concludeTurn)'), seed('000', '§执行 (ToolExecutionSuccess)')],
    quotes: [
      quote(
        '000',
        '§执行 (ToolRunContext.concludeTurn)',
        "Mark a successful final result as terminal for the current agent turn. The marker rides this execution's own result (`concludesTurn` exists only on {@link ToolExecutionSuccess})",
      ),
      quote('000', '§执行 (ToolExecutionFailure)', 'readonly concludesTurn?: never'),
    ],
  },
  {
    id: 'CTX-09',
    level: 'must',
    statement:
      'concludeTurn in a nested call marks the nested execution alone: the outer execution is marked only when its own body passes the marker on, so a nested success that post-execute converted into a failure never concludes the outer run.',
    sources: [seed('000', '§执行 (ToolRunContext.concludeTurn)')],
    quotes: [
      quote('000', '§执行 (ToolRunContext.concludeTurn)', "The marker rides this execution's own result"),
      quote(
        '000',
        '§执行 (ToolRunContext.concludeTurn)',
        'a composite that dispatches nested calls forwards it from the nested result, exactly like `additionalContexts`, so only an authoritative nested success can conclude the enclosing run.',
      ),
    ],
  },
  {
    id: 'CTX-10',
    level: 'upstream',
    statement:
      'A concludeTurn call made after the success was built does not mark that result, and a detached concludeTurn call either marks its own execution or makes its body fail (it is never silently ignored), never escaping execute() or marking another execution.',
    sources: [upstream('concludeTurn records its receiver')],
    evidence: [
      evidence('packages/core/tools/tests/tools.spec.ts', 570, 'carries a nested conclusion on the nested result for its composite to forward'),
      evidence('packages/core/tools/src/index.ts', 1395, 'concludingExecutions.add(this as unknown as ToolExecution)'),
      evidence('packages/core/tools/src/index.ts', 1815, 'const concludesTurn = this.concludingExecutions.has(exec)'),
    ],
    divergence:
      'Upstream\'s detached concludeTurn throws a TypeError inside the body (a failure); the reference binds it. The kit accepts either and only requires the call to stay inside its own execution. The seeds\' concludeTurn is to "Mark a successful final result as terminal for the current agent turn", which if anything suggests that a call made after the success was built still marks the final result; upstream reads the marker once, when the success is built.',
  },
  {
    id: 'CTX-11',
    level: 'must',
    statement:
      'Contexts of a batch of tool calls enter the conversation, oldest first, only once the durable tool/result record of every call in that batch exists; that session record is a different thing from the live tools/result event.',
    sources: [seed('001', 'L27-28'), seed('000', '§执行 (ToolRunContext)')],
    quotes: [
      quote('001', 'L28', '当前循环会在一批工具结果记录完成后，再按队列顺序补入上下文，避免在工具调用和结果之间塞进一条不合时宜的用户消息。'),
      quote('001', 'L27', 'tools/result 是运行时事件，tool/result 是 Session 日志里的记录。'),
      quote('000', '§执行 (ToolRunContext)', 'the loop appends it only after the `tool/result`.'),
    ],
    untestable: 'agent-loop behaviour: the adapter contract drives only the registry, not the agent loop',
  },
  // CTX-12..14: what CTX-01, CTX-02, CTX-03 and CTX-06 demanded beyond their quotes (issue 37, part 3).
  {
    id: 'CTX-12',
    level: 'upstream',
    statement:
      "A result's additionalContexts come in the order of their origins: the contexts the body deferred, then those the wrapper (or normalized) result brought, then those a tools/post-execute accept added.",
    sources: [upstream('deferred contexts are prepended after dispatch; an accept appends its own')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1586, '...deferredContexts,'),
      evidence('packages/core/tools/src/index.ts', 1762, '...decisionContexts,'),
      evidence('packages/core/tools/tests/tools.spec.ts', 961, 'preserves tool-deferred, execute-wrapper, and post-execute contexts in order'),
    ],
  },
  {
    id: 'CTX-13',
    level: 'upstream',
    statement:
      'exec.deferContext checks nothing when it is called: a context that is not lossless JSON is recorded and the body goes on; only materializing the final result turns it into a failure (RES-03).',
    sources: [upstream('deferContext pushes the context as given')],
    evidence: [evidence('packages/core/tools/src/index.ts', 1392, 'deferredContexts.push(context)')],
  },
  {
    id: 'CTX-14',
    level: 'should',
    statement:
      'The failure of a tools/execute wrapper result that fails normalization, and that of a malformed tools/post-execute decision, keep the contexts the body deferred, like every other final result of the execution.',
    sources: [seed('000', '§执行 (ToolRunContext.deferContext)'), upstream('failures raised after the body are built afresh, without the deferred contexts')],
    divergence:
      'Upstream builds these failures afresh and drops the deferred contexts. The seeds defer a context "until this tool\'s final result reaches the agent loop", but do not say that such a result or decision becomes a failure at all (POST-12 pins that), so keeping them there is the kit\'s recommendation.',
  },
])
