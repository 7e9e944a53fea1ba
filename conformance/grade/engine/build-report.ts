/**
 * Internal: turns the raw results of a suite run into the graded report.
 *
 * Contract: pure (no I/O); every selected rule gets exactly one entry; every
 * raw test that names a selected rule is listed under each such rule; every
 * error that no test owns ends up in `unattributedErrors`. A test that never
 * reported is a failure that says so.
 *
 * A failing test fails every rule it names, unless each of its errors is
 * marked with the rules it concerns (`forRules()` in the suite kit, read
 * through {@link RawError.rules}) and nothing else was charged to it: then it
 * fails under the marked rules and passes under the others, with
 * `failedRules` set under both. Tests that ran longer than the budget are
 * listed in `slowTests`; slowness never changes an outcome.
 */
import { $Object } from '../../suite/_kit/intrinsics.ts'
import type { FeatureName } from '../../adapter/contract.ts'
import { AREAS, failingLevels } from '../../catalogue/types.ts'
import type { Area, Level, Rule, RuleId } from '../../catalogue/types.ts'
import { describeSource } from '../../catalogue/describe-source.ts'
import { REPORT_VERSION } from '../report.ts'
import type {
  AdapterInfo,
  AreaSummary,
  FailureKind,
  FixtureSummary,
  GradeReport,
  LevelCounts,
  RuleEntry,
  RuleStatus,
  SlowTest,
  TestCounts,
  TestEntry,
  TestFailure,
  TestOutcome,
  UnattributedError,
  UnattributedKind,
} from '../report.ts'
import type { RawError, RawTest, SuiteRun } from './run-suite.ts'
import { isFeatureName } from './known-features.ts'
import type { TypeGrading } from '../../types/grade-types.ts'
import { listWords, stripAnsi } from '../text.ts'
import { ruleIdsInTestName } from '../../catalogue/test-name.ts'
import { ruleAdequacy } from '../../adequacy/evidence.ts'
import type { Evidence } from '../../adequacy/evidence.ts'

export interface BuildReportInput {
  readonly rules: readonly Rule[]
  readonly adapter: AdapterInfo
  readonly run: SuiteRun
  readonly kit: GradeReport['kit']
  readonly options: GradeReport['options']
  readonly runtime: GradeReport['runtime']
  readonly timing: GradeReport['timing']
  /** The tsd suites' verdicts on the type rules; absent when none was selected. */
  readonly types?: TypeGrading
  /** What the JSON-Schema fixture loader found (files and cases). */
  readonly fixtures: Omit<FixtureSummary, 'tests'>
  /** The kit's adequacy evidence; without it rules carry no `adequacy`. */
  readonly evidence?: Evidence
}

/** Fixture-driven tests are named `[IDs] fixture <file>#<pointer>: ...`. */
const FIXTURE_TEST = /^\[[^\]]*\] fixture /

/** One test with its final outcome, shared by every rule it checks. */
interface GradedTest {
  readonly raw: RawTest
  readonly ruleIds: readonly string[]
  /** The test as a whole: `fail` if it failed for any of its rules. */
  readonly entry: TestEntry
  /** Set when the failure concerns only these of `ruleIds` (see {@link failedRulesOf}). */
  readonly failedRules?: readonly string[]
  /** Set when a failed precondition of this rule stopped the test (`precondition()`): blocked under its other rules. */
  readonly blockedBy?: string
}

/** The rule IDs a test checks: its `meta.rules`, else the `[IDs]` prefix of its name. */
export function ruleIdsOf(test: Pick<RawTest, 'metaRules' | 'name'>): readonly string[] {
  if (test.metaRules !== undefined && test.metaRules.length > 0) return test.metaRules
  return ruleIdsInTestName(test.name)
}

