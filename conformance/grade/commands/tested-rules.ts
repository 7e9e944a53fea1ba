/**
 * Internal: the rules that have at least one kit test (a runtime test naming
 * the rule in its `[IDs]` prefix, from the committed test index, or a tsd
 * suite file of a type rule; see `testsOfRules`).
 */
import type { Rule } from '../../catalogue/types.ts'
import { testsOfRules } from './tests-of-rule.ts'

/** IDs of the rules of `rules` that a kit test checks. */
export function testedRuleIds(rules: readonly Rule[]): Set<string> {
  const tests = testsOfRules(rules)
  return new Set(rules.filter((rule) => (tests.get(rule.id)?.length ?? 0) > 0).map((rule) => rule.id))
}
