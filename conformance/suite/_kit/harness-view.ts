/**
 * The view of one harness a test reaches the registry through: `check()`'s
 * context and each case of a `law()` are built here. The global `tools` are
 * there for every test; each optional capability goes through the test's
 * feature gate (./features.ts) first, so a test that reaches for one its
 * rules, `needs` and declared `optional` features do not give it fails as a
 * kit defect, before any adapter member is touched. A declared feature whose
 * member is missing is the adapter's fault, reported as such.
 */
import { $Array } from './intrinsics.ts'
import type { CodeModeHarness, FeatureName, Harness, PromptAssembly, SchemaApi, ScopeHandle, TckAdapter, ToolRuntimeApi } from '../../adapter/contract.ts'
import type { ApprovalService, ToolPresentationMode } from '../../spec/types.ts'
import { describeThrown } from './describe-thrown.ts'
import { unknownNamesResolve } from './unknown-names.ts'
import type { FeatureGate } from './features.ts'

/** A harness as one test may use it. */
export interface HarnessView {
  readonly adapter: TckAdapter
  readonly harness: Harness
  /** The global `ctx.tools`. */
  readonly tools: ToolRuntimeApi
  /**
   * True when this test may use `feature` in this run: its rules require it or
   * it `needs` it, or it is `optional` for the test and the adapter declares it.
   * Using any other feature through this view fails the test as a kit defect.
   */
  has(feature: FeatureName): boolean
  /** Creates an agent scope (`scopes`; with a parent, `scopeParents`). */
  scope(parent?: ScopeHandle): Promise<ScopeHandle>
  /** Installs, or removes with `undefined`, the approval service (`approval`). */
  setApproval(service: ApprovalService | undefined): void
  /** The adapter's schema functions (`schema`). */
  readonly schema: SchemaApi
  /** Builds the registry's own coded error (`codedErrors`). */
  harnessError(message: string, code: string): Error
  /** What the registry has logged at warn level so far (`warnings`). */
  warnings(): readonly string[]
  /** The harness's Code Mode members (`codeMode`). */
  readonly codeMode: CodeModeHarness
  /**
   * Assembles the system prompt `scope`'s model sees, or the global one
   * (`promptAssembly`); rejects when the registry fails the assembly.
   */
  assemblePrompt(scope?: ScopeHandle): Promise<PromptAssembly>
  /** Declares `mode` through `scope`'s context, or the global one when `scope` is `undefined` (`codeMode`). */
  presentAs(scope: ScopeHandle | undefined, mode: ToolPresentationMode): () => void
}

/** How the view waits on an adapter call that may never settle; `what` names the call. */
export type WaitForAdapter = <T>(work: Promise<T>, what: string) => Promise<T>

/**
 * The view of `harness` (created from `adapter`) under `gate`. `wait` bounds
 * the calls that may hang on their own (`createScope()`, `assemblePrompt()`):
 * `check()` gives them the per-test budget; a law's cases leave them to the
 * budget of the whole law.
 */
export function harnessView(adapter: TckAdapter, harness: Harness, gate: FeatureGate, wait: WaitForAdapter = (work) => work): HarnessView {
  return {
    adapter,
    harness,
    // A name outside the caller's view that makes execute() throw or reject blocks the test on ERR-05 (./unknown-names.ts).
    tools: unknownNamesResolve(harness.tools),
    has: gate.has,
    scope: async (parent) => {
      gate.use('scopes', 'scope()')
      if (parent !== undefined) gate.use('scopeParents', 'scope(parent)')
      if (harness.createScope === undefined) throw new Error('the adapter declares scopes but its harness has no createScope()')
      return wait(Promise.resolve(harness.createScope(parent === undefined ? undefined : { parent })), 'createScope()')
    },
    get schema(): SchemaApi {
      gate.use('schema', 'schema')
      if (adapter.schema === undefined) throw new Error('the adapter declares schema but has no schema member')
      return adapter.schema
    },
    harnessError: (message, code) => {
      gate.use('codedErrors', 'harnessError()')
      if (adapter.harnessError === undefined) throw new Error('the adapter declares codedErrors but has no harnessError()')
      return adapter.harnessError(message, code)
    },
    warnings: () => {
      gate.use('warnings', 'warnings()')
      if (harness.warnings === undefined) throw new Error('the adapter declares warnings but its harness has no warnings()')
      const logged: unknown = harness.warnings()
      if (!$Array.isArray(logged) || !logged.every((message) => typeof message === 'string')) {
        throw new Error(`harness warnings() must return an array of strings, got ${describeThrown(logged)}`)
      }
      return [...logged] as string[]
    },
    get codeMode(): CodeModeHarness {
      gate.use('codeMode', 'codeMode')
      if (harness.codeMode === undefined) throw new Error('the adapter declares codeMode but its harness has no codeMode member')
      return harness.codeMode
    },
    assemblePrompt: (scope) => {
      gate.use('promptAssembly', 'assemblePrompt()')
      if (harness.assemblePrompt === undefined) throw new Error('the adapter declares promptAssembly but its harness has no assemblePrompt()')
      const assemble = harness.assemblePrompt.bind(harness)
      return wait(
        Promise.resolve().then(() => assemble(scope?.agent)),
        'assemblePrompt()',
      )
    },
    presentAs: (scope, mode) => {
      gate.use('codeMode', 'presentAs()')
      const api = scope === undefined ? harness.tools : scope.tools
      if (api.presentAs === undefined) throw new Error('the adapter declares codeMode but its tools have no presentAs()')
      return api.presentAs(mode)
    },
    setApproval: (service) => {
      gate.use('approval', 'setApproval()')
      if (harness.setApproval === undefined) throw new Error('the adapter declares approval but its harness has no setApproval()')
      harness.setApproval(service)
    },
  }
}
