/**
 * `npm run bench` (`-- --runs N`, default 3): figures, never assertions (the
 * machines are shared and noisy). Prints tables and writes
 * `reports/bench/<timestamp>.json` and `reports/bench/latest.json`.
 *
 * 1. Per-call cost, in µs, of `execute()` (bare; and with 3 pre / 3 wrapper /
 *    3 post listeners and 3 guards), `get()`, `schemas()` and
 *    `executionMode()`, against the floor of a bare `await fn(args)` on the
 *    tool's own body; then the same as tools grow (10 → 10,000), as guards
 *    and listeners grow (1 → 1,000 of each kind) and with scope depth
 *    (1 → 64), each with its ratio to the smallest case. For the reference,
 *    and, in the same run, for upstream when the fidelity lane's build is
 *    present (`DSH_UPSTREAM`, else `$TMPDIR/dsh-upstream`). The reference is
 *    measured compiled to plain JavaScript (see compiled-reference.ts), not
 *    through tsx, whose `keepNames` adds a third to its per-call cost.
 * 2. A full grade of the reference, each in a child process: wall time, peak
 *    RSS, split into the suite phase (conformance + properties, with their
 *    test time) and the tsd type suites; the median of the runs.
 * 3. Startup of the command line (`--help`, `list-rules`, `explain`, a usage
 *    error) from the clone and laid out as installed, as ratios to
 *    `node -e 0` measured in the same run (see startup.ts); the median of
 *    5 runs or `--runs`, whichever is more.
 * 4. The runaway registries of the fault gallery (a synchronous endless loop
 *    every 9th call, memory eaten every 11th), each graded once in full at the
 *    defaults through the CLI: wall time, exit status, crashed and
 *    short-circuited tests (see runaways.ts). `-- --only runaways` runs just
 *    this section.
 */
import { execFile } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { upstreamBuildFolder } from '../conformance/spec/upstream-release.ts'
import { compiledReferenceAdapter } from './internal/bench/compiled-reference.ts'
import { dispatchFigures, LISTENER_COUNTS, SCOPE_DEPTHS, TOOL_COUNTS, type CaseFigures, type DispatchFigures } from './internal/bench/dispatch.ts'
import { STARTUP_COMMANDS, startupFigures } from './internal/bench/startup.ts'
import { formatMicros, formatRatio, formatTable, median, parseRuns } from './internal/bench/stats.ts'
import { upstreamHarnessFactory, upstreamInstallFolder } from './internal/bench/upstream.ts'
import { runawayFigures } from './internal/bench/runaways.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const began = Date.now()

