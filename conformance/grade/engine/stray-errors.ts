/**
 * Internal: catching errors raised in the grading process itself (adapter
 * code imported here for the pre-flight check may start timers that fail
 * later) so that they are reported instead of crashing the run.
 */
import type { RawUnhandled } from './run-suite.ts'
import { toRawError } from './raw-error.ts'

export interface StrayErrorTrap {
  /** Errors caught so far, in order. */
  readonly errors: readonly RawUnhandled[]
  /** Removes the listeners; idempotent. */
  release(): void
}

/** Starts catching this process's unhandled rejections and uncaught exceptions. */
export function trapStrayErrors(): StrayErrorTrap {
  const errors: RawUnhandled[] = []
  const onRejection = (reason: unknown): void => {
    errors.push({ origin: 'main', type: 'Unhandled Rejection', error: toRawError(reason) })
  }
  const onException = (error: unknown): void => {
    errors.push({ origin: 'main', type: 'Uncaught Exception', error: toRawError(error) })
  }
  process.on('unhandledRejection', onRejection)
  process.on('uncaughtException', onException)
  return {
    errors,
    release() {
      process.off('unhandledRejection', onRejection)
      process.off('uncaughtException', onException)
    },
  }
}