export function buildReport(input: BuildReportInput): GradeReport {
  const { run, options } = input
  const verbose = options.verbose
  const unattributed: UnattributedError[] = []

  // Stray errors vitest caught in a worker: charge them to the running test when known.
  const extraErrors = new Map<RawTest, string[]>()
  for (const stray of run.unhandled) {
    const owner =
      stray.origin === 'worker' && stray.testName !== undefined
        ? run.tests.find((t) => t.name === stray.testName && (stray.moduleId === undefined || t.moduleId === stray.moduleId))
        : undefined
    const label = stray.type.toLowerCase().startsWith('uncaught')
      ? 'an uncaught exception'
      : stray.type.toLowerCase().startsWith('unhandled rejection')
        ? 'an unhandled rejection'
        : 'an error'
    if (owner !== undefined) {
      const list = extraErrors.get(owner) ?? []
      list.push(`${label} was raised while this test ran: ${errorText(stray.error)}`)
      extraErrors.set(owner, list)
      continue
    }
    unattributed.push({
      kind: stray.origin === 'main' ? 'main-process' : strayKind(stray.type),
      message: errorText(stray.error),
      ...(stray.moduleId === undefined ? {} : { file: fileOf(stray.moduleId, run.tests) }),
      ...(stray.testName === undefined ? {} : { test: stray.testName }),
      ...(verbose && stray.error.stack !== undefined ? { stack: stripAnsi(stray.error.stack) } : {}),
    })
  }
  for (const problem of run.moduleProblems) {
    unattributed.push({
      kind: 'suite-file',
      message: stripAnsi(problem.message),
      file: problem.file,
      ...(verbose && problem.stack !== undefined ? { stack: stripAnsi(problem.stack) } : {}),
    })
  }
  if (run.aborted !== undefined) unattributed.push({ kind: 'run', message: run.aborted })

  const graded: GradedTest[] = run.tests.map((raw) => {
    const ruleIds = ruleIdsOf(raw)
    const extra = extraErrors.get(raw) ?? []
    const entry = testEntry(raw, extra, run.aborted, verbose)
    const failedRules = entry.outcome === 'fail' && extra.length === 0 ? failedRulesOf(raw, ruleIds) : undefined
    const blocker = failedRules === undefined ? undefined : blockerOf(raw, failedRules)
    return { raw, ruleIds, entry, ...(failedRules === undefined ? {} : { failedRules }), ...(blocker === undefined ? {} : { blockedBy: blocker }) }
  })
  for (const test of graded) {
    if (test.entry.kitDefect === true) {
      unattributed.push({ kind: 'kit-defect', message: errorText(test.raw.errors[0] as RawError), file: test.raw.file, test: test.raw.name })
    }
    if (test.ruleIds.length === 0 && test.entry.outcome === 'fail') {
      unattributed.push({ kind: 'unmapped-test', message: test.entry.failure?.message ?? 'failed', file: test.raw.file, test: test.raw.name })
    }
  }

  const types = input.types
  unattributed.push(...(types?.unattributed ?? []))
  const features = input.adapter.features
  const relevant = new Set<GradedTest>()
  const typeTests: TestEntry[] = []
  const entries: RuleEntry[] = input.rules.map((rule) => {
    const tests = graded.filter((t) => t.ruleIds.includes(rule.id))
    for (const t of tests) relevant.add(t)
    // Type rules are also (or only) checked by tsd suite files, one test entry each.
    const ofTypes = types?.tests.get(rule.id) ?? []
    typeTests.push(...ofTypes)
    const notGraded = types?.notGraded !== undefined && types.rules.has(rule.id) ? types.notGraded : undefined
    // A suite file that failed to load fails its area: `<area>.test.ts` or a shard `<area>.<shard>.test.ts`.
    const fileProblem = run.moduleProblems.find((p) => new RegExp(`^conformance/suite/${rule.area.toLowerCase()}(\\.[^./]+)?\\.test\\.ts$`).test(p.file))
    const entry = ruleEntry(rule, [...tests.map((t) => entryUnder(t, rule.id)), ...ofTypes], features, fileProblem?.message, notGraded)
    return input.evidence === undefined ? entry : { ...entry, adequacy: ruleAdequacy(rule, input.evidence) }
  })

  unattributed.push(...unfoundedBlocks(entries))

  const tests = countTests([...[...relevant].map((t) => t.entry), ...typeTests])
  const slowTests: SlowTest[] = [...relevant]
    .filter((t) => t.entry.durationMs !== null && t.entry.durationMs > options.timeoutMs)
    .map((t) => ({ name: t.entry.name, file: t.entry.file, outcome: t.entry.outcome, durationMs: t.entry.durationMs as number }))
    .sort((a, b) => b.durationMs - a.durationMs)
  const must = countLevel(entries, 'must')
  const upstream = countLevel(entries, 'upstream')
  const should = countLevel(entries, 'should')
  const failing = failingLevels(options.profile ?? 'spec')
  const areas: AreaSummary[] = ($Object.keys(AREAS) as Area[])
    .filter((area) => entries.some((e) => e.area === area))
    .map((area) => {
      const ofArea = entries.filter((e) => e.area === area)
      return { area, title: AREAS[area], must: countLevel(ofArea, 'must'), upstream: countLevel(ofArea, 'upstream'), should: countLevel(ofArea, 'should') }
    })

  return {
    reportVersion: REPORT_VERSION,
    kit: input.kit,
    adapter: input.adapter,
    options: input.options,
    runtime: input.runtime,
    timing: input.timing,
    summary: {
      conforms: entries.every((e) => (e.status !== 'fail' && e.status !== 'blocked') || !failing.includes(e.level)),
      must,
      upstream,
      should,
      tests,
      areas,
      unattributedErrors: unattributed.length,
      slowTests: slowTests.length,
      partialPasses: entries.filter((e) => e.partial !== undefined).length,
      fixtures: { ...input.fixtures, tests: countTests(graded.filter((t) => FIXTURE_TEST.test(t.raw.name)).map((t) => t.entry)) },
      ...(input.evidence === undefined ? {} : { weakRules: entries.filter((e) => e.adequacy?.weak === true).length }),
    },
    rules: entries,
    unattributedErrors: unattributed,
    slowTests,
  }
}

