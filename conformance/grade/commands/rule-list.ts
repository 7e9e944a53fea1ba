/**
 * Internal: `dsh-tools-tck list-rules`, the catalogue as text or JSON.
 */
import { describeSource } from '../../catalogue/describe-source.ts'
import type { Level, Rule, SeedQuote, UpstreamEvidence } from '../../catalogue/types.ts'

/** One rule as `list-rules --json` prints it. */
export interface ListedRule {
  readonly id: string
  readonly area: string
  readonly level: Level
  readonly statement: string
  /** Citations of every source, primary first (see `describeSource`). */
  readonly sources: readonly string[]
  /** The seed passages that demand the rule, verbatim (every `must` rule has one). */
  readonly quotes: readonly SeedQuote[]
  /** Where upstream 0.1.1-rc.2 pins an `upstream` rule. */
  readonly evidence: readonly UpstreamEvidence[]
  /** Features a registry must declare for the rule to apply. */
  readonly requires: readonly string[]
  /** Why the rule cannot be checked mechanically, when it cannot. */
  readonly untestable?: string
  /** Where upstream differs from the seeds, or where the kit chose. */
  readonly divergence?: string
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
    quotes: rule.quotes ?? [],
    evidence: rule.evidence ?? [],
    requires: rule.requires ?? [],
    ...(rule.untestable === undefined ? {} : { untestable: rule.untestable }),
    ...(rule.divergence === undefined ? {} : { divergence: rule.divergence }),
  }))
  if (json) return `${JSON.stringify(listed, null, 2)}\n`
  const width = Math.max(0, ...listed.map((r) => r.id.length))
  const lines = listed.flatMap((r) => [
    `${r.id.padEnd(width)}  ${r.level.padEnd(8)}  ${r.statement}`,
    ...r.sources.map((s) => `${''.padEnd(width)}  ${''.padEnd(8)}  source: ${s}`),
  ])
  lines.push(`${listed.length} rule${listed.length === 1 ? '' : 's'}`)
  return `${lines.join('\n')}\n`
}
