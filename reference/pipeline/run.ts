/**
 * One execution's state, and the entry stage that builds it: read the input
 * once (ARG-01), capture the finaliser (FIN-01), mint the token (ARG-02),
 * materialise the arguments (ARG-04..06) and build the execution object
 * (ARG-07, ARG-11).
 *
 * Entry never throws. A malformed input (throwing identity getter, missing
 * or non-AbortSignal `signal`) is recorded as `entryFailure` and later turned
 * into a result (ERR-08, ERR-10).
 */
import { checkDeferredContext, countedParent, type RegistryChoices } from '../choices.ts'
import type {
  ApprovalService,
  ContentBlock,
  ToolExecution,
  ToolExecutionResult,
  ToolExecutionToken,
  ToolRunContext,
  UserMessage,
} from '../../conformance/spec/types.ts'
import type { EventBus } from '../events.ts'
import type { LayerStore } from '../layers.ts'
import type { ScopeNode, ScopeTree } from '../scopes.ts'
import { collapses } from '../code-mode/presentation.ts'
import { resolveTool } from '../visibility.ts'
import { materializeArguments } from './materialize.ts'

/** What the pipeline needs from the registry that owns it. */
export interface RegistryInternals {
  readonly store: LayerStore
  readonly scopes: ScopeTree
  readonly events: EventBus
  /** The approval service installed right now (read when an `ask` is resolved). */
  approval(): ApprovalService | undefined
  /** The open-point choices the registry was created with (OP-02, OP-03). */
  readonly choices: RegistryChoices
  /** OP-36: the tokens of the executions still running, kept only when the choices count live tokens alone as parents. */
  readonly liveTokens: Set<unknown>
  /** EXE-05: results the registry produced itself, keyed to the dispatch token that produced them. */
  readonly canonical: WeakMap<object, symbol>
  /** RES-04: where contained observer failures are reported. */
  warn(message: string, error: unknown): void
}

export type Finalizer = (exec: Readonly<ToolExecution>, result: Readonly<ToolExecutionResult>) => ContentBlock[] | undefined

export interface Run {
  readonly registry: RegistryInternals
  /** The one execution object every stage sees (pre, guards, wrappers, body, post, finaliser, observers). */
  readonly exec: ToolRunContext
  /** The scope of `exec.agent`: routes scoped listeners (VIS-18) and selects the view (VIS-01). */
  readonly target: ScopeNode | undefined
  /** The caller's signal, captured once: the only signal that drives cancellation replacement (CAN-11). */
  readonly callerSignal: AbortSignal
  /** FIN-01: the finaliser visible at entry, bound to its definition (FIN-07: dropped for a collapsed call). */
  readonly finalizer: Finalizer | undefined
  /** CM-03: a visible tool called model-direct under `code`; it ends at entry as UNKNOWN_TOOL. */
  readonly collapsed: boolean
  /** ARG-09, ARG-21: the call has a parent that counts (any defined one; OP-36: or a live token only). */
  readonly nested: boolean
  /** Set when the input could not be read or materialised; the outcome is then a final failure. */
  readonly entryFailure: { readonly error: unknown } | undefined
  /** CTX-01: contexts deferred through `exec.deferContext`, in call order. */
  readonly deferred: UserMessage[]
  /** CTX-01, CTX-06: the deferred contexts as merged after `tools/execute` (kept by later failures). */
  dispatchContexts: readonly UserMessage[]
  /** CTX-08: `exec.concludeTurn()` was called. */
  concluded: boolean
  /** EXE-11, CAN-10: the tool resolved at dispatch and its body was called. */
  bodyInvoked: boolean
  /** OP-58 (other side only): execute() rejects with this reason, without tools/result. */
  rejection: { readonly reason: unknown } | undefined
}

const IDENTITY_FIELDS = ['callId', 'rootCallId', 'name', 'agent', 'parent', 'signal'] as const
type IdentityField = (typeof IDENTITY_FIELDS)[number]

