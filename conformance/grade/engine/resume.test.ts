/** Resuming a grade after a lost worker (resume.ts): which files run again, and a merge that neither loses nor doubles a test. */
import { expect, test } from 'vitest'
import { mergeResumed, reportedKey, resumeAfter } from './resume.ts'
import type { RawTest, Runaway, SuiteRun } from './run-suite.ts'

const t = (file: string, name: string, state: RawTest['state']): RawTest => ({
  moduleId: `/kit/${file}`,
  file,
  name,
  fullName: name,
  state,
  durationMs: null,
  errors: [],
})
const lost: Runaway = { test: 'b', what: 'the test', cause: 'spun', detail: 'kept computing' }

const earlier: SuiteRun = {
  tests: [t('one.test.ts', 'a', 'passed'), t('one.test.ts', 'b', 'pending'), t('one.test.ts', 'c', 'pending'), t('two.test.ts', 'd', 'failed')],
  moduleProblems: [{ file: 'three.test.ts', message: 'the suite file never ran: its test worker stopped before collecting it' }],
  unhandled: [],
  runaways: [lost],
  files: ['four.test.ts', 'one.test.ts', 'three.test.ts', 'two.test.ts'],
}

test('a run with a loss charged to a test resumes the files left unreported, never ran, or silent, knowing what was reported', () => {
  expect(resumeAfter(earlier)).toEqual({
    files: ['four.test.ts', 'one.test.ts', 'three.test.ts'],
    runaways: [lost],
    reported: [reportedKey('one.test.ts', 'a')],
  })
})

test('no resume without a new loss charged to a test', () => {
  expect(resumeAfter({ ...earlier, runaways: [] })).toBeUndefined()
  expect(resumeAfter({ ...earlier, runaways: [{ ...lost, test: '' }] })).toBeUndefined()
  expect(resumeAfter({ ...earlier, resumedRunaways: 1 })).toBeUndefined()
})

test('the merge keeps every earlier result, replaces only pending ones the resumed run reported, and adds what only it has', () => {
  const resume = resumeAfter(earlier)!
  const resumed: SuiteRun = {
    // a: skipped as reported; b: failed at once as lost; c: never reached again (a second loss); four: collected now.
    tests: [t('one.test.ts', 'a', 'skipped'), t('one.test.ts', 'b', 'failed'), t('one.test.ts', 'c', 'pending'), t('four.test.ts', 'e', 'passed')],
    moduleProblems: [{ file: 'three.test.ts', message: 'the suite file never ran: its test worker stopped before collecting it' }],
    unhandled: [],
    runaways: [{ ...lost, test: 'c' }],
    aborted: undefined,
  }
  const merged = mergeResumed(earlier, resumed, resume)
  expect(merged.tests.map((test) => `${test.file} ${test.name} ${test.state}`)).toEqual([
    'four.test.ts e passed',
    'one.test.ts a passed',
    'one.test.ts b failed',
    'one.test.ts c pending',
    'two.test.ts d failed',
  ])
  // The problem of a file the resumed run did not collect either stays, once.
  expect(merged.moduleProblems).toHaveLength(1)
  expect(merged.runaways).toHaveLength(2)
  expect(merged.resumedRunaways).toBe(1)
  expect(resumeAfter(merged)?.files).toEqual(['one.test.ts', 'three.test.ts'])
})

test("an earlier run's abort is kept unless the resumed run has its own", () => {
  const resume = resumeAfter(earlier)!
  const quiet: SuiteRun = { tests: [], moduleProblems: [], unhandled: [] }
  expect(mergeResumed({ ...earlier, aborted: 'stopped' }, quiet, resume).aborted).toBe('stopped')
  expect(mergeResumed({ ...earlier, aborted: 'stopped' }, { ...quiet, aborted: 'again' }, resume).aborted).toBe('again')
  expect(mergeResumed(earlier, quiet, resume).aborted).toBeUndefined()
})
