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
 * - the rule needs no optional feature: it is checked wherever a test meets
 *   its case, whatever that test requires, so it must apply to every adapter;
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
  /** Failed incidental checks, by rule, with their first message. */
  readonly failed: Map<string, string>
}

const findings = new WeakMap<object, Findings>()

/**
 * Called by `check()` as a test starts: `rules` is the array the test reports
 * under (its `meta.rules`), which incidental checks extend.
 */
export function beginIncidentals(test: object, own: readonly string[]): void {
  findings.set(test, { own: [...own], failed: new Map() })
}

/** Runs `block` as a check of rule `id`, incidental to the running test (see the module contract). */
export function incidental(id: RuleId, block: () => void): void {
  const test = TestRunner.getCurrentTest()
  const state = test === undefined ? undefined : findings.get(test)
  if (test === undefined || state === undefined) throw new KitDefectError(`incidental(${id}) is used outside a check() test`)
  const rule = getRule(id)
  if ((rule.requires ?? []).length > 0) throw new KitDefectError(`incidental(${id}): ${id} needs ${rule.requires!.join(', ')}, so it cannot be checked in any test that meets it`)
  if (state.own.includes(id)) return block()
  const rules = test.meta.rules
  if (rules !== undefined && !rules.includes(id)) rules.push(id)
  try {
    block()
  } catch (error) {
    if (!state.failed.has(id)) state.failed.set(id, describeThrown(error))
  }
}

/**
 * Called by `check()` once the test body has ended, with what it threw
 * (`undefined` when it passed): the error the test should fail with, and the
 * rules it concerns, or `undefined` when the test passes. A body failure
 * concerns the rules its mark names (all of the test's own, unmarked), plus
 * every incidental rule that failed; incidental failures alone concern only
 * their rules.
 */
export function settleIncidentals(test: object, thrown: { readonly error: unknown } | undefined, marked: readonly string[] | undefined): { error: unknown; rules: readonly string[] } | undefined {
  const state = findings.get(test)
  findings.delete(test)
  const failed = state === undefined ? [] : [...state.failed.keys()]
  if (thrown !== undefined) return { error: thrown.error, rules: [...(marked ?? state?.own ?? []), ...failed] }
  if (failed.length === 0) return undefined
  const lines = [...state!.failed].map(([id, message]) => `${id}: ${message}`)
  return { error: new Error(`incidental check${failed.length === 1 ? '' : 's'} failed (the test's own assertions all held): ${lines.join('; ')}`), rules: failed }
}
