/**
 * loadBaseline / parseBaseline: a valid file loads as is; every malformed
 * case is refused with a message naming the file, the entry and the field.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { BaselineError } from './baseline-error.ts'
import { baselineProfile } from './baseline-profile.ts'
import { loadBaseline, parseBaseline } from './load-baseline.ts'

const dir = mkdtempSync(join(tmpdir(), 'dsh-tck-baseline-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const ok = { rule: 'GRD-07', reason: 'not-implemented', kind: 'assertion' }
const withEntries = (...entries: unknown[]): string => JSON.stringify({ baselineVersion: '1', entries })

/** The message parseBaseline refuses `text` with (it must refuse with a BaselineError). */
function refusal(text: string): string {
  try {
    parseBaseline(text, 'baseline.json')
  } catch (error) {
    expect(error).toBeInstanceOf(BaselineError)
    return (error as Error).message
  }
  throw new Error('parseBaseline accepted it')
}

describe('valid baselines', () => {
  test('every field, both kinds of entry and both kinds of expiry load unchanged', () => {
    const entries = [
      { ...ok, link: 'https://example.org/issues/1', expires: { kitVersion: '0.2.0' }, note: 'soon' },
      { test: '[ERR-08, RES-01, FIN-02] E-01 every call resolves', reason: 'env', kind: 'timeout', expires: { date: '2027-02-28' } },
      { rule: 'PRE-15', reason: 'spec-dispute', kind: 'crash', link: 'docs/ADAPTER.md#upstream' },
    ]
    expect(parseBaseline(withEntries(...entries), 'b.json')).toEqual({ baselineVersion: '1', entries })
    expect(parseBaseline('{"$schema": "x", "baselineVersion": "1", "entries": []}', 'b.json').entries).toEqual([])
  })

  test('the profile it was written under loads as written; a file without one is read as spec', () => {
    for (const profile of ['spec', 'upstream'] as const) {
      expect(parseBaseline(JSON.stringify({ baselineVersion: '1', profile, entries: [ok] }), 'b.json')).toEqual({
        baselineVersion: '1',
        profile,
        entries: [ok],
      })
    }
    expect(baselineProfile(parseBaseline(withEntries(ok), 'b.json'))).toBe('spec')
    expect(baselineProfile(parseBaseline(JSON.stringify({ baselineVersion: '1', profile: 'upstream', entries: [] }), 'b.json'))).toBe('upstream')
  })

  test('a pre-release kit version is accepted', () => {
    const entry = { ...ok, expires: { kitVersion: '0.1.0-rc.1' } }
    expect(parseBaseline(withEntries(entry), 'b.json').entries).toEqual([entry])
  })

  test('a UTF-8 byte order mark before the JSON is ignored, in text and in a file', async () => {
    expect(parseBaseline(`\uFEFF${withEntries(ok)}`, 'b.json').entries).toEqual([ok])
    writeFileSync(join(dir, 'bom.json'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(withEntries(ok))]))
    expect((await loadBaseline('bom.json', dir)).entries).toEqual([ok])
  })

  test('loadBaseline reads a file relative to cwd', async () => {
    writeFileSync(join(dir, 'good.json'), withEntries(ok))
    expect((await loadBaseline('good.json', dir)).entries).toEqual([ok])
  })
})

