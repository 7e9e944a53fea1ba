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
 * Default for how long a test may compute once its waiting is spent (`--stall-limit`),
 * in milliseconds of CPU time: two minutes for a heavy test (one that hands the
 * registry an input thousands of levels deep), and {@link ORDINARY_STALL_SHARE}
 * of it for every other test; a property law's limit is per generated case.
 * Measured in CPU time against upstream 0.1.1-rc.2, the slowest correct
 * registry known: its slowest heavy test computes about 15 s (arrays nested
 * 5,000 levels), its slowest other test 1.3 s (the E-SEQ law, all of its
 * cases), so each limit stands eight and more times above what upstream
 * needs. The lower limit for ordinary tests is what lets a registry stuck in
 * a synchronous loop be stopped, and graded, within a minute.
 */
export const DEFAULT_STALL_LIMIT_MS = 120_000

/** The share of the stall limit an ordinary (not heavy) test may compute: an eighth, 15 s by default. */
export const ORDINARY_STALL_SHARE = 1 / 8

/** The stall limit of one test: the whole limit for a heavy test, {@link ORDINARY_STALL_SHARE} of it (at least 1 ms) for any other. */
export function stallLimitOf(stallLimitMs: number, heavy: boolean): number {
  return heavy ? stallLimitMs : Math.max(1, Math.floor(stallLimitMs * ORDINARY_STALL_SHARE))
}

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

/**
 * Default heap limit of each test worker of a grade (`--max-memory`), in
 * megabytes: V8's old generation. Four times what the suite needs against
 * the hungriest correct registry known (the reference passes with 128,
 * upstream with 256, its 5,000-level cases included; workers are shared
 * between suite files, so a heap builds up), so that only a registry that
 * allocates without end reaches it, and its worker dies in seconds instead
 * of the grade in minutes (the lower the limit, the sooner: V8 collects
 * ever more often as a heap fills). A test that ran out is run once more in
 * a fresh worker before the loss is charged to it (suite/_kit/runaways.ts).
 */
export const DEFAULT_MAX_MEMORY_MB = 1024

/**
 * Test workers of a full grade when `--workers` does not say: two, measured
 * on a 2-core machine (a second worker lets the slow 5,000-level files run
 * beside the rest). A `--rules` grade uses one: start-up dominates it, and a
 * second worker would only duplicate it.
 */
export const DEFAULT_WORKERS = 2

/** Most test workers `--workers` accepts. */
export const MAX_WORKERS = 64

/** Bounds of `--max-memory`, in megabytes. */
export const MIN_MAX_MEMORY_MB = 64
export const MAX_MAX_MEMORY_MB = 65_536
