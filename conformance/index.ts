/**
 * Public entry of dsh-tools-tck (`import ... from 'dsh-tools-tck'`).
 *
 * - the adapter contract an implementation writes against;
 * - the rule catalogue (every rule, by stable ID);
 * - the grading engine (`grade()`), its report types and console renderer;
 * - the spec's data types.
 *
 * Everything not exported here is internal and may change without notice.
 * The seed file names, the profile-to-level mapping and the citation renderer
 * stay internal: a report already carries each rule's rendered `source` and
 * its verdict per profile. `docs/api/dsh-tools-tck.api.md` lists the surface;
 * a change to it is a reviewed diff (`npm run api-report`).
 */
export { TOOL_ORDER_REST, defineAdapter } from './adapter/contract.ts'
export type {
  CodeModeHarness,
  CreateScopeOptions,
  FeatureManifest,
  FeatureName,
  Harness,
  HarnessOptions,
  ListenerOptions,
  PromptAssembly,
  PromptSectionView,
  SchemaApi,
  ScopeHandle,
  Subscribe,
  TckAdapter,
  ToolEventListeners,
  ToolEventName,
  ToolRuntimeApi,
  ToolsContextApi,
} from './adapter/contract.ts'
export { AREAS, LEVELS, PROFILES, RULES, getRule, isRuleId, rulesOfArea } from './catalogue/index.ts'
export type { Area, Level, Profile, Rule, RuleId, RuleSource, SeedQuote, UpstreamEvidence } from './catalogue/index.ts'
export { DETAIL_ENGLISH, SOURCE_DOCUMENTS, UPSTREAM_DOCS_REVISION } from './catalogue/source-documents.ts'
export type { DocumentVersion, SectionEntry, SourceDocument } from './catalogue/source-documents.ts'
export { grade, DEFAULT_TIMEOUT_MS } from './grade/grade.ts'
export type { GradeOptions, GradeProgress } from './grade/grade.ts'
export {
  BASELINE_VERSION,
  BaselineError,
  compareToBaseline,
  formatBaseline,
  loadBaseline,
  parseBaseline,
  renderConsole,
  updateBaseline,
} from './grade/index.ts'
export type {
  Baseline,
  BaselineComparison,
  BaselineEntry,
  BaselineExpiry,
  BaselineFailure,
  BaselineReason,
  CompareOptions,
  CoveredFailure,
  EntryRef,
  JudgedEntry,
  KindMismatch,
  RenderOptions,
  RuleBaselineEntry,
  TestBaselineEntry,
} from './grade/index.ts'
export { AdapterError, REPORT_VERSION, UsageError } from './grade/index.ts'
export type * from './grade/report.ts'
export { createScriptedRuntime } from './code-runtime/scripted-runtime.ts'
export type { ScriptedOutcome, ScriptedProgram, ScriptedRun, ScriptedRuntime, ScriptedRuntimeOptions } from './code-runtime/scripted-runtime.ts'
export type * from './spec/types.ts'
export { ERROR_CODES } from './spec/types.ts'
