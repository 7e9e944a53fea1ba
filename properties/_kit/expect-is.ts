/**
 * `expect(actual, message()).toBe(expected)`, run only when the two differ.
 *
 * A law checks thousands of values per grade, and each vitest `expect()`
 * call copies the matcher state (several microseconds), as does building
 * its message: in the sequence law the two were a fifth of its time. On a
 * mismatch this makes the very same assertion, so a failure reads exactly
 * as before; on a match it costs one `Object.is`.
 *
 * For property laws only: a passing `expectIs` makes no assertion, so in a
 * conformance test it would escape `forRules()`'s count of the assertions
 * made after a block (conformance/suite/_kit/for-rules.ts).
 */
import { $Object } from '../../conformance/suite/_kit/intrinsics.ts'
import { expect } from 'vitest'

export function expectIs<T>(actual: T, expected: T, message: () => string): void {
  if (!$Object.is(actual, expected)) expect(actual, message()).toBe(expected)
}
