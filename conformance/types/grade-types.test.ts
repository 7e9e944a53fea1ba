/**
 * The type rules in the grading report: graded with tsd's diagnostics as the
 * failure message, selected by `types`, not applicable without a types entry
 * or without the feature a rule needs.
 */
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { getRule } from '../catalogue/index.ts'
import { grade } from '../grade/grade.ts'
import { NO_TYPES_ENTRY, gradeTypes } from './grade-types.ts'
import { DEFAULT_TYPES_ENTRY } from './run-types.ts'

const KIT_ROOT = fileURLToPath(new URL('../../', import.meta.url))

describe('type rules in the report', () => {
  it('fail with tsd diagnostics for the --types entry given', async () => {
    const report = await grade({ rules: ['TYP-04', 'TYP-01'], types: 'fixtures/broken-types/guard-allows.ts', cwd: KIT_ROOT })
    expect(report.options.types).toBe(`${KIT_ROOT}fixtures/broken-types/guard-allows.ts`)
    expect(report.timing.typesMs).toBeGreaterThan(0)
    const guard = report.rules.find((r) => r.id === 'TYP-04')
    expect(guard?.status).toBe('fail')
    expect(guard?.tests[0]?.file).toBe('types/typ-04.guard.test-d.ts')
    expect(guard?.tests[0]?.failure?.message).toMatch(/typ-04\.guard\.test-d\.ts:\d+:\d+ Unused '@ts-expect-error' directive/)
    expect(report.rules.find((r) => r.id === 'TYP-01')?.status).toBe('pass')
    expect(report.summary.conforms).toBe(false)
  })

  it('are not applicable for another adapter graded without --types', async () => {
    const report = await grade({ rules: ['TYP-04'], adapter: 'fixtures/broken/post-both-projections.ts', cwd: KIT_ROOT })
    expect(report.rules[0]).toMatchObject({ id: 'TYP-04', status: 'not-applicable', reason: NO_TYPES_ENTRY, tests: [] })
    expect(report.options.types).toBeUndefined()
  })

  it('are not applicable when the adapter lacks a feature the rule requires', async () => {
    const graded = await gradeTypes({ rules: [getRule('DSL-17')], entry: DEFAULT_TYPES_ENTRY, features: {} })
    expect(graded.tests.get('DSL-17')?.map((t) => [t.outcome, t.missingFeatures])).toEqual([
      ['not-applicable', ['schema']],
      ['not-applicable', ['schema']],
    ])
  })
})
