/**
 * `npm run mutation`'s choices pass, after the main run: the mutants the main
 * run left undetected (uncovered or surviving) are run again with the reference taking
 * the other side of each group of open points (fixtures/choices/other-side*.ts,
 * graded at the spec profile: stryker.choices.config.mjs,
 * scripts/mutation-choices-setup.ts).
 *
 * The code of a non-default side (reference/choices.ts and the branches
 * that consult it) never runs under the default choices, so the main run
 * can only call its mutants uncovered. Under the group that takes that side,
 * the suite reaches it: a mutant there is killed when a must test fails (a
 * legal side must pass every must rule, so such a failure is the mutant's)
 * or when a test that fails unmutated under the group, as the tests of the
 * rules pinning upstream's sides do, passes (the mutant took the side back
 * towards upstream's: ./mutation-choices-setup.ts); it survives when every
 * test that reaches it keeps its outcome, and stays uncovered when no group
 * reaches it.
 *
 * The outcome is merged into reports/mutation/mutation.json in place (the
 * main run's report is kept beside it as mutation.main.json): each undetected
 * mutant takes the strongest status any group gave it (killed or timed out,
 * then survived), and the tests that killed or reached it are added to the
 * report's tests, each named with its group, so that the adequacy evidence
 * credits the rules they check. Mutants are matched by file, position,
 * mutator and replacement.
 *
 * Exit status: 0 when the pass ran (or had nothing to do), else Stryker's.
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { MutationReport, ReportMutant } from './mutation-areas.ts'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const MAIN_REPORT = 'reports/mutation/mutation.json'
const KEPT_MAIN_REPORT = 'reports/mutation/mutation.main.json'
const CHOICES_DIR = 'fixtures/choices'

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

/** The group modules, `other-side.ts` and `other-side-<name>.ts`, sorted. */
export function choiceGroups(root: string = ROOT): string[] {
  return readdirSync(path.join(root, CHOICES_DIR))
    .filter((file) => /^other-side(-[a-z0-9-]+)?\.ts$/.test(file))
    .sort()
    .map((file) => `${CHOICES_DIR}/${file}`)
}

/** The key a mutant is matched by across reports. */
export function mutantKey(file: string, mutant: ReportMutant): string {
  const { start, end } = mutant.location
  return `${file}|${start.line}:${start.column}-${end.line}:${end.column}|${mutant.mutatorName}|${mutant.replacement ?? ''}`
}

/** The file that holds the other sides' own code (OP-xx helpers). */
const CHOICES_SOURCE = 'reference/choices.ts'

/**
 * Parameters that hand a choice on to a module that takes no `choices`
 * (reference/json.ts's `ordinaryOnly`, OP-35; collect-violations' `acceptEmpty`, OP-21).
 */
const CHOICE_CARRIERS = ['ordinaryOnly', 'acceptEmpty']

let choiceWords: RegExp | undefined
/**
 * `choices`, every option of RegistryChoices (a line may read one copied off
 * `choices`, as collect-violations' `walk.emptyEnum`) and {@link CHOICE_CARRIERS}.
 */
function choiceWordsPattern(): RegExp {
  if (choiceWords === undefined) {
    const options = [
      ...readLines(CHOICES_SOURCE)
        .join('\n')
        .matchAll(/^\s*readonly (\w+)\?:/gm),
    ].map((m) => m[1]!)
    choiceWords = new RegExp(`\\b(?:${['choices', ...options, ...CHOICE_CARRIERS].join('|')})\\b`)
  }
  return choiceWords
}

/**
 * Whether a surviving mutant is one the groups can tell apart: it lies in
 * reference/choices.ts or in a file that consults a choice anywhere (names
 * `choices`, one of its options or a parameter carrying one). A condition
 * that picks a side is one such mutant, but so is a line that only runs, or
 * only matters, on a non-default side without naming a choice itself (a
 * flag only the other side reads, a value set that only the other side
 * checks against, a result only the other side produces): under the
 * default choices it is reached and changes nothing, under its group it
 * does. A survivor in a file that never consults a choice runs the same
 * code under every group as under the default, so re-running it there is
 * only time.
 */
export function consultsChoices(file: string, source: (file: string) => readonly string[]): boolean {
  if (file === CHOICES_SOURCE) return true
  return source(file).some((line) => choiceWordsPattern().test(line))
}

