/**
 * The console section `grade --baseline <file>` prints after the report.
 */
import { LEVELS } from '../../catalogue/types.ts'
import { failingLabel } from '../formats/verdict.ts'
import { stripAnsi } from '../text.ts'
import type { BaselineComparison, BaselineFailure, Decision } from './compare-baseline.ts'
import { entryLabel } from './types.ts'
import type { EntryRef } from './compare-baseline.ts'

/** How many characters of a failure message a NEW or KIND line quotes. */
export const MESSAGE_CHARS = 160

/**
 * Plain-text lines (no colour): a heading naming `file`, one line per new
 * failure, stale, expired, mismatched and unmatched entry, each naming the
 * rule or test and why, then a last line starting `BASELINE OK:` or
 * `BASELINE FAIL:`. Ends with a newline. A NEW or KIND line names the rule
 * and the test and quotes only the first line of the failure message, cut to
 * {@link MESSAGE_CHARS} characters, without the suite's `ID (level; source): `
 * prefix (when that prefix names another rule than the line's, the line says
 * `in <ID>'s check`). A finding on rules of levels that do not decide
 * under the comparison's profile only is marked with their levels, as
 * `(should rule: information only)` or, under `spec`, `(upstream rule:
 * information only under --profile spec)`, and is not counted in the
 * verdict. The last line names the deciding levels: `BASELINE OK: every
 * must failure is in the baseline` (`must and upstream` under `upstream`).
 */
export function renderBaselineComparison(comparison: BaselineComparison, file: string): string {
  const c = comparison
  const out: string[] = ['', `Baseline ${file}: ${c.covered.length} known failure${c.covered.length === 1 ? '' : 's'} as recorded`]
  for (const f of c.newFailures) out.push(`  NEW       ${failureLabel(f)}: ${quoted(f)} (${f.kind})`)
  for (const m of c.kindMismatch) {
    for (const f of m.failures)
      out.push(`  KIND      ${ref(m)}: recorded as ${m.entry.kind}, but ${failureLabel(f)} failed as ${f.kind}: ${quoted(f)}${info(m)}`)
  }
  for (const e of c.expired) out.push(`  EXPIRED   ${ref(e)}: ${e.why}; fix the failure or extend "expires"${info(e)}`)
  for (const e of c.stale) out.push(`  STALE     ${ref(e)}: ${e.why}; remove the entry${e.decides && c.allowStale ? ' (allowed by --allow-stale)' : info(e)}`)
  for (const e of c.unmatched) out.push(`  UNMATCHED ${ref(e)}: ${e.why} (not judged)`)
  const deciding = <T extends { decides: boolean }>(list: readonly T[]): number => list.filter((e) => e.decides).length
  const stale = deciding(c.stale)
  const counts = [
    [c.newFailures.length, 'new'],
    [deciding(c.kindMismatch), 'of another kind'],
    [deciding(c.expired), 'expired'],
    [stale, 'stale'],
  ] as const
  const wrong = counts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`)
  out.push(
    c.ok
      ? `BASELINE OK: every ${failingLabel(c.profile)} failure is in the baseline${stale > 0 ? ` (${stale} stale entr${stale === 1 ? 'y' : 'ies'} allowed)` : ''}`
      : `BASELINE FAIL: ${wrong.join(', ')}`,
  )
  return `${out.join('\n')}\n`
}

function ref(r: EntryRef): string {
  return `entries[${r.index}] (${entryLabel(r.entry)})`
}

function failureLabel(f: BaselineFailure): string {
  return f.test === undefined ? `${f.rule} (no failing test)` : `${f.rule} "${f.test}"`
}

/**
 * For a finding that does not decide: ` (should rule: information only)`,
 * naming its rules' levels (`upstream and should rules`), and adding
 * ` under --profile spec` when an upstream rule is among them (those decide
 * under `upstream`). Empty for a finding that decides.
 */
function info(finding: Decision): string {
  if (finding.decides) return ''
  const { levels } = finding
  return ` (${levels.join(' and ')} rule${levels.length === 1 ? '' : 's'}: information only${levels.includes('upstream') ? ' under --profile spec' : ''})`
}

/** The suite's prefix of a failure message: `ID (<level>; source): `. */
const RULE_PREFIX = new RegExp(`^([A-Z]+-[0-9]+) \\((?:${LEVELS.join('|')}); .*?\\): `)

/** The first line of the failure's message, its rule prefix removed (or named as another rule's check), cut to {@link MESSAGE_CHARS}. */
function quoted(f: BaselineFailure): string {
  const line = stripAnsi(f.message.split('\n')[0] ?? '').trim()
  const prefix = RULE_PREFIX.exec(line)
  const text = prefix === null ? line : `${prefix[1] === f.rule ? '' : `in ${prefix[1]}'s check: `}${line.slice(prefix[0].length)}`
  return text.length > MESSAGE_CHARS ? `${text.slice(0, MESSAGE_CHARS - 1)}…` : text
}
