/**
 * Signal fusion for the tool body (EXE-08..10).
 */

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
 */
export function bodySignal(caller: AbortSignal, current: unknown): BodySignal {
  if (current === caller || !(current instanceof AbortSignal)) return { signal: caller, release: () => {} }

  const fused = new AbortController()
  const sources = [caller, current]
  const already = sources.find((source) => source.aborted)
  if (already !== undefined) {
    fused.abort(already.reason)
    return { signal: fused.signal, release: () => {} }
  }
  const onAbort = (event: Event): void => {
    fused.abort((event.target as AbortSignal).reason)
    release()
  }
  const release = (): void => {
    for (const source of sources) source.removeEventListener('abort', onAbort)
  }
  for (const source of sources) source.addEventListener('abort', onAbort)
  return { signal: fused.signal, release }
}
