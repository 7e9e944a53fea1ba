/**
 * The adapter contract: the one module an implementer writes to put their
 * registry under test. See docs/ADAPTER.md for a worked example.
 *
 * An adapter's default export is a {@link TckAdapter}. The kit calls
 * {@link TckAdapter.create} once per test and gets a fresh, isolated
 * {@link Harness}: nothing registered, no listeners, no approval service.
 * The suite drives the registry only through this surface, so whatever an
 * adapter maps it onto (a Cordis app, a DI container, a plain object) is its
 * own business.
 */
import type {
  Agent,
  ApprovalService,
  CodeDispatchLog,
  CodeDispatchRecord,
  CodeRuntime,
  JsonSchemaNode,
  ContentBlock,
  PostToolDecision,
  PreToolDecision,
  ToolDefinition,
  ToolDispatchExecution,
  ToolExecution,
  ToolExecutionInput,
  ToolExecutionMode,
  ToolExecutionResult,
  ToolGuard,
  ToolRestriction,
  ToolPresentationMode,
  ToolSchema,
} from '../spec/types.ts'

/**
 * Optional capabilities. A rule that needs a capability the adapter does not
 * declare is reported `not-applicable`, never failed.
 *
 * - `scopes`: agent scopes with their own registrations, restrictions, guards
 *   and scope-filtered listeners ({@link Harness.createScope}).
 * - `scopeParents`: scopes created with a parent scope (inheritance chains).
 * - `approval`: an approval service can be installed ({@link Harness.setApproval}),
 *   so `ask` decisions can be granted.
 * - `presentationMeta`: `output.presentationMeta` projects `meta` on results.
 * - `changeEvents`: the registry emits `tools/change`.
 * - `schema`: the adapter exposes the schema DSL and the enforced JSON-Schema
 *   subset as {@link TckAdapter.schema}.
 * - `codedErrors`: the adapter can build the registry's own routable error
 *   ({@link TckAdapter.harnessError}), so the kit can check that a code thrown
 *   by a tool or listener survives as `error.info`.
 * - `codeMode`: Code Mode: the registry-owned `run_code` transport and its
 *   sub-dispatch bridge, per-scope presentation modes
 *   ({@link ToolsContextApi.presentAs}), the deployment's `mode` and
 *   `maxParallelSubCalls` ({@link HarnessOptions}), a mountable code runtime
 *   and the durable dispatch records ({@link CodeModeHarness}), and the
 *   `tools/code-dispatch-log` event.
 * - `warnings`: the harness shows what its registry logged at warn level
 *   ({@link Harness.warnings}), so the kit can check that contained
 *   `tools/result` observer failures are reported.
 * - `promptAssembly`: the harness assembles the system prompt one scope's
 *   model sees ({@link Harness.assemblePrompt}): the tools presented and the
 *   named prompt sections, so the kit can check what each presentation mode
 *   puts in the prompt (PRES-10, PRES-12..15, CM-27).
 */
export type FeatureName =
  | 'scopes'
  | 'scopeParents'
  | 'approval'
  | 'presentationMeta'
  | 'changeEvents'
  | 'schema'
  | 'codedErrors'
  | 'codeMode'
  | 'warnings'
  | 'promptAssembly'

/** The capabilities an adapter declares; an absent key means "not supported". */
export type FeatureManifest = { readonly [K in FeatureName]?: boolean }

/** The listener shape of each event the suite subscribes to. */
export interface ToolEventListeners {
  /** Waterfall; the base `next()` resolves `{ kind: 'allow' }`. */
  'tools/pre-execute': (exec: ToolExecution, next: () => Promise<PreToolDecision>) => PreToolDecision | Promise<PreToolDecision>
  /** Waterfall around dispatch; the base `next()` runs the body and normalises its outcome. */
  'tools/execute': (exec: ToolDispatchExecution, next: () => Promise<ToolExecutionResult>) => ToolExecutionResult | Promise<ToolExecutionResult>
  /** Waterfall after dispatch; the base `next()` resolves `{ kind: 'accept' }`. */
  'tools/post-execute': (
    exec: ToolExecution,
    result: Readonly<ToolExecutionResult>,
    next: () => Promise<PostToolDecision>,
  ) => PostToolDecision | Promise<PostToolDecision>
  /** Synchronous observer of the frozen final result. */
  'tools/result': (exec: Readonly<ToolExecution>, result: Readonly<ToolExecutionResult>) => void
  /** Unfiltered notification that the set of available tools changed. */
  'tools/change': () => void
  /**
   * Waterfall over one settled `run_code` sub-dispatch (requires `codeMode`);
   * the base `next()` resolves the content unchanged. What it resolves is the
   * content of the durable `tool/code-dispatch` record only.
   */
  'tools/code-dispatch-log': (dispatch: CodeDispatchLog, next: () => Promise<ContentBlock[]>) => ContentBlock[] | Promise<ContentBlock[]>
}

