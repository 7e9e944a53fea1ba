/**
 * Resolving an `ask` decision through the approval service (PRE-05..11).
 */
import type { ApprovalOutcome, ApprovalRequest } from '../../conformance/spec/types.ts'
import { rejectsOnApprovalFailure } from '../choices.ts'
import type { Run } from './run.ts'

export type AskResolution =
  | { readonly kind: 'allow' }
  | { readonly kind: 'deny'; readonly reason: string }
  /** PRE-09: the approval was cancelled because the caller aborted; OP-69 (other side): the caller aborted while it was pending. */
  | { readonly kind: 'aborted' }

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

/** What {@link untilAborted} gives when the signal aborted first. */
const ABANDONED = Symbol('abandoned')

/**
 * OP-69 (other side): `answer`, or {@link ABANDONED} as soon as `signal` aborts, whichever comes first. An answer
 * that comes later, or a rejection after the abort, is left unread.
 */
function untilAborted<T>(answer: Promise<T>, signal: AbortSignal): Promise<T | typeof ABANDONED> {
  if (signal.aborted) {
    answer.catch(() => undefined)
    return Promise.resolve(ABANDONED)
  }
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      answer.catch(() => undefined)
      resolve(ABANDONED)
    }
    signal.addEventListener('abort', onAbort, { once: true })
    answer.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}

/**
 * Only `allowed-once` grants (PRE-08). A throwing service (PRE-11) or an
 * answer outside the vocabulary (PRE-10) rejects; the caller turns that into
 * a final-result failure.
 */
export async function resolveAsk(run: Run, reason: string | undefined): Promise<AskResolution> {
  const { exec } = run
  const name = String(exec.name)

  // PRE-05: no service mounted. The ask's own reason is only used here.
  const service = run.registry.approval()
  if (service === undefined) {
    return { kind: 'deny', reason: reason ?? `tool "${name}" requires approval (not yet supported)` }
  }
  // PRE-06: nobody to route the question through; the service is not called.
  if (exec.agent === undefined) {
    return { kind: 'deny', reason: `tool "${name}" requires approval, but the call has no agent to route it through` }
  }

  // PRE-07: the request carries the caller signal; PRE-28: `reason` only when defined (OP-33: `always` keys it).
  const request: ApprovalRequest = {
    agent: exec.agent,
    toolName: exec.name,
    callId: exec.callId,
    ...(reason !== undefined || run.registry.choices.approvalReasonKey === 'always' ? { reason } : {}),
    signal: run.callerSignal,
  }
  let outcome: ApprovalOutcome | typeof ABANDONED
  try {
    const answer = service.request(request)
    // OP-69 (other side): a caller abort stops the wait for the answer (upstream awaits it, PRE-32).
    outcome = run.registry.choices.pendingApprovalOnAbort === 'abandoned' ? await untilAborted(answer, run.callerSignal) : await answer
  } catch (error) {
    // OP-58 (other side): a throwing or rejecting approval service makes execute() reject; PRE-11: either way the call fails.
    if (rejectsOnApprovalFailure(run.registry.choices)) run.rejection ??= { reason: error }
    throw error
  }
  // CAN-04: an abandoned approval ends the call as an abort, without the body.
  if (outcome === ABANDONED) return { kind: 'aborted' }

  switch (outcome) {
    case 'allowed-once':
      return { kind: 'allow' }
    case 'rejected':
      return { kind: 'deny', reason: `the user rejected tool "${name}"` }
    case 'cancelled':
      // PRE-09: a cancellation caused by the caller's abort is an abort, not a denial.
      if (run.callerSignal.aborted) return { kind: 'aborted' }
      return { kind: 'deny', reason: `approval for tool "${name}" was cancelled` }
    case 'unavailable':
      return { kind: 'deny', reason: `tool "${name}" requires approval, but no approval channel is available` }
    default:
      throw new Error(`unreachable variant in ApprovalOutcome: ${describe(outcome)}`)
  }
}
