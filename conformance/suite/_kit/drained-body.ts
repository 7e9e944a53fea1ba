/**
 * A started body drained as a means (issue 39). Tests of what a call keeps
 * after a caller abort (CAN-09: a body throw or an output failure survives
 * it) need execute() to wait for the body first, which is CAN-13's. Their
 * body ends with {@link DrainedBody.ending}: it lets the event loop turn
 * before it settles, so a registry that abandons the body at the abort
 * settles first, and {@link DrainedBody.expectDrained} then blocks the test
 * on CAN-13 instead of failing its own rule.
 */
import { expect } from 'vitest'
import { settle } from './deferred.ts'
import { precondition } from './incidental.ts'

export interface DrainedBody {
  /** Awaited by the body right before it returns or throws: a few event-loop turns, then marks it settled. */
  ending(): Promise<void>
  /** A precondition owned by CAN-13: the body had settled when execute() did. */
  expectDrained(): void
}

export function drainedBody(): DrainedBody {
  let settled = false
  return {
    async ending() {
      await settle()
      await settle()
      settled = true
    },
    expectDrained() {
      precondition('CAN-13', () => expect(settled, 'execute() settled only after the started body did (CAN-13)').toBe(true))
    },
  }
}
