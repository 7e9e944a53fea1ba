/**
 * `npm run fidelity`: grade the real upstream registry and hold its verdicts
 * to the committed list of expected failures
 * (conformance/fidelity/expected-failures.ts).
 *
 *   npm run fidelity                     build upstream if needed, grade it once, compare
 *   npm run fidelity -- --repeat 3       grade three times; the verdicts must be identical
 *   npm run fidelity -- --rebuild        rebuild upstream even if the build folder is current
 *   npm run fidelity -- --write-docs     rewrite the expected-failure table in docs/ADAPTER.md
 *                                        and conformance/fidelity/upstream.baseline.json
 *
 * Environment:
 *   DSH_UPSTREAM_MIRROR   a git directory of the deepseek-harness repository that has the
 *                         release commit (default: ../.mirror/deepseek-ai+deepseek-harness/repo
 *                         beside the kit, where the project's workplace keeps it)
 *   DSH_UPSTREAM          the build folder (default: $TMPDIR/dsh-upstream)
 *   DSH_UPSTREAM_SCRIPTS  the folder holding build-upstream.sh (default: ../shared/upstream)
 *
 * Without a checkout or the build scripts it says so and exits 0: CI cannot
 * fetch upstream. Exit status otherwise: 0 when upstream fails exactly the
 * listed must rules with identical verdicts across grades, 1 when not, 2
 * when the build or a grade could not run.
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { grade } from '../conformance/grade/grade.ts'
import type { GradeReport } from '../conformance/grade/report.ts'
import { compareWithExpected, renderFidelityVerdict } from '../conformance/fidelity/compare.ts'
import { UPSTREAM_RELEASE_COMMIT, upstreamBuildFolder } from '../conformance/spec/upstream-release.ts'
import { TABLE_END, TABLE_START, UPSTREAM_EXPECTED_FAILURES, renderExpectedFailuresTable } from '../conformance/fidelity/expected-failures.ts'
import { UPSTREAM_BASELINE_FILE, upstreamBaseline } from '../conformance/fidelity/upstream-baseline.ts'
import { formatBaseline, loadBaseline } from '../conformance/grade/index.ts'

const KIT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const ADAPTER_SOURCE = join(KIT, 'conformance/fidelity/upstream-adapter.ts')
const TYPES_SOURCE = join(KIT, 'conformance/fidelity/upstream-types.d.ts')
const ADAPTER_DOC = join(KIT, 'docs/ADAPTER.md')

function say(line: string): void {
  process.stdout.write(`${line}\n`)
}

/** Replaces the generated table in docs/ADAPTER.md; returns false when the markers are missing. */
function writeDocs(): boolean {
  const text = readFileSync(ADAPTER_DOC, 'utf8')
  const start = text.indexOf(TABLE_START)
  const end = text.indexOf(TABLE_END)
  if (start < 0 || end < start) return false
  writeFileSync(ADAPTER_DOC, `${text.slice(0, start + TABLE_START.length)}\n${renderExpectedFailuresTable()}\n${text.slice(end)}`)
  writeFileSync(UPSTREAM_BASELINE_FILE, formatBaseline(upstreamBaseline()))
  return true
}

function git(mirror: string, ...args: string[]): string | undefined {
  const run = spawnSync('git', ['-C', mirror, ...args], { encoding: 'utf8' })
  return run.status === 0 ? run.stdout.trim() : undefined
}

/** Builds upstream into `upstream` unless a build of `commit` is already there. */
function build(mirror: string, scripts: string, upstream: string, commit: string, force: boolean): boolean {
  const stamp = join(upstream, '.tck-built-from')
  const built = join(upstream, 'install/node_modules/@deepseek-ai/dsh-tools/package.json')
  if (!force && existsSync(built) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === commit) {
    say(`fidelity: reusing the upstream build in ${upstream} (${commit.slice(0, 10)}; --rebuild to redo it)`)
    return true
  }
  say(`fidelity: building upstream ${commit.slice(0, 10)} into ${upstream} (about 1.5 minutes)`)
  const run = spawnSync('bash', [join(scripts, 'build-upstream.sh')], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, MIRROR: mirror, REV: commit, UPSTREAM: upstream },
  })
  if (run.status !== 0) return false
  writeFileSync(stamp, `${commit}\n`)
  return true
}

/**
 * Puts the adapter (and types entry) where upstream's packages resolve, with
 * the kit's sources installed as `dsh-tools-tck`: a small package that
 * re-exports them, since the kit's own `exports` name the built dist/, which
 * a clone does not have.
 */
