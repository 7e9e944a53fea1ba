/**
 * Assertions on a result's `additionalContexts` where the seeds fix which
 * contexts ride a result but not everything about them.
 *
 * The seeds say the contexts the body deferred ride "this execution's own
 * result" and "are emitted in call order" (seed 000 §执行 (ToolRunContext)),
 * and that a post-execute decision may "attach context for the next request"
 * (§执行 (PostToolDecision)). They do not say where contexts of different
 * origins (the body's deferrals, a tools/execute wrapper's result, a
 * post-execute decision) stand relative to each other: that order is open
 * point OP-53, pinned by CTX-12, charged incidentally here. Nor do they say
 * that a cancellation keeps the contexts it did not get from the body:
 * CAN-20's (open point OP-50).
 */
import { $JSON } from './intrinsics.ts'
import { expect } from 'vitest'
import { incidental } from './incidental.ts'

/** A comparable key for a context (contexts are plain JSON). */
function key(context: unknown): string {
  return $JSON.stringify(context) ?? String(context)
}

/** The members of `list` that are among `group`, in the order of `list`. */
function among(list: readonly unknown[], group: readonly unknown[]): unknown[] {
  const keys = new Set(group.map(key))
  return list.filter((context) => keys.has(key(context)))
}

/**
 * The contexts are exactly those of `groups` (each group: the contexts of one
 * origin, in the order that origin gave them; contexts distinct), each group
 * keeping its own order. That the groups come in the order given (deferred,
 * wrapper, decision) is CTX-12's, charged incidentally.
 */
export function expectContextGroups(actual: readonly unknown[] | undefined, groups: readonly (readonly unknown[])[]): void {
  const list = actual ?? []
  const all = groups.flat()
  expect([...list.map(key)].sort(), 'the contexts of every origin, and no other').toEqual([...all.map(key)].sort())
  for (const group of groups) expect(among(list, group), 'the contexts of one origin keep their own order').toEqual(group)
  expectContextOrder(list, all)
}

/** CTX-12, charged incidentally: the contexts are `ordered`, the body's deferred first, then the wrapper result's, then the decision's. */
export function expectContextOrder(actual: readonly unknown[] | undefined, ordered: readonly unknown[]): void {
  incidental('CTX-12', () => {
    expect(actual, 'contexts the body deferred, then those the wrapper result brought, then those the decision added (CTX-12)').toEqual(ordered)
  })
}

/**
 * The contexts the body deferred ride the result, in call order. Those that
 * came from elsewhere (`others`: a wrapper result's, a post-execute
 * decision's) are kept too on a cancellation failure: CAN-20's, charged
 * incidentally (as a set: their order is CTX-12's).
 */
export function expectDeferredKept(actual: readonly unknown[] | undefined, deferred: readonly unknown[], others: readonly unknown[] = []): void {
  const list = actual ?? []
  expect(among(list, deferred), 'the contexts the body deferred are kept, in call order').toEqual(deferred)
  if (others.length === 0) return
  incidental('CAN-20', () => {
    expect([...list.map(key)].sort(), 'a cancellation keeps the contexts of the result it replaces (CAN-20)').toEqual(
      [...[...deferred, ...others].map(key)].sort(),
    )
  })
}
