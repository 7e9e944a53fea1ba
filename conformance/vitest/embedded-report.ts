/**
 * The graded report of an embedding (`conformance(adapter, { report })`):
 * the tests the calling file declared, with their final outcomes, graded by
 * the same report builder as `dsh-tools-tck grade`.
 */
import { $Array, $JSON } from '../suite/_kit/intrinsics.ts'
import { mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, relative, resolve } from 'node:path'
import type { RunnerTestCase as Test } from 'vitest'
import type { Rule } from '../catalogue/types.ts'
import type { Profile } from '../catalogue/types.ts'
import { loadEvidence } from '../adequacy/evidence.ts'
import { buildReport, KIT_ROOT, kitInfo, toRawError, withBaselineVerdict } from '../grade/index.ts'
import type { Baseline, RawTest } from '../grade/index.ts'
import type { AdapterInfo, GradeReport } from '../grade/report.ts'
import type { TypeGrading } from '../types/grade-types.ts'
import { fixtureInventory } from '../fixtures/json-schema-fixtures.ts'

/** Everything the report needs besides the tests. */
export interface EmbeddedReportInput {
  readonly rules: readonly Rule[]
  readonly patterns: readonly string[] | undefined
  readonly adapter: AdapterInfo
  readonly profile: Profile
  readonly timeoutMs: number
  readonly stallLimitMs: number
  readonly startedAt: Date
  readonly clock: number
  /** The kit tests the file declared, each with the suite file (absolute) it came from. */
  readonly tests: ReadonlyMap<Test, string>
  readonly types?: TypeGrading
  readonly baseline?: { readonly file: string; readonly baseline: Baseline; readonly allowStale: boolean }
}

/** The report of the file's run, as `grade` would build it from the same outcomes. */
export function embeddedReport(input: EmbeddedReportInput): GradeReport {
  const tests = [...input.tests].map(([test, file]) => rawTest(test, file))
  const vitestVersion = (createRequire(import.meta.url)('vitest/package.json') as { version: string }).version
  const report = buildReport({
    rules: input.rules,
    adapter: input.adapter,
    run: { tests, moduleProblems: [], unhandled: [] },
    kit: kitInfo(),
    options: {
      rules: input.patterns === undefined ? null : [...input.patterns],
      profile: input.profile,
      timeoutMs: input.timeoutMs,
      stallLimitMs: input.stallLimitMs,
      verbose: false,
      ...(input.types?.entry === undefined ? {} : { types: input.types.entry }),
    },
    runtime: { node: process.version, vitest: vitestVersion, platform: `${process.platform}-${process.arch}` },
    timing: {
      startedAt: input.startedAt.toISOString(),
      durationMs: Math.round(performance.now() - input.clock),
      ...(input.types?.entry === undefined ? {} : { typesMs: input.types.durationMs }),
    },
    ...(input.types === undefined ? {} : { types: input.types }),
    fixtures: fixtureCounts(),
    evidence: loadEvidence(),
  })
  const { baseline } = input
  return baseline === undefined
    ? report
    : withBaselineVerdict({ mode: 'compare', file: baseline.file, baseline: baseline.baseline, allowStale: baseline.allowStale }, report)
}

/** Writes `report` as JSON (as `grade --json`) to `file`, resolved against `cwd`; returns the absolute path. */
export function writeReport(report: GradeReport, file: string, cwd: string): string {
  const target = resolve(cwd, file)
  mkdirSync(dirname(target), { recursive: true })
  writeFileSync(target, `${$JSON.stringify(report, null, 2)}\n`)
  return target
}

/** One declared test as the report builder reads a grade's: a failure the policy tolerated counts as the failure it was. */
function rawTest(test: Test, file: string): RawTest {
  const result = test.result
  const meta = test.meta
  const tolerated = meta.toleratedFailure
  const state: RawTest['state'] =
    tolerated !== undefined
      ? 'failed'
      : result?.state === 'pass'
        ? 'passed'
        : result?.state === 'fail'
          ? 'failed'
          : result?.state === 'skip' || result?.state === 'todo'
            ? 'skipped'
            : 'pending'
  return {
    moduleId: file,
    file: relative(KIT_ROOT, file).split('\\').join('/'),
    name: test.name,
    fullName: test.name,
    state,
    ...($Array.isArray(meta.rules) ? { metaRules: [...meta.rules] } : {}),
    ...($Array.isArray(meta.missingFeatures) ? { missingFeatures: [...meta.missingFeatures] } : {}),
    ...(meta.vacuous === true ? { vacuous: true } : {}),
    durationMs: result?.duration === undefined || state === 'skipped' ? null : Math.round(result.duration * 100) / 100,
    errors: tolerated !== undefined ? [tolerated] : state === 'failed' ? (result?.errors ?? []).map(toRawError) : [],
  }
}

function fixtureCounts(): { files: number; validationTests: number; unsupportedCases: number } {
  const inventory = fixtureInventory()
  return { files: inventory.files, validationTests: inventory.validationTests, unsupportedCases: inventory.unsupportedCases }
}
