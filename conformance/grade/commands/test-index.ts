/**
 * Internal: the text of `test-index.json` (see tests-of-rule.ts).
 */
import type { KitTest } from './tests-of-rule.ts'

/** The committed form of the index: one test per line, so a change is a readable diff. */
export function renderTestIndex(tests: readonly KitTest[]): string {
  const lines = tests.map((test) => `    ${JSON.stringify({ name: test.name, file: test.file })}`)
  return `{\n  "tests": [\n${lines.join(',\n')}\n  ]\n}\n`
}
