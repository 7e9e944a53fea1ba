/**
 * buildMatrix(), renderMatrixMarkdown() and renderMatrixHtml(): columns in
 * input order with unique labels and their reports' profiles, rows that
 * differ first (each group in catalogue order), missing rules, per-area
 * totals with the upstream level, and escaping.
 */
import { describe, expect, test } from 'vitest'
import { buildMatrix } from './matrix.ts'
import { renderMatrixHtml } from './matrix-html.ts'
import { renderMatrixMarkdown } from './matrix-markdown.ts'
import { HOSTILE, sampleReport } from './test-support/sample-report.ts'

const a = sampleReport('alpha', [
  { id: 'REG-01', status: 'pass' },
  { id: 'REG-02', status: 'pass' },
  { id: 'GRD-07', status: 'fail', statement: HOSTILE },
  { id: 'CAN-01', status: 'pass' },
])
const b = sampleReport('beta', [
  { id: 'REG-01', status: 'pass' },
  { id: 'REG-02', status: 'fail' },
  { id: 'GRD-07', status: 'fail' },
])
const inputs = [
  { file: 'a.json', report: a },
  { file: 'dir/b.json', report: b },
]

describe('buildMatrix', () => {
  const matrix = buildMatrix(inputs)

  test('one column per report, in order, with verdict and must counts', () => {
    expect(matrix.columns.map((c) => [c.label, c.file, c.conforms, c.decidingFail])).toEqual([
      ['alpha', 'a.json', false, 1],
      ['beta', 'dir/b.json', false, 2],
    ])
  })

  test('rules that differ come first, then the rest, each in catalogue order; a rule a report lacks is null', () => {
    expect(matrix.rows.map((r) => [r.id, r.differs, r.statuses])).toEqual([
      ['REG-02', true, ['pass', 'fail']],
      ['CAN-01', true, ['pass', null]],
      ['REG-01', false, ['pass', 'pass']],
      ['GRD-07', false, ['fail', 'fail']],
    ])
    expect(matrix.differing).toBe(2)
  })

  test('per-area totals per column; null where a report has no rule of the area', () => {
    expect(matrix.areas.map((x) => x.area)).toEqual(['REG', 'GRD', 'CAN'])
    const can = matrix.areas.find((x) => x.area === 'CAN')
    expect(can?.counts[0]?.must.pass).toBe(1)
    expect(can?.counts[1]).toBeNull()
    expect(matrix.areas[0]?.counts[1]?.must.fail).toBe(1)
  })

  test('two reports of the same adapter get distinct labels', () => {
    const same = buildMatrix([
      { file: 'x/one.json', report: a },
      { file: 'y/one.json', report: a },
      { file: 'two.json', report: sampleReport('alpha', [], '2.0') },
    ])
    expect(same.columns.map((c) => c.label)).toEqual(['alpha (one.json) #1', 'alpha (one.json) #2', 'alpha 2.0'])
  })

  test("each column keeps its report's profile and its verdict under it; area counts include upstream", () => {
    const rules = [
      { id: 'REG-01', status: 'pass' },
      { id: 'REG-12', level: 'upstream', status: 'fail' },
    ] as const
    const profiles = buildMatrix([
      { file: 'spec.json', report: sampleReport('lenient', rules) },
      { file: 'upstream.json', report: sampleReport('strict', rules, undefined, 'upstream') },
    ])
    expect(profiles.columns.map((c) => [c.profile, c.conforms, c.decidingFail, c.decidingApplicable])).toEqual([
      ['spec', true, 0, 1],
      ['upstream', false, 1, 2],
    ])
    expect(profiles.areas[0]?.counts.map((c) => c?.upstream.fail)).toEqual([1, 1])
    expect(
      profiles.rows.every((r) => !r.differs),
      'statuses do not depend on the profile',
    ).toBe(true)
    const markdown = renderMatrixMarkdown(profiles)
    expect(markdown).toContain('| implementation | profile | verdict | deciding rules failing |')
    expect(markdown).toContain('| lenient | spec | conforms | 0 of 1 must |')
    expect(markdown).toContain('| strict | upstream | **fails** | 1 of 2 must and upstream |')
    expect(markdown).toContain('| REG Registration | must: 1 pass<br>upstream: 1 fail<br>should: none | must: 1 pass<br>upstream: 1 fail<br>should: none |')
    const page = renderMatrixHtml(profiles)
    expect([...page.matchAll(/<th class="impl" data-testid="impl" data-profile="([^"]+)"/g)].map((m) => m[1])).toEqual(['spec', 'upstream'])
    // The upstream failure marks the area cell only where it decides.
    expect([...page.matchAll(/<tr data-area-row="REG">(.*?)<\/tr>/gs)][0]?.[1]?.match(/class="has-fail"/g)).toHaveLength(1)
    expect(page).toContain('<option value="upstream">upstream</option>')
  })

  test('refuses an empty list', () => {
    expect(() => buildMatrix([])).toThrow(/at least one report/)
  })
})

describe('renderMatrixMarkdown', () => {
  const markdown = renderMatrixMarkdown(buildMatrix(inputs))

  test('the differing rules first, one column per implementation, — where a rule is missing', () => {
    const differ = markdown.slice(markdown.indexOf('## Rules that differ (2)'), markdown.indexOf('## Same status everywhere (2)'))
    expect(differ).toContain('| rule | level | alpha | beta | statement |')
    expect(differ).toContain('| REG-02 | must | pass | **fail** | Statement of REG-02. |')
    expect(differ).toContain('| CAN-01 | must | pass | — | Statement of CAN-01. |')
    expect(differ).not.toContain('REG-01')
  })

  test('a hostile statement stays inside its cell, on one line, without markup', () => {
    const line = markdown.split('\n').find((l) => l.startsWith('| GRD-07 '))
    expect(line).toBe(
      '| GRD-07 | must | **fail** | **fail** | &lt;script&gt;alert("x&amp;y")&lt;/script&gt; \'quoted\' \\| pipe \\*star\\* \\_under\\_ \\`tick\\` next line |',
    )
  })
})

describe('renderMatrixHtml', () => {
  const page = renderMatrixHtml(buildMatrix(inputs))

  test('one impl header per column; rows with their differs flag and a status cell per column', () => {
    expect([...page.matchAll(/<th class="impl" data-testid="impl"[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual(['alpha', 'beta'])
    const rows = [...page.matchAll(/<tr data-rule="([^"]+)"[^>]*data-differs="(true|false)">([\s\S]*?)<\/tr>/g)]
    expect(rows.map((m) => [m[1], m[2]])).toEqual([
      ['REG-02', 'true'],
      ['CAN-01', 'true'],
      ['REG-01', 'false'],
      ['GRD-07', 'false'],
    ])
    expect([...(rows[1]?.[3] ?? '').matchAll(/data-status="([^"]+)"/g)].map((m) => m[1])).toEqual(['pass', 'absent'])
  })

  test('escapes the statements', () => {
    expect(page).not.toContain('<script>alert')
    expect(page.match(/<script>/g)).toHaveLength(1)
  })
})
