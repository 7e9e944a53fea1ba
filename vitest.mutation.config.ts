import { BaseSequencer } from 'vitest/node'
import type { TestSpecification } from 'vitest/node'
import { defineConfig } from 'vitest/config'

/**
 * Example tests before property laws. Stryker stops a mutant at its first
 * failing test, and vitest's default order (slowest files first) would run
 * the laws, which take most of the time, before the fast example tests that
 * kill most mutants.
 */
class ExamplesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification): number => (spec.moduleId.includes('/properties/') ? 1 : 0)
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId))
  }
}

// `npm run mutation` (Stryker) only: the suites that drive the reference
// adapter in-process (the conformance suite and the property laws). The
// gallery, CLI, oracle and type tests spawn processes or compile, and do not
// test reference/ directly, so they are left out of mutation runs.
// `npm test` uses vitest.config.ts and is not affected by this file.
export default defineConfig({
  test: {
    include: ['conformance/suite/**/*.test.ts', 'properties/**/*.test.ts'],
    // One module graph per mutant run instead of one per test file: the
    // reference loads once per run, which makes a run about 3x cheaper. Every
    // test builds its own harness, so no state leaks between files.
    isolate: false,
    setupFiles: ['conformance/suite/_kit/load-adapter-eagerly.ts'],
    sequence: { sequencer: ExamplesFirst },
    // A mutant that makes a registry call hang fails its test after 1 s
    // (check()'s per-call budget) instead of waiting for Stryker's timeout,
    // which also restarts the test runner.
    env: { DSH_TCK_TIMEOUT: '1000' },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
})
