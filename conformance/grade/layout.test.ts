/**
 * The layout of `conformance/grade/`, as imports: the engine (`engine/`: run
 * the suite, build the report) knows nothing of the command line
 * (`cli.ts`, `commands/`), the output formats (`formats/`) know nothing of
 * the command line either, and nothing outside `grade/` reaches into its
 * folders: the rest of the kit goes through `grade/index.ts`, which loads
 * neither vitest nor tsd. (Tests may drive the command line from anywhere.)
 * And the grade's settings reach the test workers one way: no worker-side
 * module reads a `DSH_TCK_*` variable (suite/_kit/settings.ts).
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
    return /\.(m?ts|[cm]?js)$/.test(name) ? [path] : []
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

/**
 * The modules that run in a test worker, tests included: the suite, the laws, their fixtures, the embedding,
 * the grade's worker setup file, the reference and the fixture registries.
 */
const WORKER_SIDE = [
  'conformance/suite/',
  'properties/',
  'conformance/fixtures/',
  'conformance/vitest/',
  `${GRADE}/engine/warm-adapter.ts`,
  'reference/',
  'fixtures/',
]
/**
 * A registry under test may read its own variables: the deaf-listener adapter logs the tests it
 * saw to the file DSH_TCK_DEAF_LOG names, which its own test sets and reads. It is the graded registry, not a kit setting.
 */
const OWN_VARIABLES = new Set(['fixtures/adapters/deaf-listeners.ts', 'fixtures/adapters/deaf-listeners.test.ts'])

