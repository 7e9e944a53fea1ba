/**
 * `execute()`: the whole pipeline, following the stage map of B.0.
 *
 *   entry (ARG) → pre-aborted check (CAN-02) → pre-execute, ask, guards (admit)
 *   → tools/execute + body (dispatch) → tools/post-execute
 *   → finalizeContent + materialisation (finalize) → tools/result (notify)
 *
 * Each stage decides whether the call goes on, jumps to post-execute
 * (post-result) or skips it (final-result).
 */
import type { ToolExecutionResult } from '../../conformance/spec/types.ts'
import { dispatch } from './dispatch.ts'
import { finalizeResult } from './finalize.ts'
import { notifyResult } from './notify.ts'
import { finalResult, type Outcome } from './outcome.ts'
import { postExecute } from './post-execute.ts'
import { admit } from './pre-execute.ts'
import { abortResult, normalizedFailure } from './results.ts'
import { startRun, type RegistryInternals, type Run } from './run.ts'

async function runStages(run: Run): Promise<ToolExecutionResult> {
  let outcome: Outcome
  if (run.entryFailure !== undefined) {
    // ARG-06, C-14: unreadable or non-lossless input; nothing else runs.
    outcome = finalResult(normalizedFailure(run.entryFailure.error))
  } else if (run.callerSignal.aborted) {
    // CAN-02: aborted before entry (arguments were materialised first, CAN-03).
    outcome = finalResult(abortResult(false))
  } else {
    outcome = await admit(run) // PRE-02: only calls that passed entry reach policy
    if (outcome.kind === 'dispatch') outcome = await dispatch(run)
  }
  if (outcome.kind === 'post-result') return postExecute(run, outcome.result)
  if (outcome.kind === 'final-result') return outcome.result
  throw new Error('unreachable: dispatch did not produce a result')
}

/**
 * ERR-08, C-14: resolves for every input, never rejects. `tools/result`
 * fires exactly once (RES-01) with the object this promise resolves to.
 */
export async function executeTool(registry: RegistryInternals, input: unknown): Promise<ToolExecutionResult> {
  const run = startRun(registry, input)
  let result: ToolExecutionResult
  try {
    result = await runStages(run)
  } catch (error) {
    // Safety net: every stage already contains its own failures.
    result = normalizedFailure(error)
  }
  // CAN-12: from here on everything is synchronous; a late abort changes nothing.
  const final = finalizeResult(run, result)
  notifyResult(run, final)
  return final
}
