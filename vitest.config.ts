import { defineConfig } from 'vitest/config'

// `npm test`: the kit's own tests. The conformance suite runs here against the
// reference adapter (the default), next to the kit's unit and meta tests.
export default defineConfig({
  test: {
    include: ['conformance/**/*.test.ts', 'reference/**/*.test.ts', 'fixtures/**/*.test.ts', 'properties/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
})
