/**
 * What a test worker knows of its run, as one value: which adapter the suite
 * drives, the limits it drives it under, the property laws' seed, runs and
 * replay, and the switches of grading and mutation runs.
 *
 * One way in. A grade (../../grade/engine/run-suite.ts) and the kit's own
 * vitest configs provide the value's plain data to their workers under
 * {@link SUITE_SETTINGS_KEY} (vitest's `provide`), and the setup file
 * ./provided-settings.ts hands it to {@link useSuiteSettings} before a suite
 * file is loaded. The embedding (`dsh-tools-tck/vitest`) runs in the worker
 * already and calls {@link useSuiteSettings} itself, with the adapter object.
 * One way out: {@link suiteSettings}. No worker module reads the environment:
 * the variables a user may set (DSH_TCK_SEED, DSH_TCK_RUNS, DSH_TCK_PATH) are
 * read in the main process and arrive here as part of the value.
 *
 * Types, the defaults and plain functions only (nothing from vitest), so that
 * the grade's main process can import it to build the value.
 */
import { $Array, $Number, $Object } from './intrinsics.ts'
import type { TckAdapter } from '../../adapter/contract.ts'
import { fileURLToPath } from 'node:url'
import { DEFAULT_RUNS, DEFAULT_SEED, DEFAULT_STALL_LIMIT_MS, DEFAULT_TIMEOUT_MS, isDurationMs } from '../../limits.ts'
import type { VerdictPolicy } from './verdict-policy.ts'
import type { Runaway } from './runaways.ts'

/** `.ts` in the clone, `.js` in the built package (dist/ has the same layout). */
const EXT = import.meta.url.endsWith('.ts') ? '.ts' : '.js'

/** The reference adapter's module: what the suite drives unless told otherwise. */
export const REFERENCE_ADAPTER = fileURLToPath(new URL(`../../../reference/adapter${EXT}`, import.meta.url))

/** Everything a test worker needs to run the suite. */
export interface SuiteSettings {
  /**
   * The adapter the suite drives: the absolute path of its module (a grade,
   * already checked by it; loaded once per worker, ./adapter.ts), or, in the
   * embedding, the checked adapter itself. Default: {@link REFERENCE_ADAPTER}.
   */
  readonly adapter: string | TckAdapter
  /** Per-test budget for waiting on the registry, in milliseconds (`--timeout`). */
  readonly timeoutMs: number
  /** CPU time a test may compute before it fails, in milliseconds (`--stall-limit`). */
  readonly stallLimitMs: number
  /** The hang shortcut (./hangs.ts); `false` gives every test its full budget (`--no-hang-shortcut`). */
  readonly hangShortcut: boolean
  /** fast-check seed of every property law (`--seed`, `DSH_TCK_SEED`). */
  readonly seed: number
  /** Cases per property law before its own scale (`--runs`, `DSH_TCK_RUNS`). */
  readonly runs: number
  /**
   * `<law>:<fast-check path>[@<commands replay>]`: replay exactly that case
   * of that law, the others running normally (`DSH_TCK_PATH`, as a failing
   * law's replay line gives it); `undefined` replays nothing.
   */
  readonly replay: string | undefined
  /**
   * A grading run (a grade, a mutation run): a vacuous law is recorded for
   * the report, not thrown. `false` in the kit's own tests and the
   * embedding, where a vacuous law fails.
   */
  readonly grading: boolean
  /** Mutation runs only: deep-nesting cases are built shallower (../../fixtures/nesting-depth.ts). */
  readonly shallowNesting: boolean
  /** Mutation evidence runs only: the rules whose tests run, every other test skipped (./only-rules.ts); empty runs all. */
  readonly onlyRules: readonly string[]
  /**
   * Tests whose worker an earlier run of this grade lost to the registry (a
   * synchronous endless loop, a heap run out): see ./runaways.ts. Empty but
   * in a grade's resumed run.
   */
  readonly runaways: readonly Runaway[]
  /**
   * The tests an earlier run of this grade already reported, as `<suite
   * file relative to the kit root> > <full name>`: a resumed run skips them
   * (their results stand). Empty but in a resumed run.
   */
  readonly reported: readonly string[]
  /** The embedding only: declare only tests whose name matches (./selection.ts); `undefined` declares every test. */
  readonly select: RegExp | undefined
  /** The embedding only: what a failure means there (./verdict-policy.ts); `undefined`: every failure fails. */
  readonly verdictPolicy: VerdictPolicy | undefined
}

