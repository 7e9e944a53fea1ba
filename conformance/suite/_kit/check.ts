/**
 * `check()`: the only way the suite declares a test. It ties the test to the
 * catalogue rules it checks, gives it a fresh harness, enforces the per-test
 * time budget, turns unhandled rejections raised meanwhile into a failure of
 * this test, and prefixes a failing assertion with the rule and its source.
 *
 * Verdicts:
 * - a failure fails every rule the test names, unless it comes from a block
 *   of assertions marked with `forRules(ids, ...)` (./for-rules.ts): then it
 *   fails those rules only, and the test passes under the others (their
 *   assertions all ran first, which forRules() enforces). Hangs, stray
 *   rejections and kit defects are never marked. A property law marks its
 *   failure with the rules of the properties a counterexample refuted
 *   (`r.holds()` in properties/_kit/law.ts), having checked the others on
 *   every case;
 * - the budget counts time spent waiting on a registry call that has not
 *   settled, never time the registry spends computing (./budget.ts): a slow
 *   registry passes and the report lists the test as slow; only a real hang
 *   (a promise left pending while the event loop idles) times out. A body
 *   that neither settles nor lets the loop idle fails once its thread has
 *   used `--stall-limit` of CPU time, failing that test only. Neither limit
 *   reads the wall clock, so a busy machine changes no verdict;
 * - once the same wait (create, createScope, the body, dispose) has used up
 *   the budget in 3 tests of this worker, later waits on it fail after a
 *   short wait, marked `short-circuited:` (./hangs.ts; off with
 *   `--no-hang-shortcut`). Always a failure, never a pass.
 *
 * The adapter, the budget, the stall limit and the shortcut are the run's
 * suite settings (./settings.ts), read when the test is declared.
 */
import { expect, test } from 'vitest'
import { KitDefectError } from './kit-defect.ts'
import type { FeatureName, Harness, HarnessOptions } from '../../adapter/contract.ts'
import { getRule } from '../../catalogue/index.ts'
import type { RuleId } from '../../catalogue/index.ts'
import { describeSource } from '../../catalogue/describe-source.ts'
import { suiteAdapter } from './adapter.ts'
import { suiteSettings } from './settings.ts'
import { describeThrown } from './describe-thrown.ts'
import { AdapterTimeoutError, computeWithin, wallBackstop, waitWithin } from './budget.ts'
import { knownHang, recordHang, shortcutMessage } from './hangs.ts'
import { RunawayError, knownRunaway, runawayMessage, runawayOf } from './runaways.ts'
import { HEAVY_PHASE, traceIdle, traceTest, tracePhase } from './trace.ts'
import { SHORTCUT_WAIT_MS, stallLimitOf } from '../../limits.ts'
import { FAILURE_RULES, blockedBy, failureRules, markBlocked, tagFailure } from '../../catalogue/failure-rules.ts'
import { featureGate, neededFeatures } from './features.ts'
import { harnessView } from './harness-view.ts'
import type { HarnessView } from './harness-view.ts'
import { beginIncidentals, settleIncidentals } from './incidental.ts'
import { isSelected } from './selection.ts'
import { toleratedFailure } from './verdict-policy.ts'

declare module 'vitest' {
  interface TaskMeta {
    /** Rule IDs this test checks. */
    rules?: string[]
    /** Features the adapter lacks, when the test was not applicable. */
    missingFeatures?: string[]
    /**
     * In an embedding, the failure its verdict policy turned into a skip
     * (./verdict-policy.ts), so that its report still grades it as failed.
     */
    toleratedFailure?: {
      readonly message: string
      readonly name?: string
      readonly stack?: string
      readonly diff?: string
      readonly rules?: readonly string[]
      readonly blockedBy?: string
    }
  }
}

/** What a test body receives: the harness of this test, gated by its features (./harness-view.ts). */
export type CheckContext = HarnessView

export interface CheckOptions {
  /** Features needed beyond those the named rules already require. */
  readonly needs?: readonly FeatureName[]
  /** Features the test uses when the adapter declares them and does without otherwise (see {@link CheckContext.has}). */
  readonly optional?: readonly FeatureName[]
  /** The deployment configuration passed to `adapter.create()`; only for tests that need `codeMode`. */
  readonly deployment?: HarnessOptions
  /**
   * The test hands the registry an input thousands of levels deep: it may
   * compute for the whole stall limit, where any other test gets an eighth
   * of it (limits.ts, `stallLimitOf`).
   */
  readonly heavy?: true
  /**
   * Set by `law()` only: a property law asserts per case (some through
   * `expectIs`, which calls `expect()` only on a mismatch), so it may pass
   * with no `expect()` call. Every other test fails when none ran.
   */
  readonly assertsOwnWay?: true
}

