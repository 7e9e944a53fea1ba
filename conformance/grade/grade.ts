/**
 * `grade()`: put one adapter through the conformance suite and return the
 * graded report. The CLI and the gallery meta-test are both thin callers.
 */
import { fileURLToPath } from 'node:url'
import { wallBackstop } from '../suite/_kit/budget.ts'
import {
  DEFAULT_MAX_MEMORY_MB,
  DEFAULT_RUNS,
  DEFAULT_SEED,
  DEFAULT_STALL_LIMIT_MS,
  DEFAULT_TIMEOUT_MS,
  MAX_MAX_MEMORY_MB,
  MAX_TIMEOUT_MS,
  MIN_MAX_MEMORY_MB,
  MAX_WORKERS,
  DEFAULT_WORKERS,
  isDurationMs,
} from '../limits.ts'
import { REFERENCE_ADAPTER } from '../suite/_kit/settings.ts'
import type { ProvidedSuiteSettings } from '../suite/_kit/settings.ts'
import { suiteInputsFromEnv } from './engine/env-inputs.ts'
import { KNOWN_FEATURES } from './engine/known-features.ts'
import { buildReport } from './engine/build-report.ts'
import { KIT_ROOT, kitInfo } from './engine/kit-info.ts'
import { isKitModule, runTouchedCache, transformCacheDir } from './engine/transform-cache.ts'
import { trapStrayErrors } from './engine/stray-errors.ts'
import type { PoolSettings, SuiteProgress } from './engine/run-suite.ts'
import { mergeResumed, resumeAfter } from './engine/resume.ts'
import type { Resume } from './engine/resume.ts'
import { namePatternFor, selectRules } from './engine/select-rules.ts'
import { checkAdapter } from './check-adapter.ts'
import { UsageError } from './errors.ts'
import { PROFILES, type Profile } from '../catalogue/types.ts'
import { loadAdapter } from './load-adapter.ts'
import { gradeTypes } from '../types/grade-types.ts'
import { fixtureInventory } from '../fixtures/json-schema-fixtures.ts'
import { DEFAULT_TYPES_ENTRY, resolveTypesEntry, typeRuleIds } from '../types/run-types.ts'
import type { AdapterInfo, GradeReport } from './report.ts'
import { loadEvidence } from '../adequacy/evidence.ts'

