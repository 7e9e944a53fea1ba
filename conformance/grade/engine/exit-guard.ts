/**
 * Internal: keeps adapter code from ending the grading process while the kit
 * runs it there (loading the module, the pre-flight `create()`), issue 38.
 * An adapter module that calls `process.exit(0)` as it loads (a CLI entry
 * point imported by mistake, a missing main guard) would otherwise end the
 * grade with status 0 and no output: a green CI job with no grade behind it.
 *
 * While a guard is held, `process.exit` throws instead of exiting, and every
 * attempt is recorded, so that code which swallows the throw is still caught.
 * The test workers need no guard: vitest makes `process.exit` throw there.
 */

/** Thrown by a guarded `process.exit`: never caught by the kit as a value, only recorded. */
export class ExitAttemptError extends Error {
  override name = 'ExitAttemptError'
}

export interface ExitGuard {
  /** The codes `process.exit` was called with so far, rendered as written (`process.exit(0)`, `process.exit()`). */
  readonly attempts: readonly string[]
  /** Puts the previous `process.exit` back. Idempotent. */
  release(): void
}

/** Installs the guard; see the module comment. Guards nest: each release restores what it replaced. */
export function guardExit(): ExitGuard {
  const attempts: string[] = []
  const original = process.exit
  const guarded = (code?: number | string | null): never => {
    const call = `process.exit(${code === undefined ? '' : String(code)})`
    attempts.push(call)
    throw new ExitAttemptError(`${call} was called by adapter code; the kit does not let an adapter end the grading process`)
  }
  process.exit = guarded as typeof process.exit
  let released = false
  return {
    attempts,
    release() {
      if (released) return
      released = true
      if (process.exit === guarded) process.exit = original
    },
  }
}
