/**
 * Internal: the Spec tab of the HTML report, the reviewer's view. The seeds'
 * text, section by section (a Chinese heading keeps the English heading the
 * catalogue renders it by), each sentence in document order; every normative
 * sentence is a mark that names its rules and this registry's verdict (green
 * met, red broken, grey not applicable, untested or excused), and opens, on a
 * click, on the rules behind it and the first failing assertion of each
 * failing rule. Works without JavaScript (`<details>`).
 *
 * Hooks: `data-testid="spec"` on the tab; each sentence is an element
 * `data-sentence="<ID>" data-verdict="<verdict>"`; a broken sentence's
 * failing assertions are `[data-spec-failure]`.
 */
import { SOURCE_DOCUMENTS } from '../../catalogue/source-documents.ts'
import { hasCjk } from '../../catalogue/internal/seed-citation.ts'
import { SEEDS, type SeedKey } from '../../catalogue/types.ts'
import type { GradeReport } from '../report.ts'
import { type SentenceVerdict, sentenceVerdicts } from './sentence-verdicts.ts'
import { sectionLabel } from '../../catalogue/sentences/section-label.ts'
import { escapeHtml } from './escape-html.ts'

/** Style of the Spec tab. */
export const SPEC_STYLE = `
.spec-block { margin: .35rem 0; }
.spec-block.code { font: 12px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--panel); padding: .25rem .5rem; border-left: 2px solid var(--line); }
details.mark { display: inline; }
details.mark > summary { display: inline; list-style: none; border-bottom: 2px solid var(--na); }
details.mark > summary::-webkit-details-marker { display: none; }
details.mark.v-met > summary { border-bottom-color: var(--pass); background: color-mix(in srgb, var(--pass) 10%, transparent); }
details.mark.v-broken > summary { border-bottom-color: var(--fail); background: color-mix(in srgb, var(--fail) 15%, transparent); }
details.mark .rules-of { font-size: 11px; color: var(--muted); margin-left: .2rem; }
details.mark[open] > .mark-body { display: block; margin: .25rem 0 .5rem 1rem; padding: .35rem .5rem; border-left: 3px solid var(--line); background: var(--panel); }
details.mark.v-broken[open] > .mark-body { border-left-color: var(--fail); }
.spec-legend span { margin-right: 1rem; }
.spec-heading-en { color: var(--muted); font-weight: normal; }
`

const VERDICT_LABEL: Record<SentenceVerdict['verdict'], string> = {
  met: 'met',
  broken: 'broken',
  'not-applicable': 'not applicable',
  untested: 'untested',
  excused: 'excused',
  descriptive: 'descriptive',
}

/** The Spec tab's content for `report`. */
export function specView(report: GradeReport): string {
  let verdicts: SentenceVerdict[]
  try {
    verdicts = sentenceVerdicts(report)
  } catch (error) {
    return `<p class="muted">The spec view is unavailable: ${escapeHtml(String(error))}</p>`
  }
  const tally = new Map<string, number>()
  for (const v of verdicts) if (v.verdict !== 'descriptive') tally.set(v.verdict, (tally.get(v.verdict) ?? 0) + 1)
  const legend = (['met', 'broken', 'not-applicable', 'untested', 'excused'] as const)
    .map(
      (k) =>
        `<span class="status s-${k === 'met' ? 'pass' : k === 'broken' ? 'fail' : 'not-applicable'}" data-spec-count="${k}">${tally.get(k) ?? 0} ${VERDICT_LABEL[k]}</span>`,
    )
    .join('')
  const seeds = (Object.keys(SEEDS) as SeedKey[]).map((seed) =>
    seedText(
      seed,
      verdicts.filter((v) => v.coverage.sentence.seed === seed),
    ),
  )
  return [
    `<p>The seeds' normative sentences, marked with this registry's verdicts: green met, red broken, grey not applicable, untested or excused. Click a mark for its rules and failing assertions. The text is the seeds' (Chinese where the seed is).</p>`,
    `<p class="spec-legend" data-testid="spec-legend">${legend}</p>`,
    ...seeds,
  ].join('\n')
}

