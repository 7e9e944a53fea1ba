/**
 * The kit's scripted code runtime: a deterministic stand-in for a JavaScript
 * (or Python) sandbox, so Code Mode rules are graded without depending on one.
 *
 * A "program" is a JavaScript function registered with {@link ScriptedRuntime.program};
 * the string it returns is what the suite passes as `run_code`'s `code`. When
 * the registry runs that program, the function receives the request's
 * bindings and decides, step by step, which bindings to call and in what
 * order to await them. Completion order is controlled by the tools' bodies
 * (the suite holds them on deferreds), never by timers.
 *
 * Guarantees:
 * - `run()` never rejects. A script that throws resolves
 *   `{ logs, error: { kind: 'exception', message } }`; a script returning a
 *   value that is not lossless JSON resolves `kind: 'invalid-output'`; an
 *   unknown program text resolves `kind: 'exception'` naming it.
 * - A binding rejection reaches the script unchanged (no `ToolCallError`
 *   wrapping): the suite reads exactly what the registry rejected with.
 * - Every request is kept, in call order, in {@link ScriptedRuntime.requests}.
 * Not guaranteed: any isolation. Scripts are ordinary functions of the test.
 */
import type { CodeBindingFunction, CodeRunFailure, CodeRunRequest, CodeRunResult, CodeRuntime, JsonValue } from '../spec/types.ts'
import { losslessJsonCopy } from './internal/lossless-json-copy.ts'

/** What a scripted program receives when the registry runs it. */
export interface ScriptedRun {
  /** The functions of the binding namespace named `tools` (an empty object when there is none). */
  readonly tools: Readonly<Record<string, CodeBindingFunction>>
  /** The request as the registry made it. */
  readonly request: CodeRunRequest
  /** The run-scoped signal the registry passed. */
  readonly signal: AbortSignal | undefined
  /** Appends one captured log line (what `console.log` would capture). */
  log(line: string): void
}

/** A scripted program: its return value is the program's completion value (`undefined` for none). */
export type ScriptedProgram = (run: ScriptedRun) => unknown

/** A scripted program that decides the whole run result itself (failure kinds, logs with a failure). */
export type ScriptedOutcome = (run: ScriptedRun) => CodeRunResult | Promise<CodeRunResult>

/** A {@link CodeRuntime} whose programs are scripts of the test. */
export interface ScriptedRuntime extends CodeRuntime {
  /** Registers a script; returns the program text that runs it. */
  program(script: ScriptedProgram): string
  /** Registers a script that returns the run result as is; returns the program text that runs it. */
  outcome(script: ScriptedOutcome): string
  /** Every request received, oldest first. */
  readonly requests: readonly CodeRunRequest[]
}

export interface ScriptedRuntimeOptions {
  /** The reported language; `typescript` when absent. */
  readonly language?: string
}

const PROGRAM_PREFIX = 'scripted-program:'

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message
  return String(error)
}

/** Creates a fresh scripted runtime; programs registered on one runtime are unknown to every other. */
export function createScriptedRuntime(options: ScriptedRuntimeOptions = {}): ScriptedRuntime {
  const scripts = new Map<string, { kind: 'program'; script: ScriptedProgram } | { kind: 'outcome'; script: ScriptedOutcome }>()
  const requests: CodeRunRequest[] = []
  const add = (entry: { kind: 'program'; script: ScriptedProgram } | { kind: 'outcome'; script: ScriptedOutcome }): string => {
    const text = `${PROGRAM_PREFIX}${scripts.size + 1}`
    scripts.set(text, entry)
    return text
  }

  return {
    language: options.language ?? 'typescript',
    requests,
    program: (script) => add({ kind: 'program', script }),
    outcome: (script) => add({ kind: 'outcome', script }),
    async run(request: CodeRunRequest): Promise<CodeRunResult> {
      requests.push(request)
      const logs: string[] = []
      const failed = (kind: CodeRunFailure['kind'], message: string): CodeRunResult => ({ logs: [...logs], error: { kind, message } })
      const entry = scripts.get(request.program)
      if (entry === undefined) {
        return failed('exception', `unknown scripted program ${JSON.stringify(String(request.program).slice(0, 60))}`)
      }
      const namespace = request.bindings.find((binding) => binding.global === 'tools')
      const run: ScriptedRun = {
        tools: namespace?.functions ?? Object.freeze(Object.create(null) as Record<string, CodeBindingFunction>),
        request,
        signal: request.signal,
        log: (line) => void logs.push(String(line)),
      }
      try {
        if (entry.kind === 'outcome') return await entry.script(run)
        const value = await entry.script(run)
        if (value === undefined) return { logs: [...logs] }
        const copy = losslessJsonCopy(value)
        if (copy === undefined) return failed('invalid-output', 'the program returned a value that is not lossless JSON')
        return { logs: [...logs], value: copy as JsonValue }
      } catch (error) {
        return failed('exception', messageOf(error))
      }
    },
  }
}
