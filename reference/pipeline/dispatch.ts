/**
 * Around-dispatch: the `tools/execute` waterfall (EXE), entered only after an
 * allow that survived guards and the post-guard check (EXE-01); the base dispatch that
 * runs the body (OUT-01, OUT-09), normalisation of wrapper-returned results
 * (EXE-03..06) and the merge of deferred contexts (CTX-01).
 */
import type { ToolDispatchExecution, ToolExecutionResult } from '../../conformance/spec/types.ts'
import { cancellationContexts, stageError } from '../choices.ts'
import { ToolNotFoundError } from '../errors.ts'
import { deepFreeze } from '../json.ts'
import { resolveTool } from '../visibility.ts'
import { finalResult, postResult, type Outcome } from './outcome.ts'
import { buildSuccess } from './output.ts'
import { abortResult, contextsOf, normalizedFailure, withContexts, withOwnContexts } from './results.ts'
import type { Run } from './run.ts'
import { bodyContext, bodySignal } from './signals.ts'

/**
 * Writes `exec.signal`. If a wrapper left this dispatch running past the end
 * of the call, the exec is already frozen and the write is dropped rather
 * than thrown.
 */
function setSignal(exec: ToolDispatchExecution, signal: unknown): void {
  if (!Object.isFrozen(exec)) (exec as { signal: unknown }).signal = signal
}

/**
 * EXE-02: the base `next()` of `tools/execute`: fuse signals, re-resolve the
 * tool, run the body, normalise its outcome. Never rejects because of the body.
 */
async function baseDispatch(run: Run): Promise<ToolExecutionResult> {
  const exec = run.exec as unknown as ToolDispatchExecution
  const wrapperSignal: unknown = exec.signal
  const { choices } = run.registry

  // EXE-08: the body's signal (OP-42: always a fresh one); EXE-10, CAN-05: already aborted means the body is skipped.
  const body = bodySignal(run.callerSignal, wrapperSignal, choices.bodySignal === 'fresh')
  if (body.signal.aborted) {
    body.release()
    return abortResult(false, [], choices)
  }

  // VIS-16: live re-resolution. An out-of-view name fails here (VIS-03, ERR-04) as a
  // post-result (ERR-05), and the body is not invoked (EXE-11).
  const definition = resolveTool(run.registry.store, run.target, exec.name)
  if (definition === undefined) {
    body.release()
    return normalizedFailure(new ToolNotFoundError(String(exec.name)), [], '', choices)
  }

  run.bodyInvoked = true // EXE-11: set before the call, so a synchronous throw counts as invoked
  // EXE-09: `exec.signal` holds the body's signal while it runs (OP-43: or the body gets a context of its own).
  const ownContext = choices.wrapperSignalView === 'replacement-throughout'
  const context = ownContext ? bodyContext(run.exec, body.signal) : run.exec
  if (!ownContext) setSignal(exec, body.signal)
  let value: unknown
  let abortedOnReturn = false
  try {
    // OUT-01; EXE-12, CAN-13: the body's promise is always awaited, never abandoned.
    // OUT-08: no argument validation here; the body gets the lossless snapshot as is.
    value = await definition.execute(run.exec.arguments, context)
  } catch (error) {
    return normalizedFailure(error, [], '', choices) // OUT-09
  } finally {
    abortedOnReturn = body.signal.aborted
    body.release()
    if (!ownContext) setSignal(exec, wrapperSignal) // EXE-09: back to what the wrapper had set
  }

  let success: ToolExecutionResult
  try {
    success = buildSuccess(run, definition, value)
  } catch (error) {
    return normalizedFailure(error, [], '', choices) // OUT-07: a post-result
  }
  // CAN-07, CAN-11: the body returned while its (fused) signal was aborted.
  return abortedOnReturn ? abortResult(true, [], choices) : success
}

/**
 * EXE-03..06: accept what the outermost wrapper returned. The registry's own
 * result for this token passes through (EXE-05); anything else is
 * normalised: failures are kept as authored (EXE-04), successes are rebuilt
 * through the live tool's output contract (EXE-03). Throws on failure; the
 * caller makes that a final result.
 */
function normalizeWrapperResult(run: Run, returned: unknown): ToolExecutionResult {
  if (typeof returned !== 'object' || returned === null) throw new TypeError('tools/execute returned a malformed result')
  if (run.registry.canonical.get(returned) === run.exec.token) return returned as ToolExecutionResult

  const authored = returned as Record<string, unknown>
  const own = authored.additionalContexts === undefined ? undefined : contextsOf(authored)
  if (authored.isError) {
    // EXE-04: truthiness decides; error, content, meta and contexts are kept (OP-57: or its meta dropped).
    const failure: Record<string, unknown> = { isError: true, error: authored.error, content: authored.content }
    if (authored.meta !== undefined && run.registry.choices.wrapperFailureMeta !== 'dropped') failure.meta = authored.meta
    return deepFreeze(withOwnContexts(failure, own)) as unknown as ToolExecutionResult
  }

  // EXE-06: the tool must still be visible.
  const definition = resolveTool(run.registry.store, run.target, run.exec.name)
  if (definition === undefined) throw new ToolNotFoundError(String(run.exec.name))
  // EXE-03: value re-validated, content re-rendered, meta recomputed, concludesTurn from the marker.
  const success = buildSuccess(run, definition, authored.value)
  return deepFreeze(withOwnContexts(success, own))
}

export async function dispatch(run: Run): Promise<Outcome> {
  const { registry, exec } = run
  const { choices } = registry
  let returned: unknown
  try {
    returned = await registry.events.waterfall<unknown>(
      'tools/execute',
      run.target,
      (listener, next) => listener(exec, next),
      async () => {
        const produced = await baseDispatch(run)
        // EXE-05: whatever the base produced is canonical for this token (a success already is: buildSuccess marked it).
        if (registry.canonical.get(produced) !== exec.token) registry.canonical.set(produced, exec.token)
        return produced
      },
    )
  } catch (error) {
    // EXE-07: a throwing wrapper, final, post-execute skipped (OP-56: its info as the choices say). CTX-06
    // (deliberate divergence): the body's deferred contexts are kept, not lost.
    return finalResult(normalizedFailure(stageError(choices, error), [...run.deferred], '', choices))
  }
  let result: ToolExecutionResult
  run.dispatchContexts = [...run.deferred]
  try {
    result = normalizeWrapperResult(run, returned)
    // CTX-01: deferred contexts go first, then the result's own (OP-53: or after them).
    if (run.dispatchContexts.length > 0) {
      const own = contextsOf(result)
      const merged = choices.contextOrder === 'wrapper-first' ? [...own, ...run.dispatchContexts] : [...run.dispatchContexts, ...own]
      result = deepFreeze(withContexts(result, merged))
    }
  } catch (error) {
    // EXE-05, EXE-06: final, post-execute skipped (OP-44: EXE-06's UNKNOWN_TOOL may go on to it). CTX-06: the deferred contexts are kept.
    const failure = normalizedFailure(error, [...run.deferred], '', choices)
    return choices.wrapperUnknownTool === 'post-execute' && error instanceof ToolNotFoundError ? postResult(failure) : finalResult(failure)
  }

  // CAN-06, CAN-07: the caller aborted while dispatch was finishing; only successes
  // are replaced (CAN-09), and the replacement keeps the contexts (CTX-02; OP-50: or only the deferred ones).
  if (run.callerSignal.aborted && !result.isError) {
    result = abortResult(run.bodyInvoked, cancellationContexts(choices, contextsOf(result), run.deferred), choices)
  }
  return postResult(result)
}
