import { defineArea, evidence, quote, seed, upstream } from '../define.ts'

/** OUT rules. Tests: conformance/suite/out.test.ts. */
export const OUT_RULES = defineArea('OUT', [
  {
    id: 'OUT-01',
    level: 'must',
    statement:
      "The body is invoked with the frozen materialized arguments (deep-equal to exec.arguments; that they are that very object is OUT-17's) and the live run context, which carries the call identity, the minted token, the resolved rootCallId, the parent when given, the dispatch signal, deferContext and concludeTurn.",
    sources: [seed('000', '§ToolDefinition (execute)'), seed('000', '§执行 (ToolRunContext)')],
    quotes: [
      quote('000', '§ToolDefinition (execute)', '@param args - losslessly snapshotted, frozen model arguments.'),
      quote('000', '§ToolDefinition (execute)', '@param exec - execution identity, cancellation signal, and context deferral.'),
      quote('000', '§执行 (一次性物化)', '将其解析后的 JSON 参数一次性物化为流水线拥有的 `ToolExecution`，然后让调用依次经过 `tools/pre-execute`'),
      quote('000', '§执行 (ToolExecution)', 'Root model-requested call, resolved for every root and nested execution.'),
      quote('000', '§执行 (ToolExecution)', 'Registry-assigned identity shared with nested calls only as their opaque `parent` token.'),
      quote('000', '§执行 (ToolRunContext)', 'interface ToolRunContext extends ToolExecution'),
      quote('000', '§执行 (ToolRunContext)', 'deferContext(context: UserMessage): void'),
      quote('000', '§执行 (ToolRunContext)', 'concludeTurn(): void'),
    ],
  },
  {
    id: 'OUT-02',
    level: 'must',
    statement:
      "The body return value is taken as a detached lossless-JSON snapshot, and a value that is not lossless JSON becomes an INVALID_TOOL_OUTPUT failure (that a value whose snapshot throws does too is OUT-18's).",
    sources: [seed('000', '§执行')],
    quotes: [
      quote('000', '§执行', '成功时，注册表会快照并校验函数体返回值，将其冻结，然后调用纯渲染器'),
      quote('000', '§ToolDefinition (execute)', 'Run one accepted call and return only its canonical lossless-JSON value.'),
      quote('000', '§统一的 JSON 值 schema DSL', '函数体或后置策略产生的值无效时抛出 `ToolOutputError`（`INVALID_TOOL_OUTPUT`）'),
      quote('000', '§执行', '无效值、渲染器/投影器失败或非 JSON 展示都会转为 JSON 安全的 `isError`'),
    ],
  },
  {
    id: 'OUT-03',
    level: 'must',
    statement: "The body's value, once snapshotted, must conform to output.schema; any mismatch turns the call into an INVALID_TOOL_OUTPUT failure.",
    sources: [seed('000', '§执行'), seed('000', '§ToolDefinition')],
    quotes: [
      quote('000', '§ToolDefinition (ToolOutputDefinition)', 'Raw supported JSON Schema enforced against every successful canonical value.'),
      quote('000', '§统一的 JSON 值 schema DSL', '函数体或后置策略产生的值无效时抛出 `ToolOutputError`（`INVALID_TOOL_OUTPUT`）'),
    ],
  },
  {
    id: 'OUT-04',
    level: 'must',
    statement:
      "The valid value is frozen before output.render is called with the call's arguments and that value, and a render that throws or whose return is not lossless JSON turns the call into a failure without value (that its code is INVALID_TOOL_OUTPUT is OUT-16's; that render gets exec.arguments itself OUT-17's, and the value deep-frozen OUT-19's).",
    sources: [seed('000', '§执行'), upstream('render failures are output errors (OUT-16)')],
    quotes: [
      quote('000', '§执行', '成功时，注册表会快照并校验函数体返回值，将其冻结，然后调用纯渲染器'),
      quote('000', '§ToolDefinition (ToolOutputDefinition)', 'Pure projection from validated arguments and value to Native/model content.'),
      quote('000', '§执行', '无效值、渲染器/投影器失败或非 JSON 展示都会转为 JSON 安全的 `isError`'),
    ],
  },
  {
    id: 'OUT-05',
    level: 'must',
    statement:
      "For a root, model-direct call (no parent, no caller-supplied rootCallId) whose tool declares output.presentationMeta, meta is the lossless snapshot of presentationMeta(args, value); a call carrying a parent token gets no projected meta; and a projector that throws or returns non-lossless JSON turns the call into a failure without value (that its code is INVALID_TOOL_OUTPUT is OUT-16's).",
    sources: [seed('000', '§ToolDefinition (presentationMeta)'), seed('000', '§执行')],
    quotes: [
      quote('000', '§ToolDefinition (presentationMeta)', 'Pure replayable presentation projection, computed only for top-level calls.'),
      quote('000', '§执行', '对于直接的外层调用，还会调用可选的元数据投影器'),
      quote('000', '§执行 (ToolExecutionInput.parent)', 'The token also marks the call as a transport sub-dispatch rather than a model-direct call'),
      quote('000', '§执行', '无效值、渲染器/投影器失败或非 JSON 展示都会转为 JSON 安全的 `isError`'),
    ],
    requires: ['presentationMeta'],
  },
  {
    id: 'OUT-06',
    level: 'must',
    statement:
      "A canonical success returned by execute is deep-frozen and has isError false, a value and content, no error, meta when it was projected and concludesTurn: true when the execution was marked (that a key which does not apply is left out rather than set to undefined is RES-12's, and that an empty context list is left out CTX-05's).",
    sources: [seed('000', '§执行 (ToolExecutionSuccess)')],
    quotes: [
      quote('000', '§执行 (ToolExecutionSuccess)', 'Successful canonical tool execution, including its Native/model projection.'),
      quote('000', '§Cordis API (execute)', 'The returned outcome is the same lossless, frozen snapshot final observers receive.'),
      quote('000', '§执行', '结果仅承载产出。调用身份保留在不可变的 `ToolExecution` 上'),
      quote('000', '§执行 (ToolExecutionSuccess)', 'The agent loop stops after committing this successful result batch.'),
      quote('000', '§执行 (ToolExecutionSuccess)', 'readonly error?: never readonly meta?: JsonValue'),
      quote('000', '§执行', '对于直接的外层调用，还会调用可选的元数据投影器'),
    ],
  },
  {
    id: 'OUT-07',
    level: 'must',
    statement: `A body value that fails the output contract (not lossless JSON, or not matching output.schema) yields a failure without value whose code is INVALID_TOOL_OUTPUT, and that failure reaches tools/post-execute like a thrown tool's (that info is exactly { name: "ToolOutputError", code } is OUT-20's; the code of a failed projection is OUT-16's).`,
    sources: [seed('000', '§统一的 JSON 值 schema DSL')],
    quotes: [
      quote('000', '§统一的 JSON 值 schema DSL', '函数体或后置策略产生的值无效时抛出 `ToolOutputError`（`INVALID_TOOL_OUTPUT`）'),
      quote('000', '§统一的 JSON 值 schema DSL', '两者都经由常规工具错误路径处理'),
      quote('000', '§tools/post-execute', 'thrown tools still reach this waterfall as errors'),
      quote('000', '§执行 (ToolExecutionFailure)', 'Failed canonical tool execution; failures never carry a successful value.'),
      quote('000', '§执行 (ToolFailure)', 'Internal error class/code used by policy and durable diagnostics.'),
    ],
  },
  {
    id: 'OUT-08',
    level: 'must',
    statement:
      'For a raw definition the registry performs no argument check against its parameters schema: the body gets exactly the lossless JSON arguments of the call.',
    sources: [seed('000', '§ToolDefinition'), seed('000', '§执行 (ToolExecutionInput)')],
    quotes: [
      quote('000', '§ToolDefinition (原始的 ToolDefinition 自行校验输入)', '原始的 `ToolDefinition` 自行校验输入'),
      quote('000', '§执行 (ToolExecutionInput)', 'Losslessly JSON-serializable parsed arguments (tools validate their own schema).'),
    ],
  },
  {
    id: 'OUT-09',
    level: 'must',
    statement:
      "When the body throws, the result is the failure that normalizing the thrown value produces and tools/post-execute still sees it (that a throw caused by cancellation keeps this failure instead of getting an abort code is CAN-09's).",
    sources: [seed('000', '§执行'), seed('000', '§Cordis API (execute)')],
    quotes: [
      quote('000', '§tools/post-execute', 'thrown tools still reach this waterfall as errors'),
      quote('000', '§执行', '未知工具和抛出异常的工具都会变为结构化错误（`ToolNotFoundError` 映射为 `UNKNOWN_TOOL`），调用失败但不终止当前轮次'),
      quote('000', '§Cordis API (execute)', 'already-started work is still drained and may retain a tool-owned structured error'),
      quote(
        '000',
        '§tools/post-execute',
        'caller cancellation replaces only a successful accepted outcome with the code selected by whether the tool body was invoked',
      ),
      quote('000', '§执行 (ToolFailure)', 'Human-readable failure message without the Native `Error: ` envelope.'),
    ],
  },
  {
    id: 'OUT-10',
    level: 'should',
    statement:
      'The INVALID_TOOL_OUTPUT message names the lossless-JSON violation as `value is not lossless JSON`, or `value snapshot failed: <message>` when reading the value threw.',
    sources: [upstream('ToolOutputError violation wording')],
  },
  {
    id: 'OUT-11',
    level: 'should',
    statement:
      'A schema violation message reads `tool "<name>" returned invalid output: ` followed by the violations joined by "; ", e.g. containing `"value" must be a string`.',
    sources: [upstream('ToolOutputError message')],
  },
  {
    id: 'OUT-12',
    level: 'should',
    statement: 'Render failures are reported as `output.render failed: <message>` or `output.render returned non-lossless JSON`.',
    sources: [upstream('render violation wording')],
  },
  {
    id: 'OUT-13',
    level: 'should',
    statement: 'presentationMeta failures are reported as `output.presentationMeta failed: <message>` or `output.presentationMeta returned non-lossless JSON`.',
    sources: [upstream('presentationMeta violation wording')],
    requires: ['presentationMeta'],
  },
  {
    id: 'OUT-14',
    level: 'must',
    statement: `A defineTool body checks its arguments before running its own code, and a mismatch is a failure whose code is INVALID_ARGS (that info is exactly { name: "ToolArgsError", code } is OUT-20's).`,
    sources: [seed('000', '§统一的 JSON 值 schema DSL')],
    quotes: [
      quote('000', '§统一的 JSON 值 schema DSL (ToolArgsError（INVALID_ARGS）)', '参数不匹配时抛出 `ToolArgsError`（`INVALID_ARGS`）'),
      quote('000', '§统一的 JSON 值 schema DSL', '两者都经由常规工具错误路径处理'),
      quote('000', '§ToolDefinition', '它们使用 `defineTool`，由后者代为校验并收窄参数类型'),
      quote('000', '§执行 (ToolFailure)', 'Internal error class/code used by policy and durable diagnostics.'),
    ],
    requires: ['schema'],
  },
  {
    id: 'OUT-15',
    level: 'should',
    statement:
      'The INVALID_ARGS failure message reads `invalid arguments: ` followed by the violations, e.g. `missing required property "path"` (its enveloped content is ERR-19\'s).',
    sources: [upstream('ToolArgsError message')],
    requires: ['schema'],
  },
  {
    id: 'OUT-16',
    level: 'upstream',
    statement:
      'A failed projection, an output.render or output.presentationMeta that throws or whose return is not lossless JSON, is a ToolOutputError: the failure carries info { name: "ToolOutputError", code: "INVALID_TOOL_OUTPUT" }, whatever the thrown value\'s own code.',
    sources: [upstream('projector failures are wrapped in ToolOutputError')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 526, 'return new ToolOutputError(toolName, [`output.${projector} failed: ${errorMessage(error)}`])'),
      evidence('packages/core/tools/src/index.ts', 534, 'throw new ToolOutputError(toolName, [`output.${projector} returned non-lossless JSON`])'),
      evidence('packages/core/tools/tests/tools.spec.ts', 284, 'contains a throwing output.%s projector as one failed call'),
    ],
    divergence:
      'The seeds give ToolOutputError (INVALID_TOOL_OUTPUT) for invalid values ("函数体或后置策略产生的值无效时抛出 `ToolOutputError`（`INVALID_TOOL_OUTPUT`）") and say only that renderer/projector failures and non-JSON presentation become an isError ("无效值、渲染器/投影器失败或非 JSON 展示都会转为 JSON 安全的 `isError`"); normalizing what the projector threw is as good a reading.',
  },
  {
    id: 'OUT-17',
    level: 'upstream',
    statement:
      'The body and output.render receive as their arguments the very object exec.arguments holds, not an equal copy (open point OP-46; split from OUT-01 and OUT-04).',
    sources: [upstream('execute and render are called with exec.arguments')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1549, 'const returned = await tool.execute(exec.arguments, exec)'),
      evidence('packages/core/tools/src/index.ts', 1800, 'rendered = tool.output.render(exec.arguments, value)'),
    ],
  },
  {
    id: 'OUT-18',
    level: 'upstream',
    statement:
      'A body value whose snapshot throws (a throwing getter, a hostile proxy) is an INVALID_TOOL_OUTPUT failure, not the failure of the error the snapshot threw (open point OP-47; split from OUT-02).',
    sources: [upstream('snapshot failures are output errors')],
    evidence: [evidence('packages/core/tools/src/index.ts', 551, 'throw new ToolOutputError(toolName, [`value snapshot failed: ${errorMessage(error)}`])')],
  },
  {
    id: 'OUT-19',
    level: 'upstream',
    statement:
      'The value is deep-frozen, not only at its top level, by the time output.render receives it, and the canonical success next() hands to tools/execute wrappers is deep-frozen whole, content included (open point OP-45; split from OUT-04 and EXE-13).',
    sources: [upstream('canonical successes are frozen before wrappers see them')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1797, 'const value = deepFreeze(detached)'),
      evidence('packages/core/tools/src/index.ts', 1861, 'return deepFreeze({ ...detached, value: result.value })'),
    ],
  },
  {
    id: 'OUT-20',
    level: 'upstream',
    statement:
      'The failures the registry builds for an invalid output value and for invalid defineTool arguments carry info exactly { name: "ToolOutputError", code: "INVALID_TOOL_OUTPUT" } and { name: "ToolArgsError", code: "INVALID_ARGS" }: the class name in info.name, nothing else in info (open point OP-08; split from OUT-07 and OUT-14).',
    sources: [upstream('errorInfo reads the name and code of a HarnessError')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 644, 'return error instanceof HarnessError ? { name: error.name, code: error.code } : undefined'),
      evidence('packages/core/tools/src/index.ts', 519, "this.name = 'ToolOutputError'"),
      evidence('packages/core/tools/src/schema.ts', 467, "this.name = 'ToolArgsError'"),
    ],
  },
])
