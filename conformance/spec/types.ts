/**
 * The pipeline's public data types, as the seeds declare them (seed 000,
 * "ToolDefinition", "执行", "已强制执行的原始 JSON Schema 子集").
 *
 * These are the shapes an adapter hands to the kit and the kit hands back.
 * They are transcribed as facts from the seed's `type-equiv` blocks; the
 * comments are ours. Types the seeds import from other packages
 * (`ContentBlock`, `UserMessage`, `Agent`, `CallId`) are given the loosest
 * shape the pipeline relies on.
 */

/** Any value that survives a lossless JSON round trip. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

/** One model-facing content block. Only `type` is structural; `text` blocks carry `text`. */
export interface ContentBlock {
  type: string
  [key: string]: unknown
}

/** A context message a tool or policy attaches to its result for the next model request. */
export interface UserMessage {
  role: 'user'
  content: unknown
  [key: string]: unknown
}

/** Opaque agent identity; also the scope key for scoped views and event routing. */
export type Agent = object

/** Model-assigned call identifier. */
export type CallId = string

/** Single-type keywords of the enforced JSON-Schema subset. */
export type JsonSchemaType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null'

/** Scalars that `enum` and `const` may hold. */
export type JsonSchemaScalar = string | number | boolean | null

/** One raw schema node inside the enforced subset. */
export interface JsonSchemaNode {
  type?: JsonSchemaType
  oneOf?: JsonSchemaNode[]
  properties?: Record<string, JsonSchemaNode>
  required?: string[]
  additionalProperties?: boolean
  items?: JsonSchemaNode
  enum?: JsonSchemaScalar[]
  const?: JsonSchemaScalar
  description?: string
  title?: string
  default?: JsonValue
  examples?: JsonValue
}

/** The model-facing part of a tool: exactly what `schemas()` may project. */
export interface ToolSchema {
  name: string
  description: string
  parameters: Record<string, unknown>
}

/** Canonical output contract of a tool: schema plus pure projections. */
export interface ToolOutputDefinition {
  readonly schema: JsonSchemaNode
  render(args: unknown, value: JsonValue): ContentBlock[]
  presentationMeta?(args: unknown, value: JsonValue): JsonValue
}

/** Durable result projection handed to `presentResult`. */
export interface ToolResult {
  content: ContentBlock[]
  isError: boolean
  meta?: JsonValue
}

/** A registered tool. */
export interface ToolDefinition extends ToolSchema {
  readonly output: ToolOutputDefinition
  execute(args: unknown, exec: ToolRunContext): Promise<unknown>
  finalizeContent?(exec: Readonly<ToolExecution>, result: Readonly<ToolExecutionResult>): ContentBlock[] | undefined
  timeoutMs?: number
  isConcurrencySafe?(args: unknown): boolean
  /** Returns a `ToolCallView` (./presentation.ts) or `undefined`; typed loosely so definitions built elsewhere fit (PRES-06 grades the views). */
  presentCall?(args: unknown): unknown
  /** Returns a `ToolResultView` (./presentation.ts) or `undefined`, typed loosely likewise. */
  presentResult?(args: unknown, result: ToolResult): unknown
}

declare const toolExecutionTokenBrand: unique symbol
/** Opaque per-execution identity; a runtime `symbol`. */
export type ToolExecutionToken = symbol & { readonly [toolExecutionTokenBrand]: true }

/** What a caller passes to `execute()`. */
export interface ToolExecutionInput {
  readonly callId: CallId
  readonly rootCallId?: CallId
  readonly name: string
  readonly arguments: unknown
  readonly agent?: Agent
  readonly parent?: ToolExecutionToken
  readonly signal: AbortSignal
}

/** The pipeline-owned execution: materialised arguments, resolved root id, minted token. */
export interface ToolExecution extends ToolExecutionInput {
  readonly rootCallId: CallId
  readonly token: ToolExecutionToken
}

/** The `tools/execute` view: the only one whose `signal` may be reassigned. */
export interface ToolDispatchExecution extends Omit<ToolExecution, 'signal'> {
  signal: AbortSignal
}

