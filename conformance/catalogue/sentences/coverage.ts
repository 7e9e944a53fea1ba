/**
 * Coverage of the seeds' normative sentences by the catalogue: for each
 * sentence, its reading (normative or descriptive, with a reason) and its
 * status: covered (quoted by a must rule that has tests), excused (see
 * `sentence-notes.ts`; an exact repeat of a covered or excused sentence
 * elsewhere is excused as a repeat of it), uncovered, or descriptive.
 */
import type { Rule, SeedKey } from '../types.ts'
import { type Reading, classifySentence } from './classify.ts'
import { sentencesUnderQuote } from './locate.ts'
import { type SeedSentence, type SeedSentences, seedSentences } from './seed-sentences.ts'
import { DECLARATION_EXCUSE, type Excuse, SENTENCE_NOTES } from './sentence-notes.ts'

/** Where a sentence stands. */
export type SentenceStatus =
  | { readonly kind: 'descriptive' }
  | { readonly kind: 'covered' }
  | { readonly kind: 'excused'; readonly excuse: Excuse }
  | { readonly kind: 'uncovered' }

/** One sentence, read and matched against the catalogue. */
export interface SentenceCoverage {
  readonly sentence: SeedSentence
  readonly reading: Reading
  /** Every rule quoting (part of) the sentence, any level, catalogue order. */
  readonly rules: readonly string[]
  /** The must rules with tests among them: the sentence's verdict rests on these. */
  readonly mustRules: readonly string[]
  readonly status: SentenceStatus
}

/** A rule quote that lies on no sentence of its seed. */
export interface UnmatchedQuote {
  readonly rule: string
  readonly seed: SeedKey
  readonly text: string
}

/** The reading of one sentence: the heuristic one, corrected by its note. */
export function readSentence(sentence: SeedSentence): Reading {
  const note = SENTENCE_NOTES[sentence.id]
  if (note?.descriptive !== undefined) return { normative: false, reason: note.descriptive }
  if (note?.normative !== undefined) return { normative: true, reason: note.normative }
  return classifySentence(sentence.text, sentence.kind)
}

/**
 * Every committed sentence with its coverage by `rules`. A rule has kit tests
 * unless it is marked untestable (catalogue.test.ts holds every other rule to
 * at least one test, runtime or tsd).
 */
export function specCoverage(rules: readonly Rule[], data: SeedSentences = seedSentences()): SentenceCoverage[] {
  const tested = new Set<string>(rules.filter((rule) => rule.untestable === undefined).map((rule) => rule.id))
  const quoting = data.sentences.map(() => new Set<string>())
  const offset = new Map<SeedKey, number>()
  data.sentences.forEach((s, i) => {
    if (!offset.has(s.seed)) offset.set(s.seed, i)
  })
  for (const rule of rules) {
    for (const quote of rule.quotes ?? []) {
      const first = offset.get(quote.seed) ?? 0
      const ofSeed = data.sentences.filter((s) => s.seed === quote.seed)
      for (const index of sentencesUnderQuote(data.prose[quote.seed], ofSeed, quote.text)) quoting[first + index]?.add(rule.id)
    }
  }
  const byRule = new Map<string, Rule>(rules.map((r) => [r.id, r]))
  // A sentence repeated word for word (a doc comment and the page text under it, the two documents' copies of one JSDoc) is covered where any copy is.
  const coveredCopy = new Map<string, string>()
  data.sentences.forEach((sentence, i) => {
    const must = [...(quoting[i] as Set<string>)].some((id) => byRule.get(id)?.level === 'must' && tested.has(id))
    if (must && !coveredCopy.has(repeatKey(sentence.text))) coveredCopy.set(repeatKey(sentence.text), sentence.id)
  })
  const out: SentenceCoverage[] = []
  const firstByText = new Map<string, SentenceCoverage>()
  data.sentences.forEach((sentence, i) => {
    const ruleIds = [...(quoting[i] as Set<string>)]
    const mustRules = ruleIds.filter((id) => byRule.get(id)?.level === 'must' && tested.has(id))
    const read = readSentence(sentence)
    const copy = coveredCopy.get(repeatKey(sentence.text))
    // A must rule quotes the sentence, or the same words elsewhere, as a demand: the sentence is normative whatever the wording suggests.
    const reading =
      read.normative || (mustRules.length === 0 && copy === undefined)
        ? read
        : { normative: true, reason: `quoted by must rules as a demand${mustRules.length === 0 ? ` at ${copy}` : ''} (${read.reason} by wording)` }
    const note = SENTENCE_NOTES[sentence.id]
    const earlier = firstByText.get(repeatKey(sentence.text))
    let status: SentenceStatus
    if (!reading.normative) status = { kind: 'descriptive' }
    else if (mustRules.length > 0) status = { kind: 'covered' }
    else if (note?.excuse !== undefined) status = { kind: 'excused', excuse: note.excuse }
    else if (copy !== undefined)
      status = { kind: 'excused', excuse: { kind: 'repeats', of: copy, reason: 'the same sentence, word for word, is covered there' } }
    else if (DECLARATION_EXCUSE !== undefined && sentence.kind === 'decl') status = { kind: 'excused', excuse: DECLARATION_EXCUSE }
    else if (earlier !== undefined && earlier.status.kind !== 'uncovered' && earlier.status.kind !== 'descriptive') {
      status = { kind: 'excused', excuse: { kind: 'repeats', of: earlier.sentence.id, reason: 'the same sentence, word for word' } }
    } else status = { kind: 'uncovered' }
    const entry: SentenceCoverage = { sentence, reading, rules: ruleIds, mustRules, status }
    if (!firstByText.has(repeatKey(sentence.text))) firstByText.set(repeatKey(sentence.text), entry)
    out.push(entry)
  })
  return out
}

/** The text two copies of one sentence share: a doc tag (`@returns x`) and the page's rendering of it (`**Returns** x`) alike. */
function repeatKey(text: string): string {
  return text.replace(/^(@returns|\*\*Returns\*\*)\s+/u, '').replace(/^(@param (\w+) - |`(\w+)` — )/u, '$2$3: ')
}

/** The rule quotes that lie on no committed sentence (a stale quote, or a splitting defect). */
export function unmatchedQuotes(rules: readonly Rule[], data: SeedSentences = seedSentences()): UnmatchedQuote[] {
  const out: UnmatchedQuote[] = []
  for (const rule of rules) {
    for (const quote of rule.quotes ?? []) {
      const ofSeed = data.sentences.filter((s) => s.seed === quote.seed)
      if (sentencesUnderQuote(data.prose[quote.seed], ofSeed, quote.text).length === 0) out.push({ rule: rule.id, seed: quote.seed, text: quote.text })
    }
  }
  return out
}
