/**
 * updateBaseline / formatBaseline: the baseline a report implies under its
 * profile, keeping what a person wrote in the previous file; and the
 * console section.
 */
import { describe, expect, test } from 'vitest'
import { compareToBaseline } from './compare-baseline.ts'
import { parseBaseline } from './load-baseline.ts'
import { renderBaselineComparison } from './render-baseline.ts'
import { fakeReport, testOf } from './test-support/test-report.ts'
import type { Baseline } from './types.ts'
import { formatBaseline, planBaselineUpdate, updateBaseline } from './update-baseline.ts'

const report = fakeReport([
  { id: 'REG-01', status: 'pass', tests: [{ name: testOf('REG-01'), outcome: 'pass' }] },
  {
    id: 'FIN-02',
    status: 'fail',
    tests: [
      { name: testOf('FIN-02', 1), outcome: 'fail', kind: 'timeout' },
      { name: testOf('FIN-02', 2), outcome: 'fail', kind: 'timeout' },
    ],
  },
  { id: 'PRE-22', level: 'should', status: 'fail', tests: [{ name: testOf('PRE-22'), outcome: 'fail' }] },
  {
    id: 'GRD-07',
    status: 'fail',
    tests: [
      { name: testOf('GRD-07', 1), outcome: 'fail' },
      { name: testOf('GRD-07', 2), outcome: 'fail', kind: 'crash' },
      { name: testOf('GRD-07', 3), outcome: 'pass' },
    ],
  },
  { id: 'ARG-04', status: 'fail', reason: 'the suite has no test for this rule' },
])

