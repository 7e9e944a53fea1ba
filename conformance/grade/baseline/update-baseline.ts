/**
 * `updateBaseline()`: the baseline a report implies (`grade --update-baseline <file>`).
 */
import { $JSON } from '../../suite/_kit/intrinsics.ts'
import { RULES } from '../../catalogue/index.ts'
import { failingLevels } from '../../catalogue/types.ts'
import { profileOf } from '../formats/verdict.ts'
import type { FailureKind, GradeReport, TestEntry } from '../report.ts'
import { entryRuleIds, namesDecidingRule } from './entry-rules.ts'
import { failureKindOf } from './failure-kind.ts'
import { BASELINE_VERSION } from './types.ts'
import type { Baseline, BaselineEntry } from './types.ts'

/** The updated baseline, and what became of the previous file's entries. */
export interface BaselineUpdate {
  readonly baseline: Baseline
  /** Entries of the previous baseline kept unchanged because none of their rules was graded (outside `--rules`). */
  readonly keptNotGraded: number
  /**
   * Entries of the previous baseline kept unchanged because none of their
   * rules is of a level that decides under the report's profile (should
   * rules; upstream rules under `spec`): they never decide.
   */
  readonly keptNotDeciding: number
  /** Entries of the previous baseline, of graded rules of a deciding level, that the new one no longer has: their rule or test no longer fails. */
  readonly dropped: number
}

/**
 * The baseline `report` implies, given the `previous` one (the file being
 * rewritten, whatever profile it was written under), with counts of what
 * became of its entries. The baseline records the report's profile
 * (`profileOf`), and its entries cover the failures of the levels that
 * decide under it (`failingLevels`: `must` rules under `spec`, `must` and
 * `upstream` rules under `upstream`), the deciding levels below.
 *
 * Entries of `previous` that the report cannot judge are kept unchanged:
 * those none of whose rules (the `rule`, or the IDs of the `test` name) was
 * graded, and those none of whose rules is of a deciding level. For every
 * failing rule of a deciding level, in catalogue order: a failing test that
 * has a test entry in `previous` keeps
 * it as a test entry (its `reason`, `link`, `expires` and `note`, with the
 * kind it failed with now); the rule's other failing tests get one rule
 * entry whose `kind` is the kind of all of them (a `crash` for a rule
 * failing without a failing test), or, when they are of several kinds, one
 * test entry each (in report order). A rule entry and such test entries keep
 * the fields of `previous`'s entry for the rule; a new entry gets reason
 * `not-implemented`. Entries of graded rules of a deciding level that no
 * longer fail are dropped. Comparing `report` with the result is ok, unless
 * an `expires` carried over has run out.
 */
export function planBaselineUpdate(report: GradeReport, previous?: Baseline): BaselineUpdate {
  const order = new Map(RULES.map((rule, index) => [rule.id as string, index]))
  const rank = (entry: BaselineEntry): number => order.get(entryRuleIds(entry)[0] ?? '') ?? RULES.length
  const graded = new Set<string>(report.rules.map((rule) => rule.id))
  const profile = profileOf(report)
  const deciding = failingLevels(profile)
  const old = previous?.entries ?? []
  const notGraded = old.filter((e) => entryRuleIds(e).every((id) => !graded.has(id)))
  const notDeciding = old.filter((e) => !notGraded.includes(e) && !namesDecidingRule(e, report, deciding))
  const judged = old.filter((e) => !notGraded.includes(e) && !notDeciding.includes(e))

  const failing = report.rules
    .filter((rule) => deciding.includes(rule.level) && rule.status === 'fail')
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
  const entries: BaselineEntry[] = []
  const emitted = new Set<string>()
  for (const rule of failing) {
    const tests = rule.tests.filter((t): t is TestEntry & { failure: NonNullable<TestEntry['failure']> } => t.outcome === 'fail' && t.failure !== undefined)
    const ofRule = judged.find((e) => e.rule === rule.id)
    const ownEntry = (name: string): BaselineEntry | undefined => judged.find((e) => e.test === name)
    const byRule = tests.filter((t) => ownEntry(t.name) === undefined && !emitted.has(t.name))
    const kinds = new Set<FailureKind>(byRule.map((t) => failureKindOf(t.failure)))
    if (tests.length === 0 || kinds.size === 1) entries.push({ rule: rule.id, ...kept(ofRule), kind: [...kinds][0] ?? 'crash' })
    for (const test of tests) {
      if (emitted.has(test.name)) continue
      const own = ownEntry(test.name)
      if (own === undefined && kinds.size <= 1) continue
      emitted.add(test.name)
      entries.push({ test: test.name, ...kept(own ?? ofRule), kind: failureKindOf(test.failure) })
    }
  }

  const keyOf = (e: BaselineEntry): string => (e.rule !== undefined ? `rule ${e.rule}` : `test ${e.test}`)
  const written = new Set(entries.map(keyOf))
  const unchanged = [...notGraded, ...notDeciding].filter((e) => !written.has(keyOf(e)))
  const all = [...entries, ...unchanged].map((entry, index) => ({ entry, index })).sort((a, b) => rank(a.entry) - rank(b.entry) || a.index - b.index)
  return {
    baseline: { baselineVersion: BASELINE_VERSION, profile, entries: all.map((e) => e.entry) },
    keptNotGraded: notGraded.length,
    keptNotDeciding: notDeciding.length,
    dropped: judged.filter((e) => !written.has(keyOf(e))).length,
  }
}

/** The baseline of {@link planBaselineUpdate}, without the counts. */
export function updateBaseline(report: GradeReport, previous?: Baseline): Baseline {
  return planBaselineUpdate(report, previous).baseline
}

/** The fields carried over from a previous entry, in the order they are written. */
function kept(entry: BaselineEntry | undefined): Pick<BaselineEntry, 'reason' | 'link' | 'expires' | 'note'> {
  return {
    reason: entry?.reason ?? 'not-implemented',
    ...(entry?.link === undefined ? {} : { link: entry.link }),
    ...(entry?.expires === undefined ? {} : { expires: entry.expires }),
    ...(entry?.note === undefined ? {} : { note: entry.note }),
  }
}

/**
 * A baseline as its file holds it: pretty JSON (two-space indent), fields in
 * schema order (`profile` after `baselineVersion`, when the baseline has
 * one), with a trailing newline.
 */
export function formatBaseline(baseline: Baseline): string {
  const entries = baseline.entries.map((e) => ({
    ...(e.rule === undefined ? {} : { rule: e.rule }),
    ...(e.test === undefined ? {} : { test: e.test }),
    reason: e.reason,
    kind: e.kind,
    ...(e.link === undefined ? {} : { link: e.link }),
    ...(e.expires === undefined ? {} : { expires: e.expires }),
    ...(e.note === undefined ? {} : { note: e.note }),
  }))
  return `${$JSON.stringify({ baselineVersion: baseline.baselineVersion, ...(baseline.profile === undefined ? {} : { profile: baseline.profile }), entries }, null, 2)}\n`
}