export interface GradeOptions {
  /**
   * The adapter module: a file path (relative to `cwd`) or a `file:` URL.
   * Default: the reference adapter, `reference/adapter.ts`.
   */
  readonly adapter?: string
  /**
   * Only these rules: IDs (`GRD-03`) and whole areas (`CAN-*`),
   * case-insensitive. Only tests naming a selected rule run, and only
   * selected rules are reported. Default: every rule.
   */
  readonly rules?: readonly string[]
  /**
   * What the registry is held to. `spec` (the default): the seeds, so only
   * `must` rules fail it; `upstream`-level rules (behaviour only upstream
   * 0.1.1-rc.2 pins) are reported as deviations. `upstream`: drop-in
   * compatibility with upstream 0.1.1-rc.2, so `must` and `upstream` rules
   * fail it. The tests that run are the same either way; only the verdict
   * differs.
   */
  readonly profile?: Profile
  /**
   * Per-test budget for adapter calls, in milliseconds (an integer from 1 to
   * {@link MAX_TIMEOUT_MS}). A call that leaves its test waiting this long (its
   * promise pending, the event loop idle) fails the test as a hang; time the
   * registry spends computing is not counted, and tests that ran longer than
   * the budget are listed in the report's `slowTests`. Default: {@link DEFAULT_TIMEOUT_MS} (5000).
   */
  readonly timeout?: number
  /**
   * How long a heavy test (input 5,000 levels deep) may compute, in
   * milliseconds of CPU time (an integer from 1 to {@link MAX_TIMEOUT_MS});
   * every other test gets an eighth of it, a property law per generated case
   * (limits.ts, `stallLimitOf`). A test body that neither settles nor lets
   * the event loop go idle fails once its thread has used its share (a
   * timeout, never an assertion); a worker stuck in a synchronous loop past
   * it (plus two seconds) is terminated, its test fails as a crash, and the
   * tests it left are run again in a fresh run (where a thread's CPU clock
   * cannot be read, not Linux: a run in which no test makes progress while
   * its workers use the limit each is stopped instead, and its unfinished
   * tests fail as never reported). CPU time, not wall-clock time: a busy
   * machine makes a grade slower, never its verdicts different. Computing
   * time never counts against `timeout`, so this is the only limit on it:
   * keep it far above the slowest correct registry. Default:
   * {@link DEFAULT_STALL_LIMIT_MS}.
   */
  readonly stallLimit?: number
  /**
   * The hang shortcut (default: on): once the same call (`adapter create()`,
   * `createScope()`, a test body, `harness dispose()`) has hung for the whole
   * budget in 3 tests of a worker, later tests get only 50 ms of waiting on it
   * and fail with a message starting `short-circuited: ` that names the test
   * it first hung in, so a registry that hangs everywhere is graded in
   * seconds. `false` gives every test its full budget (`--no-hang-shortcut`).
   * A registry that never hangs is graded the same either way.
   */
  readonly hangShortcut?: boolean
  /**
   * Keep the kit's own transformed modules between grades (default: on), in
   * `<os tmpdir>/dsh-tools-tck-cache-<uid>/` (used only when no other user
   * may write it) or the folder `DSH_TCK_CACHE_DIR` names. It only saves
   * start-up time (the README's "Numbers" section). The
   * adapter and everything it imports are never cached, and a run that fails
   * to read the cache is graded again without it, so verdicts are the same
   * either way. `false` (`--no-cache`, or `DSH_TCK_CACHE_DIR=off`) transforms
   * every module afresh. A folder that cannot be used means no cache, never
   * an error.
   */
  readonly cache?: boolean
  /**
   * Heap limit of each test worker, in megabytes (an integer from
   * {@link MIN_MAX_MEMORY_MB} to {@link MAX_MAX_MEMORY_MB}). A registry that
   * allocates past it loses its worker: the test that was running fails as a
   * crash with "out of memory" as its cause, and the tests that never ran are
   * resumed in a fresh run (see `hangShortcut` for what repeats do). Default:
   * {@link DEFAULT_MAX_MEMORY_MB}.
   */
  readonly maxMemory?: number
  /**
   * Test workers (threads) the suite runs on, an integer from 1 to
   * {@link MAX_WORKERS}. Default: {@link DEFAULT_WORKERS} for a full grade, 1
   * when `rules` selects some. Verdicts do not depend on it: more workers
   * finish sooner on a machine with cores to spare; one costs the least CPU
   * time (each worker loads the suite once), which pays where several grades
   * share the cores.
   */
  readonly workers?: number
  /** Keep stack traces in failures and unattributed errors. Default: false. */
  readonly verbose?: boolean
  /**
   * Property laws: runs per law (default: each law's own, kept small so a
   * full grade stays fast) and the fast-check seed (default fixed, so grades
   * are repeatable). A failing law's message gives the seed and path that
   * replay it.
   */
  readonly runs?: number
  readonly seed?: number
  /** Directory a relative `adapter` or `types` path is resolved against. Default: `process.cwd()`. */
  readonly cwd?: string
  /**
   * The implementation's type entry (a `.ts`, `.mts`, `.d.ts` or `.d.mts`
   * file, relative to `cwd`) that the tsd suites of the type rules check.
   * Default: the reference's types when grading the reference adapter;
   * for any other adapter the type rules are then `not-applicable`.
   */
  readonly types?: string
  /**
   * Called as the run advances: after each suite file is collected or
   * finished and each test finishes (`phase: 'suite'`), and once before the
   * tsd suites when a type rule is selected (`phase: 'types'`). Advisory only: a
   * callback that throws is ignored, and nothing in the report depends on it.
   */
  readonly onProgress?: (progress: GradeProgress) => void
}

