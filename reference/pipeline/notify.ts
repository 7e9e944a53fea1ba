/**
 * `tools/result`: the one notification of the final outcome (RES).
 */
import type { ToolExecutionResult } from '../../conformance/spec/types.ts'
import { errorMessage } from './results.ts'
import type { Run } from './run.ts'

/**
 * ARG-08: freeze the execution object, then RES-01: emit once, synchronously,
 * with the very result `execute()` resolves to. RES-02: observers get the
 * frozen exec (whose `parent`, if any, is the caller's opaque value, RES-07)
 * and the deep-frozen result. RES-05: one plain emit; RES-06: routed by
 * agent. RES-04: observer failures (throws and rejections) are contained and
 * reported; the others still run.
 */
export function notifyResult(run: Run, result: ToolExecutionResult): void {
  Object.freeze(run.exec)
  run.registry.liveTokens.delete(run.exec.token) // OP-36: no longer a live parent
  run.registry.events.emitContained('tools/result', run.target, [run.exec, result], (error) => {
    run.registry.warn(`tools/result observer failed: ${errorMessage(error)}`, error)
  })
}