/**
 * A blocked test needs its blocker to fail in the same grade (issue 39): the
 * test failed under the blocker, so a blocker listed with another status
 * means the probe or the engine is wrong. One `kit-defect` error per such
 * test and blocker, naming both. A blocker outside the selection (`--rules`)
 * is not checked here: its failure shows on the test, and the blocked rule
 * still fails the verdict.
 */
function unfoundedBlocks(entries: readonly RuleEntry[]): UnattributedError[] {
  const byId = new Map(entries.map((entry) => [entry.id as string, entry]))
  const seen = new Set<string>()
  const errors: UnattributedError[] = []
  for (const entry of entries) {
    for (const test of entry.tests) {
      const blocker = test.blockedBy === undefined ? undefined : byId.get(test.blockedBy)
      if (blocker === undefined || blocker.status === 'fail') continue
      const key = `${test.file}\u0000${test.name}\u0000${blocker.id}`
      if (seen.has(key)) continue
      seen.add(key)
      errors.push({
        kind: 'kit-defect',
        message:
          `the test was reported blocked by ${blocker.id}, but ${blocker.id} is ${blocker.status} in this grade: a blocked test needs its blocker to fail, ` +
          `so the precondition's probe is wrong (a defect of the kit, not of the registry); ${entry.id} was not judged`,
        file: test.file,
        test: test.name,
        blockedBy: blocker.id,
      })
    }
  }
  return errors
}

/**
 * The rules a failed test's failure concerns, when it concerns only some of
 * them: every error it raised is marked, and the marks (within the test's
 * rules) leave some rule out. `undefined` means every rule.
 */
function failedRulesOf(raw: RawTest, ruleIds: readonly string[]): readonly string[] | undefined {
  if (raw.state !== 'failed' || raw.errors.length === 0) return undefined
  const marked = new Set<string>()
  for (const error of raw.errors) {
    if (error.rules === undefined) return undefined
    for (const id of error.rules) marked.add(id)
  }
  const failed = ruleIds.filter((id) => marked.has(id))
  return failed.length === 0 || failed.length === ruleIds.length ? undefined : failed
}

/**
 * The rule whose failed precondition stopped the test: every error names it
 * as the blocker and it is among the rules the failure concerns (with any
 * incidental check of the test that failed before the precondition did).
 */
function blockerOf(raw: RawTest, failedRules: readonly string[]): string | undefined {
  const blocker = raw.errors[0]?.blockedBy
  if (blocker === undefined || !failedRules.includes(blocker)) return undefined
  return raw.errors.every((error) => error.blockedBy === blocker) ? blocker : undefined
}

