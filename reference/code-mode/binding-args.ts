/**
 * CM-13, CM-52: a binding's argument, snapshotted as lossless JSON before anything
 * is dispatched or logged: one copy for the tool, a separate, structurally
 * equal one for the durable record.
 */
import type { JsonValue } from '../../conformance/spec/types.ts'
import { snapshotJsonValue } from '../json.ts'

export interface BindingArguments {
  /** What the sub-call is executed with. */
  readonly dispatched: JsonValue
  /** What the `tool/code-dispatch-start` and `tool/code-dispatch` records carry. */
  readonly logged: JsonValue
}

/** Throws the documented rejection when `value` is not lossless JSON (a getter's throw is named). */
export function bindingArguments(value: unknown): BindingArguments {
  let dispatched: JsonValue | undefined
  try {
    dispatched = snapshotJsonValue(value)
  } catch (error) {
    throw new Error(`tool arguments must be lossless JSON: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (dispatched === undefined) {
    throw new Error('tool arguments must be lossless JSON (call the tool with an arguments object, e.g. `{}`)')
  }
  return { dispatched, logged: snapshotJsonValue(dispatched) as JsonValue }
}
