/**
 * A level's rule counts in a few words, for the matrix pages.
 */
import type { LevelCounts } from '../report.ts'

/** The level counts a person reads, with their short labels, in display order. */
export const COUNT_LABELS = [
  ['pass', 'pass'],
  ['fail', 'fail'],
  ['vacuous', 'vacuous'],
  ['notApplicable', 'n/a'],
  ['untestable', 'untestable'],
] as const satisfies readonly (readonly [keyof LevelCounts, string])[]

/**
 * `"12 pass, 1 fail, 2 n/a"`: every non-zero count of pass, fail, vacuous,
 * n/a and untestable, in that order; `"none"` when all are zero. Plain text.
 */
export function countsText(counts: LevelCounts): string {
  const parts = COUNT_LABELS.filter(([key]) => counts[key] > 0).map(([key, word]) => `${counts[key]} ${word}`)
  return parts.length === 0 ? 'none' : parts.join(', ')
}
