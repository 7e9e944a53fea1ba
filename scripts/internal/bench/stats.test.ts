import { describe, expect, it } from 'vitest'
import { formatMicros, formatRatio, formatTable, median, parseRuns } from './stats.ts'

describe('bench stats helpers', () => {
  it('median of odd and even counts, unsorted input', () => {
    expect(median([5, 1, 3])).toBe(3)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(() => median([])).toThrow(/empty/)
  })
  it('formats micros and ratios', () => {
    expect(formatMicros(0.41234)).toBe('0.412 µs')
    expect(formatMicros(1240.4)).toBe('1,240 µs')
    expect(formatRatio(30, 10)).toBe('3.00×')
    expect(formatRatio(1000, 2)).toBe('500×')
    expect(formatRatio(1, 0)).toBe('n/a')
  })
  it('aligns a table', () => {
    expect(
      formatTable([
        ['a', '1'],
        ['bbb', '22'],
      ]),
    ).toBe('a     1\nbbb  22')
  })
  it('parses --runs and rejects bad values', () => {
    expect(parseRuns([])).toBe(3)
    expect(parseRuns(['--runs', '5'])).toBe(5)
    expect(parseRuns(['--runs=2'])).toBe(2)
    expect(() => parseRuns(['--runs', '0'])).toThrow(/--runs must be a positive whole number \(got "0"\)/)
    expect(() => parseRuns(['--runs'])).toThrow(/got nothing/)
  })
})
