import { validateJsonSchemaValue } from '../json-schema/index.ts'
import { parameterSchemaSpecToJsonSchema } from './parameter-schema-spec-to-json-schema.ts'

/**
 * Validates `args` against a parameter map and returns the violations, `[]`
 * when they conform (DSL-13). The spec is compiled afresh on every call, so an
 * invalid spec throws its `JsonSchemaError`; for a valid spec this never
 * throws. Paths carry no root prefix (`"s" must be a string`,
 * `missing required property "config.host"`) and a non-object root reads
 * `"arguments" must be an object`. Extra root keys are allowed, defaults are
 * never applied, and a required key present with `undefined` is missing.
 */
export function validateArgs(spec: unknown, args: unknown): string[] {
  return validateJsonSchemaValue(parameterSchemaSpecToJsonSchema(spec), args, '')
}
