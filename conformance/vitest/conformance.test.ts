/**
 * conformance() from the sources (the packed kit is tested in
 * scripts/tarball.test.ts): it refuses bad options and adapters with clear
 * errors, then declares in this file exactly the kit's tests of the selected
 * rule, which run here against the reference like any test of this file.
 */
import { expect, test } from 'vitest'
import reference from '../../reference/adapter.ts'
import { MAX_TIMEOUT_MS } from '../grade/grade.ts'
import { conformance } from './conformance.ts'
import exitInCreate from '../../fixtures/faults/exit-in-create.ts'

const refusal = (run: () => Promise<void>): Promise<unknown> =>
  run().then(
    () => 'declared',
    (error: unknown) => error,
  )

// Refused before anything is declared (a refusal leaves the one call per file unused).
const refused = {
  unknownRule: await refusal(() => conformance(reference, { rules: ['GRD-03', 'NOPE-1'] })),
  noRule: await refusal(() => conformance(reference, { rules: [] })),
  timeout: await refusal(() => conformance(reference, { timeout: 0 })),
  notAnAdapter: await refusal(() => conformance({ name: 'x', features: {} } as never)),
  missingModule: await refusal(() => conformance('no-such-adapter.ts', { cwd: import.meta.dirname })),
  // Issue 38: an adapter that ends the process is refused, never a silent end of the run.
  exitAtImport: await refusal(() => conformance('../../fixtures/faults/exit-at-import.ts', { cwd: import.meta.dirname })),
  exitInCreate: await refusal(() => conformance(exitInCreate)),
}

await conformance(reference, { rules: ['grd-04'], timeout: 4000 })

test('bad options and adapters are refused, naming what is wrong', () => {
  expect(String(refused.unknownRule)).toMatch(/^UsageError: conformance\(\) option rules: "NOPE-1" is not a rule ID/)
  expect(String(refused.noRule)).toMatch(/^UsageError: conformance\(\) option rules selects no rule/)
  expect(String(refused.timeout)).toMatch(/^UsageError: conformance\(\): timeout must be a whole number of milliseconds from 1 to 3600000 \(got 0\)/)
  expect(String(refused.notAnAdapter)).toMatch(/^AdapterError: adapter passed to conformance\(\): .*"create" must be a function/)
  expect(String(refused.missingModule)).toMatch(/^AdapterError: adapter module no-such-adapter\.ts not found/)
  expect(String(refused.exitAtImport)).toMatch(/^AdapterError: adapter .*exit-at-import\.ts called process\.exit\(0\) while loading/)
  expect(String(refused.exitInCreate)).toMatch(/^AdapterError: adapter passed to conformance\(\): create\(\) called process\.exit\(0\)/)
})

test('declares exactly the kit tests naming the selected rule, under their kit names', ({ task }) => {
  const declared = task.file.tasks.map((t) => t.name).filter((name) => name.startsWith('['))
  expect(declared).toContain('[GRD-04] a scoped guard applies to its own agent, not to other agents or agent-less calls')
  expect(declared.filter((name) => !/^\[(?:[^\]]*, )?GRD-04(?:, [^\]]*)?\] /.test(name))).toEqual([])
  // Laws are declared through check() too: GRD-04 has one (the random sequences over a scope forest).
  expect(declared.some((name) => / E-SEQ /.test(name))).toBe(true)
})

test('a second call in the same worker is refused', async () => {
  await expect(conformance(reference)).rejects.toThrow(/already called in this test worker: call it once per test file/)
})

test("its timeout bound is grade()'s", async () => {
  await expect(conformance(reference, { timeout: MAX_TIMEOUT_MS })).rejects.toThrow(/already called/)
  await expect(conformance(reference, { timeout: MAX_TIMEOUT_MS + 1 })).rejects.toThrow(`from 1 to ${MAX_TIMEOUT_MS} (got ${MAX_TIMEOUT_MS + 1})`)
})
