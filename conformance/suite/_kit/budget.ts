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
 * The clock: a timer ticks every {@link tickFor}`(budget)` ms, and each tick
 * adds the time the event loop was idle since the last one
 * (`performance.eventLoopUtilization()`), plus {@link JITTER_MS} for the
 * timer's own lateness, never the time synchronous code held the loop, in
 * however small chunks. So a registry call that computes for minutes and
 * then settles is never a timeout, however the machine is loaded, while one
 * that never settles is one after `budget` ms (plus at most a tick) of an
 * otherwise idle loop. A call that never settles while keeping the loop busy
 * is not a hang by this clock: the test's wall-clock ceiling
 * ({@link testCeiling}) fails that one test instead. The timer is always
 * cleared once `work` settles.
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
      waited += Math.min(gap, since.idle + JITTER_MS)
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

/** What each tick may add beyond the measured idle time: the timer's own lateness on an idle loop. */
export const JITTER_MS = 2

/** The waiting a test may do before its computing is all that is left: create, body and dispose each get a budget. */
export function waitingAllowance(budget: number): number {
  return budget * 3 + 1000
}

/**
 * Default for how long a test may compute once its waiting is spent (`--stall-limit`,
 * `DSH_TCK_STALL_LIMIT`): two minutes, several times what the slowest correct registry known
 * (upstream, on 5,000-level schemas) computes in one test.
 */
export const DEFAULT_STALL_LIMIT_MS = 120_000

/**
 * A test's wall-clock ceiling: its waiting allowance plus the stall limit.
 * Far above what any correct registry computes per test, so it never decides
 * a verdict on speed; it only ends a call that neither settles nor lets the
 * loop go idle, failing that test rather than stopping the whole run.
 */
export function testCeiling(budget: number, stallLimit: number): number {
  return waitingAllowance(budget) + stallLimit
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
