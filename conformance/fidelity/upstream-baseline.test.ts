/**
 * upstream.baseline.json: committed, valid, and equal to what the
 * expected-failure list generates; the fidelity comparison judges by it.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import type { GradeReport } from '../grade/report.ts'
import { formatBaseline, loadBaseline } from '../grade/index.ts'
import { compareWithExpected } from './compare.ts'
import { expectedFailingRules, type ExpectedFailure } from './expected-failures.ts'
import { UPSTREAM_BASELINE_FILE, upstreamBaseline } from './upstream-baseline.ts'

describe('upstream.baseline.json', () => {
  test('is the baseline the expected-failure list generates (regenerate with npm run fidelity -- --write-docs)', () => {
    expect(readFileSync(UPSTREAM_BASELINE_FILE, 'utf8')).toBe(formatBaseline(upstreamBaseline()))
  })

  test('is a valid baseline naming exactly the listed rules, each a spec dispute', async () => {
    const baseline = await loadBaseline(UPSTREAM_BASELINE_FILE)
    expect(baseline.entries.map((e) => e.rule)).toEqual(expectedFailingRules())
    for (const entry of baseline.entries)
      expect(entry).toMatchObject({
        reason: 'spec-dispute',
        kind: 'assertion',
        link: expect.stringMatching(/ADAPTER\.md#/),
        note: expect.stringMatching(/^upstream 0\.1\.1-rc\.2: /),
      })
  })
})

describe('compareWithExpected judges by the baseline', () => {
  const list: readonly ExpectedFailure[] = [{ rules: ['PRE-15'], kitRequires: 'k', upstreamDoes: 'u', seedPassage: { seed: '000', quote: 'q' } }]
  const report = (kind: string): GradeReport =>
    ({
      kit: { name: 'k', version: '0.1.0' },
      rules: [{ id: 'PRE-15', level: 'must', status: 'fail', tests: [{ name: '[PRE-15] t', outcome: 'fail', failure: { message: 'PRE-15 hung', kind } }] }],
      unattributedErrors: [],
    }) as unknown as GradeReport

  test('a listed rule failing of another kind than recorded fails the lane', () => {
    expect(compareWithExpected([report('assertion')], list).ok).toBe(true)
    const verdict = compareWithExpected([report('timeout')], list)
    expect(verdict.ok).toBe(false)
    expect(verdict.kindMismatch).toEqual(['PRE-15: recorded as assertion, failed as timeout in "[PRE-15] t"'])
  })

  test('a baseline passed in replaces the generated one', () => {
    const verdict = compareWithExpected([report('timeout')], list, { baselineVersion: '1', entries: [{ rule: 'PRE-15', reason: 'env', kind: 'timeout' }] })
    expect(verdict.ok).toBe(true)
  })

  test('a kind mismatch on a should rule is no kind mismatch of the lane (only must rules decide)', () => {
    const should = {
      ...report('assertion'),
      rules: [
        ...report('assertion').rules,
        { id: 'PRE-22', level: 'should', status: 'fail', tests: [{ name: '[PRE-22] t', outcome: 'fail', failure: { message: 'slow', kind: 'timeout' } }] },
      ],
    } as unknown as GradeReport
    const verdict = compareWithExpected([should], list, {
      baselineVersion: '1',
      entries: [
        { rule: 'PRE-15', reason: 'env', kind: 'assertion' },
        { rule: 'PRE-22', reason: 'env', kind: 'assertion' },
      ],
    })
    expect(verdict.kindMismatch).toEqual([])
    expect(verdict.shouldDeviations).toEqual(['PRE-22'])
  })
})
