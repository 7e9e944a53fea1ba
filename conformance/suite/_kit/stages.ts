/**
 * Neutral global listeners on every pipeline event that record which stages
 * ran, in order. They pass through (`next()`), so they never change an outcome.
 */
import type { Harness } from '../../adapter/contract.ts'
import type { ToolExecution, ToolExecutionResult } from '../../spec/types.ts'

export type Stage = 'pre' | 'execute' | 'post' | 'result'

export interface StageLog {
  /** Stage names in the order they were entered. */
  readonly order: Stage[]
  /** How many times each stage ran. */
  count(stage: Stage): number
  /** Every `(exec, result)` pair `tools/result` delivered. */
  readonly results: { exec: Readonly<ToolExecution>; result: Readonly<ToolExecutionResult> }[]
}

export function recordStages(harness: Harness): StageLog {
  const order: Stage[] = []
  const results: { exec: Readonly<ToolExecution>; result: Readonly<ToolExecutionResult> }[] = []
  harness.on('tools/pre-execute', (_exec, next) => {
    order.push('pre')
    return next()
  })
  harness.on('tools/execute', (_exec, next) => {
    order.push('execute')
    return next()
  })
  harness.on('tools/post-execute', (_exec, _result, next) => {
    order.push('post')
    return next()
  })
  harness.on('tools/result', (exec, result) => {
    order.push('result')
    results.push({ exec, result })
  })
  return { order, count: (stage) => order.filter((s) => s === stage).length, results }
}
