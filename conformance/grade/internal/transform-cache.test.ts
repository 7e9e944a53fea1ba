import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, onTestFinished, test } from 'vitest'
import { CACHE_DIR_ENV, transformCacheDir } from './transform-cache.ts'

const scratch = mkdtempSync(join(tmpdir(), 'tck-cache-dir-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

test('by default one folder per kit root and version, under the temporary folder, created on demand', () => {
  const made: (string | undefined)[] = []
  const dir = (root: string, version: string) => {
    const d = transformCacheDir(root, version, true, {})
    made.push(d)
    return d
  }
  onTestFinished(() => made.forEach((d) => d !== undefined && rmSync(d, { recursive: true, force: true })))
  const a = dir('/kits/a/', '1.0.0')
  expect(a).toMatch(new RegExp(`^${tmpdir().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/dsh-tools-tck-cache/[0-9a-f]{16}$`))
  expect(existsSync(a!)).toBe(true)
  expect(dir('/kits/a/', '1.0.0')).toBe(a)
  expect(dir('/kits/b/', '1.0.0')).not.toBe(a)
  expect(dir('/kits/a/', '1.0.1')).not.toBe(a)
})

test(`${CACHE_DIR_ENV} names the folder or turns the cache off; enabled: false turns it off`, () => {
  const named = join(scratch, 'named', 'deeper')
  expect(transformCacheDir('/kits/a/', '1.0.0', true, { [CACHE_DIR_ENV]: named })).toBe(named)
  expect(existsSync(named)).toBe(true)
  expect(transformCacheDir('/kits/a/', '1.0.0', true, { [CACHE_DIR_ENV]: 'off' })).toBeUndefined()
  expect(transformCacheDir('/kits/a/', '1.0.0', false, { [CACHE_DIR_ENV]: named })).toBeUndefined()
  const fallback = transformCacheDir('/kits/empty-env/', '1.0.0', true, { [CACHE_DIR_ENV]: '' })
  expect(fallback, 'an empty value is the default').toMatch(/dsh-tools-tck-cache/)
  rmSync(fallback!, { recursive: true, force: true })
})

test('a folder that cannot be made or written means no cache, not an error', () => {
  const file = join(scratch, 'a-file')
  writeFileSync(file, '')
  expect(transformCacheDir('/kits/a/', '1.0.0', true, { [CACHE_DIR_ENV]: join(file, 'below') })).toBeUndefined()
  if (process.getuid?.() === 0) return // root writes anywhere: the read-only case cannot be made here
  const locked = join(scratch, 'locked')
  transformCacheDir('/kits/a/', '1.0.0', true, { [CACHE_DIR_ENV]: locked })
  chmodSync(locked, 0o500)
  expect(transformCacheDir('/kits/a/', '1.0.0', true, { [CACHE_DIR_ENV]: locked })).toBeUndefined()
  chmodSync(locked, 0o700)
})
