/**
 * The grading engine's one door for the rest of the kit: the public entry
 * (`conformance/index.ts`), the `dsh-tools-tck/vitest` embedding, the
 * fidelity lane, the vitest configs and the scripts import what they need
 * of `conformance/grade/` from here, never from its `engine/`, `commands/`,
 * `formats/` or `baseline/` folders (layout.test.ts). Only light modules are
 * re-exported: nothing here loads vitest or tsd (layout.test.ts checks).
 * grade's top-level files (`grade.ts`, `cli.ts`, `errors.ts`, `report.ts`,
 * `load-report.ts`, `load-adapter.ts`, `check-adapter.ts`) are its public
 * face and may be imported directly; `grade.ts` loads vitest.
 */

// `grade()` itself (./grade.ts) is a top-level file of its own: it loads vitest.

// Errors, the report format and its console rendering.
export { AdapterError, UsageError } from './errors.ts'
export { REPORT_VERSION } from './report.ts'
export type * from './report.ts'
export { renderConsole } from './formats/render-console.ts'
export type { RenderOptions } from './formats/render-console.ts'

// Baselines: reading, comparing, writing and expiring them.
export { compareToBaseline } from './baseline/compare-baseline.ts'
export type {
  BaselineComparison,
  BaselineFailure,
  CompareOptions,
  CoveredFailure,
  EntryRef,
  JudgedEntry,
  KindMismatch,
} from './baseline/compare-baseline.ts'
export { loadBaseline, parseBaseline } from './baseline/load-baseline.ts'
export { formatBaseline, updateBaseline } from './baseline/update-baseline.ts'
export { BaselineError } from './baseline/baseline-error.ts'
export { BASELINE_VERSION, entryLabel } from './baseline/types.ts'
export type { Baseline, BaselineEntry, BaselineExpiry, BaselineReason, RuleBaselineEntry, TestBaselineEntry } from './baseline/types.ts'
export { assertSameProfile } from './baseline/baseline-profile.ts'
export { expiryReason } from './baseline/expiry.ts'
export { withBaselineVerdict } from './baseline/cli-baseline.ts'

// The engine's parts the embedding reuses to build the same report in its own run.
export { buildReport } from './engine/build-report.ts'
export { KIT_ROOT, kitInfo } from './engine/kit-info.ts'
export { toRawError } from './engine/raw-error.ts'
export type { RawTest } from './engine/run-suite.ts'
export { namePatternFor, selectRules } from './engine/select-rules.ts'
export { KNOWN_FEATURES } from './engine/known-features.ts'

// What the vitest configs, the sequencer, the packaging and the test index share with a grade.
export { suiteInputsFromEnv } from './engine/env-inputs.ts'
export { SLOW_SUITE_FILES, listedFirst } from './engine/slow-first.ts'
export { computeSuiteRevision } from './engine/suite-revision.ts'
export { TEST_INDEX_FILE, collectKitTests } from './commands/tests-of-rule.ts'
export { renderTestIndex } from './commands/test-index.ts'
export { kitSpecCoverage } from './formats/sentence-verdicts.ts'
export { likelyRootCauses, rootCausesFirst } from './formats/root-causes.ts'
export { countCoverage } from './commands/spec-command.ts'
