/**
 * What a failing test means outside a grade. A grade runs every test and
 * judges afterwards, by rule level and profile (and a baseline); the
 * embedding (`dsh-tools-tck/vitest`) has no such afterwards: each kit test
 * is a test of the implementer's own run. So the embedding sets a policy
 * here, and `check()` asks it about every failure: a failure that would not
 * decide the exit status of `grade` under the same profile and baseline (it
 * concerns only rules of levels that do not decide, or the baseline records
 * it) skips the test with the reason instead of failing it. The policy is
 * part of the embedding's suite settings (`verdictPolicy`, ./settings.ts).
 *
 * Unset (grading runs, the kit's own `npm test`), every failure fails.
 */
import { failingLevels } from '../../catalogue/types.ts'
import type { Profile } from '../../catalogue/types.ts'
import { getRule, isRuleId } from '../../catalogue/index.ts'
import { suiteSettings } from './settings.ts'

/** The embedding's verdict policy. */
export interface VerdictPolicy {
  readonly profile: Profile
  /**
   * Whether a baseline records the failure of `rule` in the test named `test`,
   * and, when it does, how to say so (e.g. `known failure (baseline.json)`).
   */
  readonly known?: (rule: string, test: string) => string | undefined
  /** Told of every failure the policy tolerated as known, by rule and test name. */
  readonly onKnown?: (rule: string, test: string) => void
}

/**
 * Why a failure of the test `test` concerning `rules` does not fail it under
 * the policy, or `undefined` when it does (always, without a policy).
 */
export function toleratedFailure(rules: readonly string[], test: string): string | undefined {
  const policy = suiteSettings().verdictPolicy
  if (policy === undefined || rules.length === 0) return undefined
  const deciding = failingLevels(policy.profile)
  const reasons: string[] = []
  const recorded: string[] = []
  for (const id of rules) {
    const level = isRuleId(id) ? getRule(id).level : 'must'
    if (!deciding.includes(level)) {
      reasons.push(`${level}-level deviation of ${id} (does not fail the ${policy.profile} profile)`)
      continue
    }
    const known = policy.known?.(id, test)
    if (known === undefined) return undefined
    reasons.push(`${known} of ${id}`)
    recorded.push(id)
  }
  for (const id of recorded) policy.onKnown?.(id, test)
  return reasons.join('; ')
}