/**
 * Stryker `mutate` ranges (`file:line:column-line:column`, columns 0-based)
 * of the report's undetected mutants, sorted: the uncovered ones, and the
 * survivors in code that consults `choices` (./consultsChoices), since code
 * that only matters on a side is reached under the default choices too,
 * where changing it changes nothing.
 */
export function undetectedRanges(report: MutationReport, source: (file: string) => readonly string[] = readLines): string[] {
  const ranges = new Set<string>()
  for (const [file, entry] of Object.entries(report.files)) {
    for (const m of entry.mutants) {
      if (m.status !== 'NoCoverage' && !(m.status === 'Survived' && consultsChoices(file, source))) continue
      ranges.add(mutateRange(file, m))
    }
  }
  return [...ranges].sort()
}

/** The Stryker `mutate` range (`file:line:column-line:column`, columns 0-based) that selects `mutant`. */
function mutateRange(file: string, mutant: ReportMutant): string {
  const { start, end } = mutant.location
  return `${file}:${start.line}:${start.column - 1}-${end.line}:${end.column - 1}`
}

/**
 * The `ranges` still worth running under the next group: those holding an
 * undetected mutant of `main` that no group run so far has killed or timed
 * out. A later group cannot improve on that ({@link mergeChoiceReports}
 * keeps the strongest status), so each group runs only what is left and the
 * outcome is the same as running every group on everything.
 */
export function rangesLeft(ranges: readonly string[], main: MutationReport, done: readonly MutationReport[]): string[] {
  const detected = new Set<string>()
  for (const report of done) {
    for (const [file, entry] of Object.entries(report.files)) {
      for (const m of entry.mutants) if (m.status === 'Killed' || m.status === 'Timeout') detected.add(mutantKey(file, m))
    }
  }
  const left = new Set<string>()
  for (const [file, entry] of Object.entries(main.files)) {
    for (const m of entry.mutants) if (UNDETECTED.has(m.status) && !detected.has(mutantKey(file, m))) left.add(mutateRange(file, m))
  }
  return ranges.filter((range) => left.has(range))
}

const sourceLines = new Map<string, readonly string[]>()
function readLines(file: string): readonly string[] {
  let lines = sourceLines.get(file)
  if (lines === undefined) {
    lines = existsSync(path.join(ROOT, file)) ? readFileSync(path.join(ROOT, file), 'utf8').split('\n') : []
    sourceLines.set(file, lines)
  }
  return lines
}

const RANK: Readonly<Record<string, number>> = { Killed: 3, Timeout: 3, Survived: 2, NoCoverage: 1 }
const UNDETECTED = new Set(['Survived', 'NoCoverage'])

/**
 * Merges the groups' reports into `main` (in place): every uncovered mutant
 * of `main` takes the strongest status a group gave it, with that group's
 * killing and covering tests, renamed into `main`'s tests under the group's
 * name. Returns how many mutants changed, by new status.
 */
export function mergeChoiceReports(
  main: MutationReport,
  groups: readonly { readonly name: string; readonly report: MutationReport }[],
): Record<string, number> {
  const files = main.files as Record<string, { mutants: Mutable<ReportMutant>[] }>
  const report = main as Mutable<MutationReport>
  if (report.testFiles === undefined) report.testFiles = {}
  const testFiles = report.testFiles as Record<string, { tests: { id: string; name: string }[] }>
  const wanted = new Map<string, Mutable<ReportMutant>>()
  for (const [file, entry] of Object.entries(files)) for (const m of entry.mutants) if (UNDETECTED.has(m.status)) wanted.set(mutantKey(file, m), m)
  const before = new Map([...wanted.values()].map((m) => [m, m.status]))
  const changed: Record<string, number> = {}
  for (const { name, report } of groups) {
    const rename = (id: string): string => `${name}#${id}`
    for (const [file, entry] of Object.entries(report.testFiles ?? {})) {
      testFiles[`${file} (${name})`] = { tests: entry.tests.map((t) => ({ id: rename(t.id), name: `${t.name} (${name})` })) }
    }
    for (const [file, entry] of Object.entries(report.files)) {
      for (const m of entry.mutants) {
        const target = wanted.get(mutantKey(file, m))
        if (target === undefined || (RANK[m.status] ?? 0) <= (RANK[target.status] ?? 0)) continue
        target.status = m.status
        target.killedBy = (m.killedBy ?? []).map(rename)
        target.coveredBy = (m.coveredBy ?? []).map(rename)
      }
    }
  }
  for (const m of wanted.values()) if (m.status !== before.get(m)) changed[m.status] = (changed[m.status] ?? 0) + 1
  return changed
}

