/** What a synchronous call throws, for tests of registry calls that must reject their input. */
import { expect } from 'vitest'
import { describeResult } from './describe-result.ts'

/** The value `fn` throws; fails the test when it returns normally. */
export function thrownBy(fn: () => unknown): unknown {
  let returned: unknown
  try {
    returned = fn()
  } catch (error) {
    return error
  }
  return expect.fail(`expected the call to throw; it returned ${describeResult(returned)}`)
}

/** The `message` of what `fn` throws; fails the test when it returns normally. */
export function thrownMessage(fn: () => unknown): unknown {
  return (thrownBy(fn) as { message?: unknown } | null | undefined)?.message
}
