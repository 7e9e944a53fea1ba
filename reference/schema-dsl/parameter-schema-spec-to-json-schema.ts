import type { JsonSchemaNode } from '../../conformance/spec/types.ts'
import { assertSupportedJsonSchema } from '../json-schema/index.ts'
import type { ObjectJsonSchema } from '../json-schema/index.ts'
import { compileParameterSpec } from './internal/compile.ts'

/** A compiled parameter map: an object root whose `properties` are always present. */
export type ParameterJsonSchema = ObjectJsonSchema & { properties: Record<string, JsonSchemaNode> }

/**
 * Compiles a tool's parameter map to `{ type: 'object', properties, required? }`
 * (DSL-01..11). The root declares no `additionalProperties`, so it stays open;
 * `required` lists the `required: true` keys in declaration order and is
 * omitted when empty. A spec the DSL cannot express throws a `JsonSchemaError`
 * carrying its first violation (paths start at `parameters`); a compiled
 * schema outside the enforced subset then throws one listing all violations.
 * The spec is read once and never retained: the result shares no objects with it.
 */
export function parameterSchemaSpecToJsonSchema(spec: unknown): ParameterJsonSchema {
  const schema = compileParameterSpec(spec)
  assertSupportedJsonSchema(schema)
  return schema as ParameterJsonSchema
}
