import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { SLOW_SUITE_FILES, listedFirst } from './slow-first.ts'

const KIT = fileURLToPath(new URL('../../../', import.meta.url))

describe('conformance/grade/engine/slow-first', () => {
  it('moves the listed files to the front in their listed order and keeps the others in theirs', () => {
    const listed = ['x/slow', 'x/slower.test.ts', 'x/gone']
    const given = ['/k/b.test.ts', '/k/x/slow.test.js', '/k/a.test.ts', '/k/x/slower.test.ts', '/k/c.test.ts']
    const expected = ['/k/x/slow.test.js', '/k/x/slower.test.ts', '/k/b.test.ts', '/k/a.test.ts', '/k/c.test.ts']
    expect(listedFirst(given, listed, '/k', (path) => path)).toEqual(expected)
    expect(listedFirst(given, listed, '/k/', (path) => path)).toEqual(expected)
    expect(listedFirst(['/elsewhere/x/slow.test.ts', '/k/x/slow.test.ts'], listed, '/k', (path) => path)).toEqual([
      '/k/x/slow.test.ts',
      '/elsewhere/x/slow.test.ts',
    ])
  })

  it('lists suite files that exist, each once, the 5,000-level ones first', () => {
    expect(new Set(SLOW_SUITE_FILES).size).toBe(SLOW_SUITE_FILES.length)
    expect(SLOW_SUITE_FILES.filter((file) => !existsSync(`${KIT}${file}.test.ts`))).toEqual([])
    expect(SLOW_SUITE_FILES.slice(0, 3).sort()).toEqual([
      'conformance/suite/dsl.deep-args',
      'conformance/suite/jsv.deep-arrays',
      'conformance/suite/jsv.deep-objects',
    ])
  })
})
