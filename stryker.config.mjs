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
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.json',
  mutate: [
    'reference/**/*.ts',
    '!reference/**/*.test.ts',
    // Barrels and wiring with no logic of their own.
    '!reference/index.ts',
    '!reference/adapter.ts',
    '!reference/json-schema/index.ts',
    '!reference/schema-dsl/index.ts',
  ],
  concurrency: 2,
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['json', 'html', 'clear-text', 'progress-append-only'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  timeoutMS: 10_000,
}
