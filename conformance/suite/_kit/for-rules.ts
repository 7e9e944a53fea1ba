/**
 * `forRules()`: marks the assertions of a block as checking only some of the
 * rules their test names, so that their failure fails only those rules.
 *
 * A test declared with `check([A, B], ...)` fails both A and B when any of
 * its assertions fails. Often most of its assertions concern both and a few
 * concern only one: `[POST-12, ERR-03]` checks the error's info (both) and
 * then that deferred contexts survive (POST-12 only). Wrapping the few in
 * `forRules('POST-12', () => ...)` makes a registry that drops the contexts
 * fail POST-12 alone; ERR-03's assertions all ran and held.
 *
 * Contract (each breach fails the whole test as a kit defect):
 * - the IDs are rules the running `check()` test names;
 * - blocks come last: once one has run, every later assertion of the test is
 *   inside a block, and each later block names a subset of the rules of the
 *   one before. So when a block fails (and the test stops there), every
 *   assertion of the rules it does not name has already run: under those
 *   rules the test honestly passes;
 * - blocks do not nest.
 *
 * What is marked: whatever the block throws or rejects with, except a hang
 * ({@link AdapterTimeoutError}) and a kit defect, which concern every rule.
 * In a property law a forRules() mark changes nothing: the law's failure is
 * an error of its own; a law blames one rule per property with `r.holds()`
 * instead (properties/_kit/law.ts), which also shrinks each property's
 * counterexample on its own and goes on checking the other properties.
 */
import { TestRunner, expect, onTestFinished } from 'vitest'
import type { RuleId } from '../../catalogue/index.ts'
import { tagFailure } from '../../catalogue/failure-rules.ts'
import { AdapterTimeoutError } from './budget.ts'
import { describeThrown } from './describe-thrown.ts'
import { KitDefectError } from './kit-defect.ts'

export { KitDefectError }

/** What forRules() needs of the running test: vitest's in the suite ({@link forRules}), a stand-in in the kit's own tests. */
export interface BlockHost {
  /** Identifies the test: the blocks of one test share their state. */
  readonly key: object
  /** The rules the test names (`check()` sets them), or undefined outside a check() test. */
  readonly rules: readonly string[] | undefined
  /** How many assertions the test has made so far. */
  assertions(): number
  /** Runs `verify` once the test has finished, with whether it passed; a throw fails the test. */
  onFinished(verify: (passed: boolean) => void): void
}

/** What the blocks of one test have established so far. */
interface BlockState {
  /** The rules of the last block that passed: later blocks may name only these. */
  narrowest: readonly string[]
  /** The assertion count when that block ended: any later one outside a block breaks the contract. */
  assertionsAfter: number
  /** A block is running (blocks do not nest). */
  active: boolean
}

const states = new WeakMap<object, BlockState>()

/**
 * Runs `block` as assertions of `ids` only (see the module contract): when it
 * throws, or returns a promise that rejects, the error is marked with `ids`
 * and passed on. Returns what `block` returns.
 */
export function forRules<T>(ids: RuleId | readonly RuleId[], block: () => T): T {
  return forRulesIn(vitestHost(), ids, block)
}

/** {@link forRules} for the test `host` describes. */
export function forRulesIn<T>(host: BlockHost, ids: RuleId | readonly RuleId[], block: () => T): T {
  const marked: readonly string[] = typeof ids === 'string' ? [ids] : [...ids]
  const declared = host.rules
  if (declared === undefined) throw new KitDefectError('forRules() is used outside a check() test')
  const name = `forRules(${marked.join(', ')})`
  if (marked.length === 0) throw new KitDefectError(`${name} names no rule`)
  const foreign = marked.filter((id) => !declared.includes(id))
  if (foreign.length > 0) throw new KitDefectError(`${name} names ${foreign.join(', ')}, which the test [${declared.join(', ')}] does not check`)

  let state = states.get(host.key)
  if (state !== undefined) {
    const earlier = state
    if (earlier.active) throw new KitDefectError(`${name} is nested in another forRules() block`)
    if (marked.some((id) => !earlier.narrowest.includes(id))) {
      throw new KitDefectError(`${name} follows a block of ${earlier.narrowest.join(', ')}: a later block may name only rules of an earlier one`)
    }
    if (host.assertions() !== earlier.assertionsAfter) throw new KitDefectError(`${name} follows assertions outside any block that ran after an earlier block`)
  } else {
    const fresh: BlockState = { narrowest: marked, assertionsAfter: host.assertions(), active: false }
    state = fresh
    states.set(host.key, fresh)
    host.onFinished((passed) => {
      if (passed && !fresh.active && host.assertions() !== fresh.assertionsAfter) {
        throw new KitDefectError(
          `assertions outside any forRules() block ran after a block of ${fresh.narrowest.join(', ')}: move them before the first block, or into one`,
        )
      }
    })
  }

  const current = state
  const passed = (): void => {
    current.active = false
    current.narrowest = marked
    current.assertionsAfter = host.assertions()
  }
  const failed = (error: unknown): never => {
    current.active = false
    throw error instanceof AdapterTimeoutError || error instanceof KitDefectError ? error : tagFailure(error, marked, describeThrown)
  }

  current.active = true
  let result: T
  try {
    result = block()
  } catch (error) {
    return failed(error)
  }
  if (isThenable(result)) {
    return Promise.resolve(result).then((value) => {
      passed()
      return value
    }, failed) as T
  }
  passed()
  return result
}

/** The running vitest test as a {@link BlockHost}. */
function vitestHost(): BlockHost {
  const test = TestRunner.getCurrentTest()
  if (test === undefined) throw new KitDefectError('forRules() is used outside a running test')
  return {
    key: test,
    rules: test.meta.rules,
    assertions: () => expect.getState().assertionCalls,
    onFinished: (verify) => onTestFinished((ctx) => verify(ctx.task.result?.state === 'pass')),
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function'
}
