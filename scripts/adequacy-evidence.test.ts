import { describe, expect, it } from 'vitest'
import { killsByRule, rulesOfTestName } from './adequacy-evidence.ts'
import type { MutationReport } from './mutation-areas.ts'

const at = { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } }

describe('scripts/adequacy-evidence', () => {
  it('reads the rule IDs of a test name prefix, ignoring what is not a catalogue rule', () => {
    expect(rulesOfTestName('[POST-14, POST-07] E-17 no decision turns a failure into a success')).toEqual(['POST-14', 'POST-07'])
    expect(rulesOfTestName('[GRD-03] a guard')).toEqual(['GRD-03'])
    expect(rulesOfTestName('[NOPE-1] x')).toEqual([])
    expect(rulesOfTestName('no prefix')).toEqual([])
  })

  it('counts distinct killed mutants per rule, crediting every rule a killing test names', () => {
    const report: MutationReport = {
      testFiles: {
        'conformance/suite/grd.test.ts': {
          tests: [
            { id: 't1', name: '[GRD-01, GRD-02] first' },
            { id: 't2', name: '[GRD-01] second' },
            { id: 't3', name: '[VIS-09] never kills' },
          ],
        },
      },
      files: {
        'reference/pipeline/guards.ts': {
          mutants: [
            { id: '1', mutatorName: 'BlockStatement', status: 'Killed', location: at, killedBy: ['t1'] },
            {
              id: '2',
              mutatorName: 'BlockStatement',
              status: 'Killed',
              location: { start: { line: 2, column: 1 }, end: { line: 2, column: 2 } },
              killedBy: ['t1', 't2'],
            },
            { id: '3', mutatorName: 'BlockStatement', status: 'Survived', location: { start: { line: 3, column: 1 }, end: { line: 3, column: 2 } } },
          ],
        },
      },
    }
    expect(killsByRule(report)).toEqual({ 'GRD-01': 2, 'GRD-02': 2 })
  })

  it('merges a second report of the same code, counting a mutant once by position whatever its ID', () => {
    const wider = { start: at.start, end: { line: 1, column: 9 } }
    const first: MutationReport = {
      testFiles: { 'a.test.ts': { tests: [{ id: 't1', name: '[GRD-01] first' }] } },
      files: {
        'reference/x.ts': {
          mutants: [
            { id: '1', mutatorName: 'BlockStatement', status: 'Killed', location: at, killedBy: ['t1'] },
            { id: '2', mutatorName: 'StringLiteral', replacement: '""', status: 'Timeout', location: at },
            { id: '3', mutatorName: 'StringLiteral', replacement: '""', status: 'Survived', location: wider },
          ],
        },
      },
    }
    const second: MutationReport = {
      testFiles: { 'a.test.ts': { tests: [{ id: 'u9', name: '[GRD-01, VIS-09] second' }] } },
      files: {
        'reference/x.ts': {
          mutants: [
            { id: '77', mutatorName: 'BlockStatement', status: 'Killed', location: at, killedBy: ['u9'] },
            { id: '78', mutatorName: 'StringLiteral', replacement: '""', status: 'Killed', location: at, killedBy: ['u9'] },
            // Same start, wider range: a different mutant, which the main run saw survive.
            { id: '79', mutatorName: 'StringLiteral', replacement: '""', status: 'Killed', location: wider, killedBy: ['u9'] },
          ],
        },
      },
    }
    expect(killsByRule(first, second)).toEqual({ 'GRD-01': 2, 'VIS-09': 2 })
  })

  it('credits a later report only with mutants the main run detected, not ones it found not to compile', () => {
    const first: MutationReport = {
      testFiles: {},
      files: { 'reference/x.ts': { mutants: [{ id: '1', mutatorName: 'BlockStatement', status: 'CompileError', location: at }] } },
    }
    const second: MutationReport = {
      testFiles: { 'a.test.ts': { tests: [{ id: 'u9', name: '[GRD-01] second' }] } },
      files: { 'reference/x.ts': { mutants: [{ id: '5', mutatorName: 'BlockStatement', status: 'Killed', location: at, killedBy: ['u9'] }] } },
    }
    expect(killsByRule(first, second)).toEqual({})
  })
})
