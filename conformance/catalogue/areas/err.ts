import { defineArea, evidence, quote, seed, upstream } from '../define.ts'

/** ERR rules. Tests: conformance/suite/err.test.ts. */
export const ERR_RULES = defineArea('ERR', [
  {
    id: 'ERR-01',
    level: 'must',
    statement:
      "A value thrown by the tool body, or by a tools/pre-execute, tools/execute or tools/post-execute listener, becomes a failure whose error.message is a string without the \"Error: \" envelope (that a throwing guard, approval service or finalizer resolves a failure too is ERR-22's; that for an Error with a non-empty message it is that message as it is is ERR-18's, the enveloped content is ERR-13's, the message of other thrown values ERR-02's, and that an empty message stays empty ERR-16's).",
    sources: [seed('000', '§执行'), seed('000', '§执行 (ToolFailure)')],
    quotes: [
      quote('000', '§执行 (ToolFailure)', 'Human-readable failure message without the Native `Error: ` envelope.'),
      quote('000', '§Cordis API (execute)', 'Tool and listener failures resolve as materialized error results'),
      quote('000', '§执行', '未知工具和抛出异常的工具都会变为结构化错误（`ToolNotFoundError` 映射为 `UNKNOWN_TOOL`），调用失败但不终止当前轮次'),
    ],
  },
  {
    id: 'ERR-02',
    level: 'upstream',
    statement:
      'The best-effort message of a thrown value is its message for an Error, the string message property (own or inherited) of any other object, String(value) otherwise, and a fixed placeholder string when computing any of these throws.',
    sources: [upstream('message extraction order')],
    evidence: [
      evidence('packages/core/tools/tests/tools.spec.ts', 2402, 'reports messages from non-Error throws (throw { message })'),
      evidence('packages/core/tools/tests/tools.spec.ts', 644, 'normalizes a hostile thrown value whose inspection and coercion both throw'),
      evidence('packages/core/tools/src/index.ts', 612, "&& 'message' in error && typeof error.message === 'string'"),
    ],
  },
  {
    id: 'ERR-03',
    level: 'must',
    statement:
      "An error thrown by the tool body that carries a structured identity (an error class and a code) keeps it: the failure's error.info reports that class and code, read from the thrown error (that a HarnessError is such an error and info is exactly { name, code } is ERR-20's, that the coded throws of listeners, guards and finalizers keep their identity too ERR-21's, that no other thrown value gets info ERR-14's; an approval service's coded error, which the seeds let become a denial, is ERR-17's).",
    sources: [seed('000', '§执行 (ToolFailure)')],
    quotes: [
      quote('000', '§执行 (ToolFailure)', 'Internal error class/code used by policy and durable diagnostics.'),
      quote('000', '§Cordis API (execute)', 'already-started work is still drained and may retain a tool-owned structured error'),
      quote('000', '§ToolDefinition (finalizeContent)', '它可以施加工具自有的内容限制，同时保留 `isError`、规范值、结构化错误身份、延迟上下文与展示元数据'),
    ],
  },
  {
    id: 'ERR-04',
    level: 'must',
    statement:
      "An unknown tool fails with error info identifying the class ToolNotFoundError and the code UNKNOWN_TOOL (that ToolNotFoundError is a HarnessError and the info exactly { name, code } is ERR-20's).",
    sources: [seed('000', '§执行')],
    quotes: [
      quote('000', '§执行', '未知工具和抛出异常的工具都会变为结构化错误（`ToolNotFoundError` 映射为 `UNKNOWN_TOOL`），调用失败但不终止当前轮次'),
      quote('000', '§执行 (ToolFailure)', 'Internal error class/code used by policy and durable diagnostics.'),
      quote('000', '§Cordis API (execute)', 'an invisible tool reports `UNKNOWN_TOOL`'),
    ],
  },
  {
    id: 'ERR-05',
    level: 'must',
    statement:
      "Executing an unknown name never throws or rejects: it resolves an UNKNOWN_TOOL failure, announced to tools/result, and later calls still work, so the turn can continue. Whether the call passes through tools/post-execute (and the other policy stages) first is VIS-25's.",
    sources: [seed('000', '§执行'), seed('002', '§ctx.tools.execute')],
    quotes: [
      quote('000', '§Cordis API (execute)', 'an invisible tool reports `UNKNOWN_TOOL`'),
      quote('000', '§Cordis API (execute)', 'Tool and listener failures resolve as materialized error results'),
      quote('000', '§执行', '未知工具和抛出异常的工具都会变为结构化错误（`ToolNotFoundError` 映射为 `UNKNOWN_TOOL`），调用失败但不终止当前轮次'),
    ],
  },
  {
    id: 'ERR-06',
    level: 'upstream',
    statement: 'Policy denials (pre-execute deny, any ask that is not granted, guard) and post-execute blocks carry an error with a message only, never info.',
    sources: [upstream('denials and blocks have no routing info')],
    evidence: [
      evidence('packages/core/tools/tests/tools.spec.ts', 868, 'a tools/post-execute block turns the call into an isError with corrective feedback'),
      evidence('packages/core/tools/src/index.ts', 1496, 'error: { message: denialReason },'),
      evidence('packages/core/tools/src/index.ts', 1753, 'error: { message },'),
    ],
  },
  {
    id: 'ERR-07',
    level: 'upstream',
    statement:
      'The codes the registry itself puts on results are UNKNOWN_TOOL, INVALID_ARGS, INVALID_TOOL_OUTPUT, ABORTED, ABORTED_BEFORE_DISPATCH and CODE_RUN_FAILED; other codes only come from HarnessErrors thrown by tools or listeners, and UNSUPPORTED_SCHEMA never appears on a result.',
    sources: [upstream('summary of result codes')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 470, "export const TOOL_ABORTED = 'ABORTED'"),
      evidence('packages/core/tools/src/index.ts', 506, "'UNKNOWN_TOOL',"),
      evidence('packages/core/tools/src/index.ts', 518, "'INVALID_TOOL_OUTPUT')"),
      evidence('packages/core/tools/src/schema.ts', 466, "super(`invalid arguments: ${violations.join('; ')}`, 'INVALID_ARGS')"),
      evidence('packages/core/tools/src/code-mode.ts', 143, "super(message, 'CODE_RUN_FAILED')"),
    ],
  },
  {
    id: 'ERR-08',
    level: 'must',
    statement:
      "For well-formed input, execute() resolves rather than rejects when the tool body, a tools/pre-execute, tools/execute or tools/post-execute listener, a renderer or a presentationMeta projector fails, or a presentation is not JSON: those become error results (that a throwing guard, a failing approval service or a throwing finalizer does too is ERR-22's; that a failing tools/result observer is contained and leaves the outcome as it was is RES-05's).",
    sources: [seed('000', '§Cordis API (execute)'), seed('002', '§ctx.tools.execute')],
    quotes: [
      quote('000', '§Cordis API (execute)', 'Tool and listener failures resolve as materialized error results'),
      quote('000', '§执行', '无效值、渲染器/投影器失败或非 JSON 展示都会转为 JSON 安全的 `isError`'),
      quote(
        '000',
        '§Cordis API (execute)',
        'Execute through pre-policy, guards, around-dispatch, post-policy, definition-owned content finalization, and final notification.',
      ),
    ],
  },
  {
    id: 'ERR-09',
    level: 'must',
    statement:
      "The registry's own UNKNOWN_TOOL failure carries error info naming the class ToolNotFoundError, and its INVALID_TOOL_OUTPUT failure names ToolOutputError (that both are HarnessErrors whose name defaults to their concrete class name, and the info exactly { name, code }, is ERR-20's).",
    sources: [seed('000', '§执行'), seed('000', '§统一的 JSON 值 schema DSL'), upstream('HarnessError name defaults to new.target.name (ERR-20)')],
    quotes: [
      quote('000', '§执行', '未知工具和抛出异常的工具都会变为结构化错误（`ToolNotFoundError` 映射为 `UNKNOWN_TOOL`），调用失败但不终止当前轮次'),
      quote('000', '§统一的 JSON 值 schema DSL', '函数体或后置策略产生的值无效时抛出 `ToolOutputError`（`INVALID_TOOL_OUTPUT`）'),
      quote('000', '§执行 (ToolFailure)', 'Internal error class/code used by policy and durable diagnostics.'),
    ],
  },
  {
    id: 'ERR-10',
    level: 'should',
    statement:
      'execute() never rejects, even for malformed input such as a throwing identity getter or a missing signal: it resolves a failure and tools/result fires once.',
    sources: [seed('000', '§Cordis API (execute)'), upstream('identity fields and the signal are read outside the guarded region')],
    divergence:
      "Upstream reads identity fields and the signal outside its guarded region, so such input makes execute() reject and tools/result never fires; the kit requires a resolved failure. The seeds promise that tool and listener failures resolve as error results, but say nothing of caller input that breaks ToolExecutionInput's type, so this is the kit's reading and a should rule.",
  },
  {
    id: 'ERR-11',
    level: 'should',
    statement: 'The placeholder message for a thrown value whose message cannot be computed is "<unprintable thrown value>".',
    sources: [upstream('unprintable thrown value placeholder')],
  },
  {
    id: 'ERR-12',
    level: 'should',
    statement: 'The UNKNOWN_TOOL failure message is `unknown tool "<name>"` (its enveloped content is ERR-19\'s).',
    sources: [upstream('ToolNotFoundError message')],
  },
  {
    id: 'ERR-13',
    level: 'must',
    statement:
      'The error.message of a failure the registry builds itself (the normalized failure of a thrown value, a policy denial, an unknown tool, an argument or output failure, a cancellation) is a string without the Native "Error: " envelope (that the failure\'s content carries the message in that envelope, as exactly one text block "Error: " + error.message, and that content a wrapper, a post-execute decision or block, or a finalizer supplies is kept as given, is ERR-19\'s).',
    sources: [seed('000', '§执行 (ToolFailure)')],
    quotes: [quote('000', '§执行 (ToolFailure)', 'Human-readable failure message without the Native `Error: ` envelope.')],
  },
  {
    id: 'ERR-14',
    level: 'upstream',
    statement:
      "error.info is present only for a HarnessError whose name and code can be read: any other thrown value (a plain Error, an Error or a lookalike class carrying its own code and name, a plain object with name and code) and the registry's own uncoded failures (arguments or results that are not lossless JSON) yield a failure with no info key, as does a HarnessError whose name or code getter throws.",
    sources: [upstream('info only for HarnessError instances')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 644, 'return error instanceof HarnessError ? { name: error.name, code: error.code } : undefined'),
      evidence('packages/core/tools/tests/tools.spec.ts', 2649, 'a non-HarnessError throw retains only its message'),
    ],
  },
  {
    id: 'ERR-16',
    level: 'upstream',
    statement:
      'An Error (a coded error included) thrown with the message "" yields error.message "", with no fallback text (its enveloped content is ERR-19\'s, the message of other thrown values ERR-02\'s).',
    sources: [upstream("errorMessage returns an Error's message as it is")],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 610, 'if (error instanceof Error) return error.message'),
      evidence('packages/core/tools/src/index.ts', 1872, 'const message = errorMessage(error)'),
    ],
  },
  {
    id: 'ERR-17',
    level: 'upstream',
    statement:
      'A coded error (a HarnessError) thrown or rejected by the approval service ends the call as a failure of that error, with its message and error.info { name, code }, rather than as a denial.',
    sources: [upstream('a rejected approval request is normalized like any pipeline failure')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1706, 'const outcome = await approval.request({'),
      evidence('packages/core/tools/src/index.ts', 1505, "return next({ kind: 'final-result', exec, result: toolErrorResult(error) })"),
      evidence('packages/core/tools/src/index.ts', 1876, 'error: { message, ...info ? { info } : {} },'),
    ],
    divergence:
      'The seeds say an ask "runs only after an approval service returns `allowed-once` and otherwise denies", so an approval service that fails may as well end the call as a denial without info; upstream normalizes what it threw.',
    requires: ['approval', 'scopes', 'codedErrors'],
  },
  // ERR-18: the seeds ask only for a "Human-readable failure message without the Native `Error: ` envelope", so a
  // message that names the failing stage first is as good a reading: open point OP-04.
  {
    id: 'ERR-18',
    level: 'upstream',
    statement:
      "The failure of a value thrown by the tool body, a listener, a guard, the approval service or a finalizer carries as error.message the best-effort message of the thrown value as it is (ERR-02), with no text of the registry's own naming the stage that threw.",
    sources: [upstream('every pipeline failure is built by one toolErrorResult from errorMessage(error)')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1872, 'const message = errorMessage(error)'),
      evidence('packages/core/tools/src/index.ts', 1505, "return next({ kind: 'final-result', exec, result: toolErrorResult(error) })"),
      evidence('packages/core/tools/src/index.ts', 1642, 'finalResult = this.materializeFinalResult(toolErrorResult(error))'),
    ],
    divergence:
      'The seeds ask only for a "Human-readable failure message without the Native `Error: ` envelope": `finalizeContent failed: <message>` is as good a reading; upstream keeps the thrown message.',
  },
  // ERR-19..22: what ERR-01, ERR-03, ERR-04, ERR-08, ERR-09, ERR-13 and TYP-03 demanded beyond their quotes (issue 37, part 3).
  {
    id: 'ERR-19',
    level: 'upstream',
    statement:
      'The Native content of a failure the registry builds itself carries error.message in the Native "Error: " envelope, as exactly one text block "Error: " + error.message; content that a tools/execute wrapper, a post-execute decision or block, or a finalizer supplies is kept as given.',
    sources: [upstream('every registry-built failure has the content [{ type: "text", text: `Error: ${message}` }]')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1874, "content: [{ type: 'text', text: `Error: ${message}` }],"),
      evidence('packages/core/tools/src/index.ts', 1494, "content: [{ type: 'text', text: `Error: ${denialReason}` }],"),
      evidence('packages/core/tools/src/index.ts', 1922, "content: [{ type: 'text', text: 'Error: tool call aborted' }],"),
    ],
  },
  {
    id: 'ERR-20',
    level: 'upstream',
    statement:
      'error.info is exactly { name, code }, read from a thrown HarnessError (subclasses included): name is the error\'s name, which a HarnessError defaults to its concrete class name, so the registry\'s own ToolNotFoundError and ToolOutputError, both HarnessErrors, report info { name: "ToolNotFoundError", code: "UNKNOWN_TOOL" } and { name: "ToolOutputError", code: "INVALID_TOOL_OUTPUT" }; a name set on the thrown error wins over its class\'s.',
    sources: [upstream('errorInfo reads { name, code } from a HarnessError, whose name defaults to new.target.name')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 644, 'return error instanceof HarnessError ? { name: error.name, code: error.code } : undefined'),
      evidence('packages/llm/llm/src/error.ts', 20, 'this.name = new.target.name'),
      evidence('packages/core/tools/src/index.ts', 494, 'export class ToolNotFoundError extends HarnessError {'),
      evidence('packages/core/tools/tests/tools.spec.ts', 2633, 'a tool throwing a HarnessError surfaces its name and code'),
    ],
  },
  {
    id: 'ERR-21',
    level: 'upstream',
    statement:
      "A coded error (a HarnessError) thrown by a tools/pre-execute, tools/execute or tools/post-execute listener, a guard or a finalizer keeps its identity as the tool body's does (ERR-03): the failure's error.info reports its class and code.",
    sources: [upstream('every pipeline failure is built by one toolErrorResult, which reads errorInfo(error)')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1871, 'const info = errorInfo(error)'),
      evidence('packages/core/tools/src/index.ts', 1505, "return next({ kind: 'final-result', exec, result: toolErrorResult(error) })"),
      evidence('packages/core/tools/src/index.ts', 1642, 'finalResult = this.materializeFinalResult(toolErrorResult(error))'),
      evidence('packages/core/tools/tests/tools.spec.ts', 1904, 'preserves structured error info when a tools/pre-execute listener throws HarnessError'),
    ],
    requires: ['codedErrors'],
  },
  {
    id: 'ERR-22',
    level: 'upstream',
    statement:
      'For well-formed input, execute() resolves a failure, and never rejects, when a guard throws, the approval service throws or rejects, or finalizeContent throws.',
    sources: [upstream('guards and approval run inside the pre-execute try; a throwing finalizer is caught after finalization')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1505, "return next({ kind: 'final-result', exec, result: toolErrorResult(error) })"),
      evidence('packages/core/tools/src/index.ts', 1642, 'finalResult = this.materializeFinalResult(toolErrorResult(error))'),
    ],
  },
])
