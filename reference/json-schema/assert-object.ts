import type { JsonSchemaNode } from '../../conformance/spec/types.ts'
import { JsonSchemaError } from '../errors.ts'
import { collectSchemaViolations } from './internal/collect-violations.ts'
import { readSchemaRecord } from './internal/records.ts'

/** A subset schema whose root is an object: what structured-output consumers require. */
export type ObjectJsonSchema = JsonSchemaNode & { type: 'object' }

/**
 * Like `assertSupportedJsonSchema`, and additionally requires the root to
 * declare `type: 'object'` (JSS-12). The root-type violation is reported only
 * for a schema that is otherwise inside the subset, so a broken schema is
 * described by its real defects rather than by its root.
 */
export function assertObjectJsonSchema(schema: unknown): asserts schema is ObjectJsonSchema {
  const violations = collectSchemaViolations(schema)
  if (violations.length === 0 && readSchemaRecord(schema)?.get('type') !== 'object') {
    violations.push('schema.type must be "object" (structured output is object-rooted)')
  }
  if (violations.length > 0) throw new JsonSchemaError(violations)
}