/**
 * The entry of `test` as listed under rule `id`: a pass there when its failure
 * concerns only other rules, or skipped and `blockedBy` when a failed
 * precondition of another rule stopped it before it could check `id`.
 */
function entryUnder(test: GradedTest, id: string): TestEntry {
  const failedRules = test.failedRules
  if (failedRules === undefined) return test.entry
  const marked = { ...test.entry, failedRules: failedRules as RuleId[] }
  if (failedRules.includes(id)) return marked
  const { failure: _failure, ...passed } = marked
  if (test.blockedBy !== undefined) return { ...passed, outcome: 'skipped', blockedBy: test.blockedBy as RuleId }
  return { ...passed, outcome: 'pass' }
}

function ruleEntry(
  rule: Rule,
  tests: readonly TestEntry[],
  features: AdapterInfo['features'],
  fileProblem: string | undefined,
  notGraded: string | undefined,
): RuleEntry {
  const { status, reason, partial } = statusOf(rule, tests, features, fileProblem, notGraded)
  return {
    id: rule.id,
    area: rule.area,
    level: rule.level,
    statement: rule.statement,
    source: describeSource(rule.sources[0]),
    sources: rule.sources.map(describeSource),
    ...(rule.divergence === undefined ? {} : { divergence: rule.divergence }),
    ...(rule.requires === undefined || rule.requires.length === 0 ? {} : { requires: [...rule.requires] }),
    status,
    ...(reason === undefined ? {} : { reason }),
    ...(partial === undefined ? {} : { partial }),
    tests,
  }
}

/** True when every error of a failed test is the kit's own KitDefectError (conformance/suite/_kit/kit-defect.ts). */
function isKitDefect(raw: RawTest): boolean {
  return raw.errors.length > 0 && raw.errors.every((error) => error.name === 'KitDefectError')
}

function statusOf(
  rule: Rule,
  tests: readonly TestEntry[],
  features: AdapterInfo['features'],
  fileProblem: string | undefined,
  notGraded: string | undefined,
): { status: RuleStatus; reason?: string; partial?: string } {
  if (rule.untestable !== undefined) return { status: 'untestable', reason: rule.untestable }
  const active = tests.filter((t) => t.outcome !== 'skipped')
  const undeclared = (rule.requires ?? []).filter((f) => !features[f])
  const blockers = [...new Set(tests.flatMap((t) => (t.blockedBy === undefined ? [] : [t.blockedBy])))]
  if (active.length === 0) {
    if (undeclared.length > 0) return { status: 'not-applicable', reason: notDeclared(undeclared) }
    if (blockers.length > 0) return { status: 'blocked', reason: blockedReason(tests, tests.length, blockers) }
    if (tests.some((t) => t.kitDefect === true))
      return { status: 'untestable', reason: 'its tests stopped on a defect of the kit (see the kit-defect errors), so the kit could not judge this rule' }
    if (notGraded !== undefined) return { status: 'not-applicable', reason: notGraded }
    const why = tests.length > 0 ? 'the suite has no active test for this rule (its tests are skipped)' : 'the suite has no test for this rule'
    return { status: 'fail', reason: fileProblem === undefined ? why : `${why}; its suite file failed: ${oneLineOf(fileProblem)}` }
  }
  const blocked = tests.filter((t) => t.blockedBy !== undefined).length
  if (blocked === 0 && active.every((t) => t.outcome === 'not-applicable')) {
    const missing = [...new Set(active.flatMap((t) => t.missingFeatures ?? []))]
    return { status: 'not-applicable', reason: notDeclared(missing.length > 0 ? missing : undeclared) }
  }
  const failed = active.filter((t) => t.outcome === 'fail').length
  if (failed > 0) {
    const ran = active.filter((t) => t.outcome !== 'not-applicable').length
    return { status: 'fail', reason: ran === 1 ? 'its test failed' : `${failed} of its ${ran} tests failed` }
  }
  // A blocked test never counts as a pass (issue 39): the rule is not judged while its blocker fails.
  if (blocked > 0) return { status: 'blocked', reason: blockedReason(tests, active.length + blocked, blockers) }
  const vacuous = active.filter((t) => t.vacuous === true)
  if (vacuous.length > 0) {
    return {
      status: 'vacuous',
      reason: `${vacuous.length === 1 ? 'a property law' : `${vacuous.length} property laws`} of this rule rarely reached ${vacuous.length === 1 ? 'its' : 'their'} interesting case: ${vacuous.map((t) => t.name).join('; ')}`,
    }
  }
  const skipped = active.filter((t) => t.outcome === 'not-applicable')
  if (skipped.length > 0) {
    const missing = [...new Set(skipped.flatMap((t) => t.missingFeatures ?? []))]
    return { status: 'pass', partial: `${skipped.length} of its ${active.length} tests did not run: ${notDeclared(missing)}` }
  }
  return { status: 'pass' }
}