function install(upstream: string): { adapter: string; types?: string } {
  const folder = join(upstream, 'install')
  const adapter = join(folder, 'tck-adapter.ts')
  copyFileSync(ADAPTER_SOURCE, adapter)
  const link = join(folder, 'node_modules/dsh-tools-tck')
  rmSync(link, { force: true, recursive: true })
  mkdirSync(link, { recursive: true })
  const entries = { '.': 'conformance/index.ts', './reference': 'reference/index.ts' }
  writeFileSync(
    join(link, 'package.json'),
    JSON.stringify({
      name: 'dsh-tools-tck',
      private: true,
      type: 'module',
      exports: Object.fromEntries(Object.keys(entries).map((key, n) => [key, `./entry-${n}.ts`])),
    }),
  )
  for (const [n, source] of Object.values(entries).entries()) {
    writeFileSync(join(link, `entry-${n}.ts`), `export * from ${JSON.stringify(join(KIT, source))}\n`)
  }
  if (!existsSync(TYPES_SOURCE)) return { adapter }
  const types = join(folder, 'upstream-types.d.ts')
  copyFileSync(TYPES_SOURCE, types)
  return { adapter, types }
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--write-docs')) {
    if (!writeDocs()) {
      process.stderr.write(`fidelity: docs/ADAPTER.md has no generated-table markers (${TABLE_START})\n`)
      return 2
    }
    say('fidelity: docs/ADAPTER.md table and conformance/fidelity/upstream.baseline.json rewritten from conformance/fidelity/expected-failures.ts')
    return 0
  }
  const repeatAt = argv.indexOf('--repeat')
  const repeat = repeatAt < 0 ? 1 : Number(argv[repeatAt + 1])
  if (!Number.isInteger(repeat) || repeat < 1 || repeat > 10) {
    process.stderr.write('fidelity: --repeat takes a whole number from 1 to 10\n')
    return 2
  }

  const mirror = process.env.DSH_UPSTREAM_MIRROR || join(KIT, '../.mirror/deepseek-ai+deepseek-harness/repo')
  const scripts = process.env.DSH_UPSTREAM_SCRIPTS || join(KIT, '../shared/upstream')
  const upstream = upstreamBuildFolder()
  if (!existsSync(mirror) || git(mirror, 'rev-parse', '--git-dir') === undefined) {
    say(
      `fidelity: skipped — no upstream checkout at ${mirror}. Set DSH_UPSTREAM_MIRROR to a git directory of the deepseek-harness repository (release commit ${UPSTREAM_RELEASE_COMMIT}).`,
    )
    return 0
  }
  if (!existsSync(join(scripts, 'build-upstream.sh'))) {
    say(`fidelity: skipped — no build-upstream.sh in ${scripts}. Set DSH_UPSTREAM_SCRIPTS to the folder that has it.`)
    return 0
  }
  const commit = git(mirror, 'rev-parse', '--verify', `${UPSTREAM_RELEASE_COMMIT}^{commit}`)
  if (commit === undefined) {
    process.stderr.write(`fidelity: the checkout at ${mirror} does not have the release commit ${UPSTREAM_RELEASE_COMMIT}\n`)
    return 2
  }
  if (!build(mirror, scripts, upstream, commit, argv.includes('--rebuild'))) {
    process.stderr.write('fidelity: the upstream build failed (its output is above)\n')
    return 2
  }
  const { adapter, types } = install(upstream)
  if (types === undefined) say('fidelity: no conformance/fidelity/upstream-types.d.ts, so the type rules are not graded')

  const reports: GradeReport[] = []
  for (let i = 1; i <= repeat; i++) {
    const started = Date.now()
    const report = await grade({ adapter, ...(types === undefined ? {} : { types }), cwd: upstream })
    reports.push(report)
    const { must } = report.summary
    say(
      `fidelity: grade ${i} of ${repeat}: ${report.adapter.name} ${report.adapter.version ?? ''} failed ${must.fail} of ${must.rules - must.notApplicable - must.untestable} applicable must rules in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    )
  }
  const out = join(KIT, 'reports/fidelity')
  mkdirSync(out, { recursive: true })
  writeFileSync(join(out, 'upstream.json'), `${JSON.stringify(reports[0], null, 2)}\n`)
  say(`fidelity: report written to ${join(out, 'upstream.json')}`)

  const verdict = compareWithExpected(reports, UPSTREAM_EXPECTED_FAILURES, await loadBaseline(UPSTREAM_BASELINE_FILE))
  say(renderFidelityVerdict(verdict, reports.length))
  return verdict.ok ? 0 : 1
}

process.exitCode = await main(process.argv.slice(2))
