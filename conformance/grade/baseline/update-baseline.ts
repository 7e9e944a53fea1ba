/**
 * `updateBaseline()`: the baseline a report implies (`grade --update-baseline <file>`).
 */
import { RULES } from '../../catalogue/index.ts'
import type { FailureKind, GradeReport } from '../report.ts'
import { failureKindOf } from './failure-kind.ts'
import { BASELINE_VERSION } from './types.ts'
import type { Baseline, BaselineEntry } from './types.ts'

/**
 * One entry per failing `must` rule of `report`, in catalogue order, whose
 * `kind` is the kind of all its failures (a `crash` for a rule failing
 * without a failing test). When a rule's failures are of several kinds, it
 * gets one test entry per failing test instead (in report order), so that
 * comparing the same report with the result is always ok.
 *
 * `reason`, `link`, `expires` and `note` are kept from the entry of
 * `previous` for the same rule (for a test entry: for the same test, else
 * the same rule); a new entry gets reason `not-implemented`. Entries of
 * `previous` for rules that no longer fail, or that were not graded, are
 * dropped: the result describes this report only.
 */
export function updateBaseline(report: GradeReport, previous?: Baseline): Baseline {
  const order = new Map(RULES.map((rule, index) => [rule.id as string, index]))
  const failing = report.rules.filter((rule) => rule.level === 'must' && rule.status === 'fail').sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
  const old = previous?.entries ?? []
  const entries: BaselineEntry[] = []
  for (const rule of failing) {
    const tests = rule.tests.filter((t) => t.outcome === 'fail' && t.failure !== undefined)
    const kinds = new Set<FailureKind>(tests.map((t) => failureKindOf(t.failure as NonNullable<typeof t.failure>)))
    const ofRule = old.find((e) => e.rule === rule.id)
    if (kinds.size <= 1) {
      const kind = [...kinds][0] ?? 'crash'
      entries.push({ rule: rule.id, ...kept(ofRule), kind })
      continue
    }
    for (const test of tests) {
      if (entries.some((e) => e.test === test.name)) continue
      const kind = failureKindOf(test.failure as NonNullable<typeof test.failure>)
      entries.push({ test: test.name, ...kept(old.find((e) => e.test === test.name) ?? ofRule), kind })
    }
  }
  return { baselineVersion: BASELINE_VERSION, entries }
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

/** A baseline as its file holds it: pretty JSON (two-space indent), fields in schema order, with a trailing newline. */
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
  return `${JSON.stringify({ baselineVersion: baseline.baselineVersion, entries }, null, 2)}\n`
}
