/**
 * compareToBaseline on synthetic reports: new failures, stale entries,
 * --allow-stale, expiry by date and by kit version, kind mismatches, should
 * rules, rule versus test entries, entries with nothing to judge, and the
 * profile: which levels decide, and a baseline of another profile refused.
 */
import { describe, expect, test } from 'vitest'
import { UsageError } from '../errors.ts'
import { compareToBaseline } from './compare-baseline.ts'
import type { CompareOptions } from './compare-baseline.ts'
import { compareVersions } from './expiry.ts'
import { failureKindOf } from './failure-kind.ts'
import { fakeReport, testOf } from './test-support/test-report.ts'
import type { FakeRule, FakeTest } from './test-support/test-report.ts'
import type { Baseline, BaselineEntry } from './types.ts'

const baseline = (...entries: BaselineEntry[]): Baseline => ({ baselineVersion: '1', entries })
const rule = (id: string, kind: BaselineEntry['kind'] = 'assertion', extra: Partial<BaselineEntry> = {}): BaselineEntry =>
  ({ rule: id, reason: 'not-implemented', kind, ...extra }) as BaselineEntry
const testEntry = (name: string, kind: BaselineEntry['kind'] = 'assertion'): BaselineEntry => ({ test: name, reason: 'env', kind })

const failing = (id: string, ...tests: FakeRule['tests'] & object): FakeRule => ({
  id,
  status: 'fail',
  tests: tests.length > 0 ? tests : [{ name: testOf(id), outcome: 'fail' }],
})
const passing = (id: string): FakeRule => ({ id, status: 'pass', tests: [{ name: testOf(id), outcome: 'pass' }] })
const TODAY: CompareOptions = { today: '2026-12-02' }

describe('new failures', () => {
  test('a failing must rule with no entry is new, test by test, with the first line of each message and its kind', () => {
    const report = fakeReport([
      failing('FIN-02', { name: testOf('FIN-02', 1), outcome: 'fail' }, { name: testOf('FIN-02', 2), outcome: 'fail', kind: 'timeout' }),
      passing('REG-01'),
    ])
    const c = compareToBaseline(report, baseline(), TODAY)
    expect(c.ok).toBe(false)
    expect(c.newFailures).toEqual([
      { rule: 'FIN-02', level: 'must', test: '[FIN-02] t1', kind: 'assertion', message: '[FIN-02] t1 broke' },
      { rule: 'FIN-02', level: 'must', test: '[FIN-02] t2', kind: 'timeout', message: '[FIN-02] t2 broke' },
    ])
  })

  test('a must rule failing without a failing test is new as a crash, with its reason', () => {
    const c = compareToBaseline(fakeReport([{ id: 'FIN-02', status: 'fail', reason: 'the suite has no test for this rule' }]), baseline(), TODAY)
    expect(c.newFailures).toEqual([{ rule: 'FIN-02', level: 'must', kind: 'crash', message: 'the suite has no test for this rule' }])
    expect(compareToBaseline(fakeReport([{ id: 'FIN-02', status: 'fail' }]), baseline(rule('FIN-02', 'crash')), TODAY).ok).toBe(true)
  })

  test('a should failure is never new, and is covered when an entry names it', () => {
    const report = fakeReport([{ ...failing('PRE-22'), level: 'should' }])
    const bare = compareToBaseline(report, baseline(), TODAY)
    expect(bare.ok).toBe(true)
    expect(bare.newFailures).toEqual([])
    expect(compareToBaseline(report, baseline(rule('PRE-22')), TODAY).covered.map((f) => f.rule)).toEqual(['PRE-22'])
  })
})

