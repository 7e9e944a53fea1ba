/**
 * The report schema names the report version it describes: its `$id` and
 * its `reportVersion` constant follow REPORT_VERSION (a version bump that
 * forgets the schema fails here). It describes the 1.9 fields (the profile,
 * the upstream level and its counts) and still accepts a report without
 * them, as written before 1.9.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { REPORT_VERSION } from './report.ts'
import { sampleReport, validateReport } from './formats/test-support/sample-report.ts'

const schema = JSON.parse(readFileSync(new URL('./report.schema.json', import.meta.url), 'utf8')) as {
  $id?: unknown
  properties?: { reportVersion?: { const?: unknown } }
}

test('the schema $id and reportVersion constant follow REPORT_VERSION', () => {
  expect(schema.$id).toBe(`urn:dsh-tools-tck:report:${REPORT_VERSION}`)
  expect(schema.properties?.reportVersion?.const).toBe(REPORT_VERSION)
})

describe('profiles and the upstream level (1.9)', () => {
  const rules = [
    { id: 'REG-01', status: 'pass' },
    { id: 'GRD-03', level: 'upstream', status: 'fail' },
    { id: 'PRE-22', level: 'should', status: 'fail' },
  ] as const

  test('a report with options.profile, upstream-level rules and upstream counts is valid, under either profile', () => {
    for (const profile of ['spec', 'upstream'] as const) {
      const report = sampleReport('x', rules, undefined, profile)
      expect(report.options.profile).toBe(profile)
      expect(report.summary.upstream?.fail).toBe(1)
      expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true)
    }
  })

  test('a report without them (as written before 1.9) is still valid', () => {
    const report = sampleReport('x', [{ id: 'REG-01', status: 'pass' }]) as unknown as {
      options: Record<string, unknown>
      summary: Record<string, unknown> & { areas: Record<string, unknown>[] }
    }
    delete report.options.profile
    delete report.summary.upstream
    for (const area of report.summary.areas) delete area.upstream
    expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true)
  })

  test('an unknown profile or level is refused', () => {
    const report = sampleReport('x', rules)
    expect(validateReport({ ...report, options: { ...report.options, profile: 'strict' } })).toBe(false)
    expect(validateReport({ ...report, rules: report.rules.map((r) => ({ ...r, level: 'may' })) })).toBe(false)
  })
})
