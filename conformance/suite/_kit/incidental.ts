/**
 * `incidental()`: a check a test needs along the way, charged to the rule
 * that owns it rather than to the rules the test is about, so that one
 * defect fails one rule.
 *
 * A cancellation test of CAN-04 has to look at the abort result it gets, and
 * the shape of that result (its `info.name`, its content) is another rule's
 * business. Written as plain assertions, a registry that omits `info.name`
 * would fail CAN-04 and every other test that meets an abort result. Inside
 * `incidental('CAN-16', () => ...)` the same assertions:
 *
 * - add CAN-16 to the rules the running `check()` test reports under, so the
 *   test counts for CAN-16 when they hold;
 * - when they fail, do not stop the test: the failure is kept, the test goes
 *   on, and once its body has finished the test fails CAN-16 only (a test
 *   whose own assertions failed too fails its own rules and CAN-16).
 *
 * Contract (each breach is a kit defect, failing the test as such):
 * - only inside a `check()` test (a property law included);
 * - the rule needs no optional feature beyond those the running test needs,
 *   or takes as optional and the adapter declares: it is checked wherever
 *   such a test meets its case, so it must apply to every adapter that test
 *   runs on;
 * - in a test that names the rule itself, the block is an ordinary
 *   assertion of it (it throws, as any assertion of the test's own rules).
 */
import { TestRunner } from 'vitest'
import { getRule } from '../../catalogue/index.ts'
import type { RuleId } from '../../catalogue/index.ts'
import { describeThrown } from './describe-thrown.ts'
import { KitDefectError } from './kit-defect.ts'

/** What the incidental checks of one running test found. */
interface Findings {
  /** The rules the test itself names (`check()`'s IDs). */
  readonly own: readonly string[]
  /** The features the test needs (its rules' and its `needs`). */
  readonly features: ReadonlySet<string>
  /** Failed incidental checks, by rule, with their first message. */
  readonly failed: Map<string, string>
  /**
   * The first failed precondition, kept even when the test body catches the
   * error {@link precondition} throws (a rejection handler of the test's
   * own): the test is blocked all the same.
   */
  blocked?: PreconditionFailedError
}

const findings = new WeakMap<object, Findings>()

/**
 * Called by `check()` as a test starts: `rules` is the array the test reports
 * under (its `meta.rules`), which incidental checks extend.
 */
export function beginIncidentals(test: object, own: readonly string[], features: Iterable<string> = []): void {
  findings.set(test, { own: [...own], features: new Set(features), failed: new Map() })
}

/** Runs `block` as a check of rule `id`, incidental to the running test (see the module contract). */
export function incidental(id: RuleId, block: () => void): void {
  const test = TestRunner.getCurrentTest()
  const state = test === undefined ? undefined : findings.get(test)
  if (test === undefined || state === undefined) throw new KitDefectError(`incidental(${id}) is used outside a check() test`)
  const rule = getRule(id)
  const unmet = (rule.requires ?? []).filter((feature) => !state.features.has(feature))
  if (unmet.length > 0)
    throw new KitDefectError(`incidental(${id}): ${id} needs ${unmet.join(', ')}, which this test does not need, so it cannot be checked here`)
  if (state.own.includes(id)) {
    block()
    return
  }
  const rules = test.meta.rules
  if (rules !== undefined && !rules.includes(id)) rules.push(id)
  try {
    block()
  } catch (error) {
    if (!state.failed.has(id)) state.failed.set(id, describeThrown(error))
  }
}

/**
 * Thrown by {@link precondition} to stop a test whose precondition failed.
 * Its message is that of the failed check.
 */
export class PreconditionFailedError extends Error {
  override readonly name = 'PreconditionFailedError'
  constructor(
    /** The rule that owns the failed precondition. */
    readonly rule: string,
    message: string,
  ) {
    super(`blocked: a precondition owned by ${rule} failed, so the test could not check its own rules: ${message}`)
  }
}

/**
 * Runs `block` as a precondition the running test needs before it can check
 * its own rules, owned by rule `id` (WPT's PRECONDITION_FAILED). The test
 * reports under `id` too. When the block holds, the test goes on. When it
 * throws, the test stops: it fails `id` only, and grading reports it as
 * blocked by `id` under its own rules (neither passed nor failed there).
 * Same contract as {@link incidental}; in a test that names `id` itself it
 * is an ordinary assertion.
 *
 * Use it for what a test must set up through another rule's behaviour, e.g.
 * that `register()` refuses an invalid definition before a test of what a
 * refused registration leaves behind.
 */
export function precondition(id: RuleId, block: () => void): void {
  const test = TestRunner.getCurrentTest()
  const state = test === undefined ? undefined : findings.get(test)
  if (state === undefined) throw new KitDefectError(`precondition(${id}) is used outside a check() test`)
  if (state.own.includes(id)) {
    block()
    return
  }
  // Whether this block held, not an earlier check of the same rule.
  let held = true
  incidental(id, () => {
    try {
      block()
    } catch (error) {
      held = false
      throw error
    }
  })
  const failed = state.failed.get(id)
  if (held || failed === undefined) return
  const error = new PreconditionFailedError(id, failed)
  state.blocked ??= error
  throw error
}

/**
 * Called by `check()` once the test body has ended, with what it threw
 * (`undefined` when it passed): the error the test should fail with, and the
 * rules it concerns, or `undefined` when the test passes. A body failure
 * concerns the rules its mark names (all of the test's own, unmarked), plus
 * every incidental rule that failed; incidental failures alone concern only
 * their rules; a failed precondition concerns the failed incidental rules and
 * names the rule that blocked the test.
 */
export function settleIncidentals(
  test: object,
  thrown: { readonly error: unknown } | undefined,
  marked: readonly string[] | undefined,
): { error: unknown; rules: readonly string[]; blockedBy?: string } | undefined {
  const state = findings.get(test)
  findings.delete(test)
  const failed = state === undefined ? [] : [...state.failed.keys()]
  // Settled a second time (check() rethrowing the blocked failure of a body that passed), the marks carry the rules.
  if (thrown !== undefined && thrown.error instanceof PreconditionFailedError)
    return { error: thrown.error, rules: state === undefined ? (marked ?? [thrown.error.rule]) : failed, blockedBy: thrown.error.rule }
  // A failed precondition the test body caught (a rejection handler of its own) still blocks the test.
  if (state?.blocked !== undefined) return { error: state.blocked, rules: failed, blockedBy: state.blocked.rule }
  if (thrown !== undefined) return { error: thrown.error, rules: [...(marked ?? state?.own ?? []), ...failed] }
  if (failed.length === 0) return undefined
  const lines = [...state!.failed].map(([id, message]) => `${id}: ${message}`)
  return {
    error: new Error(`incidental check${failed.length === 1 ? '' : 's'} failed (the test's own assertions all held): ${lines.join('; ')}`),
    rules: failed,
  }
}
