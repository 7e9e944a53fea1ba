/**
 * `createToolRegistry()`: wires layers, scopes, events and the pipeline into
 * one registry object shaped like the adapter contract's Harness.
 */
import type {
  ListenerOptions,
  PromptAssembly,
  ScopeHandle,
  Subscribe,
  ToolEventListeners,
  ToolEventName,
  ToolRuntimeApi,
  ToolsContextApi,
} from '../conformance/adapter/contract.ts'
import type {
  Agent,
  ApprovalService,
  CodeDispatchLog,
  CodeDispatchRecord,
  CodeRuntime,
  ContentBlock,
  ToolDefinition,
  ToolExecutionInput,
  ToolGuard,
  ToolPresentationMode,
  ToolRestriction,
} from '../conformance/spec/types.ts'
import { checkMode, declarePresentation } from './code-mode/presentation.ts'
import { assemblePrompt } from './code-mode/prompt.ts'
import { createRunCodeTool } from './code-mode/run-code-tool.ts'
import { SubDispatchLane } from './code-mode/sub-dispatch-lane.ts'
import { errorMessage } from './pipeline/results.ts'
import { EventBus, type AnyListener } from './events.ts'
import { LayerStore } from './layers.ts'
import { executeTool } from './pipeline/execute.ts'
import type { RegistryInternals } from './pipeline/run.ts'
import { classifyExecution, getTool, projectSchemas } from './projection.ts'
import { addGuard, registerTool, restrictTools } from './registration.ts'
import { countedParent, presentationChanged, recodeSchemaError, type RegistryChoices } from './choices.ts'
import { ScopeTree, type ScopeNode } from './scopes.ts'

/** Where contained failures are reported (RES-04). */
export interface RegistryLogger {
  warn(message: string, ...details: unknown[]): void
}

export interface ToolRegistryOptions {
  /** Receives `tools/result observer failed: …` warnings. Without it they are dropped silently. */
  readonly logger?: RegistryLogger
  /** PRES-08: the deployment's presentation mode, for scopes that declare none. Default `native`. */
  readonly mode?: ToolPresentationMode
  /** CM-17, CM-29: how many parallel-classified sub-calls of one run may overlap; a positive integer, default 10. */
  readonly maxParallelSubCalls?: number
  /**
   * CM-23, CM-24: receives each durable Code Mode record, as an agent
   * session's `append` would. Records exist only for runs whose outer call
   * has an `agent`. A throw here is contained and reported to the logger.
   */
  readonly onCodeDispatch?: (record: CodeDispatchRecord) => void
  /** PRES-12: the system prompt's tool order (names, with `<unlisted-tools>` once); absent means lexicographic. */
  readonly toolOrder?: readonly string[]
  /** The other side of open points the seeds leave (OP-01..03); each default is upstream's choice. */
  readonly choices?: RegistryChoices
}

export interface CreateToolScopeOptions {
  /** The parent scope: the new scope inherits its view, restrictions and guards (VIS-01, VIS-10, GRD-03). */
  readonly parent?: ScopeHandle
}

/** One agent scope: its own layer (register/restrict/guard) and scope-filtered listeners. */
export interface ToolScope extends ScopeHandle {
  /** Undo everything contributed through this scope (REG-10, GRD-04). Idempotent. */
  dispose(): void
}

export interface ToolRegistry {
  /**
   * The global `ctx.tools`. `register`/`guard` land in the global layer;
   * `restrict` throws (it needs a scope, VIS-04). `get`/`schemas`/
   * `executionMode` take an optional scope key (a scope's `agent`).
   * `execute` never rejects and resolves to the frozen result that
   * `tools/result` observers saw.
   */
  readonly tools: ToolRuntimeApi
  /** Subscribe a global listener (sees every call). Returns its disposer. */
  readonly on: Subscribe
  /** Create an agent scope, optionally under a parent scope of this registry. */
  createScope(options?: CreateToolScopeOptions): ToolScope
  /** Install the approval service consulted for `ask` decisions, or remove it with `undefined`. */
  setApproval(service: ApprovalService | undefined): void
  /** Mount the code runtime `run_code` runs programs on, or unmount it with `undefined` (CM-55; a failure resolves as a result, CM-07). */
  setCodeRuntime(runtime: CodeRuntime | undefined): void
  /**
   * The registry's part of the system prompt for `scope` (a scope's `agent`)
   * or the global one: the tools offered and the Code Mode sections
   * (PRES-10, PRES-12..15, CM-27). Throws when the assembly fails. After
   * `dispose()` it contributes nothing.
   */
  assemblePrompt(scope?: Agent): PromptAssembly
  /** Drop every scope, registration, guard and listener, and the approval service. */
  dispose(): void
}