export { AdapterTimeoutError }

/**
 * Declares one conformance test.
 * @param ids - the rules whose violation this test detects; the first is the primary one.
 *   Any failure fails them all, except one inside a `forRules()` block, which
 *   fails only the rules the block names (see the module comment).
 * @param title - what the test shows, in a few words.
 */
export function check(ids: RuleId | readonly RuleId[], title: string, body: (t: CheckContext) => void | Promise<void>, options: CheckOptions = {}): void {
  const ruleIds = typeof ids === 'string' ? [ids] : [...ids]
  if (ruleIds.length === 0) throw new Error(`check("${title}") names no rule`)
  const rules = ruleIds.map((id) => getRule(id))
  const needed = neededFeatures(rules, options.needs)
  if (options.deployment !== undefined && !needed.has('codeMode')) {
    throw new Error(`check("${title}") configures the deployment but does not need codeMode`)
  }
  const deployment = options.deployment
  const { timeoutMs: budget } = suiteSettings()
  const stallLimit = stallLimitOf(suiteSettings().stallLimitMs, options.heavy === true)
  const name = `[${ruleIds.join(', ')}] ${title}`
  // Only an embedding selects (./selection.ts): the test is then not declared at all.
  if (!isSelected(name)) return

  // The budget ends an ordinary hang (idle waiting), the stall limit a body that keeps computing (its
  // thread's CPU time); vitest's own timeout is only a far wall-clock backstop for a blocked thread.
  test(name, { timeout: wallBackstop(budget, stallLimit) }, async (ctx) => {
    // The rules the test reports under: its own, and any rule an incidental check adds (./incidental.ts).
    const reported = [...ruleIds]
    ctx.task.meta.rules = reported
    // A resumed run of a grade (./runaways.ts): the tests an earlier run reported keep their results.
    if (suiteSettings().reported.includes(`${ctx.task.file.name} > ${ctx.task.fullName}`)) {
      ctx.skip('reported by an earlier run of this grade')
      return
    }
    traceTest(ctx.task.fullName, stallLimit)
    const adapter = await suiteAdapter()
    // An incidental rule may need what the test needs, or an optional feature of the test that the adapter declares.
    beginIncidentals(ctx.task, ruleIds, [...needed, ...(options.optional ?? []).filter((feature) => adapter.features[feature] === true)])
    const missing = [...needed].filter((feature) => adapter.features[feature] !== true)
    if (missing.length > 0) {
      ctx.task.meta.missingFeatures = missing
      ctx.skip(`not applicable: the adapter does not declare ${missing.join(', ')}`)
      return
    }

    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown): void => {
      unhandled.push(reason)
    }
    process.on('unhandledRejection', onUnhandled)
    let harness: Harness | undefined
    const withinBudget = <T>(work: Promise<T>, budget: number, what: string): Promise<T> => waitForAdapter(work, budget, what, name)
    try {
      // This very test lost its worker to the registry in an earlier run of the grade: it fails with that cause, without running again.
      const lost = runawayOf(ctx.task.fullName)
      if (lost !== undefined) throw new RunawayError(runawayMessage(lost))
      const create = (): Harness | Promise<Harness> => (deployment === undefined ? adapter.create() : adapter.create(deployment))
      enterPhase('adapter create()')
      const h: Harness = await withinBudget(Promise.resolve().then(create), budget, 'adapter create()')
      harness = h
      // Reaching for a feature the test may not use is the kit's defect, reported before any adapter member is touched.
      const gate = featureGate(needed, options.optional ?? [], adapter.features)
      const context: CheckContext = harnessView(adapter, h, gate, (work, what) => withinBudget(work, budget, what))
      enterPhase(options.heavy === true ? HEAVY_PHASE : 'the test')
      await computeWithin(
        withinBudget(
          Promise.resolve().then(() => body(context)),
          budget,
          'the test',
        ),
        stallLimit,
        'the test',
      )
      // A test that asserted nothing passes every registry: the kit's defect, never the registry's.
      if (options.assertsOwnWay !== true && expect.getState().assertionCalls === 0) {
        throw new KitDefectError(`kit defect: the test made no assertion, so it would pass any registry (the registry is not at fault)`)
      }
      await new Promise((resolve) => setImmediate(resolve))
      if (unhandled.length > 0) {
        throw new Error(`the registry raised an unhandled rejection during this test: ${describeThrown(unhandled[0])}`)
      }
      const incidentalFailure = settleIncidentals(ctx.task, undefined, undefined)
      if (incidentalFailure !== undefined) throw tagFailure(incidentalFailure.error, incidentalFailure.rules, describeThrown)
    } catch (error) {
      // Once an incidental check has joined the test, a failure of its own concerns its own rules (and any failed incidental one), not every rule it reports under.
      const settled = settleIncidentals(ctx.task, { error }, failureRules(error))
      const widened = reported.length > ruleIds.length
      const charged = settled !== undefined && widened && !(error instanceof KitDefectError) ? tagFailure(error, settled.rules, describeThrown) : error
      // A failed precondition fails its owner only; grading reports the test as blocked under its own rules.
      if (settled?.blockedBy !== undefined && charged instanceof Error) markBlocked(charged, settled.blockedBy)
      const attributed = attribute(charged, reported)
      // In an embedding, a failure that would not decide grade's exit status skips the test instead (./verdict-policy.ts).
      const tolerated = error instanceof KitDefectError ? undefined : toleratedFailure(failureRules(attributed) ?? reported, name)
      if (tolerated !== undefined) {
        ctx.task.meta.toleratedFailure = toleratedRecord(attributed, describeThrown)
        ctx.skip(`${tolerated}: ${describeThrown(attributed)}`)
      }
      throw attributed
    } finally {
      process.off('unhandledRejection', onUnhandled)
      // Once dispose() has been lost 3 times (./runaways.ts), later tests leave it uncalled: that loss is already failing those 3 tests.
      if (harness?.dispose !== undefined && knownRunaway('harness dispose()') === undefined) {
        tracePhase('harness dispose()')
        const h = harness
        await withinBudget(
          Promise.resolve().then(() => h.dispose?.()),
          budget,
          'harness dispose()',
        ).catch(() => undefined)
      }
      traceIdle()
    }
  })
}

