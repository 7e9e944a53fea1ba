/**
 * Blocked rules and root causes in every output (issue 39): a rule whose test
 * stopped on another rule's failed precondition is `blocked` (never a pass,
 * never met) in the console, JUnit, Markdown, HTML, badge and matrix; the
 * failing rules that block others come first, each with "N rules blocked by
 * it", and the verdict names the likely root causes.
 */
import { describe, expect, test } from 'vitest'
import type { GradeReport, RuleEntry, TestEntry } from '../report.ts'
import { renderConsole } from './render-console.ts'
import { renderJunit } from './junit.ts'
import { renderMarkdown } from './markdown.ts'
import { renderHtml } from './html.ts'
import { badgeText } from './badge.ts'
import { buildMatrix } from './matrix.ts'
import { renderMatrixMarkdown } from './matrix-markdown.ts'
import { renderMatrixHtml } from './matrix-html.ts'
import { likelyRootCauses, rootCausesFirst } from './root-causes.ts'
import { sampleReport, validateReport } from './test-support/sample-report.ts'

/**
 * REG-01 fails on its own; GRD-01 fails and its failed precondition blocked
 * ARG-01 and ARG-02 (the blocked tests are listed under GRD-01 as failing,
 * as the engine lists them); EXE-01 passes.
 */
function blockedReport(): GradeReport {
  const base = sampleReport('acme', [
    { id: 'REG-01', status: 'fail' },
    { id: 'GRD-01', status: 'fail' },
    { id: 'ARG-01', status: 'blocked', blockedBy: 'GRD-01' },
    { id: 'ARG-02', status: 'blocked', blockedBy: 'GRD-01' },
    { id: 'EXE-01', status: 'pass' },
  ])
  const blockedTests = base.rules.filter((r) => r.status === 'blocked').map((r) => r.tests[0] as TestEntry)
  const failedUnderBlocker = blockedTests.map(
    (t): TestEntry => ({
      name: t.name,
      file: t.file,
      outcome: 'fail',
      durationMs: t.durationMs,
      failedRules: ['GRD-01' as TestEntry['blockedBy'] & string],
      failure: {
        message:
          'PreconditionFailedError: GRD-01 (must; s): blocked: a precondition owned by GRD-01 failed, so the test could not check its own rules: the guard did not deny the call',
        kind: 'assertion',
        at: 'conformance/suite/arg.test.ts:12',
      },
    }),
  )
  const rules = base.rules.map((r): RuleEntry => (r.id === 'GRD-01' ? { ...r, tests: [...r.tests, ...failedUnderBlocker] } : r))
  return { ...base, rules }
}

const report = blockedReport()

test('the sample report is schema-valid, counts the blocked rules apart and does not conform', () => {
  expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true)
  expect(report.summary.must).toMatchObject({ rules: 5, pass: 1, fail: 2, blocked: 2 })
  expect(report.summary.conforms).toBe(false)
})

describe('root causes', () => {
  test('failing rules that block others come first, most blocking first; the verdict names them', () => {
    const failing = report.rules.filter((r) => r.status === 'fail')
    expect(rootCausesFirst(failing, report).map((r) => r.id)).toEqual(['GRD-01', 'REG-01'])
    expect(likelyRootCauses(report)).toEqual([{ id: 'GRD-01', blocks: 2 }])
  })

  test('when no rule blocks another, the first failing rules of the deciding levels, at most 3', () => {
    const plain = sampleReport(
      'acme',
      ['REG-01', 'REG-02', 'REG-03', 'REG-04'].map((id) => ({ id, status: 'fail' as const })),
    )
    expect(likelyRootCauses(plain).map((c) => c.id)).toEqual(['REG-01', 'REG-02', 'REG-03'])
    expect(likelyRootCauses(sampleReport('acme', [{ id: 'REG-01', status: 'pass' }]))).toEqual([])
  })
})

describe('console', () => {
  const text = renderConsole(report, { width: 200 })
  const lines = text.trimEnd().split('\n')

  test('the blocker comes first with how many rules it blocks, then the rest in catalogue order', () => {
    const grd = lines.findIndex((l) => l.includes('GRD-01 fails; 2 rules blocked by it'))
    const reg = lines.findIndex((l) => l.startsWith('  ✗ REG-01'))
    expect(grd).toBeGreaterThan(0)
    expect(reg).toBeGreaterThan(grd)
  })

  test('the blocked rules are listed apart, by blocker, as not judged', () => {
    expect(text).toContain('Blocked rules (2; not judged, so never met')
    expect(text).toContain('  by GRD-01 (2): ARG-01, ARG-02')
    expect(text).not.toContain('Passed on part of their tests')
  })

  test('the area table has a blocked column', () => {
    expect(text).toContain(' pass fail blk.  n/a unt.')
    const total = lines.find((l) => l.startsWith('total')) ?? ''
    expect(total.replace(/\s+/g, ' ')).toContain('total 1 2 2 0 0')
  })

  test('the verdict counts the blocked rules and names the likely root cause', () => {
    expect(lines.at(-1)).toBe(
      'FAIL (spec profile): acme fails 2 of 5 applicable must rules (2 must rules blocked, not judged); likely root cause: GRD-01 (2 rules blocked by it).',
    )
  })

  test('--quiet lists the blocker first and the blocked rules', () => {
    const quiet = renderConsole(report, { quiet: true }).trimEnd().split('\n')
    expect(quiet[1]).toMatch(/^ {2}GRD-01 {2}must {2}.*; 2 rules blocked by it$/)
    expect(quiet).toContain('Blocked rules (2; not judged, so never met)')
    expect(quiet.some((l) => l.startsWith('  ARG-01  must  blocked by GRD-01'))).toBe(true)
  })

  test('--verbose heads the blocker with how many rules it blocks', () => {
    const verbose = renderConsole(report, { verbose: true })
    expect(verbose).toContain('  GRD-01  must  fails; 2 rules blocked by it')
    expect(verbose.indexOf('  GRD-01  must')).toBeLessThan(verbose.indexOf('  REG-01  must'))
  })
})