export type ToolEventName = keyof ToolEventListeners

export interface ListenerOptions {
  /** Put this listener ahead of the ones already registered (outermost in a waterfall). */
  readonly prepend?: boolean
}

/**
 * Subscribe a listener; returns the disposer that unsubscribes it.
 * Through {@link Harness.on} the listener is global (sees every call);
 * through {@link ScopeHandle.on} it is scope-filtered (sees calls whose
 * `agent` is that scope or a descendant of it).
 */
export type Subscribe = <E extends ToolEventName>(event: E, listener: ToolEventListeners[E], options?: ListenerOptions) => () => void

/** What `ctx.tools` offers when reached from one context (global or an agent scope). */
export interface ToolsContextApi {
  /** Register in this context's layer; returns the exact disposer. */
  register(definition: ToolDefinition): () => void
  /** Restrict inherited tools for this scope; throws when called from the global context. */
  restrict(filter: ToolRestriction): () => void
  /** Add a monotonic guard to this context's layer; returns the exact disposer. */
  guard(guard: ToolGuard): () => void
  /**
   * Declare this scope's presentation mode (requires `codeMode`); returns the
   * exact disposer, which restores what the chain inherits. Throws from the
   * global context and on a second declaration in the same scope.
   */
  presentAs?(mode: ToolPresentationMode): () => void
}

/** The global `ctx.tools`: the context API plus lookup, projection, classification and execution. */
export interface ToolRuntimeApi extends ToolsContextApi {
  get(name: string, scope?: Agent): ToolDefinition | undefined
  schemas(scope?: Agent): ToolSchema[]
  executionMode(input: ToolExecutionInput): ToolExecutionMode
  execute(input: ToolExecutionInput): Promise<ToolExecutionResult>
}

/** One agent scope, as the suite sees it. Requires the `scopes` feature. */
export interface ScopeHandle {
  /** The value the suite passes as `exec.agent` and as the `scope` of `get`/`schemas`. */
  readonly agent: Agent
  /** `ctx.tools` reached through this agent's context: registrations, restrictions and guards land in this scope. */
  readonly tools: ToolsContextApi
  /** Subscribe a scope-filtered listener. */
  readonly on: Subscribe
  /** Dispose the scope: its registrations, restrictions, guards and listeners go away. */
  dispose(): void | Promise<void>
}

export interface CreateScopeOptions {
  /** Parent scope for inheritance (requires the `scopeParents` feature). */
  readonly parent?: ScopeHandle
}

/**
 * The deployment configuration of a harness (requires `codeMode`; the suite
 * passes options only to adapters that declare it). Upstream: the `mode` and
 * `maxParallelSubCalls` fields of the tools config.
 */
export interface HarnessOptions {
  /** The deployment's presentation mode, used by scopes that declare none; `native` when absent. */
  readonly mode?: ToolPresentationMode
  /** The overlap cap of parallel-classified sub-calls in one run; 10 when absent. An invalid value makes `create` throw. */
  readonly maxParallelSubCalls?: number
  /**
   * The system prompt's configured tool order (passed only by tests that also
   * need `promptAssembly`): model-facing tool names in order, with
   * {@link TOOL_ORDER_REST} once where the unlisted tools go, lexicographically.
   * Upstream: the `toolOrder` field of the system-prompt config. Absent means
   * every tool in lexicographic order.
   */
  readonly toolOrder?: readonly string[]
}

/** The entry of {@link HarnessOptions.toolOrder} that stands for every tool it does not list. */
export const TOOL_ORDER_REST = '<unlisted-tools>'

/** One named section of an assembled system prompt, its text resolved. */
export interface PromptSectionView {
  readonly name: string
  /** The section's text for this assembly; an empty text is dropped when the prompt is rendered. */
  readonly text: string
}

/**
 * What one assembly of the system prompt presents to a scope's model
 * (requires `promptAssembly`). Upstream: `SystemPrompt.assemble({ scope })`.
 */
export interface PromptAssembly {
  /** The tool schemas the model is offered, in prompt order. */
  readonly tools: readonly ToolSchema[]
  /**
   * The prompt's named sections in prompt order (ascending section order),
   * every one registered for this scope, those rendering empty included. The
   * registry contributes `tools:code-only` (order 99) and `tools:sdk` (order
   * 150) where a non-native mode needs them; other sections (a host's
   * identity or persona) may be listed too and are ignored.
   */
  readonly sections: readonly PromptSectionView[]
}

