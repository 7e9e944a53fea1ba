/**
 * Internal: splits a seed citation as the catalogue writes it.
 *
 * Section citations (seeds 000/002) read `§<section key>` or
 * `§<section key> (<detail>)`; the detail runs to the final `)` and may hold
 * parentheses of its own. Line citations (seed 001) read `L19` or `L27-28`.
 */

/** A parsed section citation: the section key (`执行`) and the optional detail (`ToolGuard`). */
export interface SectionCitation {
  readonly key: string
  readonly detail?: string
}

/** Parses `§key (detail)`; undefined when the text is not a section citation. */
export function parseSectionCitation(heading: string): SectionCitation | undefined {
  const match = /^§(.+?)(?: \((.+)\))?$/su.exec(heading)
  if (match === null) return undefined
  const key = match[1] as string
  return match[2] === undefined ? { key } : { key, detail: match[2] }
}

/** Parses `L19` / `L27-28` into the first and last line (1-based); undefined when the text is not a line citation. */
export function parseLineCitation(heading: string): { readonly first: number; readonly last: number } | undefined {
  const match = /^L(\d+)(?:-(\d+))?$/u.exec(heading)
  if (match === null) return undefined
  const first = Number(match[1])
  return { first, last: match[2] === undefined ? first : Number(match[2]) }
}

/** True when the text holds CJK characters or full-width punctuation, i.e. needs an English rendering. */
export function hasCjk(text: string): boolean {
  return /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/u.test(text)
}