let runs: number
try {
  runs = parseRuns(process.argv.slice(2))
} catch (error) {
  console.error(`npm run bench: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(2)
}

const step = (who: string) => (label: string) => process.stderr.write(`  ${who}: ${label}\n`)

/** Section 4, printed as a table; returns the figures for the JSON file. */
async function printRunaways(): Promise<Awaited<ReturnType<typeof runawayFigures>>> {
  console.error('grading the runaway fault registries at the defaults…')
  const figures = await runawayFigures(root)
  console.log('')
  console.log('runaway registries, each graded once in full at the defaults through the CLI:')
  console.log(
    formatTable([
      ['fault', 'wall time', 'exit', 'tests', 'crashed', 'of which short-circuited'],
      ...figures.map((f) => [f.fault, `${(f.wallMs / 1000).toFixed(1)} s`, String(f.exit), String(f.tests), String(f.crashed), String(f.shortCircuited)]),
    ]),
  )
  return figures
}

if (process.argv.includes('--only')) {
  const only = process.argv[process.argv.indexOf('--only') + 1]
  if (only !== 'runaways') {
    console.error(`npm run bench: --only takes "runaways" (got ${JSON.stringify(only ?? '')})`)
    process.exit(2)
  }
  await printRunaways()
  process.exit(0)
}

console.error('measuring the reference (its sources compiled by esbuild, as upstream is measured from its build)…')
const referenceAdapter = await compiledReferenceAdapter(root)
const reference = await dispatchFigures(() => referenceAdapter.create(), step('reference'))

const install = upstreamInstallFolder()
let upstream: DispatchFigures | undefined
let upstreamNote: string
if (install === undefined) {
  upstreamNote = `upstream: not built (no ${join(upstreamBuildFolder(), 'install/node_modules/@deepseek-ai/dsh-tools')}; set DSH_UPSTREAM or build it as for \`npm run fidelity\`); skipped`
} else {
  console.error(`measuring upstream from ${install}…`)
  upstream = await dispatchFigures(await upstreamHarnessFactory(install), step('upstream'))
  upstreamNote = `upstream: @deepseek-ai/dsh-tools from ${install}`
}

type Row = readonly string[]
const sides = upstream === undefined ? [reference] : [reference, upstream]
const header = (first: string): Row => [first, ...(upstream === undefined ? ['reference', '×floor'] : ['reference', '×floor', 'upstream', '×floor'])]
const headline: Row[] = [header('per call')]
const pick = (f: DispatchFigures, at: 'bare' | 'loaded', op: keyof CaseFigures) => f[at][op]
headline.push(['await fn(args) (floor)', ...sides.flatMap((f) => [formatMicros(f.floor), '1.00×'])])
for (const [label, at, op] of [
  ['execute(), bare', 'bare', 'execute'],
  ['execute(), 3+3+3 listeners, 3 guards', 'loaded', 'execute'],
  ['get()', 'bare', 'get'],
  ['schemas()', 'bare', 'schemas'],
  ['executionMode()', 'bare', 'executionMode'],
] as const) {
  headline.push([label, ...sides.flatMap((f) => [formatMicros(pick(f, at, op)!), formatRatio(pick(f, at, op), f.floor)])])
}

function growth(
  title: string,
  key: 'byTools' | 'byGuardsAndListeners' | 'byScopeDepth',
  sizes: readonly number[],
  ops: readonly (keyof CaseFigures)[],
): string {
  const rows: Row[] = [[title, ...ops.flatMap((op) => sides.flatMap((_, i) => [`${op}${upstream === undefined ? '' : i === 0 ? ' ref' : ' up'}`, 'ratio']))]]
  for (const n of sizes) {
    rows.push([
      n.toLocaleString('en-US'),
      ...ops.flatMap((op) => sides.flatMap((f) => [formatMicros(f[key][n]![op]!), formatRatio(f[key][n]![op], f[key][sizes[0]!]![op])])),
    ])
  }
  return formatTable(rows)
}

console.log("reference: reference/adapter.ts bundled by esbuild (no keepNames), as upstream's build is")
console.log(upstreamNote)
console.log('')
console.log(formatTable(headline))
console.log('')
console.log(growth('tools', 'byTools', TOOL_COUNTS, ['execute', 'get', 'executionMode']))
console.log('')
console.log(growth('tools', 'byTools', TOOL_COUNTS, ['schemas']))
console.log('')
console.log(growth('guards + listeners (each kind)', 'byGuardsAndListeners', LISTENER_COUNTS, ['execute']))
console.log('')
console.log(growth('scope depth', 'byScopeDepth', SCOPE_DEPTHS, ['execute']))
console.log('')

interface GradeRun {
  readonly wallMs: number
  readonly suiteMs: number
  readonly conformanceMs: number
  readonly propertiesMs: number
  readonly typesMs: number
  readonly maxRssKiB: number
  readonly rules: number
  readonly conforms: boolean
}

const exec = promisify(execFile)
const gradeRuns: GradeRun[] = []
for (let r = 0; r < runs; r++) {
  console.error(`grading the reference (${r + 1}/${runs})…`)
  const { stdout } = await exec(process.execPath, ['--import', 'tsx', join(root, 'scripts/internal/bench/grade-child.ts')], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  })
  const line = stdout.trim().split('\n').at(-1) ?? ''
  try {
    gradeRuns.push(JSON.parse(line) as GradeRun)
  } catch {
    console.error(`npm run bench: the grade child printed no figures (last line: ${JSON.stringify(line.slice(0, 200))})`)
    process.exit(1)
  }
}
const med = (k: keyof Omit<GradeRun, 'conforms' | 'rules'>) => median(gradeRuns.map((g) => g[k]))
const gradeMedian = {
  wallMs: med('wallMs'),
  suiteMs: med('suiteMs'),
  conformanceMs: med('conformanceMs'),
  propertiesMs: med('propertiesMs'),
  typesMs: med('typesMs'),
  maxRssMiB: Math.round(med('maxRssKiB') / 1024),
}
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`
console.log(
  `full grade of the reference, median of ${runs} run(s), each in a child process (${gradeRuns[0]!.rules} rules, ${gradeRuns.every((g) => g.conforms) ? 'conforms' : 'DOES NOT CONFORM'}):`,
)
console.log(
  formatTable([
    ['wall time', s(gradeMedian.wallMs)],
    ['  suite phase (conformance + properties, one vitest run)', s(gradeMedian.suiteMs)],
    ['    test time of conformance/suite/', s(gradeMedian.conformanceMs)],
    ['    test time of properties/', s(gradeMedian.propertiesMs)],
    ['  types (tsd suites, timing.typesMs)', s(gradeMedian.typesMs)],
    ['peak RSS (child process, workers are its threads)', `${gradeMedian.maxRssMiB} MiB`],
  ]),
)

console.error("timing the command line's startup…")
const startupRuns = Math.max(5, runs)
const startup = await startupFigures(root, startupRuns)
const floor = STARTUP_COMMANDS[0]![0]
const ms = (v: number | undefined) => (v === undefined ? '-' : `${Math.round(v)} ms`)
console.log('')
console.log(`command-line startup, median of ${startupRuns} runs, ratio to \`node -e 0\` in the same run:`)
console.log(
  formatTable([
    ['command', 'clone (tsx)', '×floor', 'installed (dist)', '×floor'],
    ...STARTUP_COMMANDS.map(([label]) => [
      label,
      ms(startup.clone[label]),
      formatRatio(startup.clone[label], startup.clone[floor]),
      ms(startup.installed[label]),
      formatRatio(startup.installed[label], startup.installed[floor]),
    ]),
  ]),
)

const runaways = await printRunaways()

const machine = { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version, platform: `${process.platform}-${process.arch}` }
const out = {
  startedAt: new Date(began).toISOString(),
  machine,
  units: 'µs per call; grade times in ms',
  reference,
  upstream: upstream ?? null,
  upstreamInstall: install ?? null,
  grade: { runs, median: gradeMedian, each: gradeRuns },
  startupMs: { runs: startupRuns, ...startup },
  runaways,
  benchWallMs: Date.now() - began,
}
const dir = join(root, 'reports/bench')
mkdirSync(dir, { recursive: true })
const file = join(dir, `${out.startedAt.replace(/[:.]/g, '-')}.json`)
writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`)
writeFileSync(join(dir, 'latest.json'), `${JSON.stringify(out, null, 2)}\n`)
console.log('')
console.log(
  `${machine.cpus} cores (${machine.cpu}), Node ${machine.node}; bench took ${s(out.benchWallMs)}; wrote ${relative(root, file)} and reports/bench/latest.json`,
)
