/**
 * Runs the tsd suites of `types/` against one implementation's type entry and
 * grades the catalogue's type-level rules.
 *
 * The suites import the implementation under the fixed specifier
 * {@link TYPES_MODULE_SPECIFIER}. Each run copies them into a fresh temporary
 * directory next to a generated `tsconfig.json` whose `paths` map that
 * specifier to the entry (and `tsd` to the kit's assertion declarations), so
 * nothing in the kit is written and parallel runs cannot interfere.
 *
 * Attribution is by file name: `types/<rule id in lower case>[.<topic>].test-d.ts`
 * holds expectations of exactly that rule, and a diagnostic in a suite file
 * fails its rule. A diagnostic in any other file (the implementation's own
 * sources) fails no rule; it is returned as `unattributed`.
 */
import { $JSON } from '../suite/_kit/intrinsics.ts'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type tsdPackage from 'tsd'
import type { RuleId } from '../catalogue/types.ts'

/** The module specifier every suite file imports the implementation's types from. */
export const TYPES_MODULE_SPECIFIER = 'dsh-tck-types-under-test'

/**
 * tsd, loaded when a suite first runs (`explain` and `list-rules` read this
 * module's suite list without it). tsd is CommonJS: Node hands a default
 * import its exports object (the function is `.default`), while vite's
 * interop unwraps it already.
 */
async function loadTsd(): Promise<typeof tsdPackage.default> {
  const loaded = (await import('tsd')).default as typeof tsdPackage
  return typeof loaded === 'function' ? loaded : loaded.default
}

const KIT_ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SUITE_DIR = join(KIT_ROOT, 'types')

/**
 * The reference's type entry: graded when no other entry is given. From the
 * sources in a clone; in the built package (dist/, no .ts sources) from the
 * declarations it ships, which are what an implementer's project sees.
 */
export const DEFAULT_TYPES_ENTRY = join(KIT_ROOT, 'reference', import.meta.url.endsWith('.ts') ? 'index.ts' : 'index.d.ts')

/**
 * tsd's assertion declarations (`expectType` and friends), found the way Node
 * finds tsd from this module, wherever npm installed it.
 */
function tsdAssertions(): string {
  const main = createRequire(import.meta.url).resolve('tsd')
  return join(dirname(main), 'lib', 'assertions', 'assert.d.ts')
}

const SUITE_FILE = /^([a-z]+-\d{2,})(?:\.[a-z0-9-]+)?\.test-d\.ts$/

/** One suite file and the rule it grades. */
export interface TypeSuiteFile {
  /** Relative to the kit root, e.g. `types/dsl-17.infer-value.test-d.ts`. */
  readonly file: string
  readonly rule: RuleId
}

/** Every suite file in `types/`, in name order. */
export function typeSuiteFiles(): TypeSuiteFile[] {
  return readdirSync(SUITE_DIR)
    .filter((name) => name.endsWith('.test-d.ts'))
    .sort()
    .map((name) => {
      const match = SUITE_FILE.exec(name)
      if (match === null) throw new Error(`types/${name}: a suite file is named <rule id>[.<topic>].test-d.ts`)
      return { file: `types/${name}`, rule: (match[1] as string).toUpperCase() as RuleId }
    })
}

/** The name a suite file's test entry carries in a grade report: `[DSL-17] type expectations of dsl-17.infer-value.test-d.ts`. */
export function typeSuiteTestName(suite: TypeSuiteFile): string {
  return `[${suite.rule}] type expectations of ${suite.file.slice('types/'.length)}`
}

/** The rules the tsd suites grade, in catalogue-independent name order. */
export function typeRuleIds(): RuleId[] {
  return [...new Set(typeSuiteFiles().map((f) => f.rule))]
}

export interface TypeDiagnostic {
  /** Kit-relative for suite files (`types/…`), absolute otherwise. */
  readonly file: string
  readonly line?: number
  readonly column?: number
  /** tsd's message (a TypeScript diagnostic or a failed assertion). */
  readonly message: string
  /** For suite files: the expectation's source line (the line after it for a `@ts-expect-error` directive). */
  readonly source?: string
}

