/**
 * `conformance()`: embed the conformance suite in the implementer's own
 * vitest run (`import { conformance } from 'dsh-tools-tck/vitest'`).
 *
 * Called at the top level of one test file (awaited), it declares one vitest
 * test per kit test of the selected rules, under the names the kit and its
 * grade reports use (`[GRD-03] title`, `[EXE-01, GRD-03] title`), so the
 * project's watch mode, `-t` filters and reporters apply to them. The tests
 * are the kit's own (the suite files' `check()` and `law()` tests), run
 * against the given adapter with the same per-test budget semantics as a
 * grade.
 *
 * Only what would decide the exit status of `grade` fails a test of the
 * run: under the `profile` (default `spec`), a failure that concerns only
 * rules of levels that do not decide (should; under spec, upstream too)
 * skips the test with a `<level>-level deviation` reason, and a failure a
 * `baseline` records skips it as a known failure. A baseline entry whose
 * rule or test is selected but never failed, or that has expired, fails the
 * run at the end of the file (unless `allowStale`, for the never-failed
 * ones), as it fails a grade. With `types`, the type rules run too; with
 * `report`, the graded JSON report of the file's run is written at its end,
 * as `grade --json` would write it.
 *
 * The kit judges with the built-ins it captured when this module loaded
 * (`Object.isFrozen`, `Array.isArray`, `JSON`, ...; vitest's matchers
 * included): import `dsh-tools-tck/vitest` before the adapter, or pass the
 * adapter as a path, so a registry that patches a global built-in cannot
 * change a verdict.
 */
// First: the kit's built-ins are captured before the adapter loads (intrinsics.ts).
import '../suite/_kit/intrinsics.ts'
import { installImpartialMatchers } from '../suite/_kit/impartial-matchers.ts'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { TckAdapter } from '../adapter/contract.ts'
import { checkAdapter } from '../grade/check-adapter.ts'
import { UsageError } from '../grade/errors.ts'
import { assertSameProfile, entryLabel, expiryReason, KIT_ROOT, kitInfo, KNOWN_FEATURES, loadBaseline, namePatternFor, selectRules } from '../grade/index.ts'
import type { Baseline, BaselineEntry } from '../grade/index.ts'
import { loadAdapter } from '../grade/load-adapter.ts'
import { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS, isDurationMs } from '../limits.ts'
import { afterAll, test, TestRunner } from 'vitest'
import type { RunnerTestCase } from 'vitest'
import type { Rule } from '../catalogue/types.ts'
import type { AdapterInfo } from '../grade/report.ts'
import { gradeTypes } from '../types/grade-types.ts'
import type { TypeGrading } from '../types/grade-types.ts'
import { resolveTypesEntry, typeSuiteFiles, typeSuiteTestName } from '../types/run-types.ts'
import { toleratedFailure } from '../suite/_kit/verdict-policy.ts'
import { embeddedReport, writeReport } from './embedded-report.ts'
import { PROFILES, failingLevels } from '../catalogue/types.ts'
import { getRule, isRuleId } from '../catalogue/index.ts'
import { ruleIdsInTestName } from '../catalogue/test-name.ts'
import type { Profile } from '../catalogue/types.ts'
import type { VerdictPolicy } from '../suite/_kit/verdict-policy.ts'
import { suiteSettings, useSuiteSettings } from '../suite/_kit/settings.ts'

export interface ConformanceOptions {
  /**
   * Only the tests of these rules: IDs (`GRD-03`) and whole areas (`CAN-*`),
   * case-insensitive, as `grade --rules`. Default: every rule.
   */
  readonly rules?: readonly string[]
  /** Per-test budget for adapter calls, in milliseconds, as `grade --timeout`. Default: `DEFAULT_TIMEOUT_MS` (5000). */
  readonly timeout?: number
  /** Directory a relative adapter path (and the baseline) is resolved against. Default: `process.cwd()`. */
  readonly cwd?: string
  /** What the registry is held to, as `grade --profile`: `spec` (default) or `upstream`. */
  readonly profile?: Profile
  /** A baseline of expected failures written under the same profile, as `grade --baseline` (docs/BASELINE.md). */
  readonly baseline?: string
  /** With `baseline`: an entry whose failure did not happen is not an error, as `grade --allow-stale`. */
  readonly allowStale?: boolean
  /**
   * Write the graded JSON report of this file's run here (resolved against
   * `cwd`) when the file's tests are done, as `grade --json` writes it: rule
   * statuses, levels, profile, baseline verdict, vacuity. A should- or
   * upstream-level deviation or a known failure the run skipped is graded
   * as the failure it was.
   */
  readonly report?: string
  /**
   * The implementation's type entry (`.ts` or `.d.ts`), as `grade --types`:
   * one test per tsd suite file of the selected type rules (`[TYP-01] type
   * expectations of <file>`), gated like the others. Without it the type
   * rules are not run (the report lists them not applicable).
   */
  readonly types?: string
}

