import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'
import { persistentWorkerPool } from './scripts/vitest-persistent-worker.ts'
import { ExamplesFirstRotating } from './scripts/vitest-mutation-sequencer.ts'
import { suiteInputsFromEnv } from './conformance/grade/index.ts'
import { SUITE_SETTINGS_KEY } from './conformance/suite/_kit/settings.ts'

// `npm run mutation` (Stryker) only: the suites that drive the reference
// adapter in-process (the conformance suite and the property laws). The
// gallery, CLI, oracle and type tests spawn processes or compile, and do not
// test reference/ directly, so they are left out of mutation runs.
// `npm test` uses vitest.config.ts and is not affected by this file.
export default defineConfig({
  // One worker thread for all of a Stryker runner's mutant runs instead of a
  // new one per run (scripts/vitest-persistent-worker.ts says what it keeps).
  // DSH_TCK_FRESH_WORKERS=1 turns it off, to compare the two.
  plugins: process.env.DSH_TCK_FRESH_WORKERS === '1' ? [] : [persistentWorkerPool()],
  test: {
    // reference/choices.test.ts too: the other sides' own details are checked by the reference's unit test, since no conformance test may pin them.
    include: ['conformance/suite/**/*.test.ts', 'properties/**/*.test.ts', 'reference/choices.test.ts'],
    // One module graph per mutant run instead of one per test file: the
    // reference loads once per run, which makes a run about 3x cheaper. Every
    // test builds its own harness, so no state leaks between files.
    isolate: false,
    // provided-settings.ts first: it hands the workers the settings below, which the others read.
    setupFiles: [
      'scripts/vitest-persistent-worker-setup.ts',
      'conformance/suite/_kit/provided-settings.ts',
      'scripts/mutation-choices-setup.ts',
      'conformance/suite/_kit/load-adapter-eagerly.ts',
      'conformance/suite/_kit/only-rules.ts',
    ],
    sequence: { sequencer: ExamplesFirstRotating },
    // Once a mutant's run has failed, the test files after the failure are
    // not loaded at all (scripts/vitest-bail-runner.ts).
    runner: './scripts/vitest-bail-runner.ts',
    // The suite settings (conformance/suite/_kit/settings.ts), read by no one but the workers.
    //
    // A mutant that makes a registry call hang fails its test after 1 s
    // (check()'s per-call budget) instead of waiting for Stryker's timeout,
    // which also restarts the test runner.
    //
    // The laws run 10 cases each instead of 50. Examples run first, and in
    // the 2026-12-01 full run no law was the first to kill any mutant: the
    // laws only ever ran to the end on surviving mutants, where they were
    // the biggest cost. They still run on every mutant the examples miss.
    // With few cases a law may not reach its interesting case often enough,
    // which here must not count as a failure (a false kill), hence
    // `grading`: vacuity is recorded, not thrown.
    //
    // The deep-nesting cases are built about 20 times shallower
    // (conformance/fixtures/nesting-depth.ts says why that loses nothing).
    //
    // No hang shortcut (conformance/suite/_kit/hangs.ts): its memory would
    // outlive a mutant run in the kept worker, and each mutant is judged alone.
    //
    // The evidence runs (scripts/mutation-evidence.ts) name the rules whose
    // tests run in DSH_TCK_ONLY_RULES (conformance/suite/_kit/only-rules.ts).
    //
    // The choices pass (scripts/mutation-choices.ts) names a group of other
    // sides of open points in DSH_TCK_MUTATION_ADAPTER (fixtures/choices),
    // judged at the spec profile (scripts/mutation-choices-setup.ts).
    provide: {
      [SUITE_SETTINGS_KEY]: {
        ...suiteInputsFromEnv(),
        ...(process.env.DSH_TCK_MUTATION_ADAPTER ? { adapter: resolve(process.env.DSH_TCK_MUTATION_ADAPTER) } : {}),
        timeoutMs: 1000,
        runs: 10,
        grading: true,
        shallowNesting: true,
        hangShortcut: false,
        onlyRules: (process.env.DSH_TCK_ONLY_RULES ?? '')
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id !== ''),
      },
    },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
})
