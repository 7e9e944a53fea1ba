/**
 * Lossless-JSON materialisation of arguments (ARG-04..06) and of results
 * (RES-03). A materialised value is a detached snapshot, deep-frozen.
 */
import type { ToolExecutionResult } from '../../conformance/spec/types.ts'
import type { RegistryChoices } from '../choices.ts'
import { frozenSnapshotJsonValue } from '../json.ts'

export const ARGUMENTS_NOT_LOSSLESS = 'tool execution arguments must be losslessly JSON-serializable'
export const RESULT_NOT_LOSSLESS = 'tool result must be losslessly JSON-serializable'

/** Signals that a value could not be materialised (it is not lossless JSON). */
class NotLossless extends Error {}

/**
 * ARG-04..06: snapshot and deep-freeze the arguments. What counts as lossless
 * (ARG-05) is exactly `snapshotJsonValue`'s boundary, narrowed to this realm's
 * ordinary containers under OP-35's `ordinary-only` (ARG-17 pins upstream's
 * wider one). Throws a `TypeError` when they are not lossless; a getter's own
 * throw propagates as is.
 */
export function materializeArguments(value: unknown, choices?: RegistryChoices): unknown {
  const snapshot = frozenSnapshotJsonValue(value, choices?.argumentPrototypes === 'ordinary-only')
  if (snapshot === undefined) throw new TypeError(ARGUMENTS_NOT_LOSSLESS)
  return snapshot
}

/**
 * A field that is the very same object as the corresponding field of `own`
 * (a result whose parts this registry snapshotted for this call: see
 * {@link materializeResult}) is kept as it is: it is deep-frozen lossless
 * JSON, copied from its source when it was built, so it shares no part with
 * anything a listener, the caller or an earlier call holds. Anything else is
 * copied, even when it is frozen lossless JSON already.
 */
function snapshotField(value: unknown, own: unknown): unknown {
  if (own !== undefined && value === own) return value
  const snapshot = frozenSnapshotJsonValue(value)
  if (snapshot === undefined) throw new NotLossless()
  return snapshot
}

/**
 * RES-03: rebuild a result from its parts. `content`, `error`, `meta` and
 * `additionalContexts` are snapshotted; `isError` and `concludesTurn` are
 * rebuilt; the (already frozen) `value` is carried by reference. Absent
 * optional fields stay absent (CTX-05, OUT-06), and a failure never gains
 * `value` or `concludesTurn` (RES-08). Contexts are copied whole, so every
 * field they carry survives (CTX-07). Throws a `TypeError` with
 * the RES-03 message when anything is not lossless, including a getter throw.
 *
 * `own`, when given, is a result whose fields this registry built for this
 * call as fresh frozen snapshots (the call's canonical success, or a result
 * this function just returned); a field of `result` identical to the same
 * field of `own` is not copied again.
 */
export function materializeResult(result: ToolExecutionResult, own?: ToolExecutionResult): ToolExecutionResult {
  try {
    const out: Record<string, unknown> = {}
    if (result.isError) {
      out.isError = true
      out.error = snapshotField(result.error, own?.error)
    } else {
      out.isError = false
      out.value = result.value
    }
    out.content = snapshotField(result.content, own?.content)
    if (result.meta !== undefined) out.meta = snapshotField(result.meta, own?.meta)
    // CTX-05: an empty list reaching this point is a wrapper's own and is kept.
    if (result.additionalContexts !== undefined) out.additionalContexts = snapshotField(result.additionalContexts, own?.additionalContexts)
    if (!result.isError && result.concludesTurn === true) out.concludesTurn = true
    // Every field is a frozen snapshot or the deep-frozen canonical value (OUT-04), so the shell is all that is left.
    return Object.freeze(out) as unknown as ToolExecutionResult
  } catch (error) {
    throw new TypeError(RESULT_NOT_LOSSLESS, { cause: error })
  }
}
