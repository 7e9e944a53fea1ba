import { defineConfig } from 'vitest/config'

// `npm run mutation` (Stryker) only: the suites that drive the reference
// adapter in-process (the conformance suite and the property laws). The
// gallery, CLI, oracle and type tests spawn processes or compile, and do not
// test reference/ directly, so they are left out of mutation runs.
// `npm test` uses vitest.config.ts and is not affected by this file.
export default defineConfig({
  test: {
    include: ['conformance/suite/**/*.test.ts', 'properties/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
})
