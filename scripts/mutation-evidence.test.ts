import { describe, expect, it } from 'vitest'
import { ROUNDS, candidateRanges } from './mutation-evidence.ts'
import type { MutationReport, ReportMutant } from './mutation-areas.ts'

/** A mutant on line `line`, columns 5 to 9 (1-based, as Stryker's report counts them). */
function mutant(id: string, line: number, status: string, extra: Partial<ReportMutant> = {}): ReportMutant {
  return { id, mutatorName: 'BlockStatement', status, location: { start: { line, column: 5 }, end: { line, column: 9 } }, ...extra }
}

const report: MutationReport = {
  testFiles: {
    'conformance/suite/_kit/mutation-entry.ts': {
      tests: [
        { id: 'weak-test', name: '[SCH-03] the weak rule' },
        { id: 'other', name: '[GRD-01] another rule' },
      ],
    },
  },
  files: {
    'reference/projection.ts': {
      mutants: [
        mutant('1', 10, 'Killed', { coveredBy: ['weak-test', 'other'], killedBy: ['other'] }),
        mutant('2', 11, 'Survived', { coveredBy: ['weak-test'] }),
        mutant('3', 12, 'Killed', { coveredBy: ['other'], killedBy: ['other'] }),
        mutant('4', 13, 'Timeout', { coveredBy: ['weak-test'] }),
        mutant('5', 14, 'Killed', { static: true, killedBy: ['other'] }),
        mutant('6', 15, 'CompileError', { coveredBy: ['weak-test'] }),
        mutant('7', 16, 'Killed', { coveredBy: ['weak-test'], killedBy: ['weak-test'] }),
        // Its range holds the timed-out mutant 4.
        mutant('8', 13, 'Killed', {
          coveredBy: ['weak-test'],
          killedBy: ['other'],
          location: { start: { line: 12, column: 1 }, end: { line: 13, column: 20 } },
        }),
      ],
    },
  },
}

describe('scripts/mutation-evidence candidateRanges', () => {
  it("picks the killed mutants a weak rule's tests reach, then static ones, as 0-based-column ranges; never timeouts or survivors", () => {
    expect(candidateRanges(report, ['SCH-03'])).toEqual([
      'reference/projection.ts:10:4-10:8',
      'reference/projection.ts:14:4-14:8',
      'reference/projection.ts:16:4-16:8',
    ])
  })

  it('takes at most the given number per rule, the most specific first', () => {
    expect(candidateRanges(report, ['SCH-03'], 1)).toEqual(['reference/projection.ts:16:4-16:8'])
    expect(candidateRanges(report, ['SCH-03'], 2)).toEqual(['reference/projection.ts:10:4-10:8', 'reference/projection.ts:16:4-16:8'])
  })

  it('tries every one in the last round', () => {
    expect(candidateRanges(report, ['SCH-03'], ROUNDS.at(-1))).toEqual(candidateRanges(report, ['SCH-03'], 1_000))
    expect(ROUNDS.at(-1)).toBe(Number.POSITIVE_INFINITY)
  })

  it('leaves out a candidate whose range holds a mutant the main run timed out', () => {
    expect(candidateRanges(report, ['SCH-03'], 1_000)).not.toContain('reference/projection.ts:12:0-13:19')
    const without = {
      ...report,
      files: { 'reference/projection.ts': { mutants: report.files['reference/projection.ts']!.mutants.filter((m) => m.id !== '4') } },
    }
    expect(candidateRanges(without, ['SCH-03'], 1_000)).toContain('reference/projection.ts:12:0-13:19')
  })

  it('has nothing to try for a rule with no test in the report', () => {
    expect(candidateRanges(report, ['VIS-09'])).toEqual([])
  })
})
