/**
 * The profile and the upstream level in the JUnit, Markdown, badge and HTML
 * outputs, on sample reports (no grade runs): one report with a failing
 * upstream-level rule, graded under `spec` (it conforms: the failure is a
 * deviation, listed apart) and under `upstream` (it fails), and one of
 * format 1.8 (no profile, no upstream counts), read as `spec`.
 */
import { describe, expect, test } from 'vitest'
import type { Profile } from '../../catalogue/types.ts'
import type { GradeReport } from '../report.ts'
import { badgeText, renderBadge } from './badge.ts'
import { renderHtml } from './html.ts'
import { renderJunit } from './junit.ts'
import { renderMarkdown } from './markdown.ts'
import { sampleReport, validateReport } from './test-support/sample-report.ts'
import { children, parseXml } from './test-support/xml.ts'
import type { XmlNode } from './test-support/xml.ts'

/** REG-01 (must) passes, REG-12 (upstream) fails, PRE-22 (should) fails. */
const graded = (profile: Profile): GradeReport =>
  sampleReport(
    'acme',
    [
      { id: 'REG-01', status: 'pass' },
      { id: 'REG-12', level: 'upstream', status: 'fail' },
      { id: 'PRE-22', level: 'should', status: 'fail' },
    ],
    undefined,
    profile,
  )
const spec = graded('spec')
const strict = graded('upstream')

/** `report` as a format-1.8 report would have it: no profile, no upstream counts, no upstream rules. */
function olderReport(): GradeReport {
  const report = sampleReport('old', [
    { id: 'REG-01', status: 'pass' },
    { id: 'PRE-22', level: 'should', status: 'fail' },
  ])
  const { profile: _profile, ...options } = report.options
  const { upstream: _upstream, ...summary } = report.summary
  return { ...report, options, summary: { ...summary, areas: summary.areas.map(({ upstream: _u, ...area }) => area) } }
}

test('the sample reports are valid, and the verdict follows the profile', () => {
  for (const report of [spec, strict, olderReport()]) expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true)
  expect([spec.summary.conforms, strict.summary.conforms]).toEqual([true, false])
})

describe('renderJunit', () => {
  const properties = (node: XmlNode | undefined): Record<string, string[]> => {
    const out: Record<string, string[]> = {}
    for (const p of children(node?.properties as XmlNode | undefined, 'property')) {
      const name = String(p['@_name'])
      out[name] = [...(out[name] ?? []), String(p['@_value'])]
    }
    return out
  }
  const suitesOf = (report: GradeReport): XmlNode[] => children(parseXml(renderJunit(report)).testsuites as XmlNode, 'testsuite')

  test('every test suite carries the profile as a property; a report before 1.9 is spec', () => {
    for (const [report, profile] of [
      [spec, 'spec'],
      [strict, 'upstream'],
      [olderReport(), 'spec'],
    ] as const) {
      const suites = suitesOf(report)
      expect(suites.length).toBeGreaterThan(0)
      for (const suite of suites) expect(properties(suite).profile, String(suite['@_name'])).toEqual([profile])
    }
  })

  test("each test case carries its rule's level, upstream included", () => {
    const cases = suitesOf(spec).flatMap((s) => children(s, 'testcase'))
    expect(cases.map((c) => [properties(c).rule, properties(c).level])).toEqual([
      [['REG-01'], ['must']],
      [['REG-12'], ['upstream']],
      [['PRE-22'], ['should']],
    ])
  })
})

