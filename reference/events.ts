/**
 * A minimal event mechanism: waterfalls and synchronous emits, with
 * scope-filtered listeners (seed 000 §tools/* events; PRE-01, VIS-18).
 *
 * Listeners run in registration order, outermost first; `{ prepend: true }`
 * puts a listener ahead of those already registered. In a waterfall each
 * listener receives a `next()` that runs the rest of the chain (and finally
 * the base); it may call it, or return its own value to short-circuit.
 * Arguments passed to `next()` are ignored: wrappers share the exec object.
 */
import type { ToolEventName } from '../conformance/adapter/contract.ts'
import type { RegistryChoices } from './choices.ts'
import { isWithin, type ScopeNode } from './scopes.ts'

// biome-ignore lint/suspicious/noExplicitAny: listeners are stored untyped (any function type); the typed surface lives in registry.ts.
export type AnyListener = (...args: any[]) => unknown

interface ListenerEntry {
  readonly listener: AnyListener
  /** `undefined` = global listener: sees every call. */
  readonly scope: ScopeNode | undefined
}

/** Events delivered to every listener whatever the call's agent: only `tools/change` (VIS-18). */
const UNFILTERED: ReadonlySet<string> = new Set<ToolEventName>(['tools/change'])

export class EventBus {
  private readonly listeners = new Map<string, ListenerEntry[]>()

  constructor(
    /**
     * OP-03: `listenerRouting: 'exact-agent'` routes a scoped listener only the calls of its own agent, not its descendants'.
     * PRE-24: tools/pre-execute runs first registered outermost (OP-32: `preExecuteOrder: 'reverse'`, last registered outermost).
     */
    private readonly choices: Pick<RegistryChoices, 'listenerRouting' | 'preExecuteOrder'> = {},
  ) {}

  /** Subscribe; returns an idempotent disposer that removes exactly this entry (VIS-24). */
  on(event: string, listener: AnyListener, scope: ScopeNode | undefined, prepend: boolean): () => void {
    if (typeof listener !== 'function') throw new TypeError(`listener for "${event}" must be a function`)
    const entry: ListenerEntry = { listener, scope }
    const list = this.listeners.get(event) ?? []
    if (prepend) list.unshift(entry)
    else list.push(entry)
    this.listeners.set(event, list)
    return () => {
      const current = this.listeners.get(event)
      if (current === undefined) return
      const index = current.indexOf(entry)
      if (index >= 0) current.splice(index, 1)
    }
  }

  /**
   * VIS-18 (and so PRE-16, EXE-14, RES-06): the listeners that receive a call made for scope `target`
   * (`undefined` for an agent-less call or an agent no scope owns).
   * Global listeners always; a scoped listener iff `target` is its scope or
   * a descendant. Snapshotted, so (un)subscribing mid-dispatch does not
   * disturb the running chain.
   */
  listenersFor(event: string, target: ScopeNode | undefined): AnyListener[] {
    const list = this.listeners.get(event) ?? []
    const filtered = !UNFILTERED.has(event)
    const hears = (scope: ScopeNode): boolean => (this.choices.listenerRouting === 'exact-agent' ? target === scope : isWithin(target, scope))
    return list.filter((entry) => !filtered || entry.scope === undefined || hears(entry.scope)).map((entry) => entry.listener)
  }

  /**
   * Run a waterfall. `call(listener, next)` invokes one listener with the
   * event's arguments. Synchronous throws become rejections.
   */
  waterfall<R>(
    event: string,
    target: ScopeNode | undefined,
    call: (listener: AnyListener, next: () => Promise<R>) => unknown,
    base: () => Promise<R>,
  ): Promise<R> {
    const chain = this.listenersFor(event, target)
    if (event === 'tools/pre-execute' && this.choices.preExecuteOrder === 'reverse') chain.reverse() // OP-32
    const step = (index: number): Promise<R> => {
      if (index >= chain.length) return base()
      const listener = chain[index]!
      // The depth is the number of listeners, not anything input-controlled.
      return new Promise<R>((resolve) => resolve(call(listener, () => step(index + 1)) as R | Promise<R>))
    }
    return step(0)
  }

  /** Synchronous emit; a listener's throw propagates to the emitter (used for `tools/change`, REG-11). */
  emit(event: string, target: ScopeNode | undefined, args: readonly unknown[]): void {
    for (const listener of this.listenersFor(event, target)) listener(...args)
  }

  /**
   * Synchronous emit with contained failures (RES-04): every listener runs;
   * a throw or a rejected returned promise is handed to `onError`.
   */
  emitContained(event: string, target: ScopeNode | undefined, args: readonly unknown[], onError: (error: unknown) => void): void {
    for (const listener of this.listenersFor(event, target)) {
      try {
        // A returned promise (or any thenable) that rejects is reported too,
        // never left unhandled; any other return value resolves and is ignored.
        Promise.resolve(listener(...args)).catch(onError)
      } catch (error) {
        onError(error)
      }
    }
  }

  clear(): void {
    this.listeners.clear()
  }
}