/** Why a rule is `blocked`: by which rules, and how many of its tests they stopped. */
function blockedReason(tests: readonly TestEntry[], counted: number, blockers: readonly string[]): string {
  const blocked = tests.filter((t) => t.blockedBy !== undefined).length
  const stopped = blocked === counted ? (counted === 1 ? 'its test' : `all ${counted} of its tests`) : `${blocked} of its ${counted} tests`
  return `blocked by ${listWords(blockers)}: ${stopped} stopped on a failed precondition owned by ${blockers.length === 1 ? 'that rule' : 'those rules'}, so the kit cannot judge this rule until ${blockers.length === 1 ? 'it passes' : 'they pass'}`
}

function notDeclared(features: readonly string[]): string {
  return `the adapter does not declare ${listWords(features)}`
}

function testEntry(raw: RawTest, extra: readonly string[], aborted: string | undefined, verbose: boolean): TestEntry {
  let outcome: TestOutcome
  let failure: TestFailure | undefined
  switch (raw.state) {
    case 'passed':
      outcome = 'pass'
      break
    case 'failed':
      // A kit defect judged nothing: the test is set aside, and the error is reported as the kit's (buildReport).
      if (extra.length === 0 && isKitDefect(raw)) return { name: raw.name, file: raw.file, outcome: 'skipped', durationMs: raw.durationMs, kitDefect: true }
      outcome = 'fail'
      failure = failureOf(raw.errors, verbose, kitRootOf(raw))
      break
    case 'skipped':
      outcome = raw.missingFeatures !== undefined && raw.missingFeatures.length > 0 ? 'not-applicable' : 'skipped'
      break
    case 'pending':
      outcome = 'fail'
      failure = {
        kind: 'crash',
        message:
          aborted === undefined
            ? 'the test never reported a result: its test worker crashed or stopped responding'
            : `the test never reported a result: ${aborted}`,
      }
      break
  }
  if (extra.length > 0 && outcome !== 'skipped' && outcome !== 'not-applicable') {
    const message = extra.join('\n')
    failure = failure === undefined ? { message, kind: 'crash' } : { ...failure, message: `${failure.message}\n${message}` }
    outcome = 'fail'
  }
  const missing = outcome === 'not-applicable' ? (raw.missingFeatures ?? []).filter(isFeatureName) : []
  return {
    name: raw.name,
    file: raw.file,
    outcome,
    durationMs: raw.durationMs,
    ...(failure === undefined ? {} : { failure }),
    ...(missing.length > 0 ? { missingFeatures: missing as FeatureName[] } : {}),
    ...(raw.vacuous === true && outcome === 'pass' ? { vacuous: true as const } : {}),
  }
}