/** `.ts` in a clone (sources), `.js` in the built package. */
const EXT = import.meta.url.endsWith('.ts') ? '.ts' : '.js'

/** The folders of the suite files, relative to the kit root (the same files a grade runs). */
const SUITE_DIRS = ['conformance/suite', 'properties']

let declared = false

/**
 * Declares the kit's tests for `adapter` in the calling test file.
 *
 * @param adapter - an adapter object (`defineAdapter(...)`), or the path
 *   (relative to `options.cwd`) or `file:` URL of a module whose default
 *   export is one; a TypeScript module works too.
 * @throws UsageError when `rules` names an unknown rule or area or selects
 *   none, or `timeout` is not a whole number of milliseconds from 1 to one hour.
 * @throws AdapterError when the adapter module is missing or fails to import,
 *   or the adapter is structurally not one (the same checks as `grade`).
 * @throws Error when called a second time in the same test worker: each call
 *   belongs in its own test file (vitest isolates test files by default).
 */
export async function conformance(adapter: TckAdapter | string | URL, options: ConformanceOptions = {}): Promise<void> {
  installImpartialMatchers()
  const rules = selectedRules(options.rules)
  const timeout = options.timeout ?? DEFAULT_TIMEOUT_MS
  if (!isDurationMs(timeout)) {
    throw new UsageError(`conformance(): timeout must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS} (got ${String(timeout)})`)
  }
  if (declared) {
    throw new Error("conformance() was already called in this test worker: call it once per test file (and keep vitest's default per-file isolation)")
  }
  const startedAt = new Date()
  const clock = performance.now()
  const profile = options.profile ?? 'spec'
  if (!PROFILES.includes(profile)) throw new UsageError(`conformance(): profile must be ${PROFILES.join(' or ')} (got ${String(profile)})`)
  if (options.allowStale === true && options.baseline === undefined) throw new UsageError('conformance(): allowStale only applies with a baseline')
  const baseline = options.baseline === undefined ? undefined : await loadBaseline(options.baseline, options.cwd)
  if (baseline !== undefined) assertSameProfile(baseline, profile, `conformance() baseline ${options.baseline}`)

  const loaded =
    typeof adapter === 'string' || adapter instanceof URL
      ? await loadAdapter(adapter instanceof URL ? adapter.href : adapter, options.cwd === undefined ? {} : { cwd: options.cwd })
      : { module: '(adapter object)', displayName: 'passed to conformance()', exported: adapter }
  const checked = await checkAdapter(loaded, { timeoutMs: timeout })
  if (declared) throw new Error('conformance() was called twice at once in this test worker: call it once per test file')
  declared = true
  // The suite's settings for the rest of this worker, set in-process (this runs in the test worker
  // already): check() reads them when it declares a test, declares only the selected ones, and asks
  // the verdict policy about each failure. Everything else keeps its default, whatever the run provides.
  useSuiteSettings({
    adapter: checked,
    timeoutMs: timeout,
    select: options.rules === undefined ? undefined : namePatternFor(rules),
    verdictPolicy: baselinePolicy(
      profile,
      baseline,
      options.baseline ?? '',
      options.allowStale === true,
      rules.map((r) => r.id),
    ),
  })
  // Each declared kit test, with the suite file it came from (for the report).
  const declaredTests = new Map<RunnerTestCase, string>()
  const collector = TestRunner.getCurrentSuite()
  for (const file of suiteFiles()) {
    const before = collector.tasks.length
    await import(pathToFileURL(file).href)
    for (const task of collector.tasks.slice(before)) if (task.type === 'test') declaredTests.set(task, file)
  }

  const cwd = options.cwd ?? process.cwd()
  const features = Object.fromEntries(KNOWN_FEATURES.map((f) => [f, checked.features[f] === true])) as AdapterInfo['features']
  const types = options.types === undefined ? undefined : declareTypeTests(rules, resolveTypes(options.types, cwd), features)
  if (options.report !== undefined) {
    const target = options.report
    afterAll(async () => {
      const adapterInfo: AdapterInfo = {
        name: checked.name,
        ...(checked.version === undefined ? {} : { version: checked.version }),
        module: loaded.module,
        features,
      }
      const report = embeddedReport({
        rules,
        patterns: options.rules,
        adapter: adapterInfo,
        profile,
        timeoutMs: timeout,
        stallLimitMs: suiteSettings().stallLimitMs,
        startedAt,
        clock,
        tests: declaredTests,
        ...(types === undefined ? {} : { types: await types() }),
        ...(baseline === undefined ? {} : { baseline: { file: options.baseline ?? '', baseline, allowStale: options.allowStale === true } }),
      })
      writeReport(report, target, cwd)
    })
  }
}

