/**
 * Writes conformance/adequacy/evidence.json: per rule, how many reference
 * mutants its tests kill and which gallery registries declare it (see
 * conformance/adequacy/evidence.ts for what the report makes of it).
 *
 *   npm run adequacy                       # refresh the gallery part, keep the mutation part
 *   npm run adequacy -- --mutation <json>  # also take kills and totals from a Stryker report
 *   ... --mutation <main> --mutation <more>  # totals from the first, kills from all
 *
 * `npm run mutation` runs the second form on reports/mutation/mutation.json
 * after every Stryker run.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { EVIDENCE_FILE, EvidenceError, loadEvidence } from '../conformance/adequacy/evidence.ts'
import type { Evidence, MutationTotals } from '../conformance/adequacy/evidence.ts'
import { isRuleId } from '../conformance/catalogue/index.ts'
import { ruleIdsInTestName } from '../conformance/catalogue/test-name.ts'
import { galleryDeclarations } from '../fixtures/_support/gallery-declarations.ts'
import { summarize } from './mutation-areas.ts'
import type { MutationReport } from './mutation-areas.ts'

/** Catalogue rule IDs named by a test's `[IDs]` prefix (suite tests and property laws alike). */
export function rulesOfTestName(name: string): string[] {
  return ruleIdsInTestName(name).filter(isRuleId)
}

/** A mutant's identity across runs of the same code (Stryker's IDs are per run). */
function mutantKey(fileName: string, mutant: MutationReport['files'][string]['mutants'][number]): string {
  const { start, end } = mutant.location
  return `${fileName}:${start.line}:${start.column}-${end.line}:${end.column}:${mutant.mutatorName}:${mutant.replacement ?? ''}`
}

/**
 * Per rule, the number of distinct mutants killed by a test naming it, over
 * one or more reports of the same code (a mutant is identified by file,
 * start and end, mutator and replacement); sorted by rule ID.
 *
 * The first report is the main run. A later one (an evidence round) only
 * re-attributes kills: it counts for a mutant the main run detected (killed or
 * timed out), never for one the main run did not test, such as a nested
 * mutant that did not compile (evidence rounds run without the checker).
 */
export function killsByRule(...reports: readonly MutationReport[]): Record<string, number> {
  const killed = new Map<string, Set<string>>()
  const detectedByMain = new Set<string>()
  for (const [fileName, file] of Object.entries(reports[0]?.files ?? {})) {
    for (const mutant of file.mutants) if (mutant.status === 'Killed' || mutant.status === 'Timeout') detectedByMain.add(mutantKey(fileName, mutant))
  }
  for (const [index, report] of reports.entries()) {
    const nameOf = new Map<string, string>()
    for (const file of Object.values(report.testFiles ?? {})) for (const test of file.tests) nameOf.set(test.id, test.name)
    for (const [fileName, file] of Object.entries(report.files)) {
      for (const mutant of file.mutants) {
        const key = mutantKey(fileName, mutant)
        if (index > 0 && !detectedByMain.has(key)) continue
        for (const testId of mutant.killedBy ?? []) {
          for (const rule of rulesOfTestName(nameOf.get(testId) ?? '')) {
            const set = killed.get(rule) ?? new Set<string>()
            set.add(key)
            killed.set(rule, set)
          }
        }
      }
    }
  }
  return Object.fromEntries([...killed].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })).map(([rule, set]) => [rule, set.size]))
}

/** Whole-report totals, equivalents taken out of the score. */
export function mutationTotals(report: MutationReport, root: string): MutationTotals {
  const { total, areas } = summarize(report, root)
  return {
    mutants: Object.values(report.files).reduce((n, f) => n + f.mutants.length, 0),
    killed: total.killed,
    timeout: total.timeout,
    survived: total.survived,
    noCoverage: total.noCoverage,
    compileErrors: Object.values(report.files).reduce((n, f) => n + f.mutants.filter((m) => m.status === 'CompileError').length, 0),
    score: Math.round((total.score ?? 0) * 100) / 100,
    strictScore: Math.round((total.strictScore ?? 0) * 100) / 100,
    strykerScore:
      Math.round(
        ((total.killed + total.timeout) /
          Math.max(1, total.killed + total.timeout + total.survived + total.noCoverage + total.equivalent + total.unspecified + total.unobservable)) *
          10000,
      ) / 100,
    equivalent: total.equivalent,
    unspecified: total.unspecified,
    unobservable: total.unobservable,
    areas: Object.fromEntries(areas.map((a) => [a.area, a.strictScore === undefined ? null : Math.round(a.strictScore * 100) / 100])),
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  // The first --mutation report is the main run (totals); later ones (the
  // weak-rule evidence pass) only add kills.
  const files = argv.flatMap((arg, i) => (arg === '--mutation' ? [argv[i + 1]] : []))
  let previous: Evidence | undefined
  try {
    previous = loadEvidence()
  } catch (error) {
    if (!(error instanceof EvidenceError)) throw error
    // Without a report to rebuild the kill counts from, a refresh would wipe them.
    if (files.length === 0) {
      process.stderr.write(
        `adequacy: ${error.message}\nRefusing to overwrite it without a report: run \`npm run adequacy -- --mutation reports/mutation/mutation.json\` (or \`npm run mutation\`).\n`,
      )
      return 2
    }
  }
  let mutation: Pick<Evidence, 'mutationReportAt' | 'mutation' | 'mutantsKilled'> = previous ?? { mutationReportAt: null, mutation: null, mutantsKilled: {} }
  if (files.length > 0) {
    const reports: MutationReport[] = []
    for (const file of files) {
      if (file === undefined) {
        process.stderr.write('adequacy: --mutation needs the path of a Stryker JSON report\n')
        return 2
      }
      try {
        reports.push(JSON.parse(readFileSync(file, 'utf8')) as MutationReport)
      } catch (error) {
        process.stderr.write(`adequacy: cannot read ${file}: ${(error as Error).message}\n`)
        return 2
      }
    }
    mutation = {
      mutationReportAt: statSync(files[0]!).mtime.toISOString(),
      mutation: mutationTotals(reports[0]!, root),
      mutantsKilled: killsByRule(...reports),
    }
  }
  const evidence: Evidence = { ...mutation, gallery: await galleryDeclarations() }
  writeFileSync(EVIDENCE_FILE, `${JSON.stringify(evidence, null, 2)}\n`)
  const rules = Object.keys(evidence.mutantsKilled).length
  process.stdout.write(
    `adequacy: wrote ${path.relative(root, EVIDENCE_FILE)} (${rules} rules with killing tests, ${Object.keys(evidence.gallery).length} rules declared by the gallery)\n`,
  )
  return 0
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then((code) => (process.exitCode = code))
}
