/**
 * Compares graded reports of upstream with the committed list of its
 * expected failures ({@link UPSTREAM_EXPECTED_FAILURES}), held as a baseline
 * (`upstream.baseline.json`, see upstream-baseline.ts) and judged by the
 * same {@link compareToBaseline} as `grade --baseline`. Pure: the fidelity
 * script feeds it reports and prints what it returns.
 */
import type { GradeReport, RuleStatus } from '../grade/report.ts'
import type { RuleId } from '../catalogue/index.ts'
import { compareToBaseline, kitInfo } from '../grade/index.ts'
import type { Baseline } from '../grade/index.ts'
import { expectedFailingRules, type ExpectedFailure } from './expected-failures.ts'
import { upstreamBaseline } from './upstream-baseline.ts'

/** A must rule that failed without being listed, with its first failing assertion. */
export interface UnexpectedFailure {
  readonly id: RuleId
  readonly firstFailure: string
}

/** A listed rule that did not fail, and the status it got instead. */
export interface StaleEntry {
  readonly id: RuleId
  readonly status: RuleStatus | 'not graded'
}

/** A rule whose status differed between repeated grades. */
export interface UnstableVerdict {
  readonly id: RuleId
  /** The status in each grade, in grade order. */
  readonly statuses: readonly RuleStatus[]
}

export interface FidelityVerdict {
  /** True when upstream failed exactly the listed must rules in every grade, with identical verdicts. */
  readonly ok: boolean
  readonly expected: readonly RuleId[]
  readonly unexpected: readonly UnexpectedFailure[]
  readonly stale: readonly StaleEntry[]
  /** Listed rules that failed, but of another kind than the baseline records (e.g. a timeout instead of an assertion), as `ID: what happened`. */
  readonly kindMismatch: readonly string[]
  readonly unstable: readonly UnstableVerdict[]
  /** Must rules whose laws passed but rarely reached their interesting case: no verdict either way. */
  readonly vacuous: readonly RuleId[]
  /** Errors no test owns (a stray rejection, a suite file that failed to load), in the first grade. */
  readonly unattributed: readonly string[]
  /** Should-level rules upstream deviates from (reported, never failing the lane). */
  readonly shouldDeviations: readonly RuleId[]
  /**
   * Upstream-level rules upstream fails. Such a rule pins upstream's own
   * behaviour, so upstream failing it is a kit defect: the lane passes at
   * the upstream profile only when this is empty (the must failures being
   * the listed ones at both profiles).
   */
  readonly upstreamLevelFailures: readonly UnexpectedFailure[]
}

/**
 * Judges one or more grades of upstream (repeated grades of the same build)
 * against `baseline` (default: the one generated from `list`; the script
 * passes the committed file). The first report decides, through
 * {@link compareToBaseline}: a new must failure is unexpected (listed once
 * per rule, with its first failure), a failure of another kind than
 * recorded is a kind mismatch, and an entry is stale when its rule passes,
 * and also (stricter than `grade --baseline`, since the lane grades every
 * rule) when it is not graded, not applicable, untestable or vacuous. Every
 * further report must give every rule the same status.
 */
