/**
 * `execute()`: the whole pipeline (which stage runs for which outcome: POST-01,
 * POST-24, FIN-02), and the same pipeline cut into the four stages a scheduler
 * drives (CM-16, CM-17; used by the Code Mode bridge, CM-15):
 *
 *   prepare:  entry (ARG) → pre-aborted check (CAN-21) → Code Mode collapse
 *             (CM-03) → pre-execute, ask, guards (admit)
 *   dispatch: tools/execute + body
 *   finalize: tools/post-execute → finalizeContent + materialisation → tools/result
 *   finish:   finalizeContent + materialisation → tools/result (post-execute skipped)
 *
 * Each stage decides whether the call goes on, jumps to post-execute
 * (post-result) or skips it (final-result). No stage rejects.
 */
import type { ToolExecutionResult } from '../../conformance/spec/types.ts'
import { withAbsentKeys } from '../choices.ts'
import { collapsedResult } from '../code-mode/collapse.ts'
import { dispatch } from './dispatch.ts'
import { finalizeResult } from './finalize.ts'
import { notifyResult } from './notify.ts'
import { finalResult, type Outcome } from './outcome.ts'
import { postExecute } from './post-execute.ts'
import { admit } from './pre-execute.ts'
import { abortResult, normalizedFailure } from './results.ts'
import { startRun, type RegistryInternals, type Run } from './run.ts'

/** Where `prepare` left a call: ready to dispatch, or already holding a result. */
export type Prepared =
  | { readonly kind: 'dispatch'; readonly run: Run }
  | { readonly kind: 'post-result' | 'final-result'; readonly run: Run; readonly result: ToolExecutionResult }

/** Where `dispatch` left a call. */
export type Dispatched = { readonly kind: 'post-result' | 'final-result'; readonly result: ToolExecutionResult }

async function admitRun(run: Run): Promise<Outcome> {
  // ARG-06, ERR-10: unreadable or non-lossless input; nothing else runs.
  const { choices } = run.registry
  if (run.entryFailure !== undefined) return finalResult(normalizedFailure(run.entryFailure.error, [], '', choices))
  // CAN-21, CAN-25: aborted before entry (arguments were materialised first, CAN-03); CAN-14 for collapsed calls too.
  // OP-51: `after-policy` leaves an ordinary call to the check after the guards (pre-execute.ts).
  const checkedLater = choices.entryAbortCheck === 'after-policy' && !run.collapsed
  if (run.callerSignal.aborted && !checkedLater) return finalResult(abortResult(false, [], choices))
  // CM-03, PRE-21: a collapsed model-direct call ends here, before any policy.
  if (run.collapsed) return finalResult(collapsedResult(String(run.exec.name), choices))
  return admit(run) // PRE-02: only calls that passed entry reach policy
}

/** Entry and policy: everything up to (not including) `tools/execute`. */
export async function prepareExecution(registry: RegistryInternals, input: unknown): Promise<Prepared> {
  const run = startRun(registry, input)
  let outcome: Outcome
  try {
    outcome = await admitRun(run)
  } catch (error) {
    // Safety net: every stage already contains its own failures.
    outcome = finalResult(normalizedFailure(error, [], '', registry.choices))
  }
  return outcome.kind === 'dispatch' ? { kind: 'dispatch', run } : { kind: outcome.kind, run, result: outcome.result }
}

/** `tools/execute` and the body, for a call `prepare` left at `dispatch`. */
export async function dispatchExecution(run: Run): Promise<Dispatched> {
  let outcome: Outcome
  try {
    outcome = await dispatch(run)
  } catch (error) {
    outcome = finalResult(normalizedFailure(error, [], '', run.registry.choices))
  }
  if (outcome.kind === 'dispatch') return { kind: 'final-result', result: normalizedFailure(new Error('unreachable: dispatch did not produce a result')) }
  return outcome
}

/**
 * `finish`: CAN-12: from here on everything is synchronous; a late abort
 * changes nothing. `tools/result` fires exactly once (RES-01) with the object
 * returned.
 */
export function finishExecution(run: Run, result: ToolExecutionResult): ToolExecutionResult {
  const final = withAbsentKeys(run.registry.choices, finalizeResult(run, result)) // OP-40
  notifyResult(run, final)
  return final
}

/** `finalize`: `tools/post-execute` over a post-result, then {@link finishExecution}. */
export async function finalizeExecution(run: Run, result: ToolExecutionResult): Promise<ToolExecutionResult> {
  let after: ToolExecutionResult
  try {
    after = await postExecute(run, result)
  } catch (error) {
    after = normalizedFailure(error, [], '', run.registry.choices)
  }
  return finishExecution(run, after)
}

/**
 * ERR-08, ERR-10: resolves for every input, never rejects. `tools/result`
 * fires exactly once (RES-01) with the object this promise resolves to.
 */
export async function executeTool(registry: RegistryInternals, input: unknown): Promise<ToolExecutionResult> {
  const prepared = await prepareExecution(registry, input)
  // OP-58 (other side): the approval service failed, and execute() rejects.
  if (prepared.run.rejection !== undefined) throw prepared.run.rejection.reason
  if (prepared.kind === 'final-result') return finishExecution(prepared.run, prepared.result)
  if (prepared.kind === 'post-result') return finalizeExecution(prepared.run, prepared.result)
  const dispatched = await dispatchExecution(prepared.run)
  if (dispatched.kind === 'final-result') return finishExecution(prepared.run, dispatched.result)
  return finalizeExecution(prepared.run, dispatched.result)
}
