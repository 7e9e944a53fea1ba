/**
 * Proof that a test's listeners ran. A test that subscribes a listener and
 * then asserts only what did *not* happen would pass a registry that accepts
 * listeners and never calls them; subscribing through `tracked.on` instead of
 * `harness.on` (or `scope.on`) and asserting `tracked.silent()` is empty once
 * the listeners should have run rules that out. The wrapper only notes the
 * call and passes everything through, so it never changes an outcome.
 */
import type { Subscribe } from '../../adapter/contract.ts'

export interface TrackedListeners {
  /** Subscribes through the source, noting when the listener runs. */
  readonly on: Subscribe
  /** The listeners subscribed so far that have not run yet, as `<event> #<n>` (n counts subscriptions). */
  silent(): string[]
}

/** Tracks listeners subscribed through `source` (the harness or a scope). */
export function trackListeners(source: { readonly on: Subscribe }): TrackedListeners {
  const entries: { label: string; ran: boolean }[] = []
  const on = ((event: string, listener: (...args: unknown[]) => unknown, options?: unknown) => {
    const entry = { label: `${event} #${entries.length + 1}`, ran: false }
    entries.push(entry)
    const noted = function (this: unknown, ...args: unknown[]): unknown {
      entry.ran = true
      return listener.apply(this, args)
    }
    const subscribe = source.on as (event: string, listener: unknown, options?: unknown) => () => void
    return options === undefined ? subscribe(event, noted) : subscribe(event, noted, options)
  }) as unknown as Subscribe
  return { on, silent: () => entries.filter((entry) => !entry.ran).map((entry) => entry.label) }
}