/** How far a {@link grade} run has got. Test and file totals grow as suite files are collected. */
export interface GradeProgress {
  /** `suite`: the example tests and property laws; `types`: the tsd suites (they report no per-test progress). */
  readonly phase: 'suite' | 'types'
  /** Tests that finished (passed or failed), of those selected to run. */
  readonly testsDone: number
  /** Tests selected to run in the suite files collected so far. */
  readonly testsTotal: number
  readonly filesDone: number
  /** Suite files in the run (0 until it has started). */
  readonly filesTotal: number
  /** Milliseconds since `grade()` was called. */
  readonly elapsedMs: number
}

export { DEFAULT_STALL_LIMIT_MS, DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS } from '../limits.ts'

/**
 * How the suite runs. Measured on the 2-core build machine against the
 * reference: worker threads sharing one module graph per worker
 * (`isolate: false`) cost about half the CPU of isolated threads and a third
 * of isolated forks, and start faster than forks; the suite's `check()` gives
 * every test a fresh harness, so isolation between files buys nothing. A
 * second worker only pays off on a full run; a `--rules` run is dominated by
 * start-up, which a second worker duplicates. On a full run it lets the
 * 5,000-level JSON-Schema files (seconds each on a registry that re-walks
 * subtrees, as upstream does) run beside the rest (`npm run bench` prints a
 * full grade's wall time for both). The hang memory of
 * `check()` (suite/_kit/hangs.ts) is per worker.
 */
function poolFor(filtered: boolean, maxMemoryMb: number, workers: number | undefined): PoolSettings {
  return { isolate: false, maxWorkers: workers ?? (filtered ? 1 : DEFAULT_WORKERS), maxMemoryMb }
}

/**
 * Most runs of one grade: the first, and one resumed run after each run in
 * which the registry took a worker (engine/kit-pool.ts). The shortcut ends
 * repeats long before (3 runaways of one phase), so this only bounds a
 * registry that runs away in a new phase every time.
 */
const MAX_RUNS = 12

/** `.ts` when the kit runs from its sources (a clone), `.js` when built (the package's dist/, same layout). */
const EXT = import.meta.url.endsWith('.ts') ? '.ts' : '.js'

/** Suite files, relative to the kit root. */
const SUITE_FILES = [`conformance/suite/**/*.test${EXT}`, `properties/**/*.test${EXT}`]

/** Loads the adapter in every worker ahead of the tests (after run-suite.ts's own setup file, which receives the settings). */
const SETUP_FILES = [fileURLToPath(new URL(`./engine/warm-adapter${EXT}`, import.meta.url))]

/** Slack between a test's own limits and the run's watchdog, so that a test's limit fails that one test first. */
const WATCHDOG_GRACE_MS = 2_000

/**
 * Loads and checks the adapter, runs the suite against it and grades every
 * selected rule.
 *
 * Resolves with the full report whenever the suite could be started, however
 * badly the registry behaves: failing, hanging or crashing tests and stray
 * errors are all part of the report. Writes nothing to the console.
 *
 * @throws UsageError when `rules` names an unknown rule or area, or `timeout`
 *   is not a positive integer.
 * @throws AdapterError when the adapter module is missing, does not import,
 *   or is structurally not an adapter (see {@link checkAdapter}).
 * @throws Error when the suite itself could not be started (a broken kit
 *   installation), rather than report every rule as untested.
 */
