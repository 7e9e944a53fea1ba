/**
 * Internal: runs the conformance suite through vitest's Node API and collects
 * raw per-test results, quietly. Nothing here knows about rules beyond the
 * name filter; turning results into verdicts is build-report's job.
 *
 * Contract: {@link runSuite} always resolves. Whatever happens in the run
 * (failing tests, stray errors in workers or in this process, a worker that
 * dies, a worker stuck in a synchronous loop, vitest failing to start), the
 * outcome is data in the returned {@link SuiteRun}, never a rejection and
 * never output on the console.
 */
import { $Array, $Promise } from '../../suite/_kit/intrinsics.ts'
import { processCpuMs } from '../../suite/_kit/cpu-clock.ts'
import { SUITE_SETTINGS_KEY } from '../../suite/_kit/settings.ts'
import type { ProvidedSuiteSettings } from '../../suite/_kit/settings.ts'
import { Writable } from 'node:stream'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createVitest } from 'vitest/node'
import type { Plugin } from 'vite'
import type { Reporter, TestCase, TestModule, Vitest, VitestPluginContext } from 'vitest/node'
import { toRawError } from './raw-error.ts'
import { SlowFilesFirst } from './slow-files-first.ts'
import { kitPool } from './kit-pool.ts'
import type { Runaway } from '../../suite/_kit/runaways.ts'
import type { RawError } from './raw-error.ts'

export type { RawError, Runaway }

/** The settings that make a full run fast on a small machine; see `POOL` in grade.ts. The workers are the kit's own threads (./kit-pool.ts). */
export interface PoolSettings {
  readonly isolate: boolean
  readonly maxWorkers: number
  /** Heap limit of each test worker, in megabytes (`--max-memory`). */
  readonly maxMemoryMb: number
}

export interface RunSuiteOptions {
  /** Kit root: suite files are found under it. */
  readonly root: string
  /** Globs of suite files, relative to `root`. */
  readonly include: readonly string[]
  /** Modules each worker runs before collecting a suite file (absolute paths), after the one that receives {@link settings}. */
  readonly setupFiles: readonly string[]
  /**
   * Everything the workers need to know of the run (the adapter module, the
   * budget, the property seed, ...): provided to them as one value, the
   * only thing the grade hands them (suite/_kit/settings.ts).
   */
  readonly settings: ProvidedSuiteSettings
  /** Only tests whose full name matches run; the rest are reported skipped. */
  readonly testNamePattern?: RegExp
  readonly pool: PoolSettings
  /**
   * vitest's module cache (`experimental.fsModuleCache`): its folder, shared
   * by runs of the same kit, and which modules may be kept there (the
   * others are transformed on every run). No cache when absent. See
   * transform-cache.ts.
   */
  readonly cache?: { readonly dir: string; readonly keeps: (id: string) => boolean }
  /**
   * Abort the run when no test makes progress while the run's threads use
   * this much CPU time per worker: the only limit on a test whose worker is
   * stuck in a synchronous loop (the suite's budget counts waiting, and a
   * test's own computing limit needs its loop to turn). CPU time, so a busy
   * machine only makes it take longer, never fire sooner.
   */
  readonly stallLimitMs: number
  /**
   * Abort the run when no test makes progress for this long on the wall
   * clock: a far backstop for a worker blocked outright, which neither
   * waits nor computes.
   */
  readonly wallBackstopMs: number
  /**
   * Called as the run advances (a file collected or finished, a test
   * finished). A callback that throws is ignored: progress never changes a run.
   */
  readonly onProgress?: (progress: SuiteProgress) => void
}

/** How far a suite run has got. Totals grow as files are collected. */
export interface SuiteProgress {
  /** Tests that finished (passed or failed), of those selected to run. */
  readonly testsDone: number
  /** Tests selected to run in the files collected so far. */
  readonly testsTotal: number
  /** Suite files finished, of {@link filesTotal}. */
  readonly filesDone: number
  /** Suite files in the run (0 until the run has started). */
  readonly filesTotal: number
}

