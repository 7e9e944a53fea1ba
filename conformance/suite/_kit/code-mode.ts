/**
 * Helpers for Code Mode tests: mounting the kit's scripted runtime, building
 * `run_code` inputs, and a log of which pipeline stage ran for which call.
 * They only drive the adapter surface; they decide no verdict.
 */
import type { Harness } from '../../adapter/contract.ts'
import type { CodeModeHarness } from '../../adapter/contract.ts'
import { createScriptedRuntime, type ScriptedRuntime } from '../../code-runtime/scripted-runtime.ts'
import type { ToolDefinition, ToolExecutionInput } from '../../spec/types.ts'
import { deferred } from './deferred.ts'
import { call, type CallOptions } from './inputs.ts'
import { probeTool } from './tools.ts'

/** Mounts a fresh scripted runtime (language `typescript` unless given) and returns it. */
export async function mountScripted(codeMode: CodeModeHarness, language?: string): Promise<ScriptedRuntime> {
  const runtime = createScriptedRuntime(language === undefined ? {} : { language })
  await codeMode.setRuntime(runtime)
  return runtime
}

/** A `run_code` input running `code` with a non-empty description. */
export function runCode(code: string, options: CallOptions = {}, description = 'a test program'): ToolExecutionInput {
  return call('run_code', { code, description }, options)
}

/** One entry of a {@link StageTrace}: `<stage>:<tool name>`. */
export type TraceEntry = `${'pre' | 'execute' | 'post' | 'result'}:${string}`

/**
 * Neutral listeners, global or through a scope (`source`), that log
 * `<stage>:<name>` for every call they receive (including `run_code`
 * itself), in the order the stages were entered. They pass through, so they
 * never change an outcome.
 */
export function traceStages(harness: Pick<Harness, 'on'>): TraceEntry[] {
  const trace: TraceEntry[] = []
  harness.on('tools/pre-execute', (exec, next) => {
    trace.push(`pre:${exec.name}`)
    return next()
  })
  harness.on('tools/execute', (exec, next) => {
    trace.push(`execute:${exec.name}`)
    return next()
  })
  harness.on('tools/post-execute', (exec, _result, next) => {
    trace.push(`post:${exec.name}`)
    return next()
  })
  harness.on('tools/result', (exec) => {
    trace.push(`result:${exec.name}`)
  })
  return trace
}

/** Position of `entry` in `trace`; throws naming it when absent, so an ordering check cannot pass on a missing stage. */
export function at(trace: readonly string[], entry: string): number {
  const index = trace.indexOf(entry)
  if (index < 0) throw new Error(`stage ${entry} never ran; trace: ${trace.join(', ')}`)
  return index
}

/** A tool whose body, once entered, waits for its own signal to abort (or a release) and then returns its name. */
export interface AbortAwaitingTool {
  readonly definition: ToolDefinition
  /** Resolves when the body has started. */
  readonly entered: Promise<void>
  /** Whether the body saw its signal abort (and returned). */
  sawAbort(): boolean
  /**
   * Ends the body's wait without an abort; a no-op once it returned. For a
   * registry whose run does not abort its sub-calls when it settles (OP-68's
   * other side), which would otherwise wait on the body for good.
   */
  release(): void
}

/** Builds an {@link AbortAwaitingTool} named `name`. */
export function abortAwaitingTool(name: string): AbortAwaitingTool {
  const entered = deferred<void>()
  const released = deferred<void>()
  let saw = false
  const { definition } = probeTool(name, {
    body: async (_args, exec) => {
      entered.resolve()
      await new Promise<void>((resolve) => {
        const aborted = (): void => {
          saw = true
          resolve()
        }
        if (exec.signal.aborted) aborted()
        exec.signal.addEventListener('abort', aborted, { once: true })
        void released.promise.then(() => resolve())
      })
      return name
    },
  })
  return { definition, entered: entered.promise, sawAbort: () => saw, release: () => released.resolve() }
}
