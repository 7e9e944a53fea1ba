/**
 * The English label of a sentence's section, as the reviewer's view prints it.
 */
import { SOURCE_DOCUMENTS } from '../source-documents.ts'
import type { SeedKey } from '../types.ts'

/** The English label of a sentence's section (`§ Execution`, `L19`). */
export function sectionLabel(seed: SeedKey, section: string): string {
  if (!section.startsWith('§')) return section
  const entry = SOURCE_DOCUMENTS[seed].sections?.[section.slice(1)]
  return `§ ${entry?.cite ?? section.slice(1)}`
}