export interface RawTest {
  /** Absolute path of the suite file. */
  readonly moduleId: string
  /** Path relative to the kit root. */
  readonly file: string
  readonly name: string
  readonly fullName: string
  readonly state: 'passed' | 'failed' | 'skipped' | 'pending'
  /** `task.meta.rules`, when the test body ran far enough to set it. */
  readonly metaRules?: readonly string[]
  /** `task.meta.missingFeatures`, set when the test was not applicable. */
  readonly missingFeatures?: readonly string[]
  /** `task.meta.vacuous`: a property law whose interesting case was reached too rarely. */
  readonly vacuous?: boolean
  readonly durationMs: number | null
  readonly errors: readonly RawError[]
}

export interface RawModuleProblem {
  readonly file: string
  readonly message: string
  readonly stack?: string
}

export interface RawUnhandled {
  /** `'worker'` errors came through vitest; `'main'` ones were raised in the grading process. */
  readonly origin: 'worker' | 'main'
  /** vitest's label, e.g. `Unhandled Rejection`. */
  readonly type: string
  readonly error: RawError
  /** Absolute suite file the worker was running, when known. */
  readonly moduleId?: string
  /** Name of the test that was running, when known. */
  readonly testName?: string
}

export interface SuiteRun {
  readonly tests: readonly RawTest[]
  readonly moduleProblems: readonly RawModuleProblem[]
  readonly unhandled: readonly RawUnhandled[]
  /** Tests whose worker was lost to the registry: terminated as stuck computing, or out of memory (./kit-pool.ts). */
  readonly runaways?: readonly Runaway[]
  /** Every suite file the run set out to run, relative to the kit root (a file whose worker was lost may have reported nothing). */
  readonly files?: readonly string[]
  /** Why the run ended early, if it did. */
  readonly aborted?: string
}

/** `.ts` when the kit runs from its sources, `.js` when built (the package's dist/, same layout). */
const EXT = import.meta.url.endsWith('.ts') ? '.ts' : '.js'

/** The setup file that hands each worker the provided settings, before any other setup file and suite file. */
const RECEIVE_SETTINGS = fileURLToPath(new URL(`../../suite/_kit/provided-settings${EXT}`, import.meta.url))

/** A vite plugin with vitest's hook, typed here: the built package's compile does not see vitest's augmentation of `Plugin`. */
type VitestPlugin = Plugin & { configureVitest(context: VitestPluginContext): void }

/** A vitest plugin that keeps only the modules `keeps` accepts in the module cache. */
function cacheScope(keeps: (id: string) => boolean): VitestPlugin {
  return {
    name: 'dsh-tools-tck:cache-scope',
    configureVitest(context: VitestPluginContext) {
      context.experimental_defineCacheKeyGenerator(({ id }) => (keeps(id) ? undefined : false))
    },
  }
}