describe('JUnit', () => {
  const xml = renderJunit(report)

  test('a blocked test is skipped with "blocked by RULE-ID: ..." and is no failure of its own rules', () => {
    expect(xml).toContain('<skipped message="blocked by GRD-01: the guard did not deny the call"/>')
    expect(xml).not.toMatch(/<testcase [^>]*name="\[ARG-01\] sample test 2"[^>]*>(?:(?!<\/testcase>)[\s\S])*<failure/)
  })

  test('the XML still fails: the blocker has a failed test', () => {
    expect(xml).toMatch(/<testcase [^>]*name="\[GRD-01\] sample test 1"[\s\S]*?<failure /)
  })

  test('a blocker whose only failures are blocked tests shows as a failing rule without a failed test', () => {
    const onlyBlocked: GradeReport = {
      ...report,
      rules: report.rules.map((r) => (r.id === 'GRD-01' ? { ...r, tests: r.tests.filter((t) => t.name !== '[GRD-01] sample test 1') } : r)),
    }
    const out = renderJunit(onlyBlocked)
    expect(out).toContain('GRD-01 (must) fails: its test failed (its failures are failed preconditions of tests of other rules, shown there as blocked)')
  })

  test('a blocked rule whose blocker is not a failing deciding rule of the report shows as a failure', () => {
    const outside = sampleReport('acme', [{ id: 'ARG-01', status: 'blocked', blockedBy: 'GRD-01' }])
    const out = renderJunit(outside)
    expect(out).toMatch(/<failure message="ARG-01 \(must\) is not judged, so not met: blocked by GRD-01[^"]*" type="blocked">/)
  })
})

describe('Markdown', () => {
  const md = renderMarkdown(report)

  test('the verdict counts the blocked rules and names the root cause; the blocker row comes first and says what it blocks', () => {
    expect(md).toContain('**Verdict: fails** (spec profile): 2 must rules fail; 2 blocked, not judged; likely root cause: GRD-01 (2 rules blocked by it).')
    expect(md).toContain('- **must**: 1 of 5 rules pass, 2 fail, 2 blocked,')
    expect(md.indexOf('| GRD-01<br>fails; 2 rules blocked by it | must |')).toBeGreaterThan(0)
    expect(md.indexOf('| GRD-01<br>')).toBeLessThan(md.indexOf('| REG-01 | must |'))
  })

  test('the blocked rules have their own section naming their blocker', () => {
    expect(md).toContain('### Blocked rules (2)')
    expect(md).toContain('| ARG-01 | must | GRD-01 | Statement of ARG-01. |')
  })
})

describe('HTML', () => {
  const page = renderHtml(report)

  test('the summary counts the blocked rules and names the root cause', () => {
    expect(page).toContain('acme fails 2 of 5 applicable must rules; 2 blocked, not judged; likely root cause: GRD-01 (2 rules blocked by it).')
    expect(page).toContain('data-count="must-blocked">2<')
  })

  test('rows: the blocker first with data-blocks, blocked rules with their status and data-blocked-by', () => {
    const order = [...page.matchAll(/<tr data-rule="([^"]+)"/g)].map((m) => m[1])
    expect(order).toEqual(['GRD-01', 'REG-01', 'ARG-01', 'ARG-02', 'EXE-01'])
    expect(page).toContain('<p data-blocks="2"><strong>GRD-01 fails; 2 rules blocked by it</strong></p>')
    expect(page).toMatch(/<tr data-rule="ARG-01" data-status="blocked" [^>]*data-blocked-by="GRD-01">/)
    expect(page).toContain('<td class="status s-blocked">blocked</td>')
    expect(page).toContain('<option value="blocked">blocked (2)</option>')
  })
})

describe('badge and matrix', () => {
  test('the badge counts blocked rules as applicable and not passing', () => {
    const badge = badgeText(report)
    expect(badge.message).toBe('1/5 must')
    expect(badge.colour).toBe('fails')
    expect(badge.title).toContain('(2 fail, 2 blocked, 0 vacuous;')
  })

  test('the matrix shows the blocked status and counts', () => {
    const matrix = buildMatrix([
      { file: 'a.json', report },
      { file: 'b.json', report: sampleReport('other', [{ id: 'ARG-01', status: 'pass' }]) },
    ])
    expect(matrix.columns[0]).toMatchObject({ conforms: false, decidingFail: 2, decidingBlocked: 2 })
    expect(matrix.rows.find((r) => r.id === 'ARG-01')?.statuses).toEqual(['blocked', 'pass'])
    const md = renderMatrixMarkdown(matrix)
    expect(md).toContain('| **fails** | 2 of 5 must, 2 blocked |')
    expect(md).toContain('| ARG Argument materialisation, identity, freezing | must: 2 blocked<br>')
    expect(renderMatrixHtml(matrix)).toContain('data-status="blocked">blocked</td>')
  })
})