export function compareWithExpected(
  reports: readonly GradeReport[],
  list: readonly ExpectedFailure[],
  baseline: Baseline = upstreamBaseline(list),
): FidelityVerdict {
  const [first, ...rest] = reports
  if (first === undefined) throw new Error('compareWithExpected needs at least one report')
  const expected = expectedFailingRules(list)
  const byId = new Map(first.rules.map((rule) => [rule.id as string, rule]))
  // The lane runs this kit: expiry by kit version is judged against it.
  const judged = compareToBaseline(first, baseline, { kitVersion: kitInfo().version })

  const unexpected: UnexpectedFailure[] = []
  for (const failure of judged.newFailures) {
    if (!unexpected.some((u) => u.id === failure.rule)) unexpected.push({ id: failure.rule, firstFailure: failure.message })
  }
  const notFailing = new Set([...judged.stale, ...judged.unmatched].map((e) => e.entry.rule ?? e.entry.test))
  const stale: StaleEntry[] = baseline.entries
    .map((entry) => entry.rule ?? entry.test)
    .filter((id): id is RuleId => id !== undefined && notFailing.has(id))
    .map((id) => ({ id, status: byId.get(id)?.status ?? 'not graded' }))
  const kindMismatch = judged.kindMismatch
    .filter((m) => m.decides)
    .flatMap((m) => m.failures.map((f) => `${f.rule}: recorded as ${m.entry.kind}, failed as ${f.kind} in "${f.test ?? f.rule}"`))
  const unstable: UnstableVerdict[] = first.rules
    .map((rule) => ({ id: rule.id, statuses: [rule.status, ...rest.map((report) => report.rules.find((r) => r.id === rule.id)?.status ?? 'untestable')] }))
    .filter((entry) => entry.statuses.some((status) => status !== entry.statuses[0]))
  const shouldDeviations = first.rules.filter((rule) => rule.level === 'should' && rule.status === 'fail').map((rule) => rule.id)
  const vacuous = first.rules.filter((rule) => rule.level !== 'should' && rule.status === 'vacuous').map((rule) => rule.id)
  const upstreamLevelFailures = first.rules
    .filter((rule) => rule.level === 'upstream' && rule.status === 'fail')
    .map((rule) => ({ id: rule.id, firstFailure: rule.tests.find((t) => t.outcome === 'fail')?.failure?.message ?? rule.reason ?? 'failed' }))
  const unattributed = (first.unattributedErrors ?? []).map((error) => `${error.kind}: ${error.message.split('\n')[0]}`)

  return {
    ok:
      unexpected.length === 0 &&
      stale.length === 0 &&
      kindMismatch.length === 0 &&
      judged.expired.length === 0 &&
      unstable.length === 0 &&
      vacuous.length === 0 &&
      unattributed.length === 0 &&
      upstreamLevelFailures.length === 0,
    expected,
    unexpected,
    stale,
    kindMismatch,
    unstable,
    vacuous,
    unattributed,
    shouldDeviations,
    upstreamLevelFailures,
  }
}

/** The verdict as console lines. */
export function renderFidelityVerdict(verdict: FidelityVerdict, grades: number): string {
  const out: string[] = []
  out.push(
    `upstream fails ${verdict.expected.length - verdict.stale.length} of the ${verdict.expected.length} listed must rules (${verdict.expected.join(', ')})`,
  )
  for (const entry of verdict.unexpected) out.push(`  UNEXPECTED must failure ${entry.id}: ${entry.firstFailure}`)
  out.push(
    verdict.upstreamLevelFailures.length === 0
      ? 'upstream fails no upstream-level rule, so it grades the same at --profile spec and --profile upstream'
      : `upstream fails ${verdict.upstreamLevelFailures.length} upstream-level rule(s), which pin its own behaviour (a kit defect):`,
  )
  for (const entry of verdict.upstreamLevelFailures) out.push(`  UPSTREAM-LEVEL failure ${entry.id}: ${entry.firstFailure}`)
  for (const entry of verdict.stale)
    out.push(
      `  STALE: ${entry.id} is listed as an expected failure but is ${entry.status}; remove it from conformance/fidelity/expected-failures.ts and regenerate upstream.baseline.json (npm run fidelity -- --write-docs)`,
    )
  for (const line of verdict.kindMismatch) out.push(`  KIND: ${line}`)
  for (const entry of verdict.unstable) out.push(`  UNSTABLE: ${entry.id} got ${entry.statuses.join(' / ')} over ${grades} grades`)
  for (const id of verdict.vacuous) out.push(`  VACUOUS: ${id}: a law of it rarely reached its interesting case on upstream, so it has no verdict`)
  for (const error of verdict.unattributed) out.push(`  UNATTRIBUTED error: ${error}`)
  if (verdict.shouldDeviations.length > 0) out.push(`  should-level deviations (reported, not failing): ${verdict.shouldDeviations.join(', ')}`)
  out.push(
    verdict.ok
      ? `fidelity: OK (${grades} grade${grades === 1 ? '' : 's'}, identical verdicts)`
      : 'fidelity: FAIL (a new must failure, or any upstream-level failure, is a kit defect or a divergence to record; a stale entry is a fixed one)',
  )
  return out.join('\n')
}
