/**
 * Which rules a baseline entry is about, of which levels, and whether one of
 * them decides.
 */
import { getRule, isRuleId } from '../../catalogue/index.ts'
import { LEVELS } from '../../catalogue/types.ts'
import type { Level } from '../../catalogue/types.ts'
import { ruleIdsInTestName } from '../../catalogue/test-name.ts'
import type { GradeReport } from '../report.ts'
import type { BaselineEntry } from './types.ts'

/**
 * The rule IDs an entry is about: its `rule`, or the IDs of its test name's
 * `[...]` prefix, in order. Not checked against the catalogue or a report.
 */
export function entryRuleIds(entry: BaselineEntry): string[] {
  return entry.rule !== undefined ? [entry.rule] : ruleIdsInTestName(entry.test)
}

/**
 * The levels of the entry's rules, each once, strongest first (in
 * `LEVELS` order): a rule's level in `report` when the report grades it,
 * else in the catalogue. An ID known to neither, and an entry naming no
 * rule, count as `must` (the loader refuses such IDs, so this only errs
 * towards judging).
 */
export function entryLevels(entry: BaselineEntry, report: GradeReport): Level[] {
  const ids = entryRuleIds(entry)
  if (ids.length === 0) return ['must']
  const levels = new Set(
    ids.map((id): Level => {
      const graded = report.rules.find((rule) => rule.id === id)
      if (graded !== undefined) return graded.level
      return isRuleId(id) ? getRule(id).level : 'must'
    }),
  )
  return LEVELS.filter((level) => levels.has(level))
}

/**
 * True when one of the entry's rules is of a level in `deciding` (the
 * levels that fail a registry under the grade's profile, `failingLevels`),
 * by {@link entryLevels}. Only such entries can fail a comparison.
 */
export function namesDecidingRule(entry: BaselineEntry, report: GradeReport, deciding: readonly Level[]): boolean {
  return entryLevels(entry, report).some((level) => deciding.includes(level))
}
