/**
 * `compareToBaseline()`: judges a grade report against a baseline of
 * expected failures (`grade --baseline <file>`). Pure: no I/O, no clock
 * unless `today` is left out.
 */
import { LEVELS, failingLevels } from '../../catalogue/types.ts'
import type { Level, Profile, RuleId } from '../../catalogue/types.ts'
import { profileOf } from '../formats/verdict.ts'
import type { FailureKind, GradeReport, TestEntry } from '../report.ts'
import { assertSameProfile } from './baseline-profile.ts'
import { entryLevels } from './entry-rules.ts'
import { expiryReason } from './expiry.ts'
import { failureKindOf } from './failure-kind.ts'
import type { Baseline, BaselineEntry } from './types.ts'

export interface CompareOptions {
  /** Stale entries are listed but do not make the outcome fail (`--allow-stale`). Default false. */
  readonly allowStale?: boolean
  /** The day `expires.date` is compared with, `YYYY-MM-DD` or a Date (its UTC day). Default: today (UTC). */
  readonly today?: string | Date
  /** The kit version `expires.kitVersion` is compared with. Default: the report's `kit.version`. */
  readonly kitVersion?: string
}

/** One failing test of a failing rule, or a rule failing with no failing test (`test` absent). */
export interface BaselineFailure {
  readonly rule: RuleId
  readonly level: Level
  /** The test's name; absent when the rule failed without a failing test (no test, or its suite file failed). */
  readonly test?: string
  /** The failure's kind; a rule failing without a failing test is a `crash`. */
  readonly kind: FailureKind
  /** First line of the failure message (or the rule's reason). */
  readonly message: string
}

/** A baseline entry, with its place in the file. */
export interface EntryRef {
  readonly index: number
  readonly entry: BaselineEntry
}

/** A failure matched by an entry of the same kind. */
export interface CoveredFailure extends BaselineFailure {
  readonly by: EntryRef
}

/** Whether a finding can fail the comparison, and the levels of the rules it is about. */
export interface Decision {
  /**
   * True when one of {@link levels} decides under the comparison's profile
   * (`must`; under `upstream`, `must` or `upstream`): only then can the
   * finding fail the comparison. Otherwise it is listed for information.
   */
  readonly decides: boolean
  /** The levels of the rules the finding is about, each once, strongest first. */
  readonly levels: readonly Level[]
}

/** An entry whose failures (some of them) are of another kind than it records. */
export interface KindMismatch extends EntryRef, Decision {
  /** The failures it matched whose kind is not `entry.kind`; `levels` are theirs. */
  readonly failures: readonly BaselineFailure[]
}

/** An entry with a sentence saying why it is listed. */
export interface JudgedEntry extends EntryRef {
  readonly why: string
}

/** A stale or expired entry; it fails the comparison only when it `decides` (`levels` are those of the rules it names, see `entryLevels`). */
export interface DecidingEntry extends JudgedEntry, Decision {}

export interface BaselineComparison {
  /**
   * The profile of the report and of the baseline (they must agree): the
   * levels that fail a registry under it (`failingLevels`) are the ones
   * that decide here, the deciding levels below.
   */
  readonly profile: Profile
  /**
   * True when no failure of a deciding level is new, no entry naming a rule
   * of a deciding level has expired, no failure of a deciding level is of
   * another kind than its entry records, and no entry naming a rule of a
   * deciding level is stale (unless `allowStale`). Only the deciding levels
   * decide: the same findings on other rules (should rules; upstream rules
   * under `spec`) are listed with `decides: false`. Unmatched entries never
   * decide.
   */
  readonly ok: boolean
  readonly allowStale: boolean
  /** Failing tests of rules of a deciding level (and such rules failing without a failing test) that no entry matches. Other rules never appear here. */
  readonly newFailures: readonly BaselineFailure[]
  /** Failures matched by an entry of their kind (of other levels too, when an entry names them). */
  readonly covered: readonly CoveredFailure[]
  /** Entries whose rule passes, or whose test passes under every rule it is listed under. */
  readonly stale: readonly DecidingEntry[]
  /** Entries past their `expires` (they still match failures, so those are not new). */
  readonly expired: readonly DecidingEntry[]
  readonly kindMismatch: readonly KindMismatch[]
  /**
   * Entries with nothing to judge by: the rule or test is not in the report
   * (outside the `--rules` selection, or no such test), or the rule is
   * not-applicable, untestable or vacuous, or the test did not run. Neither
   * stale nor failing.
   */
  readonly unmatched: readonly JudgedEntry[]
}

/**
 * Compares `report` with `baseline`, under the profile the report was
 * graded under (`profileOf`); throws a `UsageError` naming both profiles
 * when the baseline was written under another (`assertSameProfile`). A
 * failing test is matched by the test entry naming it, else by the rule
 * entry of the rule it fails under; a rule failing with no failing test
 * only by its rule entry. A matched failure of the entry's `kind` is
 * covered, one of another kind is a kind mismatch (an entry matching
 * failures of several kinds mismatches on every kind it does not record).
 * An entry is stale only when what it names actually passes: a rule with
 * status `pass`, or a test whose every listing is `pass`. A new failure, a
 * mismatch, a stale or an expired entry fails the comparison only for a
 * rule of a level that decides under the profile (see `decides`).
 */
