import { defineArea, evidence, quote, seed, upstream } from '../define.ts'

/** FIN rules. Tests: conformance/suite/fin.test.ts. */
export const FIN_RULES = defineArea('FIN', [
  {
    id: 'FIN-01',
    level: 'must',
    statement:
      'The finalizeContent used for a call is the one of the definition the caller could see when execute() was entered, and it is still the one invoked when that tool is later unregistered, shadowed or restricted during the pipeline.',
    sources: [seed('000', '§ToolDefinition (finalizeContent)'), upstream('captured from the caller-visible definition before arguments are materialized')],
    quotes: [
      quote(
        '000',
        '§ToolDefinition (finalizeContent)',
        'The registry snapshots this callback when execution starts and invokes it exactly once for every normalized outcome, including pipeline failures that bypass `tools/post-execute`, immediately before lossless materialization.',
      ),
      quote('002', '§ctx.tools', 'Scoped registrations shadow globals; one visibility resolver feeds presentation, lookup, and dispatch.'),
    ],
  },
  {
    id: 'FIN-02',
    level: 'must',
    statement:
      "For a call whose tool was visible at entry, finalizeContent runs exactly once for every normalized outcome (success, denial, abort, argument or output failure, or a pipeline failure that skips tools/post-execute), after tools/post-execute when that runs, and before tools/result (which pipeline failures skip tools/post-execute is POST-24's; that arguments that are not lossless JSON resolve such an outcome at all is RES-13's).",
    sources: [seed('000', '§ToolDefinition (finalizeContent)'), seed('000', '§执行'), seed('001', 'L26')],
    quotes: [
      quote(
        '000',
        '§ToolDefinition (finalizeContent)',
        'The registry snapshots this callback when execution starts and invokes it exactly once for every normalized outcome, including pipeline failures that bypass `tools/post-execute`, immediately before lossless materialization.',
      ),
      quote('000', '§执行', '`tools/post-execute`（检查/替换结果）→ 可选且由定义拥有的 `finalizeContent` → `tools/result`（不可变的权威结果）'),
      quote('001', 'L26', '随后是工具定义自己的 finalizeContent。它只负责最终内容变换，不能把整个结果身份与错误状态任意改写。'),
    ],
  },
  {
    id: 'FIN-03',
    level: 'must',
    statement:
      "finalizeContent is handed the pipeline execution (same token as the other stages) and the candidate result already materialized as lossless JSON, which is a JSON-safe failure when the candidate itself could not be materialized (that the candidate is deep-frozen is FIN-08's).",
    sources: [seed('000', '§执行'), seed('000', '§ToolDefinition (finalizeContent)'), upstream('the exec is not frozen yet at that point')],
    quotes: [
      quote(
        '000',
        '§执行',
        '在得到最终内容之前，注册表会物化候选结果；若内容、结构化错误、附加上下文或展示元数据无法物化，则会转为仍可到达 `finalizeContent` 的 JSON 安全 `isError` 结果',
      ),
      quote('000', '§执行', '注册表恰好调用该回调一次，随后在 `tools/result` 之前立即物化并冻结已接受的结果'),
      quote('000', '§执行', '调用身份保留在不可变的 `ToolExecution` 上，后者伴随结果经过每个钩子'),
    ],
  },
  {
    id: 'FIN-04',
    level: 'must',
    statement:
      'A finalizeContent returning undefined leaves content alone, and one returning an array replaces content only, with isError, error, value, meta, additionalContexts and concludesTurn carried over unchanged and the outcome materialized again.',
    sources: [seed('000', '§ToolDefinition (finalizeContent)')],
    quotes: [
      quote('000', '§ToolDefinition (finalizeContent)', 'Returning `undefined` preserves the content; every other result field remains registry-owned.'),
      quote('000', '§ToolDefinition (finalizeContent)', '它可以施加工具自有的内容限制，同时保留 `isError`、规范值、结构化错误身份、延迟上下文与展示元数据'),
      quote('000', '§执行', '注册表恰好调用该回调一次，随后在 `tools/result` 之前立即物化并冻结已接受的结果'),
      quote('001', 'L26', '随后是工具定义自己的 finalizeContent。它只负责最终内容变换，不能把整个结果身份与错误状态任意改写。'),
    ],
  },
  {
    id: 'FIN-05',
    level: 'must',
    statement:
      "When finalizeContent throws or returns content that is not lossless JSON, execute() still resolves a lossless, frozen result and the finalizer is not called a second time (that the result is then the failure of that problem is FIN-09's).",
    sources: [seed('000', '§ToolDefinition (finalizeContent)')],
    quotes: [
      quote(
        '000',
        '§ToolDefinition (finalizeContent)',
        'The registry snapshots this callback when execution starts and invokes it exactly once for every normalized outcome, including pipeline failures that bypass `tools/post-execute`, immediately before lossless materialization.',
      ),
      quote('000', '§ToolDefinition (finalizeContent)', 'The callback must be total and must not throw.'),
    ],
  },
  {
    id: 'FIN-06',
    level: 'must',
    statement:
      "A call naming a tool that was not visible to the caller at entry has no finalizer: no finalizeContent of any definition (hidden, other-scope, or registered later) is invoked for it. Whether such a call reaches pre-execute, where a listener could register the tool meanwhile, is VIS-25's.",
    sources: [upstream('finalizer lookup happens at entry; unknown names have none')],
    quotes: [
      quote(
        '000',
        '§ToolDefinition (finalizeContent)',
        'The registry snapshots this callback when execution starts and invokes it exactly once for every normalized outcome, including pipeline failures that bypass `tools/post-execute`, immediately before lossless materialization.',
      ),
      quote('002', '§ctx.tools', 'Scoped registrations shadow globals; one visibility resolver feeds presentation, lookup, and dispatch.'),
      quote('000', '§Cordis API (execute)', 'an invisible tool reports `UNKNOWN_TOOL`'),
    ],
  },
  {
    id: 'FIN-07',
    level: 'upstream',
    statement:
      'For a model-direct call collapsed by Code Mode the captured finalizer is dropped, except when the caller signal was already aborted (it then runs on ABORTED_BEFORE_DISPATCH); split from FIN-06.',
    sources: [upstream('collapsed calls drop the finalizer unless aborted')],
    evidence: [evidence('packages/core/tools/src/index.ts', 1410, 'collapsed && !signal.aborted ? undefined : capturedFinalizer')],
    divergence:
      'The seeds say the finalizer is invoked "exactly once for every normalized outcome, including pipeline failures that bypass `tools/post-execute`", which if anything keeps it for the collapsed UNKNOWN_TOOL denial; upstream drops it unless the caller signal was already aborted.',
    requires: ['codeMode'],
  },
  {
    id: 'FIN-08',
    level: 'upstream',
    statement: 'The candidate result finalizeContent receives is deep-frozen, a success and a failure alike (open point OP-45; split from FIN-03).',
    sources: [upstream('the candidate is materialized, and so frozen, before the finalizer')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1634, 'materializedResult = this.materializeFinalResult(result)'),
      evidence('packages/core/tools/src/index.ts', 1861, 'return deepFreeze({ ...detached, value: result.value })'),
    ],
  },
  {
    id: 'FIN-09',
    level: 'upstream',
    statement:
      'A finalizeContent that throws, or returns content that is not lossless JSON, makes the final result a failure: the normalized failure of what it threw, or the failure of the non-lossless result, never the result from before the finalizer (open point OP-49; split from FIN-05).',
    sources: [upstream('a violated finalizer contract is normalized, never re-invoked')],
    evidence: [evidence('packages/core/tools/src/index.ts', 1645, 'finalResult = this.materializeFinalResult(toolErrorResult(error))')],
  },
])
