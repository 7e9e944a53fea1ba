/**
 * The grading report: what {@link grade} returns and what `--json` writes.
 *
 * The JSON form is described by `report.schema.json` (JSON Schema 2020-12)
 * next to this file and documented field by field in docs/REPORT.md. The two
 * and these types change together; any change bumps {@link REPORT_VERSION}.
 */
import type { FeatureName } from '../adapter/contract.ts'
import type { Area, Level, Profile, RuleId } from '../catalogue/types.ts'

/**
 * Version of the report format, `major.minor`. A minor bump only adds
 * optional fields; a major bump renames, removes or re-types something.
 */
export const REPORT_VERSION = '1.12'

/**
 * - `pass`: every applicable test of the rule passed.
 * - `fail`: a test of the rule failed (or never reported), or the suite has no
 *   test for the rule.
 * - `not-applicable`: the rule needs a feature the adapter does not declare,
 *   or it is a type-level rule and no types entry was given for the adapter.
 * - `untestable`: the catalogue marks the rule as not mechanically checkable.
 * - `vacuous`: nothing failed, but a property law of the rule reached its
 *   interesting case in too few generated runs to count as evidence.
 * - `blocked` (format 1.12): none of the rule's own tests failed, but some
 *   could not check it because a precondition owned by another rule failed
 *   (their entries carry `blockedBy`): the rule is not judged, and never
 *   counts as met. Before 1.12 such a rule was `untestable` (all its tests
 *   blocked) or a `pass` with a `partial` note.
 */
export type RuleStatus = 'pass' | 'fail' | 'vacuous' | 'blocked' | 'not-applicable' | 'untestable'

/**
 * - `pass` / `fail`: the test ran and passed / failed (a test that never
 *   reported a result is a `fail`).
 * - `not-applicable`: skipped because the adapter lacks a feature the test needs.
 * - `skipped`: skipped by the suite itself (`skip`/`todo`); it counts for nothing.
 */
export type TestOutcome = 'pass' | 'fail' | 'not-applicable' | 'skipped'

/**
 * What kind of failure a test had:
 * - `assertion`: the test ran to its end and reported a failure: an assertion
 *   that did not hold, or an error the registry threw into the test's own flow
 *   (for a tsd suite file: its type diagnostics).
 * - `timeout`: the test waited a whole budget on a registry call that never
 *   settled (including a short-circuited wait, see `--no-hang-shortcut`), or
 *   ran past vitest's wall-clock ceiling for it.
 * - `crash`: the test never reported a result (its worker crashed, got stuck
 *   in a synchronous loop and the run was stopped, or the tsd suites could
 *   not run), or a stray error (uncaught exception, unhandled rejection) was
 *   raised while it ran.
 * The first cause decides: a timed-out test also charged with a stray error
 * is a `timeout`.
 */
export type FailureKind = 'assertion' | 'timeout' | 'crash'

/** Why a test failed. */
export interface TestFailure {
  /** The assertion or error message, prefixed by the suite with the primary rule and its source. */
  readonly message: string
  /**
   * The kind of failure ({@link FailureKind}). Always set by this kit (report
   * format 1.8 and later); absent only in reports written by older kits.
   */
  readonly kind?: FailureKind
  /** Expected/actual diff of a failed equality assertion, when the assertion produced one. */
  readonly diff?: string
  /**
   * Where in the kit's tests the failure was raised: `file:line` of the first
   * stack frame in a suite or property file (`conformance/suite/grd.test.ts:120`,
   * `properties/policy.test.ts:48`; for a property law, the assertion inside
   * the law, not the law wrapper), relative to the kit root. Absent when no
   * frame of the stack is in such a file (a timeout, a crash, a stray error).
   */
  readonly at?: string
  /** Stack trace (only with `verbose`). */
  readonly stack?: string
}

