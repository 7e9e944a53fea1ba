/**
 * The kit tests of a report, each once: a report lists a test under every
 * rule it checks.
 */
import { LEVELS } from '../../catalogue/types.ts'
import type { Level, RuleId } from '../../catalogue/types.ts'
import type { GradeReport, TestEntry, TestOutcome } from '../report.ts'

/**
 * One kit test with every rule it is listed under: its report entry's name,
 * file, duration, missing features and kit-defect mark, with `failure` the
 * first failure listed for it.
 */
export interface KitTest extends Pick<TestEntry, 'name' | 'file' | 'durationMs' | 'failure' | 'missingFeatures' | 'kitDefect'> {
  /** `fail` when it failed under any of its rules (a test failing only some rules passes under the others). */
  readonly outcome: TestOutcome
  /** The reported rules listing it, in report order. */
  readonly rules: readonly RuleId[]
  /** The strongest level of its rules (in {@link LEVELS} order): `must` when any is a must rule, else `upstream` when any is an upstream rule, else `should`. */
  readonly level: Level
  /** When it failed: the strongest level of the rules it failed under (not of the rules it passed or was blocked under). */
  readonly failedLevel?: Level
  /** When it failed: the rules it failed under, in report order. */
  readonly failedUnder?: readonly RuleId[]
  /** When a failed precondition of this rule stopped it: it failed under this rule and is blocked under the others (`TestEntry.blockedBy`). */
  readonly blockedBy?: RuleId
}

/**
 * Every test of `report.rules` once, told apart by file and name, in the
 * order of first appearance (catalogue order of rules, then suite order).
 * So the count by outcome equals `report.summary.tests` for a report the
 * kit built. Pure; does not look at `unattributedErrors`.
 */
export function kitTests(report: GradeReport): KitTest[] {
  const byKey = new Map<string, { entries: TestEntry[]; rules: RuleId[]; levels: Set<Level>; failedLevels: Set<Level>; failedUnder: RuleId[] }>()
  for (const rule of report.rules) {
    for (const test of rule.tests) {
      const key = `${test.file}\u0000${test.name}`
      let seen = byKey.get(key)
      if (seen === undefined) {
        seen = { entries: [], rules: [], levels: new Set(), failedLevels: new Set(), failedUnder: [] }
        byKey.set(key, seen)
      }
      seen.entries.push(test)
      if (!seen.rules.includes(rule.id)) seen.rules.push(rule.id)
      seen.levels.add(rule.level)
      if (test.outcome === 'fail') {
        seen.failedLevels.add(rule.level)
        seen.failedUnder.push(rule.id)
      }
    }
  }
  return [...byKey.values()].map(({ entries, rules, levels, failedLevels, failedUnder }) => {
    const first = entries[0] as TestEntry
    const failed = entries.find((e) => e.outcome === 'fail')
    const chosen = failed ?? first
    const blockedBy = entries.find((e) => e.blockedBy !== undefined)?.blockedBy
    return {
      name: first.name,
      file: first.file,
      outcome: chosen.outcome,
      durationMs: first.durationMs,
      ...(chosen.failure === undefined ? {} : { failure: chosen.failure }),
      ...(chosen.missingFeatures === undefined ? {} : { missingFeatures: chosen.missingFeatures }),
      ...(chosen.kitDefect === undefined ? {} : { kitDefect: chosen.kitDefect }),
      rules,
      level: LEVELS.find((level) => levels.has(level)) ?? 'should',
      ...(blockedBy === undefined ? {} : { blockedBy }),
      ...(failedLevels.size === 0 ? {} : { failedLevel: LEVELS.find((level) => failedLevels.has(level)) ?? 'should', failedUnder }),
    }
  })
}
