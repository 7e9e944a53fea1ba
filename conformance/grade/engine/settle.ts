/**
 * Internal: waiting for adapter code with a deadline, and telling a sync
 * throw, a rejection and a timeout apart.
 */
import { idleClock, tickFor } from '../../suite/_kit/budget.ts'

export type Settled<T> =
  | { readonly kind: 'value'; readonly value: T }
  | { readonly kind: 'threw'; readonly error: unknown }
  | { readonly kind: 'rejected'; readonly error: unknown }
  | { readonly kind: 'timeout' }

/**
 * Calls `work` and waits for its result for at most `ms` of idle waiting, on
 * the kit's idle clock (suite/_kit/budget.ts): time the event loop spends
 * computing, or waiting for the CPU on a busy machine, does not count, so the
 * outcome never depends on the machine's load. The timer is always cleared,
 * so a settled call never keeps the process alive.
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
    const waited = idleClock()
    timer = setInterval(() => {
      if (waited.read() >= ms) resolve({ kind: 'timeout' })
    }, tickFor(ms))
  })
  const outcome = Promise.resolve(started).then(
    (value): Settled<Awaited<T>> => ({ kind: 'value', value: value as Awaited<T> }),
    (error: unknown): Settled<Awaited<T>> => ({ kind: 'rejected', error }),
  )
  try {
    return await Promise.race([outcome, deadline])
  } finally {
    clearInterval(timer)
  }
}
