/**
 * conformance() with `types` and `report`: the type rules run as tests of
 * this file, and at its end the graded JSON report is written, as
 * `grade --json` writes it (checked against the report schema).
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, test } from 'vitest'
import reference from '../../reference/adapter.ts'
import type { GradeReport } from '../grade/report.ts'
import { loadReport } from '../grade/load-report.ts'
import { conformance } from './conformance.ts'

const folder = mkdtempSync(join(tmpdir(), 'dsh-tck-embedded-report-'))
const types = fileURLToPath(new URL('../../reference/index.ts', import.meta.url))

// Registered first, so it runs after conformance()'s own end-of-file hook, which writes the report.
afterAll(async () => {
  // loadReport() checks the file against report.schema.json and names the first violation.
  const report: GradeReport = await loadReport(join(folder, 'out', 'report.json'), folder)
  expect(report.options.profile).toBe('spec')
  expect(report.options.types).toBe(types)
  const status = Object.fromEntries(report.rules.map((rule) => [rule.id, rule.status]))
  expect(status).toEqual({ 'GRD-03': 'pass', 'TYP-01': 'pass' })
  expect(report.rules.find((rule) => rule.id === 'TYP-01')?.tests.length).toBeGreaterThan(0)
  expect(report.summary.conforms).toBe(true)
})

await conformance(reference, { rules: ['GRD-03', 'TYP-01'], types, report: 'out/report.json', cwd: folder })

test('the type rules are declared as tests of this file, named as in a grade report', ({ task }) => {
  const names = task.file.tasks.map((t) => t.name)
  expect(names.some((name) => /^\[TYP-01\] type expectations of /.test(name))).toBe(true)
})