export interface TypeFileResult extends TypeSuiteFile {
  readonly outcome: 'pass' | 'fail'
  readonly diagnostics: readonly TypeDiagnostic[]
}

export interface TypeRuleResult {
  readonly rule: RuleId
  readonly status: 'pass' | 'fail'
  readonly files: readonly TypeFileResult[]
}

export interface TypeRunResult {
  /** Absolute path of the graded type entry. */
  readonly entry: string
  readonly rules: readonly TypeRuleResult[]
  /** Diagnostics outside the suite files, e.g. errors in the implementation's own sources. */
  readonly unattributed: readonly TypeDiagnostic[]
  readonly durationMs: number
}

export interface RunTypesOptions {
  /** Path of the implementation's type entry (`.ts`, `.mts`, `.d.ts`, `.d.mts`); relative paths resolve against `cwd`. Default: the reference's. */
  readonly entry?: string
  /** Only run the suites of these rules. Default: all. */
  readonly rules?: readonly RuleId[]
  /** Base for a relative `entry`. Default: `process.cwd()`. */
  readonly cwd?: string
}

/** Resolves and checks a type entry path; throws a message fit for a command line when it is unusable. */
export function resolveTypesEntry(entry: string, cwd: string = process.cwd()): string {
  const path = resolve(cwd, entry)
  if (!existsSync(path) || !statSync(path).isFile()) throw new Error(`types entry ${entry} does not exist (resolved to ${path})`)
  if (!/\.(d\.)?m?ts$/.test(path)) throw new Error(`types entry ${entry} must be a .ts, .mts, .d.ts or .d.mts file`)
  return path
}

/** Runs the tsd suites against one type entry. Never throws for failing expectations; throws only when tsd cannot run. */
export async function runTypeSuites(options: RunTypesOptions = {}): Promise<TypeRunResult> {
  const [result] = await runTypeSuitesBatch([options])
  return result as TypeRunResult
}

/**
 * Runs the tsd suites against several type entries in one TypeScript
 * program, so what they share (typically the reference's sources) is checked
 * once. Each entry gets its own copy of the suites, importing the specifier
 * `dsh-tck-types-under-test/<n>`; messages are reported with the plain
 * specifier. A diagnostic outside every copy cannot be told apart by entry
 * and is reported as unattributed for each of them. Results come back in
 * input order; `durationMs` is the whole batch's.
 */
