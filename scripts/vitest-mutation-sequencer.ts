// Mutation runs only (vitest.mutation.config.ts `sequence.sequencer`): the
// order of the test files in each of Stryker's mutant runs.
import { BaseSequencer } from 'vitest/node'
import type { TestSpecification, Vitest } from 'vitest/node'

/**
 * How far a run rotates the example files: the number of Stryker's active
 * mutant in a mutant run, 0 in any other run (the dry run, plain vitest).
 *
 * It depends on the mutant alone. Stryker numbers the mutants in the order
 * it instruments the source, the same in every run of the same checkout; it
 * does not depend on which test-runner process runs the mutant, after how
 * many other runs, or after a restart. So each mutant's tests run in the
 * same order, and the same test is the first to fail, in every run.
 */
export function rotationOf(vitest: Pick<Vitest, 'getProvidedContext'>): number {
  const provided = vitest.getProvidedContext() as { mode?: unknown; activeMutant?: unknown }
  const id = Number(provided.activeMutant)
  return provided.mode === 'mutant' && Number.isSafeInteger(id) && id >= 0 ? id : 0
}

/**
 * Orders each mutant run: example tests before property laws, and the
 * example files (sorted by path) rotated by {@link rotationOf} positions.
 *
 * Stryker stops a mutant at its first failing test. vitest's default order
 * (slowest files first) would run the laws, which take most of the time,
 * before the fast example tests that kill most mutants. And with a fixed
 * order the first file alphabetically would take the credit for every
 * mutant several files kill, leaving later files' rules without evidence in
 * conformance/adequacy/evidence.json; rotating spreads the credit. A count
 * of runs kept by the sequencer spread it too, but each Stryker test runner
 * kept its own count, so the credit of a kill depended on how Stryker
 * happened to share the mutants between its runners, and moved between two
 * runs of the same code.
 */
export class ExamplesFirstRotating extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const isLaw = (spec: TestSpecification): boolean => spec.moduleId.includes('/properties/')
    const byId = (a: TestSpecification, b: TestSpecification): number => a.moduleId.localeCompare(b.moduleId)
    const examples = files.filter((f) => !isLaw(f)).sort(byId)
    const laws = files.filter(isLaw).sort(byId)
    const start = examples.length === 0 ? 0 : rotationOf(this.ctx) % examples.length
    return [...examples.slice(start), ...examples.slice(0, start), ...laws]
  }
}