describe('covered failures: rule and test entries', () => {
  test('a rule entry covers every failing test of its rule; the comparison is ok although must rules fail', () => {
    const report = fakeReport([
      failing('FIN-02', { name: testOf('FIN-02', 1), outcome: 'fail' }, { name: testOf('FIN-02', 2), outcome: 'fail' }),
      passing('REG-01'),
    ])
    const c = compareToBaseline(report, baseline(rule('FIN-02')), TODAY)
    expect(c.ok).toBe(true)
    expect(c.covered.map((f) => [f.test, f.by.index])).toEqual([
      ['[FIN-02] t1', 0],
      ['[FIN-02] t2', 0],
    ])
    expect([c.newFailures, c.stale, c.expired, c.kindMismatch, c.unmatched]).toEqual([[], [], [], [], []])
  })

  test('a test entry covers that test only, under every rule it is listed under', () => {
    const shared = '[FIN-02, RES-01] both'
    const report = fakeReport([
      failing('FIN-02', { name: shared, outcome: 'fail' }, { name: testOf('FIN-02', 2), outcome: 'fail' }),
      failing('RES-01', { name: shared, outcome: 'fail' }),
    ])
    const c = compareToBaseline(report, baseline(testEntry(shared)), TODAY)
    expect(c.covered.map((f) => `${f.rule} ${f.test}`)).toEqual([`FIN-02 ${shared}`, `RES-01 ${shared}`])
    expect(c.newFailures.map((f) => f.test)).toEqual(['[FIN-02] t2'])
    expect(c.ok).toBe(false)
  })

  test('a test entry takes precedence over the rule entry for its test', () => {
    const report = fakeReport([
      failing('FIN-02', { name: testOf('FIN-02', 1), outcome: 'fail', kind: 'timeout' }, { name: testOf('FIN-02', 2), outcome: 'fail' }),
    ])
    const c = compareToBaseline(report, baseline(rule('FIN-02'), testEntry(testOf('FIN-02', 1), 'timeout')), TODAY)
    expect(c.ok).toBe(true)
    expect(c.covered.map((f) => f.by.index)).toEqual([1, 0])
  })
})

describe('stale entries', () => {
  test('an entry whose rule passes is stale, and fails the comparison unless allowStale', () => {
    const report = fakeReport([failing('FIN-02'), passing('REG-01')])
    const strict = compareToBaseline(report, baseline(rule('FIN-02'), rule('REG-01')), TODAY)
    expect(strict.ok).toBe(false)
    expect(strict.stale).toEqual([{ index: 1, entry: rule('REG-01'), why: 'REG-01 passes now', decides: true, levels: ['must'] }])
    const lenient = compareToBaseline(report, baseline(rule('FIN-02'), rule('REG-01')), { ...TODAY, allowStale: true })
    expect(lenient.ok).toBe(true)
    expect(lenient.allowStale).toBe(true)
    expect(lenient.stale).toHaveLength(1)
  })

  test('a test entry is stale when its test passes everywhere it is listed; failing under one rule is enough to keep it', () => {
    const name = '[FIN-02, RES-01] both'
    const passes = fakeReport([{ id: 'FIN-02', status: 'pass', tests: [{ name, outcome: 'pass' }] }])
    expect(compareToBaseline(passes, baseline(testEntry(name)), TODAY).stale.map((s) => s.why)).toEqual(['the test passes now'])
    const split = fakeReport([{ id: 'FIN-02', status: 'pass', tests: [{ name, outcome: 'pass' }] }, failing('RES-01', { name, outcome: 'fail' })])
    const c = compareToBaseline(split, baseline(testEntry(name)), TODAY)
    expect(c.stale).toEqual([])
    expect(c.ok).toBe(true)
  })

  test('not-applicable, untestable, vacuous, ungraded rules and tests that did not run are unmatched, neither stale nor failing', () => {
    const report = fakeReport([
      { id: 'SCH-01', status: 'not-applicable', reason: 'the adapter does not declare scopes' },
      { id: 'GRD-01', status: 'vacuous' },
      { id: 'GRD-02', status: 'untestable' },
      { id: 'GRD-03', status: 'not-applicable', tests: [{ name: testOf('GRD-03'), outcome: 'not-applicable' }] },
    ])
    const entries = [rule('SCH-01'), rule('GRD-01'), rule('GRD-02'), rule('FIN-02'), testEntry(testOf('GRD-03')), testEntry('[GRD-04] renamed')]
    const c = compareToBaseline(report, baseline(...entries), TODAY)
    expect(c.ok).toBe(true)
    expect(c.stale).toEqual([])
    expect(c.unmatched.map((u) => u.why)).toEqual([
      'SCH-01 is not-applicable: the adapter does not declare scopes',
      'GRD-01 is vacuous',
      'GRD-02 is untestable',
      'FIN-02 was not graded (outside the --rules selection)',
      'the test did not run (not-applicable)',
      'no test of that name is in this report (not selected, or renamed)',
    ])
  })
})

