/**
 * Graded runs of the CLI against registries that break their surroundings:
 * a throwing listener registration, process.exit(), a stray rejection in the
 * grading process, a crashed test worker, and (on request, slow) a worker
 * stuck in a synchronous loop. Each still yields a complete, schema-valid
 * report; none is an adapter error.
 */
import { afterAll, describe, expect, test } from 'vitest'
import { GRADED, RELAXED, RULE, expectComplete, fixture, gradeJson, scratch } from './test-support/run-cli.ts'

const work = scratch()
afterAll(() => work.remove())

describe('graded runs: hostile registries still get a full report', () => {
  test('a listener registration that throws is graded, not an adapter error (exit 1)', GRADED, async () => {
    const run = await gradeJson(['--adapter', fixture('listener-throws'), '--rules', RULE, '--timeout', RELAXED], work.dir)
    expect(run.code).toBe(1)
    expectComplete(run.report, [RULE])
    for (const t of run.report.rules[0]?.tests ?? []) expect(t.failure?.message).toContain('listener registration is broken')
  })

  test('an execute that calls process.exit() fails its tests (exit 1)', GRADED, async () => {
    const run = await gradeJson(['--adapter', fixture('execute-calls-process-exit'), '--rules', RULE, '--timeout', RELAXED], work.dir)
    expect(run.code).toBe(1)
    expectComplete(run.report, [RULE])
    for (const t of run.report.rules[0]?.tests ?? []) expect(t.failure?.message).toContain('process.exit')
  })

  test('a stray rejection in the grading process itself is listed, not fatal (exit 0)', GRADED, async () => {
    const run = await gradeJson(['--adapter', fixture('main-process-rejection'), '--rules', RULE, '--timeout', RELAXED], work.dir)
    expect(run.code).toBe(0)
    expectComplete(run.report, [RULE])
    expect(run.report.unattributedErrors).toContainEqual({ kind: 'main-process', message: 'Error: stray rejection in the grading process' })
  })

  test('a crashed test worker still leaves a complete report: the test it ran fails as a crash naming the exit (exit 1)', GRADED, async () => {
    const run = await gradeJson(['--adapter', fixture('execute-crashes-worker'), '--rules', RULE, '--timeout', RELAXED], work.dir)
    expect(run.code).toBe(1)
    expectComplete(run.report, [RULE])
    for (const t of run.report.rules[0]?.tests ?? []) {
      expect(t.failure?.kind).toBe('crash')
      expect(t.failure?.message).toMatch(/the test crashed its worker: its test worker ended with exit code 70 while the test ran/)
    }
    expect(run.report.unattributedErrors.map((e) => e.kind)).toContain('test-worker')
  })
})

// A registry stuck in a synchronous loop can only be stopped from outside its
// worker: the grade watches each worker's CPU clock and terminates one that
// computes past the test's stall limit without moving on (engine/kit-pool.ts;
// here an eighth of 3 s plus 2 s of grace, against 15 s by default). Kept in
// every run: it is the only proof that such a registry cannot hang a grade.
describe('slow graded runs', () => {
  test('an execute stuck in a synchronous loop: its worker is terminated, the test fails as a crash naming the loop (exit 1)', async () => {
    const run = await gradeJson(['--adapter', fixture('execute-sync-loop'), '--rules', RULE, '--timeout', '300', '--stall-limit', '3000'], work.dir)
    expect(run.code).toBe(1)
    expectComplete(run.report, [RULE])
    for (const t of run.report.rules[0]?.tests ?? []) {
      expect(t.failure?.kind).toBe('crash')
      expect(t.failure?.message).toMatch(/the test never yielded: its test worker kept computing for \d+ ms of CPU time without yielding/)
    }
    expect(run.report.unattributedErrors.map((e) => e.kind)).toContain('test-worker')
  })
})