/** One conformance test, as listed under each rule it checks. */
export interface TestEntry {
  /** The vitest test name: `[IDs] title`. For a type rule, one entry per tsd suite file: `[ID] type expectations of <file>`. */
  readonly name: string
  /** The suite file, relative to the kit root (`conformance/suite/grd.test.ts`, or `types/dsl-17.depth.test-d.ts` for a type rule). */
  readonly file: string
  readonly outcome: TestOutcome
  /** How long the test body ran; `null` when it did not run, and for tsd suite files (they are checked together). */
  readonly durationMs: number | null
  /** Present when `outcome` is `fail`. */
  readonly failure?: TestFailure
  /** Present when `outcome` is `not-applicable`: the features the adapter lacks. */
  readonly missingFeatures?: readonly FeatureName[]
  /** Set on a passing property law that reached its interesting case too rarely. */
  readonly vacuous?: true
  /**
   * Present when the test failed only on assertions that its body marks as
   * checking some of its rules (`forRules()` in the suite kit): exactly those
   * rules. Under them the test's `outcome` is `fail`; under its other rules it
   * is `pass`, with no `failure`, since every assertion of theirs ran and held.
   * Absent when a failure concerns every rule the test names (the default).
   */
  readonly failedRules?: readonly RuleId[]
  /**
   * Set when the test stopped on a defect of the kit itself (it reached for
   * a capability its rules do not require, or misused `forRules()`): it judged
   * nothing, so its `outcome` is `skipped` and a `kit-defect` unattributed
   * error carries the message. Never a failure of the registry.
   */
  readonly kitDefect?: true
  /**
   * Set on a test listed under a rule it could not check because a
   * precondition owned by this other rule failed (`precondition()` in the
   * suite kit; WPT's PRECONDITION_FAILED). Its `outcome` is `skipped` under
   * that rule's neighbours and `fail` under the blocking rule itself.
   */
  readonly blockedBy?: RuleId
}

/**
 * A test that took longer than the per-test budget. The budget counts only
 * waiting, so such a test spent its time computing: slowness is reported
 * here and never changes a verdict.
 */
export interface SlowTest {
  readonly name: string
  readonly file: string
  readonly outcome: TestOutcome
  readonly durationMs: number
}

/** One catalogue rule and its verdict. */
export interface RuleEntry {
  readonly id: RuleId
  readonly area: Area
  readonly level: Level
  readonly statement: string
  /** Citation of the primary source (see `describeSource`). */
  readonly source: string
  /** Citations of every source, primary first. */
  readonly sources: readonly string[]
  /** Where upstream differs from the seeds, or where the kit chose. */
  readonly divergence?: string
  /** Features the rule needs. */
  readonly requires?: readonly FeatureName[]
  readonly status: RuleStatus
  /**
   * Why the status is not `pass`: the catalogue's untestable reason, the
   * missing features, how many tests failed, or that the suite has no test.
   */
  readonly reason?: string
  /**
   * Set on a `pass` when some of the rule's tests did not apply (they need
   * features the adapter does not declare): the rule passed on what could be
   * checked, not on all of it. Says how many tests were left out and why.
   */
  readonly partial?: string
  /** Every test that checks this rule, in suite order. */
  readonly tests: readonly TestEntry[]
  /**
   * How strongly the kit's own tests of this rule are shown able to fail,
   * independent of the registry graded (conformance/adequacy/evidence.json).
   * Absent when the kit's evidence file could not be read.
   */
  readonly adequacy?: RuleAdequacyEntry
}

/** The evidence that a rule's tests can fail. */
export interface RuleAdequacyEntry {
  /** Reference mutants killed by a test of the rule in the last mutation run (a lower bound: Stryker stops at the first failing test). */
  readonly mutantsKilled: number
  /** Gallery registries (`broken/<name>`, `broken-types/<name>`) declaring the rule violated. */
  readonly galleryBugs: readonly string[]
  /** Testable, but no test of the rule killed a mutant and no gallery registry violates it: the suite is thin here. */
  readonly weak: boolean
}