describe('expiry', () => {
  const report = fakeReport([failing('FIN-02')], '0.3.0')
  const judge = (expires: BaselineEntry['expires'], options: CompareOptions = TODAY) =>
    compareToBaseline(report, baseline(rule('FIN-02', 'assertion', { expires })), options)

  test('by date: expired on and after the day, not before; the failure stays covered, not new', () => {
    expect(judge({ date: '2026-12-03' }).ok).toBe(true)
    const on = judge({ date: '2026-12-02' })
    expect(on.ok).toBe(false)
    expect(on.expired.map((e) => e.why)).toEqual(['it expired on 2026-12-02 (today is 2026-12-02)'])
    expect(on.newFailures).toEqual([])
    expect(on.covered).toHaveLength(1)
    expect(judge({ date: '2026-12-01' }).expired).toHaveLength(1)
    expect(judge({ date: '2026-12-02' }, { today: new Date('2026-12-01T23:59:59Z') }).ok, 'a Date is taken as its UTC day').toBe(true)
  })

  test("by kit version: expired when the kit's version is that or later, compared as numbers", () => {
    expect(judge({ kitVersion: '0.3.1' }).ok).toBe(true)
    expect(judge({ kitVersion: '0.10.0' }).ok).toBe(true)
    expect(judge({ kitVersion: '0.3.0' }).expired.map((e) => e.why)).toEqual(['it expired with kit version 0.3.0 (this kit is 0.3.0)'])
    expect(judge({ kitVersion: '0.2.9' }).ok).toBe(false)
    expect(judge({ kitVersion: '0.3.1' }, { ...TODAY, kitVersion: '1.0.0' }).ok, 'kitVersion option overrides the report').toBe(false)
  })

  test('compareVersions orders x.y.z numerically, a pre-release before its release', () => {
    expect(compareVersions('0.10.0', '0.9.9')).toBe(1)
    expect(compareVersions('1.2.3', '1.2.3')).toBe(0)
    expect(compareVersions('1.2.0-rc.1', '1.2.0')).toBe(-1)
    expect(compareVersions('1.2.0', '1.2.0-rc.1')).toBe(1)
    expect(compareVersions('dev', '1.0.0')).toBeUndefined()
  })

  test('pre-releases follow semver precedence: numeric identifiers as numbers, numbers before words, fewer identifiers first', () => {
    expect(compareVersions('0.1.0-rc.1', '0.1.0')).toBe(-1)
    expect(compareVersions('0.1.0-rc.2', '0.1.0-rc.10')).toBe(-1)
    expect(compareVersions('0.1.0-rc.10', '0.1.0-rc.2')).toBe(1)
    expect(compareVersions('0.1.0-1', '0.1.0-alpha')).toBe(-1)
    expect(compareVersions('0.1.0-alpha', '0.1.0-alpha.1')).toBe(-1)
    expect(compareVersions('0.1.0-beta', '0.1.0-alpha.9')).toBe(1)
    expect(compareVersions('0.1.0-rc.1+build.5', '0.1.0-rc.1')).toBe(0)
  })

  test('a pre-release kit version is earlier than its release: 0.1.0-rc.1 has not reached an entry expiring with 0.1.0', () => {
    const rc = fakeReport([failing('FIN-02')], '0.1.0-rc.1')
    expect(compareToBaseline(rc, baseline(rule('FIN-02', 'assertion', { expires: { kitVersion: '0.1.0' } })), TODAY).ok).toBe(true)
    const expired = compareToBaseline(rc, baseline(rule('FIN-02', 'assertion', { expires: { kitVersion: '0.1.0-rc.1' } })), TODAY)
    expect(expired.expired.map((e) => e.why)).toEqual(['it expired with kit version 0.1.0-rc.1 (this kit is 0.1.0-rc.1)'])
    expect(judge({ kitVersion: '0.3.0-rc.1' }).ok, 'the release 0.3.0 is past its own pre-release').toBe(false)
  })

  test('an entry recorded for a suite revision holds only while the grading kit has that revision', () => {
    const graded = (suiteRevision: string | undefined) => {
      const report = fakeReport([failing('FIN-02')], '0.3.0')
      return { ...report, kit: { ...report.kit, ...(suiteRevision === undefined ? {} : { suiteRevision }) } }
    }
    const entry = baseline(rule('FIN-02', 'assertion', { expires: { suiteRevision: 'sha256:0123456789ab' } }))
    expect(compareToBaseline(graded('sha256:0123456789ab'), entry, TODAY).ok).toBe(true)
    expect(compareToBaseline(graded('sha256:ba9876543210'), entry, TODAY).expired.map((e) => e.why)).toEqual([
      "it was recorded for suite revision sha256:0123456789ab (this kit's is sha256:ba9876543210)",
    ])
    expect(compareToBaseline(graded(undefined), entry, TODAY).ok, 'a report older than 1.11 has no revision to compare').toBe(true)
  })
})

