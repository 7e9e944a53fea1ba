// Mutation runs only: the setup file of the persistent worker pool
// (scripts/vitest-persistent-worker.ts), listed before every other setup file.
//
// In a new thread no mutant is active while a run's first test file loads:
// Stryker's setup file activates a run-time mutant in a beforeAll hook. A
// reused thread still holds the previous run's mutant, always a different one
// (Stryker runs each mutant once per test runner), so clear it. Later files of
// the same run load with this run's mutant active, as they do in a new thread.
import { inject } from 'vitest'

const provided = inject as unknown as (key: string) => unknown
const stryker = (globalThis as { __stryker__?: { activeMutant?: unknown } }).__stryker__

if (
  stryker !== undefined &&
  provided('mode') === 'mutant' &&
  provided('mutantActivation') === 'runtime' &&
  stryker.activeMutant !== provided('activeMutant')
) {
  stryker.activeMutant = undefined
}
