/**
 * Around-dispatch: the `tools/execute` waterfall (EXE), entered only after an
 * allow that survived guards and the post-guard check (EXE-01); the base dispatch that
 * runs the body (OUT-01, OUT-09), normalisation of wrapper-returned results
 * (EXE-03..06) and the merge of deferred contexts (CTX-01).
 */
import type { ToolDispatchExecution, ToolExecutionResult } from '../../conformance/spec/types.ts'
import { ToolNotFoundError } from '../errors.ts'
import { deepFreeze } from '../json.ts'
import { resolveTool } from '../visibility.ts'
import { finalResult, postResult, type Outcome } from './outcome.ts'
import { buildSuccess } from './output.ts'
import { abortResult, contextsOf, normalizedFailure, withContexts, withOwnContexts } from './results.ts'
import type { Run } from './run.ts'
import { bodySignal } from './signals.ts'

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

  // EXE-08: the body's signal; EXE-10, CAN-05: already aborted means the body is skipped.
  const body = bodySignal(run.callerSignal, wrapperSignal)
  if (body.signal.aborted) {
    body.release()
    return abortResult(false)
  }

  // VIS-16: live re-resolution. An out-of-view name fails here (VIS-03, ERR-04) as a
  // post-result (ERR-05), and the body is not invoked (EXE-11).
  const definition = resolveTool(run.registry.store, run.target, exec.name)
  if (definition === undefined) {
    body.release()
    return normalizedFailure(new ToolNotFoundError(String(exec.name)))
  }

  run.bodyInvoked = true // EXE-11: set before the call, so a synchronous throw counts as invoked
  // EXE-09: `exec.signal` holds the body's signal while it runs.
  setSignal(exec, body.signal)
  let value: unknown
  let abortedOnReturn = false
  try {
    // OUT-01; EXE-12, CAN-13: the body's promise is always awaited, never abandoned.
    // OUT-08: no argument validation here; the body gets the lossless snapshot as is.
    value = await definition.execute(run.exec.arguments, run.exec)
  } catch (error) {
    return normalizedFailure(error) // OUT-09
  } finally {
    abortedOnReturn = body.signal.aborted
    body.release()
    setSignal(exec, wrapperSignal) // EXE-09: back to what the wrapper had set
  }

  let success: ToolExecutionResult
  try {
    success = buildSuccess(run, definition, value)
  } catch (error) {
    return normalizedFailure(error) // OUT-07: a post-result
  }
  // CAN-07, CAN-11: the body returned while its (fused) signal was aborted.
  return abortedOnReturn ? abortResult(true) : success
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
    // EXE-04: truthiness decides; error, content, meta and contexts are kept.
    const failure: Record<string, unknown> = { isError: true, error: authored.error, content: authored.content }
    if (authored.meta !== undefined) failure.meta = authored.meta
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
  let result: ToolExecutionResult
  try {
    const returned = await registry.events.waterfall<unknown>(
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
    result = normalizeWrapperResult(run, returned)
    // CTX-01: deferred contexts go first, then the result's own.
    run.dispatchContexts = [...run.deferred]
    if (run.dispatchContexts.length > 0) {
      const merged = [...run.dispatchContexts, ...contextsOf(result)]
      result = deepFreeze(withContexts(result, merged))
    }
  } catch (error) {
    // EXE-05, EXE-06, EXE-07: final, post-execute skipped. CTX-06 (deliberate
    // divergence): the body's deferred contexts are kept, not lost.
    return finalResult(normalizedFailure(error, [...run.deferred]))
  }

  // CAN-06, CAN-07: the caller aborted while dispatch was finishing; only successes
  // are replaced (CAN-09), and the replacement keeps the contexts (CTX-02).
  if (run.callerSignal.aborted && !result.isError) {
    result = abortResult(run.bodyInvoked, contextsOf(result))
  }
  return postResult(result)
}