describe('renderMarkdown', () => {
  test('under spec: the verdict names the profile, upstream counts and columns are shown, and the upstream failure is a deviation listed apart', () => {
    const md = renderMarkdown(spec)
    expect(md).toContain('**Verdict: conforms** (spec profile): no must rule fails.')
    expect(md).toContain('- **upstream**: 0 of 1 rules pass, 1 fail, 0 blocked, 0 vacuous, 0 n/a, 0 untestable\n')
    expect(md).toContain(
      '| area | title | must pass | must fail | must blocked | must n/a | upstream pass | upstream fail | upstream blocked | upstream n/a | should pass | should fail |',
    )
    expect(md).toContain('| REG | Registration | 1 | 0 | 0 | 0 | 0 | 1 | 0 | 0 | 0 | 0 |')
    expect(md).not.toContain('### Failing must rules')
    expect(md).toContain(
      '### Upstream-level deviations (1)\n\n_behaviour only upstream 0.1.1-rc.2 pins; these fail the registry only under --profile upstream_\n\n| rule | level |',
    )
    expect(md).toMatch(/^\| REG-12 \| upstream \| /m)
    expect(md.indexOf('### Upstream-level deviations')).toBeLessThan(md.indexOf('### Should-level deviations (1)'))
  })

  test('under upstream: the upstream failure is among the failing rules, and bold in the area table', () => {
    const md = renderMarkdown(strict)
    expect(md).toContain('**Verdict: fails** (upstream profile): 1 must and upstream rule fails; likely root cause: REG-12.')
    expect(md).toContain('### Failing must and upstream rules (1)')
    expect(md).not.toContain('Upstream-level deviations')
    expect(md).toContain('| REG | Registration | 1 | 0 | 0 | 0 | 0 | **1** | 0 | 0 | 0 | 0 |')
    const passing = sampleReport('ok', [{ id: 'REG-12', level: 'upstream', status: 'pass' }], undefined, 'upstream')
    expect(renderMarkdown(passing)).toContain('**Verdict: conforms** (upstream profile): no must or upstream rule fails.')
  })

  test('a report before 1.9 reads as spec, with zero upstream counts', () => {
    const md = renderMarkdown(olderReport())
    expect(md).toContain('**Verdict: conforms** (spec profile)')
    expect(md).toContain('- **upstream**: 0 of 0 rules pass')
  })
})

describe('renderBadge', () => {
  test('the share of applicable rules of the failing levels that pass; the title names the profile', () => {
    expect(badgeText(spec)).toEqual({
      message: '1/1 must',
      colour: 'conforms',
      title: 'dsh-tools-tck (spec profile): acme conforms: 1 of 1 applicable must rules pass (0 fail, 0 blocked, 0 vacuous; 0 n/a, 0 untestable)',
    })
    expect(badgeText(strict)).toEqual({
      message: '1/2 must+upstream',
      colour: 'fails',
      title: 'dsh-tools-tck (upstream profile): acme fails: 1 of 2 applicable must and upstream rules pass (1 fail, 0 blocked, 0 vacuous; 0 n/a, 0 untestable)',
    })
    const svg = parseXml(renderBadge(strict)).svg as XmlNode
    expect(String(svg.title)).toContain('(upstream profile)')
    expect(svg['@_aria-label']).toBe('dsh-tools-tck: 1/2 must+upstream')
    expect(badgeText(olderReport()).title).toMatch(/^dsh-tools-tck \(spec profile\): /)
  })
})

describe('renderHtml', () => {
  const count = (page: string, key: string): string | undefined => new RegExp(`data-count="${key}">(\\d+)<`).exec(page)?.[1]

  test('shows the profile, an upstream row in the summary, upstream area columns and an upstream level filter', () => {
    const page = renderHtml(spec)
    expect(page).toContain('data-testid="verdict" data-profile="spec" data-conforms="true">CONFORMS<')
    expect(page).toContain('<dt>profile</dt><dd>spec (the seeds: must rules decide the verdict)</dd>')
    expect(page).toContain('Profile <strong data-testid="profile">spec</strong>')
    expect(page).toContain('acme meets all 1 applicable must rules (1 upstream-level deviation, 1 should-level deviation).')
    expect([count(page, 'upstream-rules'), count(page, 'upstream-fail'), count(page, 'must-pass')]).toEqual(['1', '1', '1'])
    expect(page).toContain('<th colspan="6">must</th><th colspan="6">upstream</th><th colspan="6">should</th>')
    expect(page).toContain('<option value="upstream">upstream (1)</option>')
    expect(page).toContain('<tr data-rule="REG-12" data-status="fail" data-level="upstream" data-area="REG">')
  })

  test('under upstream the verdict and sentence count the must and upstream rules; a report before 1.9 shows spec', () => {
    const page = renderHtml(strict)
    expect(page).toContain('data-testid="verdict" data-profile="upstream" data-conforms="false">FAILS<')
    expect(page).toContain('acme fails 1 of 2 applicable must and upstream rules (1 should-level deviation); likely root cause: REG-12.')
    const older = renderHtml(olderReport())
    expect(older).toContain('data-profile="spec"')
    expect(count(older, 'upstream-rules')).toBe('0')
  })
})
