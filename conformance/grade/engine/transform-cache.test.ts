import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, onTestFinished, test } from 'vitest'
import { CACHE_DIR_ENV, isKitModule, runTouchedCache, transformCacheDir } from './transform-cache.ts'

const scratch = mkdtempSync(join(tmpdir(), 'tck-cache-dir-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

test('by default one private folder per user, kit root and version, under the temporary folder, created on demand', () => {
  const made: (string | undefined)[] = []
  const dir = (root: string, version: string) => {
    const d = transformCacheDir(root, version, true, {})
    made.push(d)
    return d
  }
  onTestFinished(() => {
    for (const d of made) if (d !== undefined) rmSync(d, { recursive: true, force: true })
  })
  const a = dir('/kits/a/', '1.0.0')
  const user = process.getuid?.()
  expect(a).toMatch(new RegExp(`^${escaped(tmpdir())}/dsh-tools-tck-cache-${user ?? '[^/]+'}/[0-9a-f]{16}$`))
  expect(existsSync(a!)).toBe(true)
  if (user !== undefined) expect(statSync(join(a!, '..')).mode & 0o077, 'only its user may enter the folder').toBe(0)
  expect(dir('/kits/a/', '1.0.0')).toBe(a)
  expect(dir('/kits/b/', '1.0.0')).not.toBe(a)
  expect(dir('/kits/a/', '1.0.1')).not.toBe(a)
})

test('a default folder others may write is not used', () => {
  const user = process.getuid?.()
  if (user === undefined) return // no POSIX modes to check (Windows)
  const base = join(tmpdir(), `dsh-tools-tck-cache-${user}`)
  transformCacheDir('/kits/a/', '1.0.0', true, {})
  const mode = statSync(base).mode & 0o777
  chmodSync(base, 0o777)
  try {
    expect(transformCacheDir('/kits/a/', '1.0.0', true, {})).toBeUndefined()
  } finally {
    chmodSync(base, mode)
  }
  expect(transformCacheDir('/kits/a/', '1.0.0', true, {})).toMatch(/dsh-tools-tck-cache-/)
})

test(`${CACHE_DIR_ENV} names the folder or turns the cache off; enabled: false turns it off`, () => {
  const named = join(scratch, 'named', 'deeper')
  expect(transformCacheDir('/kits/a/', '1.0.0', true, { [CACHE_DIR_ENV]: named })).toBe(named)
  expect(existsSync(named)).toBe(true)
  expect(transformCacheDir('/kits/a/', '1.0.0', true, { [CACHE_DIR_ENV]: 'off' })).toBeUndefined()
  expect(transformCacheDir('/kits/a/', '1.0.0', false, { [CACHE_DIR_ENV]: named })).toBeUndefined()
  const fallback = transformCacheDir('/kits/empty-env/', '1.0.0', true, { [CACHE_DIR_ENV]: '' })
  expect(fallback, 'an empty value is the default').toMatch(/dsh-tools-tck-cache-/)
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

test("only the kit's own module folders are cached: never an adapter or what it imports", () => {
  for (const root of ['/k/', '/k']) {
    expect(isKitModule(root, '/k/conformance/suite/arg.test.ts')).toBe(true)
    expect(isKitModule(root, '/k/reference/json.ts?v=1')).toBe(true)
    expect(isKitModule(root, '/k/properties/_kit/law.ts')).toBe(true)
    expect(isKitModule(root, '/k/fixtures/broken/results-not-frozen.ts')).toBe(false)
    expect(isKitModule(root, '/k/my-adapter.ts')).toBe(false)
    expect(isKitModule(root, '/k/referenced/x.ts')).toBe(false)
    expect(isKitModule(root, '/elsewhere/conformance/x.ts')).toBe(false)
  }
})

test('a run that names the cache folder, or whose suite files or stray errors failed on a file, may have tripped over it', () => {
  const dir = '/tmp/dsh-tools-tck-cache-1/abc'
  const run = (moduleProblems: string[], unhandled: string[], tests: unknown[] = []) => ({
    moduleProblems: moduleProblems.map((message) => ({ file: 'x.test.ts', message })),
    unhandled: unhandled.map((message) => ({ error: { message } })),
    tests,
  })
  expect(runTouchedCache(run([`ENOENT: no such file or directory, open '${dir}/.tmp-1'`], []), dir)).toBe(true)
  expect(runTouchedCache(run(['EISDIR: illegal operation on a directory, read'], []), dir)).toBe(true)
  expect(runTouchedCache(run([], ['ENOSPC: no space left on device, write']), dir)).toBe(true)
  expect(runTouchedCache(run([], [], [{ failure: { message: `cannot read ${dir}/0a1b` } }]), dir)).toBe(true)
  expect(runTouchedCache(run(['SyntaxError: Unexpected token'], ['Error: boom']), dir)).toBe(false)
  // A registry's own file error inside a test is its business, not the cache's.
  expect(runTouchedCache(run([], [], [{ failure: { message: 'ENOENT: no such file, open /data/x' } }]), dir)).toBe(false)
})
