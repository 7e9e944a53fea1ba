import type { JsonSchemaNode } from '../../conformance/spec/types.ts'
import { assertSupportedJsonSchema } from '../json-schema/index.ts'
import { compileValueSpec } from './internal/compile.ts'

/**
 * Compiles any value spec (object, array, scalar, null, `json` or `oneOf`
 * root) to a raw schema and asserts it lies inside the enforced subset
 * (DSL-12). Errors are `JsonSchemaError`s: the compiler's first violation
 * (paths start at `schema`), or every subset violation of the compiled schema.
 */
export function valueSchemaSpecToJsonSchema(spec: unknown): JsonSchemaNode {
  const schema = compileValueSpec(spec)
  assertSupportedJsonSchema(schema)
  return schema
}
