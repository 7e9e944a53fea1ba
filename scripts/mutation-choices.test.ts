import { describe, expect, it } from 'vitest'
import { choiceGroups, mergeChoiceReports, rangesLeft, undetectedRanges } from './mutation-choices.ts'
import type { MutationReport, ReportMutant } from './mutation-areas.ts'

const at = (line: number, column: number, endColumn: number): ReportMutant['location'] => ({
  start: { line, column },
  end: { line, column: endColumn },
})
const mutant = (id: string, status: string, line: number, extra: Partial<ReportMutant> = {}): ReportMutant => ({
  id,
  mutatorName: 'BlockStatement',
  replacement: '{}',
  status,
  location: at(line, 3, 9),
  ...extra,
})

describe('the choices pass of npm run mutation', () => {
  it('runs every fixtures/choices group', () => {
    expect(choiceGroups()).toContain('fixtures/choices/other-side.ts')
    expect(choiceGroups().every((group) => /^fixtures\/choices\/other-side(-[a-z0-9-]+)?\.ts$/.test(group))).toBe(true)
  })

  it('asks Stryker for the uncovered mutants and the survivors in code that consults choices, with 0-based columns', () => {
    const report: MutationReport = {
      files: {
        'reference/a.ts': {
          mutants: [mutant('1', 'NoCoverage', 4), mutant('2', 'Killed', 5), mutant('3', 'Survived', 6), mutant('4', 'Survived', 7)],
        },
        'reference/b.ts': { mutants: [mutant('6', 'NoCoverage', 1), mutant('7', 'Survived', 2)] },
        'reference/c.ts': { mutants: [mutant('8', 'Survived', 1)] },
        'reference/d.ts': { mutants: [mutant('9', 'Survived', 2)] },
        'reference/choices.ts': { mutants: [mutant('5', 'Survived', 1)] },
      },
    }
    // a.ts consults choices on line 6, so its survivor on line 7 (a flag only that side reads, say) may differ under a
    // group too; c.ts reads an option copied off them, d.ts a parameter carrying one; b.ts none of them, so its
    // survivor runs the same under every group.
    const sources: Record<string, readonly string[]> = {
      'reference/a.ts': ['', '', '', '', 'b', 'if (choices?.x) c', 'd'],
      'reference/b.ts': ['a', 'b'],
      'reference/c.ts': ["walk.emptyEnum === 'accepted'"],
      'reference/d.ts': ['x', 'ordinaryOnly && e'],
    }
    expect(undetectedRanges(report, (file) => sources[file] ?? [])).toEqual([
      'reference/a.ts:4:2-4:8',
      'reference/a.ts:6:2-6:8',
      'reference/a.ts:7:2-7:8',
      'reference/b.ts:1:2-1:8',
      'reference/c.ts:1:2-1:8',
      'reference/choices.ts:1:2-1:8',
      'reference/d.ts:2:2-2:8',
    ])
  })

  it('gives each undetected mutant the strongest status a group gave it, with that group’s tests renamed', () => {
    const main: MutationReport = {
      files: { 'reference/a.ts': { mutants: [mutant('1', 'NoCoverage', 4), mutant('2', 'NoCoverage', 6), mutant('3', 'Survived', 8)] } },
      testFiles: { 'suite.test.ts': { tests: [{ id: '0', name: '[ARG-01] main' }] } },
    }
    const survived: MutationReport = {
      files: { 'reference/a.ts': { mutants: [mutant('9', 'Survived', 4, { coveredBy: ['0'] }), mutant('8', 'NoCoverage', 6)] } },
      testFiles: { 'suite.test.ts': { tests: [{ id: '0', name: '[VIS-01] a' }] } },
    }
    const killed: MutationReport = {
      files: {
        'reference/a.ts': {
          mutants: [mutant('5', 'Killed', 4, { killedBy: ['1'], coveredBy: ['1'] }), mutant('6', 'Killed', 8, { killedBy: ['1'] })],
        },
      },
      testFiles: { 'suite.test.ts': { tests: [{ id: '1', name: '[GRD-02] b' }] } },
    }
    const changed = mergeChoiceReports(main, [
      { name: 'other-side', report: survived },
      { name: 'other-side-opa', report: killed },
    ])
    const [first, second, third] = main.files['reference/a.ts']!.mutants
    expect(first).toMatchObject({ status: 'Killed', killedBy: ['other-side-opa#1'] })
    expect(second?.status).toBe('NoCoverage')
    // A survivor of the main run that a group kills is killed.
    expect(third).toMatchObject({ status: 'Killed', killedBy: ['other-side-opa#1'] })
    expect(main.testFiles?.['suite.test.ts (other-side-opa)']?.tests).toEqual([{ id: 'other-side-opa#1', name: '[GRD-02] b (other-side-opa)' }])
    expect(changed).toEqual({ Killed: 2 })
  })

  it('runs a later group only on the ranges whose undetected mutants no earlier group killed', () => {
    const main: MutationReport = {
      files: {
        'reference/a.ts': {
          mutants: [
            mutant('1', 'NoCoverage', 4),
            mutant('2', 'NoCoverage', 4, { mutatorName: 'StringLiteral', replacement: '""' }),
            mutant('3', 'Survived', 6),
            mutant('4', 'NoCoverage', 8),
          ],
        },
      },
    }
    const ranges = ['reference/a.ts:4:2-4:8', 'reference/a.ts:6:2-6:8', 'reference/a.ts:8:2-8:8']
    const first: MutationReport = {
      files: {
        'reference/a.ts': {
          mutants: [mutant('7', 'Killed', 4), mutant('8', 'Timeout', 6), mutant('9', 'Survived', 8)],
        },
      },
    }
    expect(rangesLeft(ranges, main, [])).toEqual(ranges)
    // Line 4 holds a second mutant no group has killed yet; line 6's only one timed out; line 8's survived.
    expect(rangesLeft(ranges, main, [first])).toEqual(['reference/a.ts:4:2-4:8', 'reference/a.ts:8:2-8:8'])
  })
})