/**
 * Notes that the test enters `what` (./trace.ts), and fails it at once when
 * `what` has already run away in enough tests of this grade (./runaways.ts).
 */
function enterPhase(what: string): void {
  const shortcut = knownRunaway(what)
  if (shortcut !== undefined) throw new RunawayError(shortcut)
  tracePhase(what)
}

/**
 * Waits for adapter work on the per-test budget, which counts waiting, never
 * computing (see {@link waitWithin}). A wait that uses up the budget is
 * remembered; once `what` has hung in a few tests, it gets only a short wait
 * and fails with a short-circuit message naming the test it first hung in
 * (./hangs.ts).
 */
function waitForAdapter<T>(work: Promise<T>, budget: number, what: string, test: string): Promise<T> {
  const firstTest = knownHang(what)
  if (firstTest !== undefined) {
    return waitWithin(work, Math.min(budget, SHORTCUT_WAIT_MS), what).catch((error: unknown) => {
      throw error instanceof AdapterTimeoutError ? new AdapterTimeoutError(shortcutMessage(what, firstTest, budget)) : error
    })
  }
  return waitWithin(work, budget, what).catch((error: unknown) => {
    if (error instanceof AdapterTimeoutError) recordHang(what, test)
    throw error
  })
}

/**
 * Prefixes the failure with its rule's level and source, keeping vitest's diff
 * fields. The rule is the first one a {@link forRules} mark names, else the
 * test's primary rule. A mark is kept for grading, narrowed to the rules the
 * test names; one naming none of them is dropped, so the failure fails them all.
 */
function attribute(error: unknown, ruleIds: readonly string[]): unknown {
  const mark = failureRules(error)
  const marked = mark?.filter((id) => ruleIds.includes(id)) ?? []
  if (mark !== undefined && marked.length < mark.length && error instanceof Error) {
    if (marked.length === 0) delete (error as unknown as Record<string, unknown>)[FAILURE_RULES]
    else tagFailure(error, marked, describeThrown)
  }
  const primary = getRule((marked[0] ?? ruleIds[0]) as RuleId)
  const prefix = `${primary.id} (${primary.level}; ${describeSource(primary.sources[0])}): `
  if (error instanceof Error) {
    if (!error.message.startsWith(prefix)) error.message = prefix + error.message
    return error
  }
  return new Error(prefix + describeThrown(error))
}

/** The plain record of a tolerated failure kept in the task's meta (strings only, so it survives serialisation). */
function toleratedRecord(error: unknown, describe: (thrown: unknown) => string): NonNullable<import('vitest').TaskMeta['toleratedFailure']> {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { message?: unknown; name?: unknown; stack?: unknown; diff?: unknown }
  const rules = failureRules(error)
  const blocker = rules === undefined ? undefined : blockedBy(error)
  return {
    message: typeof e.message === 'string' ? e.message : describe(error),
    ...(typeof e.name === 'string' ? { name: e.name } : {}),
    ...(typeof e.stack === 'string' ? { stack: e.stack } : {}),
    ...(typeof e.diff === 'string' ? { diff: e.diff } : {}),
    ...(rules === undefined ? {} : { rules: [...rules] }),
    ...(blocker === undefined ? {} : { blockedBy: blocker }),
  }
}
