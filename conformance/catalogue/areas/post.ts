import { defineArea, evidence, quote, seed, upstream } from '../define.ts'

/** POST rules. Tests: conformance/suite/post.test.ts. */
export const POST_RULES = defineArea('POST', [
  {
    id: 'POST-01',
    level: 'must',
    statement:
      "tools/post-execute is a waterfall whose base next() accepts; it runs once for every result that came out of dispatch (body success or throw, output failure, a cleanly normalized wrapper result) and never for final results (whether a policy denial reaches it is POST-28's, which pipeline failures are final POST-24's, that a caller abort observed after pre-execute passes through it POST-25's, that a call aborted at entry ends before it CAN-21's, and that a call naming a tool outside the view reaches it VIS-25's; such a call meets it at most once).",
    sources: [seed('000', '§tools/post-execute'), seed('001', 'L23'), upstream('post-result / final-result split (see POST-24)')],
    quotes: [
      quote('000', '§tools/post-execute', '`tools/post-execute` — waterfall'),
      quote('000', '§tools/post-execute', '`next()` accepts it unchanged; thrown tools still reach this waterfall as errors.'),
      quote('000', '§tools/post-execute', 'Accept, replace, enrich, or block a normalized dispatch result.'),
      quote(
        '000',
        '§统一的 JSON 值 schema DSL',
        '函数体或后置策略产生的值无效时抛出 `ToolOutputError`（`INVALID_TOOL_OUTPUT`）。两者都经由常规工具错误路径处理。',
      ),
      quote('001', 'L23', '后处理也可能看见执行前被拒绝的结果'),
    ],
  },
  {
    id: 'POST-24',
    level: 'upstream',
    statement:
      'These pipeline failures end the call as final failures, without tools/post-execute: a tools/pre-execute listener that throws or rejects (also when it settles after a caller abort), a guard that throws or returns a value that is not lossless JSON (a function, a promise), and a tools/execute wrapper that throws.',
    sources: [upstream('post-result / final-result split: pipeline failures are final')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 428, 'still receives post-execute; a `final-result` bypasses it.'),
      evidence('packages/core/tools/src/index.ts', 1505, "return next({ kind: 'final-result', exec, result: toolErrorResult(error) })"),
      evidence('packages/core/tools/src/index.ts', 1564, 'receive post-execute; pipeline failures are already final.'),
      evidence('packages/core/tools/src/index.ts', 1597, "return { kind: 'final-result', result: toolErrorResult(error) }"),
    ],
    divergence:
      'The seeds say only that finalizeContent also runs for "pipeline failures that bypass `tools/post-execute`" and that "thrown tools still reach this waterfall as errors", never which pipeline failures bypass it; seed 001 even says post-execute may see a call rejected before execution ("后处理也可能看见执行前被拒绝的结果"). Sending these failures through post-execute is as good a reading of the seeds, so the must rules (PRE-12, PRE-14, GRD-09, GRD-10, EXE-07, FIN-02) accept either routing.',
  },
  {
    id: 'POST-25',
    level: 'upstream',
    statement:
      'ABORTED_BEFORE_DISPATCH from a caller abort observed once tools/pre-execute (or an approval it asked for) has settled passes through tools/post-execute exactly once, without tools/execute (open point OP-70).',
    sources: [upstream('the post-pre-execute cancellation check yields a post-result')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1501, "return await next({ kind: 'post-result', exec, result: toolAbortedBeforeDispatchResult() })"),
      evidence('packages/core/tools/src/index.ts', 1484, "return await next({ kind: 'post-result', exec, result: toolAbortedBeforeDispatchResult() })"),
    ],
    divergence:
      'The seeds say this cancellation "skips a not-yet-started body with `ABORTED_BEFORE_DISPATCH`" but not whether the result then meets tools/post-execute; seed 001 lists "执行前取消" (cancellation before execution) among the branches that end early. Skipping post-execute is as good a reading, so the must rules (PRE-14, CAN-04) accept either routing.',
  },
  {
    id: 'POST-02',
    level: 'upstream',
    statement:
      'The result post-execute receives already has the deferred contexts merged in, and it is deep-frozen when it is a canonical success or a denial.',
    sources: [seed('000', '§tools/post-execute'), upstream('deferred contexts merged before post')],
    evidence: [
      evidence('packages/core/tools/tests/tools.spec.ts', 1697, 'freezes core dispatch outcomes before around and post listeners can observe them'),
      evidence('packages/core/tools/src/index.ts', 1581, 'const resultWithDeferredContexts: ToolExecutionResult = deferredContexts.length === 0'),
      evidence('packages/core/tools/src/index.ts', 1861, 'return deepFreeze({ ...detached, value: result.value })'),
    ],
  },
  {
    id: 'POST-03',
    level: 'must',
    statement:
      "A bare accept keeps the result as it was (isError, value, error, content, meta, concludesTurn), and the decision's additionalContexts are attached in addition to the contexts it already carried (their order is CTX-03's; that no key is left when both are empty is CTX-05's).",
    sources: [seed('000', '§tools/post-execute')],
    quotes: [
      quote('000', '§tools/post-execute', '`next()` accepts it unchanged'),
      quote(
        '000',
        '§执行 (PostToolDecision)',
        'Post-dispatch decision: accept, replace one projection, attach context for the next request, or block by turning corrective feedback into an error result.',
      ),
    ],
  },
  {
    id: 'POST-04',
    level: 'must',
    statement:
      "An accept that carries content (and no own value) swaps only the content, leaving isError, value, error and concludesTurn as they were, for failures as well as successes (that it keeps meta too is PRES-03's).",
    sources: [seed('000', '§执行'), upstream('content replacement keeps the rest')],
    quotes: [
      quote('000', '§执行', '替换内容会保留规范值和现有元数据'),
      quote('000', '§执行 (PostToolDecision)', 'Post-dispatch decision: accept, replace one projection, attach context for the next request'),
      quote('000', '§执行 (ToolRunContext.concludeTurn)', 'Mark a successful final result as terminal for the current agent turn.'),
    ],
  },
  {
    id: 'POST-05',
    level: 'must',
    statement:
      "An accept that carries value on a success rebuilds the success through the tool output contract (snapshot, schema check, render, meta for top-level calls, concludesTurn marker), keeps the contexts the result already carried and attaches the decision's (their order is CTX-03's), and an invalid value becomes an INVALID_TOOL_OUTPUT failure.",
    sources: [seed('000', '§执行'), seed('001', 'L25')],
    quotes: [
      quote('000', '§执行', '替换值会重新校验并重新计算内容/元数据'),
      quote('000', '§统一的 JSON 值 schema DSL', '函数体或后置策略产生的值无效时抛出 `ToolOutputError`（`INVALID_TOOL_OUTPUT`）。'),
      quote('001', 'L25', '当前实现会明确检查这种替换，还拒绝有损或不符合 schema 的结果。'),
      quote('000', '§ToolDefinition (output)', 'Pure replayable presentation projection, computed only for top-level calls.'),
      quote('000', '§执行 (ToolRunContext.concludeTurn)', 'Mark a successful final result as terminal for the current agent turn.'),
    ],
  },
  {
    id: 'POST-06',
    level: 'must',
    statement:
      "An accept that carries both a content and a value turns the outcome into a failure without value (that the failure has no info, and that an own key holding undefined counts as carried, is POST-27's).",
    sources: [seed('000', '§执行'), seed('001', 'L25')],
    quotes: [
      quote('000', '§执行', '后置策略可以替换内容或值，但不能同时替换两者。'),
      quote('001', 'L25', '后处理不能随手同时给出互相冲突的 value 和 content。当前实现会明确检查这种替换'),
      quote('000', '§Cordis API (execute)', 'Tool and listener failures resolve as materialized error results'),
      quote('000', '§执行 (ToolExecutionFailure)', 'Failed canonical tool execution; failures never carry a successful value.'),
    ],
  },
  {
    id: 'POST-07',
    level: 'upstream',
    statement: 'An accept that carries value on a failed result is refused: the outcome stays a failure without value.',
    sources: [upstream('value replacement requires a success')],
    evidence: [
      evidence('packages/core/tools/tests/tools.spec.ts', 476, 'rejects value replacement on a failed dispatch'),
      evidence('packages/core/tools/src/index.ts', 1766, 'tools/post-execute cannot replace the value of a failed result'),
    ],
  },
  {
    id: 'POST-08',
    level: 'upstream',
    statement:
      'An accept that carries value when the tool is no longer visible to the caller becomes an UNKNOWN_TOOL failure with info name ToolNotFoundError.',
    sources: [upstream('value replacement re-resolves the tool')],
    evidence: [
      evidence('packages/core/tools/tests/tools.spec.ts', 492, 'fails value replacement when the owning tool disappears before post-policy resolves'),
      evidence('packages/core/tools/src/index.ts', 1769, 'if (tool === undefined) throw new ToolNotFoundError(exec.name)'),
    ],
    untestable:
      "subsumed: its whole demand is the value-replacement clause of VIS-16, the one owner of re-resolution, and is checked under that rule (the failure's info is ERR-04's), so a registry that resolves the tool once fails one rule, not two",
  },
  {
    id: 'POST-09',
    level: 'must',
    statement:
      "A block yields a failure (isError: true, no value, no concludesTurn) whose content carries the feedback, and whose additionalContexts include the decision's contexts (that the content is the feedback exactly and meta is dropped is POST-29's; that its error has no info is ERR-06's; whether contexts the result already carried survive the block the seeds leave open, and that they are dropped is CTX-04's).",
    sources: [seed('000', '§执行'), seed('001', 'L24'), upstream('block drops prior contexts (CTX-04)')],
    quotes: [
      quote('000', '§执行', '阻止会移除值，并转为包含纠正反馈的 `isError`。'),
      quote('000', '§执行 (PostToolDecision)', 'block by turning corrective feedback into an error result.'),
      quote(
        '000',
        '§执行 (ToolRunContext.concludeTurn)',
        "The marker rides this execution's own result (`concludesTurn` exists only on {@link ToolExecutionSuccess})",
      ),
    ],
  },
  {
    id: 'POST-10',
    level: 'upstream',
    statement: 'The message of a block whose feedback is text blocks is their texts joined with newlines.',
    sources: [upstream('block message derivation')],
    evidence: [
      evidence('packages/core/tools/tests/tools.spec.ts', 419, 'turns a post-execute block into a valueless failure'),
      evidence('packages/core/tools/src/index.ts', 625, 'function failureMessageFromContent(content: ContentBlock[]): string {'),
    ],
  },
  {
    id: 'POST-11',
    level: 'must',
    statement:
      "Feedback, replacement content or decision contexts that are not lossless JSON make the final result a failure instead of a registry crash (that the failure has no info is ERR-14's).",
    sources: [seed('000', '§执行'), upstream('final materialization of decisions')],
    quotes: [
      quote('000', '§执行', '若内容、结构化错误、附加上下文或展示元数据无法物化，则会转为仍可到达 `finalizeContent` 的 JSON 安全 `isError` 结果。'),
      quote('000', '§Cordis API (execute)', 'Tool and listener failures resolve as materialized error results'),
      quote('000', '§Cordis API (execute)', 'The returned outcome is the same lossless, frozen snapshot final observers receive.'),
    ],
  },
  {
    id: 'POST-12',
    level: 'must',
    statement:
      "A tools/post-execute listener that throws does not make execute() reject: the call resolves as a failure result, and the contexts the body deferred ride it (that a malformed decision is a failure too is POST-30's; that the message is the thrown one as it is, ERR-18's).",
    sources: [seed('000', '§Cordis API (execute)')],
    quotes: [
      quote('000', '§Cordis API (execute)', 'Tool and listener failures resolve as materialized error results'),
      quote('000', '§执行 (ToolRunContext)', "attaches context to this execution's own result"),
      quote('000', '§执行 (ToolRunContext.deferContext)', "until this tool's final result reaches the agent loop."),
    ],
    divergence: 'Kit decision (CTX-06): upstream builds this failure without additionalContexts, dropping deferred contexts; the kit keeps them.',
  },
  {
    id: 'POST-13',
    level: 'must',
    statement:
      "If the caller signal is aborted once the post-execute waterfall settles, a success becomes ABORTED when the body was invoked and ABORTED_BEFORE_DISPATCH otherwise (that the contexts the body deferred are kept is CTX-02's, the wrapper's and the decision's POST-31's; that a failure is kept as it is is CAN-09's).",
    sources: [seed('000', '§tools/post-execute'), seed('000', '§Cordis API (execute)')],
    quotes: [
      quote(
        '000',
        '§tools/post-execute',
        'Async listeners must observe `exec.signal`; after they settle, caller cancellation replaces only a successful accepted outcome with the code selected by whether the tool body was invoked.',
      ),
      quote(
        '000',
        '§Cordis API (execute)',
        'skips a not-yet-started body with `ABORTED_BEFORE_DISPATCH` or replaces a successful started outcome with `ABORTED`',
      ),
    ],
  },
  {
    id: 'POST-14',
    level: 'must',
    statement:
      "A bare accept or a content-replacing accept keeps a failure a failure, and a block always yields a failure (that an accept carrying value on a failure is refused is POST-07's).",
    sources: [seed('000', '§执行')],
    quotes: [
      quote('000', '§执行', '替换内容会保留规范值和现有元数据'),
      quote('000', '§执行', '阻止会移除值，并转为包含纠正反馈的 `isError`。'),
      quote('000', '§执行 (PostToolDecision)', 'Post-dispatch decision: accept, replace one projection, attach context for the next request'),
    ],
  },
  {
    id: 'POST-15',
    level: 'upstream',
    statement:
      'An own content key set to undefined keeps the content, and an own value key set to undefined is a value replacement that fails as INVALID_TOOL_OUTPUT.',
    sources: [upstream('decision kind handling: an own value key is a value replacement')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1764, "if (Object.hasOwn(decision, 'value')) {"),
      evidence('packages/core/tools/src/index.ts', 1778, '...decision.content !== undefined ? { content: decision.content } : {},'),
    ],
  },
  {
    id: 'POST-16',
    level: 'must',
    statement: 'Replacing content does not hide the canonical value from programmatic consumers; only a block or a value replacement removes or changes it.',
    sources: [seed('000', '§执行')],
    quotes: [
      quote('000', '§执行', '内容替换是展示策略，而非保密策略；需要隐藏程序化值的监听器必须阻止或替换该值。'),
      quote('000', '§执行', '替换内容会保留规范值和现有元数据；替换值会重新校验并重新计算内容/元数据；阻止会移除值'),
    ],
  },
  {
    id: 'POST-17',
    level: 'must',
    statement: 'Post-execute cannot undo work the body already did: a block changes only the result handed back.',
    sources: [seed('001', 'L24'), seed('001', 'L33')],
    quotes: [
      quote('001', 'L24', '执行后的 block 改变的是最终交给调用方的结果；已经发生的文件写入或网络请求，不会因此回滚。'),
      quote('001', 'L33', '执行后的结果阻断撤销不了写入'),
    ],
    untestable:
      'informative: the side effects live outside the registry, which has nothing to roll back; the observable part, that a block only rewrites the result, is checked under POST-09',
  },
  {
    id: 'POST-18',
    level: 'should',
    statement: 'The both-replacements failure has the message `tools/post-execute accept decision cannot replace both value and content`.',
    sources: [upstream('post-execute message')],
  },
  {
    id: 'POST-19',
    level: 'should',
    statement: 'A value replacement on a failure fails with the message `tools/post-execute cannot replace the value of a failed result`.',
    sources: [upstream('post-execute message')],
  },
  {
    id: 'POST-20',
    level: 'should',
    statement: 'A value replacement for a vanished tool fails with the message `unknown tool "<name>"`.',
    sources: [upstream('ToolNotFoundError message')],
  },
  {
    id: 'POST-21',
    level: 'should',
    statement:
      'In a block message a non-text block reads `[<type> content]`, and a feedback that yields an empty message gives `tool result blocked by post-execute policy`.',
    sources: [upstream('block message wording')],
  },
  {
    id: 'POST-22',
    level: 'should',
    statement: 'A decision that is not lossless JSON fails with the message `tool result must be losslessly JSON-serializable`.',
    sources: [upstream('materialization message')],
  },
  {
    id: 'POST-23',
    level: 'should',
    statement: 'A post-execute decision whose kind is neither accept nor block is a failure, not an accept.',
    sources: [seed('000', '§执行 (PostToolDecision)')],
    divergence:
      "The seeds type the decision as accept or block and say nothing of other kinds; failing such a decision is the kit's reading (as for pre-execute, PRE-22), so it is a should rule. Upstream treats every kind other than block as accept.",
  },
  {
    id: 'POST-27',
    level: 'upstream',
    statement:
      'An accept that has both content and value as own properties is refused even when one or both hold undefined, and the refusal is a failure without info and without value.',
    sources: [upstream('both replacements are detected by own keys')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1757, "if (Object.hasOwn(decision, 'content') && Object.hasOwn(decision, 'value')) {"),
      evidence('packages/core/tools/src/index.ts', 1758, "throw new TypeError('tools/post-execute accept decision cannot replace both value and content')"),
    ],
    divergence:
      'The seeds say only "后置策略可以替换内容或值，但不能同时替换两者" (post-policy may replace the content or the value, not both); whether a key holding undefined replaces anything they leave open, and reading it as absent is as good.',
  },
  // POST-28: seed 001 says post-processing "may also see" a call denied before execution (后处理也可能看见执行前被拒绝的结果),
  // which leaves open whether a denial reaches tools/post-execute: open point OP-06.
  {
    id: 'POST-28',
    level: 'upstream',
    statement:
      "A policy denial (a pre-execute deny, an ask that is not granted, a guard's reason) passes through tools/post-execute exactly once before tools/result, receiving the frozen denial.",
    sources: [upstream('denials are post-results: the pre/guard gate hands them on to the post-execute stage')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1491, "kind: 'post-result',"),
      evidence('packages/core/tools/src/index.ts', 1496, 'error: { message: denialReason },'),
    ],
    divergence:
      'Seed 001 says only that post-processing "may also see" results denied before execution: a registry whose denials are final, skipping tools/post-execute, is as good a reading; upstream sends them through it.',
  },
  {
    id: 'POST-29',
    level: 'upstream',
    statement:
      "A block's failure has the feedback blocks exactly as its content, with no envelope or block added, and no meta, even when the result it replaces had projected meta (open point OP-48; split from POST-09).",
    sources: [upstream('a block is built from the feedback alone')],
    evidence: [evidence('packages/core/tools/src/index.ts', 1751, 'content: decision.feedback, isError: true, error: { message },')],
  },
  {
    id: 'POST-30',
    level: 'upstream',
    statement:
      'A tools/post-execute decision that is not an object (undefined, null) or a block without feedback ends the call as a failure without value, rather than as an accept (split from POST-12).',
    sources: [upstream('a malformed decision throws inside post-execute, which ends the call as a failure')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1747, 'const decisionContexts = decision.additionalContexts ?? []'),
      evidence('packages/core/tools/src/index.ts', 1618, 'return this.finishScheduledExecution(exec, toolErrorResult(error))'),
    ],
  },
  {
    id: 'POST-31',
    level: 'upstream',
    statement:
      'A cancellation that replaces a success after dispatch or after tools/post-execute keeps every context the success carried: those the body deferred, those a wrapper result brought and those the post-execute decision added (split from POST-13).',
    sources: [upstream('the cancellation results carry the prior result contexts')],
    evidence: [evidence('packages/core/tools/src/index.ts', 1920, 'const additionalContexts = prior?.additionalContexts ?? []')],
  },
])
