/**
 * Grading logic on synthetic runs: rule statuses, attribution of stray
 * errors, tests that never reported, and the summary counts.
 */
import { describe, expect, test } from 'vitest'
import { RULES } from '../catalogue/index.ts'
import type { Profile, Rule } from '../catalogue/index.ts'
import { buildReport, ruleIdsOf } from './engine/build-report.ts'
import type { BuildReportInput } from './engine/build-report.ts'
import { KNOWN_FEATURES } from './engine/known-features.ts'
import type { RawTest, RawUnhandled, SuiteRun } from './engine/run-suite.ts'
import type { AdapterInfo } from './report.ts'

function pick(description: string, predicate: (rule: Rule) => boolean): Rule {
  const rule = RULES.find(predicate)
  if (rule === undefined) throw new Error(`the catalogue has no ${description}`)
  return rule
}

const plainMust = pick('plain must rule', (r) => r.level === 'must' && r.untestable === undefined && (r.requires ?? []).length === 0)
const otherMust = pick('second plain must rule', (r) => r !== plainMust && r.level === 'must' && r.untestable === undefined && (r.requires ?? []).length === 0)
const plainShould = pick('plain should rule', (r) => r.level === 'should' && r.untestable === undefined && (r.requires ?? []).length === 0)
const needsFeature = pick('rule that requires a feature', (r) => r.untestable === undefined && (r.requires ?? []).length > 0)
const untestable = pick('untestable rule', (r) => r.untestable !== undefined)
/** An upstream-level rule: a plain should rule relabelled, so the tests do not depend on which rules of the catalogue are upstream. */
const plainUpstream: Rule = {
  ...pick('second plain should rule', (r) => r !== plainShould && r.level === 'should' && r.untestable === undefined && (r.requires ?? []).length === 0),
  level: 'upstream',
}

const allFeatures = (value: boolean): AdapterInfo['features'] => Object.fromEntries(KNOWN_FEATURES.map((f) => [f, value])) as AdapterInfo['features']

function fileOf(rule: Rule): string {
  return `conformance/suite/${rule.area.toLowerCase()}.test.ts`
}

function rawTest(ids: readonly string[], state: RawTest['state'], extra: Partial<RawTest> = {}): RawTest {
  const file = extra.file ?? `conformance/suite/${(ids[0] ?? 'x').split('-')[0]!.toLowerCase()}.test.ts`
  return {
    moduleId: `/kit/${file}`,
    file,
    name: `[${ids.join(', ')}] ${extra.name ?? 'a test'}`,
    fullName: `[${ids.join(', ')}] a test`,
    state,
    metaRules: [...ids],
    durationMs: state === 'passed' || state === 'failed' ? 1.5 : null,
    errors: state === 'failed' ? [{ name: 'AssertionError', message: 'expected 1 to be 2', stack: 'AssertionError: expected\n    at somewhere' }] : [],
    ...extra,
  }
}

function input(rules: readonly Rule[], run: Partial<SuiteRun>, features = allFeatures(true), verbose = false, profile: Profile = 'spec'): BuildReportInput {
  return {
    rules,
    adapter: { name: 'test adapter', module: '/kit/adapter.ts', features },
    run: { tests: [], moduleProblems: [], unhandled: [], ...run },
    kit: { name: 'dsh-tools-tck', version: '0.0.0' },
    options: { rules: null, profile, timeoutMs: 1000, stallLimitMs: 120_000, verbose },
    runtime: { node: 'v20', vitest: '4', platform: 'linux-x64' },
    timing: { startedAt: '2020-01-01T00:00:00.000Z', durationMs: 1 },
    fixtures: { files: 0, validationTests: 0, unsupportedCases: 0 },
  }
}