export function startRun(registry: RegistryInternals, input: unknown): Run {
  let entryFailure: { error: unknown } | undefined
  const fail = (error: unknown): void => {
    if (entryFailure === undefined) entryFailure = { error }
  }

  // ARG-01: each identity field is read exactly once, in this order. A throwing
  // getter is recorded and the remaining fields are still captured.
  // All keys up front: filling an object of a fixed shape is cheaper than growing one.
  const captured: Record<IdentityField, unknown> = {
    callId: undefined,
    rootCallId: undefined,
    name: undefined,
    agent: undefined,
    parent: undefined,
    signal: undefined,
  }
  for (const field of IDENTITY_FIELDS) {
    try {
      captured[field] = (input as Record<IdentityField, unknown>)[field]
    } catch (error) {
      fail(error)
    }
  }
  const signal = captured.signal
  if (!(signal instanceof AbortSignal)) fail(new TypeError('tool execution input requires an AbortSignal `signal`'))

  const name = captured.name as string
  const agent = captured.agent as object | undefined
  const target = registry.scopes.nodeOf(agent)

  // FIN-01: capture the finaliser of the definition visible to this caller now.
  // CM-03: the same lookup decides the collapse (only a visible name collapses).
  let finalizer: Finalizer | undefined
  let collapsed = false
  const parent = countedParent(registry.choices, registry.liveTokens, captured.parent) // OP-36
  try {
    const definition = resolveTool(registry.store, target, name)
    // VIS-25: a name out of view takes the ordinary path (OP-10: `collapsed` ends it here too).
    const collapsible = definition !== undefined || registry.choices.invisibleDirectCalls === 'collapsed'
    collapsed = collapsible && collapses(registry.store, target, name, parent)
    const finalize = definition?.finalizeContent
    if (typeof finalize === 'function') finalizer = finalize.bind(definition)
  } catch (error) {
    fail(error)
  }

  // ARG-02: a fresh opaque token per execution (OP-36: live until tools/result).
  const token = Symbol('dsh.tool.execution') as ToolExecutionToken
  if (registry.choices.parentTrust === 'live-token') registry.liveTokens.add(token)

  // ARG-04..06: `arguments` is read once and materialised. Skipped when the
  // identity could not be read: the call is already failed.
  let args: unknown
  if (entryFailure === undefined) {
    try {
      args = materializeArguments((input as { arguments: unknown }).arguments, registry.choices) // OP-35
    } catch (error) {
      fail(error)
      args = undefined
    }
  }

  // FIN-07, CAN-14: a collapsed call could never run, so its finaliser is dropped,
  // unless the caller had aborted by now (read after materialisation): an abort keeps it.
  if (collapsed && !(signal instanceof AbortSignal && signal.aborted)) finalizer = undefined

  const run: Run = {
    registry,
    exec: undefined as unknown as ToolRunContext,
    target,
    callerSignal: signal as AbortSignal,
    finalizer,
    collapsed,
    nested: parent !== undefined,
    entryFailure,
    deferred: [],
    dispatchContexts: [],
    concluded: false,
    bodyInvoked: false,
    rejection: undefined,
  }
  ;(run as { exec: ToolRunContext }).exec = createExecution(run, {
    token,
    callId: captured.callId,
    rootCallId: captured.rootCallId ?? captured.callId, // ARG-03
    name: captured.name,
    agent: captured.agent,
    parent: captured.parent,
    signal,
    arguments: args,
  })
  return run
}

/**
 * ARG-07, ARG-11: the execution object. Identity fields are non-writable and
 * non-configurable from the start; only `signal` stays writable, for
 * `tools/execute` wrappers (and it cannot be deleted). `agent` and `parent`
 * are own keys only when defined, and the object is not extensible, so no
 * key can be added later. `deferContext`/`concludeTurn` close over
 * the run, so they work detached (CTX-10). The whole object is shallow-frozen
 * just before `tools/result` (ARG-08).
 */
function createExecution(run: Run, fields: Record<string, unknown>): ToolRunContext {
  const exec = {}
  const fixed = (key: string, value: unknown): void => {
    Object.defineProperty(exec, key, { value, enumerable: true, writable: false, configurable: false })
  }
  fixed('token', fields.token)
  fixed('callId', fields.callId)
  fixed('rootCallId', fields.rootCallId)
  fixed('name', fields.name)
  if (fields.agent !== undefined) fixed('agent', fields.agent)
  if (fields.parent !== undefined) fixed('parent', fields.parent)
  // ARG-10: only the tools/execute view may reassign `signal` (a type-level rule); it can never be deleted.
  Object.defineProperty(exec, 'signal', { value: fields.signal, enumerable: true, writable: true, configurable: false })
  fixed('arguments', fields.arguments)
  // CTX-01: appended in call order; CTX-13: without validation (checked at materialisation), unless OP-54's other side is taken.
  fixed('deferContext', (context: UserMessage): void => {
    checkDeferredContext(run.registry.choices, context)
    run.deferred.push(context)
  })
  // CTX-08: marks the execution; successes built afterwards carry `concludesTurn`.
  // It only ever marks this run, whoever calls it and however (CTX-09, CTX-10).
  fixed('concludeTurn', (): void => {
    run.concluded = true
  })
  // No new keys either: a listener cannot add a `parent` (or anything else) later.
  Object.preventExtensions(exec)
  return exec as ToolRunContext
}
