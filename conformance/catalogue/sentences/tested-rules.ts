/**
 * The rules that have at least one kit test: those a runtime test names in
 * its `[IDs]` prefix (the committed test index of `dsh-tools-tck explain`),
 * and the type rules, checked by their tsd suite files.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Rule } from '../types.ts'

const TEST_INDEX = fileURLToPath(new URL('../../grade/commands/test-index.json', import.meta.url))

/** IDs of the rules of `rules` that a kit test checks. */
export function testedRuleIds(rules: readonly Rule[]): Set<string> {
  const named = new Set<string>()
  const index = JSON.parse(readFileSync(TEST_INDEX, 'utf8')) as { tests: { name: string }[] }
  for (const test of index.tests) for (const id of /^\[([^\]]+)\]/u.exec(test.name)?.[1]?.split(/[\s,]+/u) ?? []) named.add(id)
  return new Set(rules.filter((rule) => named.has(rule.id) || rule.area === 'TYP').map((rule) => rule.id))
}