describe('only must rules decide', () => {
  const shouldFailing = (id: string, kind: FakeTest['kind'] = 'assertion'): FakeRule => ({
    id,
    level: 'should',
    status: 'fail',
    tests: [{ name: testOf(id), outcome: 'fail', kind }],
  })

  test('a kind mismatch on a should rule is listed with decides false and does not fail the comparison; on a must rule it does', () => {
    const c = compareToBaseline(fakeReport([shouldFailing('PRE-22', 'timeout')]), baseline(rule('PRE-22', 'assertion')), TODAY)
    expect(c.ok).toBe(true)
    expect(c.kindMismatch.map((m) => [m.entry.rule, m.decides])).toEqual([['PRE-22', false]])
    const must = compareToBaseline(
      fakeReport([failing('FIN-02', { name: testOf('FIN-02'), outcome: 'fail', kind: 'timeout' })]),
      baseline(rule('FIN-02', 'assertion')),
      TODAY,
    )
    expect(must.kindMismatch.map((m) => m.decides)).toEqual([true])
    expect(must.ok).toBe(false)
  })

  test('a stale entry of a should rule (rule or test entry) is listed with decides false and does not fail the comparison', () => {
    const report = fakeReport([{ id: 'PRE-22', level: 'should', status: 'pass', tests: [{ name: testOf('PRE-22'), outcome: 'pass' }] }])
    const c = compareToBaseline(report, baseline(rule('PRE-22'), testEntry(testOf('PRE-22'))), TODAY)
    expect(c.stale.map((e) => [e.index, e.decides])).toEqual([
      [0, false],
      [1, false],
    ])
    expect(c.ok).toBe(true)
  })

  test('a test entry naming a must rule among should ones decides', () => {
    const name = '[PRE-22, FIN-02] both'
    const report = fakeReport([
      { id: 'PRE-22', level: 'should', status: 'pass', tests: [{ name, outcome: 'pass' }] },
      { id: 'FIN-02', status: 'pass', tests: [{ name, outcome: 'pass' }] },
    ])
    const c = compareToBaseline(report, baseline(testEntry(name)), TODAY)
    expect(c.stale.map((e) => e.decides)).toEqual([true])
    expect(c.ok).toBe(false)
  })

  test('an expired entry of a should rule does not fail the comparison; the level comes from the catalogue when the rule was not graded', () => {
    const expires = { date: '2020-01-01' }
    const c = compareToBaseline(fakeReport([shouldFailing('PRE-22')]), baseline(rule('PRE-22', 'assertion', { expires })), TODAY)
    expect(c.expired.map((e) => e.decides)).toEqual([false])
    expect(c.ok).toBe(true)
    const ungraded = compareToBaseline(fakeReport([]), baseline(rule('PRE-22', 'assertion', { expires }), rule('FIN-02', 'assertion', { expires })), TODAY)
    expect(ungraded.expired.map((e) => [e.entry.rule, e.decides])).toEqual([
      ['PRE-22', false],
      ['FIN-02', true],
    ])
    expect(ungraded.ok).toBe(false)
  })
})

describe('kind mismatches', () => {
  test('a failure of another kind than its entry records is a mismatch, not covered and not new', () => {
    const report = fakeReport([failing('FIN-02', { name: testOf('FIN-02'), outcome: 'fail', kind: 'timeout' })])
    const c = compareToBaseline(report, baseline(rule('FIN-02', 'assertion')), TODAY)
    expect(c.ok).toBe(false)
    expect(c.covered).toEqual([])
    expect(c.newFailures).toEqual([])
    expect(c.kindMismatch).toHaveLength(1)
    expect(c.kindMismatch[0]?.failures.map((f) => [f.test, f.kind])).toEqual([['[FIN-02] t1', 'timeout']])
  })

  test('a rule entry whose rule fails with several kinds mismatches on each kind it does not record', () => {
    const report = fakeReport([
      failing('FIN-02', { name: testOf('FIN-02', 1), outcome: 'fail' }, { name: testOf('FIN-02', 2), outcome: 'fail', kind: 'crash' }),
    ])
    const c = compareToBaseline(report, baseline(rule('FIN-02', 'assertion')), TODAY)
    expect(c.ok).toBe(false)
    expect(c.covered.map((f) => f.test)).toEqual(['[FIN-02] t1'])
    expect(c.kindMismatch[0]?.failures.map((f) => f.test)).toEqual(['[FIN-02] t2'])
  })

  test('a report without failure kinds (before format 1.8) has them inferred from the messages', () => {
    const old = fakeReport([
      failing('FIN-02', {
        name: testOf('FIN-02'),
        outcome: 'fail',
        kind: null,
        message: 'AdapterTimeoutError: FIN-02 (must; x): the test did not settle within 300 ms of waiting',
      }),
    ])
    expect(compareToBaseline(old, baseline(rule('FIN-02', 'timeout')), TODAY).ok).toBe(true)
    expect(failureKindOf({ message: 'the test never reported a result: its test worker crashed' })).toBe('crash')
    expect(failureKindOf({ message: 'an uncaught exception was raised while this test ran: boom' })).toBe('crash')
    expect(failureKindOf({ message: "the test did not finish within vitest's limit of 1900 ms" })).toBe('timeout')
    expect(failureKindOf({ message: 'FIN-02 (must; x): expected 1 to be 2' })).toBe('assertion')
    expect(failureKindOf({ message: 'the test never reported a result', kind: 'assertion' }), 'a recorded kind wins').toBe('assertion')
  })
})

