/**
 * The console section `grade --baseline <file>` prints after the report.
 */
import type { BaselineComparison, BaselineFailure } from './compare-baseline.ts'
import { entryLabel } from './types.ts'
import type { EntryRef } from './compare-baseline.ts'

/**
 * Plain-text lines (no colour): a heading naming `file`, one line per new
 * failure, stale, expired, mismatched and unmatched entry, each naming the
 * rule or test and why, then a last line starting `BASELINE OK:` or
 * `BASELINE FAIL:`. Ends with a newline.
 */
export function renderBaselineComparison(comparison: BaselineComparison, file: string): string {
  const c = comparison
  const out: string[] = ['', `Baseline ${file}: ${c.covered.length} known failure${c.covered.length === 1 ? '' : 's'} as recorded`]
  for (const f of c.newFailures) out.push(`  NEW       ${failureLabel(f)}: ${f.message} (${f.kind})`)
  for (const m of c.kindMismatch) {
    for (const f of m.failures) out.push(`  KIND      ${ref(m)}: recorded as ${m.entry.kind}, but ${failureLabel(f)} failed as ${f.kind}: ${f.message}`)
  }
  for (const e of c.expired) out.push(`  EXPIRED   ${ref(e)}: ${e.why}; fix the failure or extend "expires"`)
  for (const e of c.stale) out.push(`  STALE     ${ref(e)}: ${e.why}; remove the entry${c.allowStale ? ' (allowed by --allow-stale)' : ''}`)
  for (const e of c.unmatched) out.push(`  UNMATCHED ${ref(e)}: ${e.why} (not judged)`)
  const counts = [
    [c.newFailures.length, 'new'],
    [c.kindMismatch.length, 'of another kind'],
    [c.expired.length, 'expired'],
    [c.stale.length, 'stale'],
  ] as const
  const wrong = counts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`)
  out.push(
    c.ok
      ? `BASELINE OK: every must failure is in the baseline${c.stale.length > 0 ? ` (${c.stale.length} stale entr${c.stale.length === 1 ? 'y' : 'ies'} allowed)` : ''}`
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
