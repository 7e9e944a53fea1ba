/**
 * The enforced JSON-Schema subset (seed 000 §已强制执行的原始 JSON Schema 子集; JSS-01..20,
 * JSV-01..15): assertion of raw schemas and validation of values against asserted ones.
 */

export { assertSupportedJsonSchema } from './assert-supported.ts'
export { assertObjectJsonSchema, type ObjectJsonSchema } from './assert-object.ts'
export { validateJsonSchemaValue } from './validate-value.ts'
export { JsonSchemaError } from '../errors.ts'
