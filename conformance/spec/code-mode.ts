/**
 * Spec data types of Code Mode (seed 000: `ToolPresentationMode`, the
 * `run_code` transport, `CodeDispatchLog`, `tools/code-dispatch-log`; the code
 * runtime seam of `@deepseek-ai/dsh-code-runtime`, whose shape upstream's
 * registry calls). Facts, not code, carried over: the field names and the
 * failure kinds are upstream's.
 */
import type { Agent, CallId, ContentBlock, JsonValue, ToolExecution } from './types.ts'

/**
 * How a scope's model sees the tools (seed 000 §Cordis API `presentAs`):
 * - `native`: every visible schema, no `run_code`;
 * - `code`: only `run_code`; a model-direct call of any other visible tool is
 *   collapsed to `UNKNOWN_TOOL` (calls with a `parent` are exempt);
 * - `both`: the native schemas and `run_code`, no collapse.
 */
export type ToolPresentationMode = 'native' | 'code' | 'both'

/** One host function a program may call; it resolves with the tool's canonical value or rejects with an `Error`. */
export type CodeBindingFunction = (args: unknown) => Promise<JsonValue>

/** The class a runtime raises inside the program when a binding rejects. */
export interface CodeBindingErrorClass {
  /** The class name the program sees (upstream: `ToolCallError`). */
  readonly name: string
  /** The own property that names the binding which failed (upstream: `toolName`). */
  readonly memberNameProperty: string
}

/** One global namespace of bindings the program sees (upstream: `tools`). */
export interface CodeBindingNamespace {
  readonly global: string
  /** One own enumerable function per callable name. */
  readonly functions: Readonly<Record<string, CodeBindingFunction>>
  readonly errorClass?: CodeBindingErrorClass
}

/** What `run_code` hands the runtime: the model's program, the bindings and the run-scoped signal. */
export interface CodeRunRequest {
  readonly program: string
  readonly bindings: readonly CodeBindingNamespace[]
  readonly signal?: AbortSignal
}

/** Why a run failed, as the runtime reports it. */
export interface CodeRunFailure {
  readonly kind: 'exception' | 'timeout' | 'abort' | 'worker-exit' | 'invalid-output' | 'output-limit'
  readonly message: string
}

/**
 * A run's outcome. Program failures resolve here (`error`); a runtime
 * rejects only when it is misused. `value` is absent when the program
 * returned `undefined`.
 */
export interface CodeRunResult {
  readonly value?: JsonValue
  readonly logs: readonly string[]
  readonly error?: CodeRunFailure
}

/**
 * The code runtime seam: the registry talks to whatever executes programs
 * through this one interface. A runtime knows nothing of tools or sessions.
 */
export interface CodeRuntime {
  /** The language `program` is written in, lower case (`typescript`, `python`). Selects the `run_code` schema text. */
  readonly language: string
  /** Runs one program against the request's bindings. */
  run(request: CodeRunRequest): Promise<CodeRunResult>
}

/**
 * One settled `run_code` sub-dispatch about to be logged, as the
 * `tools/code-dispatch-log` waterfall sees it (seed 000). Only the durable
 * copy of `content` can be changed by a listener.
 */
export interface CodeDispatchLog {
  /** The outer `run_code` execution. */
  readonly exec: ToolExecution
  /** The calling agent, when the outer call has one. */
  readonly agent?: Agent
  /** `<outer callId>:code:<n>`. */
  readonly subCallId: CallId
  readonly name: string
  readonly isError: boolean
  /** The sub-call's complete final content. */
  readonly content: ContentBlock[]
}

/** The data of a `tool/code-dispatch-start` record, appended when a sub-call starts, before its pre-execute. */
export interface CodeDispatchStart {
  readonly rootCallId: CallId
  /** The outer `run_code` call's id. */
  readonly parentCallId: CallId
  readonly subCallId: CallId
  readonly name: string
  /** A lossless snapshot of the arguments, separate from the one the tool received. */
  readonly arguments: JsonValue
}

/** The data of a `tool/code-dispatch` record, appended once per started sub-call when it settles. */
export interface CodeDispatchSettle extends CodeDispatchStart {
  readonly isError: boolean
  /** What the `tools/code-dispatch-log` waterfall returned (the final content when no listener changed it). */
  readonly content: ContentBlock[]
}

/**
 * One durable Code Mode record, as an agent's session would receive it
 * (upstream: `agent.session.append(type, data)`), with the agent it was
 * appended for. Records exist only for outer calls that carry an `agent`.
 */
export type CodeDispatchRecord =
  | { readonly agent: Agent; readonly type: 'tool/code-dispatch-start'; readonly data: CodeDispatchStart }
  | { readonly agent: Agent; readonly type: 'tool/code-dispatch'; readonly data: CodeDispatchSettle }