describe('ruleIdsOf', () => {
  test('prefers task meta, falls back to the [IDs] prefix of the name', () => {
    expect(ruleIdsOf({ metaRules: ['GRD-02'], name: '[REG-01] x' })).toEqual(['GRD-02'])
    expect(ruleIdsOf({ name: '[REG-01, GRD-02] x' })).toEqual(['REG-01', 'GRD-02'])
    expect(ruleIdsOf({ name: 'no prefix' })).toEqual([])
  })
})

describe('rule status', () => {
  test('a rule whose tests all pass passes and carries no reason', () => {
    const report = buildReport(input([plainMust], { tests: [rawTest([plainMust.id], 'passed'), rawTest([plainMust.id], 'passed')] }))
    const [entry] = report.rules
    expect(entry?.status).toBe('pass')
    expect(entry?.reason).toBeUndefined()
    expect(entry?.tests.map((t) => t.outcome)).toEqual(['pass', 'pass'])
    expect(report.summary.conforms).toBe(true)
  })

  test('one failing test fails the rule; the failure keeps the assertion message but no stack unless verbose', () => {
    const run = { tests: [rawTest([plainMust.id], 'passed'), rawTest([plainMust.id], 'failed')] }
    const quiet = buildReport(input([plainMust], run))
    expect(quiet.rules[0]?.status).toBe('fail')
    expect(quiet.rules[0]?.reason).toBe('1 of its 2 tests failed')
    expect(quiet.rules[0]?.tests[1]?.failure).toEqual({ message: 'expected 1 to be 2', kind: 'assertion' })
    expect(quiet.summary.conforms).toBe(false)
    const loud = buildReport(input([plainMust], run, allFeatures(true), true))
    expect(loud.rules[0]?.tests[1]?.failure?.stack).toContain('at somewhere')
  })

  test('a rule no test checks fails with "the suite has no test for this rule"', () => {
    const report = buildReport(input([plainMust], { tests: [rawTest([otherMust.id], 'passed')] }))
    expect(report.rules[0]).toMatchObject({ status: 'fail', reason: 'the suite has no test for this rule', tests: [] })
  })

  test('a rule whose suite file failed to load names that failure', () => {
    const report = buildReport(input([plainMust], { moduleProblems: [{ file: fileOf(plainMust), message: 'SyntaxError: nope\nmore' }] }))
    expect(report.rules[0]?.reason).toBe('the suite has no test for this rule; its suite file failed: SyntaxError: nope')
    expect(report.unattributedErrors).toEqual([{ kind: 'suite-file', file: fileOf(plainMust), message: 'SyntaxError: nope\nmore' }])
  })

  test('a rule whose every test was skipped for missing features is not applicable, naming them', () => {
    const features = needsFeature.requires ?? []
    const report = buildReport(
      input([needsFeature], { tests: [rawTest([needsFeature.id], 'skipped', { missingFeatures: [...features] })] }, allFeatures(false)),
    )
    const [entry] = report.rules
    expect(entry?.status).toBe('not-applicable')
    expect(entry?.reason).toContain(`the adapter does not declare ${features[0]}`)
    expect(entry?.tests[0]).toMatchObject({ outcome: 'not-applicable', missingFeatures: features })
  })

  test('a rule that passed while some of its tests did not apply is marked partial, and counted', () => {
    const tests = [rawTest([plainMust.id], 'passed'), rawTest([plainMust.id], 'skipped', { missingFeatures: ['codedErrors'] })]
    const report = buildReport(input([plainMust], { tests }, allFeatures(false)))
    expect(report.rules[0]).toMatchObject({ status: 'pass', partial: '1 of its 2 tests did not run: the adapter does not declare codedErrors' })
    expect(report.rules[0]?.reason).toBeUndefined()
    expect(report.summary.partialPasses).toBe(1)
  })

  test('a rule whose property law passed vacuously is vacuous, not pass, and does not fail the registry', () => {
    const law = rawTest([plainMust.id], 'passed', { name: `[${plainMust.id}] E-99 a law`, vacuous: true })
    const report = buildReport(input([plainMust], { tests: [rawTest([plainMust.id], 'passed'), law] }))
    expect(report.rules[0]?.status).toBe('vacuous')
    expect(report.rules[0]?.reason).toContain('E-99 a law')
    expect(report.rules[0]?.tests[1]?.vacuous).toBe(true)
    expect(report.summary.must.vacuous).toBe(1)
    expect(report.summary.conforms).toBe(true)
  })

  test('a failing test outranks a vacuous law', () => {
    const law = rawTest([plainMust.id], 'passed', { vacuous: true })
    const report = buildReport(input([plainMust], { tests: [rawTest([plainMust.id], 'failed'), law] }))
    expect(report.rules[0]?.status).toBe('fail')
  })

  test('fixture-driven tests are counted in the fixture summary', () => {
    const tests = [rawTest([plainMust.id], 'passed', { name: `[${plainMust.id}] fixture validation/x.json#/0/tests/0: ok` }), rawTest([plainMust.id], 'passed')]
    const report = buildReport({ ...input([plainMust], { tests }), fixtures: { files: 1, validationTests: 1, unsupportedCases: 0 } })
    expect(report.summary.fixtures).toEqual({
      files: 1,
      validationTests: 1,
      unsupportedCases: 0,
      tests: { total: 1, pass: 1, fail: 0, notApplicable: 0, skipped: 0 },
    })
  })

  test('a rule requiring an undeclared feature is not applicable even without tests', () => {
    const report = buildReport(input([needsFeature], {}, allFeatures(false)))
    expect(report.rules[0]?.status).toBe('not-applicable')
  })

  test('an untestable rule is untestable with the catalogue reason, whatever its tests did', () => {
    const report = buildReport(input([untestable], { tests: [rawTest([untestable.id], 'failed')] }))
    expect(report.rules[0]).toMatchObject({ status: 'untestable', reason: untestable.untestable })
  })

  test('a failing should rule does not fail the registry', () => {
    const report = buildReport(input([plainMust, plainShould], { tests: [rawTest([plainMust.id], 'passed'), rawTest([plainShould.id], 'failed')] }))
    expect(report.rules.map((r) => r.status)).toEqual(['pass', 'fail'])
    expect(report.summary.conforms).toBe(true)
    expect(report.summary.should.fail).toBe(1)
  })

  test('a test checking two rules is listed under both and counted once', () => {
    const report = buildReport(input([plainMust, otherMust], { tests: [rawTest([plainMust.id, otherMust.id], 'failed')] }))
    expect(report.rules.map((r) => r.tests.length)).toEqual([1, 1])
    expect(report.summary.tests).toEqual({ total: 1, pass: 0, fail: 1, notApplicable: 0, skipped: 0 })
  })

  test('only selected rules are reported', () => {
    const report = buildReport(input([otherMust], { tests: [rawTest([plainMust.id], 'failed'), rawTest([otherMust.id], 'passed')] }))
    expect(report.rules.map((r) => r.id)).toEqual([otherMust.id])
    expect(report.summary.conforms).toBe(true)
  })
})

