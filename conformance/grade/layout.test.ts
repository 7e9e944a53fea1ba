/**
 * The layout of `conformance/grade/`, as imports: the engine (`engine/`: run
 * the suite, build the report) knows nothing of the command line
 * (`cli.ts`, `commands/`), the output formats (`formats/`) know nothing of
 * the command line either, and nothing outside `grade/` reaches into the
 * command line's parts. (Tests may drive the command line from anywhere.)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const KIT = fileURLToPath(new URL('../../', import.meta.url))
const GRADE = 'conformance/grade'
const SKIP = new Set(['node_modules', 'dist', 'reports', '.git'])

/** Every TypeScript source of the kit, as a path relative to the kit root. */
function sources(folder = ''): string[] {
  return readdirSync(join(KIT, folder)).flatMap((name) => {
    if (SKIP.has(name) || name.startsWith('.')) return []
    const path = folder === '' ? name : `${folder}/${name}`
    if (statSync(join(KIT, path)).isDirectory()) return sources(path)
    return /\.(m?ts|mjs)$/.test(name) ? [path] : []
  })
}

/** The kit files a source imports by a relative path, relative to the kit root. */
function importsOf(path: string): string[] {
  const text = readFileSync(join(KIT, path), 'utf8')
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1] as string)
  return specifiers.map((s) =>
    relative(KIT, resolve(KIT, dirname(path), s))
      .split('\\')
      .join('/'),
  )
}

const ALL = sources()
const isCommandLine = (path: string): boolean => path === `${GRADE}/cli.ts` || path.startsWith(`${GRADE}/commands/`)
const offending = (from: (path: string) => boolean, to: (path: string) => boolean): string[] =>
  ALL.filter(from).flatMap((path) =>
    importsOf(path)
      .filter(to)
      .map((target) => `${path} -> ${target}`),
  )

test('grade/ has no catch-all internal folder', () => {
  expect(ALL.filter((path) => path.startsWith(`${GRADE}/internal/`))).toEqual([])
})

test('the engine imports nothing from the command line or the output formats', () => {
  const engine = (path: string): boolean => path.startsWith(`${GRADE}/engine/`) && !path.endsWith('.test.ts')
  expect(offending(engine, isCommandLine)).toEqual([])
  expect(offending(engine, (path) => path.startsWith(`${GRADE}/formats/`) && !path.endsWith('/verdict.ts'))).toEqual([])
})

test('the output formats import nothing from the command line', () => {
  expect(offending((path) => path.startsWith(`${GRADE}/formats/`) && !path.endsWith('.test.ts'), isCommandLine)).toEqual([])
})

test('outside grade/, only the test-index generator imports a command-line part', () => {
  const outside = (path: string): boolean => !path.startsWith(`${GRADE}/`) && path !== 'scripts/test-index.ts'
  expect(offending(outside, (path) => path.startsWith(`${GRADE}/commands/`))).toEqual([])
})