export async function grade(options: GradeOptions = {}): Promise<GradeReport> {
  const startedAt = new Date()
  const clock = performance.now()
  const timeoutMs = options.timeout ?? DEFAULT_TIMEOUT_MS
  if (!isDurationMs(timeoutMs)) {
    throw new UsageError(`timeout must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS} (got ${String(timeoutMs)})`)
  }
  const stallLimitMs = options.stallLimit ?? DEFAULT_STALL_LIMIT_MS
  if (!isDurationMs(stallLimitMs)) {
    throw new UsageError(`stallLimit must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS} (got ${String(stallLimitMs)})`)
  }
  if (options.runs !== undefined && (!Number.isSafeInteger(options.runs) || options.runs <= 0)) {
    throw new UsageError(`runs must be a positive whole number (got ${String(options.runs)})`)
  }
  if (options.seed !== undefined && !Number.isSafeInteger(options.seed)) {
    throw new UsageError(`seed must be a whole number (got ${String(options.seed)})`)
  }
  const maxMemoryMb = options.maxMemory ?? DEFAULT_MAX_MEMORY_MB
  if (!Number.isSafeInteger(maxMemoryMb) || maxMemoryMb < MIN_MAX_MEMORY_MB || maxMemoryMb > MAX_MAX_MEMORY_MB) {
    throw new UsageError(`maxMemory must be a whole number of megabytes from ${MIN_MAX_MEMORY_MB} to ${MAX_MAX_MEMORY_MB} (got ${String(maxMemoryMb)})`)
  }
  if (options.workers !== undefined && (!Number.isSafeInteger(options.workers) || options.workers < 1 || options.workers > MAX_WORKERS)) {
    throw new UsageError(`workers must be a whole number from 1 to ${MAX_WORKERS} (got ${String(options.workers)})`)
  }
  const profile = options.profile ?? 'spec'
  if (!PROFILES.includes(profile)) throw new UsageError(`profile must be one of ${PROFILES.join(', ')} (got ${String(profile)})`)
  const rules = selectRules(options.rules)
  const verbose = options.verbose ?? false
  let typesEntry: string | undefined
  if (options.types !== undefined) {
    try {
      typesEntry = resolveTypesEntry(options.types, options.cwd)
    } catch (error) {
      throw new UsageError(`--types: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  const onProgress = options.onProgress
  let lastSuite: SuiteProgress = { testsDone: 0, testsTotal: 0, filesDone: 0, filesTotal: 0 }
  const strays = trapStrayErrors()
  try {
    const loaded = await loadAdapter(options.adapter, options.cwd === undefined ? {} : { cwd: options.cwd })
    const adapter = await checkAdapter(loaded, { timeoutMs })
    const adapterInfo: AdapterInfo = {
      name: adapter.name,
      ...(adapter.version === undefined ? {} : { version: adapter.version }),
      module: loaded.module,
      features: Object.fromEntries(KNOWN_FEATURES.map((f) => [f, adapter.features[f] === true])) as AdapterInfo['features'],
    }

    const settings = suiteSettingsFor(options, loaded.module, timeoutMs, stallLimitMs)
    // vitest is loaded only now: refusing options or an adapter stays cheap.
    const [{ runSuite }, { version: vitestVersion }] = await Promise.all([import('./engine/run-suite.ts'), import('vitest/node')])
    const cacheDir = transformCacheDir(KIT_ROOT, kitInfo().version, options.cache !== false)
    const suite = (cache: boolean, resume?: Resume) =>
      runSuite({
        root: KIT_ROOT,
        ...(cache && cacheDir !== undefined ? { cache: { dir: cacheDir, keeps: (id: string) => isKitModule(KIT_ROOT, id) } } : {}),
        include: resume === undefined ? SUITE_FILES : resume.files,
        setupFiles: SETUP_FILES,
        settings: resume === undefined ? settings : { ...settings, runaways: resume.runaways, reported: resume.reported },
        ...(options.rules === undefined ? {} : { testNamePattern: namePatternFor(rules) }),
        pool: poolFor(options.rules !== undefined, maxMemoryMb, options.workers),
        stallLimitMs: stallLimitMs + WATCHDOG_GRACE_MS,
        wallBackstopMs: wallBackstop(timeoutMs, stallLimitMs) + WATCHDOG_GRACE_MS,
        ...(onProgress === undefined
          ? {}
          : {
              onProgress: (p: SuiteProgress) => {
                // A run graded again without the cache starts its counts afresh: report only once it has caught up.
                if (p.testsDone < lastSuite.testsDone || p.filesDone < lastSuite.filesDone) return
                lastSuite = p
                onProgress({ phase: 'suite', ...p, elapsedMs: Math.round(performance.now() - clock) })
              },
            }),
      })
    let run = await suite(true)
    // A cache folder removed or cleared mid-run (a temp cleaner, another grade
    // after a lockfile change, a full disk) fails modules for reasons that are
    // not the registry's: grade again without the cache.
    if (cacheDir !== undefined && runTouchedCache(run, cacheDir)) run = await suite(false)
    // A registry that took a worker (an endless synchronous loop, a heap run
    // out) left tests unreported: resume them in fresh runs, which fail the
    // lost tests with their cause and short-circuit a phase lost 3 times.
    for (let runs = 1; runs < MAX_RUNS; runs += 1) {
      const resume = resumeAfter(run)
      if (resume === undefined) break
      run = mergeResumed(run, await suite(cacheDir !== undefined && !runTouchedCache(run, cacheDir), resume), resume)
    }

    if (run.tests.length === 0 && run.aborted !== undefined) {
      // Nothing was even collected: a verdict of "no test for any rule" would blame the registry.
      throw new Error(`the conformance suite could not be run: ${run.aborted}`)
    }

    if (onProgress !== undefined && rules.some((rule) => typeRuleIds().includes(rule.id))) {
      try {
        onProgress({ phase: 'types', ...lastSuite, elapsedMs: Math.round(performance.now() - clock) })
      } catch {
        // progress is advisory
      }
    }
    // The type rules: tsd, in this process, after the suite (it blocks the event loop the suite's watchdog needs).
    const types = await gradeTypes({
      rules,
      entry: typesEntry ?? (loaded.module === REFERENCE_ADAPTER ? DEFAULT_TYPES_ENTRY : undefined),
      features: adapterInfo.features,
    })

    return buildReport({
      rules,
      adapter: adapterInfo,
      run: { ...run, unhandled: [...run.unhandled, ...strays.errors] },
      kit: kitInfo(),
      options: {
        rules: options.rules === undefined ? null : [...options.rules],
        profile,
        timeoutMs,
        stallLimitMs,
        verbose,
        ...(types.entry === undefined ? {} : { types: types.entry }),
      },
      runtime: { node: process.version, vitest: vitestVersion, platform: `${process.platform}-${process.arch}` },
      timing: {
        startedAt: startedAt.toISOString(),
        durationMs: Math.round(performance.now() - clock),
        ...(types.entry === undefined ? {} : { typesMs: types.durationMs }),
      },
      types,
      fixtures: fixtureCounts(),
      // The kit's committed evidence; a kit checkout without it is broken, so let the error name the file.
      evidence: loadEvidence(),
    })
  } finally {
    strays.release()
  }
}

/** File and case counts of the JSON-Schema fixtures the suite loads. */
function fixtureCounts(): { files: number; validationTests: number; unsupportedCases: number } {
  const inventory = fixtureInventory()
  return { files: inventory.files, validationTests: inventory.validationTests, unsupportedCases: inventory.unsupportedCases }
}

/**
 * The suite settings of a grade, all of them, for its workers: the checked
 * adapter's module, the limits, the hang shortcut, the laws' seed and runs
 * (the options, else `DSH_TCK_SEED` / `DSH_TCK_RUNS`, else the defaults) and
 * the case `DSH_TCK_PATH` replays; `grading`, so a vacuous law is reported
 * as such instead of failing; the deep cases always at full depth.
 */
function suiteSettingsFor(options: GradeOptions, adapter: string, timeoutMs: number, stallLimitMs: number): ProvidedSuiteSettings {
  const shell = suiteInputsFromEnv()
  return {
    adapter,
    timeoutMs,
    stallLimitMs,
    hangShortcut: options.hangShortcut !== false,
    seed: options.seed ?? shell.seed ?? DEFAULT_SEED,
    runs: options.runs ?? shell.runs ?? DEFAULT_RUNS,
    replay: shell.replay,
    grading: true,
    shallowNesting: false,
    onlyRules: [],
    runaways: [],
    reported: [],
  }
}
