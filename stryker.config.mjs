// Stryker mutation testing of the reference registry (issue 6).
// `npm run mutation` runs incrementally (only mutants whose code or tests
// changed since reports/mutation/stryker-incremental.json are re-run);
// `npm run mutation -- --force` re-runs every mutant.
// Reports: reports/mutation/mutation.json (schema: mutation-testing-report-schema)
// and reports/mutation/mutation.html. Per-area scores: `npm run mutation:areas`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'vitest',
  // The suites load the adapter with a dynamic import of a path, so vitest
  // cannot relate tests to reference/ files statically: run them all (with
  // perTest coverage Stryker still runs only the tests covering each mutant).
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  // Mutants that do not type-check are dropped before any test runs; the
  // checker only needs reference/, not the whole kit.
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.mutation.json',
  // Drops the TypeScript watch host's 250 ms batching delay before each
  // check (see the file): the same verdicts, minutes sooner.
  appendPlugins: ['./scripts/stryker-checker-no-debounce.mjs'],
  mutate: [
    'reference/**/*.ts',
    '!reference/**/*.test.ts',
    // Barrels and wiring with no logic of their own.
    '!reference/index.ts',
    '!reference/adapter.ts',
    '!reference/json-schema/index.ts',
    '!reference/schema-dsl/index.ts',
    // The node:vm code runtime is a demo for running programs by hand, not
    // part of the registry the suite grades; its own test covers it.
    '!reference/code-runtime/**',
  ],
  concurrency: 2,
  coverageAnalysis: 'perTest',
  // Module-level code (messages, keyword tables) is loaded eagerly by the
  // mutation vitest config, so these mutants are static: run them against
  // every test rather than leave them out of the score.
  ignoreStatic: false,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['json', 'html', 'clear-text', 'progress-append-only'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  tempDirName: '.stryker-tmp',
  // Not copied into the sandbox: reports, and other runs' sandboxes.
  ignorePatterns: ['/reports', '/.stryker-tmp*'],
  cleanTempDir: true,
  // A mutant's time limit is 1.5x the net time of its tests in the dry run,
  // plus the dry run's overhead (a cold thread, every transform),
  // plus this. Mutant runs in the kept thread (scripts/vitest-persistent-worker.ts)
  // have well under a second of overhead, so that already leaves a loaded
  // machine plenty of slack; each mutant that loops forever costs its whole limit and a runner restart.
  timeoutMS: 1_000,
}