describe('the profile decides which levels decide', () => {
  const upstreamFailing = (id: string, kind: FakeTest['kind'] = 'assertion'): FakeRule => ({
    id,
    level: 'upstream',
    status: 'fail',
    tests: [{ name: testOf(id), outcome: 'fail', kind }],
  })
  const upstreamPassing = (id: string): FakeRule => ({ id, level: 'upstream', status: 'pass', tests: [{ name: testOf(id), outcome: 'pass' }] })

  test('under spec, an upstream failure is never new, and its findings only inform', () => {
    const report = fakeReport([upstreamFailing('GRD-03', 'timeout'), upstreamPassing('REG-12')])
    const c = compareToBaseline(report, baseline(rule('GRD-03', 'assertion'), rule('REG-12')), TODAY)
    expect(c.profile).toBe('spec')
    expect(c.newFailures).toEqual([])
    expect(c.kindMismatch.map((m) => [m.entry.rule, m.decides, m.levels])).toEqual([['GRD-03', false, ['upstream']]])
    expect(c.stale.map((e) => [e.entry.rule, e.decides, e.levels])).toEqual([['REG-12', false, ['upstream']]])
    expect(c.ok).toBe(true)
    expect(compareToBaseline(report, baseline(), TODAY).ok, 'without entries too').toBe(true)
  })

  test('under upstream, an upstream failure no entry matches is new, and an upstream entry decides', () => {
    const report = fakeReport([upstreamFailing('GRD-03'), upstreamPassing('REG-12'), { ...failing('PRE-22'), level: 'should' }], '0.1.0', 'upstream')
    const bare = compareToBaseline(report, { ...baseline(), profile: 'upstream' }, TODAY)
    expect(bare.profile).toBe('upstream')
    expect(bare.newFailures.map((f) => [f.rule, f.level])).toEqual([['GRD-03', 'upstream']])
    expect(bare.ok).toBe(false)
    const recorded = compareToBaseline(report, { ...baseline(rule('GRD-03')), profile: 'upstream' }, TODAY)
    expect(recorded.ok).toBe(true)
    const stale = compareToBaseline(report, { ...baseline(rule('GRD-03'), rule('REG-12')), profile: 'upstream' }, TODAY)
    expect(stale.stale.map((e) => [e.entry.rule, e.decides])).toEqual([['REG-12', true]])
    expect(stale.ok).toBe(false)
  })

  test("a baseline written under another profile than the report's is refused, naming both", () => {
    const spec = fakeReport([passing('REG-01')])
    const upstream = fakeReport([passing('REG-01')], '0.1.0', 'upstream')
    expect(() => compareToBaseline(upstream, baseline(), TODAY)).toThrow(UsageError)
    expect(() => compareToBaseline(upstream, baseline(), TODAY)).toThrow(
      'the baseline was written under --profile spec, but this grade is under --profile upstream',
    )
    expect(() => compareToBaseline(spec, { ...baseline(), profile: 'upstream' }, TODAY)).toThrow(
      'the baseline was written under --profile upstream, but this grade is under --profile spec',
    )
    expect(compareToBaseline(spec, { ...baseline(), profile: 'spec' }, TODAY).ok, 'a spec baseline, named or not, judges a spec grade').toBe(true)
  })
})
