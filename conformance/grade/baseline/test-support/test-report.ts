/**
 * Test support: a synthetic grade report with just the fields the baseline
 * comparison and update read. Not a test file itself.
 */
import type { Level, Profile } from '../../../catalogue/types.ts'
import type { FailureKind, GradeReport, RuleStatus, TestOutcome } from '../../report.ts'

export interface FakeTest {
  readonly name: string
  readonly outcome: TestOutcome
  /** The failure's kind (default `assertion`); `null` leaves it out, as an older report would. */
  readonly kind?: FailureKind | null
  readonly message?: string
}

export interface FakeRule {
  readonly id: string
  readonly level?: Level
  readonly status: RuleStatus
  readonly reason?: string
  readonly tests?: readonly FakeTest[]
}

/** A report of `rules` graded by kit `version` (default 0.1.0) under `profile` (default `spec`). */
export function fakeReport(rules: readonly FakeRule[], version = '0.1.0', profile: Profile = 'spec'): GradeReport {
  return {
    kit: { name: 'dsh-tools-tck', version },
    options: { rules: null, profile },
    rules: rules.map((rule) => ({
      id: rule.id,
      level: rule.level ?? 'must',
      status: rule.status,
      ...(rule.reason === undefined ? {} : { reason: rule.reason }),
      tests: (rule.tests ?? []).map((t) => ({
        name: t.name,
        file: 'conformance/suite/x.test.ts',
        outcome: t.outcome,
        durationMs: 1,
        ...(t.outcome === 'fail'
          ? { failure: { message: t.message ?? `${t.name} broke\nsecond line`, ...(t.kind === null ? {} : { kind: t.kind ?? 'assertion' }) } }
          : {}),
      })),
    })),
  } as unknown as GradeReport
}

/** `[ID] t<n>`: a test name of rule `id`. */
export const testOf = (id: string, n = 1): string => `[${id}] t${n}`
