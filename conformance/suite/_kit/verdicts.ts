/**
 * Verdicts of the validators when how they report is open (OP-26): the seeds
 * say `validateJsonSchemaValue()` enforces the schema and that an argument
 * mismatch throws `ToolArgsError`, not whether a validator returns its
 * violations or throws them. Through the adapter, an empty list is acceptance
 * and a non-empty list or a throw is a report. Upstream's form (a list of
 * violation strings, never a throw) is JSV-16's for validateJsonSchemaValue
 * and DSL-38's for validateArgs, charged incidentally here.
 */
import { $Array } from './intrinsics.ts'
import { expect } from 'vitest'
import type { RuleId } from '../../catalogue/index.ts'
import { describeThrown } from './describe-thrown.ts'
import { incidental } from './incidental.ts'

/**
 * Stands for the report of a validator that threw: a list of one entry, so
 * that `length > 0` reads "reported" wherever a list is expected. It names no
 * path, so any check of where violations point fails on it, as it should
 * (those checks are upstream rules).
 */
export function thrownReport(thrown: unknown): string {
  return `(the validator threw ${describeThrown(thrown)})`
}

/**
 * Runs a validator and returns its violations: the list it returned, or
 * {@link thrownReport} when it threw. A result that is neither a list of
 * strings nor a throw fails the running test (the adapter contract's shape);
 * `upstreamRule` (JSV-16 or DSL-38), charged incidentally, fails when it threw.
 */
export function reportOf(upstreamRule: RuleId, run: () => unknown): string[] {
  let result: unknown
  try {
    result = run()
  } catch (thrown) {
    incidental(upstreamRule, () => {
      throw new Error(`the validator threw ${describeThrown(thrown)}; upstream returns the violations and never throws (${upstreamRule})`)
    })
    return [thrownReport(thrown)]
  }
  expect($Array.isArray(result), 'validation returns a list of violations or throws').toBe(true)
  for (const v of result as unknown[]) expect(typeof v, 'each violation is a string').toBe('string')
  return [...(result as string[])]
}
