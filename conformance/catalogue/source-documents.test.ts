/**
 * The source-document table against the catalogue (always), the seed files
 * (when `../shared/seeds` or DSH_TCK_SEEDS exists) and the upstream English
 * documents (when the deepseek-harness git dir at `../.mirror/...` or
 * DSH_UPSTREAM_MIRROR exists).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { RULES } from './index.ts'
import { describeSource } from './describe-source.ts'
import { hasCjk, parseLineCitation, parseSectionCitation } from './internal/seed-citation.ts'
import { DETAIL_ENGLISH, SOURCE_DOCUMENTS, UPSTREAM_DOCS_REVISION } from './source-documents.ts'
import { SEEDS, type SeedKey } from './types.ts'

const KIT = fileURLToPath(new URL('../../', import.meta.url))
const SEED_DIR = process.env.DSH_TCK_SEEDS || `${KIT}../shared/seeds`
const MIRROR = process.env.DSH_UPSTREAM_MIRROR || `${KIT}../.mirror/deepseek-ai+deepseek-harness/repo`
const SEED_KEYS = Object.keys(SEEDS) as SeedKey[]

const seedCitations = RULES.flatMap((rule) =>
  rule.sources.flatMap((source) => (source.kind === 'seed' ? [{ rule: rule.id, seed: source.seed, heading: source.heading, source }] : [])),
)

/** Markdown heading texts outside code fences, in order; a leading diff `+` (seed 000) is dropped. */
function markdownHeadings(text: string): string[] {
  const headings: string[] = []
  let fenced = false
  for (const raw of text.split('\n')) {
    const line = raw.replace(/^\+/, '')
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced
    const match = fenced ? null : /^#{1,6} (.+?)\s*$/.exec(line)
    if (match !== null) headings.push(match[1] as string)
  }
  return headings
}

const unticked = (text: string): string => text.replaceAll('`', '')

