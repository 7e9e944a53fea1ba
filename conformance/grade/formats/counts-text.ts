/**
 * A level's rule counts in a few words, for the matrix pages.
 */
import { LEVELS } from '../../catalogue/types.ts'
import type { LevelCounts } from '../report.ts'
import { countsOf } from './verdict.ts'
import type { CountsByLevel } from './verdict.ts'

/** The level counts a person reads, with their short labels, in display order. */
export const COUNT_LABELS = [
  ['pass', 'pass'],
  ['fail', 'fail'],
  ['blocked', 'blocked'],
  ['vacuous', 'vacuous'],
  ['notApplicable', 'n/a'],
  ['untestable', 'untestable'],
] as const satisfies readonly (readonly [keyof LevelCounts, string])[]

/**
 * `"12 pass, 1 fail, 2 n/a"`: every non-zero count of pass, fail, blocked,
 * vacuous, n/a and untestable, in that order; `"none"` when all are zero. Plain text.
 */
export function countsText(counts: LevelCounts): string {
  const parts = COUNT_LABELS.filter(([key]) => counts[key] > 0).map(([key, word]) => `${counts[key]} ${word}`)
  return parts.length === 0 ? 'none' : parts.join(', ')
}

/**
 * `"must: 12 pass, 1 fail<br>upstream: none<br>should: 2 pass"`: the
 * {@link countsText} of every level (must, upstream, should; zero upstream
 * counts for a report before format 1.9), one per line, joined with `<br>`.
 * Nothing in it needs escaping, in HTML or in a Markdown table cell.
 */
export function levelCountsText(counts: CountsByLevel): string {
  return LEVELS.map((level) => `${level}: ${countsText(countsOf(counts, level))}`).join('<br>')
}
