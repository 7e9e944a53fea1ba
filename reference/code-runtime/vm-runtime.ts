/**
 * A real code runtime for trying Code Mode by hand: programs run in a fresh
 * `node:vm` context per run.
 *
 * NOT A SECURITY BOUNDARY. `node:vm` isolates globals, not trust: a hostile
 * program can escape to the host process. Use it for demos and tests with
 * programs you wrote yourself; a deployment needs a real sandbox (a worker
 * or process with its own limits).
 *
 * Contract:
 * - `program` is the body of an async function, run as JavaScript (the
 *   language is reported as `typescript` so `run_code` presents the
 *   TypeScript flavour; write TypeScript without type annotations).
 * - `await tools.<name>(args)` calls a binding; a rejected binding throws a
 *   `ToolCallError` (or the class the namespace names) whose `toolName` (or
 *   the named member) is the binding's name and whose `message` is the
 *   registry's.
 * - `console.log(...)` (also `info`, `warn`, `error`) appends one log line:
 *   strings as is, other values as JSON.
 * - The result resolves, never rejects: a throw is `exception`, a run past
 *   `timeoutMs` is `timeout`, an aborted signal is `abort`, a completion
 *   value that is not lossless JSON is `invalid-output`.
 */
import vm from 'node:vm'
import type { CodeBindingNamespace, CodeRunFailure, CodeRunRequest, CodeRunResult, CodeRuntime, JsonValue } from '../../conformance/spec/types.ts'
import { snapshotJsonValue } from '../json.ts'

export interface VmCodeRuntimeOptions {
  /** How long one run may take, in milliseconds (default 30,000). */
  readonly timeoutMs?: number
}

export interface VmCodeRuntime extends CodeRuntime {
  /** Always `node-vm`: informational, and not a security claim. */
  readonly isolation: 'node-vm'
}

/** The message of anything thrown, from this realm or the program's. */
function messageOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error) return String(error.message)
  return String(error)
}

function formatLogArgument(value: unknown): string {
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

/** Builds the program's global namespaces inside `context`, each binding rethrowing rejections as the namespace's error class. */
function installBindings(context: vm.Context, bindings: readonly CodeBindingNamespace[]): void {
  for (const namespace of bindings) {
    const className = namespace.errorClass?.name ?? 'ToolCallError'
    const member = namespace.errorClass?.memberNameProperty ?? 'toolName'
    const ErrorClass = vm.runInContext(
      `(class ${className} extends Error { constructor(message, name) { super(message); this.name = ${JSON.stringify(className)}; this[${JSON.stringify(member)}] = name } })`,
      context,
    ) as new (
      message: string,
      name: string,
    ) => Error
    const functions = vm.runInContext('Object.create(null)', context) as Record<string, unknown>
    for (const name of Object.keys(namespace.functions)) {
      const call = namespace.functions[name]!
      functions[name] = async (args: unknown) => {
        try {
          return await call(args)
        } catch (error) {
          throw new ErrorClass(messageOf(error), name)
        }
      }
    }
    Object.freeze(functions)
    Object.defineProperty(context, namespace.global, { value: functions, enumerable: true })
    Object.defineProperty(context, className, { value: ErrorClass, enumerable: false })
  }
}

/** Creates a runtime that runs each program in a fresh `node:vm` context. */
export function createVmCodeRuntime(options: VmCodeRuntimeOptions = {}): VmCodeRuntime {
  const timeoutMs = options.timeoutMs ?? 30_000
  return {
    language: 'typescript',
    isolation: 'node-vm',
    async run(request: CodeRunRequest): Promise<CodeRunResult> {
      const logs: string[] = []
      const failed = (kind: CodeRunFailure['kind'], message: string): CodeRunResult => ({ logs: [...logs], error: { kind, message } })
      if (request.signal?.aborted === true) return failed('abort', 'the run was aborted before it started')
      const log = (...values: unknown[]): void => void logs.push(values.map(formatLogArgument).join(' '))
      const context = vm.createContext({ console: { log, info: log, warn: log, error: log } })
      installBindings(context, request.bindings)

      let stop: (result: CodeRunResult) => void = () => undefined
      const stopped = new Promise<CodeRunResult>((resolve) => (stop = resolve))
      const timer = setTimeout(() => stop(failed('timeout', `the program ran longer than ${timeoutMs} ms`)), timeoutMs)
      const onAbort = (): void => stop(failed('abort', `the run was aborted: ${String(request.signal?.reason)}`))
      request.signal?.addEventListener('abort', onAbort, { once: true })
      try {
        const finished = (async (): Promise<CodeRunResult> => {
          const script = new vm.Script(`(async () => {\n${request.program}\n})()`, { filename: 'run_code-program.js' })
          const value: unknown = await script.runInContext(context, { timeout: timeoutMs })
          if (value === undefined) return { logs: [...logs] }
          const copy = snapshotJsonValue<JsonValue>(value)
          return copy === undefined ? failed('invalid-output', 'the program returned a value that is not lossless JSON') : { logs: [...logs], value: copy }
        })().catch((error: unknown) => {
          const timedOut = typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT'
          return failed(timedOut ? 'timeout' : 'exception', messageOf(error))
        })
        return await Promise.race([finished, stopped])
      } finally {
        clearTimeout(timer)
        request.signal?.removeEventListener('abort', onAbort)
      }
    },
  }
}
