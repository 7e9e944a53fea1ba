/**
 * Test support for the format tests: small grading reports built in memory
 * (no grade runs), valid against report.schema.json, with strings that need
 * escaping. Not a test file itself.
 */
import { readFileSync } from 'node:fs'
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { AreaSummary, GradeReport, LevelCounts, RuleEntry, RuleStatus, TestEntry } from '../../report.ts'
import { REPORT_VERSION } from '../../report.ts'
import { AREAS, failingLevels } from '../../../catalogue/types.ts'
import type { Area, Level, Profile } from '../../../catalogue/types.ts'

/** Text with every character HTML and Markdown treat specially. */
export const HOSTILE = `<script>alert("x&y")</script> 'quoted' | pipe *star* _under_ \`tick\`\nnext line`

/** A rule of a sample report: its ID, level and status; the rest is made up. */
export interface SampleRule {
  readonly id: string
  readonly level?: Level
  readonly status: RuleStatus
  readonly statement?: string
  /** For a `blocked` rule: the rule whose failed precondition stopped its test (default `GRD-01`). */
  readonly blockedBy?: string
}

const schema = JSON.parse(readFileSync(new URL('../../report.schema.json', import.meta.url), 'utf8')) as object
/** report.schema.json, compiled. */
export const validateReport = new Ajv2020({ allErrors: true }).compile(schema)

function counts(rules: readonly RuleEntry[], level: string): LevelCounts {
  const of = rules.filter((r) => r.level === level)
  const n = (s: RuleStatus): number => of.filter((r) => r.status === s).length
  return {
    rules: of.length,
    pass: n('pass'),
    fail: n('fail'),
    vacuous: n('vacuous'),
    blocked: n('blocked'),
    notApplicable: n('not-applicable'),
    untestable: n('untestable'),
  }
}

function test(rule: SampleRule, i: number): TestEntry {
  const name = `[${rule.id}] sample test ${i}`
  if (rule.status === 'fail') {
    return {
      name,
      file: 'conformance/suite/sample.test.ts',
      outcome: 'fail',
      durationMs: 1.5,
      failure: {
        message: `${rule.id} (must): expected <a> & "b"`,
        kind: 'assertion',
        diff: 'Expected: "<a>"\nReceived: "&b"',
        at: `conformance/suite/sample.test.ts:${10 + i}`,
      },
    }
  }
  if (rule.status === 'blocked')
    return {
      name,
      file: 'conformance/suite/sample.test.ts',
      outcome: 'skipped',
      durationMs: 1,
      blockedBy: (rule.blockedBy ?? 'GRD-01') as TestEntry['blockedBy'] & string,
    }
  if (rule.status === 'not-applicable')
    return { name, file: 'conformance/suite/sample.test.ts', outcome: 'not-applicable', durationMs: null, missingFeatures: ['scopes'] }
  return { name, file: 'conformance/suite/sample.test.ts', outcome: 'pass', durationMs: 0.5 }
}

function reasonOf(rule: SampleRule): string {
  if (rule.status === 'fail') return 'its test failed'
  if (rule.status === 'blocked') return `blocked by ${rule.blockedBy ?? 'GRD-01'}: its test stopped on a failed precondition owned by that rule`
  return `status ${rule.status}`
}

/**
 * A schema-valid report of adapter `name` listing `rules` in the given order,
 * graded under `profile` (default `spec`), its summary counted from them
 * (one test per rule). `conforms` follows the failures of the levels that
 * decide under the profile.
 */
export function sampleReport(name: string, rules: readonly SampleRule[], version?: string, profile: Profile = 'spec'): GradeReport {
  const entries: RuleEntry[] = rules.map((r, i) => {
    const area = r.id.replace(/-.*$/, '') as Area
    return {
      id: r.id as RuleEntry['id'],
      area,
      level: r.level ?? 'must',
      statement: r.statement ?? `Statement of ${r.id}.`,
      source: 'docs/sample.md',
      sources: ['docs/sample.md'],
      status: r.status,
      ...(r.status === 'pass' ? {} : { reason: reasonOf(r) }),
      tests: r.status === 'untestable' ? [] : [test(r, i)],
    }
  })
  const areas: AreaSummary[] = [...new Set(entries.map((r) => r.area))].map((area) => {
    const of = entries.filter((r) => r.area === area)
    return { area, title: AREAS[area], must: counts(of, 'must'), upstream: counts(of, 'upstream'), should: counts(of, 'should') }
  })
  const tests = entries.flatMap((r) => r.tests)
  const deciding = failingLevels(profile)
  return {
    reportVersion: REPORT_VERSION,
    kit: { name: 'dsh-tools-tck', version: '0.1.0' },
    adapter: {
      name,
      ...(version === undefined ? {} : { version }),
      module: `/kit/${name}.ts`,
      features: { scopes: true, codeMode: false } as GradeReport['adapter']['features'],
    },
    options: { rules: null, profile, timeoutMs: 5000, stallLimitMs: 120000, verbose: false },
    runtime: { node: 'v20.20.2', vitest: '4.1.12', platform: 'linux-x64' },
    timing: { startedAt: '2026-12-02T12:00:00.000Z', durationMs: 1234 },
    summary: {
      conforms: entries.every((r) => (r.status !== 'fail' && r.status !== 'blocked') || !deciding.includes(r.level)),
      must: counts(entries, 'must'),
      upstream: counts(entries, 'upstream'),
      should: counts(entries, 'should'),
      tests: {
        total: tests.length,
        pass: tests.filter((t) => t.outcome === 'pass').length,
        fail: tests.filter((t) => t.outcome === 'fail').length,
        notApplicable: tests.filter((t) => t.outcome === 'not-applicable').length,
        skipped: tests.filter((t) => t.outcome === 'skipped').length,
      },
      areas,
      unattributedErrors: 0,
      slowTests: 0,
      partialPasses: 0,
      fixtures: { files: 0, validationTests: 0, unsupportedCases: 0, tests: { total: 0, pass: 0, fail: 0, notApplicable: 0, skipped: 0 } },
    },
    rules: entries,
    unattributedErrors: [],
    slowTests: [],
  }
}
