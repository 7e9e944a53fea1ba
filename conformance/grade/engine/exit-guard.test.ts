/** The exit guard (issue 38): exits throw and are recorded while held, counted guards restore the originals once. */
import { expect, test } from 'vitest'
import { ExitAttemptError, guardExit } from './exit-guard.ts'

const proc = process as unknown as { reallyExit: unknown }

test('while held, process.exit and process.reallyExit throw and are recorded, even when the throw is swallowed', () => {
  const before = { exit: process.exit, reallyExit: proc.reallyExit }
  const guard = guardExit()
  try {
    expect(() => process.exit(0)).toThrow(ExitAttemptError)
    try {
      ;(proc.reallyExit as (code: number) => never)(3)
    } catch {
      // swallowed, as hostile code would
    }
    expect(guard.attempts).toEqual(['process.exit(0)', 'process.reallyExit(3)'])
  } finally {
    guard.release()
  }
  expect(process.exit).toBe(before.exit)
  expect(proc.reallyExit).toBe(before.reallyExit)
})

test('guards released out of order restore the originals once the last is released, and each records what happened while it was held', () => {
  const before = process.exit
  const a = guardExit()
  const b = guardExit()
  expect(() => process.exit(1)).toThrow(ExitAttemptError)
  a.release()
  expect(process.exit).not.toBe(before)
  expect(() => process.exit(2)).toThrow(ExitAttemptError)
  b.release()
  b.release()
  expect(process.exit).toBe(before)
  expect(a.attempts).toEqual(['process.exit(1)'])
  expect(b.attempts).toEqual(['process.exit(1)', 'process.exit(2)'])
})
