/**
 * The verdict of a report under its profile, worded once for every output
 * (console, JUnit, Markdown, HTML, badge, matrix, baseline): the profile,
 * which levels decide, their counts taken together, and the failing rules
 * split into those that decide and the deviations that do not.
 */
import { LEVELS, failingLevels } from '../../catalogue/types.ts'
import type { Level, Profile } from '../../catalogue/types.ts'
import type { GradeReport, LevelCounts, RuleEntry } from '../report.ts'

/** Counts of a level with no rules (an older report has no `upstream` counts). */
export const NO_RULES: LevelCounts = { rules: 0, pass: 0, fail: 0, vacuous: 0, blocked: 0, notApplicable: 0, untestable: 0 }

/** Rule counts by level, as `summary` and each `summary.areas` entry hold them (`upstream` absent before format 1.9). */
export interface CountsByLevel {
  readonly must: LevelCounts
  readonly upstream?: LevelCounts
  readonly should: LevelCounts
}

/** A group of failing rules of one level that does not decide the verdict under the report's profile. */
export interface DeviationGroup {
  readonly level: Level
  /** `Upstream-level deviations`, `Should-level deviations`. */
  readonly title: string
  /** Why they do not fail the registry, in a few words. */
  readonly note: string
  readonly rules: readonly RuleEntry[]
}

/** The failing rules of a report, split by whether their level decides under its profile. */
export interface VerdictGroups {
  /** Failing rules of the levels that decide, in report order. */
  readonly failing: readonly RuleEntry[]
  /** Failing rules of the other levels, one group per level with any, strongest level first. */
  readonly deviations: readonly DeviationGroup[]
}

/** Why a failing rule of a level that does not decide under a profile does not fail the registry. */
const DEVIATION_NOTES: Readonly<Record<Level, string>> = {
  must: 'these fail the registry under every profile',
  upstream: 'behaviour only upstream 0.1.1-rc.2 pins; these fail the registry only under --profile upstream',
  should: 'these do not fail the registry',
}

/** What each profile holds a registry to. */
const PROFILE_DESCRIPTIONS: Readonly<Record<Profile, string>> = {
  spec: 'the seeds: must rules decide the verdict',
  upstream: 'drop-in compatibility with upstream 0.1.1-rc.2: must and upstream rules decide the verdict',
}

/**
 * The profile `report` was graded under: `options.profile`, or `spec` when
 * it names none (a report written before format 1.9 graded as `spec`; a
 * hand-built partial report without `options` is read the same way).
 */
export function profileOf(report: Pick<GradeReport, 'options'>): Profile {
  return (report.options as GradeReport['options'] | undefined)?.profile ?? 'spec'
}

/** What `profile` holds a registry to, in a few words: `the seeds: must rules decide the verdict`, ... */
export function profileDescription(profile: Profile): string {
  return PROFILE_DESCRIPTIONS[profile]
}

/** The levels that decide under `profile`, in words: `must`, or `must and upstream`. */
export function failingLabel(profile: Profile): string {
  return failingLevels(profile).join(' and ')
}

/** The counts of `level` in `counts`; {@link NO_RULES} for `upstream` in a report before format 1.9. */
export function countsOf(counts: CountsByLevel, level: Level): LevelCounts {
  return counts[level] ?? NO_RULES
}

/** The counts of the levels that decide under `profile` (see `failingLevels`), added field by field. */
export function decidingCounts(counts: CountsByLevel, profile: Profile): LevelCounts {
  return failingLevels(profile)
    .map((level) => countsOf(counts, level))
    .reduce(
      (sum, c) => ({
        rules: sum.rules + c.rules,
        pass: sum.pass + c.pass,
        fail: sum.fail + c.fail,
        vacuous: sum.vacuous + c.vacuous,
        blocked: sum.blocked + c.blocked,
        notApplicable: sum.notApplicable + c.notApplicable,
        untestable: sum.untestable + c.untestable,
      }),
      NO_RULES,
    )
}

/**
 * The failing rules of `report` that decide its verdict under its profile,
 * and the deviations, grouped by level (strongest first, groups without
 * rules left out): under `spec` the failing upstream rules, titled
 * `Upstream-level deviations` with the note that they fail the registry
 * only under `--profile upstream`, then the failing should rules; under
 * `upstream` the failing should rules only. Pure.
 */
export function verdictGroups(report: GradeReport): VerdictGroups {
  const deciding = failingLevels(profileOf(report))
  const failed = report.rules.filter((r) => r.status === 'fail')
  const deviations = LEVELS.filter((level) => !deciding.includes(level))
    .map(
      (level): DeviationGroup => ({
        level,
        title: `${capitalised(level)}-level deviations`,
        note: DEVIATION_NOTES[level],
        rules: failed.filter((r) => r.level === level),
      }),
    )
    .filter((group) => group.rules.length > 0)
  return { failing: failed.filter((r) => deciding.includes(r.level)), deviations }
}

/**
 * The summary's counts of failing rules that do not decide under the
 * report's profile, in words, strongest level first, zero counts left out:
 * `["2 upstream-level deviations", "1 should-level deviation"]`.
 */
export function deviationCounts(report: GradeReport): string[] {
  const deciding = failingLevels(profileOf(report))
  return LEVELS.filter((level) => !deciding.includes(level))
    .map((level) => [level, countsOf(report.summary, level).fail] as const)
    .filter(([, fail]) => fail > 0)
    .map(([level, fail]) => `${fail} ${level}-level deviation${fail === 1 ? '' : 's'}`)
}

function capitalised(word: string): string {
  return `${word.charAt(0).toUpperCase()}${word.slice(1)}`
}
