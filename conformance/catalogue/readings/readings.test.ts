/**
 * The catalogue against its independent readings (issue 37, part 5): every
 * must rule was read, as it now stands, by a reviewer who did not write it;
 * the rules found to demand more than their quotes are exactly the listed
 * ones, and that list only shrinks.
 */
import { expect, test } from 'vitest'
import { RULES } from '../index.ts'
import { statementFingerprint } from './fingerprint.ts'
import { NOT_YET_DEMANDED } from './not-yet-demanded.ts'
import { readings } from './readings.ts'

const must = RULES.filter((rule) => rule.level === 'must')
const VERDICTS = ['demanded', 'more', 'nothing']

test('every reading is well formed and names a rule once', () => {
  const ids = readings().map((reading) => reading.id)
  expect(new Set(ids).size, 'one reading per rule').toBe(ids.length)
  for (const reading of readings()) {
    expect(VERDICTS, reading.id).toContain(reading.verdict)
    expect(reading.fingerprint, reading.id).toMatch(/^[0-9a-f]{12}$/)
    expect(Array.isArray(reading.extras), reading.id).toBe(true)
    if (reading.verdict === 'more') expect(reading.extras.length, `${reading.id}: a "more" reading names its extras`).toBeGreaterThan(0)
  }
})

test('every must rule has an independent reading of its current statement and quotes', () => {
  const byId = new Map(readings().map((reading) => [reading.id, reading]))
  const unread = must.filter((rule) => !byId.has(rule.id)).map((rule) => rule.id)
  expect(unread, 'must rules no reviewer has read (have one who did not write them read them against their quotes)').toEqual([])
  const stale = must.filter((rule) => byId.get(rule.id)?.fingerprint !== statementFingerprint(rule)).map((rule) => rule.id)
  expect(stale, 'must rules whose statement or quotes changed since they were read: read them again').toEqual([])
})

test('readings name only must rules (a rule that left the must level drops its reading)', () => {
  const mustIds = new Set<string>(must.map((rule) => rule.id))
  expect(
    readings()
      .filter((reading) => !mustIds.has(reading.id))
      .map((reading) => reading.id),
  ).toEqual([])
})

test('the must rules not demanded as written are exactly the listed ones, and the list only shrinks', () => {
  const notDemanded = readings()
    .filter((reading) => reading.verdict !== 'demanded')
    .map((reading) => reading.id)
  expect(
    notDemanded.filter((id) => !NOT_YET_DEMANDED.includes(id)),
    'must rules that demand more than their quotes: narrow, split or move them (a new must rule must be demanded as written)',
  ).toEqual([])
  expect(
    NOT_YET_DEMANDED.filter((id) => !notDemanded.includes(id)),
    'listed rules now read as demanded: remove them from not-yet-demanded.ts',
  ).toEqual([])
})
