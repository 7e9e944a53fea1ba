/**
 * `readings()`: the independent readings of the must rules (issue 37),
 * `readings.json` beside this file. Each says whether a reviewer who did not
 * write the rule, and had read only the seeds and the rule, found its
 * statement demanded by its quotes, and against which statement
 * ({@link statementFingerprint}). `readings.test.ts` holds the catalogue to
 * them: every must rule has a reading of its current statement, and the
 * rules not yet demanded as written are exactly those listed in
 * `not-yet-demanded.ts`, a list that may only shrink.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { $JSON } from '../../suite/_kit/intrinsics.ts'

/** What the reviewer found. */
export type ReadingVerdict = 'demanded' | 'more' | 'nothing'

/** One part of a statement its quotes do not demand. */
export interface ReadingExtra {
  readonly part: string
  readonly why: string
  /** The open point it picks a side of, when the seeds leave one. */
  readonly openPoint: string | null
  readonly choices?: readonly string[]
}

export interface Reading {
  readonly id: string
  /** {@link statementFingerprint} of the rule as read. */
  readonly fingerprint: string
  readonly verdict: ReadingVerdict
  readonly extras: readonly ReadingExtra[]
  /** Seed passages that disagree on the rule's subject, if the reviewer found any. */
  readonly contradiction: string | null
  /** The must statement the reviewer proposes, for a rule that demands more. */
  readonly narrowed: string | null
  readonly notes: string
}

/** The readings file. */
export const READINGS_FILE = fileURLToPath(new URL('./readings.json', import.meta.url))

let cached: readonly Reading[] | undefined

/** Every reading, in catalogue order; read once. Throws, naming the file, when it is missing or malformed. */
export function readings(): readonly Reading[] {
  if (cached !== undefined) return cached
  const parsed = $JSON.parse(readFileSync(READINGS_FILE, 'utf8')) as { readings?: unknown }
  if (!Array.isArray(parsed.readings)) throw new Error(`${READINGS_FILE}: no "readings" array`)
  cached = parsed.readings as Reading[]
  return cached
}

/** The reading of rule `id`, if there is one. */
export function readingOf(id: string): Reading | undefined {
  return readings().find((reading) => reading.id === id)
}
