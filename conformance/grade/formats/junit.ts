/**
 * `renderJunit()`: the grading report as JUnit XML (`grade --junit <file>`),
 * for CI test reporters (Jenkins, GitLab, GitHub actions).
 */
import type { GradeReport, RuleEntry, UnattributedError } from '../report.ts'
import { escapeXmlAttribute as attr, escapeXmlText as text } from './escape-xml.ts'
import { kitTests } from './distinct-tests.ts'
import { failureLine } from './failure-line.ts'
import type { KitTest } from './distinct-tests.ts'
import { profileOf } from './verdict.ts'
import { failingLevels } from '../../catalogue/types.ts'
import type { Profile } from '../../catalogue/types.ts'

/** Name of the extra test suite holding the errors no test owns. */
export const UNATTRIBUTED_SUITE = 'unattributed errors'
/** Name of the extra test suite holding the failing rules none of whose tests failed (no test at all, or all skipped or not applicable). */
export const UNTESTED_SUITE = 'failing rules without a failed test'

interface Case {
  readonly xml: string
  readonly failure: boolean
  readonly error: boolean
  readonly skipped: boolean
  readonly seconds: number
}

/**
 * Renders `report` as a JUnit XML document (UTF-8, XML 1.0) in the common
 * Jenkins/GitLab/GitHub-action shape:
 *
 * - `<testsuites name="dsh-tools-tck: <adapter name>">` with `tests`, `failures`, `errors`,
 *   `skipped` and `time` (the run's wall time, seconds) totals;
 * - one `<testsuite>` per suite file, in order of first appearance, named by
 *   the file, with its own totals, `time` (sum of its tests) and `timestamp`,
 *   and `<properties>` with one `profile` property: the profile the report
 *   was graded under (`spec` or `upstream`, see `profileOf`), on every suite;
 * - one `<testcase>` per kit test, once even when listed under several rules
 *   (see `kitTests`): `classname` is the file path with dots
 *   (`conformance.suite.grd`), `name` the test name, `time` its duration in
 *   seconds (0 when it did not run), and `<properties>` with one `rule`
 *   property per rule it checks and its `level`, the strongest of theirs
 *   (`must`, `upstream`, `should`);
 * - a failed test has `<failure message type>` (`type` is the failure kind),
 *   its text the message, `at`, diff and stack when present, when it failed
 *   a rule of a level that decides the profile (`must`; under `upstream`,
 *   `must` and `upstream`); a test that failed only rules of other levels is
 *   a deviation, `<skipped message="<level>-level deviation (…): <message>">`
 *   with the details in `<system-out>`, and so is a failure the report's
 *   baseline records under every rule it fails (`known failure (recorded in
 *   the baseline): <message>`), so a CI reading the XML agrees with the exit
 *   status; a test a failed precondition stopped (blocked under its rules,
 *   failed under the blocker, see `TestEntry.blockedBy`) is
 *   `<skipped message="blocked by <RULE-ID>: <message>">`, its failure
 *   shown once under the blocker's case in {@link UNTESTED_SUITE} when the
 *   blocker has no other failed test; a not-applicable
 *   test has `<skipped message="not applicable: needs <features>"/>`, a test
 *   skipped by the suite (or stopped on a kit defect) `<skipped>` too;
 * - the report's unattributed errors, when any, are an extra suite
 *   {@link UNATTRIBUTED_SUITE} with one `<error>` test case each, so CI shows
 *   them even when the verdict is unaffected; the failing rules none of
 *   whose own test entries failed (no test at all, or every one skipped or
 *   not applicable, so no failed test case would show them), of a deciding
 *   level, are an extra
 *   suite {@link UNTESTED_SUITE} with one `<failure>` test case each
 *   (`type` `no-test`, or `no-failed-test` when the rule has tests; a test
 *   shown as blocked does not count as a failed test here); so is a
 *   blocked rule of a deciding level none of whose blockers is a failing
 *   rule of a deciding level in the report (`type` `blocked`: a blocked
 *   rule is never met, and the verdict fails on it).
 *
 * So every failing rule of a deciding level shows as at least one `<failure>`,
 * and the XML has a `<failure>` exactly when the profile's verdict fails.
 *
 * So the kit-test cases, by outcome, match `report.summary.tests`. Every
 * report string is escaped, characters XML 1.0 forbids are removed. Ends
 * with a newline. Pure.
 */
