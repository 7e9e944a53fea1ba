/**
 * Internal: keeps adapter code from ending the grading process while the kit
 * runs it there (loading the module, the pre-flight `create()`), issue 38.
 * An adapter module that calls `process.exit(0)` as it loads (a CLI entry
 * point imported by mistake, a missing main guard) would otherwise end the
 * grade with status 0 and no output: a green CI job with no grade behind it.
 *
 * While any guard is held, `process.exit` and `process.reallyExit` throw
 * instead of exiting, and every attempt is recorded by every guard held at
 * the time (concurrent grades in one process cannot tell whose adapter it
 * was), so that code which swallows the throw is still caught. Guards are
 * counted: the originals come back when the last is released, whatever was
 * released in between. The test workers need no guard: vitest makes
 * `process.exit` throw there, and a worker that ends anyway is a lost worker
 * (engine/kit-pool.ts).
 */

/** Thrown by a guarded exit: never caught by the kit as a value, only recorded. */
export class ExitAttemptError extends Error {
  override name = 'ExitAttemptError'
}

export interface ExitGuard {
  /** The calls made while this guard was held, rendered as written (`process.exit(0)`, `process.exit()`). */
  readonly attempts: readonly string[]
  /** Releases this guard. Idempotent. */
  release(): void
}

type Exit = (code?: number | string | null) => never

/** The guards held now, and the functions they replaced. */
const held = new Set<string[]>()
let originals: { exit: typeof process.exit; reallyExit: Exit } | undefined

function guarded(name: string): Exit {
  return (code) => {
    const call = `${name}(${code === undefined ? '' : String(code)})`
    for (const attempts of held) attempts.push(call)
    throw new ExitAttemptError(`${call} was called by adapter code; the kit does not let an adapter end the grading process`)
  }
}

/** Installs a guard; see the module comment. */
export function guardExit(): ExitGuard {
  const attempts: string[] = []
  const proc = process as unknown as { reallyExit: Exit }
  if (originals === undefined) {
    originals = { exit: process.exit, reallyExit: proc.reallyExit }
    process.exit = guarded('process.exit') as typeof process.exit
    proc.reallyExit = guarded('process.reallyExit')
  }
  held.add(attempts)
  let released = false
  return {
    attempts,
    release() {
      if (released) return
      released = true
      held.delete(attempts)
      if (held.size === 0 && originals !== undefined) {
        process.exit = originals.exit
        proc.reallyExit = originals.reallyExit
        originals = undefined
      }
    },
  }
}
