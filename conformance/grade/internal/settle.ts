/**
 * Internal: waiting for adapter code with a deadline, and telling a sync
 * throw, a rejection and a timeout apart.
 */

export type Settled<T> =
  | { readonly kind: 'value'; readonly value: T }
  | { readonly kind: 'threw'; readonly error: unknown }
  | { readonly kind: 'rejected'; readonly error: unknown }
  | { readonly kind: 'timeout' }

/**
 * Calls `work` and waits at most `ms` for its result. The timer is always
 * cleared, so a settled call never keeps the process alive.
 */
export async function settleWithin<T>(work: () => T | PromiseLike<T>, ms: number): Promise<Settled<Awaited<T>>> {
  let started: T | PromiseLike<T>
  try {
    started = work()
  } catch (error) {
    return { kind: 'threw', error }
  }
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<{ kind: 'timeout' }>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timeout' }), ms)
  })
  const outcome = Promise.resolve(started).then(
    (value): Settled<Awaited<T>> => ({ kind: 'value', value: value as Awaited<T> }),
    (error: unknown): Settled<Awaited<T>> => ({ kind: 'rejected', error }),
  )
  try {
    return await Promise.race([outcome, deadline])
  } finally {
    clearTimeout(timer)
  }
}
