/**
 * Graded runs of the CLI, in a child process: the reference on a rule
 * selection (exit 0, --rules filtering), and registries that hang or leak
 * stray errors (exit 1). Every run writes a complete report that is valid
 * against report.schema.json. One- or two-rule selections keep them fast;
 * nothing asserts on wall-clock time.
 */
import { afterAll, describe, expect, test } from 'vitest'
import { GRADED, RELAXED, RULE, expectComplete, fixture, gradeJson, scratch } from './test-support/run-cli.ts'

const work = scratch()
afterAll(() => work.remove())

describe('graded runs: a full, schema-valid report whatever the registry does', () => {
  test('the reference passes; --rules limits the run and the report to the selection', GRADED, async () => {
    const run = await gradeJson(['--rules', `${RULE.toLowerCase()},REG-01`], work.dir)
    expect(run.code).toBe(0)
    expectComplete(run.report, ['REG-01', RULE])
    expect(run.report.summary.conforms).toBe(true)
    expect(run.report.options.rules).toEqual([RULE.toLowerCase(), 'REG-01'])
    const names = run.report.rules.flatMap((r) => r.tests.map((t) => t.name))
    for (const name of names) expect(name).toMatch(new RegExp(`\\[(.*, )?(REG-01|${RULE})(, .*)?\\]`))
    expect(run.report.summary.tests.total).toBe(new Set(names).size)
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^PASS \(spec profile\): /)
  })

  test('an execute that never settles fails its tests with the timeout message (exit 1)', GRADED, async () => {
    const run = await gradeJson(['--adapter', fixture('execute-never-settles'), '--rules', RULE, '--timeout', '300'], work.dir)
    expect(run.code).toBe(1)
    expectComplete(run.report, [RULE])
    expect(run.report.rules[0]?.status).toBe('fail')
    for (const t of run.report.rules[0]?.tests ?? []) expect(t.failure?.message).toMatch(/did not settle within 300 ms of waiting: .*\(a hang\)/)
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^FAIL \(spec profile\): /)
    expect(run.stdout).not.toMatch(/\n\s+at /)
  })

  test(
    'once execute has hung in 3 tests, the rest fail at once, short-circuited, naming where it first hung; --no-hang-shortcut waits every budget',
    GRADED,
    async () => {
      const rules = ['--rules', 'POST-12', '--timeout', '300']
      const short = await gradeJson(['--adapter', fixture('execute-never-settles'), ...rules], work.dir)
      expect(short.code).toBe(1)
      expectComplete(short.report, ['POST-12'])
      const tests = short.report.rules[0]?.tests ?? []
      expect(tests.length).toBeGreaterThan(3)
      for (const t of tests) expect(t.outcome).toBe('fail')
      const ordinary = tests.filter((t) => /did not settle within 300 ms of waiting: .*\(a hang\)/.test(t.failure?.message ?? ''))
      const cut = tests.filter((t) => /short-circuited: the test hung again/.test(t.failure?.message ?? ''))
      expect(ordinary).toHaveLength(3)
      expect(cut).toHaveLength(tests.length - 3)
      const first = ordinary[0]?.name ?? ''
      for (const t of cut) expect(t.failure?.message).toContain(`in 3 tests, first in "${first}"`)

      const full = await gradeJson(['--adapter', fixture('execute-never-settles'), ...rules, '--no-hang-shortcut'], work.dir)
      expect(full.code).toBe(1)
      const fullTests = full.report.rules[0]?.tests ?? []
      expect(fullTests.map((t) => t.name).sort()).toEqual(tests.map((t) => t.name).sort())
      for (const t of fullTests) expect(t.failure?.message).toMatch(/did not settle within 300 ms of waiting: .*\(a hang\)/)
    },
  )

  test('an unhandled rejection raised by execute fails the test it happened in (exit 1)', GRADED, async () => {
    const run = await gradeJson(['--adapter', fixture('execute-unhandled-rejection'), '--rules', RULE, '--timeout', RELAXED], work.dir)
    expect(run.code).toBe(1)
    expectComplete(run.report, [RULE])
    for (const t of run.report.rules[0]?.tests ?? []) {
      expect(t.outcome).toBe('fail')
      expect(t.failure?.message).toContain('stray rejection from execute')
    }
  })

  test('an uncaught exception raised by execute is charged to the running test (exit 1)', GRADED, async () => {
    const run = await gradeJson(['--adapter', fixture('execute-uncaught-exception'), '--rules', RULE, '--timeout', RELAXED], work.dir)
    expect(run.code).toBe(1)
    expectComplete(run.report, [RULE])
    const messages = run.report.rules[0]?.tests.map((t) => t.failure?.message ?? '') ?? []
    expect(messages.some((m) => m.includes('uncaught exception from execute'))).toBe(true)
  })
})