describe('source documents', () => {
  test('every seed citation in the catalogue resolves to a section or line of its document', () => {
    const problems: string[] = []
    for (const { rule, seed, heading } of seedCitations) {
      const document = SOURCE_DOCUMENTS[seed]
      if (document.citedBy === 'line') {
        if (parseLineCitation(heading) === undefined) problems.push(`${rule}: seed ${seed} is cited by line (L19, L27-28), not "${heading}"`)
        continue
      }
      const citation = parseSectionCitation(heading)
      if (citation === undefined) {
        problems.push(`${rule}: seed ${seed} citation "${heading}" is not §section or §section (detail)`)
        continue
      }
      if (document.sections?.[citation.key] === undefined)
        problems.push(`${rule}: section "${citation.key}" of seed ${seed} is not in SOURCE_DOCUMENTS['${seed}'].sections`)
      if (citation.detail !== undefined && hasCjk(citation.detail) && DETAIL_ENGLISH[citation.detail] === undefined) {
        problems.push(`${rule}: detail "${citation.detail}" has no English rendering in DETAIL_ENGLISH`)
      }
    }
    expect(problems).toEqual([])
  })

  test('describeSource names the public document in English, never the seed file', () => {
    const problems: string[] = []
    for (const { rule, seed, source } of seedCitations) {
      const text = describeSource(source)
      if (hasCjk(text)) problems.push(`${rule}: "${text}" is not English`)
      if (!text.startsWith(`${SOURCE_DOCUMENTS[seed].citeAs} `)) problems.push(`${rule}: "${text}" does not start with the document label`)
      for (const file of Object.values(SEEDS)) if (text.includes(file)) problems.push(`${rule}: "${text}" names the seed file`)
    }
    expect(problems).toEqual([])
    expect(describeSource({ kind: 'seed', seed: '000', heading: '§执行 (ToolGuard)' })).toBe('docs/subsystems/tools.md § Execution (ToolGuard)')
    expect(describeSource({ kind: 'seed', seed: '000', heading: '§执行 (参数不可被改写)' })).toBe(
      'docs/subsystems/tools.md § Execution (arguments cannot be rewritten)',
    )
    expect(describeSource({ kind: 'seed', seed: '002', heading: '§ctx.tools.register' })).toBe('website api/harness/tools.md § ctx.tools.register(definition)')
    expect(describeSource({ kind: 'seed', seed: '001', heading: 'L19' })).toBe(`${SOURCE_DOCUMENTS['001'].citeAs} L19`)
  })

  test('DETAIL_ENGLISH holds only Chinese originals the catalogue cites, each with an English rendering', () => {
    const cited = new Set(seedCitations.flatMap(({ heading }) => parseSectionCitation(heading)?.detail ?? []))
    for (const [original, english] of Object.entries(DETAIL_ENGLISH)) {
      expect(hasCjk(original), `"${original}" is a Chinese original`).toBe(true)
      expect(hasCjk(english), `"${english}" is English`).toBe(false)
      expect(cited.has(original), `"${original}" is cited by some rule`).toBe(true)
    }
  })

  test('each section pairs the n-th seed heading with the n-th English heading, and its key and label name them', () => {
    for (const key of SEED_KEYS) {
      const document = SOURCE_DOCUMENTS[key]
      if (document.citedBy === 'line') {
        expect(document.sections, `seed ${key} is cited by line`).toBeUndefined()
        continue
      }
      const seedHeadings = document.seedHeadings ?? []
      const englishHeadings = document.englishHeadings ?? []
      expect(seedHeadings.length, `seed ${key}: as many English headings as seed headings`).toBe(englishHeadings.length)
      expect(englishHeadings.some(hasCjk), `seed ${key}: English headings are English`).toBe(false)
      for (const [sectionKey, section] of Object.entries(document.sections ?? {})) {
        const at = seedHeadings.indexOf(section.seedHeading)
        expect(at, `seed ${key} §${sectionKey}: seed heading listed`).toBeGreaterThanOrEqual(0)
        expect(englishHeadings.indexOf(section.englishHeading), `seed ${key} §${sectionKey}: English heading at the same position`).toBe(at)
        expect(unticked(section.seedHeading).startsWith(sectionKey), `seed ${key} §${sectionKey}: key starts "${section.seedHeading}"`).toBe(true)
        expect(
          unticked(section.englishHeading).startsWith(section.cite),
          `seed ${key} §${sectionKey}: label "${section.cite}" starts "${section.englishHeading}"`,
        ).toBe(true)
      }
    }
  })

  test.skipIf(!existsSync(SEED_DIR))(
    `the table's seed headings are the seed files' headings, and cited lines exist (seeds from ${SEED_DIR}; skipped when absent — set DSH_TCK_SEEDS)`,
    () => {
      for (const key of SEED_KEYS) {
        const text = readFileSync(`${SEED_DIR}/${SEEDS[key]}`, 'utf8')
        const document = SOURCE_DOCUMENTS[key]
        if (document.citedBy === 'section') {
          expect(markdownHeadings(text), `headings of seed ${key}`).toEqual(document.seedHeadings)
          continue
        }
        const lines = text.split('\n')
        for (const { rule, seed, heading } of seedCitations.filter((c) => c.seed === key)) {
          const range = parseLineCitation(heading)
          expect(range, `${rule}: ${heading} is a line citation`).toBeDefined()
          for (let n = range?.first ?? 0; n <= (range?.last ?? -1); n++) {
            expect((lines[n - 1] ?? '').trim().length, `${rule}: line ${n} of seed ${seed} has text`).toBeGreaterThan(0)
          }
        }
      }
    },
  )

  test.skipIf(!existsSync(MIRROR))(
    `the English headings are docs/subsystems/tools.md's at ${UPSTREAM_DOCS_REVISION}, the seed headings tools.zh.md's (upstream git dir ${MIRROR}; skipped when absent — set DSH_UPSTREAM_MIRROR)`,
    () => {
      const show = (path: string): string => execFileSync('git', ['--git-dir', MIRROR, 'show', `${UPSTREAM_DOCS_REVISION}:${path}`], { encoding: 'utf8' })
      const document = SOURCE_DOCUMENTS['000']
      const english = document.versions.find((v) => v.lang === 'en')?.path
      const chinese = document.versions.find((v) => v.lang === 'zh-CN')?.path
      expect(english).toBe('docs/subsystems/tools.md')
      expect(markdownHeadings(show(english as string))).toEqual(document.englishHeadings)
      expect(markdownHeadings(show(chinese as string))).toEqual(document.seedHeadings)
      // Seed 002's English page is not in upstream's history (see its `versions` note): its headings are code signatures.
      expect(SOURCE_DOCUMENTS['002'].englishHeadings).toEqual(SOURCE_DOCUMENTS['002'].seedHeadings)
    },
  )
})
