/**
 * Bench section: how long the runaway registries of the fault gallery take
 * to grade at the kit's defaults (issue 38's goal: under a minute each on a
 * quiet 2-core machine). Each is a full grade through the CLI in a child
 * process, as a user's CI would run it; the figures are wall time, the exit
 * status, and what the report says of the losses.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The fault registries graded, by file name in `fixtures/faults/`. */
export const RUNAWAY_FAULTS = ['spin-every-9th-call', 'oom-every-11th-call'] as const

export interface RunawayFigure {
  readonly fault: string
  readonly wallMs: number
  readonly exit: number | null
  /** Failing tests whose failure is a crash (the lost tests and the short-circuited ones). */
  readonly crashed: number
  /** Failing tests short-circuited after 3 losses of one phase. */
  readonly shortCircuited: number
  readonly tests: number
}

/** Grades each runaway fault once at the defaults and returns the figures. */
export async function runawayFigures(root: string): Promise<RunawayFigure[]> {
  const figures: RunawayFigure[] = []
  for (const fault of RUNAWAY_FAULTS) {
    const dir = mkdtempSync(join(tmpdir(), 'dsh-tools-tck-bench-'))
    try {
      const json = join(dir, 'report.json')
      const started = Date.now()
      const exit = await run(
        process.execPath,
        [join(root, 'bin/dsh-tools-tck.js'), 'grade', '--adapter', join(root, `fixtures/faults/${fault}.ts`), '--json', json],
        root,
      )
      const wallMs = Date.now() - started
      const report = JSON.parse(readFileSync(json, 'utf8')) as {
        rules: { tests: { name: string; outcome: string; failure?: { kind: string; message: string } }[] }[]
      }
      const tests = new Map(report.rules.flatMap((rule) => rule.tests.map((t) => [t.name, t] as const)))
      const failed = [...tests.values()].filter((t) => t.outcome === 'fail')
      figures.push({
        fault,
        wallMs,
        exit,
        crashed: failed.filter((t) => t.failure?.kind === 'crash').length,
        shortCircuited: failed.filter((t) => t.failure?.message.includes('short-circuited:') === true).length,
        tests: tests.size,
      })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  return figures
}

function run(command: string, args: readonly string[], cwd: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'ignore', env: { ...process.env, NO_COLOR: '1' } })
    child.on('error', reject)
    child.on('close', resolve)
  })
}
