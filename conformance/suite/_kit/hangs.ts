/**
 * The hang shortcut: a registry that hangs in one call usually hangs in it in
 * every test, so grading it would take (tests × budget). Once the same phase
 * of a test (`adapter create()`, `createScope()`, `the test` body, `harness
 * dispose()`) has used up the whole budget in {@link HANG_SHORTCUT_AFTER}
 * tests, later waits on that phase get only {@link SHORTCUT_WAIT_MS} ms of
 * idle waiting; one that runs out fails its test with a message starting
 * {@link SHORTCUT_PREFIX} that names the hang and the test it was first seen
 * in. Never a pass: a short-circuited test is a failing test. A call that
 * settles (or keeps computing) is not affected, so a registry that never hangs
 * is graded exactly as without the shortcut.
 *
 * The memory is module-level, so it is per test worker (with `isolate: false`
 * one worker runs many files; a second worker learns on its own). Off when
 * the suite settings say so (`hangShortcut`, from `--no-hang-shortcut` or
 * `GradeOptions.hangShortcut: false`): every test then waits its full budget.
 */
import { HANG_SHORTCUT_AFTER, SHORTCUT_WAIT_MS } from '../../limits.ts'
import { suiteSettings } from './settings.ts'

/** How a short-circuited test's failure message starts. */
export const SHORTCUT_PREFIX = 'short-circuited: '

interface Seen {
  count: number
  readonly firstTest: string
}

const seen = new Map<string, Seen>()

/** True unless the shortcut was turned off for this run. */
export function hangShortcutEnabled(): boolean {
  return suiteSettings().hangShortcut
}

/** Notes that `what` used up the whole budget in `test`. */
export function recordHang(what: string, test: string): void {
  const entry = seen.get(what)
  if (entry === undefined) seen.set(what, { count: 1, firstTest: test })
  else entry.count += 1
}

/** The first test `what` hung in, once it has hung in {@link HANG_SHORTCUT_AFTER} tests and the shortcut is on; else undefined. */
export function knownHang(what: string): string | undefined {
  if (!hangShortcutEnabled()) return undefined
  const entry = seen.get(what)
  return entry !== undefined && entry.count >= HANG_SHORTCUT_AFTER ? entry.firstTest : undefined
}

/** The failure of a short-circuited wait. */
export function shortcutMessage(what: string, firstTest: string, budget: number): string {
  return (
    `${SHORTCUT_PREFIX}${what} hung again (still pending after ${Math.min(budget, SHORTCUT_WAIT_MS)} ms of waiting); ` +
    `it had already hung for the full ${budget} ms budget in ${HANG_SHORTCUT_AFTER} tests, first in "${firstTest}". ` +
    'Run with --no-hang-shortcut to give every test its full budget'
  )
}
