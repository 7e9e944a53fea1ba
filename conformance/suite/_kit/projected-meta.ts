/**
 * Meta as a means (issue 39). Tests whose rule is about when meta is
 * projected, kept or recomputed (PRES-02, PRES-03, POST-04, POST-05) use a
 * projector that records the value it was computed from. How the projector
 * is called, `presentationMeta(args, value)`, is OUT-05's: a registry that
 * swaps the two arguments fails OUT-05, not every rule whose test reads a
 * projected meta.
 */
import { expect } from 'vitest'
import type { JsonValue } from '../../spec/types.ts'
import { incidental } from './incidental.ts'
import { $JSON } from './intrinsics.ts'

/** The projector of these tests: meta is `{ from: value }`. */
export const projectFrom = (_args: unknown, value: JsonValue): JsonValue => ({ from: value })

const same = (a: unknown, b: unknown): boolean => $JSON.stringify(a) === $JSON.stringify(b)

/**
 * `meta` is {@link projectFrom}'s projection of `value`. A meta projected
 * from the call's arguments `args` instead (the projector called with its
 * arguments swapped) is charged to OUT-05 incidentally, and the test goes on.
 */
export function expectMetaFrom(meta: unknown, value: JsonValue, args: unknown = {}, what = 'meta'): void {
  if (!same(value, args) && same(meta, { from: args })) {
    incidental('OUT-05', () => expect(meta, `${what}: presentationMeta is called as (args, value) (OUT-05)`).toEqual({ from: value }))
    return
  }
  expect(meta, what).toEqual({ from: value })
}
