/**
 * The kit's limits and their defaults, in one place: the CLI, `grade()`, the
 * vitest embedding, the suite kit and report migration read them from here.
 * A dependency-free module, so that reading them loads nothing else.
 */

/** Default per-test budget for waiting on a registry call (`--timeout`), in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 5000

/** Largest per-test budget: one hour (timers derived from it must stay within Node's 2^31 ms). */
export const MAX_TIMEOUT_MS = 3_600_000

/**
 * Default for how long a test may compute once its waiting is spent (`--stall-limit`,
 * `DSH_TCK_STALL_LIMIT`): two minutes, several times what the slowest correct registry known
 * (upstream, on 5,000-level schemas) computes in one test.
 */
export const DEFAULT_STALL_LIMIT_MS = 120_000
