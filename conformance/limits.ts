/**
 * The kit's limits and their defaults, in one place: the CLI, `grade()`, the
 * vitest embedding, the suite settings (suite/_kit/settings.ts), the suite
 * kit and report migration read them from here. A dependency-free module,
 * so that reading them loads nothing else.
 */

/** Default per-test budget for waiting on a registry call (`--timeout`), in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 5000

/** Largest per-test budget: one hour (timers derived from it must stay within Node's 2^31 ms). */
export const MAX_TIMEOUT_MS = 3_600_000

/**
 * Default for how long a test may compute once its waiting is spent (`--stall-limit`):
 * two minutes, several times what the slowest correct registry known
 * (upstream, on 5,000-level schemas) computes in one test.
 */
export const DEFAULT_STALL_LIMIT_MS = 120_000

/**
 * Whether `ms` is a valid budget or stall limit: a whole number of
 * milliseconds from 1 to {@link MAX_TIMEOUT_MS}. Each caller words its own
 * refusal (a flag, an option, a function's option).
 */
export function isDurationMs(ms: number): boolean {
  return Number.isSafeInteger(ms) && ms > 0 && ms <= MAX_TIMEOUT_MS
}

/** Full-budget hangs of one call after which the hang shortcut cuts later waits on it short (`--no-hang-shortcut` turns it off). */
export const HANG_SHORTCUT_AFTER = 3

/** Idle waiting a short-circuited call still gets before its test fails, in milliseconds (capped by the budget). */
export const SHORTCUT_WAIT_MS = 50

/** fast-check seed of the property laws when neither `--seed` nor `DSH_TCK_SEED` gives one. */
export const DEFAULT_SEED = 20260821

/** Cases per property law when neither `--runs` nor `DSH_TCK_RUNS` gives a number (a law may scale it). */
export const DEFAULT_RUNS = 50