export async function runTypeSuitesBatch(jobs: readonly RunTypesOptions[]): Promise<TypeRunResult[]> {
  const started = performance.now()
  const planned = jobs.map((options) => {
    const wanted = options.rules === undefined ? undefined : new Set<string>(options.rules)
    return {
      entry: options.entry === undefined ? DEFAULT_TYPES_ENTRY : resolveTypesEntry(options.entry, options.cwd),
      suites: typeSuiteFiles().filter((s) => wanted === undefined || wanted.has(s.rule)),
    }
  })

  const dir = mkdtempSync(join(tmpdir(), 'dsh-tck-types-'))
  try {
    planned.forEach(({ suites }, n) => {
      mkdirSync(join(dir, String(n)))
      for (const name of readdirSync(SUITE_DIR)) {
        // Helpers (`_*.ts`) always; suite files only when selected.
        const selected = name.endsWith('.test-d.ts') ? suites.some((s) => s.file === `types/${name}`) : name.endsWith('.ts')
        if (!selected) continue
        const text = readFileSync(join(SUITE_DIR, name), 'utf8').replaceAll(`'${TYPES_MODULE_SPECIFIER}'`, `'${TYPES_MODULE_SPECIFIER}/${n}'`)
        writeFileSync(join(dir, String(n), name), text)
      }
    })
    writeFileSync(join(dir, 'package.json'), $JSON.stringify({ name: 'dsh-tck-types-run', private: true, type: 'module' }))
    writeFileSync(join(dir, 'index.d.ts'), 'export {}\n')
    writeFileSync(join(dir, 'tsconfig.json'), $JSON.stringify(generatedTsconfig(planned.map((p) => p.entry)), null, 2))

    const selected = planned.some((p) => p.suites.length > 0)
    const raw = selected ? await (await loadTsd())({ cwd: dir, typingsFile: 'index.d.ts', testFiles: ['*/*.test-d.ts'] }) : []

    const byFile = planned.map(() => new Map<string, TypeDiagnostic[]>())
    const unattributed: TypeDiagnostic[] = []
    for (const d of raw) {
      const copy = /[\\/](\d+)[\\/]([^\\/]+\.test-d\.ts)$/.exec(d.fileName)
      const n = copy !== null && d.fileName.startsWith(dir) ? Number(copy[1]) : undefined
      const file = n === undefined ? d.fileName : `types/${copy?.[2]}`
      const source = n !== undefined && d.line !== undefined ? expectationLine(join(KIT_ROOT, file), d.line) : undefined
      const diagnostic: TypeDiagnostic = {
        file,
        message: d.message.replace(new RegExp(`${TYPES_MODULE_SPECIFIER}/\\d+`, 'g'), TYPES_MODULE_SPECIFIER),
        ...(d.line === undefined ? {} : { line: d.line }),
        ...(d.column === undefined ? {} : { column: d.column }),
        ...(source === undefined ? {} : { source }),
      }
      if (n === undefined) unattributed.push(diagnostic)
      else byFile[n]?.set(file, [...(byFile[n]?.get(file) ?? []), diagnostic])
    }

    const durationMs = Math.round(performance.now() - started)
    return planned.map(({ entry, suites }, n) => {
      const rules = new Map<RuleId, TypeFileResult[]>()
      for (const suite of suites) {
        const diagnostics = [...(byFile[n]?.get(suite.file) ?? [])].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0))
        rules.set(suite.rule, [...(rules.get(suite.rule) ?? []), { ...suite, outcome: diagnostics.length === 0 ? 'pass' : 'fail', diagnostics }])
      }
      return {
        entry,
        rules: [...rules].map(([rule, files]) => ({ rule, status: files.every((f) => f.outcome === 'pass') ? 'pass' : 'fail', files })),
        unattributed,
        durationMs,
      }
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** `types/dsl-17.infer-value.test-d.ts:12:1 <tsd message>`, then the expectation's source line when known. */
export function formatTypeDiagnostic(d: TypeDiagnostic): string {
  const at = d.line === undefined ? d.file : `${d.file}:${d.line}:${(d.column ?? 0) + 1}`
  return d.source === undefined ? `${at} ${d.message}` : `${at} ${d.message}\n    at: ${d.source}`
}

/** The code a diagnostic points at; for an unused `@ts-expect-error` that is the next line. */
function expectationLine(path: string, line: number): string | undefined {
  const lines = readFileSync(path, 'utf8').split('\n')
  const at = lines[line - 1]?.trim()
  if (at === undefined) return undefined
  return at.startsWith('// @ts-expect-error') ? `${lines[line]?.trim() ?? ''}  (${at})` : at
}

function generatedTsconfig(entries: readonly string[]): unknown {
  return {
    compilerOptions: {
      target: 'ES2022',
      // DOM for AbortSignal and friends rather than @types/node: tsd forces
      // skipLibCheck off, and checking Node's declarations would double the run.
      lib: ['ES2023', 'DOM'],
      skipDefaultLibCheck: true,
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      allowImportingTsExtensions: true,
      noEmit: true,
      strict: true,
      types: [],
      paths: {
        ...Object.fromEntries(entries.map((entry, n) => [`${TYPES_MODULE_SPECIFIER}/${n}`, [entry]])),
        // Only the assertion declarations: tsd's index would pull in its bundled TypeScript's.
        tsd: [tsdAssertions()],
      },
    },
  }
}
