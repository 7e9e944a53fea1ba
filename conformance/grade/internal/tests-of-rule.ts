/**
 * Internal: the kit tests that check one rule, for `dsh-tools-tck explain`.
 *
 * The names are not scanned from the sources (several are built in loops and
 * tables): a child vitest collects the suite and property files without
 * running any test (`vitest list`, filtered to the rule's `[IDs]` prefix, no
 * per-file isolation), as conformance/fidelity/kit-tests.ts does for every
 * rule, so a test is listed only when vitest would really declare it. The
 * tsd suite files of a type rule are added by file name. Measured on the
 * 2-core build machine while busy: about 3-4 s per call.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import type { Rule } from '../../catalogue/types.ts'
import { typeSuiteFiles, typeSuiteTestName } from '../../types/run-types.ts'
import { KIT_ROOT } from './kit-info.ts'
import { namePatternFor } from './select-rules.ts'

/** Where the rule-bearing tests live, as vitest file filters relative to the kit root (as in conformance/fidelity/kit-tests.ts). */
const RULE_TEST_DIRS = ['conformance/suite/', 'properties/'] as const

/** vitest's CLI, wherever the package manager put vitest (the kit's node_modules, or the project's that installed the kit). */
function vitestCli(): string {
  return join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs')
}

/** A kit test: its vitest name and its file relative to the kit root. */
export interface KitTest {
  readonly name: string
  readonly file: string
}

/**
 * The tests that name `rule` in their `[IDs]` prefix, in file then
 * declaration order. Rejects, with vitest's own message, when collection fails.
 */
export async function testsOfRule(rule: Rule): Promise<KitTest[]> {
  return (await testsOfRules([rule])).get(rule.id) ?? []
}

/**
 * The tests of each of `rules` (as {@link testsOfRule}), collected by one
 * child vitest: a test naming several of them is listed under each.
 */
export async function testsOfRules(rules: readonly Rule[]): Promise<Map<string, KitTest[]>> {
  const listed = await collectTests(rules)
  const byRule = new Map<string, KitTest[]>()
  for (const rule of rules) {
    const prefix = namePatternFor([rule])
    const types = typeSuiteFiles()
      .filter((suite) => suite.rule === rule.id)
      .map((suite): KitTest => ({ name: typeSuiteTestName(suite), file: suite.file }))
    byRule.set(rule.id, [...listed.filter((test) => prefix.test(test.name)), ...types].sort((a, b) => a.file.localeCompare(b.file)))
  }
  return byRule
}

async function collectTests(rules: readonly Rule[]): Promise<KitTest[]> {
  const dir = mkdtempSync(join(tmpdir(), 'dsh-tck-explain-'))
  const out = join(dir, 'list.json')
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && !key.startsWith('DSH_TCK_')))
  try {
    const vitest = vitestCli()
    await new Promise<void>((resolve, reject) => {
      execFile(
        process.execPath,
        [vitest, 'list', ...RULE_TEST_DIRS, '--no-isolate', '--testNamePattern', namePatternFor(rules).source, `--json=${out}`],
        { cwd: KIT_ROOT, env: { ...env, NO_COLOR: '1' }, maxBuffer: 16 * 1024 * 1024 },
        (error, _stdout, stderr) => (error === null ? resolve() : reject(new Error(`vitest list failed: ${firstLine(stderr) ?? error.message}`))),
      )
    })
    const listed = JSON.parse(readFileSync(out, 'utf8')) as unknown
    if (!Array.isArray(listed)) throw new Error('vitest list --json did not write an array')
    const runtime = listed.map((entry: { name?: unknown; file?: unknown }): KitTest => {
      if (typeof entry?.name !== 'string' || typeof entry.file !== 'string') throw new Error(`vitest list --json wrote an unreadable entry: ${JSON.stringify(entry)}`)
      return { name: entry.name, file: relative(KIT_ROOT, entry.file).split('\\').join('/') }
    })
    return runtime
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

function firstLine(text: string): string | undefined {
  return text.split('\n').find((line) => line.trim() !== '')?.trim()
}
