import type { JsonSchemaNode } from '../../conformance/spec/types.ts'
import { checkNode, quote, UnreachableVariantError, type ChildRequest, type NodeCheck } from './internal/value-checks.ts'

/** One node being validated: its suspended check and the violations it has found. */
interface Frame {
  readonly check: NodeCheck
  readonly violations: string[]
  readonly path: string
}

function openFrame(request: ChildRequest): Frame {
  const violations: string[] = []
  return { check: checkNode(request.schema, request.value, request.path, violations), violations, path: request.path }
}

/**
 * Validates `value` against a schema that passed `assertSupportedJsonSchema`
 * and returns the violations, or `[]` when it conforms (JSV-01..10).
 *
 * Paths are quoted and start at `path` (`"value"`, `"value.file"`,
 * `"value.tags[1]"`); with `path === ''` property paths carry no prefix and
 * the root itself is shown as `"arguments"`. Acceptance implies the value is
 * lossless JSON. The walk is iterative. Whatever a hostile value throws is
 * reported as `"<p>" must be a lossless JSON value` at the node being checked
 * and never escapes; the only throw is the backstop for a forged `type`
 * outside the subset.
 */
export function validateJsonSchemaValue(schema: JsonSchemaNode, value: unknown, path = 'value'): string[] {
  const stack: Frame[] = [openFrame({ schema, value, path })]
  let childViolations: readonly string[] = []
  for (;;) {
    const frame = stack[stack.length - 1]!
    let step: IteratorResult<ChildRequest, void>
    try {
      step = frame.check.next(childViolations)
    } catch (error) {
      if (error instanceof UnreachableVariantError) throw error
      frame.violations.push(`${quote(frame.path)} must be a lossless JSON value`)
      step = { done: true, value: undefined }
    }
    if (step.done) {
      stack.pop()
      if (stack.length === 0) return frame.violations
      childViolations = frame.violations
    } else {
      stack.push(openFrame(step.value))
      childViolations = []
    }
  }
}
