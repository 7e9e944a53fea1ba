/**
 * Splits one seed text (or another version of the same document) into
 * sentences: the unit the reviewer's view marks normative or descriptive and
 * matches rule quotes against.
 *
 * Prose paragraphs, list items and the JSDoc of declarations are treated
 * alike: their lines are normalised as `seedProse` does (diff markers,
 * doc-comment stars and white space dropped) and split after `。！？` and
 * after an English `.`/`!`/`?` followed by a capital or a code span. A JSDoc
 * tag (`@param …`, `@returns …`) is one sentence. Each declaration line of a
 * code block (`readonly output: ToolOutputDefinition`) is one sentence of
 * kind `decl`; each heading is one sentence of kind `heading`. Front matter,
 * HTML comments, anchors and `Source:` / `Types:` link lines are not sentences.
 *
 * Sections: seed 000/002 sentences carry the section key the catalogue cites
 * (`§执行`, `§Cordis API`, `§ctx.tools.register`); seed 001 sentences carry
 * their line (`L19`).
 */
import { SOURCE_DOCUMENTS } from '../source-documents.ts'
import type { SeedKey } from '../types.ts'

/** Where a sentence stands: a heading, prose (paragraph or list item), a doc comment, or a declaration line. */
export type SentenceKind = 'heading' | 'prose' | 'doc' | 'decl'

/** One sentence of a seed, in document order. */
export interface SplitSentence {
  readonly seed: SeedKey
  /** `§<section key>` (seeds 000/002, or the heading text where the catalogue cites no key) or `L<n>` (seed 001). */
  readonly section: string
  /** 1-based line of the seed text the sentence starts on. */
  readonly line: number
  readonly kind: SentenceKind
  /** The sentence, white space folded. */
  readonly text: string
}

/** One line as `seedProse` reads it: diff marker, doc-comment delimiters and stars dropped. */
export function proseLine(line: string): string {
  return line
    .replace(/^\+/, '')
    .replace(/^\s*(\/\*\*|\*\/|\*(?=\s|$))?\s*/, '')
    .replace(/\s*\*\/$/, '')
    .trimEnd()
}

/** Folds white space and trims. */
export function fold(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** Splits a run of prose into sentences (Chinese and English sentence ends). */
export function splitProse(text: string): string[] {
  return fold(text)
    .split(/(?<=[。！？])\s*|(?<=[a-z0-9)`'"\]][.!?])\s+(?=[A-Z`'"([{*])/u)
    .map(fold)
    .filter((s) => s !== '' && /[\p{L}\p{N}]/u.test(s))
}

/** Heading text (without `#`s) → the section citation of `seed`. */
function sectionOf(seed: SeedKey, heading: string, previous: string): string {
  const sections = SOURCE_DOCUMENTS[seed].sections ?? {}
  for (const [key, entry] of Object.entries(sections)) if (entry.seedHeading === heading || entry.englishHeading === heading) return `§${key}`
  const bare = heading.replace(/`/g, '')
  if (Object.hasOwn(sections, bare)) return `§${bare}`
  const call = /^(ctx\.tools(?:\.[A-Za-z]+)?)\(/.exec(bare)
  if (call !== null && Object.hasOwn(sections, call[1] as string)) return `§${call[1]}`
  const event = /^(tools\/[a-z-]+|tools\/\* events)/.exec(bare)
  if (event !== null && Object.hasOwn(sections, event[1] as string)) return `§${event[1]}`
  // `ctx.tools` — `ToolRuntime` belongs to the Cordis API section the catalogue cites.
  if (bare.startsWith('ctx.tools — ')) return previous
  return `§${bare}`
}

const SKIPPED_LINE =
  /^(---|editSource:|outline:|<!--.*-->$|<a id=|Source: \[|Types: \[|\[Source\]\(|@@ |dsh-plugin-dev-kb |package\/kb\/|deepseek-harness\/website\/)/

/**
 * The sentences of `text`, a version of the document `seed` copies. Works on
 * the seed files as stored (diff markers) and on plain Markdown alike.
 */
export function splitSeed(seed: SeedKey, text: string): SplitSentence[] {
  const lines = text.split('\n')
  const out: SplitSentence[] = []
  const lineCited = SOURCE_DOCUMENTS[seed].citedBy === 'line'
  let section = seed === '000' ? '§工具' : '§ctx.tools'
  let inFence = false
  let inDoc = false
  let paragraph: { start: number; lines: string[] } | undefined
  let doc: { start: number; parts: { start: number; text: string }[] } | undefined
  const push = (line: number, kind: SentenceKind, raw: string) => {
    const cite = lineCited ? `L${line}` : section
    for (const text of kind === 'decl' || kind === 'heading' ? [fold(raw)] : splitProse(raw))
      if (text !== '') out.push({ seed, section: cite, line, kind, text })
  }
  const flushParagraph = () => {
    if (paragraph !== undefined) push(paragraph.start, 'prose', paragraph.lines.join(' '))
    paragraph = undefined
  }
  const flushDoc = () => {
    if (doc !== undefined) for (const part of doc.parts) push(part.start, 'doc', part.text)
    doc = undefined
  }
  for (const [index, rawLine] of lines.entries()) {
    const line = index + 1
    const stripped = rawLine.replace(/^\+/, '')
    if (/^\s*```/.test(stripped)) {
      flushParagraph()
      flushDoc()
      inFence = !inFence
      inDoc = false
      continue
    }
    if (inFence) {
      const trimmed = stripped.trim()
      if (!inDoc && trimmed.startsWith('/**')) {
        inDoc = true
        doc = { start: line, parts: [] }
      }
      if (inDoc) {
        const body = proseLine(stripped)
        const current = doc as { start: number; parts: { start: number; text: string }[] }
        const last = current.parts.at(-1)
        if (body.startsWith('@') || last === undefined) current.parts.push({ start: line, text: body })
        else current.parts[current.parts.length - 1] = { start: last.start, text: `${last.text} ${body}` }
        if (trimmed.endsWith('*/')) {
          inDoc = false
          flushDoc()
        }
        continue
      }
      if (/^[\s{}()[\],;|&<>=]*$/.test(trimmed) || trimmed.startsWith('//')) continue
      push(line, 'decl', trimmed)
      continue
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(stripped)
    if (heading !== null) {
      flushParagraph()
      section = sectionOf(seed, (heading[2] as string).trim(), section)
      push(line, 'heading', (heading[2] as string).trim())
      continue
    }
    const trimmed = stripped.trim()
    if (trimmed === '' || SKIPPED_LINE.test(trimmed) || (seed === '002' && line === 1)) {
      flushParagraph()
      continue
    }
    if (lineCited) {
      push(line, 'prose', trimmed)
      continue
    }
    if (/^[-*] /.test(trimmed)) {
      flushParagraph()
      paragraph = { start: line, lines: [trimmed.replace(/^[-*] /, '')] }
      continue
    }
    if (paragraph === undefined) paragraph = { start: line, lines: [] }
    paragraph.lines.push(trimmed)
  }
  flushParagraph()
  flushDoc()
  return out
}
