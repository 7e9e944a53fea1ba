/**
 * Internal: resuming a grade after the registry took a test worker (issue
 * 38, engine/kit-pool.ts). The run that lost it left tests unreported;
 * {@link resumeAfter} says which suite files to run again and what the
 * workers must know (the losses so far, the tests already reported, which
 * they skip), and {@link mergeResumed} folds the resumed run's results into
 * the earlier ones without losing or doubling a test.
 */
import type { RawTest, Runaway, SuiteRun } from './run-suite.ts'

/** What a resumed run runs: the suite files with unreported tests, and what the earlier runs learnt. */
export interface Resume {
  /** Suite files, relative to the kit root. */
  readonly files: readonly string[]
  readonly runaways: readonly Runaway[]
  /** The tests already reported in those files, as {@link reportedKey}s: the resumed run skips them. */
  readonly reported: readonly string[]
}

/** A run, with how many of its runaways have already been resumed after. */
export type ResumableRun = SuiteRun & { readonly resumedRunaways?: number }

/** How a resumed run's test knows it was already reported: its suite file (relative to the kit root) and full name. */
export function reportedKey(file: string, fullName: string): string {
  return `${file} > ${fullName}`
}

/** run-suite's problem for a suite file whose worker stopped before collecting it. */
const NEVER_RAN = /^the suite file never ran/

/**
 * The resumed run `run` calls for, if any: only when the registry took a
 * worker in it charged to a test (a loss before any test would only recur),
 * and only for the files where tests were left unreported, that never ran,
 * or that reported nothing at all (the rest of a lost worker's batch).
 */
export function resumeAfter(run: ResumableRun): Resume | undefined {
  const runaways = run.runaways ?? []
  if (!runaways.slice(run.resumedRunaways ?? 0).some((runaway) => runaway.test !== '')) return undefined
  const reporting = new Set(run.tests.map((test) => test.file))
  const files = new Set([
    ...run.tests.filter((test) => test.state === 'pending').map((test) => test.file),
    ...run.moduleProblems.filter((problem) => NEVER_RAN.test(problem.message)).map((problem) => problem.file),
    ...(run.files ?? []).filter((file) => !reporting.has(file) && !run.moduleProblems.some((problem) => problem.file === file)),
  ])
  if (files.size === 0) return undefined
  return {
    files: [...files].sort(),
    runaways,
    reported: run.tests.filter((test) => files.has(test.file) && test.state !== 'pending').map((test) => reportedKey(test.file, test.fullName)),
  }
}

/**
 * The earlier run's results with the resumed run's folded in: a test keeps
 * its earlier result unless that was "pending" and the resumed run has one
 * (a test the resumed run never reached stays pending, never lost); a test
 * only the resumed run has is added. A file's earlier problems stay unless
 * the resumed run collected that file; stray errors and losses add up; the
 * run is aborted if the resumed one was, else as the earlier one was.
 */
export function mergeResumed(earlier: ResumableRun, resumed: SuiteRun, resume: Resume): ResumableRun & { readonly resumedRunaways: number } {
  const done = new Set(resume.reported)
  const byKey = new Map<string, RawTest>()
  for (const test of earlier.tests) byKey.set(reportedKey(test.file, test.fullName), test)
  for (const test of resumed.tests) {
    const key = reportedKey(test.file, test.fullName)
    if (done.has(key)) continue
    const before = byKey.get(key)
    if (before === undefined || (before.state === 'pending' && test.state !== 'pending')) byKey.set(key, test)
  }
  const collected = new Set(resumed.tests.map((test) => test.file))
  const problems = [...earlier.moduleProblems.filter((problem) => !collected.has(problem.file)), ...resumed.moduleProblems]
  const seen = new Set<string>()
  const aborted = resumed.aborted ?? earlier.aborted
  return {
    tests: [...byKey.values()].sort((a, b) => a.file.localeCompare(b.file)),
    moduleProblems: problems.filter((problem) => {
      const key = `${problem.file}\n${problem.message}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    }),
    unhandled: [...earlier.unhandled, ...resumed.unhandled],
    files: earlier.files ?? [],
    runaways: [...(earlier.runaways ?? []), ...(resumed.runaways ?? [])],
    // The runaways this merge has already resumed after: a new one in the resumed run calls for another.
    resumedRunaways: earlier.runaways?.length ?? 0,
    ...(aborted === undefined ? {} : { aborted }),
  }
}
