import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { HEAVY_FILES, heavyFirst } from './vitest-heavy-first-sequencer.ts'

const KIT = fileURLToPath(new URL('..', import.meta.url))

describe('scripts/vitest-heavy-first-sequencer', () => {
  it('moves the listed files to the front in their listed order and keeps the others in theirs', () => {
    const given = ['/k/b.test.ts', `/k/${HEAVY_FILES[2]}`, '/k/a.test.ts', `/k/${HEAVY_FILES[0]}`, '/k/c.test.ts']
    expect(heavyFirst(given, '/k', (path) => path)).toEqual([`/k/${HEAVY_FILES[0]}`, `/k/${HEAVY_FILES[2]}`, '/k/b.test.ts', '/k/a.test.ts', '/k/c.test.ts'])
    expect(heavyFirst(given, '/k/', (path) => path)).toEqual(heavyFirst(given, '/k', (path) => path))
  })

  it('lists files that exist, each once', () => {
    expect(new Set(HEAVY_FILES).size).toBe(HEAVY_FILES.length)
    expect(HEAVY_FILES.filter((file) => !existsSync(KIT + file))).toEqual([])
  })
})
