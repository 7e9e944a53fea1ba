/**
 * Places sentences in the running prose of their document (`seedProse`), so a
 * verbatim quote, which may run across sentences, finds the sentences it
 * covers.
 */
import type { SplitSentence } from './split-seed.ts'

/** A sentence with its place in the document's prose. */
export interface PlacedSentence extends SplitSentence {
  /** Offset of the sentence in the prose; -1 when it cannot be found there (a splitting defect). */
  readonly start: number
}

/** Each sentence's offset in `prose`, searched in document order. */
export function placeSentences(prose: string, sentences: readonly SplitSentence[]): PlacedSentence[] {
  let cursor = 0
  return sentences.map((sentence) => {
    const start = prose.indexOf(sentence.text, cursor)
    if (start >= 0) cursor = start + sentence.text.length
    return { ...sentence, start }
  })
}

/** Indexes of the sentences that every occurrence of `quote` in `prose` overlaps (empty when it occurs nowhere). */
export function sentencesUnderQuote(prose: string, sentences: readonly PlacedSentence[], quote: string): number[] {
  const hits = new Set<number>()
  for (let at = prose.indexOf(quote); at >= 0; at = prose.indexOf(quote, at + 1)) {
    const end = at + quote.length
    sentences.forEach((s, index) => {
      if (s.start >= 0 && s.start < end && s.start + s.text.length > at) hits.add(index)
    })
  }
  return [...hits].sort((a, b) => a - b)
}
