/**
 * Internal: the kit tests that check one rule, for `dsh-tools-tck explain`.
 *
 * The names are not scanned from the sources (several are built in loops and
 * tables): a child vitest collects the suite and property files without
 * running any test (`vitest list`, no per-file isolation), as
 * conformance/fidelity/kit-test-names.ts does, so a test is listed only when vitest
 * would really declare it. That collection is done once, by
 * `npm run test-index`, and committed as `test-index.json` next to this file
 * (test-index.test.ts fails when it is not current), so `explain` answers
 * without starting vitest. The tsd suite files of a type rule are added by
 * file name.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Rule } from '../../catalogue/types.ts'
import { typeSuiteFiles, typeSuiteTestName } from '../../types/run-types.ts'
import { KIT_ROOT } from '../engine/kit-info.ts'
import { namePatternFor } from '../engine/select-rules.ts'

/** Where the rule-bearing tests live, as vitest file filters relative to the kit root (as in conformance/fidelity/kit-test-names.ts). */
const RULE_TEST_DIRS = ['conformance/suite/', 'properties/'] as const

/** The committed list of every rule-bearing runtime test ({@link collectKitTests}). */
export const TEST_INDEX_FILE = fileURLToPath(new URL('./test-index.json', import.meta.url))

/** A kit test: its vitest name and its file relative to the kit root. */
export interface KitTest {
  readonly name: string
  readonly file: string
}

/**
 * The tests of each of `rules`: those naming the rule in their `[IDs]`
 * prefix (a test naming several is listed under each), from the committed
 * index, then its tsd suite files, sorted by file. Throws when the index
 * cannot be read.
 */
export function testsOfRules(rules: readonly Rule[]): Map<string, KitTest[]> {
  const listed = readTestIndex()
  // Compiled (the installed package), the suite files are .js files.
  const compiled = import.meta.url.endsWith('.js')
  const byRule = new Map<string, KitTest[]>()
  for (const rule of rules) {
    const prefix = namePatternFor([rule])
    const runtime = listed.filter((test) => prefix.test(test.name)).map((test) => (compiled ? { ...test, file: test.file.replace(/\.ts$/, '.js') } : test))
    const types = typeSuiteFiles()
      .filter((suite) => suite.rule === rule.id)
      .map((suite): KitTest => ({ name: typeSuiteTestName(suite), file: suite.file }))
    byRule.set(
      rule.id,
      [...runtime, ...types].sort((a, b) => a.file.localeCompare(b.file)),
    )
  }
  return byRule
}

/** The committed index, checked entry by entry. */
export function readTestIndex(file = TEST_INDEX_FILE): KitTest[] {
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new Error(`cannot read the test index ${file}: ${(error as Error).message} (run \`npm run test-index\`)`)
  }
  const tests = (raw as { tests?: unknown } | null)?.tests
  if (!Array.isArray(tests)) throw new Error(`${file}: "tests" is not an array (run \`npm run test-index\`)`)
  return tests.map((entry: { name?: unknown; file?: unknown }, i): KitTest => {
    if (typeof entry?.name !== 'string' || typeof entry.file !== 'string') throw new Error(`${file}: tests[${i}] lacks a string name or file`)
    return { name: entry.name, file: entry.file }
  })
}

/**
 * Every rule-bearing runtime test (name starting with `[`), as a child vitest
 * collects the source files, in file then declaration order: what
 * `npm run test-index` writes. Rejects, with vitest's own message, when
 * collection fails. Runs from the kit's sources only.
 */
export async function collectKitTests(): Promise<KitTest[]> {
  const dir = mkdtempSync(join(tmpdir(), 'dsh-tck-index-'))
  const out = join(dir, 'list.json')
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && !key.startsWith('DSH_TCK_')))
  try {
    const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs')
    await new Promise<void>((resolve, reject) => {
      execFile(
        process.execPath,
        [vitest, 'list', ...RULE_TEST_DIRS, '--no-isolate', `--json=${out}`],
        { cwd: KIT_ROOT, env: { ...env, NO_COLOR: '1' }, maxBuffer: 16 * 1024 * 1024 },
        (error, _stdout, stderr) => (error === null ? resolve() : reject(new Error(`vitest list failed: ${firstLine(stderr) ?? error.message}`))),
      )
    })
    const listed = JSON.parse(readFileSync(out, 'utf8')) as unknown
    if (!Array.isArray(listed)) throw new Error('vitest list --json did not write an array')
    const tests = listed.map((entry: { name?: unknown; file?: unknown }): KitTest => {
      if (typeof entry?.name !== 'string' || typeof entry.file !== 'string')
        throw new Error(`vitest list --json wrote an unreadable entry: ${JSON.stringify(entry)}`)
      return { name: entry.name, file: relative(KIT_ROOT, entry.file).split('\\').join('/') }
    })
    const order = [...new Set(tests.map((t) => t.file))].sort()
    return tests.filter((t) => t.name.startsWith('[')).sort((a, b) => order.indexOf(a.file) - order.indexOf(b.file))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

function firstLine(text: string): string | undefined {
  return text
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
}
