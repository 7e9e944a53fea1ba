/**
 * Root causes first (issue 39): which failing rules block others, the order
 * the console, Markdown and HTML list failing rules in, and the likely root
 * causes the verdict names. A rule is blocked by another when a test of it
 * stopped on a failed precondition owned by that other rule
 * (`TestEntry.blockedBy`); a rule counts as blocked by a blocker when its
 * status is `blocked` and one of its tests names that blocker.
 */
import { failingLevels } from '../../catalogue/types.ts'
import type { GradeReport, RuleEntry } from '../report.ts'
import { profileOf } from './verdict.ts'

/** The most root causes the verdict names. */
export const ROOT_CAUSES_MAX = 3

/**
 * Per blocking rule ID, the IDs of the `blocked` rules of `report` it
 * blocked, in report order. A blocker outside the report (not in `--rules`)
 * is listed too. Pure.
 */
export function blockedRulesByBlocker(report: Pick<GradeReport, 'rules'>): ReadonlyMap<string, readonly string[]> {
  const by = new Map<string, string[]>()
  for (const rule of report.rules) {
    if (rule.status !== 'blocked') continue
    for (const blocker of blockersOf(rule)) {
      const list = by.get(blocker) ?? []
      list.push(rule.id)
      by.set(blocker, list)
    }
  }
  return by
}

/** The rules whose failed preconditions stopped a test of `rule`, without repeats, in test order. */
export function blockersOf(rule: RuleEntry): readonly string[] {
  return [...new Set(rule.tests.flatMap((test) => (test.blockedBy === undefined ? [] : [test.blockedBy as string])))]
}

/**
 * `rules` (failing rules, in report order) with the rules that block others
 * first, the one blocking most first (report order among equals), then the
 * rest in their given order. Pure.
 */
export function rootCausesFirst(rules: readonly RuleEntry[], report: Pick<GradeReport, 'rules'>): RuleEntry[] {
  const by = blockedRulesByBlocker(report)
  const blocking = (rule: RuleEntry): number => by.get(rule.id)?.length ?? 0
  const blockers = rules.filter((rule) => blocking(rule) > 0)
  const ranked = blockers.map((rule, index) => ({ rule, index })).sort((a, b) => blocking(b.rule) - blocking(a.rule) || a.index - b.index)
  return [...ranked.map(({ rule }) => rule), ...rules.filter((rule) => blocking(rule) === 0)]
}

/** `1 rule blocked by it`, `38 rules blocked by it`. */
export function blockedByItText(count: number): string {
  return `${count} rule${count === 1 ? '' : 's'} blocked by it`
}

/** A likely root cause of a failing verdict: a failing rule, and how many rules it blocked. */
export interface RootCause {
  readonly id: string
  readonly blocks: number
}

/**
 * The likely root causes of `report`'s failures: the failing rules that
 * block others (most blocking first), else the first failing rules of the
 * levels that decide under its profile, at most {@link ROOT_CAUSES_MAX}.
 * Empty when nothing decisive fails. Pure.
 */
export function likelyRootCauses(report: GradeReport): readonly RootCause[] {
  const by = blockedRulesByBlocker(report)
  const failed = report.rules.filter((rule) => rule.status === 'fail')
  const blocking = rootCausesFirst(failed, report).filter((rule) => (by.get(rule.id)?.length ?? 0) > 0)
  if (blocking.length > 0) return blocking.slice(0, ROOT_CAUSES_MAX).map((rule) => ({ id: rule.id, blocks: by.get(rule.id)?.length ?? 0 }))
  const deciding = failingLevels(profileOf(report))
  return failed
    .filter((rule) => deciding.includes(rule.level))
    .slice(0, ROOT_CAUSES_MAX)
    .map((rule) => ({ id: rule.id, blocks: 0 }))
}

/**
 * `likely root cause: GRD-01 (38 rules blocked by it)`, `likely root causes:
 * ARG-01, ARG-02, REG-03`; `undefined` when there is none.
 */
export function rootCausesText(report: GradeReport): string | undefined {
  const causes = likelyRootCauses(report)
  if (causes.length === 0) return undefined
  const named = causes.map((cause) => (cause.blocks === 0 ? cause.id : `${cause.id} (${blockedByItText(cause.blocks)})`))
  return `likely root cause${causes.length === 1 ? '' : 's'}: ${named.join(', ')}`
}
