/**
 * Mutation evidence runs only (`npm run mutation:evidence`): when the suite
 * settings list rule IDs in `onlyRules` (vitest.mutation.config.ts provides
 * them from `DSH_TCK_ONLY_RULES`), every test that names none of them is
 * skipped before its body runs. Stryker then records coverage, and credits
 * kills, to those rules' tests alone. Unset, this file does nothing.
 *
 * The evidence runs do not stop at a mutant's first failing test
 * (stryker.evidence.config.mjs `disableBail`), so that every listed rule
 * whose tests fail on the mutant is credited, not only the rule whose test
 * happened to run first. Within one mutant run, a test is still skipped
 * once every listed rule it names has a failing test: another failure would
 * credit nobody anything new. And once a test has failed because the
 * registry stopped answering (check()'s per-call budget ran out), the rest
 * of the run is skipped: each further test would wait out the budget too,
 * and enough of them would turn the whole run into a Stryker timeout, which
 * credits no test at all.
 */
import { beforeEach, inject } from 'vitest'
import { ruleIdsInTestName } from '../../catalogue/test-name.ts'
import { suiteSettings } from './settings.ts'

const only = new Set(suiteSettings().onlyRules)

/** What one mutant run has shown so far. */
interface RunState {
  /** Stryker's active mutant: a new one means a new run. */
  readonly mutant: unknown
  /** The listed rules with a failing test in this run. */
  readonly failed: Set<string>
  /** A test of this run timed out waiting for the registry. */
  hung: boolean
}

// Setup files run again for each test file of a run, so the state is kept on
// the thread, keyed by the mutant (Stryker runs a mutant once per test runner).
const STATE = Symbol.for('dsh-tools-tck.only-rules.run')
const provided = inject as unknown as (key: string) => unknown

function runState(): RunState {
  const thread = globalThis as { [STATE]?: RunState }
  const mutant = provided('activeMutant')
  if (thread[STATE]?.mutant !== mutant) thread[STATE] = { mutant, failed: new Set(), hung: false }
  return thread[STATE]!
}

/** check()'s error for a registry call that did not settle within the budget (`AdapterTimeoutError`). */
function isBudgetTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AdapterTimeoutError'
}

if (only.size > 0) {
  beforeEach((ctx) => {
    const listed = ruleIdsInTestName(ctx.task.name).filter((id) => only.has(id))
    if (listed.length === 0) ctx.skip()
    if (provided('mode') !== 'mutant') return
    const run = runState()
    if (run.hung || listed.every((id) => run.failed.has(id))) ctx.skip()
    ctx.onTestFailed(({ task }) => {
      for (const id of listed) run.failed.add(id)
      if ((task.result?.errors ?? []).some(isBudgetTimeout)) run.hung = true
    })
  })
}
