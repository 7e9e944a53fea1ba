/**
 * Which rules a baseline entry is about, and whether one of them decides.
 */
import { getRule, isRuleId } from '../../catalogue/index.ts'
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
 * True when one of the entry's rules is a `must` rule: by its level in
 * `report` when the report grades it, else by the catalogue. An ID known to
 * neither counts as `must` (the loader refuses such IDs, so this only errs
 * towards judging). Only such entries can fail a comparison.
 */
export function namesMustRule(entry: BaselineEntry, report: GradeReport): boolean {
  const ids = entryRuleIds(entry)
  if (ids.length === 0) return true
  return ids.some((id) => {
    const graded = report.rules.find((rule) => rule.id === id)
    if (graded !== undefined) return graded.level === 'must'
    return !isRuleId(id) || getRule(id).level === 'must'
  })
}
