/**
 * The policy gate before dispatch: `tools/pre-execute` (PRE), `ask`
 * resolution (PRE-05..11), guards (GRD) and the post-guard cancellation check.
 */
import type { PreToolDecision } from '../../conformance/spec/types.ts'
import { guardDenialReason, hasExtraDecisionFields, losslessFailure, type RegistryChoices, stageError, stageFailurePrefix } from '../choices.ts'
import { resolveAsk } from './approval.ts'
import { evaluateGuards } from './guards.ts'
import { materializeResult, RESULT_NOT_LOSSLESS } from './materialize.ts'
import { dispatchNext, finalResult, postResult, type Outcome } from './outcome.ts'
import { abortResult, denialResult, normalizedFailure } from './results.ts'
import type { Run } from './run.ts'

const MALFORMED_DECISION = 'tools/pre-execute returned a malformed decision'

/**
 * PRE-15 / PRE-22 (deliberate divergence: fail closed). Anything but a
 * well-formed allow/deny/ask is a malformed decision: `deny` needs a string
 * reason, an `ask` reason must be a string when present.
 */
function checkDecision(choices: RegistryChoices, decision: unknown): PreToolDecision {
  if (typeof decision !== 'object' || decision === null) throw new TypeError(MALFORMED_DECISION)
  if (hasExtraDecisionFields(choices, decision)) throw new TypeError(MALFORMED_DECISION) // PRE-30 (OP-34: `refused`)
  const { kind, reason } = decision as { kind?: unknown; reason?: unknown }
  if (kind === 'allow') return { kind }
  if (kind === 'deny' && typeof reason === 'string') return { kind, reason }
  if (kind === 'ask' && (reason === undefined || typeof reason === 'string')) {
    return reason === undefined ? { kind } : { kind, reason }
  }
  throw new TypeError(MALFORMED_DECISION)
}

/**
 * PRE-04, GRD-07: a denial is materialised and frozen, then goes on to
 * post-execute. If the reason is not lossless JSON the outcome is a final
 * failure instead (GRD-10).
 */
function deny(run: Run, reason: unknown): Outcome {
  try {
    const denial = materializeResult(denialResult(reason))
    return run.registry.choices.postExecuteOnDenial === 'skipped' ? finalResult(denial) : postResult(denial) // OP-06
  } catch {
    const { choices } = run.registry
    return finalResult(normalizedFailure(losslessFailure(choices, new TypeError(RESULT_NOT_LOSSLESS)), [], '', choices)) // OP-05
  }
}

/**
 * CAN-04: the ABORTED_BEFORE_DISPATCH of a caller abort observed once the pre-execute stages settled. It goes on
 * to tools/post-execute (POST-25), or, on OP-70's other side, is final.
 */
function abortedAtAdmission(choices: RegistryChoices): Outcome {
  const aborted = abortResult(false, [], choices)
  return choices.abortedBeforeDispatchPost === 'skipped' ? finalResult(aborted) : postResult(aborted)
}

/** Runs exactly once per call that passed entry (PRE-02). */
export async function admit(run: Run): Promise<Outcome> {
  const { exec, registry } = run
  try {
    // PRE-01: the whole waterfall settles before anything dispatches. It is
    // always awaited, even if the caller aborts meanwhile (PRE-14). Unknown
    // names reach it too (PRE-03).
    const raw = await registry.events.waterfall(
      'tools/pre-execute',
      run.target,
      (listener, next) => listener(exec, next),
      async () => ({ kind: 'allow' }),
    )
    // PRE-13: only `kind` and `reason` are read; a decision cannot carry new arguments.
    const decision = checkDecision(registry.choices, raw)

    if (decision.kind === 'deny') return deny(run, decision.reason) // PRE-04, kept even after an abort (PRE-14)
    if (decision.kind === 'ask') {
      // CAN-04: an abort during the ask is looked at only once it settles.
      const resolution = await resolveAsk(run, decision.reason)
      if (resolution.kind === 'aborted') return abortedAtAdmission(registry.choices) // PRE-09
      if (resolution.kind === 'deny') return deny(run, resolution.reason)
    }

    // GRD-02: guards run only for an allow, after the waterfall and the ask;
    // they run even if the caller aborted meanwhile, and win over it (GRD-11).
    const guarded = evaluateGuards(run)
    if (guarded !== undefined) return deny(run, guardDenialReason(registry.choices, guarded.reason)) // OP-02

    // EXE-01, CAN-04, CAN-22: an allow that survived guards, but the caller has aborted (OP-52: `in-dispatch`
    // lets the wrappers run, and the base next() resolves ABORTED_BEFORE_DISPATCH, EXE-10).
    if (run.callerSignal.aborted && registry.choices.abortedAdmission !== 'in-dispatch') return abortedAtAdmission(registry.choices)
    return dispatchNext
  } catch (error) {
    // PRE-10, PRE-11, PRE-12, PRE-15, GRD-09: final, post-execute skipped. OP-04, OP-56: as the choices shape it.
    const { choices } = registry
    return finalResult(normalizedFailure(stageError(choices, error), [], stageFailurePrefix(choices, 'policy check'), choices))
  }
}