/** Rule counts for one level. */
export interface LevelCounts {
  readonly rules: number
  readonly pass: number
  readonly fail: number
  readonly vacuous: number
  /** Rules not judged because a precondition owned by another rule failed (format 1.12; 0 filled in for older reports). */
  readonly blocked: number
  readonly notApplicable: number
  readonly untestable: number
}

/** Test counts (a test checking several rules counts once). */
export interface TestCounts {
  readonly total: number
  readonly pass: number
  readonly fail: number
  readonly notApplicable: number
  readonly skipped: number
}

/** Per-area rule counts. */
export interface AreaSummary {
  readonly area: Area
  /** The area's title from the catalogue. */
  readonly title: string
  readonly must: LevelCounts
  /** Absent in reports written before format 1.9 (no `upstream` level then). */
  readonly upstream?: LevelCounts
  readonly should: LevelCounts
}

export interface ReportSummary {
  /**
   * True when no rule of a level that fails registries under the report's
   * profile fails or is blocked: under `spec` no `must` rule, under
   * `upstream` no `must` or `upstream` rule. The registry conforms. (A
   * blocked rule is not judged, so it is never met; its blocker fails.)
   */
  readonly conforms: boolean
  readonly must: LevelCounts
  /** `upstream`-level rules (format 1.9; absent before). */
  readonly upstream?: LevelCounts
  readonly should: LevelCounts
  readonly tests: TestCounts
  /** Areas with at least one reported rule, in catalogue order. */
  readonly areas: readonly AreaSummary[]
  /** Length of {@link GradeReport.unattributedErrors}. */
  readonly unattributedErrors: number
  /** Length of {@link GradeReport.slowTests}. */
  readonly slowTests: number
  /** Rules that passed with some tests not applicable (see {@link RuleEntry.partial}). */
  readonly partialPasses: number
  /** The language-neutral JSON-Schema fixtures the suite loaded, and how their tests fared. */
  readonly fixtures: FixtureSummary
  /** Reported rules marked weak (see {@link RuleAdequacyEntry.weak}); absent without adequacy evidence. */
  readonly weakRules?: number
}

/** The JSON-Schema fixture files behind the JSS/JSV tests (fixtures/json-schema/). */
export interface FixtureSummary {
  /** Fixture files loaded. */
  readonly files: number
  /** Value-validation cases (JSON-Schema-Test-Suite shaped `tests` entries). */
  readonly validationTests: number
  /** Unsupported or malformed schema cases. */
  readonly unsupportedCases: number
  /** Fixture-driven tests in this run, by outcome. */
  readonly tests: TestCounts
}

/**
 * Where an error that no test owns came from.
 * - `unhandled-rejection` / `uncaught-exception`: raised in a test worker
 *   while no test was running (or the test could not be identified).
 * - `test-worker`: a test worker failed as a whole (crashed, exited, could
 *   not start); its unfinished tests are failed as never reported.
 * - `main-process`: raised in the grading process itself (for instance by
 *   adapter code loaded there for the pre-flight check).
 * - `suite-file`: a suite file failed to load or run as a whole.
 * - `run`: the run itself was cut short (worker crash, watchdog).
 * - `unmapped-test`: a suite test without a `[RULE-IDs]` prefix failed.
 * - `kit-defect`: a test stopped on a defect of the kit itself (see
 *   {@link TestEntry.kitDefect}); the registry is not at fault.
 * - `type-entry`: a TypeScript error outside the tsd suites, i.e. in the
 *   graded type entry's own sources.
 */
export type UnattributedKind =
  | 'unhandled-rejection'
  | 'uncaught-exception'
  | 'test-worker'
  | 'main-process'
  | 'suite-file'
  | 'run'
  | 'unmapped-test'
  | 'kit-defect'
  | 'type-entry'

