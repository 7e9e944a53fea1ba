/**
 * Which rules one failure of a test concerns. A test names every rule it
 * checks (see test-name.ts), and by default a failure fails them all; an
 * assertion failure that concerns only some of them carries their IDs in an
 * own enumerable property, {@link FAILURE_RULES}. Plain data on the error, it
 * survives vitest's serialisation of errors from the test worker (and
 * chai's `toJSON`), so the suite kit writes it (`forRules()`) and grading
 * reads it back, both through this module.
 */
import { $Array, $Object } from '../suite/_kit/intrinsics.ts'

/** The property of an error that lists the rule IDs the failure concerns. */
export const FAILURE_RULES = 'dshTckFailureRules'

/**
 * Marks `error` as concerning `ids` only, and returns it; a value that
 * cannot carry the mark (not an object, frozen, a throwing proxy) is wrapped
 * in an Error with `describe(value)` as its message.
 */
export function tagFailure(error: unknown, ids: readonly string[], describe: (value: unknown) => string): Error {
  const carrier = error instanceof Error && $Object.isExtensible(error) ? error : new Error(describe(error), { cause: error })
  try {
    Object.defineProperty(carrier, FAILURE_RULES, { value: [...ids], enumerable: true, writable: true, configurable: true })
    return carrier
  } catch {
    const wrapped = new Error(describe(error), { cause: error })
    Object.defineProperty(wrapped, FAILURE_RULES, { value: [...ids], enumerable: true, writable: true, configurable: true })
    return wrapped
  }
}

/**
 * The rule IDs a failure is marked with, as thrown or as serialised from a
 * worker; `undefined` when it carries no mark (or a malformed one), i.e. when
 * it concerns every rule of its test. Never throws.
 */
export function failureRules(error: unknown): string[] | undefined {
  try {
    if (typeof error !== 'object' || error === null) return undefined
    const ids: unknown = (error as Record<string, unknown>)[FAILURE_RULES]
    if (!$Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string')) return undefined
    return [...(ids as string[])]
  } catch {
    return undefined
  }
}

/**
 * The property of an error that names the rule whose failed precondition
 * stopped the test (`precondition()` in the suite kit): the test could not
 * check its own rules, which grading reports as blocked by that rule.
 */
export const BLOCKED_BY = 'dshTckBlockedBy'

/** Marks `error` (already carrying its {@link FAILURE_RULES} mark) as a test blocked by rule `id`. */
export function markBlocked(error: Error, id: string): Error {
  Object.defineProperty(error, BLOCKED_BY, { value: id, enumerable: true, writable: true, configurable: true })
  return error
}

/** The rule a failure says blocked its test, as thrown or serialised; `undefined` otherwise. Never throws. */
export function blockedBy(error: unknown): string | undefined {
  try {
    if (typeof error !== 'object' || error === null) return undefined
    const id: unknown = (error as Record<string, unknown>)[BLOCKED_BY]
    return typeof id === 'string' && id !== '' ? id : undefined
  } catch {
    return undefined
  }
}
