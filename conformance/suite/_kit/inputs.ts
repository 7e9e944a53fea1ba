/** Builders of `execute()` inputs. */
import type { Agent, ToolExecutionInput, ToolExecutionToken } from '../../spec/types.ts'

let counter = 0

export interface CallOptions {
  readonly agent?: Agent
  readonly signal?: AbortSignal
  readonly callId?: string
  readonly rootCallId?: string
  readonly parent?: ToolExecutionToken | symbol
}

/**
 * A well-formed input for tool `name`: data properties, a fresh call id and a
 * live signal unless given. Arguments default to `{}` only when omitted; an
 * explicit `undefined` is passed through.
 */
export function call(name: string, ...rest: [args?: unknown, options?: CallOptions]): ToolExecutionInput {
  const args = rest.length === 0 ? {} : rest[0]
  const options = rest[1] ?? {}
  counter += 1
  const input: Record<string, unknown> = {
    callId: options.callId ?? `call-${counter}`,
    name,
    arguments: args,
    signal: options.signal ?? new AbortController().signal,
  }
  if (options.rootCallId !== undefined) input.rootCallId = options.rootCallId
  if (options.agent !== undefined) input.agent = options.agent
  if (options.parent !== undefined) input.parent = options.parent
  return input as unknown as ToolExecutionInput
}

/** A signal that is already aborted. */
export function abortedSignal(reason: unknown = new Error('cancelled by the test')): AbortSignal {
  const controller = new AbortController()
  controller.abort(reason)
  return controller.signal
}
