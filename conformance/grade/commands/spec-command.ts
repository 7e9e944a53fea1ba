/**
 * Internal: `dsh-tools-tck spec`, the reviewer's view of the seeds.
 *
 * - no option: coverage per seed and section (normative sentences, covered,
 *   excused by reason, uncovered);
 * - `--sentence <id|text>`: the rules and kit tests behind one sentence;
 * - `--report <file>`: each normative sentence's verdict for that registry;
 * - `--against <file>`: drift of another version of the document.
 */
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { RULES } from '../../catalogue/index.ts'
import { SEEDS, type SeedKey } from '../../catalogue/types.ts'
import { SOURCE_DOCUMENTS } from '../../catalogue/source-documents.ts'
import type { SentenceCoverage } from '../../catalogue/sentences/coverage.ts'
import { specDrift } from '../../catalogue/sentences/drift.ts'
import { UsageError } from '../errors.ts'
import { oneLine } from '../text.ts'
import { kitSpecCoverage, sentenceVerdicts } from '../formats/sentence-verdicts.ts'
import { sectionLabel } from '../../catalogue/sentences/section-label.ts'
import { testsOfRules } from './tests-of-rule.ts'

/** What `spec` was asked. */
export interface SpecOptions {
  readonly sentence?: string
  readonly report?: string
  readonly against?: string
  readonly cwd: string
}

/** Counts of one group of sentences. */
export interface CoverageCounts {
  normative: number
  covered: number
  outOfScope: number
  untestable: number
  repeats: number
  uncovered: number
}

/** Runs `spec` and returns its text (ending with a newline). Throws a UsageError on a bad option or file. */
export async function runSpec(options: SpecOptions): Promise<string> {
  const given = [options.sentence, options.report, options.against].filter((o) => o !== undefined).length
  if (given > 1) throw new UsageError('spec takes one of --sentence, --report, --against at a time')
  const coverage = kitSpecCoverage()
  if (options.sentence !== undefined) return renderSentence(coverage, options.sentence)
  if (options.report !== undefined) {
    const { loadReport } = await import('../load-report.ts')
    let report: Awaited<ReturnType<typeof loadReport>>
    try {
      report = await loadReport(options.report, options.cwd)
    } catch (error) {
      throw new UsageError(`spec --report: ${oneLine(error)}`)
    }
    return renderVerdicts(sentenceVerdicts(report, coverage), report.adapter.name)
  }
  if (options.against !== undefined) return renderDrift(await readAgainst(options.against, options.cwd), options.against)
  return renderCoverage(coverage)
}

/** Counts `coverage` (normative sentences only). */
export function countCoverage(coverage: readonly SentenceCoverage[]): CoverageCounts {
  const counts: CoverageCounts = { normative: 0, covered: 0, outOfScope: 0, untestable: 0, repeats: 0, uncovered: 0 }
  for (const c of coverage) {
    if (c.status.kind === 'descriptive') continue
    counts.normative += 1
    if (c.status.kind === 'covered') counts.covered += 1
    else if (c.status.kind === 'uncovered') counts.uncovered += 1
    else if (c.status.excuse.kind === 'out-of-scope') counts.outOfScope += 1
    else if (c.status.excuse.kind === 'untestable') counts.untestable += 1
    else counts.repeats += 1
  }
  return counts
}

const HEADER = ['normative', 'covered', 'excused: out of scope', 'untestable', 'repeats', 'uncovered'] as const

function countCells(counts: CoverageCounts): string[] {
  return [counts.normative, counts.covered, counts.outOfScope, counts.untestable, counts.repeats, counts.uncovered].map(String)
}

