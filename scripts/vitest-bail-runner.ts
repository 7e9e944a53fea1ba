// Mutation runs only (vitest.mutation.config.ts `runner`): vitest's test
// runner, made to stop loading test files once the run has failed.
//
// Stryker runs each mutant with `bail: 1`. vitest honours it by skipping the
// remaining tests, but it still runs the setup files and imports every
// remaining test file of the run. A mutant run names every test file with a
// test that reaches the mutant, about ten on average, and most mutants are
// killed in the first one or two. This runner stops at the failure itself:
// the files after it are neither set up nor imported, and vitest reports them
// as failed files with no tests, which changes nothing in a run that already
// failed. Without `bail` it behaves exactly like vitest's runner.
import { VitestTestRunner } from 'vitest/runners'

type Task = Parameters<VitestTestRunner['onAfterRunTask']>[0]
type ImportSource = Parameters<VitestTestRunner['importFile']>[1]

export default class StopLoadingAfterBail extends VitestTestRunner {
  private failures = 0
  private stopped = false

  override onAfterRunTask(test: Task): void {
    super.onAfterRunTask(test)
    const bail = this.config.bail ?? 0
    // vitest itself cancels the run's remaining tests at this point; only
    // the loading of the remaining files is left to stop.
    if (test.result?.state === 'fail' && bail > 0 && ++this.failures >= bail) this.stopped = true
  }

  override importFile(filepath: string, source: ImportSource): unknown {
    if (this.stopped) return undefined
    return super.importFile(filepath, source)
  }
}
