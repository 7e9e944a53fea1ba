/**
 * Final materialisation and `finalizeContent` (FIN, RES-03).
 */
import type { ToolExecutionResult } from '../../conformance/spec/types.ts'
import { losslessFailure, stageError, stageFailurePrefix } from '../choices.ts'
import { deepFreeze, snapshotJsonValue } from '../json.ts'
import { materializeResult, RESULT_NOT_LOSSLESS } from './materialize.ts'
import { normalizedFailure } from './results.ts'
import type { Run } from './run.ts'

/**
 * RES-03: materialise the candidate (a failure if it is not lossless), let
 * the finaliser captured at entry replace its content exactly once
 * (FIN-02..04), then materialise again. A throwing finaliser, or one that
 * returns non-lossless content, gives the normalised failure of that error
 * and is not called again (FIN-05).
 */
export function finalizeResult(run: Run, result: ToolExecutionResult): ToolExecutionResult {
  const { choices } = run.registry
  const deep = choices.freezeDepth !== 'top-level'
  let candidate: ToolExecutionResult
  try {
    // The call's own canonical success keeps the content and meta it snapshotted (OUT-02, OUT-05).
    // OP-45: unless they were frozen at their top level only: then they are copied, and the value frozen whole now.
    const own = deep && run.registry.canonical.get(result) === run.exec.token ? result : undefined
    if (!deep && !result.isError) deepFreeze(result.value)
    candidate = materializeResult(result, own)
  } catch (error) {
    candidate = normalizedFailure(losslessFailure(choices, error), [], '', choices) // OP-05
  }

  const finalizer = run.finalizer
  if (finalizer === undefined) return candidate // FIN-06: nothing was visible at entry
  try {
    // FIN-03: the exec is not frozen yet; the candidate is.
    const content = finalizer(run.exec, candidate)
    if (content === undefined) return candidate
    // OP-75: under `ordinary-only` content that is not this realm's ordinary containers is not lossless (FIN-05).
    if (choices.outputPrototypes === 'ordinary-only' && snapshotJsonValue(content, true) === undefined) throw new TypeError(RESULT_NOT_LOSSLESS)
    // FIN-04: only `content` changes.
    return materializeResult({ ...candidate, content }, candidate)
  } catch (error) {
    // FIN-09, OP-49: the failure of what went wrong, or the result from before the finalizer.
    if (choices.finalizerFailure === 'ignored') return candidate
    return normalizedFailure(stageError(choices, error), [], stageFailurePrefix(choices, 'finalizeContent'), choices) // OP-04, OP-56
  }
}