/** Runs the suite once; see the module contract. */
export async function runSuite(options: RunSuiteOptions): Promise<SuiteRun> {
  const modules = new Map<string, TestModule>()
  const unhandled: RawUnhandled[] = []
  const runaways: Runaway[] = []
  let aborted: string | undefined
  let lastProgress = Date.now()
  let cpuAtProgress = processCpuMs()
  const progress = (): void => {
    lastProgress = Date.now()
    cpuAtProgress = processCpuMs()
  }
  const keepModule = (module: TestModule): void => {
    modules.set(module.moduleId, module)
    progress()
  }

  // Progress for the caller: totals from collected files, counts from results.
  let filesTotal = 0
  const files = new Set<string>()
  const filesDone = new Set<string>()
  const selected = new Map<string, number>()
  let testsDone = 0
  const report = (): void => {
    if (options.onProgress === undefined) return
    let testsTotal = 0
    for (const count of selected.values()) testsTotal += count
    try {
      options.onProgress({ testsDone, testsTotal, filesDone: filesDone.size, filesTotal })
    } catch {
      // progress is advisory
    }
  }

  const collector: Reporter = {
    onTestRunStart: (specifications) => {
      filesTotal = specifications.length
      for (const specification of specifications) files.add(relative(options.root, specification.moduleId).split('\\').join('/'))
      report()
    },
    onTestModuleQueued: keepModule,
    onTestModuleCollected: (module) => {
      keepModule(module)
      selected.set(module.moduleId, [...module.children.allTests()].filter((t) => t.options.mode === 'run' || t.options.mode === 'only').length)
      report()
    },
    onTestModuleStart: keepModule,
    onTestModuleEnd: (module) => {
      keepModule(module)
      filesDone.add(module.moduleId)
      report()
    },
    onTestCaseReady: progress,
    onTestCaseResult: (test) => {
      progress()
      const state = test.result().state
      if (state === 'passed' || state === 'failed') {
        testsDone += 1
        report()
      }
    },
    onTestRunEnd: (testModules) => {
      for (const module of testModules) keepModule(module)
    },
  }

  // vitest's logger adds process listeners that print a stray error and exit;
  // they are removed again (the caller owns this process's stray errors).
  const savedExitCode = process.exitCode
  const before = {
    unhandledRejection: process.listeners('unhandledRejection'),
    uncaughtException: process.listeners('uncaughtException'),
  }

  // The workers: heap-limited, traced, and terminated when one computes past the stall limit without moving on.
  const workers = kitPool({
    maxMemoryMb: options.pool.maxMemoryMb,
    stallLimitMs: options.settings.stallLimitMs,
    graceMs: Math.max(0, options.stallLimitMs - options.settings.stallLimitMs),
    earlier: options.settings.runaways,
    onRunaway: (runaway) => {
      runaways.push(runaway)
      progress()
    },
  })

  let vitest: Vitest | undefined
  let watchdog: NodeJS.Timeout | undefined
  let stopWaiting: () => void = () => undefined
  const stopped = new Promise<void>((resolve) => {
    stopWaiting = resolve
  })
  try {
    const creating = createVitest(
      'test',
      {
        config: false,
        root: options.root,
        include: [...options.include],
        setupFiles: [RECEIVE_SETTINGS, ...options.setupFiles],
        watch: false,
        reporters: [collector],
        silent: true,
        passWithNoTests: true,
        pool: workers.pool,
        isolate: options.pool.isolate,
        maxWorkers: options.pool.maxWorkers,
        // The few files a slow registry takes longest over start first (see slow-first.ts).
        sequence: { sequencer: SlowFilesFirst },
        testNamePattern: options.testNamePattern,
        // The one way the run's settings reach the workers; no DSH_TCK_* variable is read there.
        provide: { [SUITE_SETTINGS_KEY]: options.settings },
        // Only for hooks and any test not declared through check(), which sets
        // none (its budget counts waiting; the watchdog bounds computing).
        testTimeout: options.settings.timeoutMs * 3 + 2000,
        hookTimeout: options.settings.timeoutMs * 3 + 2000,
        teardownTimeout: 2000,
        cache: false,
        ...(options.cache === undefined ? {} : { experimental: { fsModuleCache: true, fsModuleCachePath: options.cache.dir } }),
        // Installed as a package, the kit's (compiled) modules sit under
        // node_modules, which vitest would hand to Node untransformed: then
        // the suite's import() of a TypeScript adapter would fail. Through
        // vite, it is transformed like any test dependency.
        server: { deps: { inline: [new RegExp(`^${escapeRegExp(options.root)}`)] } },
        onUnhandledError: (error) => {
          const tagged = error as { type?: unknown; VITEST_TEST_NAME?: unknown; VITEST_TEST_PATH?: unknown }
          unhandled.push({
            origin: 'worker',
            type: typeof tagged.type === 'string' ? tagged.type : 'Unhandled Error',
            error: toRawError(error),
            ...(typeof tagged.VITEST_TEST_PATH === 'string' ? { moduleId: tagged.VITEST_TEST_PATH } : {}),
            ...(typeof tagged.VITEST_TEST_NAME === 'string' ? { testName: tagged.VITEST_TEST_NAME } : {}),
          })
          progress()
          return false
        },
      },
      options.cache === undefined ? {} : { plugins: [cacheScope(options.cache.keeps)] },
      { stdout: sink(), stderr: sink() },
    )
    // The logger registers its listeners synchronously, before createVitest's
    // first await: drop them at once, and again once it resolves.
    removeAddedListeners(before)
    vitest = await creating
    removeAddedListeners(before)

    const instance = vitest
    // The workers are threads of this process, so its CPU time is theirs and ours.
    const cpuLimit = options.stallLimitMs * options.pool.maxWorkers
    watchdog = setInterval(() => {
      if (aborted !== undefined) return
      workers.check()
      if (processCpuMs() - cpuAtProgress > cpuLimit) {
        aborted =
          `no test made progress while the run used ${(cpuLimit / 1000).toFixed(1)} s of CPU time (a test worker kept computing past the stall limit, ` +
          'e.g. in a synchronous loop; raise --stall-limit if the registry is just that slow); the run was stopped'
        stopWaiting()
      } else if (Date.now() - lastProgress > options.wallBackstopMs) {
        aborted =
          `no test made progress for ${(options.wallBackstopMs / 1000).toFixed(1)} s while the run neither waited nor computed (a test worker blocked outright, ` +
          'e.g. in Atomics.wait); the run was stopped'
        stopWaiting()
      }
    }, 250)
    watchdog.unref()

    progress()
    await $Promise.race([instance.start(), stopped])
  } catch (error) {
    aborted ??= `the test run failed: ${toRawError(error).message}`
  } finally {
    removeAddedListeners(before)
    clearInterval(watchdog)
    if (vitest !== undefined) await closeWithin(vitest, 5000)
    process.exitCode = savedExitCode
  }

  return { ...collect(modules, options.root), unhandled, runaways, files: [...files].sort(), ...(aborted === undefined ? {} : { aborted }) }
}

