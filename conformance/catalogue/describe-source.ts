import { DETAIL_ENGLISH, SOURCE_DOCUMENTS } from './source-documents.ts'
import { parseSectionCitation } from './internal/seed-citation.ts'
import type { RuleSource } from './types.ts'

/**
 * One-line English citation of a rule source, naming the public document a
 * seed is a copy of (see `SOURCE_DOCUMENTS`) rather than the seed file:
 *
 * - seed 000/002 section: `docs/subsystems/tools.md § Execution (ToolGuard)`,
 *   `website api/harness/tools.md § ctx.tools.register(definition)`; a
 *   Chinese section heading or detail is rendered in English (`DETAIL_ENGLISH`);
 * - seed 001 line: `walkthrough "The tool execution pipeline" L19`;
 * - pinned upstream behaviour: `upstream 0.1.1-rc.2 behaviour (note)`.
 *
 * A citation the table does not know is printed as the catalogue wrote it
 * after the document's label (`source-documents.test.ts` keeps the table complete).
 */
export function describeSource(source: RuleSource): string {
  if (source.kind === 'upstream') {
    return source.note === undefined ? 'upstream 0.1.1-rc.2 behaviour' : `upstream 0.1.1-rc.2 behaviour (${source.note})`
  }
  const document = SOURCE_DOCUMENTS[source.seed]
  const citation = document.citedBy === 'section' ? parseSectionCitation(source.heading) : undefined
  const section = citation === undefined ? undefined : document.sections?.[citation.key]
  if (citation === undefined || section === undefined) return `${document.citeAs} ${source.heading}`
  const detail = citation.detail === undefined ? '' : ` (${DETAIL_ENGLISH[citation.detail] ?? citation.detail})`
  return `${document.citeAs} § ${section.cite}${detail}`
}
