/**
 * Startup figures of the command line, for `npm run bench`: how long
 * `--help`, `list-rules`, `explain` and a usage error take, as ratios to
 * `node -e 0` measured in the same run, both from the clone (the kit's
 * TypeScript sources through tsx) and laid out as installed (bin/ and the
 * compiled dist/, no sources; `npm run build` first).
 */
import { execFile, execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { median } from './stats.ts'

const exec = promisify(execFile)

/** The commands timed, as arguments of the kit's bin (`null`: `node -e 0`, the floor). */
export const STARTUP_COMMANDS: readonly (readonly [label: string, args: readonly string[] | null])[] = [
  ['node -e 0 (floor)', null],
  ['--help', ['--help']],
  ['--version', ['--version']],
  ['list-rules', ['list-rules']],
  ['explain GRD-03', ['explain', 'GRD-03']],
  ['explain CAN-*', ['explain', 'CAN-*']],
  ['grade --rules NOPE-* (usage error)', ['grade', '--rules', 'NOPE-*']],
]

/** Median wall time in ms of each of {@link STARTUP_COMMANDS}, by label, for the clone and the installed layout. */
export interface StartupFigures {
  readonly clone: Readonly<Record<string, number>>
  readonly installed: Readonly<Record<string, number>>
}

/** Times every command `runs` times in each layout, interleaved so that machine noise falls on all of them alike. */
export async function startupFigures(root: string, runs: number): Promise<StartupFigures> {
  execFileSync(process.execPath, [join(root, 'scripts/build-package.mjs')], { cwd: root, stdio: 'ignore' })
  const installed = mkdtempSync(join(tmpdir(), 'dsh-tck-startup-'))
  try {
    for (const part of ['bin', 'dist', 'package.json']) cpSync(join(root, part), join(installed, part), { recursive: true })
    symlinkSync(join(root, 'node_modules'), join(installed, 'node_modules'), 'dir')
    const layouts = { clone: root, installed } as const
    const times: Record<keyof typeof layouts, Record<string, number[]>> = { clone: {}, installed: {} }
    for (let r = 0; r < runs; r++) {
      for (const [layout, dir] of Object.entries(layouts) as [keyof typeof layouts, string][]) {
        for (const [label, args] of STARTUP_COMMANDS) {
          const argv = args === null ? ['-e', '0'] : [join(dir, 'bin/dsh-tools-tck.js'), ...args]
          const began = performance.now()
          await exec(process.execPath, argv, { cwd: dir, maxBuffer: 64 * 1024 * 1024 }).catch((error: { code?: unknown }) => {
            // A usage error exits 2 by design; anything else is a broken command.
            if (error.code !== 2) throw error
          })
          const ms = performance.now() - began
          times[layout][label] = [...(times[layout][label] ?? []), ms]
        }
      }
    }
    const medians = (layout: keyof typeof layouts) => Object.fromEntries(Object.entries(times[layout]).map(([label, ms]) => [label, median(ms)]))
    return { clone: medians('clone'), installed: medians('installed') }
  } finally {
    rmSync(installed, { recursive: true, force: true })
  }
}
