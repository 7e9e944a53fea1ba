/**
 * Signal fusion for the tool body (EXE-08..10).
 */
import type { ToolRunContext } from '../../conformance/spec/types.ts'

/** The body's signal plus the hook that detaches it from its sources. */
export interface BodySignal {
  readonly signal: AbortSignal
  /** Remove the fusion listeners once the body settles (EXE-09). */
  release(): void
}

/**
 * EXE-08: the signal the body runs under.
 * - If the current `exec.signal` is the caller's (or a wrapper left something
 *   that is not a signal at all), the body gets the caller's signal itself.
 * - Otherwise a fresh signal that aborts, with the source's reason, as soon
 *   as either the caller or the wrapper's replacement aborts. The fusion is
 *   one-way: nothing here ever aborts the sources.
 * - OP-42's other side (`fresh`): always a fresh signal, even without a
 *   replacement, aborting with a reason of its own (the default AbortError).
 */
export function bodySignal(caller: AbortSignal, current: unknown, fresh = false): BodySignal {
  const replaced = current !== caller && current instanceof AbortSignal
  if (!replaced && !fresh) return { signal: caller, release: () => {} }

  const fused = new AbortController()
  const sources = replaced ? [caller, current as AbortSignal] : [caller]
  const reasonOf = (source: AbortSignal): unknown => (fresh ? undefined : source.reason)
  const already = sources.find((source) => source.aborted)
  if (already !== undefined) {
    fused.abort(reasonOf(already))
    return { signal: fused.signal, release: () => {} }
  }
  const onAbort = (event: Event): void => {
    fused.abort(reasonOf(event.target as AbortSignal))
    release()
  }
  const release = (): void => {
    for (const source of sources) source.removeEventListener('abort', onAbort)
  }
  for (const source of sources) source.addEventListener('abort', onAbort)
  return { signal: fused.signal, release }
}

/**
 * OP-43's other side (`replacement-throughout`): the body's own context, the
 * execution's fields with `signal` holding the body's signal, so the wrapper's
 * exec.signal keeps its replacement while the body runs.
 */
export function bodyContext(exec: ToolRunContext, signal: AbortSignal): ToolRunContext {
  const descriptors: PropertyDescriptorMap = Object.getOwnPropertyDescriptors(exec)
  descriptors.signal = { ...descriptors.signal, value: signal }
  return Object.preventExtensions(Object.defineProperties({}, descriptors)) as ToolRunContext
}