export function renderJunit(report: GradeReport): string {
  const timestamp = report.timing.startedAt.slice(0, 19)
  const suiteProperties = `    <properties>\n${property('profile', profileOf(report), 6)}    </properties>\n`
  const suites: string[] = []
  const totals = { tests: 0, failures: 0, errors: 0, skipped: 0 }
  const addSuite = (name: string, cases: readonly Case[]): void => {
    const count = {
      tests: cases.length,
      failures: cases.filter((c) => c.failure).length,
      errors: cases.filter((c) => c.error).length,
      skipped: cases.filter((c) => c.skipped).length,
    }
    totals.tests += count.tests
    totals.failures += count.failures
    totals.errors += count.errors
    totals.skipped += count.skipped
    const time = seconds(cases.reduce((sum, c) => sum + c.seconds, 0))
    suites.push(
      `  <testsuite name="${attr(name)}" tests="${count.tests}" failures="${count.failures}" errors="${count.errors}" skipped="${count.skipped}" time="${time}" timestamp="${attr(timestamp)}">\n${suiteProperties}${cases.map((c) => c.xml).join('')}  </testsuite>\n`,
    )
  }

  const byFile = new Map<string, KitTest[]>()
  for (const test of kitTests(report)) {
    const list = byFile.get(test.file) ?? []
    list.push(test)
    byFile.set(test.file, list)
  }
  const profile = profileOf(report)
  const known = knownFailure(report)
  for (const [file, tests] of byFile)
    addSuite(
      file,
      tests.map((test) => testCase(test, profile, known)),
    )
  const deciding = failingLevels(profile)
  const failingDeciding = new Set(report.rules.filter((r) => r.status === 'fail' && deciding.includes(r.level)).map((r) => r.id as string))
  // A test shown as blocked (a skipped case) does not show its blocker's failure.
  const blockedTests = new Set(kitTests(report).flatMap((t) => (t.blockedBy === undefined ? [] : [`${t.file}\u0000${t.name}`])))
  const shownFailed = (r: RuleEntry): boolean => r.tests.some((t) => t.outcome === 'fail' && !blockedTests.has(`${t.file}\u0000${t.name}`))
  const untested = report.rules.filter(
    (r) =>
      deciding.includes(r.level) &&
      !known(r.id, undefined) &&
      ((r.status === 'fail' && !shownFailed(r)) ||
        (r.status === 'blocked' && !r.tests.some((t) => t.blockedBy !== undefined && failingDeciding.has(t.blockedBy)))),
  )
  if (untested.length > 0) addSuite(UNTESTED_SUITE, untested.map(untestedCase))
  if (report.unattributedErrors.length > 0) addSuite(UNATTRIBUTED_SUITE, report.unattributedErrors.map(errorCase))

  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites name="${attr(`dsh-tools-tck: ${report.adapter.name}`)}" tests="${totals.tests}" failures="${totals.failures}" errors="${totals.errors}" skipped="${totals.skipped}" time="${seconds(report.timing.durationMs / 1000)}" timestamp="${attr(timestamp)}">\n` +
    suites.join('') +
    '</testsuites>\n'
  )
}

/**
 * Whether the report's baseline records the failure of `rule` (of `test`,
 * when given): by an entry naming that test, or the rule alone. Never, without a baseline.
 */
function knownFailure(report: GradeReport): (rule: string, test: string | undefined) => boolean {
  const known = report.baseline?.known ?? []
  const deciding = failingLevels(profileOf(report))
  const levels = new Map<string, string>(report.rules.map((r) => [r.id, r.level]))
  // A failure under a rule that does not decide needs no record: it is a deviation either way.
  return (rule, test) => !deciding.includes(levels.get(rule) as never) || known.some((k) => k.rule === rule && (k.test === undefined || k.test === test))
}

function testCase(test: KitTest, profile: Profile, known: (rule: string, test: string | undefined) => boolean): Case {
  const properties = [...test.rules.map((id) => property('rule', id)), property('level', test.level)].join('')
  let body = ''
  const failed = test.outcome === 'fail'
  // A failure only under rules of a level that does not decide this profile is a deviation, not a red test;
  // one the baseline records under every rule it fails is a known failure.
  const deviation = failed && test.failedLevel !== undefined && !failingLevels(profile).includes(test.failedLevel)
  const recorded = failed && !deviation && (test.failedUnder ?? []).length > 0 && (test.failedUnder ?? []).every((rule) => known(rule, test.name))
  // (Without a baseline `known` holds only for rules that do not decide, and a test failing only those is a deviation.)
  if (deviation || recorded) {
    const failure = test.failure
    const details = [failure?.message ?? 'failed', failure?.at === undefined ? undefined : `at ${failure.at}`, failure?.diff].filter((s) => s !== undefined)
    const why = deviation ? `${test.failedLevel}-level deviation (does not fail the ${profile} profile)` : 'known failure (recorded in the baseline)'
    body = `      <skipped message="${attr(`${why}: ${failure?.message ?? 'failed'}`)}"/>\n      <system-out>${text(details.join('\n\n'))}</system-out>\n`
  } else if (failed && test.blockedBy !== undefined) {
    // Blocked (issue 39): not a failure of its own rules; the blocker's failure shows under the blocker.
    const failure = test.failure
    const details = [failure?.message ?? 'failed', failure?.at === undefined ? undefined : `at ${failure.at}`, failure?.diff].filter((s) => s !== undefined)
    const what =
      failure === undefined
        ? 'its precondition failed'
        : failureLine(failure).replace(/^blocked: a precondition owned by \S+ failed, so the test could not check its own rules: /, '')
    body = `      <skipped message="${attr(`blocked by ${test.blockedBy}: ${what}`)}"/>\n      <system-out>${text(details.join('\n\n'))}</system-out>\n`
  } else if (test.outcome === 'fail') {
    const failure = test.failure
    const details = [failure?.message ?? 'failed', failure?.at === undefined ? undefined : `at ${failure.at}`, failure?.diff, failure?.stack].filter(
      (s) => s !== undefined,
    )
    body = `      <failure message="${attr(failure?.message ?? 'failed')}" type="${attr(failure?.kind ?? 'assertion')}">${text(details.join('\n\n'))}</failure>\n`
  } else if (test.outcome === 'not-applicable') {
    body = `      <skipped message="${attr(`not applicable: needs ${(test.missingFeatures ?? []).join(', ')}`)}"/>\n`
  } else if (test.outcome === 'skipped') {
    body = `      <skipped message="${attr(test.kitDefect === true ? 'stopped on a defect of the kit (see the unattributed errors)' : 'skipped by the suite')}"/>\n`
  }
  const secs = (test.durationMs ?? 0) / 1000
  return {
    xml: `    <testcase classname="${attr(className(test.file))}" name="${attr(test.name)}" time="${seconds(secs)}">\n      <properties>\n${properties}      </properties>\n${body}    </testcase>\n`,
    failure: failed && !deviation && !recorded && test.blockedBy === undefined,
    error: false,
    skipped: deviation || recorded || (failed && test.blockedBy !== undefined) || test.outcome === 'not-applicable' || test.outcome === 'skipped',
    seconds: secs,
  }
}

function untestedCase(rule: RuleEntry): Case {
  const none = rule.tests.length === 0
  const blocked = rule.status === 'blocked'
  const message = blocked
    ? `${rule.id} (${rule.level}) is not judged, so not met: ${rule.reason ?? 'blocked'}`
    : `${rule.id} (${rule.level}) fails: ${rule.reason ?? (none ? 'the suite has no test for this rule' : 'none of its tests failed')}${rule.tests.some((t) => t.outcome === 'fail') ? ' (its failures are failed preconditions of tests of other rules, shown there as blocked)' : ''}`
  return {
    xml:
      `    <testcase classname="rules.${attr(rule.area)}" name="${attr(`[${rule.id}] ${rule.statement}`)}" time="0">\n      <properties>\n${property('rule', rule.id)}${property('level', rule.level)}      </properties>\n` +
      `      <failure message="${attr(message)}" type="${blocked ? 'blocked' : none ? 'no-test' : 'no-failed-test'}">${text(message)}</failure>\n    </testcase>\n`,
    failure: true,
    error: false,
    skipped: false,
    seconds: 0,
  }
}

function errorCase(error: UnattributedError, index: number): Case {
  const where = [error.file, error.test].filter((s) => s !== undefined).join(' > ')
  const name = `${error.kind} #${index + 1}${where === '' ? '' : `: ${where}`}`
  const details = [error.message, error.stack].filter((s) => s !== undefined).join('\n\n')
  return {
    xml: `    <testcase classname="unattributed" name="${attr(name)}" time="0">\n      <error message="${attr(error.message)}" type="${attr(error.kind)}">${text(details)}</error>\n    </testcase>\n`,
    failure: false,
    error: true,
    skipped: false,
    seconds: 0,
  }
}

/** One `<property>` line, indented by `indent` spaces (a test case's properties by default). */
function property(name: string, value: string, indent = 8): string {
  return `${' '.repeat(indent)}<property name="${attr(name)}" value="${attr(value)}"/>\n`
}

/** `conformance/suite/grd.test.ts` → `conformance.suite.grd`. */
function className(file: string): string {
  return file.replace(/\.test(-d)?\.[cm]?ts$|\.[cm]?ts$/, '').replace(/[/\\]+/g, '.')
}

/** Seconds with millisecond precision, no exponent. */
function seconds(value: number): string {
  return Number.isFinite(value) && value > 0 ? value.toFixed(3) : '0'
}