describe('updateBaseline', () => {
  test('one entry per failing must rule in catalogue order, its kind from its failures; a rule of mixed kinds gets test entries', () => {
    expect(updateBaseline(report)).toEqual({
      baselineVersion: '1',
      profile: 'spec',
      entries: [
        { rule: 'ARG-04', reason: 'not-implemented', kind: 'crash' },
        { test: '[GRD-07] t1', reason: 'not-implemented', kind: 'assertion' },
        { test: '[GRD-07] t2', reason: 'not-implemented', kind: 'crash' },
        { rule: 'FIN-02', reason: 'not-implemented', kind: 'timeout' },
      ],
    })
  })

  test('keeps reason, link, expires and note of the previous entry for the same rule or test, and drops entries that no longer fail', () => {
    const previous: Baseline = {
      baselineVersion: '1',
      entries: [
        { rule: 'FIN-02', reason: 'spec-dispute', kind: 'assertion', link: 'https://example.org/1', expires: { date: '2027-01-01' }, note: 'finalize order' },
        { rule: 'GRD-07', reason: 'env', kind: 'assertion', note: 'from the rule' },
        { test: '[GRD-07] t2', reason: 'spec-dispute', kind: 'crash' },
        { rule: 'REG-01', reason: 'env', kind: 'assertion' },
      ],
    }
    expect(updateBaseline(report, previous).entries).toEqual([
      { rule: 'ARG-04', reason: 'not-implemented', kind: 'crash' },
      { rule: 'GRD-07', reason: 'env', kind: 'assertion', note: 'from the rule' },
      { test: '[GRD-07] t2', reason: 'spec-dispute', kind: 'crash' },
      { rule: 'FIN-02', reason: 'spec-dispute', kind: 'timeout', link: 'https://example.org/1', expires: { date: '2027-01-01' }, note: 'finalize order' },
    ])
  })

  test('an existing test entry of a failing test stays a test entry, with its fields and the kind it fails with now', () => {
    const previous: Baseline = {
      baselineVersion: '1',
      entries: [
        { test: '[FIN-02] t1', reason: 'env', kind: 'assertion', link: 'https://example.org/2', expires: { kitVersion: '0.2.0' }, note: 'slow CI' },
        { rule: 'FIN-02', reason: 'spec-dispute', kind: 'timeout' },
      ],
    }
    expect(updateBaseline(report, previous).entries.filter((e) => e.rule === 'FIN-02' || e.test?.startsWith('[FIN-02]'))).toEqual([
      { rule: 'FIN-02', reason: 'spec-dispute', kind: 'timeout' },
      { test: '[FIN-02] t1', reason: 'env', kind: 'timeout', link: 'https://example.org/2', expires: { kitVersion: '0.2.0' }, note: 'slow CI' },
    ])
    const onlyTests: Baseline = {
      baselineVersion: '1',
      entries: [
        { test: '[FIN-02] t1', reason: 'env', kind: 'timeout' },
        { test: '[FIN-02] t2', reason: 'env', kind: 'timeout' },
      ],
    }
    expect(
      updateBaseline(report, onlyTests).entries.filter((e) => e.rule === 'FIN-02' || e.test?.startsWith('[FIN-02]')),
      'no rule entry when every failing test has its own',
    ).toEqual(onlyTests.entries)
  })

  test('with --rules: entries of rules not graded, and of should rules, are kept unchanged; the counts say what was kept and dropped', () => {
    const previous: Baseline = {
      baselineVersion: '1',
      entries: [
        { rule: 'SCH-01', reason: 'spec-dispute', kind: 'timeout', note: 'not graded this time' },
        { test: '[CTX-01, CTX-02] t', reason: 'env', kind: 'crash' },
        { rule: 'PRE-22', reason: 'env', kind: 'timeout', note: 'a should rule' },
        { rule: 'REG-01', reason: 'env', kind: 'assertion' },
        { test: '[GRD-07] t3', reason: 'env', kind: 'assertion' },
        { rule: 'FIN-02', reason: 'env', kind: 'timeout' },
      ],
    }
    const update = planBaselineUpdate(report, previous)
    expect(update.baseline.entries).toEqual([
      { rule: 'SCH-01', reason: 'spec-dispute', kind: 'timeout', note: 'not graded this time' },
      { rule: 'ARG-04', reason: 'not-implemented', kind: 'crash' },
      { rule: 'PRE-22', reason: 'env', kind: 'timeout', note: 'a should rule' },
      { test: '[GRD-07] t1', reason: 'not-implemented', kind: 'assertion' },
      { test: '[GRD-07] t2', reason: 'not-implemented', kind: 'crash' },
      { rule: 'FIN-02', reason: 'env', kind: 'timeout' },
      { test: '[CTX-01, CTX-02] t', reason: 'env', kind: 'crash' },
    ])
    expect([update.keptNotGraded, update.keptNotDeciding, update.dropped]).toEqual([2, 1, 2])
    expect(compareToBaseline(report, update.baseline, { today: '2026-12-02' }).ok, 'kept entries never fail the comparison').toBe(true)
  })

  test('comparing the report with the baseline it implies is ok', () => {
    expect(compareToBaseline(report, updateBaseline(report), { today: '2026-12-02' }).ok).toBe(true)
  })

  test('the baseline records the profile; under upstream, failing upstream rules get entries too, and under spec their entries are kept unchanged', () => {
    const rules = [
      { id: 'FIN-02', status: 'fail', tests: [{ name: testOf('FIN-02'), outcome: 'fail' }] },
      { id: 'GRD-03', level: 'upstream', status: 'fail', tests: [{ name: testOf('GRD-03'), outcome: 'fail', kind: 'timeout' }] },
      { id: 'PRE-22', level: 'should', status: 'fail', tests: [{ name: testOf('PRE-22'), outcome: 'fail' }] },
    ] as const
    const strict = fakeReport(rules, '0.1.0', 'upstream')
    const written = updateBaseline(strict)
    expect(written).toEqual({
      baselineVersion: '1',
      profile: 'upstream',
      entries: [
        { rule: 'GRD-03', reason: 'not-implemented', kind: 'timeout' },
        { rule: 'FIN-02', reason: 'not-implemented', kind: 'assertion' },
      ],
    })
    expect(compareToBaseline(strict, written, { today: '2026-12-02' }).ok).toBe(true)
    expect(formatBaseline(written)).toMatch(/^\{\n {2}"baselineVersion": "1",\n {2}"profile": "upstream",\n {2}"entries": \[/)
    // Rewritten under spec: the upstream entry no longer decides, so it is kept as it was.
    const lenient = planBaselineUpdate(fakeReport(rules), { ...written, entries: [...written.entries, { rule: 'GRD-05', reason: 'env', kind: 'crash' }] })
    expect(lenient.baseline.profile).toBe('spec')
    expect(lenient.baseline.entries.map((e) => e.rule)).toEqual(['GRD-03', 'GRD-05', 'FIN-02'])
    expect([lenient.keptNotGraded, lenient.keptNotDeciding, lenient.dropped]).toEqual([1, 1, 0])
  })
})

describe('formatBaseline', () => {
  test('pretty JSON with a trailing newline, fields in schema order, that loads back unchanged', () => {
    const baseline: Baseline = { baselineVersion: '1', entries: [{ note: 'n', kind: 'crash', reason: 'env', rule: 'FIN-02' } as Baseline['entries'][number]] }
    const text = formatBaseline(baseline)
    expect(text).toBe(
      '{\n  "baselineVersion": "1",\n  "entries": [\n    {\n      "rule": "FIN-02",\n      "reason": "env",\n      "kind": "crash",\n      "note": "n"\n    }\n  ]\n}\n',
    )
    expect(parseBaseline(text, 'b.json')).toEqual(baseline)
    expect(formatBaseline(updateBaseline(report))).toBe(formatBaseline(parseBaseline(formatBaseline(updateBaseline(report)), 'b.json')))
  })
})

describe('renderBaselineComparison', () => {
  test('names each new, mismatched, expired, stale and unmatched entry with why, and ends with the verdict', () => {
    const baseline: Baseline = {
      baselineVersion: '1',
      entries: [
        { rule: 'FIN-02', reason: 'env', kind: 'assertion' },
        { rule: 'REG-01', reason: 'env', kind: 'assertion', expires: { date: '2020-01-01' } },
        { rule: 'SCH-01', reason: 'env', kind: 'assertion' },
      ],
    }
    const text = renderBaselineComparison(compareToBaseline(report, baseline, { today: '2026-12-02' }), 'ci/baseline.json')
    const lines = text.trimEnd().split('\n')
    expect(lines[1]).toBe('Baseline ci/baseline.json: 0 known failures as recorded')
    expect(text).toContain('  NEW       GRD-07 "[GRD-07] t1": [GRD-07] t1 broke (assertion)')
    expect(text).toContain('  NEW       ARG-04 (no failing test): the suite has no test for this rule (crash)')
    expect(text).toContain('  KIND      entries[0] (FIN-02): recorded as assertion, but FIN-02 "[FIN-02] t1" failed as timeout: [FIN-02] t1 broke')
    expect(text).toContain('  EXPIRED   entries[1] (REG-01): it expired on 2020-01-01 (today is 2026-12-02); fix the failure or extend "expires"')
    expect(text).toContain('  STALE     entries[1] (REG-01): REG-01 passes now; remove the entry')
    expect(text).toContain('  UNMATCHED entries[2] (SCH-01): SCH-01 was not graded (outside the --rules selection) (not judged)')
    expect(lines.at(-1)).toBe('BASELINE FAIL: 3 new, 1 of another kind, 1 expired, 1 stale')
    const ok = renderBaselineComparison(compareToBaseline(report, updateBaseline(report), { today: '2026-12-02' }), 'b.json')
    expect(ok.trimEnd().split('\n').at(-1)).toBe('BASELINE OK: every must failure is in the baseline')
  })

  test("NEW and KIND lines quote the message's first line only, cut to 160 characters, without the rule prefix, naming another rule's check as such", () => {
    const shared = '[FIN-02, RES-01] both'
    const long = `FIN-02 (must; README § Finalize (order)): ${'x'.repeat(300)}\nsecond line`
    const prefixed = fakeReport([
      {
        id: 'FIN-02',
        status: 'fail',
        tests: [{ name: shared, outcome: 'fail', message: 'FIN-02 (must; README § Finalize): expected 1 to be 2\n- Expected\n+ Received' }],
      },
      {
        id: 'RES-01',
        status: 'fail',
        tests: [
          { name: shared, outcome: 'fail', kind: 'timeout', message: 'FIN-02 (must; README § Finalize): expected 1 to be 2\nmore' },
          { name: testOf('RES-01', 2), outcome: 'fail', message: long },
        ],
      },
    ])
    const text = renderBaselineComparison(
      compareToBaseline(prefixed, { baselineVersion: '1', entries: [{ rule: 'RES-01', reason: 'env', kind: 'assertion' }] }, { today: '2026-12-02' }),
      'b.json',
    )
    expect(text).toContain('  NEW       FIN-02 "[FIN-02, RES-01] both": expected 1 to be 2 (assertion)\n')
    expect(text).toContain(
      `  KIND      entries[0] (RES-01): recorded as assertion, but RES-01 "[FIN-02, RES-01] both" failed as timeout: in FIN-02's check: expected 1 to be 2\n`,
    )
    expect(text).not.toContain('second line')
    const cut = renderBaselineComparison(compareToBaseline(prefixed, { baselineVersion: '1', entries: [] }, { today: '2026-12-02' }), 'b.json')
    const line = cut.split('\n').find((l) => l.includes('"[RES-01] t2"')) ?? ''
    expect(line).toBe(`  NEW       RES-01 "[RES-01] t2": in FIN-02's check: ${'x'.repeat(160 - 1 - "in FIN-02's check: ".length)}… (assertion)`)
  })

  test('under spec, a finding on an upstream rule is information only; under upstream it decides, and the verdict names both levels', () => {
    const upstreamPasses = (profile: 'spec' | 'upstream') =>
      fakeReport([{ id: 'GRD-03', level: 'upstream', status: 'pass', tests: [{ name: testOf('GRD-03'), outcome: 'pass' }] }], '0.1.0', profile)
    const entry = { rule: 'GRD-03', reason: 'env', kind: 'assertion' } as const
    const spec = renderBaselineComparison(
      compareToBaseline(upstreamPasses('spec'), { baselineVersion: '1', entries: [entry] }, { today: '2026-12-02' }),
      'b.json',
    )
    expect(spec).toContain('  STALE     entries[0] (GRD-03): GRD-03 passes now; remove the entry (upstream rule: information only under --profile spec)\n')
    expect(spec.trimEnd().split('\n').at(-1)).toBe('BASELINE OK: every must failure is in the baseline')
    const strict = renderBaselineComparison(
      compareToBaseline(upstreamPasses('upstream'), { baselineVersion: '1', profile: 'upstream', entries: [entry] }, { today: '2026-12-02' }),
      'b.json',
    )
    expect(strict).toContain('  STALE     entries[0] (GRD-03): GRD-03 passes now; remove the entry\n')
    expect(strict.trimEnd().split('\n').at(-1)).toBe('BASELINE FAIL: 1 stale')
    const ok = renderBaselineComparison(
      compareToBaseline(upstreamPasses('upstream'), { baselineVersion: '1', profile: 'upstream', entries: [] }, { today: '2026-12-02' }),
      'b.json',
    )
    expect(ok.trimEnd().split('\n').at(-1)).toBe('BASELINE OK: every must and upstream failure is in the baseline')
  })

  test('a finding on a should rule is marked as information and not counted in the verdict', () => {
    const should = fakeReport([{ id: 'PRE-22', level: 'should', status: 'pass', tests: [{ name: testOf('PRE-22'), outcome: 'pass' }] }])
    const text = renderBaselineComparison(
      compareToBaseline(
        should,
        { baselineVersion: '1', entries: [{ rule: 'PRE-22', reason: 'env', kind: 'assertion', expires: { date: '2020-01-01' } }] },
        { today: '2026-12-02' },
      ),
      'b.json',
    )
    expect(text).toContain('  STALE     entries[0] (PRE-22): PRE-22 passes now; remove the entry (should rule: information only)\n')
    expect(text).toContain('"expires" (should rule: information only)\n')
    expect(text.trimEnd().split('\n').at(-1)).toBe('BASELINE OK: every must failure is in the baseline')
  })
})