function collect(modules: ReadonlyMap<string, TestModule>, root: string): Pick<SuiteRun, 'tests' | 'moduleProblems'> {
  const tests: RawTest[] = []
  const moduleProblems: RawModuleProblem[] = []
  const sorted = [...modules.values()].sort((a, b) => a.moduleId.localeCompare(b.moduleId))
  for (const module of sorted) {
    const file = relative(root, module.moduleId).split('\\').join('/')
    const errors = [...module.errors(), ...[...module.children.allSuites()].flatMap((suite) => suite.errors())]
    for (const error of errors) {
      const raw = toRawError(error)
      moduleProblems.push({ file, message: raw.message, ...(raw.stack === undefined ? {} : { stack: raw.stack }) })
    }
    const found = [...module.children.allTests()].map((test) => toRawTest(test, file))
    tests.push(...found)
    const state = module.state()
    if (found.length === 0 && errors.length === 0 && (state === 'queued' || state === 'pending')) {
      moduleProblems.push({ file, message: 'the suite file never ran: its test worker stopped before collecting it' })
    }
  }
  return { tests, moduleProblems }
}

function toRawTest(test: TestCase, file: string): RawTest {
  const result = test.result()
  const meta = test.meta()
  const diagnostic = test.diagnostic()
  const ran = result.state === 'passed' || result.state === 'failed'
  return {
    moduleId: test.module.moduleId,
    file,
    name: test.name,
    fullName: test.fullName,
    state: result.state,
    ...($Array.isArray(meta.rules) ? { metaRules: meta.rules.filter((r): r is string => typeof r === 'string') } : {}),
    ...($Array.isArray(meta.missingFeatures) ? { missingFeatures: meta.missingFeatures.filter((r): r is string => typeof r === 'string') } : {}),
    ...((meta as { vacuous?: unknown }).vacuous === true ? { vacuous: true } : {}),
    durationMs: ran && diagnostic !== undefined ? Math.round(diagnostic.duration * 100) / 100 : null,
    errors: result.state === 'failed' ? result.errors.map(toRawError) : [],
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** A stream that swallows everything: vitest's logger writes nowhere. */
function sink(): Writable {
  return new Writable({
    write(_chunk, _encoding, callback) {
      callback()
    },
  })
}

/** Removes the process error listeners added since `before` was taken. */
function removeAddedListeners(before: {
  unhandledRejection: NodeJS.UnhandledRejectionListener[]
  uncaughtException: NodeJS.UncaughtExceptionListener[]
}): void {
  for (const listener of process.listeners('unhandledRejection')) {
    if (!before.unhandledRejection.includes(listener)) process.off('unhandledRejection', listener)
  }
  for (const listener of process.listeners('uncaughtException')) {
    if (!before.uncaughtException.includes(listener)) process.off('uncaughtException', listener)
  }
}

async function closeWithin(vitest: Vitest, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  await $Promise.race([
    vitest.close().catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms)
    }),
  ])
  clearTimeout(timer)
}
