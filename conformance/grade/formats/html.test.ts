/**
 * renderHtml(): every rule is on the page with its hooks, the summary counts
 * are the report's, failing assertions are shown, every report string is
 * escaped, and the page references nothing outside itself.
 */
import { describe, expect, test } from 'vitest'
import { renderHtml } from './html.ts'
import { escapeHtml } from './escape-html.ts'
import { HOSTILE, sampleReport, validateReport } from './test-support/sample-report.ts'
import type { RuleEntry } from '../report.ts'

const report = sampleReport(`hostile ${HOSTILE}`, [
  { id: 'REG-01', status: 'pass' },
  { id: 'REG-02', status: 'fail', statement: HOSTILE },
  { id: 'GRD-07', status: 'not-applicable' },
  { id: 'GRD-08', level: 'should', status: 'fail' },
  { id: 'CAN-01', status: 'untestable' },
])
const page = renderHtml(report)

describe('renderHtml', () => {
  test('the sample report is a valid report', () => {
    expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true)
  })

  test('one row per rule, failures first, then the others in report order, with its status, level and area hooks', () => {
    const rows = [...page.matchAll(/<tr data-rule="([^"]+)" data-status="([^"]+)" data-level="([^"]+)" data-area="([^"]+)">/g)].map((m) => m.slice(1))
    const row = (r: RuleEntry) => [r.id, r.status, r.level, r.area]
    const failing = report.rules.filter((r) => r.status === 'fail')
    expect(failing.length).toBeGreaterThan(0)
    expect(rows).toEqual([...failing, ...report.rules.filter((r) => r.status !== 'fail')].map(row))
    expect(page).toContain('<option value="fail" selected>')
  })

  test("the summary counts are the report's, and the verdict follows summary.conforms", () => {
    const count = (key: string): string | undefined => new RegExp(`data-count="${key}">(\\d+)<`).exec(page)?.[1]
    expect(count('must-rules')).toBe(String(report.summary.must.rules))
    expect(count('must-fail')).toBe('1')
    expect(count('must-notApplicable')).toBe('1')
    expect(count('must-untestable')).toBe('1')
    expect(count('should-fail')).toBe('1')
    expect(count('tests-total')).toBe(String(report.summary.tests.total))
    expect(page).toContain('data-conforms="false">FAILS<')
    const passing = renderHtml(sampleReport('ok', [{ id: 'REG-01', status: 'pass' }]))
    expect(passing).toContain('data-conforms="true">CONFORMS<')
  })

  test('a failing test shows its message, at and diff, escaped', () => {
    const failure = report.rules[1]?.tests[0]?.failure
    expect(page).toContain(escapeHtml(failure?.message))
    expect(page).toContain(escapeHtml(failure?.diff))
    expect(page).toContain(`<code data-at>${failure?.at}</code>`)
    expect(page).toContain('<span class="tag" data-kind>assertion</span>')
  })

  test('report strings never reach the page unescaped', () => {
    expect(page).not.toContain('<script>alert')
    expect(page).not.toContain(`"x&y"`)
    expect(page).toContain(escapeHtml(HOSTILE))
    expect(page.match(/<script>/g)).toHaveLength(1)
  })

  test('self-contained: no external reference, a CSP that forbids fetching, the filter form hidden without JS', () => {
    expect(page).not.toMatch(/\b(src|href)="(?!data:)/)
    expect(page).not.toMatch(/https?:\/\//)
    expect(page).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;;[^"]*script-src &#39;sha256-[A-Za-z0-9+/=]+&#39;/)
    expect(page).toContain('<form class="filters" data-testid="filters" hidden>')
  })

  test('a baseline that records every deciding failure makes the verdict "known failures only", as the exit status 0 says', () => {
    const known = renderHtml({ ...report, baseline: { file: 'known.json', ok: true, line: 'BASELINE OK: 1 known failure', known: [{ rule: 'REG-02' }] } })
    expect(known).toMatch(/data-testid="verdict"[^>]*data-known="true">KNOWN FAILURES ONLY</)
    expect(known).toContain('this decides the exit status')
    const failed = renderHtml({ ...report, baseline: { file: 'known.json', ok: false, line: 'BASELINE FAILED', known: [] } })
    expect(failed).toMatch(/data-testid="verdict"[^>]*>FAILS</)
  })
})

describe('escapeHtml', () => {
  test('replaces the five special characters and nothing else', () => {
    expect(escapeHtml(`a<b>&"c'\n`)).toBe('a&lt;b&gt;&amp;&quot;c&#39;\n')
    expect(escapeHtml(12)).toBe('12')
  })
})
