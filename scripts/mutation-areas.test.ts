import { describe, expect, it } from 'vitest'
import { AREAS, AREA_TABLE, areaOf, formatSummary, sourceText, summarize, topLevelDeclarations, type MutationReport } from './mutation-areas.ts'

const resultsSource = [
  '/** ERR-02 */', // 1
  'export function errorMessage(thrown: unknown): string {', // 2
  '  return String(thrown)', // 3
  '}', // 4
  'export function denialResult(reason: unknown) {', // 5
  '  return { isError: true, reason }', // 6
  '}', // 7
  "export const ABORTED_MESSAGE = 'tool call aborted'", // 8
  'export function withContexts(result: object) {', // 9
  '  return result', // 10
  '}', // 11
].join('\n')

const at = (line: number, column = 3) => ({ start: { line, column }, end: { line, column: column + 1 } })

/** A tiny hand-made report in the mutation-testing-report-schema shape. */
const report: MutationReport & { schemaVersion: string; thresholds: object } = {
  schemaVersion: '1',
  thresholds: { high: 80, low: 60 },
  files: {
    'reference/pipeline/guards.ts': {
      source: 'export function evaluateGuards() {}\n',
      mutants: [
        { id: '1', mutatorName: 'ConditionalExpression', status: 'Killed', location: at(1) },
        { id: '2', mutatorName: 'BlockStatement', status: 'Killed', location: at(1) },
        { id: '3', mutatorName: 'BooleanLiteral', status: 'Timeout', location: at(1) },
        { id: '4', mutatorName: 'EqualityOperator', replacement: 'a <= b', status: 'Survived', location: at(1, 10) },
      ],
    },
    '/repo/reference/pipeline/results.ts': {
      source: resultsSource,
      mutants: [
        { id: '5', mutatorName: 'StringLiteral', status: 'Killed', location: at(3) }, // ERR (errorMessage)
        { id: '6', mutatorName: 'ObjectLiteral', status: 'NoCoverage', location: at(6) }, // PRE (denialResult)
        { id: '7', mutatorName: 'StringLiteral', status: 'Survived', location: at(8) }, // CAN (ABORTED_MESSAGE)
        { id: '8', mutatorName: 'BlockStatement', status: 'CompileError', location: at(10) }, // CTX, not scored
      ],
    },
    'reference/brand-new.ts': {
      mutants: [{ id: '9', mutatorName: 'BlockStatement', status: 'Killed', location: at(1) }],
    },
  },
}

