/**
 * Internal: `dsh-tools-tck explain <RULE>`, everything the kit knows about one rule.
 */
import { describeSource } from '../../catalogue/describe-source.ts'
import type { Rule } from '../../catalogue/types.ts'
import type { KitTest } from './tests-of-rule.ts'
import { readingOf } from '../../catalogue/readings/readings.ts'
import { statementFingerprint } from '../../catalogue/readings/fingerprint.ts'

export interface RuleExplanationInput {
  readonly rule: Rule
  /** The kit tests that check the rule, or why they could not be listed. */
  readonly tests: readonly KitTest[] | { readonly error: string }
  /** Gallery registries declaring the rule violated (the committed adequacy evidence), or why it could not be read. */
  readonly gallery: readonly string[] | { readonly error: string }
}

/**
 * Renders one rule, ending with a newline: ID, level and area; statement;
 * every source; the seed quotes that demand it (a must rule) and the
 * upstream evidence that pins it (an upstream rule); divergence, required
 * features and untestable reason (each
 * line only when the catalogue sets it); the tests that check it, with their
 * files; the gallery registries that violate it.
 */
export function renderRuleExplanation(input: RuleExplanationInput): string {
  const { rule } = input
  const lines = [`${rule.id}  ${rule.level}  (area ${rule.area})`, '', rule.statement, '']
  lines.push(rule.sources.length === 1 ? 'source:' : 'sources:', ...rule.sources.map((s) => `  ${describeSource(s)}`))
  const quotes = rule.quotes ?? []
  if (quotes.length > 0) lines.push('the seeds demand it:', ...quotes.map((q) => `  seed ${q.seed} ${q.section}: "${q.text}"`))
  if (rule.level === 'must') lines.push(...readingLines(rule))
  const evidence = rule.evidence ?? []
  if (evidence.length > 0) lines.push('upstream 0.1.1-rc.2 pins it:', ...evidence.map((e) => `  ${e.file}:${e.line}: ${e.text}`))
  if (rule.divergence !== undefined) lines.push('divergence:', `  ${rule.divergence}`)
  lines.push(`requires: ${rule.requires === undefined || rule.requires.length === 0 ? '(no optional feature)' : rule.requires.join(', ')}`)
  if (rule.untestable !== undefined) lines.push('untestable:', `  ${rule.untestable}`)
  lines.push('')
  if ('error' in input.tests) {
    lines.push(`tests: could not be listed: ${input.tests.error}`)
  } else {
    lines.push(`tests (${input.tests.length}):`)
    if (input.tests.length === 0) lines.push('  (none)')
    for (const test of input.tests) lines.push(`  ${test.name}`, `    ${test.file}`)
  }
  lines.push('')
  if ('error' in input.gallery) {
    lines.push(`gallery registries that violate it: could not be read: ${input.gallery.error}`)
  } else {
    lines.push(`gallery registries that violate it (${input.gallery.length}):`)
    lines.push(...(input.gallery.length === 0 ? ['  (none)'] : input.gallery.map((g) => `  fixtures/${g}`)))
  }
  return `${lines.join('\n')}\n`
}

/** What the independent reading of a must rule found (catalogue/readings/): a line, and the parts not demanded. */
function readingLines(rule: Rule): string[] {
  const reading = readingOf(rule.id)
  if (reading === undefined) return ['independent reading: none yet']
  const current = reading.fingerprint === statementFingerprint(rule) ? '' : ' (of an earlier statement)'
  if (reading.verdict === 'demanded') return [`independent reading${current}: demanded as written`]
  if (reading.verdict === 'nothing') return [`independent reading${current}: no seed passage demands it`]
  return [`independent reading${current}: demands more than its quotes:`, ...reading.extras.map((extra) => `  ${extra.part}`)]
}
