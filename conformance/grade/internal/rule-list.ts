/**
 * Internal: `dsh-tools-tck list-rules`, the catalogue as text or JSON.
 */
import { describeSource } from '../../catalogue/describe-source.ts'
import type { Rule } from '../../catalogue/types.ts'

/** One rule as `list-rules --json` prints it. */
export interface ListedRule {
  readonly id: string
  readonly area: string
  readonly level: 'must' | 'should'
  readonly statement: string
  /** Citations of every source, primary first (see `describeSource`). */
  readonly sources: readonly string[]
}

/**
 * Renders `rules` in the given order, ending with a newline: with `json`, a
 * JSON array of {@link ListedRule}; otherwise one block per rule (ID, level,
 * statement, then its sources indented), and a count.
 */
export function renderRuleList(rules: readonly Rule[], json: boolean): string {
  const listed: ListedRule[] = rules.map((rule) => ({
    id: rule.id,
    area: rule.area,
    level: rule.level,
    statement: rule.statement,
    sources: rule.sources.map(describeSource),
  }))
  if (json) return `${JSON.stringify(listed, null, 2)}\n`
  const width = Math.max(0, ...listed.map((r) => r.id.length))
  const lines = listed.flatMap((r) => [`${r.id.padEnd(width)}  ${r.level.padEnd(6)}  ${r.statement}`, ...r.sources.map((s) => `${''.padEnd(width)}  ${''.padEnd(6)}  source: ${s}`)])
  lines.push(`${listed.length} rule${listed.length === 1 ? '' : 's'}`)
  return `${lines.join('\n')}\n`
}