function renderCoverage(coverage: readonly SentenceCoverage[]): string {
  const rows: string[][] = [['', ...HEADER]]
  for (const seed of Object.keys(SEEDS) as SeedKey[]) {
    const ofSeed = coverage.filter((c) => c.sentence.seed === seed)
    rows.push([`seed ${seed}: ${SOURCE_DOCUMENTS[seed].citeAs}`, ...countCells(countCoverage(ofSeed))])
    // Seed 001 is cited by line: one row for the whole walkthrough.
    if (SOURCE_DOCUMENTS[seed].citedBy === 'line') continue
    const sections = [...new Set(ofSeed.map((c) => c.sentence.section))]
    for (const section of sections) {
      const counts = countCoverage(ofSeed.filter((c) => c.sentence.section === section))
      if (counts.normative > 0) rows.push([`  ${sectionLabel(seed, section)}`, ...countCells(counts)])
    }
  }
  rows.push(['all seeds', ...countCells(countCoverage(coverage))])
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => [...(r[i] ?? '')].length))) ?? []
  const lines = rows.map((row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  '))
  const descriptive = coverage.filter((c) => c.status.kind === 'descriptive').length
  lines.push('', `${coverage.length} sentences: ${coverage.length - descriptive} normative, ${descriptive} descriptive.`)
  lines.push('Covered: quoted by a must rule with kit tests. "dsh-tools-tck spec --sentence <ID>" shows one sentence.')
  return `${lines.join('\n')}\n`
}

function findSentence(coverage: readonly SentenceCoverage[], query: string): SentenceCoverage {
  const wanted = query.trim()
  const byId = coverage.find((c) => c.sentence.id === wanted)
  if (byId !== undefined) return byId
  const hits = coverage.filter((c) => c.sentence.text.includes(wanted))
  if (hits.length === 1) return hits[0] as SentenceCoverage
  if (hits.length === 0)
    throw new UsageError(`spec --sentence: no sentence of the seeds is or contains "${query}" (give a sentence ID such as 000-042, or its text)`)
  throw new UsageError(`spec --sentence: "${query}" is in ${hits.length} sentences (${hits.map((h) => h.sentence.id).join(', ')}); give one ID`)
}

function renderSentence(coverage: readonly SentenceCoverage[], query: string): string {
  const c = findSentence(coverage, query)
  const s = c.sentence
  const lines = [
    `${s.id}  seed ${s.seed} (${SOURCE_DOCUMENTS[s.seed].citeAs} ${sectionLabel(s.seed, s.section)}, seed line ${s.line}, ${s.kind})`,
    '',
    s.text,
    '',
    `reading: ${c.reading.normative ? 'normative' : 'descriptive'} (${c.reading.reason})`,
    `status: ${statusLine(c)}`,
  ]
  const quoting = RULES.filter((rule) => c.rules.includes(rule.id))
  lines.push(`rules quoting it (${quoting.length}):`)
  if (quoting.length === 0) lines.push('  (none)')
  const tests = testsOfRules(quoting)
  for (const rule of quoting) {
    lines.push(`  ${rule.id}  ${rule.level}  ${rule.statement}`)
    for (const test of tests.get(rule.id) ?? []) lines.push(`    test: ${test.name}  (${test.file})`)
  }
  return `${lines.join('\n')}\n`
}

function statusLine(c: SentenceCoverage): string {
  switch (c.status.kind) {
    case 'covered':
      return `covered by ${c.mustRules.join(', ')}`
    case 'excused':
      return c.status.excuse.kind === 'repeats'
        ? `excused: repeats ${c.status.excuse.of} (${c.status.excuse.reason})`
        : `excused: ${c.status.excuse.kind} (${c.status.excuse.reason})`
    default:
      return c.status.kind
  }
}

function renderVerdicts(verdicts: ReturnType<typeof sentenceVerdicts>, adapter: string): string {
  const normative = verdicts.filter((v) => v.verdict !== 'descriptive')
  const lines = [`Spec sentences for ${adapter}:`, '']
  for (const v of normative) {
    const s = v.coverage.sentence
    const rules = v.rules.length === 0 ? '' : ` (${v.rules.join(', ')})`
    lines.push(`${s.id}  ${v.verdict}${rules}  ${oneLine(s.text, 100)}`)
  }
  const tally = new Map<string, number>()
  for (const v of normative) tally.set(v.verdict, (tally.get(v.verdict) ?? 0) + 1)
  lines.push(
    '',
    `${normative.length} normative sentences: ${['met', 'broken', 'not-applicable', 'untested', 'excused'].map((k) => `${tally.get(k) ?? 0} ${k}`).join(', ')}`,
  )
  return `${lines.join('\n')}\n`
}

async function readAgainst(file: string, cwd: string): Promise<string> {
  try {
    return await readFile(resolve(cwd, file), 'utf8')
  } catch (error) {
    throw new UsageError(`spec --against: cannot read ${file}: ${oneLine(error)}`)
  }
}

function renderDrift(text: string, file: string): string {
  const drift = specDrift(text, RULES)
  const what =
    drift.target.seed === '002'
      ? 'the API page (seed 002)'
      : drift.target.english
        ? 'the English docs/subsystems/tools.md (seed 000; only doc comments, declarations and untranslated quotes compare)'
        : 'docs/subsystems/tools.zh.md (seed 000)'
  const lines = [`${file}: read as ${what}`, '']
  lines.push(`Quotes that no longer appear (${drift.staleQuotes.length}; review these rules):`)
  if (drift.staleQuotes.length === 0) lines.push('  (none)')
  for (const q of drift.staleQuotes) lines.push(`  ${q.rule}: "${q.text}"`)
  lines.push('', `New or changed normative-looking sentences without a rule (${drift.newSentences.length}):`)
  if (drift.newSentences.length === 0) lines.push('  (none)')
  for (const s of drift.newSentences) {
    lines.push(`  line ${s.line} ${sectionLabel(drift.target.seed, s.section)}, ${s.was === undefined ? 'new' : `changed from ${s.was}`}: ${s.text}`)
  }
  if (drift.notCompared > 0) lines.push('', `${drift.notCompared} Chinese quotes not compared (the file is the English page).`)
  return `${lines.join('\n')}\n`
}