describe('tests that never reported, stray errors', () => {
  test('a pending test fails with a message saying it never reported, and the abort reason is kept', () => {
    const report = buildReport(input([plainMust], { tests: [rawTest([plainMust.id], 'pending')], aborted: 'the run was stopped' }))
    expect(report.rules[0]?.status).toBe('fail')
    expect(report.rules[0]?.tests[0]?.failure?.message).toBe('the test never reported a result: the run was stopped')
    expect(report.unattributedErrors).toEqual([{ kind: 'run', message: 'the run was stopped' }])
  })

  test('a stray worker error naming a test fails that test, even one that passed', () => {
    const test1 = rawTest([plainMust.id], 'passed')
    const stray: RawUnhandled = { origin: 'worker', type: 'Uncaught Exception', error: { message: 'boom' }, moduleId: test1.moduleId, testName: test1.name }
    const report = buildReport(input([plainMust], { tests: [test1], unhandled: [stray] }))
    expect(report.rules[0]?.status).toBe('fail')
    expect(report.rules[0]?.tests[0]?.failure?.message).toBe('an uncaught exception was raised while this test ran: boom')
    expect(report.unattributedErrors).toEqual([])
  })

  test('stray errors without a known test are listed as unattributed, by kind', () => {
    const unhandled: RawUnhandled[] = [
      { origin: 'worker', type: 'Unhandled Rejection', error: { message: 'late' } },
      { origin: 'worker', type: 'Unhandled Error', error: { message: '[vitest-pool]: Worker threads emitted error.' } },
      { origin: 'main', type: 'Unhandled Rejection', error: { message: 'from a timer' } },
      { origin: 'worker', type: 'Uncaught Exception', error: { message: 'gone' }, testName: 'a test that does not exist' },
    ]
    const report = buildReport(input([plainMust], { tests: [rawTest([plainMust.id], 'passed')], unhandled }))
    expect(report.unattributedErrors.map((e) => e.kind)).toEqual(['unhandled-rejection', 'test-worker', 'main-process', 'uncaught-exception'])
    expect(report.unattributedErrors[3]?.test).toBe('a test that does not exist')
    expect(report.summary.unattributedErrors).toBe(4)
    expect(report.rules[0]?.status).toBe('pass')
  })

  test('a failing suite test without a rule prefix is reported as unmapped', () => {
    const stray = { ...rawTest([], 'failed'), name: 'a helper test', metaRules: undefined } as RawTest
    const report = buildReport(input([plainMust], { tests: [stray, rawTest([plainMust.id], 'passed')] }))
    expect(report.unattributedErrors).toEqual([{ kind: 'unmapped-test', message: 'expected 1 to be 2', file: stray.file, test: 'a helper test' }])
  })

  test("a test stopped by a kit defect judges nothing: set aside, reported as the kit's error, never failing the rule", () => {
    const defect = rawTest([plainMust.id], 'failed', { errors: [{ name: 'KitDefectError', message: 'kit defect: the test used scope()' }] })
    const alone = buildReport(input([plainMust], { tests: [defect] }))
    expect(alone.rules[0]?.status, 'a rule with only that test').toBe('untestable')
    expect(alone.rules[0]?.tests[0]).toMatchObject({ outcome: 'skipped', kitDefect: true })
    expect(alone.summary.conforms).toBe(true)
    expect(alone.unattributedErrors).toEqual([
      { kind: 'kit-defect', message: 'KitDefectError: kit defect: the test used scope()', file: defect.file, test: defect.name },
    ])
    const withOthers = buildReport(input([plainMust], { tests: [defect, rawTest([plainMust.id], 'passed', { name: 'another' })] }))
    expect(withOthers.rules[0]?.status, 'judged on its other tests').toBe('pass')
    const mixed = rawTest([plainMust.id], 'failed', {
      errors: [
        { name: 'KitDefectError', message: 'kit defect' },
        { name: 'AssertionError', message: 'expected 1 to be 2' },
      ],
    })
    expect(buildReport(input([plainMust], { tests: [mixed] })).rules[0]?.status, 'any other error still fails').toBe('fail')
  })

  test("vitest's own timeout message is reworded for graders", () => {
    const timedOut = rawTest([plainMust.id], 'failed', {
      errors: [{ name: 'Error', message: 'Test timed out in 1900ms.\nIf this is a long-running test, pass a timeout value as the last argument' }],
    })
    const report = buildReport(input([plainMust], { tests: [timedOut] }))
    expect(report.rules[0]?.tests[0]?.failure?.message).toMatch(/^the test did not finish within vitest's limit of 1900 ms/)
  })
})

describe('failures marked with the rules they concern (forRules)', () => {
  const marked = (rules: readonly string[] | undefined, message = 'expected [] to deeply equal [ 1 ]'): RawTest['errors'][number] => ({
    name: 'AssertionError',
    message,
    ...(rules === undefined ? {} : { rules }),
  })
  const twoRules = (errors: RawTest['errors']): RawTest => rawTest([plainMust.id, otherMust.id], 'failed', { errors })

  test('a test whose failure is marked for one of its rules fails that rule only and passes under the other', () => {
    const report = buildReport(input([plainMust, otherMust], { tests: [twoRules([marked([otherMust.id])])] }))
    expect(report.rules.map((r) => r.status)).toEqual(['pass', 'fail'])
    const [under, failing] = report.rules.map((r) => r.tests[0])
    expect(under).toMatchObject({ outcome: 'pass', failedRules: [otherMust.id] })
    expect(under?.failure).toBeUndefined()
    expect(failing).toMatchObject({ outcome: 'fail', failedRules: [otherMust.id], failure: { message: 'expected [] to deeply equal [ 1 ]' } })
    expect(report.summary.tests, 'the test still counts as one failed test').toEqual({ total: 1, pass: 0, fail: 1, notApplicable: 0, skipped: 0 })
  })

  test('an unmarked error among marked ones, or a mark naming every rule, fails every rule without failedRules', () => {
    for (const errors of [[marked([otherMust.id]), marked(undefined)], [marked([plainMust.id, otherMust.id])], [marked(['GRD-999'])]]) {
      const report = buildReport(input([plainMust, otherMust], { tests: [twoRules(errors)] }))
      expect(report.rules.map((r) => r.status)).toEqual(['fail', 'fail'])
      expect(report.rules[0]?.tests[0]?.failedRules).toBeUndefined()
    }
  })

  test('a failed precondition fails its owner and leaves the test blocked, not passed, under its own rule', () => {
    const blocked = { ...marked([otherMust.id], 'blocked: a precondition owned by X failed'), blockedBy: otherMust.id }
    const report = buildReport(input([plainMust, otherMust], { tests: [twoRules([blocked])] }))
    expect(report.rules.map((r) => r.status)).toEqual(['blocked', 'fail'])
    expect(report.rules[0]?.reason).toMatch(new RegExp(`^blocked by ${otherMust.id}: its test stopped on a failed precondition`))
    expect(report.rules[0]?.tests[0]).toMatchObject({ outcome: 'skipped', blockedBy: otherMust.id })
    expect(report.rules[0]?.tests[0]?.failure).toBeUndefined()
    expect(report.rules[1]?.tests[0]).toMatchObject({ outcome: 'fail', failedRules: [otherMust.id] })
    expect(report.summary.must).toMatchObject({ pass: 0, fail: 1, blocked: 1 })
    expect(report.summary.conforms).toBe(false)
    // The blocker fails in the same grade: no kit defect.
    expect(report.unattributedErrors).toEqual([])
    // A blocked test never counts as a pass (issue 39): a rule whose other tests pass is still blocked, not met.
    const withPass = buildReport(input([plainMust, otherMust], { tests: [twoRules([blocked]), rawTest([plainMust.id], 'passed')] }))
    expect(withPass.rules[0]).toMatchObject({ status: 'blocked', reason: expect.stringContaining(`blocked by ${otherMust.id}: 1 of its 2 tests stopped`) })
    expect(withPass.rules[0]?.partial).toBeUndefined()
    // A failure of its own comes first: the rule fails.
    const ownFailure = buildReport(input([plainMust, otherMust], { tests: [twoRules([blocked]), rawTest([plainMust.id], 'failed')] }))
    expect(ownFailure.rules.map((r) => r.status)).toEqual(['fail', 'fail'])
    // A blocker mark that is not among the rules the failure concerns is an ordinary marked failure.
    const odd = buildReport(input([plainMust, otherMust], { tests: [twoRules([{ ...marked([otherMust.id]), blockedBy: plainMust.id }])] }))
    expect(odd.rules.map((r) => r.status)).toEqual(['pass', 'fail'])
    // An incidental check that failed before the precondition did fails its rule too; the test stays blocked under its own.
    const alsoIncidental = rawTest([plainMust.id, otherMust.id, plainShould.id], 'failed', {
      errors: [{ ...marked([plainShould.id, otherMust.id], 'blocked'), blockedBy: otherMust.id }],
    })
    const both = buildReport(input([plainMust, otherMust, plainShould], { tests: [alsoIncidental] }))
    expect(Object.fromEntries(both.rules.map((r) => [r.id, r.status]))).toEqual({ [plainMust.id]: 'blocked', [otherMust.id]: 'fail', [plainShould.id]: 'fail' })
  })

  test('a blocked rule of a level that does not decide leaves the verdict to the levels that do', () => {
    const blocked = { ...marked([otherMust.id], 'blocked'), blockedBy: otherMust.id }
    const shouldTest = rawTest([plainShould.id, otherMust.id], 'failed', { errors: [blocked] })
    const report = buildReport(input([plainShould, otherMust], { tests: [shouldTest] }))
    expect(report.rules.map((r) => r.status)).toEqual(['blocked', 'fail'])
    expect(report.summary.should.blocked).toBe(1)
  })

  test('a test blocked by a rule that does not fail in the same grade is a kit defect, named loudly', () => {
    const blocked = { ...marked([otherMust.id], 'blocked'), blockedBy: otherMust.id }
    // The blocker's test failed under it, so it can only not fail through a status that overrides its tests: here untestable.
    const untestableBlocker = { ...otherMust, untestable: 'made untestable for this test' }
    const report = buildReport(input([plainMust, untestableBlocker], { tests: [twoRules([blocked])] }))
    expect(report.rules.map((r) => r.status)).toEqual(['blocked', 'untestable'])
    expect(report.unattributedErrors).toEqual([
      expect.objectContaining({
        kind: 'kit-defect',
        blockedBy: otherMust.id,
        test: report.rules[0]?.tests[0]?.name,
        message: expect.stringContaining(`blocked by ${otherMust.id}, but ${otherMust.id} is untestable in this grade`),
      }),
    ])
    expect(report.summary.unattributedErrors).toBe(1)
    // A blocker outside the selection is not checked: its failure shows on the test, and the blocked rule fails the verdict.
    const outside = buildReport(input([plainMust], { tests: [twoRules([blocked])] }))
    expect(outside.rules.map((r) => r.status)).toEqual(['blocked'])
    expect(outside.unattributedErrors).toEqual([])
    expect(outside.summary.conforms).toBe(false)
  })

  test('marks of several errors add up', () => {
    const third = pick(
      'third plain must rule',
      (r) => r !== plainMust && r !== otherMust && r.level === 'must' && r.untestable === undefined && (r.requires ?? []).length === 0,
    )
    const test3 = rawTest([plainMust.id, otherMust.id, third.id], 'failed', { errors: [marked([otherMust.id]), marked([third.id])] })
    const report = buildReport(input([plainMust, otherMust, third], { tests: [test3] }))
    expect(report.rules.map((r) => r.status)).toEqual(['pass', 'fail', 'fail'])
  })

  test('a stray error charged to the test concerns every rule, whatever the marks', () => {
    const test1 = twoRules([marked([otherMust.id])])
    const stray: RawUnhandled = { origin: 'worker', type: 'Unhandled Rejection', error: { message: 'late' }, moduleId: test1.moduleId, testName: test1.name }
    const report = buildReport(input([plainMust, otherMust], { tests: [test1], unhandled: [stray] }))
    expect(report.rules.map((r) => r.status)).toEqual(['fail', 'fail'])
  })
})

describe('slow tests', () => {
  test('tests that ran longer than the budget are listed slowest first, whatever their outcome, and change no verdict', () => {
    const tests = [
      rawTest([plainMust.id], 'passed', { name: 'quick', durationMs: 999 }),
      rawTest([plainMust.id], 'passed', { name: 'slow', durationMs: 1500 }),
      rawTest([otherMust.id], 'failed', { name: 'slower', durationMs: 20_000 }),
      rawTest([plainShould.id], 'passed', { name: 'not selected', durationMs: 50_000 }),
    ]
    const report = buildReport(input([plainMust, otherMust], { tests }))
    expect(report.slowTests).toEqual([
      { name: 'slower', file: fileOf(otherMust), outcome: 'fail', durationMs: 20_000 },
      { name: 'slow', file: fileOf(plainMust), outcome: 'pass', durationMs: 1500 },
    ])
    expect(report.summary.slowTests).toBe(2)
    expect(report.rules[0]?.status).toBe('pass')
  })

  test('none: an empty list', () => {
    const report = buildReport(input([plainMust], { tests: [rawTest([plainMust.id], 'passed')] }))
    expect(report.slowTests).toEqual([])
    expect(report.summary.slowTests).toBe(0)
  })
})

describe('summary', () => {
  test('counts by level and by area follow the rule statuses', () => {
    const report = buildReport(
      input([plainMust, otherMust, plainShould, untestable], {
        tests: [rawTest([plainMust.id], 'passed'), rawTest([otherMust.id], 'failed'), rawTest([plainShould.id], 'passed')],
      }),
    )
    const { must, should } = report.summary
    expect(must.pass + must.fail + must.vacuous + must.notApplicable + must.untestable).toBe(must.rules)
    expect(should.pass + should.fail + should.vacuous + should.notApplicable + should.untestable).toBe(should.rules)
    expect(must.fail).toBe(1)
    const perArea = report.summary.areas.reduce((sum, a) => sum + a.must.rules + (a.upstream?.rules ?? 0) + a.should.rules, 0)
    expect(perArea).toBe(4)
  })

  test('upstream-level rules are counted apart, in the summary and per area', () => {
    const report = buildReport(
      input([plainMust, plainUpstream, plainShould], {
        tests: [rawTest([plainMust.id], 'passed'), rawTest([plainUpstream.id], 'failed'), rawTest([plainShould.id], 'passed')],
      }),
    )
    expect(report.summary.upstream).toEqual({ rules: 1, pass: 0, fail: 1, vacuous: 0, blocked: 0, notApplicable: 0, untestable: 0 })
    expect(report.summary.must.rules + report.summary.should.rules).toBe(2)
    const area = report.summary.areas.find((a) => a.area === plainUpstream.area)
    expect(area?.upstream?.fail).toBe(1)
    for (const a of report.summary.areas) expect(a.upstream, `${a.area} has upstream counts`).toBeDefined()
  })
})

describe('the profile decides which levels fail the registry', () => {
  const run = { tests: [rawTest([plainMust.id], 'passed'), rawTest([plainUpstream.id], 'failed'), rawTest([plainShould.id], 'failed')] }
  const graded = (profile: Profile) => buildReport(input([plainMust, plainUpstream, plainShould], run, allFeatures(true), false, profile))

  test('a report with an upstream-level failure conforms under spec and not under upstream; the profile is recorded', () => {
    expect(graded('spec').summary.conforms).toBe(true)
    expect(graded('spec').options.profile).toBe('spec')
    expect(graded('upstream').summary.conforms).toBe(false)
    expect(graded('upstream').options.profile).toBe('upstream')
    expect(
      graded('upstream').rules.map((r) => r.status),
      'the statuses do not depend on the profile',
    ).toEqual(graded('spec').rules.map((r) => r.status))
  })

  test('a should-level failure fails under neither; a must failure under both', () => {
    const shouldOnly = (profile: Profile) =>
      buildReport(
        input([plainMust, plainShould], { tests: [rawTest([plainMust.id], 'passed'), rawTest([plainShould.id], 'failed')] }, allFeatures(true), false, profile),
      )
    expect([shouldOnly('spec').summary.conforms, shouldOnly('upstream').summary.conforms]).toEqual([true, true])
    const mustFails = (profile: Profile) =>
      buildReport(
        input(
          [plainMust, plainUpstream],
          { tests: [rawTest([plainMust.id], 'failed'), rawTest([plainUpstream.id], 'passed')] },
          allFeatures(true),
          false,
          profile,
        ),
      )
    expect([mustFails('spec').summary.conforms, mustFails('upstream').summary.conforms]).toEqual([false, false])
  })
})

describe('failure.at: the assertion in the kit test file', () => {
  const frames = (...lines: string[]): string => ['AssertionError: expected 1 to be 2', ...lines].join('\n')
  const at = (stack: string, extra: Partial<RawTest> = {}): string | undefined =>
    buildReport(input([plainMust], { tests: [rawTest([plainMust.id], 'failed', { errors: [{ message: 'no', stack }], ...extra })] })).rules[0]?.tests[0]
      ?.failure?.at

  test('the first frame in a suite or property test file, relative to the kit root, skipping _kit helpers and dependencies', () => {
    const stack = frames(
      '    at /kit/node_modules/@vitest/expect/dist/index.js:10:5',
      '    at check (/kit/conformance/suite/_kit/check.ts:40:7)',
      `    at /kit/${fileOf(plainMust)}:120:9`,
      '    at /kit/conformance/suite/other.test.ts:5:1',
    )
    expect(at(stack)).toBe(`${fileOf(plainMust)}:120`)
    expect(at(frames('    at Object.run (file:///kit/properties/_kit/law.ts:9:1)', '    at file:///kit/properties/policy.test.ts:87:5'))).toBe(
      'properties/policy.test.ts:87',
    )
  })

  test('absent when no frame is in a kit test file, or the file is outside the kit root', () => {
    expect(at(frames('    at /kit/reference/registry.ts:10:1', '    at /kit/properties/_kit/law.ts:3:3'))).toBeUndefined()
    expect(at(frames(`    at /elsewhere/${fileOf(plainMust)}:1:1`))).toBeUndefined()
    expect(at('Error: a stack with no frame')).toBeUndefined()
  })
})

describe('failure.kind', () => {
  const kindOf = (raw: RawTest, extra: Partial<SuiteRun> = {}): string | undefined =>
    buildReport(input([plainMust], { tests: [raw], ...extra })).rules[0]?.tests[0]?.failure?.kind

  test('an assertion or a thrown error is an assertion; a budget error or vitest timeout is a timeout', () => {
    expect(kindOf(rawTest([plainMust.id], 'failed'))).toBe('assertion')
    expect(kindOf(rawTest([plainMust.id], 'failed', { errors: [{ name: 'TypeError', message: 'x is not a function' }] }))).toBe('assertion')
    expect(
      kindOf(rawTest([plainMust.id], 'failed', { errors: [{ name: 'AdapterTimeoutError', message: 'the test did not settle within 300 ms of waiting' }] })),
    ).toBe('timeout')
    expect(kindOf(rawTest([plainMust.id], 'failed', { errors: [{ name: 'Error', message: 'Test timed out in 1900ms.' }] }))).toBe('timeout')
  })

  test('a test that never reported, or passed but was hit by a stray error, is a crash', () => {
    expect(kindOf(rawTest([plainMust.id], 'pending'), { aborted: 'the run was stopped' })).toBe('crash')
    const passed = rawTest([plainMust.id], 'passed')
    const stray: RawUnhandled = { origin: 'worker', type: 'Uncaught Exception', error: { message: 'boom' }, moduleId: passed.moduleId, testName: passed.name }
    expect(kindOf(passed, { unhandled: [stray] })).toBe('crash')
  })
})
