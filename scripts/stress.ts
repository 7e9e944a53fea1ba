/**
 * `npm run stress`: the kit's verdicts must not depend on the machine's load.
 * Grades a few registries on a quiet machine, then again, several times,
 * while busy loops oversubscribe every core, and fails on any verdict that
 * differs from the quiet one.
 *
 *   npm run stress                          the reference, two gallery registries, the two correct-but-slower
 *                                           registries and the upstream build when present; 4 loops a core, 2 loaded grades each
 *   npm run stress -- --loops-per-core 6    heavier load
 *   npm run stress -- --repeat 3            loaded grades per registry
 *   npm run stress -- --only reference      just these registries (names as printed)
 *   npm run stress -- --beside -- CMD ...   no grades: run CMD under the same load (e.g. `bash .ci/run`
 *                                           in a clean clone) and report its exit status and wall time
 *
 * A verdict is a rule's status (pass, fail, vacuous, not-applicable,
 * untestable) and, for each of its tests, its outcome. The figures printed
 * (wall time quiet and loaded, the load average) are for the closing note
 * and the README; nothing here asserts on them. Every busy loop ends by
 * itself after --max-minutes (default 60) even if this script is killed.
 * Exit status: 0 when every loaded verdict equals the quiet one (or, with
 * --beside, when CMD exits 0), 1 otherwise, 2 on a usage error.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { upstreamBuildFolder } from '../conformance/spec/upstream-release.ts'
import type { GradeReport } from '../conformance/grade/report.ts'

const KIT = resolve(fileURLToPath(new URL('..', import.meta.url)))
const BIN = join(KIT, 'bin/dsh-tools-tck.js')

/** A registry to grade: its printed name, adapter module and the folder the grade runs in. */
interface Target {
  readonly name: string
  readonly adapter: string
  readonly cwd: string
  readonly types?: string
}

function targets(): Target[] {
  const list: Target[] = [
    { name: 'reference', adapter: join(KIT, 'reference/adapter.ts'), cwd: KIT },
    { name: 'gallery/schemas-copy-recursive', adapter: join(KIT, 'fixtures/broken/schemas-copy-recursive.ts'), cwd: KIT },
    { name: 'gallery/validate-args-depth-limit', adapter: join(KIT, 'fixtures/broken/validate-args-depth-limit.ts'), cwd: KIT },
    { name: 'correct/listeners-after-timer', adapter: join(KIT, 'fixtures/correct/listeners-after-timer.ts'), cwd: KIT },
    { name: 'correct/body-after-timer', adapter: join(KIT, 'fixtures/correct/body-after-timer.ts'), cwd: KIT },
  ]
  const upstream = upstreamBuildFolder()
  const adapter = join(upstream, 'install/tck-adapter.ts')
  if (existsSync(adapter)) {
    const types = join(upstream, 'install/upstream-types.d.ts')
    list.push({ name: 'upstream', adapter, cwd: upstream, ...(existsSync(types) ? { types } : {}) })
  } else {
    say(`stress: upstream skipped — no build at ${upstream} (run \`npm run fidelity\` once with the upstream checkout to build it)`)
  }
  return list
}

function say(line: string): void {
  process.stdout.write(`${line}\n`)
}

/** Busy loops, each a child process spinning until `minutes` have passed (so none outlives a killed script for long). */
function startLoad(count: number, minutes: number): ChildProcess[] {
  const code = `const end = Date.now() + ${Math.round(minutes * 60_000)}; let x = 0; while (Date.now() < end) { for (let i = 0; i < 1e6; i++) x += i }`
  return Array.from({ length: count }, () => spawn(process.execPath, ['-e', code], { stdio: 'ignore' }))
}

function stopLoad(loops: readonly ChildProcess[]): void {
  for (const loop of loops) loop.kill('SIGKILL')
}

interface Graded {
  readonly verdicts: Map<string, string>
  readonly wallMs: number
  readonly exit: number | null
}

/** One CLI grade of `target` into a JSON report; its verdicts by rule (status, then each test's outcome). */
function gradeOnce(target: Target, scratch: string, n: number): Promise<Graded> {
  const file = join(scratch, `report-${n}.json`)
  const args = [BIN, 'grade', '--adapter', target.adapter, '--json', file, '--quiet', ...(target.types === undefined ? [] : ['--types', target.types])]
  const started = Date.now()
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { cwd: target.cwd, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CI: '1' } })
    child.on('error', fail)
    child.on('close', (exit) => {
      const wallMs = Date.now() - started
      if (!existsSync(file)) return fail(new Error(`${target.name}: the grade wrote no report (exit ${exit})`))
      const report = JSON.parse(readFileSync(file, 'utf8')) as GradeReport
      const verdicts = new Map<string, string>()
      for (const rule of report.rules) {
        const tests = rule.tests.map((t) => `${t.outcome}:${t.name}`).sort()
        verdicts.set(rule.id, [rule.status, ...tests].join(' | '))
      }
      done({ verdicts, wallMs, exit })
    })
  })
}

