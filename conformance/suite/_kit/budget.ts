/**
 * The per-test budget: how long a test may *wait* for the registry. Waiting
 * is what a hang does (a promise that never settles while the event loop sits
 * idle); computing is what a slow registry does (synchronous code holding the
 * loop). Only the first counts, so a verdict never depends on how fast the
 * machine computes: a slow registry that answers passes (the report lists its
 * test as slow, with its time), and a hung one fails after the budget.
 */
import { performance } from 'node:perf_hooks'
import { threadCpuMs } from './cpu-clock.ts'
import { traceBeat } from './trace.ts'

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
 * is not a hang by this clock: {@link computeWithin} fails that one test
 * instead, once its thread has computed for the stall limit. The timer is
 * always cleared once `work` settles.
 */
export function waitWithin<T>(work: Promise<T>, budget: number, what: string): Promise<T> {
  const waited = idleClock()
  let seen = beats
  return settleOrStop(work, tickFor(budget), () => {
    // Progress since the last tick (see progressed()): the waiting so far was not a hang.
    if (beats !== seen) {
      seen = beats
      waited.reset()
    }
    return waited.read() >= budget ? new AdapterTimeoutError(hangMessage(what, budget)) : undefined
  })
}

/**
 * Whether `work` settles before the event loop has sat idle for `idle` ms
 * (the {@link idleClock}, never the wall clock): for a test that must see
 * something happen to judge a rule, and gives a registry that never does it
 * the kit's idle-time budget instead of a hang. Resolves `true` once `work`
 * settles, either way; `false` once the idle time is spent. The timer is
 * always cleared.
 */
export function settlesWithinIdle(work: Promise<unknown>, idle: number): Promise<boolean> {
  const waited = idleClock()
  const done = work.then(
    () => true,
    () => true,
  )
  return settleOrStop(done, tickFor(idle), () => (waited.read() >= idle ? new Error('idle') : undefined)).catch(() => false)
}

let beats = 0

/**
 * Tells every running {@link waitWithin} that the work it waits on made
 * progress, so the idle waiting counted so far was not a hang and counts
 * from zero again; and {@link computeWithin}, and the grade's watch on this
 * worker, that the computing so far was not a stall. A property law calls it as each generated case starts:
 * its budget is then per case, not the sum of the idle moments of fifty
 * cases (on a busy machine every timer a registry hops through wakes late,
 * and that lateness is idle time).
 */
export function progressed(): void {
  beats += 1
  cpuAtBeat = threadCpuMs()
  // The grade's watch on this worker (grade/engine/kit-pool.ts) counts from here too: a law's limit is per case.
  traceBeat()
}

/** This thread's CPU clock at the last {@link progressed} call. */
let cpuAtBeat = 0

/**
 * Settles as `work` does, unless `stop`, asked every `tick` ms until then,
 * returns an error first: then rejects with it. The timer is always cleared.
 */
function settleOrStop<T>(work: Promise<T>, tick: number, stop: () => Error | undefined): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const clock = setInterval(() => {
      const error = stop()
      if (error === undefined) return
      clearInterval(clock)
      reject(error)
    }, tick)
    const settle = (): void => clearInterval(clock)
    work.then(
      (value) => {
        settle()
        resolve(value)
      },
      (error: unknown) => {
        settle()
        reject(error)
      },
    )
  })
}

/** Idle waiting since a clock started: see {@link idleClock}. */
export interface IdleClock {
  /** Milliseconds of idle waiting since the clock started (or was last reset). Read it often: each read adds at most {@link JITTER_MS} beyond the measured idle time. */
  read(): number
  /** Starts counting from zero again. */
  reset(): void
}

/**
 * A clock of the event loop's idle time, the kit's one measure of "waiting":
 * each read adds the time the loop sat idle since the previous read
 * (`performance.eventLoopUtilization()`), plus at most {@link JITTER_MS} for a
 * timer's own lateness, and never the time synchronous code held the loop,
 * however small its chunks. A starved or busy machine therefore slows the
 * clock down with the registry, instead of running it out.
 */
export function idleClock(): IdleClock {
  let waited = 0
  let last = performance.now()
  let loop = performance.eventLoopUtilization()
  return {
    read: () => {
      const now = performance.now()
      const since = performance.eventLoopUtilization(loop)
      waited += Math.min(now - last, since.idle + JITTER_MS)
      last = now
      loop = performance.eventLoopUtilization()
      return waited
    },
    reset: () => {
      waited = 0
      last = performance.now()
      loop = performance.eventLoopUtilization()
    },
  }
}

/** What each tick may add beyond the measured idle time: the timer's own lateness on an idle loop. */
export const JITTER_MS = 2

/** The waiting a test may do before its computing is all that is left: create, body and dispose each get a budget. */
export function waitingAllowance(budget: number): number {
  return budget * 3 + 1000
}

/**
 * Resolves or rejects as `work` does, unless this thread spends `limit` ms of
 * CPU time ({@link threadCpuMs}) before it settles: then rejects with an
 * {@link AdapterTimeoutError} saying `what` kept computing. This bounds a call
 * that neither settles nor lets the loop go idle (one that keeps scheduling
 * more work); the limit is the stall limit, far above what any correct
 * registry computes in one test, and CPU time does not stretch on a busy
 * machine, so it never decides a verdict on speed. A synchronous loop that
 * never yields is out of its reach: the run's watchdog stops that one.
 */
export function computeWithin<T>(work: Promise<T>, limit: number, what: string): Promise<T> {
  const start = threadCpuMs()
  const startBeats = beats
  // Computing counts from the start, or from the last progress (a law's case) since then: the limit is per case.
  const since = (): number => (beats === startBeats ? start : Math.max(start, cpuAtBeat))
  return settleOrStop(work, COMPUTE_TICK_MS, () => (threadCpuMs() - since() >= limit ? new AdapterTimeoutError(stallMessage(what, limit)) : undefined))
}

/** How often {@link computeWithin} reads the CPU clock. */
const COMPUTE_TICK_MS = 250

/**
 * A test's wall-clock backstop, vitest's own timeout for it: ten times what
 * it may wait and compute (its waiting allowance plus the stall limit),
 * capped at Node's largest timer. The budget ({@link waitWithin}) and the
 * computing limit ({@link computeWithin}) end a test long before, whatever the
 * machine's load; this only ends one whose thread is blocked outright (say in
 * `Atomics.wait`), neither waiting nor computing.
 */
export function wallBackstop(budget: number, stallLimit: number): number {
  return Math.min(MAX_TIMER_MS, WALL_BACKSTOP_FACTOR * (waitingAllowance(budget) + stallLimit))
}

/** How far the wall-clock backstops stand beyond what they back up. */
export const WALL_BACKSTOP_FACTOR = 10

/** Node's largest timer delay. */
const MAX_TIMER_MS = 2 ** 31 - 1

/** What a computing hang is called. */
export function stallMessage(what: string, limit: number): string {
  return (
    `${what} kept computing for ${limit} ms of CPU time without settling (the stall limit): a registry call that keeps scheduling work never finishes. ` +
    'Raise --stall-limit only if it really computes this long'
  )
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