/** `process.env.DSH_TCK_…`, `process.env['DSH_TCK_…']`, `{ DSH_TCK_… } = process.env`, or `env` taken from `node:process`. */
const READS_KIT_ENV =
  /process\.env\s*(?:\??\.\s*DSH_TCK_|\[\s*['"`]DSH_TCK_)|\{[^}]*\bDSH_TCK_\w*[^}]*\}\s*=\s*process\.env\b|import\s*\{[^}]*\benv\b[^}]*\}\s*from\s*['"](?:node:)?process['"]/

test('no worker-side module reads a DSH_TCK_ variable: the adapter and the settings reach the workers as the suite settings only', () => {
  const readers = ALL.filter((path) => WORKER_SIDE.some((dir) => path.startsWith(dir)) && !OWN_VARIABLES.has(path)).filter((path) =>
    READS_KIT_ENV.test(readFileSync(join(KIT, path), 'utf8')),
  )
  expect(readers).toEqual([])
})

/**
 * A call of a global built-in the kit captured (suite/_kit/intrinsics.ts): the suite and the laws judge
 * with the captured copies (`$Object.isFrozen`, `$Array.isArray`, `$JSON.stringify`, ...), which a registry
 * that patches the global cannot change. Comment lines are not code.
 */
const CAPTURED_GLOBAL_CALL =
  /(?<![\w$.])(?:Object\.(?:isFrozen|isExtensible|freeze|keys|values|entries|fromEntries|getPrototypeOf|getOwnPropertyDescriptor|getOwnPropertyNames|getOwnPropertySymbols|hasOwn|is)|Array\.isArray|JSON\.(?:stringify|parse)|Reflect\.\w+|structuredClone|Number\.(?:isFinite|isInteger|isSafeInteger))\(/

test('the suite, the laws and their kit judge with the captured built-ins, never the globals a registry may patch', () => {
  const code = (path: string): string =>
    readFileSync(join(KIT, path), 'utf8')
      .split('\n')
      .filter((line) => !/^\s*(?:\*|\/\/|\/\*)/.test(line))
      .join('\n')
  const calling = ALL.filter((path) => ['conformance/suite/', 'properties/'].some((dir) => path.startsWith(dir)) && /\.[jt]s$/.test(path))
    .filter((path) => path !== 'conformance/suite/_kit/intrinsics.ts')
    .filter((path) => CAPTURED_GLOBAL_CALL.test(code(path)))
  expect(calling).toEqual([])
  for (const text of ['Object.isFrozen(x)', 'if (!Array.isArray(v))', 'label(JSON.stringify(v))', 'Reflect.ownKeys(o)', 'structuredClone(v)']) {
    expect(CAPTURED_GLOBAL_CALL.test(text), text).toBe(true)
  }
  for (const text of ['$Object.isFrozen(x)', '$Array.isArray(v)', 'captured.JSON.stringify(v)', 'Object.assign(v)']) {
    expect(CAPTURED_GLOBAL_CALL.test(text), text).toBe(false)
  }
})

/** Files that name grade's folders as packaging paths (what to copy or write into dist/), not as imports. */
const PACKAGING = new Set(['scripts/build-package.mjs'])

test('outside grade/, no string names a module of its folders (test files aside), so no dynamic import or URL reaches past its door either', () => {
  const naming = ALL.filter((path) => !path.startsWith(`${GRADE}/`) && !PACKAGING.has(path) && path !== `${GRADE}/layout.test.ts`).filter((path) =>
    /['"`][^'"`\n]*grade\/(?:engine|commands|formats|baseline|test-support)\/[^'"`\n]*(?<!\.test)\.(?:m?[jt]s|json)['"`]/.test(
      readFileSync(join(KIT, path), 'utf8'),
    ),
  )
  expect(naming).toEqual([])
})

test('the check for DSH_TCK_ reads sees each way of reading one', () => {
  for (const text of [
    'process.env.DSH_TCK_TIMEOUT',
    'process.env?.DSH_TCK_RUNS',
    "process.env['DSH_TCK_SEED']",
    'const { DSH_TCK_PATH: path } = process.env',
    "import { env } from 'node:process'",
  ]) {
    expect(READS_KIT_ENV.test(text), text).toBe(true)
  }
  for (const text of ['process.env.DSH_TCK', 'suiteSettings().seed', 'process.env.VITEST_POOL_ID', '// DSH_TCK_SEED, read by grade()']) {
    expect(READS_KIT_ENV.test(text), text).toBe(false)
  }
})

/** The kit files and packages a source loads at run time: relative and bare specifiers, `import type` / `export type` left out. */
function runtimeImportsOf(path: string): { files: string[]; packages: string[] } {
  const text = readFileSync(join(KIT, path), 'utf8')
  const specifiers = [...text.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm)].map(
    (m) => (m[1] ?? m[2]) as string,
  )
  return {
    files: specifiers
      .filter((s) => s.startsWith('.'))
      .map((s) =>
        relative(KIT, resolve(KIT, dirname(path), s))
          .split('\\')
          .join('/'),
      ),
    packages: specifiers.filter((s) => !s.startsWith('.') && !s.startsWith('node:')),
  }
}

const DOOR = `${GRADE}/index.ts`
const GRADE_PARTS = ['engine', 'commands', 'formats', 'baseline', 'test-support'].map((part) => `${GRADE}/${part}/`)

test('outside grade/, every import of its engine, commands, formats or baselines goes through its one door, grade/index.ts', () => {
  const outside = (path: string): boolean => !path.startsWith(`${GRADE}/`)
  expect(offending(outside, (target) => GRADE_PARTS.some((part) => target.startsWith(part)))).toEqual([])
})

test('grade/index.ts loads neither vitest nor tsd, so the public entry and the vitest configs may use it', () => {
  const seen = new Set<string>()
  const heavy: string[] = []
  const visit = (path: string): void => {
    if (seen.has(path)) return
    seen.add(path)
    const { files, packages } = runtimeImportsOf(path)
    for (const name of packages) if (/^(vitest|tsd|@vitest)(\/|$)/.test(name)) heavy.push(`${path} -> ${name}`)
    for (const file of files) if (file.endsWith('.ts')) visit(file)
  }
  visit(DOOR)
  expect(seen.size).toBeGreaterThan(10)
  expect(heavy).toEqual([])
})