describe('scripts/mutation-areas', () => {
  it('finds top-level declarations with their lines', () => {
    expect(topLevelDeclarations(resultsSource).map((d) => `${d.name}@${d.line}`)).toEqual([
      'errorMessage@2',
      'denialResult@5',
      'ABORTED_MESSAGE@8',
      'withContexts@9',
    ])
  })

  it('maps a mutant by file, then by the declaration that encloses its line', () => {
    expect(areaOf('reference/pipeline/guards.ts', 1, undefined)).toBe('GRD')
    expect(areaOf('reference/pipeline/results.ts', 3, resultsSource)).toBe('ERR')
    expect(areaOf('reference/pipeline/results.ts', 6, resultsSource)).toBe('PRE')
    expect(areaOf('reference/pipeline/results.ts', 8, resultsSource)).toBe('CAN')
    expect(areaOf('reference/pipeline/results.ts', 10, resultsSource)).toBe('CTX')
    expect(areaOf('reference/unknown.ts', 1, '')).toBe('?')
  })

  it('scores each area as Stryker does and lists the undetected mutants', () => {
    const summary = summarize(report, '/repo', AREA_TABLE, [])
    const byArea = Object.fromEntries(summary.areas.map((a) => [a.area, a]))
    expect(byArea.GRD).toMatchObject({ killed: 2, timeout: 1, survived: 1, noCoverage: 0, score: 75 })
    expect(byArea.ERR).toMatchObject({ killed: 1, score: 100 })
    expect(byArea.PRE).toMatchObject({ noCoverage: 1, score: 0 })
    expect(byArea.CTX).toMatchObject({ other: 1, score: undefined })
    expect(byArea.VIS!.score).toBeUndefined()
    expect(byArea['?']).toMatchObject({ killed: 1, score: 100 })
    expect(summary.areas.map((a) => a.area)).toEqual([...AREAS, '?'])
    // 5 detected (4 killed + 1 timeout... plus the unmapped kill) of 8 scored mutants
    expect(summary.total).toMatchObject({ killed: 4, timeout: 1, survived: 2, noCoverage: 1, other: 1 })
    expect(summary.total.score).toBeCloseTo(62.5)
    expect(summary.survivors).toEqual([
      { area: 'CAN', file: 'reference/pipeline/results.ts', line: 8, column: 3, mutator: 'StringLiteral', status: 'Survived', replacement: undefined },
      { area: 'GRD', file: 'reference/pipeline/guards.ts', line: 1, column: 10, mutator: 'EqualityOperator', status: 'Survived', replacement: 'a <= b' },
      { area: 'PRE', file: 'reference/pipeline/results.ts', line: 6, column: 3, mutator: 'ObjectLiteral', status: 'NoCoverage', replacement: undefined },
    ])
    const text = formatSummary(summary)
    expect(text).toMatch(/^GRD\s+75\.00%\s+75\.00%\s+2\s+1\s+1\s+0\s+0\s+0\s+0\s+0$/m)
    expect(text).toContain('reference/pipeline/guards.ts:1:10  EqualityOperator  -> "a <= b"')
    expect(text).toContain('reference/pipeline/results.ts:6:3  ObjectLiteral (no coverage)')
  })

  it('takes survivors listed as equivalent out of the score and reports entries that match nothing', () => {
    const source = report.files['reference/pipeline/guards.ts']!.source!
    const original = sourceText(source, { line: 1, column: 10 }, { line: 1, column: 11 })
    const listed = {
      kind: 'equivalent' as const,
      file: 'reference/pipeline/guards.ts',
      mutator: 'EqualityOperator',
      original,
      replacement: 'a <= b',
      reason: 'test entry',
    }
    const stale = { ...listed, original: 'not in the file', reason: 'stale entry' }
    const summary = summarize(report, '/repo', AREA_TABLE, [listed, stale])
    const grd = summary.areas.find((a) => a.area === 'GRD')!
    expect(grd).toMatchObject({ killed: 2, timeout: 1, survived: 0, equivalent: 1, unspecified: 0, score: 100, strictScore: 100 })
    expect(summary.survivors.map((s) => s.area)).toEqual(['CAN', 'PRE'])
    expect(summary.staleEquivalents).toEqual([stale])
    expect(formatSummary(summary)).toContain('equivalence entries matching no surviving mutant')
  })

  it('leaves an unspecified survivor out of the score but counts it in the strict score', () => {
    const source = report.files['reference/pipeline/guards.ts']!.source!
    const original = sourceText(source, { line: 1, column: 10 }, { line: 1, column: 11 })
    const listed = {
      kind: 'unspecified' as const,
      file: 'reference/pipeline/guards.ts',
      mutator: 'EqualityOperator',
      original,
      replacement: 'a <= b',
      reason: 'test entry',
    }
    const grd = summarize(report, '/repo', AREA_TABLE, [listed]).areas.find((a) => a.area === 'GRD')!
    expect(grd).toMatchObject({ killed: 2, timeout: 1, survived: 0, equivalent: 0, unspecified: 1, score: 100, strictScore: 75 })
  })

  it('leaves an unobservable survivor out of both scores, in a column of its own', () => {
    const source = report.files['reference/pipeline/guards.ts']!.source!
    const original = sourceText(source, { line: 1, column: 10 }, { line: 1, column: 11 })
    const listed = {
      kind: 'unobservable' as const,
      file: 'reference/pipeline/guards.ts',
      mutator: 'EqualityOperator',
      original,
      replacement: 'a <= b',
      reason: 'test entry',
    }
    const summary = summarize(report, '/repo', AREA_TABLE, [listed])
    const grd = summary.areas.find((a) => a.area === 'GRD')!
    expect(grd).toMatchObject({ killed: 2, timeout: 1, survived: 0, equivalent: 0, unspecified: 0, unobservable: 1, score: 100, strictScore: 100 })
    expect(formatSummary(summary)).toMatch(/^area\s.*\sunobs\s+other$/m)
  })

  it('reads the source text a mutant replaces, within a line and across lines', () => {
    const source = 'const a = 1\nif (x) {\n  y()\n}\n'
    expect(sourceText(source, { line: 1, column: 11 }, { line: 1, column: 12 })).toBe('1')
    expect(sourceText(source, { line: 2, column: 8 }, { line: 4, column: 2 })).toBe('{\n  y()\n}')
  })

  it('knows every area-bearing reference file it claims to, with valid areas', () => {
    for (const [file, entry] of Object.entries(AREA_TABLE)) {
      expect(file).toMatch(/^reference\/.+\.ts$/)
      expect(AREAS).toContain(entry.area)
      for (const area of Object.values(entry.declarations ?? {})) expect(AREAS).toContain(area)
    }
  })
})
