/**
 * The names of every test the kit declares for a rule, as a grade report
 * names them: the `check()` tests of conformance/suite and the `law()` tests
 * of properties (`[IDS] title`, `[IDS] E-NN title`), as vitest collects them,
 * and one `[ID] type expectations of <file>` per tsd suite file in types/.
 *
 * The runtime names are not scanned from the sources (several are built in
 * loops and tables): a child vitest collects the suite files without running
 * any test (`vitest list`), so a name counts only when vitest would really
 * declare it. Collection runs without per-file isolation, which yields the
 * same list as the isolated default and keeps the walk to a couple of seconds.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { typeSuiteFiles, typeSuiteTestName } from '../types/run-types.ts'

const KIT_ROOT = fileURLToPath(new URL('../../', import.meta.url))
const VITEST = join(KIT_ROOT, 'node_modules', 'vitest', 'vitest.mjs')

/** Where the rule-bearing tests live, as vitest file filters relative to the kit root. */
export const RULE_TEST_DIRS = ['conformance/suite/', 'properties/'] as const

/** Names of the check()/law() tests vitest collects from {@link RULE_TEST_DIRS}; rejects when collection fails. */
export async function collectRuntimeTestNames(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'dsh-tck-kit-tests-'))
  const out = join(dir, 'list.json')
  // The child must not believe it is a worker of this run, nor grade another adapter.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && !key.startsWith('DSH_TCK_')))
  try {
    await new Promise<void>((resolve, reject) => {
      execFile(
        process.execPath,
        [VITEST, 'list', ...RULE_TEST_DIRS, '--no-isolate', `--json=${out}`],
        { cwd: KIT_ROOT, env: { ...env, NO_COLOR: '1' }, maxBuffer: 16 * 1024 * 1024 },
        (error, _stdout, stderr) => (error === null ? resolve() : reject(new Error(`vitest list failed: ${error.message}\n${stderr}`))),
      )
    })
    const listed = JSON.parse(readFileSync(out, 'utf8')) as unknown
    if (!Array.isArray(listed)) throw new Error('vitest list --json did not write an array')
    return listed.map((entry: { name?: unknown }) => {
      if (typeof entry?.name !== 'string') throw new Error(`vitest list --json wrote an entry without a name: ${JSON.stringify(entry)}`)
      return entry.name
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Names of the type-rule tests, one per tsd suite file. */
export function typeTestNames(): string[] {
  return typeSuiteFiles().map(typeSuiteTestName)
}

/** Every rule-bearing test name the kit declares. */
export async function kitTestNames(): Promise<Set<string>> {
  return new Set([...(await collectRuntimeTestNames()), ...typeTestNames()])
}