function seedText(seed: SeedKey, verdicts: readonly SentenceVerdict[]): string {
  const doc = SOURCE_DOCUMENTS[seed]
  const out = [`<h3>Seed ${seed}: ${escapeHtml(doc.citeAs)} <span class="spec-heading-en">${escapeHtml(doc.title)}</span></h3>`]
  let block: { key: string; html: string[]; code: boolean } | undefined
  const flush = () => {
    if (block !== undefined) out.push(`<div class="spec-block${block.code ? ' code' : ''}">${block.html.join(block.code ? '<br>' : ' ')}</div>`)
    block = undefined
  }
  for (const v of verdicts) {
    const s = v.coverage.sentence
    if (s.kind === 'heading') {
      flush()
      const english = englishHeading(seed, s.text)
      const label = sectionLabel(seed, s.section)
      out.push(
        `<h4 data-sentence="${escapeHtml(s.id)}" data-verdict="${v.verdict}">${shownText(s.text)}${english === undefined ? '' : ` <span class="spec-heading-en">(${escapeHtml(english)})</span>`} <span class="tag">${escapeHtml(label)}</span>${v.verdict === 'descriptive' ? '' : ` ${mark(v, '')}`}</h4>`,
      )
      continue
    }
    const code = s.kind === 'decl' || s.kind === 'doc'
    const key = `${code}:${s.kind === 'prose' ? s.line : 'code'}`
    if (block === undefined || block.key !== key) {
      flush()
      block = { key, html: [], code }
    }
    block.html.push(sentenceHtml(v))
  }
  flush()
  return `<section data-spec-seed="${seed}">${out.join('\n')}</section>`
}

/** The English heading of a seed heading, when the heading is Chinese. */
function englishHeading(seed: SeedKey, heading: string): string | undefined {
  if (!hasCjk(heading)) return undefined
  const doc = SOURCE_DOCUMENTS[seed]
  const index = doc.seedHeadings?.indexOf(heading) ?? -1
  return index < 0 ? undefined : doc.englishHeadings?.[index]
}

/** A sentence as shown: Markdown links keep their text only, so the page references nothing outside itself. */
function shownText(text: string): string {
  return escapeHtml(text.replace(/\[([^\]]*)\]\([^)]*\)/gu, '$1').replace(/\bhttps?:\/\//gu, ''))
}

function sentenceHtml(v: SentenceVerdict): string {
  const s = v.coverage.sentence
  const text = shownText(s.text)
  if (v.verdict === 'descriptive')
    return `<span class="sentence" data-sentence="${escapeHtml(s.id)}" data-verdict="descriptive" title="${escapeHtml(`${s.id}: ${v.coverage.reading.reason}`)}">${text}</span>`
  return mark(v, text)
}

function mark(v: SentenceVerdict, text: string): string {
  const s = v.coverage.sentence
  const c = v.coverage
  const rules = c.mustRules.length === 0 ? '' : `<span class="rules-of">[${escapeHtml(c.mustRules.join(' '))}]</span>`
  const body: string[] = [
    `<div><strong>${escapeHtml(s.id)}</strong>: ${escapeHtml(VERDICT_LABEL[v.verdict])}${v.rules.length === 0 ? '' : ` (${escapeHtml(v.rules.join(', '))})`}</div>`,
  ]
  body.push(`<div class="muted">reading: normative (${escapeHtml(c.reading.reason)})</div>`)
  if (c.status.kind === 'excused') {
    const e = c.status.excuse
    body.push(`<div class="muted">excused: ${escapeHtml(e.kind === 'repeats' ? `repeats ${e.of} (${e.reason})` : `${e.kind} (${e.reason})`)}</div>`)
  }
  if (c.mustRules.length > 0) body.push(`<div class="muted">must rules quoting it: ${escapeHtml(c.mustRules.join(', '))}</div>`)
  for (const f of v.failures) {
    body.push(
      `<div class="failure" data-spec-failure><div class="name">${escapeHtml(f.rule)}: ${escapeHtml(f.test)}</div><pre class="message">${escapeHtml(f.message)}</pre></div>`,
    )
  }
  return `<details class="mark v-${v.verdict}" data-sentence="${escapeHtml(s.id)}" data-verdict="${v.verdict}"><summary>${text}${rules}</summary><div class="mark-body">${body.join('')}</div></details>`
}