function failureOf(errors: readonly RawError[], verbose: boolean, root: string | undefined): TestFailure {
  const [first] = errors
  if (first === undefined) return { message: 'the test failed without an error message', kind: 'assertion' }
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more error${errors.length > 2 ? 's' : ''})` : ''
  const at = root === undefined || first.stack === undefined ? undefined : kitFrameOf(first.stack, root)
  return {
    message: errorText(first) + more,
    kind: kindOf(first),
    ...(first.diff !== undefined ? { diff: stripAnsi(first.diff) } : {}),
    ...(at === undefined ? {} : { at }),
    ...(verbose && first.stack !== undefined ? { stack: stripAnsi(first.stack) } : {}),
  }
}

/** The kit root a raw test's absolute `moduleId` and kit-relative `file` imply (with a trailing slash), if they agree. */
function kitRootOf(raw: RawTest): string | undefined {
  const moduleId = raw.moduleId.split('\\').join('/')
  return moduleId.endsWith(`/${raw.file}`) ? moduleId.slice(0, moduleId.length - raw.file.length) : undefined
}

/** Kit test files a failure's `at` may point into: suite and property test files (`.ts`, or `.js` in the built package), not their `_kit/` helpers. */
const KIT_TEST_FILE = /^(?:conformance\/suite|properties)\/(?:[^/_][^/]*\/)*[^/]+\.test\.[cm]?[jt]s$/

/**
 * `file:line` of the first frame of `stack` in a kit test file under `root`
 * (see {@link KIT_TEST_FILE}), the file relative to `root`; `undefined` when none is.
 */
export function kitFrameOf(stack: string, root: string): string | undefined {
  const base = root.split('\\').join('/')
  for (const line of stripAnsi(stack).split('\n')) {
    const frame = /^\s*at (?:.*?\()?(?:file:\/\/)?([^()]+?):(\d+)(?::\d+)?\)?\s*$/.exec(line)
    if (frame === null) continue
    const path = decodedPath((frame[1] as string).split('\\').join('/'))
    if (!path.startsWith(base)) continue
    const file = path.slice(base.length)
    if (KIT_TEST_FILE.test(file)) return `${file}:${frame[2]}`
  }
  return undefined
}

function decodedPath(path: string): string {
  try {
    return decodeURI(path)
  } catch {
    return path
  }
}

/** vitest's own per-test timeout, whose advice ("pass a timeout value ...") does not apply to graders. */
const VITEST_TIMEOUT = /^Test timed out in (\d+)ms\./

/**
 * A test's failure kind from its first error: a test whose worker the
 * registry spun or starved of memory (suite/_kit/runaways.ts) is a `crash`;
 * the kit's budget error or vitest's own timeout is a `timeout`; anything
 * else an `assertion`.
 */
function kindOf(error: RawError): FailureKind {
  if (error.name === 'RunawayError') return 'crash'
  return error.name === 'AdapterTimeoutError' || VITEST_TIMEOUT.test(error.message) ? 'timeout' : 'assertion'
}

/**
 * The message of an error, with its class name unless it is an assertion: a
 * thrown value reads as its class and message (`TypeError: ...`, `Error:
 * Unknown tool: ghost`), so a failure says it was a throw (issue 39).
 */
function errorText(error: RawError): string {
  const timedOut = VITEST_TIMEOUT.exec(error.message)
  if (timedOut !== null) {
    return `the test did not finish within vitest's limit of ${timedOut[1]} ms for tests not declared through check()`
  }
  const name = error.name
  const plain = name === undefined || name === '' || name === 'AssertionError'
  return stripAnsi(plain ? error.message : `${name}: ${error.message}`)
}

function oneLineOf(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? text
  return line.trim()
}

function strayKind(type: string): UnattributedKind {
  const lower = type.toLowerCase()
  if (lower.startsWith('uncaught')) return 'uncaught-exception'
  if (lower.startsWith('unhandled rejection')) return 'unhandled-rejection'
  return 'test-worker'
}

function fileOf(moduleId: string, tests: readonly RawTest[]): string {
  return tests.find((t) => t.moduleId === moduleId)?.file ?? moduleId
}

function countLevel(entries: readonly RuleEntry[], level: Level): LevelCounts {
  const of = entries.filter((e) => e.level === level)
  const count = (status: RuleStatus): number => of.filter((e) => e.status === status).length
  return {
    rules: of.length,
    pass: count('pass'),
    fail: count('fail'),
    vacuous: count('vacuous'),
    blocked: count('blocked'),
    notApplicable: count('not-applicable'),
    untestable: count('untestable'),
  }
}

function countTests(entries: readonly TestEntry[]): TestCounts {
  const count = (outcome: TestOutcome): number => entries.filter((e) => e.outcome === outcome).length
  return { total: entries.length, pass: count('pass'), fail: count('fail'), notApplicable: count('not-applicable'), skipped: count('skipped') }
}
