/**
 * Which stages a call naming a tool outside the caller's view passes through.
 *
 * The seeds pin only the outcome: "an invisible tool reports `UNKNOWN_TOOL`"
 * (seed 000), and seed 001 lists "查找与输入准备 → pre-execute / 审批 / guards"
 * (lookup before policy). Upstream instead lets such a call traverse
 * tools/pre-execute, the guards, tools/execute and tools/post-execute, and
 * fails it only at the base dispatch; that traversal is VIS-25's, charged
 * incidentally wherever a must test meets such a call.
 *
 * A must test checks the stages with {@link expectLookupStages}, which
 * accepts both: the call ends at lookup (nothing before `after` but
 * tools/post-execute, at most once), or it passes through the policy stages
 * in pipeline order.
 */
import { expect } from 'vitest'
import { incidental } from './incidental.ts'

/**
 * `order` is either `traversal` (upstream's, VIS-25's) or the call ended at
 * lookup: the stages from `after` on, with at most one tools/post-execute
 * right before `after`. Entries for which `isPost` holds are tools/post-execute.
 */
export function expectLookupStages<T extends string>(
  order: readonly T[],
  traversal: readonly T[],
  after: T,
  isPost: (stage: T) => boolean = (stage) => stage === 'post',
  what = 'stages of a call naming a tool outside the view',
): void {
  const aside = order.filter((stage) => !isPost(stage))
  const full = traversal.filter((stage) => !isPost(stage))
  const atLookup = full.slice(full.indexOf(after))
  expect([full, atLookup], `${what} (tools/post-execute aside): the full pipeline or none of the policy stages`).toContainEqual(aside)
  const posts = order.filter(isPost).length
  expect(posts, `${what}: tools/post-execute runs at most once`).toBeLessThanOrEqual(1)
  if (posts === 1) expect(order[order.findIndex(isPost) + 1], `${what}: tools/post-execute, if it runs, comes right before ${after}`).toBe(after)
  expectTraversal(order, traversal)
}

/** VIS-25, charged incidentally: the call passed through every stage of `traversal`, in that order. */
export function expectTraversal<T>(order: readonly T[], traversal: readonly T[]): void {
  incidental('VIS-25', () => {
    expect(order, 'a call naming a tool outside the view passes through pre-execute, guards, tools/execute and post-execute (VIS-25)').toEqual(traversal)
  })
}
