/**
 * A baseline: the failures that decide the verdict (those of the levels
 * that fail a registry under the grade's profile, `failingLevels`: `must`
 * rules under `spec`, `must` and `upstream` rules under `upstream`) that a
 * registry is known to have today, so that `grade --baseline <file>` stops
 * CI on any new failure only, and says when a known one starts passing. The
 * JSON form is `baseline.schema.json` next to this file; docs/BASELINE.md
 * explains each field and the comparison.
 */
import type { Profile, RuleId } from '../../catalogue/types.ts'
import type { FailureKind } from '../report.ts'

/** Version of the baseline format. */
export const BASELINE_VERSION = '1'

/** Why a failure is accepted for now. */
export type BaselineReason = 'not-implemented' | 'spec-dispute' | 'env'

/** When an entry stops being accepted: exactly one of the two. */
export type BaselineExpiry =
  | { readonly kitVersion: string; readonly date?: never; readonly suiteRevision?: never }
  | { readonly date: string; readonly kitVersion?: never; readonly suiteRevision?: never }
  | { readonly suiteRevision: string; readonly kitVersion?: never; readonly date?: never }

/** Fields every entry has, whatever it covers. */
interface EntryFields {
  readonly reason: BaselineReason
  /** The kind of failure expected (the report's `failure.kind`). */
  readonly kind: FailureKind
  /** Where the failure is tracked or explained (a URI, or a reference relative to the file). */
  readonly link?: string
  readonly expires?: BaselineExpiry
  readonly note?: string
}

/** Covers every failing test of one rule (and the rule failing with no failing test). */
export interface RuleBaselineEntry extends EntryFields {
  readonly rule: RuleId
  readonly test?: never
}

/** Covers one kit test, by its exact name (`[IDs] title`). */
export interface TestBaselineEntry extends EntryFields {
  readonly test: string
  readonly rule?: never
}

export type BaselineEntry = RuleBaselineEntry | TestBaselineEntry

export interface Baseline {
  readonly baselineVersion: typeof BASELINE_VERSION
  /**
   * The profile the baseline was written under: only a grade of the same
   * profile can be compared with it. `--update-baseline` always writes it;
   * a file without it (written before baselines recorded one) is `spec`
   * (see `baselineProfile`).
   */
  readonly profile?: Profile
  readonly entries: readonly BaselineEntry[]
}

/** How an entry is named in messages: its rule ID, or its test name in quotes. */
export function entryLabel(entry: BaselineEntry): string {
  return entry.rule ?? `"${entry.test}"`
}
