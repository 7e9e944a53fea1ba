/**
 * `npm run test-index`: writes conformance/grade/commands/test-index.json,
 * the list of every rule-bearing test that `dsh-tools-tck explain` reads.
 * Run it after adding, renaming or removing a check() or law() test;
 * test-index.test.ts fails until it is current.
 */
import { writeFileSync } from 'node:fs'
import { relative } from 'node:path'
import { collectKitTests, renderTestIndex, TEST_INDEX_FILE } from '../conformance/grade/index.ts'

const tests = await collectKitTests()
writeFileSync(TEST_INDEX_FILE, renderTestIndex(tests))
process.stdout.write(`${relative(process.cwd(), TEST_INDEX_FILE)}: ${tests.length} tests\n`)
