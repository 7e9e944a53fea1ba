import type { JsonSchemaNode } from '../../conformance/spec/types.ts'
import { JsonSchemaError } from '../errors.ts'
import { collectSchemaViolations } from './internal/collect-violations.ts'

/**
 * Asserts that `schema` lies inside the enforced JSON-Schema subset
 * (JSS-01..11). Every violation is collected first, each prefixed with its
 * path from `schema`, and then all of them are thrown together as one
 * `JsonSchemaError` (code `UNSUPPORTED_SCHEMA`). Any input is accepted,
 * including cyclic, deeply nested, foreign-realm or hostile objects: the
 * outcome is always either a return or that error.
 */
export function assertSupportedJsonSchema(schema: unknown): asserts schema is JsonSchemaNode {
  const violations = collectSchemaViolations(schema)
  if (violations.length > 0) throw new JsonSchemaError(violations)
}
