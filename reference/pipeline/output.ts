/**
 * Building a canonical success from a raw value (OUT-02..06). Used by the
 * base dispatch (body return), wrapper-result normalisation (EXE-03) and
 * post-execute value replacement (POST-05).
 */
import type { JsonValue, ToolDefinition, ToolExecutionSuccess } from '../../conformance/spec/types.ts'
import { ToolOutputError } from '../errors.ts'
import { validateJsonSchemaValue } from '../json-schema/index.ts'
import { outputSnapshot } from '../choices.ts'
import { frozenSnapshotJsonValue } from '../json.ts'
import { errorMessage } from './results.ts'
import type { Run } from './run.ts'

/**
 * OUT-04, OUT-05: call one projector and snapshot what it returns. Every
 * failure is reported as a violation naming the projector.
 */
function project(name: string, label: string, projector: () => unknown, snapshotOf: (value: unknown) => unknown): unknown {
  let projected: unknown
  try {
    projected = projector()
  } catch (error) {
    throw new ToolOutputError(name, [`${label} failed: ${errorMessage(error)}`])
  }
  let snapshot: unknown
  try {
    snapshot = snapshotOf(projected)
  } catch (error) {
    throw new ToolOutputError(name, [`${label} failed: ${errorMessage(error)}`])
  }
  if (snapshot === undefined) throw new ToolOutputError(name, [`${label} returned non-lossless JSON`])
  return snapshot
}

/**
 * Validate `value` against the definition's output contract and build the
 * canonical success. Throws `ToolOutputError` (INVALID_TOOL_OUTPUT) on any
 * output failure (OUT-07). The success is deep-frozen and remembered as
 * canonical for this execution's token (OUT-06, EXE-05, EXE-13).
 */
export function buildSuccess(run: Run, definition: ToolDefinition, value: unknown): ToolExecutionSuccess {
  const { exec } = run
  const { choices } = run.registry
  const name = String(exec.name)
  // OP-45: deep-frozen snapshots, or frozen at their top level only until materialisation.
  const snapshotOf = outputSnapshot(choices)

  // OUT-02: lossless snapshot of the returned value (frozen as it is built).
  let snapshot: JsonValue | undefined
  try {
    snapshot = snapshotOf(value) as JsonValue | undefined
  } catch (error) {
    if (choices.snapshotFailure === 'thrown') throw error // OP-47: the failure of what the snapshot threw
    throw new ToolOutputError(name, [`value snapshot failed: ${errorMessage(error)}`])
  }
  if (snapshot === undefined) throw new ToolOutputError(name, ['value is not lossless JSON'])

  // OUT-03: the output schema.
  const output = definition.output
  const violations = validateJsonSchemaValue(output.schema, snapshot, 'value')
  if (violations.length > 0) throw new ToolOutputError(name, violations)

  // OUT-04: the value was frozen by its snapshot, before the pure renderer sees it.
  const frozenValue = snapshot
  // OP-46: the projectors get exec.arguments itself, or an equal frozen copy.
  const args = choices.renderArguments === 'copy' ? frozenSnapshotJsonValue(exec.arguments) : exec.arguments
  const content = project(name, 'output.render', () => output.render(args, frozenValue), snapshotOf)

  const success: Record<string, unknown> = { isError: false, value: frozenValue, content }
  // OUT-05, PRES-02: meta only for top-level calls with a projector. Any
  // defined `parent`, even one no execution minted, counts as nested (ARG-09, ARG-21; OP-36: or a live token only).
  if (!run.nested && typeof output.presentationMeta === 'function') {
    success.meta = project(name, 'output.presentationMeta', () => output.presentationMeta!(args, frozenValue), snapshotOf)
  }
  // CTX-08: the marker is read when the success is built.
  if (run.concluded) success.concludesTurn = true

  // Its fields are frozen snapshots already.
  Object.freeze(success)
  run.registry.canonical.set(success, exec.token)
  return success as unknown as ToolExecutionSuccess
}
