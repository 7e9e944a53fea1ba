/**
 * The catalogue's own invariants, and the suite's coverage of it: every rule
 * that can be checked has at least one test, and every test names real rules.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { AREAS, RULES, getRule } from './index.ts'
import { typeSuiteFiles } from '../types/run-types.ts'
import { SEEDS, type SeedKey } from './types.ts'
import { seedProse } from './internal/seed-prose.ts'
import { parseLineCitation, parseSectionCitation } from './internal/seed-citation.ts'
import { SOURCE_DOCUMENTS } from './source-documents.ts'
import { UPSTREAM_RELEASE_COMMIT } from '../spec/upstream-release.ts'
import { KNOWN_FEATURES } from '../grade/index.ts'

const FEATURES: ReadonlySet<string> = new Set(KNOWN_FEATURES)
const suiteDir = fileURLToPath(new URL('../suite/', import.meta.url))

/** Rule IDs named by `check(...)` calls in a suite file, found textually. */
function ruleIdsNamedIn(source: string): string[] {
  const ids: string[] = []
  for (const match of source.matchAll(/check\(\s*(\[[^\]]*\]|'[^']*')/g)) {
    for (const id of (match[1] ?? '').matchAll(/'([A-Z]+-\d+)'/g)) ids.push(id[1] as string)
  }
  return ids
}

const suiteFiles = readdirSync(suiteDir).filter((f) => f.endsWith('.test.ts'))
const tested = new Map<string, string[]>()
for (const file of suiteFiles) {
  for (const id of ruleIdsNamedIn(readFileSync(suiteDir + file, 'utf8'))) {
    tested.set(id, [...(tested.get(id) ?? []), file])
  }
}
// Rules graded by the tsd suites (types/<rule id>.*.test-d.ts) are covered by those files.
for (const { file, rule } of typeSuiteFiles()) tested.set(rule, [...(tested.get(rule) ?? []), file])

describe('rule catalogue', () => {
  it('has well-formed, unique rules', () => {
    const problems: string[] = []
    for (const rule of RULES) {
      if (!/^[A-Z]+-\d{2,}$/.test(rule.id)) problems.push(`${rule.id}: id is not AREA-NN`)
      if (!(rule.area in AREAS)) problems.push(`${rule.id}: unknown area ${rule.area}`)
      if (rule.statement.trim().length < 20) problems.push(`${rule.id}: statement too short`)
      if (rule.untestable !== undefined && rule.untestable.trim().length < 10) problems.push(`${rule.id}: untestable without a reason`)
      for (const feature of rule.requires ?? []) if (!FEATURES.has(feature)) problems.push(`${rule.id}: unknown feature ${feature}`)
    }
    expect(problems).toEqual([])
  })

  it('files each area in its own module and keeps the suite file named after the area', () => {
    for (const file of suiteFiles) {
      // `<area>.test.ts`, or `<area>.<shard>.test.ts` for a part split off to run in parallel.
      const area = file.replace('.test.ts', '').split('.')[0]!.toUpperCase()
      expect(Object.keys(AREAS), `suite file ${file} has no area`).toContain(area)
      for (const id of ruleIdsNamedIn(readFileSync(suiteDir + file, 'utf8'))) {
        expect(id.startsWith(`${area}-`) || getRule(id) !== undefined, `${file} names ${id}`).toBe(true)
      }
    }
  })

  it('names only catalogue rules in tests', () => {
    const unknown = [...tested.keys()].filter((id) => !RULES.some((r) => r.id === id))
    expect(unknown, 'rule IDs used by tests but missing from the catalogue').toEqual([])
  })

  it('has at least one test for every rule that is not untestable', () => {
    const missing = RULES.filter((r) => r.untestable === undefined && !tested.has(r.id)).map((r) => r.id)
    expect(missing, 'rules with neither a test nor an untestable reason').toEqual([])
  })

  it('has no test for a rule marked untestable', () => {
    const contradictory = RULES.filter((r) => r.untestable !== undefined && tested.has(r.id)).map((r) => r.id)
    expect(contradictory).toEqual([])
  })
})

const MIRROR = process.env.DSH_UPSTREAM_MIRROR || fileURLToPath(new URL('../../../.mirror/deepseek-ai+deepseek-harness/repo', import.meta.url))
const SEED_DIR = process.env.DSH_TCK_SEEDS || fileURLToPath(new URL('../../../shared/seeds', import.meta.url))

describe('seed quotes', () => {
  it.skipIf(!existsSync(SEED_DIR))(`appear verbatim in their seed, under a section the seed has (seeds from ${SEED_DIR})`, () => {
    const prose = Object.fromEntries(Object.entries(SEEDS).map(([key, file]) => [key, seedProse(readFileSync(`${SEED_DIR}/${file}`, 'utf8'))]))
    const problems: string[] = []
    for (const rule of RULES) {
      for (const q of rule.quotes ?? []) {
        if (q.text.trim().length < 8) problems.push(`${rule.id}: quote too short to demand anything: "${q.text}"`)
        if (!prose[q.seed]!.includes(q.text)) problems.push(`${rule.id}: not verbatim in seed ${q.seed}: "${q.text}"`)
        if (!isCitation(q.seed, q.section)) problems.push(`${rule.id}: "${q.section}" is no section of seed ${q.seed}`)
      }
    }
    expect(problems).toEqual([])
  })
})

/** A section citation of seed 000/002 naming one of its sections, or a line citation of seed 001. */
function isCitation(seedKey: SeedKey, section: string): boolean {
  if (seedKey === '001') return parseLineCitation(section) !== undefined
  const parsed = parseSectionCitation(section)
  return parsed !== undefined && SOURCE_DOCUMENTS[seedKey].sections?.[parsed.key] !== undefined
}

describe('levels', () => {
  it('gives every must rule at least one seed quote (a behaviour no quote states is not a must)', () => {
    const unquoted = RULES.filter((r) => r.level === 'must' && (r.quotes ?? []).length === 0).map((r) => r.id)
    expect(unquoted).toEqual([])
  })

  it('gives every upstream rule the upstream evidence that pins it, as a file, a line and a fragment', () => {
    const problems: string[] = []
    for (const rule of RULES) {
      if (rule.level !== 'upstream') continue
      if ((rule.evidence ?? []).length === 0) problems.push(`${rule.id}: no evidence`)
      for (const e of rule.evidence ?? []) {
        if (!/^packages\/[\w./-]+\.ts$/.test(e.file)) problems.push(`${rule.id}: "${e.file}" is not a path in the upstream repository`)
        if (!Number.isInteger(e.line) || e.line < 1) problems.push(`${rule.id}: line ${e.line}`)
        if (e.text.trim().length < 8) problems.push(`${rule.id}: fragment too short: "${e.text}"`)
      }
    }
    expect(problems).toEqual([])
  })

  it.skipIf(!existsSync(MIRROR))(
    `finds each upstream rule's evidence at upstream ${UPSTREAM_RELEASE_COMMIT} (git dir ${MIRROR}; skipped when absent — set DSH_UPSTREAM_MIRROR)`,
    () => {
      const files = new Map<string, string[] | undefined>()
      const linesOf = (file: string): string[] | undefined => {
        if (!files.has(file)) {
          const shown = spawnSync('git', ['-C', MIRROR, 'show', `${UPSTREAM_RELEASE_COMMIT}:${file}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
          files.set(file, shown.status === 0 ? shown.stdout.split('\n') : undefined)
        }
        return files.get(file)
      }
      const problems: string[] = []
      for (const rule of RULES) {
        for (const e of rule.evidence ?? []) {
          const lines = linesOf(e.file)
          if (lines === undefined) {
            problems.push(`${rule.id}: ${e.file} is not in upstream ${UPSTREAM_RELEASE_COMMIT}`)
            continue
          }
          const near = lines
            .slice(Math.max(0, e.line - 1 - EVIDENCE_SLACK), e.line + EVIDENCE_SLACK)
            .join(' ')
            .replace(/\s+/g, ' ')
          if (!near.includes(e.text)) problems.push(`${rule.id}: "${e.text}" is not at ${e.file}:${e.line} (±${EVIDENCE_SLACK} lines)`)
        }
      }
      expect(problems).toEqual([])
    },
  )
})

/** How many lines either side of its `line` an evidence fragment may stand (a fragment may run over a line break). */
const EVIDENCE_SLACK = 3