/** The Code Mode members of a harness (requires `codeMode`). */
export interface CodeModeHarness {
  /** Mount the code runtime `run_code` runs programs on, or unmount it with `undefined`. */
  setRuntime(runtime: CodeRuntime | undefined): void | Promise<void>
  /**
   * Every durable record the registry appended since the harness was created,
   * oldest first, each with the agent it was appended for (upstream appends
   * them to `agent.session`). An outer call without an agent appends none.
   */
  records(): readonly CodeDispatchRecord[]
}

/** One fresh, isolated registry with everything the suite needs to drive it. */
export interface Harness {
  /** The global `ctx.tools`. */
  readonly tools: ToolRuntimeApi
  /** Subscribe a global listener. */
  readonly on: Subscribe
  /** Create an agent scope (requires the `scopes` feature). */
  createScope?(options?: CreateScopeOptions): ScopeHandle | Promise<ScopeHandle>
  /** Install (or, with `undefined`, remove) the approval service (requires the `approval` feature). */
  setApproval?(service: ApprovalService | undefined): void
  /**
   * The messages the registry logged at warn level since this harness was
   * created, oldest first (requires the `warnings` feature). Upstream logs
   * through `ctx.logger.warn`; map whatever your registry logs to. Only the
   * message is read, never any further logger arguments.
   */
  warnings?(): readonly string[]
  /** Code Mode (requires the `codeMode` feature). */
  readonly codeMode?: CodeModeHarness
  /**
   * Assemble the system prompt as `scope`'s model would see it, or the global
   * one when `scope` is `undefined` (requires the `promptAssembly` feature).
   * A failing assembly (a non-native mode with no code runtime, a tool order
   * naming a tool the prompt does not know) throws or rejects. It must still
   * answer after {@link dispose}, with what the prompt holds once the registry
   * is gone (the kit reads it there for PRES-15); `dispose` may then be
   * called again by the kit and must tolerate that.
   */
  assemblePrompt?(scope?: Agent): PromptAssembly | Promise<PromptAssembly>
  /** Release everything this harness holds. Called once after each test (a `promptAssembly` test may call it first). */
  dispose?(): void | Promise<void>
}

/** The default export of an adapter module. */
export interface TckAdapter {
  /** Human-readable implementation name, shown in reports. */
  readonly name: string
  /** Implementation version, shown in reports. */
  readonly version?: string
  /** Optional capabilities this implementation supports. */
  readonly features: FeatureManifest
  /**
   * Build a fresh harness. Called once per test; must not share state between
   * harnesses. `options` is passed only to adapters that declare `codeMode`,
   * and only by tests that configure the deployment.
   */
  create(options?: HarnessOptions): Harness | Promise<Harness>
  /** The schema DSL and subset functions (requires the `schema` feature). */
  readonly schema?: SchemaApi
  /**
   * Builds an error the registry routes by code (its `HarnessError`, or a
   * subclass) with this message and code (requires the `codedErrors` feature).
   */
  harnessError?(message: string, code: string): Error
}

/**
 * The implementation's schema functions. They are pure, so one set serves
 * every test. Errors are recognised by their `code` and `violations`, never
 * by class identity.
 */
export interface SchemaApi {
  /** Builds a definition from a typed parameter map and output spec; its `execute` validates arguments first. */
  defineTool(options: Record<string, unknown>): ToolDefinition
  /** Compiles a parameter map to an object-rooted schema. */
  parameterSchemaSpecToJsonSchema(spec: unknown): JsonSchemaNode
  /** Compiles any value spec to a schema of the subset. */
  valueSchemaSpecToJsonSchema(spec: unknown): JsonSchemaNode
  /** Validates arguments against a parameter map; returns the violations. */
  validateArgs(spec: unknown, args: unknown): string[]
  /** Throws an error with code `UNSUPPORTED_SCHEMA` and every violation when `schema` is outside the subset. */
  assertSupportedJsonSchema(schema: unknown): void
  /** Like {@link assertSupportedJsonSchema}, and the root must be an object schema. */
  assertObjectJsonSchema(schema: unknown): void
  /** Validates a value against a schema of the subset; returns path-qualified violations. */
  validateJsonSchemaValue(schema: JsonSchemaNode, value: unknown, path?: string): string[]
}

/** Identity helper that gives an adapter module full type checking. */
export function defineAdapter(adapter: TckAdapter): TckAdapter {
  return adapter
}

export type { ContentBlock }
