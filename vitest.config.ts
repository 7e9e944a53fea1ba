import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { HeavyFilesFirst } from './scripts/vitest-heavy-first-sequencer.ts'
import { suiteInputsFromEnv } from './conformance/grade/index.ts'
import { SUITE_SETTINGS_KEY } from './conformance/suite/_kit/settings.ts'

// `npm test`: the kit's own tests. The conformance suite runs here against the
// reference adapter (the default), next to the kit's unit and meta tests.
export default defineConfig({
  test: {
    include: ['conformance/**/*.test.ts', 'reference/**/*.test.ts', 'fixtures/**/*.test.ts', 'properties/**/*.test.ts', 'scripts/**/*.test.ts'],
    // The suite settings (conformance/suite/_kit/settings.ts): the defaults, and the laws' seed,
    // runs and replay when the shell sets DSH_TCK_SEED, DSH_TCK_RUNS or DSH_TCK_PATH.
    provide: { [SUITE_SETTINGS_KEY]: suiteInputsFromEnv() },
    setupFiles: ['conformance/suite/_kit/provided-settings.ts'],
    // Ceilings against a hang of the kit's own tests, never a verdict: no test
    // asserts on elapsed time, and a file that grades registries takes
    // minutes on a busy machine. Fifteen minutes fits four busy loops per
    // core beside npm test (npm run stress -- --beside).
    testTimeout: 900_000,
    hookTimeout: 900_000,
    // vitest's default (one worker less than the cores) is a single worker on
    // two cores. Most of the time goes to files that grade registries, and a
    // grade leaves a core partly idle (its own workers wait on each other and
    // on child processes), so two files at a time finish sooner: 798 s
    // against 1,035 s for the same tree on a 2-core machine. Hang budgets
    // count waiting, not computing, so sharing the cores cannot fail a test.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: HeavyFilesFirst },
  },
})
