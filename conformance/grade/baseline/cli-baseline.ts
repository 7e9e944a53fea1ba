/**
 * The baseline side of `grade` (`--baseline`, `--update-baseline`,
 * `--allow-stale`), kept out of cli.ts: {@link prepareBaseline} runs before
 * the grade (so a bad flag or file costs no grade), {@link finishBaseline}
 * after it and decides the exit status.
 */
import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { LEVELS, failingLevels } from '../../catalogue/types.ts'
import type { Profile } from '../../catalogue/types.ts'
import { UsageError } from '../errors.ts'
import { failingLabel } from '../formats/verdict.ts'
import { oneLine } from '../text.ts'
import { writableTarget } from '../commands/writable-folder.ts'
import type { BaselineVerdict, GradeReport } from '../report.ts'
import { assertSameProfile, baselineProfile } from './baseline-profile.ts'
import { compareToBaseline } from './compare-baseline.ts'
import type { BaselineComparison } from './compare-baseline.ts'
import { loadBaseline } from './load-baseline.ts'
import { renderBaselineComparison } from './render-baseline.ts'
import type { Baseline } from './types.ts'
import { formatBaseline, planBaselineUpdate } from './update-baseline.ts'

export interface BaselineFlags {
  readonly baseline?: string
  readonly updateBaseline?: string
  readonly allowStale?: boolean
  /** The profile the grade will run under (`--profile`). Default: `spec`. */
  readonly profile?: Profile
}

/** What to do with the report once graded. */
export type BaselinePlan =
  | { readonly mode: 'compare'; readonly file: string; readonly baseline: Baseline; readonly allowStale: boolean }
  | { readonly mode: 'update'; readonly file: string; readonly target: string; readonly previous?: Baseline }

/**
 * Checks the flags and loads the files, before any grading. Resolves with
 * `undefined` when no baseline flag is given. Rejects with a `UsageError`
 * for a bad combination (`--baseline` with `--update-baseline`,
 * `--allow-stale` without `--baseline`, an empty file name, an unwritable
 * `--update-baseline` folder, a `--baseline` file written under another
 * profile than the grade's: the message names the file and both profiles),
 * and with a `BaselineError` when the `--baseline` file is missing or
 * invalid, or an existing `--update-baseline` file is invalid (its entries'
 * reasons and notes are kept, so it must load; it may have been written
 * under another profile, since rewriting is how a baseline changes profile).
 */
export async function prepareBaseline(flags: BaselineFlags, cwd: string): Promise<BaselinePlan | undefined> {
  if (flags.baseline !== undefined && flags.updateBaseline !== undefined)
    throw new UsageError('--baseline and --update-baseline cannot be combined: compare with one, or rewrite it')
  if (flags.allowStale === true && flags.baseline === undefined) throw new UsageError('--allow-stale only applies with --baseline <file>')
  if (flags.baseline !== undefined) {
    if (flags.baseline.trim() === '') throw new UsageError('--baseline needs a file name')
    const baseline = await loadBaseline(flags.baseline, cwd)
    assertSameProfile(baseline, flags.profile ?? 'spec', `--baseline ${flags.baseline}`)
    return { mode: 'compare', file: flags.baseline, baseline, allowStale: flags.allowStale === true }
  }
  if (flags.updateBaseline === undefined) return undefined
  const target = await writableTarget('--update-baseline', flags.updateBaseline, cwd)
  const previous = existsSync(target) ? await loadBaseline(flags.updateBaseline, cwd) : undefined
  return { mode: 'update', file: flags.updateBaseline, target, ...(previous === undefined ? {} : { previous }) }
}

/**
 * With `--baseline`: `report` with its {@link BaselineVerdict} (the
 * comparison's verdict line and the deciding failures it records), which the
 * outputs show and which decides the exit status; `report` as is otherwise.
 */
export function withBaselineVerdict(plan: BaselinePlan | undefined, report: GradeReport): GradeReport {
  if (plan?.mode !== 'compare') return report
  const comparison = compareToBaseline(report, plan.baseline, { allowStale: plan.allowStale })
  return { ...report, baseline: baselineVerdict(comparison, plan.file) }
}

function baselineVerdict(comparison: BaselineComparison, file: string): BaselineVerdict {
  const rendered = renderBaselineComparison(comparison, file).trimEnd().split('\n')
  const line = rendered[rendered.length - 1] ?? ''
  const known = comparison.covered.map((f) => ({ rule: f.rule, ...(f.test === undefined ? {} : { test: f.test }) }))
  return { file, ok: comparison.ok, line, known }
}

/**
 * After the grade: compares and prints the baseline section (exit 0 when
 * the comparison is ok, 1 otherwise), or writes the updated baseline
 * (exit 0 once written, 2 when it cannot be written), saying which profile
 * it was written for, how many entries it has, how many of the previous
 * file were kept unchanged (not graded in this run, or of rules of levels
 * that do not decide under the profile) and how many were dropped (no
 * longer failing). `stdout` gets the section, `stderr` a write error.
 */
export async function finishBaseline(
  plan: BaselinePlan,
  report: GradeReport,
  io: { readonly stdout: { write(text: string): unknown }; readonly stderr: { write(text: string): unknown } },
): Promise<0 | 1 | 2> {
  if (plan.mode === 'compare') {
    const comparison = compareToBaseline(report, plan.baseline, { allowStale: plan.allowStale })
    io.stdout.write(renderBaselineComparison(comparison, plan.file))
    return comparison.ok ? 0 : 1
  }
  const update = planBaselineUpdate(report, plan.previous)
  const { baseline } = update
  try {
    await writeFile(plan.target, formatBaseline(baseline))
  } catch (error) {
    io.stderr.write(`dsh-tools-tck: cannot write the baseline to ${plan.target}: ${oneLine(error)}\n`)
    return 2
  }
  const profile = baselineProfile(baseline)
  const others = LEVELS.filter((level) => !failingLevels(profile).includes(level)).join(' or ')
  const notDeciding = update.keptNotDeciding === 0 ? '' : `, ${update.keptNotDeciding} of ${others} rules kept unchanged`
  io.stdout.write(
    `\nBaseline ${plan.file} written for --profile ${profile}: ${baseline.entries.length} entr${baseline.entries.length === 1 ? 'y' : 'ies'} (the ${failingLabel(profile)} failures of this grade; ${update.keptNotGraded} kept unchanged as not graded${notDeciding}, ${update.dropped} dropped as no longer failing)\n`,
  )
  return 0
}
