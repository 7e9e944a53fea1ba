/**
 * Test support for the CLI tests: runs `node bin/dsh-tools-tck.js` in a child
 * process from a scratch directory outside the kit, and checks what it
 * printed and wrote. Not a test file itself.
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { expect } from 'vitest'
import type { GradeReport } from '../report.ts'
import { runCli } from '../cli.ts'
import type { CliIo } from '../cli.ts'

const BIN = fileURLToPath(new URL('../../../bin/dsh-tools-tck.js', import.meta.url))

/** The kit root. */
export const KIT = fileURLToPath(new URL('../../../', import.meta.url))

/** Absolute path of a hostile adapter in fixtures/adapters/. */
export const fixture = (name: string): string => fileURLToPath(new URL(`../../../fixtures/adapters/${name}.ts`, import.meta.url))

const schema = JSON.parse(readFileSync(new URL('../report.schema.json', import.meta.url), 'utf8')) as object
const validate = new Ajv2020({ allErrors: true }).compile(schema)

/** A rule with a single test that executes a call and subscribes listeners. */
export const RULE = 'GRD-07'
/** Generous per-test budget for runs whose adapter is not expected to hang. */
export const RELAXED = '3000'
/** Graded child runs start vitest: the kit's own ceiling (vitest.config.ts), for hooks that pass it explicitly. */
export const GRADED = { timeout: 900_000 }

export interface CliRun {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** A scratch directory (the default cwd of {@link cli}); `remove()` deletes it. */
export function scratch(): { readonly dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'dsh-tools-tck-cli-'))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** Runs the CLI with `args` in `cwd`, without colours and without this worker's vitest environment. */
export function cli(args: readonly string[], cwd: string): Promise<CliRun> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && !key.startsWith('DSH_TCK_')))
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** The environment of a child CLI: this one's, without vitest's and the kit's worker variables, and without colours. */
function childEnv(extra: Readonly<Record<string, string | undefined>> = {}): Record<string, string> {
  const env: Record<string, string | undefined> = {
    ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && !key.startsWith('DSH_TCK_'))),
    NO_COLOR: '1',
    ...extra,
  }
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined))
}

/** Where util-linux `script` is, or `undefined`. */
export function scriptCommand(): string | undefined {
  try {
    return execFileSync('sh', ['-c', 'command -v script'], { encoding: 'utf8' }).trim() || undefined
  } catch {
    return undefined
  }
}

/**
 * Runs the CLI with `args` in `cwd` under a pseudo-terminal (util-linux
 * `script -qfec`), so stdout and stderr are both a TTY; resolves with what
 * the terminal showed (both streams, in order, `\r\n` line ends) and the
 * exit status. `env` entries set to `undefined` are removed (e.g. `CI`).
 */
export function cliInTerminal(
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<{ code: number | null; screen: string }> {
  const script = scriptCommand()
  if (script === undefined) throw new Error('the progress tests need util-linux `script` (a pseudo-terminal); it is not on PATH')
  const quote = (word: string): string => `'${word.replace(/'/g, "'\\''")}'`
  const command = [process.execPath, BIN, ...args].map(quote).join(' ')
  return new Promise((resolve, reject) => {
    const child = spawn(script, ['-qfec', command, '/dev/null'], { cwd, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] })
    let screen = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (screen += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (screen += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, screen }))
  })
}

let reports = 0

/** `grade <args> --json <file>` in `cwd`: nothing on stderr, and the JSON report is valid against the schema. */
export async function gradeJson(args: readonly string[], cwd: string): Promise<CliRun & { report: GradeReport }> {
  reports += 1
  const file = join(cwd, `report-${reports}.json`)
  const run = await cli(['grade', ...args, '--json', file], cwd)
  expect(run.stderr, 'a graded run writes nothing to stderr').toBe('')
  const report = JSON.parse(readFileSync(file, 'utf8')) as GradeReport
  expect(validate(report), JSON.stringify(validate.errors)).toBe(true)
  return { ...run, report }
}

/** Nothing on stdout; exactly one prefixed line on stderr containing every fragment, and no stack frame. */
export function expectOneLine(run: CliRun, ...fragments: string[]): void {
  expect(run.stdout).toBe('')
  const lines = run.stderr.trimEnd().split('\n')
  expect(lines, run.stderr).toHaveLength(1)
  expect(lines[0]).toMatch(/^dsh-tools-tck: /)
  for (const fragment of fragments) expect(lines[0]).toContain(fragment)
  expect(run.stderr).not.toMatch(/\n\s+at /)
}

/** Exactly the selected rules are reported, each with its tests, and every failing test says why. */
export function expectComplete(report: GradeReport, ids: readonly string[]): void {
  expect(report.rules.map((r) => r.id)).toEqual(ids)
  for (const rule of report.rules) {
    expect(rule.tests.length, `${rule.id} lists its tests`).toBeGreaterThan(0)
    for (const t of rule.tests) if (t.outcome === 'fail') expect(t.failure?.message).toBeTruthy()
  }
}

/**
 * Asserts the CLI's usage-error shape: exit 2, nothing on stdout, and on
 * stderr one `dsh-tools-tck: ...` line containing `fragment`, then the
 * pointer to --help, and nothing else.
 */
export function expectUsageError(result: { readonly code: number; readonly stdout: string; readonly stderr: string }, fragment: string): void {
  expect(result.code).toBe(2)
  expect(result.stdout).toBe('')
  const [first, second, ...rest] = result.stderr.trimEnd().split('\n')
  expect(first).toMatch(/^dsh-tools-tck: /)
  expect(first).toContain(fragment)
  expect(second).toBe('Run "dsh-tools-tck --help" for usage.')
  expect(rest).toEqual([])
}

/** Runs the CLI in this process with a captured stdout and stderr, an empty environment and this process's directory. */
export async function runInProcess(argv: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const io: CliIo = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {},
    cwd: process.cwd(),
  }
  const code = await runCli(argv, io)
  return { code, stdout, stderr }
}