describe('malformed baselines name the file, the entry and the field', () => {
  test.each([
    ['an unknown kind', withEntries({}, { ...ok, kind: 'flaky' }), 'baseline.json: entries[1] (GRD-07): "kind" must be one of assertion, timeout, crash'],
    [
      'an unknown reason',
      withEntries({ ...ok, reason: 'later' }),
      'baseline.json: entries[0] (GRD-07): "reason" must be one of not-implemented, spec-dispute, env',
    ],
    ['a missing kind', withEntries({ rule: 'GRD-07', reason: 'env' }), 'baseline.json: entries[0] (GRD-07): "kind" is missing'],
    ['neither rule nor test', withEntries({ reason: 'env', kind: 'crash' }), 'baseline.json: entries[0]: needs "rule" or "test"'],
    ['both rule and test', withEntries({ ...ok, test: '[GRD-07] x' }), 'baseline.json: entries[0] (GRD-07): has both "rule" and "test"; give exactly one'],
    ['a malformed rule ID', withEntries({ ...ok, rule: 'grd-7' }), 'baseline.json: entries[0] (grd-7): "rule" must be a rule ID like GRD-07 (got "grd-7")'],
    ['a rule not in the catalogue', withEntries({ ...ok, rule: 'GRD-99' }), 'baseline.json: entries[0] (GRD-99): "rule" GRD-99 is not a rule of the catalogue'],
    [
      'a test name without rule prefix',
      withEntries({ test: 'GRD-07 works', reason: 'env', kind: 'crash' }),
      'baseline.json: entries[0] ("GRD-07 works"): "test" must be a kit test name',
    ],
    [
      'a test naming an unknown rule',
      withEntries({ test: '[GRD-07, XYZ-01] t', reason: 'env', kind: 'crash' }),
      'baseline.json: entries[0] ("[GRD-07, XYZ-01] t"): "test" names XYZ-01, not a rule of the catalogue',
    ],
    ['an unknown field', withEntries({ ...ok, owner: 'me' }), 'baseline.json: entries[0] (GRD-07): unknown field "owner"'],
    [
      'an empty expires',
      withEntries({ ...ok, expires: {} }),
      'baseline.json: entries[0] (GRD-07): "expires" must have exactly one of "kitVersion", "date" and "suiteRevision"',
    ],
    [
      'two expiries',
      withEntries({ ...ok, expires: { date: '2027-01-01', kitVersion: '1.0.0' } }),
      'baseline.json: entries[0] (GRD-07): "expires" must have exactly one of "kitVersion", "date" and "suiteRevision"',
    ],
    [
      'a date of the wrong form',
      withEntries({ ...ok, expires: { date: 'next week' } }),
      'baseline.json: entries[0] (GRD-07): "expires.date" must be a date YYYY-MM-DD (got "next week")',
    ],
    [
      'a date that does not exist',
      withEntries({ ...ok, expires: { date: '2027-02-30' } }),
      'baseline.json: entries[0] (GRD-07): "expires.date" 2027-02-30 is not a calendar date',
    ],
    [
      'a kit version of the wrong form',
      withEntries({ ...ok, expires: { kitVersion: 'v1' } }),
      'baseline.json: entries[0] (GRD-07): "expires.kitVersion" must be a version x.y.z or x.y.z-pre (got "v1")',
    ],
    [
      'a kit version with build metadata',
      withEntries({ ...ok, expires: { kitVersion: '1.0.0+build' } }),
      '"expires.kitVersion" must be a version x.y.z or x.y.z-pre (got "1.0.0+build")',
    ],
    ['an unknown expiry', withEntries({ ...ok, expires: { when: 'later' } }), 'baseline.json: entries[0] (GRD-07): unknown field "expires.when"'],
    ['a link with spaces', withEntries({ ...ok, link: 'see the wiki' }), 'baseline.json: entries[0] (GRD-07): "link" must be a URI without spaces'],
    ['a note that is not text', withEntries({ ...ok, note: 3 }), 'baseline.json: entries[0] (GRD-07): "note" must be a string'],
    ['an entry that is not an object', withEntries(ok, 'GRD-08'), 'baseline.json: entries[1]: must be an object'],
    ['a duplicate rule', withEntries(ok, { ...ok, kind: 'crash' }), 'baseline.json: entries[1] (GRD-07): duplicates entries[0] (same "rule")'],
    [
      'a duplicate test',
      withEntries({ test: '[GRD-07] t', reason: 'env', kind: 'crash' }, { test: '[GRD-07] t', reason: 'env', kind: 'crash' }),
      'baseline.json: entries[1] ("[GRD-07] t"): duplicates entries[0] (same "test")',
    ],
    ['another format version', '{"baselineVersion": "2", "entries": []}', 'baseline.json: the baseline: "baselineVersion" must be "1"'],
    [
      'an unknown profile',
      '{"baselineVersion": "1", "profile": "strict", "entries": []}',
      'baseline.json: the baseline: "profile" must be one of spec, upstream',
    ],
    ['no entries', '{"baselineVersion": "1"}', 'baseline.json: the baseline: "entries" is missing'],
    ['a top level that is not an object', '[]', 'baseline.json: the baseline: must be an object'],
    ['text that is not JSON', '{"baselineVersion": ', 'baseline.json: not valid JSON: '],
  ])('%s', (_what, text, expected) => {
    expect(refusal(text)).toContain(expected)
  })

  test('every problem is listed, one per line, without a stack', () => {
    const lines = refusal(withEntries({ ...ok, kind: 'flaky' }, { ...ok, rule: 'GRD-08', reason: 'later' })).split('\n')
    expect(lines).toEqual([
      'baseline.json: entries[0] (GRD-07): "kind" must be one of assertion, timeout, crash',
      'baseline.json: entries[1] (GRD-08): "reason" must be one of not-implemented, spec-dispute, env',
    ])
  })

  test('the checks beyond the schema run too when the schema check fails, every problem in entry order', () => {
    const lines = refusal(
      withEntries(
        { ...ok, rule: 'GRD-99' },
        { ...ok, kind: 'flaky' },
        { ...ok, expires: { date: '2027-02-30' } },
        { test: '[XYZ-01] t', reason: 'later', kind: 'crash' },
        { ...ok, rule: 'grd-7' },
      ),
    ).split('\n')
    expect(lines).toEqual([
      'baseline.json: entries[0] (GRD-99): "rule" GRD-99 is not a rule of the catalogue (see dsh-tools-tck list-rules)',
      'baseline.json: entries[1] (GRD-07): "kind" must be one of assertion, timeout, crash',
      'baseline.json: entries[2] (GRD-07): "expires.date" 2027-02-30 is not a calendar date',
      'baseline.json: entries[2] (GRD-07): duplicates entries[1] (same "rule")',
      'baseline.json: entries[3] ("[XYZ-01] t"): "reason" must be one of not-implemented, spec-dispute, env',
      'baseline.json: entries[3] ("[XYZ-01] t"): "test" names XYZ-01, not a rule of the catalogue',
      'baseline.json: entries[4] (grd-7): "rule" must be a rule ID like GRD-07 (got "grd-7")',
    ])
  })

  test('a missing file and a directory name the file', async () => {
    await expect(loadBaseline('nowhere.json', dir)).rejects.toThrow(new BaselineError('nowhere.json', 'nowhere.json: cannot read the baseline: no such file'))
    await expect(loadBaseline('.', dir)).rejects.toThrow('.: cannot read the baseline: it is a directory')
  })
})
