/** What a synchronous call throws, for tests of registry calls that must reject their input. */
import { expect } from 'vitest'

/** The value `fn` throws; fails the test when it returns normally. */
export function thrownBy(fn: () => unknown): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  return expect.fail('expected the call to throw')
}

/** The `message` of what `fn` throws; fails the test when it returns normally. */
export function thrownMessage(fn: () => unknown): unknown {
  return (thrownBy(fn) as { message?: unknown } | null | undefined)?.message
}