export interface UnattributedError {
  readonly kind: UnattributedKind
  readonly message: string
  /** Suite file involved, relative to the kit root, when known (for `type-entry`: the file with the error). */
  readonly file?: string
  /** Test name involved, when known. */
  readonly test?: string
  /** Stack trace (only with `verbose`). */
  readonly stack?: string
  /**
   * On a `kit-defect` error raised because a test was blocked by a rule that
   * did not fail in the same grade (format 1.12): that rule. The probe of
   * the precondition is wrong, and the grade exits 2 (the kit failed).
   */
  readonly blockedBy?: RuleId
}

export interface AdapterInfo {
  readonly name: string
  readonly version?: string
  /** Absolute path of the adapter module. */
  readonly module: string
  /** Every known feature with whether the adapter declares it. */
  readonly features: { readonly [K in FeatureName]: boolean }
}

/** The complete outcome of one grading run. */
export interface GradeReport {
  readonly reportVersion: typeof REPORT_VERSION
  /**
   * The kit that graded: its package name and version, and (from 1.11) its
   * suite revision, a fingerprint of the catalogue, suite, laws, type suites
   * and fixtures; a verdict can change only when it does.
   */
  readonly kit: { readonly name: string; readonly version: string; readonly suiteRevision?: string }
  readonly adapter: AdapterInfo
  readonly options: {
    /** The `--rules` selection as given, or `null` for every rule. */
    readonly rules: readonly string[] | null
    /**
     * What the registry was held to (`--profile`): `spec`, the seeds (only
     * `must` rules fail it), or `upstream`, drop-in compatibility with
     * upstream 0.1.1-rc.2 (`must` and `upstream` rules fail it). Absent in
     * reports written before format 1.9, which graded as `spec`.
     */
    readonly profile?: Profile
    /** Per-test budget, in milliseconds, for waiting on adapter calls that do not settle (computing time is not counted). */
    readonly timeoutMs: number
    /** How long, in milliseconds, a test may keep its worker computing before the run is declared stuck (`--stall-limit`). */
    readonly stallLimitMs: number
    readonly verbose: boolean
    /** Absolute path of the type entry the tsd suites checked; absent when no type rule was graded. */
    readonly types?: string
  }
  readonly runtime: { readonly node: string; readonly vitest: string; readonly platform: string }
  readonly timing: {
    /** ISO 8601 time the run started. */
    readonly startedAt: string
    /** Wall time of the whole run, adapter check included. */
    readonly durationMs: number
    /** Wall time of the tsd suites (part of `durationMs`); absent when no type rule was graded. */
    readonly typesMs?: number
  }
  readonly summary: ReportSummary
  /** One entry per reported rule, in catalogue order. */
  readonly rules: readonly RuleEntry[]
  readonly unattributedErrors: readonly UnattributedError[]
  /** Tests of the reported rules that ran longer than `options.timeoutMs`, slowest first (see {@link SlowTest}). */
  readonly slowTests: readonly SlowTest[]
  /**
   * Set when the grade was compared with a baseline (`--baseline`, format
   * 1.10): then this, not `summary.conforms`, decides the exit status, and
   * every output shows the recorded failures as known, not as failures.
   */
  readonly baseline?: BaselineVerdict
}

/** The outcome of comparing a grade with a baseline of expected failures (docs/BASELINE.md). */
export interface BaselineVerdict {
  /** The baseline file, as given to `--baseline`. */
  readonly file: string
  /** True when every failure that decides the verdict is recorded, as recorded, and no deciding entry is stale or expired: exit 0. */
  readonly ok: boolean
  /** The verdict line: `BASELINE OK: ...` or `BASELINE FAIL: ...`. */
  readonly line: string
  /** The deciding failures the baseline records: the rule, and the test when the failure is a test's. */
  readonly known: readonly { readonly rule: RuleId; readonly test?: string }[]
}
