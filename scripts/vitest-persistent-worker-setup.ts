// Mutation runs only: the setup file of the persistent worker pool
// (scripts/vitest-persistent-worker.ts). It comes right after Stryker's own
// setup file and before the others.
//
// A reused thread still holds the previous run's Stryker state. In a new
// thread, while a run's first test file loads:
// - no hit count is kept (Stryker's setup starts it in a beforeAll hook), so
//   hits while the adapter and the reference load count for nothing; a left-
//   over count could instead reach this run's hit limit during the load;
// - a run-time mutant is not yet active (Stryker's setup activates it in a
//   beforeAll hook too); a static one already is.
// So on the first setup of each run both are put back. Stryker runs each
// mutant once per test runner, so a new mutant ID means a new run; later
// files of the same run load with the run's state, as in a new thread.
import { inject } from 'vitest'

type StrykerState = { activeMutant?: unknown; hitCount?: number }

const provided = inject as unknown as (key: string) => unknown
const stryker = (globalThis as { __stryker__?: StrykerState }).__stryker__
const lastRun = Symbol.for('dsh-tools-tck.persistent-worker.run')
const thread = globalThis as { [lastRun]?: unknown }

if (stryker !== undefined && provided('mode') === 'mutant' && thread[lastRun] !== provided('activeMutant')) {
  thread[lastRun] = provided('activeMutant')
  stryker.hitCount = undefined
  if (provided('mutantActivation') === 'runtime') stryker.activeMutant = undefined
}
