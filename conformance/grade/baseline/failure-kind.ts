/**
 * The kind of a test failure in a report, for comparing with a baseline.
 */
import type { FailureKind, TestFailure } from '../report.ts'

/**
 * The failure's `kind` when the report records it (format 1.8 and later).
 * For an older report, inferred from the message the kit wrote: a test that
 * never reported or was hit by a stray error is a `crash`, a budget or
 * vitest timeout (or a short-circuited wait) a `timeout`, anything else an
 * `assertion`. The inference reads the kit's own wording, so it is a
 * best effort for old reports only.
 */
export function failureKindOf(failure: Pick<TestFailure, 'message' | 'kind'>): FailureKind {
  if (failure.kind !== undefined) return failure.kind
  const message = failure.message
  if (
    /^(the test never reported a result|an uncaught exception was raised|an unhandled rejection was raised|an error was raised while this test ran|the tsd suites could not run)/.test(
      message,
    )
  )
    return 'crash'
  if (/^(AdapterTimeoutError: |the test did not finish within vitest's limit)/.test(message)) return 'timeout'
  return 'assertion'
}
