/**
 * `statementFingerprint()`: what an independent reading of a must rule was
 * made against (issue 37): its statement and its seed quotes. Change either
 * and the reading no longer applies: the rule must be read again.
 */
import { createHash } from 'node:crypto'
import type { Rule } from '../types.ts'

/** The first 12 hex digits of the SHA-256 of the rule's statement and its quotes (seed, section, text), one per line. */
export function statementFingerprint(rule: Pick<Rule, 'statement' | 'quotes'>): string {
  const lines = [rule.statement, ...(rule.quotes ?? []).map((q) => `${q.seed}\t${q.section}\t${q.text}`)]
  return createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 12)
}
