/**
 * How the HTML and Markdown pages name a rule status.
 */
import type { RuleStatus } from '../report.ts'

const LABELS: Readonly<Record<RuleStatus, string>> = {
  pass: 'pass',
  fail: 'fail',
  vacuous: 'vacuous',
  blocked: 'blocked',
  'not-applicable': 'n/a',
  untestable: 'untestable',
}

/** Short label of a rule status (`n/a` for not-applicable); any other string is returned unchanged. */
export function statusLabel(status: string): string {
  return Object.hasOwn(LABELS, status) ? (LABELS[status as RuleStatus] as string) : status
}
