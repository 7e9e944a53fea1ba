/**
 * `npm run mutation:evidence`: a second, targeted Stryker pass for the rules
 * the adequacy evidence still calls weak after the main run.
 *
 * Stryker stops a mutant at its first failing test, so a rule whose tests
 * always fail after another rule's gets no credit in the main run. This pass
 * re-runs only the weak rules' tests (every other test is skipped through
 * DSH_TCK_ONLY_RULES, conformance/suite/_kit/only-rules.ts), and only on the
 * mutants the main run killed and those tests cover (a few per rule, plus
 * whatever is nested inside them, then more for the rules still weak, and
 * finally all of them: see {@link ROUNDS}), so it costs a fraction of a full
 * run. It does not stop at a mutant's first failing test, so every weak rule
 * whose tests fail on a candidate is credited, whatever order the tests ran
 * in. Any kill in it is the weak rules' own; the kills are merged into
 * conformance/adequacy/evidence.json next to the main run's.
 *
 * Whether a rule is still weak afterwards therefore depends only on its tests
 * and the main run's statuses and coverage, not on which test happened to be
 * credited with a kill in the main run: the last round tries the rule's tests
 * on every mutant the main run killed and they reach.
 *
 * `npm run mutation` runs it after the main run (skipped when no rule is
 * weak); it leaves the main run's report and incremental file alone.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadEvidence, weakRules } from '../conformance/adequacy/evidence.ts'
import { rulesOfTestName } from './adequacy-evidence.ts'
import type { MutationReport, ReportMutant } from './mutation-areas.ts'

/**
 * How many killed mutants each weak rule's tests are tried on, per round: a
 * cheap first round for every weak rule, a wider one for the rules still
 * weak after it, and a last one with every mutant they reach. The earlier
 * rounds only save time (most rules are credited in the first); the last
 * makes the verdict exhaustive.
 */
export const ROUNDS: readonly number[] = [6, 40, Number.POSITIVE_INFINITY]

const MAIN_REPORT = 'reports/mutation/mutation.json'
const EVIDENCE_REPORT_PREFIX = 'reports/mutation/evidence-'

/**
 * Stryker `mutate` ranges (`file:line:column-line:column`, lines 1-based,
 * columns 0-based) covering, for each weak rule, up to `perRule` mutants that
 * the main run killed and that a test of the rule covers. The most specific
 * mutants come first (fewest covering tests), then static ones, which every
 * test covers; timed-out mutants are left out, since Stryker credits their
 * kill to no test. Stryker mutates everything inside a range, so a range
 * around a block also brings the mutants nested in it; a candidate whose
 * range holds a mutant the main run timed out is left out, since that
 * mutant would run too and cost its whole time limit. Sorted, without repeats.
 */
export function candidateRanges(report: MutationReport, weak: readonly string[], perRule: number = ROUNDS[0]!): string[] {
  const wanted = new Set(weak)
  const testsOf = new Map<string, Set<string>>()
  for (const file of Object.values(report.testFiles ?? {})) {
    for (const test of file.tests) {
      for (const rule of rulesOfTestName(test.name)) if (wanted.has(rule)) (testsOf.get(rule) ?? testsOf.set(rule, new Set()).get(rule)!).add(test.id)
    }
  }
  const timedOut = new Map<string, ReportMutant['location'][]>()
  for (const [fileName, file] of Object.entries(report.files)) {
    timedOut.set(
      fileName,
      file.mutants.filter((m) => m.status === 'Timeout').map((m) => m.location),
    )
  }
  const killed = Object.entries(report.files).flatMap(([fileName, file]) =>
    file.mutants
      .filter((m) => m.status === 'Killed' && !(timedOut.get(fileName) ?? []).some((inner) => encloses(m.location, inner)))
      .map((mutant) => ({ fileName, mutant })),
  )
  const ranges = new Set<string>()
  for (const rule of weak) {
    const tests = testsOf.get(rule)
    if (tests === undefined) continue
    const specific = killed
      .filter(({ mutant }) => mutant.static !== true && (mutant.coveredBy ?? []).some((id) => tests.has(id)))
      .sort((a, b) => (a.mutant.coveredBy?.length ?? 0) - (b.mutant.coveredBy?.length ?? 0))
    const everywhere = killed.filter(({ mutant }) => mutant.static === true)
    for (const { fileName, mutant } of [...specific, ...everywhere].slice(0, perRule)) {
      const { start, end } = mutant.location
      ranges.add(`${fileName}:${start.line}:${start.column - 1}-${end.line}:${end.column - 1}`)
    }
  }
  return [...ranges].sort()
}

/** Whether `inner` lies within `outer` (ends included), as Stryker decides what a `mutate` range covers. */
function encloses(outer: ReportMutant['location'], inner: ReportMutant['location']): boolean {
  const before = (a: { line: number; column: number }, b: { line: number; column: number }): boolean =>
    a.line < b.line || (a.line === b.line && a.column <= b.column)
  return before(outer.start, inner.start) && before(inner.end, outer.end)
}

function main(): number {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  if (!existsSync(path.join(root, MAIN_REPORT))) {
    process.stderr.write(`mutation:evidence: ${MAIN_REPORT} is missing: run \`npm run mutation\` first\n`)
    return 2
  }
  const report = JSON.parse(readFileSync(path.join(root, MAIN_REPORT), 'utf8')) as MutationReport
  const passes: string[] = []
  for (const [round, perRule] of ROUNDS.entries()) {
    const weak = weakRules(loadEvidence()).map((rule) => rule.id)
    if (weak.length === 0) {
      process.stdout.write('mutation:evidence: no weak rule, nothing (more) to do\n')
      return 0
    }
    const ranges = candidateRanges(report, weak, perRule)
    const budget = Number.isFinite(perRule) ? `up to ${perRule} per rule` : 'every one a weak rule reaches'
    process.stdout.write(
      `mutation:evidence: round ${round + 1}: ${weak.length} weak rules (${weak.join(' ')}); ${ranges.length} candidate mutants, ${budget}\n`,
    )
    if (ranges.length === 0) return 0
    const output = `${EVIDENCE_REPORT_PREFIX}${round + 1}.json`
    // In a file: the last round's list can outgrow what one environment variable may hold.
    const mutate = `${EVIDENCE_REPORT_PREFIX}${round + 1}-mutate.json`
    writeFileSync(path.join(root, mutate), `${JSON.stringify(ranges)}\n`)
    const env = { ...process.env, DSH_TCK_ONLY_RULES: weak.join(','), DSH_TCK_EVIDENCE_MUTATE_FILE: mutate, DSH_TCK_EVIDENCE_REPORT: output }
    const stryker = spawnSync('npx', ['stryker', 'run', 'stryker.evidence.config.mjs'], { cwd: root, env, stdio: 'inherit' })
    if (stryker.status !== 0) return stryker.status ?? 1
    passes.push(output)
    // Kills from every pass so far count; the totals stay the main run's.
    const merge = spawnSync('npx', ['tsx', 'scripts/adequacy-evidence.ts', '--mutation', MAIN_REPORT, ...passes.flatMap((file) => ['--mutation', file])], {
      cwd: root,
      stdio: 'inherit',
    })
    if (merge.status !== 0) return merge.status ?? 1
  }
  const left = weakRules(loadEvidence()).map((rule) => rule.id)
  if (left.length > 0) process.stdout.write(`mutation:evidence: still weak after every round: ${left.join(' ')}\n`)
  return 0
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main()