/** `resolveTypesEntry`, its message naming this function's option. */
function resolveTypes(entry: string, cwd: string): string {
  try {
    return resolveTypesEntry(entry, cwd)
  } catch (error) {
    throw new UsageError(`conformance() option types: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/**
 * Declares one test per tsd suite file of the selected type rules, named as
 * in a grade report; tsd runs once, for all of them, when the first one
 * runs. Returns the shared grading, for the report.
 */
function declareTypeTests(rules: readonly Rule[], entry: string, features: AdapterInfo['features']): () => Promise<TypeGrading> {
  let grading: Promise<TypeGrading> | undefined
  const graded = (): Promise<TypeGrading> => (grading ??= gradeTypes({ rules, entry, features }))
  const selected = new Set(rules.map((rule) => rule.id as string))
  for (const suite of typeSuiteFiles().filter((s) => selected.has(s.rule))) {
    const name = typeSuiteTestName(suite)
    test(name, async (ctx) => {
      ctx.task.meta.rules = [suite.rule]
      const result = (await graded()).tests.get(suite.rule)?.find((t) => t.name === name)
      if (result === undefined || result.outcome === 'not-applicable' || result.outcome === 'skipped') {
        ctx.skip(result?.missingFeatures === undefined ? 'not graded' : `not applicable: the adapter does not declare ${result.missingFeatures.join(', ')}`)
        return
      }
      if (result.outcome === 'fail') {
        const error = new Error(result.failure?.message ?? 'the type expectations failed')
        const tolerated = toleratedFailure([suite.rule], name)
        if (tolerated !== undefined) {
          ctx.task.meta.toleratedFailure = { message: error.message }
          ctx.skip(`${tolerated}: ${error.message}`)
        }
        throw error
      }
    })
  }
  return graded
}

/**
 * The verdict policy of `profile` and `baseline`: a live (not expired) entry
 * naming the failing test, or else its rule, records a failure; at the end
 * of the file, an expired entry, or (unless `allowStale`) a live one that
 * recorded no failure though its rule was selected, fails the run.
 */
function baselinePolicy(profile: Profile, baseline: Baseline | undefined, file: string, allowStale: boolean, selected: readonly string[]): VerdictPolicy {
  if (baseline === undefined) return { profile }
  const today = new Date().toISOString().slice(0, 10)
  const { version, suiteRevision } = kitInfo()
  const live = baseline.entries.filter((entry) => expiryReason(entry.expires, today, version, suiteRevision) === undefined)
  const used = new Set<BaselineEntry>()
  const entryFor = (rule: string, test: string): BaselineEntry | undefined =>
    live.find((e) => e.test === test) ?? live.find((e) => e.rule === rule && e.test === undefined)
  afterAll(() => {
    const problems: string[] = []
    for (const entry of baseline.entries) {
      const expired = expiryReason(entry.expires, today, version, suiteRevision)
      // Judged only when it names a selected rule of a level that decides, as a grade judges it.
      const named = entry.rule === undefined ? ruleIdsInTestName(entry.test ?? '') : [entry.rule]
      const inScope = named.some((id) => selected.includes(id) && isRuleId(id) && failingLevels(profile).includes(getRule(id).level))
      if (expired !== undefined && inScope) problems.push(`${entryLabel(entry)}: ${expired}`)
      else if (expired === undefined && inScope && !used.has(entry) && !allowStale)
        problems.push(`${entryLabel(entry)}: recorded as failing, but it did not fail (remove the entry, or pass allowStale)`)
    }
    if (problems.length > 0) throw new Error(`baseline ${file}: ${problems.join('; ')}`)
  })
  return {
    profile,
    known: (rule, test) => (entryFor(rule, test) === undefined ? undefined : `known failure (baseline ${file})`),
    onKnown: (rule, test) => {
      const entry = entryFor(rule, test)
      if (entry !== undefined) used.add(entry)
    },
  }
}

/** {@link selectRules}, its messages naming this function's option rather than the CLI's flag. */
function selectedRules(patterns: readonly string[] | undefined): ReturnType<typeof selectRules> {
  try {
    return selectRules(patterns)
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(error.message.replace(/^--rules/, 'conformance() option rules'))
    throw error
  }
}

/** Absolute paths of every suite file, in name order within each folder. */
function suiteFiles(): string[] {
  return SUITE_DIRS.flatMap((dir) =>
    readdirSync(join(KIT_ROOT, dir))
      .filter((name) => name.endsWith(`.test${EXT}`))
      .sort()
      .map((name) => join(KIT_ROOT, dir, name)),
  )
}
