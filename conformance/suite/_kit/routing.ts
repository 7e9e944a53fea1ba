/**
 * Which stages a call that ends early passes through.
 *
 * The seeds pin little of it: thrown tools "still reach" tools/post-execute,
 * finalizeContent runs "for every normalized outcome, including pipeline
 * failures that bypass `tools/post-execute`", and a post-execute listener
 * "may" see a call denied before execution (seed 001). They never say which
 * pipeline failures bypass post-execute, nor whether a caller abort observed
 * after pre-execute goes through it. Upstream's routing is charged to two
 * upstream rules, incidentally, wherever a test meets such a call:
 *
 * - POST-24: a throwing (or rejecting) pre-execute listener, a throwing guard
 *   or one returning a value that is not lossless JSON, and a throwing
 *   tools/execute wrapper end the call without tools/post-execute;
 * - POST-25: ABORTED_BEFORE_DISPATCH from a caller abort observed once
 *   pre-execute (or an approval) settled passes through tools/post-execute;
 * - POST-28: a policy denial (a pre-execute deny, an ask not granted, a
 *   guard's reason) passes through tools/post-execute (open point OP-06);
 * - CAN-21: a call aborted at entry ends before every stage, tools/post-execute
 *   included (open point OP-51: a registry may check the abort after the policy stages).
 *
 * A must test checks the stages the seeds do pin with {@link expectStagesAside},
 * which accepts tools/post-execute running once (right before tools/result)
 * or not at all, and names the route with {@link expectPostRouting}.
 */
import { expect } from 'vitest'
import { incidental } from './incidental.ts'
import type { Stage, StageLog } from './stages.ts'

/** The upstream rule that owns the routing of one kind of early end. */
export type PostRoute = 'POST-24' | 'POST-25' | 'POST-28' | 'CAN-21'

/** The stages in `order` but tools/post-execute, in order. */
export function withoutPost<T extends string>(order: readonly T[]): T[] {
  return order.filter((stage) => stage !== 'post')
}

/**
 * `order` is `expected` with tools/post-execute run at most once, and then
 * right before the stage `after` (tools/result, or the finalizer).
 */
export function expectOrderAsidePost<T extends string>(order: readonly T[], expected: readonly T[], after: T, what = 'stage order'): void {
  expect(withoutPost(order), `${what} (tools/post-execute aside)`).toEqual(expected)
  const posts = order.filter((stage) => stage === 'post').length
  expect(posts, `${what}: tools/post-execute runs at most once`).toBeLessThanOrEqual(1)
  if (posts === 1) expect(order[order.indexOf('post' as T) + 1], `${what}: tools/post-execute, if it runs, comes right before ${after}`).toBe(after)
}

/**
 * The stages besides tools/post-execute ran exactly as `expected`, post-execute
 * at most once and right before tools/result (what the seeds allow), and
 * upstream's routing holds (charged to `route`).
 */
export function expectStagesAside(stages: StageLog, expected: readonly Stage[], route: PostRoute): void {
  expectOrderAsidePost(stages.order, expected, 'result')
  expectPostRouting(route, stages.count('post'))
}

/** Upstream's routing, charged to `route`: POST-24's calls skip tools/post-execute, POST-25's pass through it once. */
export function expectPostRouting(route: PostRoute, postRuns: number): void {
  incidental(route, () => {
    if (route === 'POST-24') expect(postRuns, 'a pipeline failure ends the call without tools/post-execute (POST-24)').toBe(0)
    else if (route === 'POST-25') expect(postRuns, 'ABORTED_BEFORE_DISPATCH after pre-execute passes through tools/post-execute once (POST-25)').toBe(1)
    else if (route === 'CAN-21') expect(postRuns, 'a call aborted at entry ends before every stage, tools/post-execute included (CAN-21)').toBe(0)
    else expect(postRuns, 'a policy denial passes through tools/post-execute once (POST-28)').toBe(1)
  })
}
