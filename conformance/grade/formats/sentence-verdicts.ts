/**
 * Internal: each seed sentence's verdict for one graded registry, the
 * reviewer's view (`dsh-tools-tck spec --report`, the HTML report's spec tab).
 *
 * - `met`: a must rule quoting the sentence was graded, and none failed or
 *   was blocked;
 * - `broken`: a must rule quoting it failed (`rules` names them, `failures`
 *   gives their first failing assertion);
 * - `not-applicable`: its rules were graded but none applied (a feature the
 *   registry lacks, or untestable);
 * - `untested`: no must rule of the kit tests it, or the grade left its rules
 *   out (`--rules`), or one of its rules was blocked by another rule's failed
 *   precondition (not judged; `rules` names the blocked ones);
 * - `excused` / `descriptive`: the catalogue's reading of the sentence.
 */
import { RULES } from '../../catalogue/index.ts'
import { type SentenceCoverage, specCoverage } from '../../catalogue/sentences/coverage.ts'
import type { GradeReport } from '../report.ts'

/** A sentence's verdict for one registry. */
export type SentenceVerdictKind = 'met' | 'broken' | 'not-applicable' | 'untested' | 'excused' | 'descriptive'

/** One sentence's verdict, with what it rests on. */
export interface SentenceVerdict {
  readonly coverage: SentenceCoverage
  readonly verdict: SentenceVerdictKind
  /** The failing must rules (`broken`), else the rules the verdict rests on. */
  readonly rules: readonly string[]
  /** The first failing assertion of each failing rule (`broken` only). */
  readonly failures: readonly { readonly rule: string; readonly test: string; readonly message: string }[]
}

/** The kit's coverage of the seeds: the committed sentences against the catalogue and its tested rules. */
export function kitSpecCoverage(): SentenceCoverage[] {
  return specCoverage(RULES)
}

/** Every sentence's verdict for the registry `report` graded. */
export function sentenceVerdicts(report: GradeReport, coverage: readonly SentenceCoverage[] = kitSpecCoverage()): SentenceVerdict[] {
  const entries = new Map(report.rules.map((rule) => [rule.id as string, rule]))
  return coverage.map((c): SentenceVerdict => {
    if (c.status.kind === 'descriptive') return { coverage: c, verdict: 'descriptive', rules: [], failures: [] }
    if (c.status.kind === 'excused') return { coverage: c, verdict: 'excused', rules: [], failures: [] }
    const graded = c.mustRules.flatMap((id) => {
      const entry = entries.get(id)
      return entry === undefined ? [] : [entry]
    })
    const failed = graded.filter((entry) => entry.status === 'fail')
    if (failed.length > 0) {
      const failures = failed.flatMap((entry) => {
        const test = entry.tests.find((t) => t.outcome === 'fail' && t.failure !== undefined)
        return test?.failure === undefined ? [] : [{ rule: entry.id as string, test: test.name, message: test.failure.message }]
      })
      return { coverage: c, verdict: 'broken', rules: failed.map((entry) => entry.id as string), failures }
    }
    // A blocked rule is not judged (issue 39): the sentence cannot be met while it is.
    const blocked = graded.filter((entry) => entry.status === 'blocked')
    if (blocked.length > 0) return { coverage: c, verdict: 'untested', rules: blocked.map((entry) => entry.id as string), failures: [] }
    const met = graded.filter((entry) => entry.status === 'pass' || entry.status === 'vacuous')
    if (met.length > 0) return { coverage: c, verdict: 'met', rules: met.map((entry) => entry.id as string), failures: [] }
    if (graded.length > 0) return { coverage: c, verdict: 'not-applicable', rules: graded.map((entry) => entry.id as string), failures: [] }
    return { coverage: c, verdict: 'untested', rules: [], failures: [] }
  })
}
