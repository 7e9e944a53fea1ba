/**
 * The README's evidence figures, rendered from what the repository commits:
 * the catalogue, the gallery folders, `conformance/adequacy/evidence.json`
 * (written by the last mutation run) and the equivalent-mutant list. Each
 * figure sits between `<!-- generated:<name> -->` and `<!-- /generated:<name> -->`
 * markers; `npm run readme` rewrites the blocks and `scripts/readme.test.ts`
 * fails while one is stale, so a figure cannot drift from its evidence.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { EQUIVALENT_MUTANTS } from '../../conformance/adequacy/equivalent-mutants.ts'
import type { EquivalentMutant } from '../../conformance/adequacy/equivalent-mutants.ts'
import { loadEvidence, weakRules } from '../../conformance/adequacy/evidence.ts'
import type { Evidence } from '../../conformance/adequacy/evidence.ts'
import { AREAS, LEVELS, RULES } from '../../conformance/catalogue/index.ts'
import { SOURCE_DOCUMENTS } from '../../conformance/catalogue/source-documents.ts'
import { SEEDS, type SeedKey } from '../../conformance/catalogue/types.ts'
import { countCoverage, kitSpecCoverage } from '../../conformance/grade/index.ts'

/** Thrown when the README lacks a block's markers or has them out of order; the message names the block. */
export class ReadmeBlockError extends Error {
  override name = 'ReadmeBlockError'
}

const count = (n: number): string => n.toLocaleString('en-US')
const percent = (n: number): string => `${n.toFixed(2)}%`

/** Fixture modules of one fixtures folder: `.ts` files that are neither tests nor support. */
function fixtureModules(root: string, folder: string): string[] {
  return readdirSync(join(root, 'fixtures', folder)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('_'))
}

/** One sentence: the catalogue by level and the registries the kit's own tests grade. */
export function renderKitCounts(root: string): string {
  const byLevel = LEVELS.map((level) => `${count(RULES.filter((r) => r.level === level).length)} \`${level}\``).join(', ')
  const gallery = fixtureModules(root, 'broken').length
  const types = fixtureModules(root, 'broken-types').length
  const correct = fixtureModules(root, 'correct').length
  const withheld = fixtureModules(root, 'withheld').length
  return [
    `${count(RULES.length)} rules in ${Object.keys(AREAS).length} areas (${byLevel}); the gallery holds ${gallery} broken registries and ${types} broken type`,
    `declarations, and \`npm test\` also grades ${correct} correct-but-slower registries and ${withheld} feature-withholding adapters.`,
  ].join('\n')
}

function listedByKind(list: readonly EquivalentMutant[]): Record<EquivalentMutant['kind'], number> {
  const out = { equivalent: 0, unspecified: 0, unobservable: 0 }
  for (const entry of list) out[entry.kind]++
  return out
}

/** The mutation table: the last run's totals and per-area strict scores, as evidence.json records them. */
export function renderMutationTable(evidence: Evidence = loadEvidence(), list: readonly EquivalentMutant[] = EQUIVALENT_MUTANTS): string {
  const m = evidence.mutation
  if (m === null) return '_No mutation run recorded yet: run `npm run mutation -- --force`._'
  const unobservable = m.unobservable ?? 0
  const matched = m.equivalent + m.unspecified + unobservable
  const listed = listedByKind(list)
  const areas = Object.entries(m.areas ?? {})
    .filter((entry): entry is [string, number] => entry[1] !== null)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
  const label = (area: string): string => (area === '?' ? 'code mapped to no area' : area)
  const full = areas.filter(([, s]) => s === 100).map(([a]) => label(a))
  const partial = areas.filter(([, s]) => s < 100).map(([a, s]) => `${label(a)} ${percent(s)}`)
  const perArea =
    areas.length === 0
      ? ''
      : `; ${[full.length === 0 ? '' : `${full.join(', ')} 100%`, ...partial].filter((s) => s !== '').join(', ')} (TYP is graded by the tsd suites, not by mutants)`
  const rows: [string, string][] = [
    ['report of the run', `\`${evidence.mutationReportAt ?? 'none'}\``],
    ['mutants', `${count(m.mutants)} (${count(m.compileErrors)} do not type-check and are dropped)`],
    ['killed / timed out', `${count(m.killed)} / ${count(m.timeout)}`],
    [
      'listed survivors',
      `${count(matched)}: ${m.equivalent} \`equivalent\`, ${m.unspecified} \`unspecified\`, ${unobservable} \`unobservable\` (matched by the list's ${list.length} entries: ${listed.equivalent}, ${listed.unspecified} and ${listed.unobservable} by kind; an entry without a line matches each occurrence of its text)`,
    ],
    ['survivors not accounted for', `${count(m.survived + m.noCoverage)} (${m.survived} survived, ${m.noCoverage} not covered)`],
    ['**strict score** (only `equivalent` and `unobservable` left out)', `**${percent(m.strictScore)}** overall${perArea}`],
    ['score, every listed survivor left out', percent(m.score)],
    ["Stryker's own score, every listed survivor counted", percent(m.strykerScore)],
    ['weak rules after the evidence rounds', String(weakRules(evidence).length)],
  ]
  return ['| | |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join('\n')
}

/**
 * The spec-coverage table (`dsh-tools-tck spec`): per seed, its normative
 * sentences, how many a tested must rule covers, how many are excused by
 * reason, and how many are neither (held at 0 by sentences.test.ts).
 */
export function renderSpecCoverage(): string {
  const coverage = kitSpecCoverage()
  const row = (label: string, c: ReturnType<typeof countCoverage>): string =>
    `| ${label} | ${c.normative} | ${c.covered} | ${c.outOfScope} | ${c.untestable} | ${c.repeats} | ${c.uncovered} |`
  const rows = (Object.keys(SEEDS) as SeedKey[]).map((seed) =>
    row(`${seed}: ${SOURCE_DOCUMENTS[seed].citeAs}`, countCoverage(coverage.filter((c) => c.sentence.seed === seed))),
  )
  const descriptive = coverage.filter((c) => c.status.kind === 'descriptive').length
  return [
    '| seed | normative sentences | covered | excused: out of scope | excused: untestable | excused: repeats | uncovered |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows,
    row('**all**', countCoverage(coverage)),
    '',
    `${coverage.length} sentences in all, ${descriptive} of them descriptive.`,
  ].join('\n')
}

/** Every generated block, by marker name. */
export function renderReadmeBlocks(root: string): ReadonlyMap<string, string> {
  return new Map([
    ['kit-counts', renderKitCounts(root)],
    ['mutation-table', renderMutationTable()],
    ['spec-coverage', renderSpecCoverage()],
  ])
}

/** `readme` with each block's body replaced; throws {@link ReadmeBlockError} when a block's markers are missing. */
export function applyReadmeBlocks(readme: string, blocks: ReadonlyMap<string, string>): string {
  let out = readme
  for (const [name, body] of blocks) {
    const open = `<!-- generated:${name} -->`
    const close = `<!-- /generated:${name} -->`
    const start = out.indexOf(open)
    const end = out.indexOf(close)
    if (start < 0 || end < start) throw new ReadmeBlockError(`README.md: the block "${name}" needs the markers ${open} and ${close}, in that order`)
    out = `${out.slice(0, start + open.length)}\n${body}\n${out.slice(end)}`
  }
  return out
}
