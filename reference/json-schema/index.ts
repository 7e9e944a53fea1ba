/**
 * The enforced JSON-Schema subset (digest A.7, B.18): assertion of raw
 * schemas and validation of values against asserted ones.
 */

export { assertSupportedJsonSchema } from './assert-supported.ts'
export { assertObjectJsonSchema, type ObjectJsonSchema } from './assert-object.ts'
export { validateJsonSchemaValue } from './validate-value.ts'
export { JsonSchemaError } from '../errors.ts'