/** CM-29: the overlap cap, validated. */
function maxParallelOf(value: unknown): number {
  if (value === undefined) return 10
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new Error('maxParallelSubCalls must be a positive integer')
  return value
}

/** Internal: the parts of a registry the gallery may substitute (not exported by the package). */
export interface RegistryParts {
  /** CM-16, CM-17: the scheduler of one run's sub-calls (`choices` may pick the other sides of OP-11 and OP-61). */
  createLane(maxParallel: number, over: () => boolean, choices: RegistryChoices): SubDispatchLane
}

const STANDARD_PARTS: RegistryParts = {
  createLane: (maxParallel, over, choices) => new SubDispatchLane(maxParallel, over, choices),
}

/**
 * A new reference registry: the global `ctx.tools` view, listeners, scopes,
 * approval and Code Mode, with `options` for its logger, presentation mode,
 * sub-call parallelism and Code Mode dispatch log. It already has the
 * adapter contract's `Harness` shape.
 */
export function createToolRegistry(options: ToolRegistryOptions = {}): ToolRegistry {
  return createToolRegistryWith(STANDARD_PARTS, options)
}

/** Internal: {@link createToolRegistry} built from `parts`. */
export function createToolRegistryWith(parts: RegistryParts, options: ToolRegistryOptions = {}): ToolRegistry {
  const defaultMode = options.mode === undefined ? 'native' : checkMode(options.mode, 'createToolRegistry()', options.choices)
  const maxParallel = maxParallelOf(options.maxParallelSubCalls)
  let codeRuntime: CodeRuntime | undefined
  let transport: ToolDefinition | undefined
  const store = new LayerStore({ defaultMode, transport: () => (transport ??= buildTransport()) }, options.choices)
  const scopes = new ScopeTree()
  const events = new EventBus(options.choices)
  const liveScopes = new Set<ScopeNode>()
  let approval: ApprovalService | undefined
  let scopeCount = 0
  let disposed = false

  const internals: RegistryInternals = {
    store,
    scopes,
    events,
    approval: () => approval,
    choices: options.choices ?? {},
    liveTokens: new Set(),
    canonical: new WeakMap(),
    warn(message, error) {
      try {
        options.logger?.warn(message, error)
      } catch {
        // A failing logger must not break containment (RES-04).
      }
    },
  }

  /** CM-24: the contained `tools/code-dispatch-log` waterfall, routed by the calling agent. */
  const shapeLog = async (dispatch: CodeDispatchLog): Promise<ContentBlock[]> => {
    try {
      return await events.waterfall<ContentBlock[]>(
        'tools/code-dispatch-log',
        scopes.nodeOf(dispatch.agent),
        (listener, next) => listener(dispatch, next),
        async () => dispatch.content,
      )
    } catch (error) {
      internals.warn(`tools: code-dispatch-log listener failed for ${dispatch.name}: ${errorMessage(error)}; logging the original settled content`, error)
      return dispatch.content
    }
  }

  function buildTransport(): ToolDefinition {
    return createRunCodeTool({
      defaultMode,
      runtime: () => codeRuntime,
      host: {
        internals,
        maxParallel,
        schemas: (agent) => projectSchemas(store, scopes.nodeOf(agent)),
        executionMode: (input) => tools.executionMode(input as ToolExecutionInput),
        shapeLog,
        createLane: parts.createLane,
        append: (record) => {
          try {
            options.onCodeDispatch?.(record)
          } catch (error) {
            internals.warn(`tools: recording ${record.type} failed: ${errorMessage(error)}`, error)
          }
        },
      },
    })
  }

  const assertLive = (node: ScopeNode | undefined): void => {
    if (disposed) throw new Error('tool registry is disposed')
    if (node?.disposed === true) throw new Error('tool scope is disposed')
  }

  /** REG-11, VIS-14: unfiltered, and a throwing listener propagates. */
  const changed = (): void => events.emit('tools/change', undefined, [])

  /** Track an effect so disposing its scope undoes it; the returned disposer stays exact and idempotent. */
  const owned = (node: ScopeNode | undefined, dispose: () => void): (() => void) => {
    if (node === undefined) return dispose
    const tracked = (): void => {
      node.disposers.delete(tracked)
      dispose()
    }
    node.disposers.add(tracked)
    return tracked
  }

  /** `ctx.tools` as reached from one context: the global one (`undefined`) or a scope. */
  const contextApi = (node: ScopeNode | undefined): ToolsContextApi => ({
    register(definition: ToolDefinition) {
      assertLive(node)
      return owned(
        node,
        recodeSchemaError(options.choices, () => registerTool(store, node, definition, changed, options.choices)),
      )
    },
    restrict(filter: ToolRestriction) {
      assertLive(node)
      return owned(node, restrictTools(store, node, filter, changed))
    },
    guard(guard: ToolGuard) {
      assertLive(node)
      const dispose = addGuard(store, node, guard)
      // GRD-17: a scoped guard unwinds with its scope (OP-30: `disposer` leaves that to its own disposer).
      return options.choices?.scopedGuardLifetime === 'disposer' ? dispose : owned(node, dispose)
    },
    presentAs(mode: ToolPresentationMode) {
      assertLive(node)
      return owned(node, declarePresentation(store, node, mode, presentationChanged(options.choices, changed))) // PRES-22, OP-59
    },
  })

  /** A `Subscribe` for global (`undefined`) or scope-filtered listeners (VIS-18). */
  const subscribe = (node: ScopeNode | undefined): Subscribe =>
    (<E extends ToolEventName>(event: E, listener: ToolEventListeners[E], listenerOptions?: ListenerOptions) => {
      assertLive(node)
      return owned(node, events.on(event, listener as AnyListener, node, listenerOptions?.prepend === true))
    }) as Subscribe

  const disposeScope = (node: ScopeNode): void => {
    if (node.disposed) return
    node.disposed = true
    liveScopes.delete(node)
    // Undo in reverse order of contribution; one failing disposer does not stop the rest.
    const disposers = [...node.disposers].reverse()
    let firstError: { error: unknown } | undefined
    for (const dispose of disposers) {
      try {
        dispose()
      } catch (error) {
        firstError ??= { error }
      }
    }
    if (firstError !== undefined) throw firstError.error
  }

  const tools: ToolRuntimeApi = {
    ...contextApi(undefined),
    get: (name: string, scope?: Agent) => getTool(store, scopes.nodeOf(scope), name),
    schemas: (scope?: Agent) => projectSchemas(store, scopes.nodeOf(scope)),
    executionMode: (input: ToolExecutionInput) =>
      classifyExecution(
        store,
        (agent) => scopes.nodeOf(agent as Agent),
        input,
        (parent) => countedParent(options.choices, internals.liveTokens, parent),
      ),
    execute: (input: ToolExecutionInput) => executeTool(internals, input),
  }

  return {
    tools,
    on: subscribe(undefined),
    createScope(scopeOptions: CreateToolScopeOptions = {}): ToolScope {
      assertLive(undefined)
      let parent: ScopeNode | undefined
      if (scopeOptions.parent !== undefined) {
        parent = scopes.nodeOf(scopeOptions.parent.agent)
        if (parent === undefined) throw new Error('parent scope does not belong to this tool registry')
        if (parent.disposed) throw new Error('parent scope is disposed')
      }
      const node = scopes.create(parent, `scope-${++scopeCount}`)
      liveScopes.add(node)
      return {
        agent: node.agent,
        tools: contextApi(node),
        on: subscribe(node),
        dispose: () => disposeScope(node),
      }
    },
    setApproval(service: ApprovalService | undefined) {
      approval = service
    },
    setCodeRuntime(runtime: CodeRuntime | undefined) {
      codeRuntime = runtime
    },
    assemblePrompt(scope?: Agent) {
      const host = { store, runtime: () => codeRuntime, toolOrder: options.toolOrder, disposed: () => disposed }
      return assemblePrompt(host, scopes.nodeOf(scope))
    },
    dispose() {
      if (disposed) return
      disposed = true
      // Listeners go first, so tearing down emits nothing.
      events.clear()
      for (const node of [...liveScopes]) {
        node.disposed = true
        node.disposers.clear()
      }
      liveScopes.clear()
      store.clear()
      approval = undefined
      codeRuntime = undefined
    },
  }
}
