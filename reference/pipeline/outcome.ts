/**
 * Where a stage leaves the call (POST-01, POST-24, FIN-02):
 * - `dispatch`: go on to `tools/execute`;
 * - `post-result`: skip ahead to `tools/post-execute` with this result;
 * - `final-result`: skip post-execute, straight to `finalizeContent` and `tools/result`.
 */
import type { ToolExecutionResult } from '../../conformance/spec/types.ts'

export type Outcome =
  | { readonly kind: 'dispatch' }
  | { readonly kind: 'post-result'; readonly result: ToolExecutionResult }
  | { readonly kind: 'final-result'; readonly result: ToolExecutionResult }

export const dispatchNext: Outcome = { kind: 'dispatch' }

export function postResult(result: ToolExecutionResult): Outcome {
  return { kind: 'post-result', result }
}

export function finalResult(result: ToolExecutionResult): Outcome {
  return { kind: 'final-result', result }
}
