/**
 * The per-test budget: how long a test may *wait* for the registry. Waiting
 * is what a hang does (a promise that never settles while the event loop sits
 * idle); computing is what a slow registry does (synchronous code holding the
 * loop). Only the first counts, so a verdict never depends on how fast the
 * machine computes: a slow registry that answers passes (the report lists its
 * test as slow, with its time), and a hung one fails after the budget.
 */
import { performance } from 'node:perf_hooks'

/** Thrown when an adapter call leaves the test waiting for longer than the per-test budget. */
export class AdapterTimeoutError extends Error {
  override name = 'AdapterTimeoutError'
}

/**
 * Resolves or rejects as `work` does, unless the event loop spends `budget`
 * ms of waiting on it first: then rejects with an {@link AdapterTimeoutError}
 * saying `what` hung.
 *
 * The clock: a timer ticks every {@link tickFor}`(budget)` ms. A tick that
 * arrives on schedule (at most one tick late) adds the time since the last
 * tick: the loop was free and the work still pending. A late tick means
 * synchronous code held the loop meanwhile; it adds only the time the loop
 * was idle since the last tick (`performance.eventLoopUtilization()`), never
 * the time it was blocked. So a registry call that computes for minutes and
 * then settles is never a timeout, however the machine is loaded, while one
 * that never settles is one after `budget` ms (plus at most a tick) of an
 * otherwise idle loop. The timer is always cleared once `work` settles.
 */
export function waitWithin<T>(work: Promise<T>, budget: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const tick = tickFor(budget)
    let waited = 0
    let last = performance.now()
    let loop = performance.eventLoopUtilization()
    const clock = setInterval(() => {
      const now = performance.now()
      const since = performance.eventLoopUtilization(loop)
      const gap = now - last
      last = now
      loop = performance.eventLoopUtilization()
      waited += gap <= 2 * tick ? gap : Math.min(gap, since.idle)
      if (waited >= budget) {
        clearInterval(clock)
        reject(new AdapterTimeoutError(hangMessage(what, budget)))
      }
    }, tick)
    work.then(
      (value) => {
        clearInterval(clock)
        resolve(value)
      },
      (error: unknown) => {
        clearInterval(clock)
        reject(error)
      },
    )
  })
}

/** The clock's period for `budget`: a twentieth of it, from 5 to 100 ms. */
export function tickFor(budget: number): number {
  return Math.min(100, Math.max(5, Math.floor(budget / 20)))
}

/** What a hang is called: the waiting, and that computing time was not counted. */
export function hangMessage(what: string, budget: number): string {
  return (
    `${what} did not settle within ${budget} ms of waiting: a registry call left a promise pending while the event loop sat idle (a hang). ` +
    'Time the registry spends computing is not counted; raise --timeout only if it really waits this long (timers, I/O)'
  )
}
