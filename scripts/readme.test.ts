/**
 * The README's evidence figures are rendered from the committed evidence
 * (scripts/internal/readme-blocks.ts): a stale block fails here, and
 * `npm run readme` rewrites it.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { ReadmeBlockError, applyReadmeBlocks, renderMutationTable, renderReadmeBlocks } from './internal/readme-blocks.ts'
import type { Evidence } from '../conformance/adequacy/evidence.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

test("the README's generated blocks match the committed evidence (else run `npm run readme`)", () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8')
  expect(readme, 'README.md has stale generated blocks: run `npm run readme`').toBe(applyReadmeBlocks(readme, renderReadmeBlocks(root)))
})

test('a block whose markers are missing is named in the error', () => {
  expect(() => applyReadmeBlocks('no markers here', new Map([['kit-counts', 'x']]))).toThrow(ReadmeBlockError)
  expect(() => applyReadmeBlocks('no markers here', new Map([['kit-counts', 'x']]))).toThrow(/"kit-counts"/)
})

test('the mutation table reports unaccounted survivors and per-area scores from the evidence', () => {
  const evidence: Evidence = {
    mutationReportAt: '2026-01-01T00:00:00.000Z',
    mutation: {
      mutants: 10,
      killed: 6,
      timeout: 1,
      survived: 1,
      noCoverage: 0,
      compileErrors: 1,
      score: 87.5,
      strictScore: 77.78,
      strykerScore: 70,
      equivalent: 1,
      unspecified: 1,
      unobservable: 0,
      areas: { REG: 100, VIS: 50, SCH: null },
    },
    mutantsKilled: {},
    gallery: {},
  }
  const table = renderMutationTable(evidence, [])
  expect(table).toContain('| survivors not accounted for | 1 (1 survived, 0 not covered) |')
  expect(table).toContain('**77.78%** overall; REG 100%, VIS 50.00% (TYP is graded by the tsd suites, not by mutants)')
  expect(renderMutationTable({ ...evidence, mutation: null }, [])).toContain('No mutation run recorded')
})
