/**
 * The committed test index (what `explain` lists) is the one vitest collects
 * from the current sources.
 */
import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { renderTestIndex } from './test-index.ts'
import { collectKitTests, readTestIndex, TEST_INDEX_FILE } from './tests-of-rule.ts'

test('test-index.json is current (else run `npm run test-index`)', async () => {
  const collected = await collectKitTests()
  expect(collected.length).toBeGreaterThan(1000)
  expect(readTestIndex(), 'test-index.json is stale: run `npm run test-index`').toEqual(collected)
  expect(readFileSync(TEST_INDEX_FILE, 'utf8')).toBe(renderTestIndex(collected))
})
