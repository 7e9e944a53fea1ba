/**
 * The `--rules` selection and the test-name pattern derived from it.
 */
import { describe, expect, test } from 'vitest'
import { RULES, rulesOfArea } from '../catalogue/index.ts'
import { UsageError } from './errors.ts'
import { namePatternFor, selectRules } from './engine/select-rules.ts'

const [first, second] = RULES
if (first === undefined || second === undefined) throw new Error('the catalogue needs two rules')

describe('selectRules', () => {
  test('no selection means every rule', () => {
    expect(selectRules(undefined)).toBe(RULES)
  })

  test('IDs and AREA-* select those rules, in catalogue order, case-insensitively', () => {
    const area = second.area
    const selected = selectRules([`${area.toLowerCase()}-*`, first.id])
    const expected = RULES.filter((r) => r === first || r.area === area)
    expect(selected).toEqual(expected)
  })

  test('unknown IDs and areas are usage errors naming every bad entry', () => {
    expect(() => selectRules(['NOPE-1', first.id, 'ZZZ-*'])).toThrow(UsageError)
    expect(() => selectRules(['NOPE-1', first.id, 'ZZZ-*'])).toThrow(/"NOPE-1", "ZZZ-\*" are not a rule ID/)
  })

  test('an empty selection is a usage error', () => {
    expect(() => selectRules([' ', ''])).toThrow('--rules selects no rule')
  })
})

describe('namePatternFor', () => {
  const [a, b] = rulesOfArea(first.area)
  const pattern = namePatternFor([first])

  test('matches a test whose [IDs] prefix names a selected rule, wherever it stands in the list', () => {
    expect(pattern.test(`[${first.id}] title`)).toBe(true)
    expect(pattern.test(`[${second.id}, ${first.id}] title`)).toBe(true)
    expect(pattern.test(`conformance/suite/x.test.ts some describe [${first.id}, ${second.id}] title`)).toBe(true)
  })

  test('does not match other rules, or IDs that merely share a prefix', () => {
    expect(pattern.test(`[${second.id}] title`)).toBe(false)
    expect(pattern.test(`[${first.id}0] title`)).toBe(false)
    expect(pattern.test(`[X${first.id}] title`)).toBe(false)
    if (a !== undefined && b !== undefined) expect(namePatternFor([a]).test(`[${b.id}] t`)).toBe(a.id === b.id)
  })
})