function main(): number {
  const mainPath = path.join(ROOT, MAIN_REPORT)
  if (!existsSync(mainPath)) {
    process.stderr.write(`mutation:choices: ${MAIN_REPORT} is missing: run \`npm run mutation\` first\n`)
    return 2
  }
  // A report this pass already merged into is merged again from the main run's own, kept beside it.
  const keptPath = path.join(ROOT, KEPT_MAIN_REPORT)
  const merged = (JSON.parse(readFileSync(mainPath, 'utf8')) as { choicesMerged?: boolean }).choicesMerged === true
  if (!merged) copyFileSync(mainPath, keptPath)
  else if (!existsSync(keptPath)) {
    process.stderr.write(`mutation:choices: ${MAIN_REPORT} was merged already and ${KEPT_MAIN_REPORT} is gone: run \`npm run mutation\` again\n`)
    return 2
  }
  const report = JSON.parse(readFileSync(keptPath, 'utf8')) as MutationReport
  const ranges = undetectedRanges(report)
  process.stdout.write(`mutation:choices: ${ranges.length} undetected mutants; ${choiceGroups().length} groups of other sides\n`)
  if (ranges.length === 0) return 0
  // Rewritten before each group with what is still undetected (./rangesLeft).
  const mutate = 'reports/mutation/choices-mutate.json'
  const groups: { name: string; report: MutationReport }[] = []
  for (const group of choiceGroups()) {
    const name = path.basename(group, '.ts')
    const left = rangesLeft(
      ranges,
      report,
      groups.map((g) => g.report),
    )
    if (left.length === 0) {
      process.stdout.write(`mutation:choices: ${name}: every undetected mutant is killed already\n`)
      continue
    }
    writeFileSync(path.join(ROOT, mutate), `${JSON.stringify(left)}\n`)
    const output = `reports/mutation/choices-${name}.json`
    process.stdout.write(`mutation:choices: ${name}: ${left.length} of the ${ranges.length} ranges left\n`)
    // The tests that fail unmutated under this group, as they should (./mutation-choices-setup.ts): Stryker expects them to keep failing.
    const tolerated = `reports/mutation/choices-${name}-tolerated.txt`
    writeFileSync(path.join(ROOT, tolerated), '')
    const recordEnv = { ...process.env, DSH_TCK_MUTATION_ADAPTER: group, DSH_TCK_RECORD_TOLERATED: path.join(ROOT, tolerated) }
    const recording = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.mutation.config.ts'], { cwd: ROOT, env: recordEnv, stdio: 'ignore' })
    if (recording.status !== 0) {
      process.stderr.write(
        `mutation:choices: the suite does not pass under ${name} unmutated (npx vitest run --config vitest.mutation.config.ts with DSH_TCK_MUTATION_ADAPTER=${group})\n`,
      )
      return recording.status ?? 1
    }
    const expected = readFileSync(path.join(ROOT, tolerated), 'utf8').split('\n').filter(Boolean).length
    process.stdout.write(`mutation:choices: ${name}: ${expected} tests fail unmutated, as they should; each is expected to keep failing\n`)
    const env = {
      ...process.env,
      DSH_TCK_MUTATION_ADAPTER: group,
      DSH_TCK_EXPECT_TOLERATED: path.join(ROOT, tolerated),
      DSH_TCK_CHOICES_MUTATE_FILE: mutate,
      DSH_TCK_CHOICES_REPORT: output,
    }
    const stryker = spawnSync('npx', ['stryker', 'run', 'stryker.choices.config.mjs'], { cwd: ROOT, env, stdio: 'inherit' })
    if (stryker.status !== 0) return stryker.status ?? 1
    groups.push({ name, report: JSON.parse(readFileSync(path.join(ROOT, output), 'utf8')) as MutationReport })
  }
  const changed = mergeChoiceReports(report, groups)
  writeFileSync(mainPath, `${JSON.stringify({ ...report, choicesMerged: true })}\n`)
  const left = Object.values(report.files)
    .flatMap((f) => f.mutants)
    .filter((m) => m.status === 'NoCoverage').length
  process.stdout.write(
    `mutation:choices: merged into ${MAIN_REPORT}: ${
      Object.entries(changed)
        .map(([status, n]) => `${n} now ${status}`)
        .join(', ') || 'nothing changed'
    }; ${left} still uncovered\n`,
  )
  return 0
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main()