/** What the tool body receives as its second argument. */
export interface ToolRunContext extends ToolExecution {
  deferContext(context: UserMessage): void
  concludeTurn(): void
}

/** Scheduling class of one pending call. */
export type ToolExecutionMode = { kind: 'parallel' } | { kind: 'exclusive' }

/** Routing identity of a structured error. */
export interface ToolErrorInfo {
  name: string
  code: string
}

/** Failure detail carried by every failed result. */
export interface ToolFailure {
  message: string
  info?: ToolErrorInfo
}

export interface ToolExecutionSuccess {
  readonly isError: false
  readonly value: JsonValue
  readonly content: ContentBlock[]
  readonly error?: never
  readonly meta?: JsonValue
  readonly additionalContexts?: UserMessage[]
  readonly concludesTurn?: true
}

export interface ToolExecutionFailure {
  readonly isError: true
  readonly error: ToolFailure
  readonly value?: never
  readonly content: ContentBlock[]
  readonly meta?: JsonValue
  readonly additionalContexts?: UserMessage[]
  readonly concludesTurn?: never
}

export type ToolExecutionResult = ToolExecutionSuccess | ToolExecutionFailure

export type PreToolDecision = { kind: 'allow' } | { kind: 'deny'; reason: string } | { kind: 'ask'; reason?: string }

export type PostToolDecision =
  | { kind: 'accept'; content?: ContentBlock[]; value?: never; additionalContexts?: UserMessage[] }
  | { kind: 'accept'; value: JsonValue; content?: never; additionalContexts?: UserMessage[] }
  | { kind: 'block'; feedback: ContentBlock[]; additionalContexts?: UserMessage[] }

/** Monotonic, synchronous deny-only check; `undefined` abstains. */
export type ToolGuard = (execution: Readonly<ToolExecution>) => string | undefined

/**
 * The `tools/*` event signatures of the seed's Cordis catalogue, without
 * Cordis's `this` scope. Waterfall listeners return the decision or result;
 * `tools/result` observers return `undefined`, so an async observer does not
 * type-check.
 */
export interface ToolEvents {
  'tools/pre-execute'(exec: ToolExecution, next: () => Promise<PreToolDecision>): Promise<PreToolDecision>
  'tools/execute'(exec: ToolDispatchExecution, next: () => Promise<ToolExecutionResult>): Promise<ToolExecutionResult>
  'tools/post-execute'(exec: ToolExecution, result: Readonly<ToolExecutionResult>, next: () => Promise<PostToolDecision>): Promise<PostToolDecision>
  'tools/result'(exec: Readonly<ToolExecution>, result: Readonly<ToolExecutionResult>): undefined
  'tools/change'(): void
}

/** Per-scope live filter over inherited tools. */
export interface ToolRestriction {
  readonly allow?: readonly string[]
  readonly deny?: readonly string[]
}

/** The four answers of the approval service; only `allowed-once` grants. */
export type ApprovalOutcome = 'allowed-once' | 'rejected' | 'cancelled' | 'unavailable'

/** What the registry sends to the approval service for an `ask`. */
export interface ApprovalRequest {
  readonly agent: Agent
  readonly toolName: string
  readonly callId?: CallId
  readonly reason?: string
  readonly signal?: AbortSignal
}

/** The approval service the registry consults for `ask` decisions. */
export interface ApprovalService {
  request(request: ApprovalRequest): Promise<ApprovalOutcome>
}

/** Error codes the pipeline itself puts on results. */
export const ERROR_CODES = {
  UNKNOWN_TOOL: 'UNKNOWN_TOOL',
  INVALID_ARGS: 'INVALID_ARGS',
  INVALID_TOOL_OUTPUT: 'INVALID_TOOL_OUTPUT',
  ABORTED: 'ABORTED',
  ABORTED_BEFORE_DISPATCH: 'ABORTED_BEFORE_DISPATCH',
} as const

export type * from './code-mode.ts'
export type * from './presentation.ts'
