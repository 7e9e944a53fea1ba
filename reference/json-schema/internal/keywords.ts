/** The vocabulary of the enforced subset, shared by assertion and validation. */

import type { JsonSchemaType } from '../../../conformance/spec/types.ts'

/** The seven single-type keywords, in the order messages list them. */
export const SCHEMA_TYPES: readonly JsonSchemaType[] = ['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']

/** Constraint keywords, in the order placement violations are reported. */
export const CONSTRAINT_KEYWORDS = ['properties', 'required', 'additionalProperties', 'items', 'enum', 'const'] as const
export type ConstraintKeyword = (typeof CONSTRAINT_KEYWORDS)[number]

/** Every keyword a node may carry. */
export const SUPPORTED_KEYWORDS: ReadonlySet<string> = new Set(['type', 'oneOf', ...CONSTRAINT_KEYWORDS, 'description', 'title', 'default', 'examples'])

/** Text appended to unknown-keyword violations so authors see the whole subset. */
export const SUBSET_SUMMARY = [...SUPPORTED_KEYWORDS].join(', ')

/** Which constraint keywords each type admits. */
export const KEYWORDS_BY_TYPE: Readonly<Record<JsonSchemaType, ReadonlySet<ConstraintKeyword>>> = {
  object: new Set(['properties', 'required', 'additionalProperties']),
  array: new Set(['items']),
  string: new Set(['enum', 'const']),
  number: new Set(['enum', 'const']),
  integer: new Set(['enum', 'const']),
  boolean: new Set(['enum', 'const']),
  null: new Set(['enum', 'const']),
}

export type ScalarType = Exclude<JsonSchemaType, 'object' | 'array'>

/** A JSON number that survives a round trip: finite and not `-0`. */
export function isJsonNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0)
}

/** Whether `value` is an instance of the scalar type, as `enum`/`const` entries must be. */
export function isScalarOfType(type: ScalarType, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string'
    case 'number':
      return isJsonNumber(value)
    case 'integer':
      return isJsonNumber(value) && Number.isInteger(value)
    case 'boolean':
      return typeof value === 'boolean'
    case 'null':
      return value === null
  }
}

export function isSchemaType(value: unknown): value is JsonSchemaType {
  return typeof value === 'string' && (SCHEMA_TYPES as readonly string[]).includes(value)
}