/** The rules whose verdict differs between `quiet` and `loaded`, each with both verdicts. */
function differences(quiet: Graded, loaded: Graded): string[] {
  const ids = new Set([...quiet.verdicts.keys(), ...loaded.verdicts.keys()])
  const out: string[] = []
  for (const id of ids) {
    const a = quiet.verdicts.get(id)
    const b = loaded.verdicts.get(id)
    if (a !== b) out.push(`${id}: quiet ${a ?? '(absent)'}\n      loaded ${b ?? '(absent)'}`)
  }
  if (quiet.exit !== loaded.exit) out.push(`exit status: quiet ${quiet.exit}, loaded ${loaded.exit}`)
  return out
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`
const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ')

/** Runs `command` to completion, its output passed through; its exit status. */
function runBeside(command: readonly string[]): Promise<number | null> {
  return new Promise((done, fail) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit' })
    child.on('error', fail)
    child.on('close', (code) => done(code))
  })
}

/** The script's own flags; `undefined`, once stderr says why, when they do not parse. */
function parseOwn(own: readonly string[]) {
  try {
    return parseArgs({
      args: [...own],
      options: {
        'loops-per-core': { type: 'string', default: '4' },
        repeat: { type: 'string', default: '2' },
        only: { type: 'string' },
        beside: { type: 'boolean', default: false },
        'max-minutes': { type: 'string', default: '60' },
      },
      strict: true,
    }).values
  } catch (error) {
    process.stderr.write(`stress: ${(error as Error).message}\n`)
    return undefined
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const dashes = argv.indexOf('--')
  const own = dashes < 0 ? argv : argv.slice(0, dashes)
  const beside = dashes < 0 ? [] : argv.slice(dashes + 1)
  const values = parseOwn(own)
  if (values === undefined) return 2
  const perCore = Number(values['loops-per-core'])
  const repeat = Number(values.repeat)
  const maxMinutes = Number(values['max-minutes'])
  if (!Number.isInteger(perCore) || perCore < 1 || perCore > 16) return usage('--loops-per-core takes a whole number from 1 to 16')
  if (!Number.isInteger(repeat) || repeat < 1 || repeat > 10) return usage('--repeat takes a whole number from 1 to 10')
  if (!(maxMinutes > 0 && maxMinutes <= 180)) return usage('--max-minutes takes a number of minutes up to 180')
  const cores = availableParallelism()
  const loops = cores * perCore

  if (values.beside) {
    if (beside.length === 0) return usage('--beside needs a command after --')
    say(`stress: running \`${beside.join(' ')}\` beside ${loops} busy loops (${perCore} per core, ${cores} cores)`)
    const running = startLoad(loops, maxMinutes)
    const started = Date.now()
    try {
      const code = await runBeside(beside)
      say(`stress: \`${beside.join(' ')}\` exited ${code} after ${seconds(Date.now() - started)} under load (load average ${load()})`)
      return code === 0 ? 0 : 1
    } finally {
      stopLoad(running)
    }
  }
  if (beside.length > 0) return usage('a command after -- needs --beside')

  let chosen = targets()
  if (values.only !== undefined) {
    const names = values.only.split(',').map((s) => s.trim())
    const unknown = names.filter((name) => !chosen.some((t) => t.name === name))
    if (unknown.length > 0) return usage(`--only names no registry called ${unknown.join(', ')} (known: ${chosen.map((t) => t.name).join(', ')})`)
    chosen = chosen.filter((t) => names.includes(t.name))
  }

  const scratch = mkdtempSync(join(tmpdir(), 'dsh-tools-tck-stress-'))
  let n = 0
  let failed = false
  try {
    const quiet = new Map<string, Graded>()
    for (const target of chosen) {
      const graded = await gradeOnce(target, scratch, n++)
      quiet.set(target.name, graded)
      say(`stress: quiet  ${target.name}: ${graded.verdicts.size} rules, exit ${graded.exit}, ${seconds(graded.wallMs)} (load average ${load()})`)
    }
    say(`stress: starting ${loops} busy loops (${perCore} per core, ${cores} cores)`)
    const running = startLoad(loops, maxMinutes)
    try {
      for (let round = 1; round <= repeat; round++) {
        for (const target of chosen) {
          const graded = await gradeOnce(target, scratch, n++)
          const before = quiet.get(target.name)!
          const diff = differences(before, graded)
          const ratio = (graded.wallMs / before.wallMs).toFixed(1)
          say(
            `stress: loaded ${target.name} (${round} of ${repeat}): ${diff.length === 0 ? 'verdicts identical' : `${diff.length} DIFFERENT`}, ` +
              `${seconds(graded.wallMs)}, ${ratio}x the quiet grade (load average ${load()})`,
          )
          for (const line of diff) say(`    ${line}`)
          if (diff.length > 0) failed = true
        }
      }
    } finally {
      stopLoad(running)
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
  say(failed ? 'stress: FAIL — a verdict changed under load' : 'stress: OK — every verdict under load equals the quiet one')
  return failed ? 1 : 0
}

function usage(message: string): number {
  process.stderr.write(`stress: ${message}\n`)
  return 2
}

process.exitCode = await main(process.argv.slice(2))