export function compareToBaseline(report: GradeReport, baseline: Baseline, options: CompareOptions = {}): BaselineComparison {
  const profile = profileOf(report)
  assertSameProfile(baseline, profile)
  const deciding = failingLevels(profile)
  const allowStale = options.allowStale === true
  const today = dayOf(options.today ?? new Date())
  const kitVersion = options.kitVersion ?? report.kit.version
  const entries: EntryRef[] = baseline.entries.map((entry, index) => ({ index, entry }))
  const byRule = new Map(entries.filter((e) => e.entry.rule !== undefined).map((e) => [e.entry.rule as string, e]))
  const byTest = new Map(entries.filter((e) => e.entry.test !== undefined).map((e) => [e.entry.test as string, e]))

  const newFailures: BaselineFailure[] = []
  const covered: CoveredFailure[] = []
  const mismatched = new Map<EntryRef, BaselineFailure[]>()
  for (const failure of failuresOf(report)) {
    const by = (failure.test === undefined ? undefined : byTest.get(failure.test)) ?? byRule.get(failure.rule)
    if (by === undefined) {
      if (deciding.includes(failure.level)) newFailures.push(failure)
    } else if (by.entry.kind === failure.kind) {
      covered.push({ ...failure, by })
    } else {
      mismatched.set(by, [...(mismatched.get(by) ?? []), failure])
    }
  }

  const stale: DecidingEntry[] = []
  const expired: DecidingEntry[] = []
  const unmatched: JudgedEntry[] = []
  for (const ref of entries) {
    const decision = decisionOf(entryLevels(ref.entry, report), deciding)
    const ran = expiryReason(ref.entry.expires, today, kitVersion, report.kit.suiteRevision)
    if (ran !== undefined) expired.push({ ...ref, why: ran, ...decision })
    const judged = ref.entry.rule !== undefined ? judgeRule(report, ref.entry.rule) : judgeTest(report, ref.entry.test as string)
    if (judged?.stale === true) stale.push({ ...ref, why: judged.why, ...decision })
    else if (judged !== undefined) unmatched.push({ ...ref, why: judged.why })
  }
  const kindMismatch: KindMismatch[] = entries
    .filter((ref) => mismatched.has(ref))
    .map((ref) => {
      const failures = mismatched.get(ref) ?? []
      return {
        ...ref,
        failures,
        ...decisionOf(
          failures.map((f) => f.level),
          deciding,
        ),
      }
    })
  const decidingCount = (list: readonly { decides: boolean }[]): number => list.filter((e) => e.decides).length

  return {
    profile,
    ok: newFailures.length === 0 && decidingCount(expired) === 0 && decidingCount(kindMismatch) === 0 && (allowStale || decidingCount(stale) === 0),
    allowStale,
    newFailures,
    covered,
    stale,
    expired,
    kindMismatch,
    unmatched,
  }
}

/** The distinct `levels`, strongest first, and whether one of them is in `deciding`. */
function decisionOf(levels: readonly Level[], deciding: readonly Level[]): Decision {
  const distinct = LEVELS.filter((level) => levels.includes(level))
  return { decides: distinct.some((level) => deciding.includes(level)), levels: distinct }
}

/** Every failure of every failing rule, in report order. */
function failuresOf(report: GradeReport): BaselineFailure[] {
  const out: BaselineFailure[] = []
  for (const rule of report.rules) {
    if (rule.status !== 'fail') continue
    const failing = rule.tests.filter((t): t is TestEntry & { failure: NonNullable<TestEntry['failure']> } => t.outcome === 'fail' && t.failure !== undefined)
    if (failing.length === 0) {
      out.push({ rule: rule.id, level: rule.level, kind: 'crash', message: rule.reason ?? 'failed' })
      continue
    }
    for (const test of failing) {
      out.push({ rule: rule.id, level: rule.level, test: test.name, kind: failureKindOf(test.failure), message: firstLine(test.failure.message) })
    }
  }
  return out
}

/** `stale` with why, `unmatched` with why (as `stale: false`), or undefined while the rule fails. */
function judgeRule(report: GradeReport, id: string): { stale: boolean; why: string } | undefined {
  const rule = report.rules.find((r) => r.id === id)
  if (rule === undefined) return { stale: false, why: `${id} was not graded (outside the --rules selection)` }
  if (rule.status === 'fail') return undefined
  if (rule.status === 'pass') return { stale: true, why: `${id} passes now` }
  return { stale: false, why: `${id} is ${rule.status}${rule.reason === undefined ? '' : `: ${rule.reason}`}` }
}

function judgeTest(report: GradeReport, name: string): { stale: boolean; why: string } | undefined {
  const listings = report.rules.flatMap((rule) => rule.tests.filter((t) => t.name === name))
  if (listings.length === 0) return { stale: false, why: 'no test of that name is in this report (not selected, or renamed)' }
  if (listings.some((t) => t.outcome === 'fail')) return undefined
  if (listings.every((t) => t.outcome === 'pass')) return { stale: true, why: 'the test passes now' }
  return { stale: false, why: `the test did not run (${[...new Set(listings.map((t) => t.outcome))].join(', ')})` }
}

function dayOf(day: string | Date): string {
  return typeof day === 'string' ? day : day.toISOString().slice(0, 10)
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text
}
