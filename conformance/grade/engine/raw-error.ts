/**
 * Internal: errors as plain data. Whatever was thrown (or serialised by
 * vitest across the worker boundary) becomes a {@link RawError}.
 */
import { blockedBy, failureRules } from '../../catalogue/failure-rules.ts'

/** An error as it crossed the worker boundary (or as thrown in this process). */
export interface RawError {
  readonly name?: string
  readonly message: string
  readonly stack?: string
  readonly diff?: string
  /** The rules the failure concerns, when the suite marked it (`forRules()`); absent: every rule of its test. */
  readonly rules?: readonly string[]
  /** The rule whose failed precondition stopped the test (`precondition()`); its `rules` name that rule. */
  readonly blockedBy?: string
}

/** Normalises anything thrown (or serialised by vitest) into a {@link RawError}. */
export function toRawError(error: unknown): RawError {
  try {
    if (typeof error === 'object' && error !== null) {
      const e = error as { name?: unknown; message?: unknown; stack?: unknown; diff?: unknown; cause?: unknown }
      const own = typeof e.message === 'string' ? e.message : safeString(error)
      const cause = typeof e.cause === 'object' && e.cause !== null ? (e.cause as { message?: unknown }).message : undefined
      const message = typeof cause === 'string' && cause !== '' ? `${own} (cause: ${cause})` : own
      const rules = failureRules(error)
      const blocker = blockedBy(error)
      return {
        ...(typeof e.name === 'string' ? { name: e.name } : {}),
        message,
        ...(typeof e.stack === 'string' ? { stack: e.stack } : {}),
        ...(typeof e.diff === 'string' && e.diff !== '' ? { diff: e.diff } : {}),
        ...(rules === undefined ? {} : { rules }),
        ...(blocker === undefined || rules === undefined ? {} : { blockedBy: blocker }),
      }
    }
    return { message: safeString(error) }
  } catch {
    return { message: '<an error that cannot be read>' }
  }
}

function safeString(value: unknown): string {
  try {
    return String(value)
  } catch {
    return '<unprintable value>'
  }
}
