import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { HEAVY_FILES } from './vitest-heavy-first-sequencer.ts'

const KIT = fileURLToPath(new URL('..', import.meta.url))

describe('scripts/vitest-heavy-first-sequencer', () => {
  it('lists files that exist, each once', () => {
    expect(new Set(HEAVY_FILES).size).toBe(HEAVY_FILES.length)
    expect(HEAVY_FILES.filter((file) => !existsSync(KIT + file))).toEqual([])
  })
})
