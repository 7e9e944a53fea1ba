import { defineArea, evidence, quote, seed, upstream } from '../define.ts'

/**
 * TYP rules: compile-time contracts of the pipeline's declared types that no
 * other area owns. They are graded by the tsd suites (types/typ-NN.*.test-d.ts,
 * run by conformance/types/run-types.ts) against the implementation's type
 * entry, not by the runtime suite. The other type-level rules (DSL-17..19,
 * ARG-10, MODE-06) stay in their areas and are graded the same way.
 */
export const TYP_RULES = defineArea('TYP', [
  {
    id: 'TYP-01',
    level: 'must',
    statement:
      "PreToolDecision admits exactly { kind: 'allow' }, { kind: 'deny', reason: string } with the reason mandatory, and { kind: 'ask', reason?: string }; any other kind, a non-string reason, or a decision carrying replacement arguments does not type-check.",
    sources: [seed('000', '§执行 (PreToolDecision: input rewriting is excluded)')],
    quotes: [
      quote(
        '000',
        '§执行 (PreToolDecision)',
        "type PreToolDecision = | { kind: 'allow' } | { kind: 'deny'; reason: string } | { kind: 'ask'; reason?: string }",
      ),
      quote('000', '§执行 (PreToolDecision)', 'Input rewriting is excluded because arguments are already logged and presented.'),
    ],
  },
  {
    id: 'TYP-02',
    level: 'must',
    statement:
      'PostToolDecision is an accept that replaces at most one of content and value (a JSON value), or a block whose feedback content is mandatory, each optionally with additionalContexts; an accept naming both content and value, a block without feedback, a non-JSON value and any other kind do not type-check.',
    sources: [seed('000', '§执行 (PostToolDecision)'), seed('000', '§执行 (后置策略可以替换内容或值，但不能同时替换两者)')],
    quotes: [
      quote(
        '000',
        '§执行 (PostToolDecision)',
        "type PostToolDecision = | { kind: 'accept'; content?: ContentBlock[]; value?: never; additionalContexts?: UserMessage[] } | { kind: 'accept'; value: JsonValue; content?: never; additionalContexts?: UserMessage[] } | { kind: 'block'; feedback: ContentBlock[]; additionalContexts?: UserMessage[] }",
      ),
      quote('000', '§执行 (post-policy may replace either content or value, never both)', '后置策略可以替换内容或值，但不能同时替换两者。'),
    ],
  },
  {
    id: 'TYP-03',
    level: 'must',
    statement:
      "ToolExecutionResult is discriminated by a read-only isError: a success has a JSON value, may carry concludesTurn: true and has no error; a failure has an error { message, info? } and can carry neither value nor concludesTurn (that info is { name, code } is TYP-08's).",
    sources: [seed('000', '§执行 (ToolExecutionSuccess, ToolExecutionFailure, ToolExecutionResult)')],
    quotes: [
      quote('000', '§执行 (ToolExecutionSuccess)', 'interface ToolExecutionSuccess { readonly isError: false'),
      quote('000', '§执行 (ToolExecutionSuccess)', 'readonly value: JsonValue readonly content: ContentBlock[] readonly error?: never'),
      quote('000', '§执行 (ToolExecutionSuccess)', 'readonly concludesTurn?: true }'),
      quote(
        '000',
        '§执行 (ToolExecutionFailure)',
        'interface ToolExecutionFailure { readonly isError: true readonly error: ToolFailure readonly value?: never readonly content: ContentBlock[] readonly meta?: JsonValue readonly additionalContexts?: UserMessage[] readonly concludesTurn?: never }',
      ),
      quote('000', '§执行 (ToolExecutionResult)', 'type ToolExecutionResult = ToolExecutionSuccess | ToolExecutionFailure'),
      quote('000', '§执行 (ToolFailure)', 'Internal error class/code used by policy and durable diagnostics.'),
      quote('000', '§执行 (ToolFailure)', 'info?: ToolErrorInfo'),
    ],
  },
  {
    id: 'TYP-04',
    level: 'must',
    statement:
      'ToolGuard is a synchronous function of the read-only ToolExecution whose result is string | undefined, so a guard that returns true, an allow decision, null or a promise, or that assigns to the execution, does not type-check.',
    sources: [seed('000', '§执行 (ToolGuard: its return type has no allow result)'), seed('000', '§Cordis API (guard)')],
    quotes: [
      quote('000', '§执行 (ToolGuard)', 'type ToolGuard = (execution: Readonly<ToolExecution>) => string | undefined'),
      quote('000', '§执行 (ToolGuard)', '其返回类型有意不包含 allow 结果'),
      quote('000', '§Cordis API (guard)', '@param guard - synchronous check; a returned string denies the execution.'),
    ],
  },
  {
    id: 'TYP-05',
    level: 'must',
    statement:
      'A tools/result observer receives the execution and the result read-only and its declared return type is undefined, so an async observer or one returning a value does not type-check (the runtime side is RES-05).',
    sources: [seed('000', '§Cordis API (tools/result)'), seed('000', '§执行 (tools/result 在归一化后接收冻结的执行和结果)')],
    quotes: [
      quote(
        '000',
        '§Cordis API (tools/result)',
        "'tools/result'(this: Scoped<ToolRuntime>, exec: Readonly<ToolExecution>, result: Readonly<ToolExecutionResult>): undefined",
      ),
      quote('000', '§执行 (tools/result receives the frozen execution and result)', '`tools/result` 在归一化后接收冻结的执行和结果；观察者无法对其进行变换'),
    ],
  },
  {
    id: 'TYP-06',
    level: 'must',
    statement:
      'The call identity (callId, rootCallId, name, arguments, agent, parent, token) is read-only on ToolExecutionInput, ToolExecution, ToolRunContext and the tools/execute view alike, the caller cannot supply a token, and a ToolExecution always carries a rootCallId and a symbol token.',
    sources: [
      seed('000', '§执行 (ToolExecution, ToolDispatchExecution)'),
      seed('000', '§执行 (身份字段、调用方必需的 signal 和可选的 parent token 均保持 readonly)'),
    ],
    quotes: [
      quote('000', '§执行 (ToolExecutionInput)', 'callers do not choose that token.'),
      quote('000', '§执行 (ToolExecutionInput)', 'interface ToolExecutionInput { readonly callId: CallId'),
      quote('000', '§执行 (ToolExecutionInput)', 'readonly rootCallId?: CallId readonly name: string'),
      quote('000', '§执行 (ToolExecutionInput)', 'readonly arguments: unknown'),
      quote('000', '§执行 (ToolExecutionInput)', 'readonly agent?: Agent'),
      quote('000', '§执行 (ToolExecutionInput)', 'readonly parent?: ToolExecutionToken'),
      quote('000', '§执行 (ToolExecution)', 'interface ToolExecution extends ToolExecutionInput'),
      quote('000', '§执行 (ToolExecution)', 'Root model-requested call, resolved for every root and nested execution.'),
      quote('000', '§执行 (ToolExecution)', 'readonly rootCallId: CallId'),
      quote('000', '§执行 (ToolExecution)', 'readonly token: ToolExecutionToken'),
      quote('000', '§执行 (ToolExecutionToken)', 'type ToolExecutionToken = symbol & { readonly [toolExecutionTokenBrand]: true }'),
      quote('000', '§执行 (ToolDispatchExecution)', "interface ToolDispatchExecution extends Omit<ToolExecution, 'signal'>"),
      quote('000', '§执行 (ToolRunContext)', 'interface ToolRunContext extends ToolExecution'),
      quote(
        '000',
        '§执行 (identity fields, the required caller signal, and the optional parent token remain readonly)',
        '身份字段、调用方必需的 signal 和可选的 parent token 均保持 readonly。',
      ),
      quote('000', '§执行 (CodeDispatchLog)', 'Deterministic sub-call id (`<parent>:code:<n>`).'),
    ],
  },
  {
    id: 'TYP-07',
    level: 'must',
    statement:
      'A ToolDefinition must declare output (render returning content blocks, presentationMeta returning JSON) and an execute that returns a promise and receives a ToolRunContext with deferContext and concludeTurn; finalizeContent returns content blocks or undefined.',
    sources: [seed('000', '§ToolDefinition'), seed('000', '§执行 (ToolRunContext)')],
    quotes: [
      quote('000', '§ToolDefinition', 'Mandatory canonical output declaration.'),
      quote('000', '§ToolDefinition', 'readonly output: ToolOutputDefinition'),
      quote('000', '§ToolDefinition', 'render(args: unknown, value: JsonValue): ContentBlock[]'),
      quote('000', '§ToolDefinition', 'presentationMeta?(args: unknown, value: JsonValue): JsonValue'),
      quote('000', '§ToolDefinition', 'execute(args: unknown, exec: ToolRunContext): Promise<unknown>'),
      quote('000', '§ToolDefinition', 'finalizeContent?(exec: Readonly<ToolExecution>, result: Readonly<ToolExecutionResult>): ContentBlock[] | undefined'),
      quote('000', '§执行 (ToolRunContext)', 'deferContext(context: UserMessage): void'),
      quote('000', '§执行 (ToolRunContext)', 'concludeTurn(): void'),
    ],
  },
  // TYP-08: what TYP-03 demanded beyond its quotes (issue 37, part 3): the seeds declare `info?: ToolErrorInfo`, an
  // "Internal error class/code", without its fields (open point OP-08).
  {
    id: 'TYP-08',
    level: 'upstream',
    statement: "ToolErrorInfo, the type of a failure's error.info, is { name: string; code: string }: both required, no other field.",
    sources: [upstream('ToolErrorInfo { name, code }')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 475, 'export interface ToolErrorInfo {'),
      evidence('packages/core/tools/src/index.ts', 476, 'name: string'),
      evidence('packages/core/tools/src/index.ts', 477, 'code: string'),
    ],
  },
])