/** The part of the settings a vitest config can provide: plain data, the adapter as its module's absolute path. */
export type ProvidedSuiteSettings = Omit<SuiteSettings, 'adapter' | 'select' | 'verdictPolicy'> & { readonly adapter: string }

/** The key the settings are provided under (vitest's `provide` / `inject`). */
export const SUITE_SETTINGS_KEY = 'dsh-tools-tck:suite-settings'

declare module 'vitest' {
  interface ProvidedContext {
    /** Any field left out takes its default ({@link DEFAULT_SUITE_SETTINGS}). */
    [SUITE_SETTINGS_KEY]: Partial<ProvidedSuiteSettings>
  }
}

/** The settings of a run that sets none: the kit's own `npm test` against the reference. */
export const DEFAULT_SUITE_SETTINGS: SuiteSettings = $Object.freeze({
  adapter: REFERENCE_ADAPTER,
  timeoutMs: DEFAULT_TIMEOUT_MS,
  stallLimitMs: DEFAULT_STALL_LIMIT_MS,
  hangShortcut: true,
  seed: DEFAULT_SEED,
  runs: DEFAULT_RUNS,
  replay: undefined,
  grading: false,
  shallowNesting: false,
  onlyRules: $Object.freeze([]),
  runaways: $Object.freeze([]),
  reported: $Object.freeze([]),
  select: undefined,
  verdictPolicy: undefined,
})

let current: SuiteSettings = DEFAULT_SUITE_SETTINGS

/** This worker's settings: the last ones {@link useSuiteSettings} was given, else {@link DEFAULT_SUITE_SETTINGS}. */
export function suiteSettings(): SuiteSettings {
  return current
}

/**
 * Sets this worker's settings from now on: the fields `settings` gives, over
 * the defaults (a field left out or `undefined` takes its default; no
 * `settings` restores them all). A malformed value is refused with an error
 * naming the field, before any test is declared under it.
 */
export function useSuiteSettings(settings: Partial<SuiteSettings> | undefined): void {
  const given = $Object.entries(settings ?? {}).filter(([, value]) => value !== undefined)
  const next: SuiteSettings = { ...DEFAULT_SUITE_SETTINGS, ...Object.fromEntries(given) }
  const problem = settingsProblem(next)
  if (problem !== undefined) throw new TypeError(`dsh-tools-tck: invalid suite settings: ${problem}`)
  current = $Object.freeze(next)
}

/** What is wrong with `s`, if anything. */
function settingsProblem(s: SuiteSettings): string | undefined {
  if (typeof s.adapter === 'string' ? s.adapter === '' : typeof s.adapter !== 'object' || s.adapter === null) {
    return 'adapter must be a module path or an adapter object'
  }
  if (!isDurationMs(s.timeoutMs)) return `timeoutMs must be a duration in milliseconds (got ${String(s.timeoutMs)})`
  if (!isDurationMs(s.stallLimitMs)) return `stallLimitMs must be a duration in milliseconds (got ${String(s.stallLimitMs)})`
  if (!$Number.isSafeInteger(s.seed)) return `seed must be a whole number (got ${String(s.seed)})`
  if (!$Number.isSafeInteger(s.runs) || s.runs <= 0) return `runs must be a positive whole number (got ${String(s.runs)})`
  if (s.replay !== undefined && typeof s.replay !== 'string') return 'replay must be a string'
  for (const flag of ['hangShortcut', 'grading', 'shallowNesting'] as const) {
    if (typeof s[flag] !== 'boolean') return `${flag} must be true or false`
  }
  if (!$Array.isArray(s.onlyRules) || !s.onlyRules.every((id) => typeof id === 'string')) return 'onlyRules must be an array of rule IDs'
  if (!$Array.isArray(s.reported) || !s.reported.every((name) => typeof name === 'string')) return 'reported must be an array of test names'
  if (!$Array.isArray(s.runaways) || !s.runaways.every(isRunaway)) return 'runaways must be an array of { test, what, cause, detail }'
  if (s.select !== undefined && !(s.select instanceof RegExp)) return 'select must be a regular expression'
  return undefined
}

function isRunaway(value: unknown): boolean {
  const r = value as Record<string, unknown> | null
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.test === 'string' &&
    typeof r.what === 'string' &&
    (r.cause === 'spun' || r.cause === 'out of memory' || r.cause === 'crashed') &&
    typeof r.detail === 'string'
  )
}
