/**
 * Runaways: tests whose worker the grade lost to the registry (issue 38): a
 * synchronous endless loop the kit had to terminate, a heap that ran out, or
 * a worker the registry ended outright (a native crash, `process.reallyExit`).
 * The grade resumes the tests that never reported in a fresh run, with the
 * runaways so far in the suite settings; there
 * - the runaway test itself fails at once, naming its cause ({@link runawayOf});
 * - once the same phase (`adapter create()`, `the test`, the body of a heavy
 *   test, `harness dispose()`: ./trace.ts) has run away in
 *   {@link HANG_SHORTCUT_AFTER} tests, a later test fails at once when it
 *   reaches that phase, marked `short-circuited:` like a repeated hang
 *   (./hangs.ts), unless the shortcut is off (`--no-hang-shortcut`); a
 *   dispose() lost 3 times is left uncalled instead.
 * Never a pass: every test touched here fails.
 */
import { HANG_SHORTCUT_AFTER } from '../../limits.ts'
import { SHORTCUT_PREFIX } from './hangs.ts'
import { suiteSettings } from './settings.ts'
import { runawayTable } from './trace.ts'

/** The failure of a test lost to the registry, or short-circuited after such losses: graded as a crash. */
export class RunawayError extends Error {
  override name = 'RunawayError'
}

/** One test lost to the registry. */
export interface Runaway {
  /** Full name of the test that was running. */
  readonly test: string
  /** The phase it was in (see the module comment). */
  readonly what: string
  readonly cause: 'spun' | 'out of memory' | 'crashed'
  /** A sentence for the failure message. */
  readonly detail: string
}

/**
 * The loss that fails `test` at once in this run, from the earlier runs of
 * this grade, if any. A heap run out is charged to the test that happened to
 * be running, and with workers shared between files the heap may have been
 * filled by others: such a test runs once more, in a fresh worker, and only
 * a second loss fails it. Any other loss fails it at once.
 */
export function runawayOf(test: string): Runaway | undefined {
  const losses = suiteSettings().runaways.filter((runaway) => runaway.test === test)
  return losses.find((runaway) => runaway.cause !== 'out of memory') ?? (losses.length >= 2 ? losses[losses.length - 1] : undefined)
}

/** The failure message of a test lost to the registry. */
export function runawayMessage(runaway: Runaway): string {
  return `${runaway.what} ${lossWords(runaway.cause)}: ${runaway.detail}`
}

/** How a loss reads in a failure message. */
function lossWords(cause: Runaway['cause']): string {
  return cause === 'spun' ? 'never yielded' : cause === 'out of memory' ? 'ran out of memory' : 'crashed its worker'
}

/**
 * When `what` has run away in enough tests of this grade (the grade's shared
 * table, ./trace.ts, filled live and from earlier runs) and the shortcut is
 * on: the message that fails a later test reaching it.
 */
export function knownRunaway(what: string): string | undefined {
  if (!suiteSettings().hangShortcut) return undefined
  const lost = runawayTable?.read(what)
  if (lost === undefined || lost.count < HANG_SHORTCUT_AFTER) return undefined
  return (
    `${SHORTCUT_PREFIX}${what} ${lossWords(lost.cause)} in ${lost.count} tests already, first in "${lost.firstTest}", ` +
    'so it was not run again. Run with --no-hang-shortcut to run every test'
  )
}
