/**
 * The schema DSL (DSL-01..33; seed 000 §统一的 JSON 值 schema DSL): typed
 * parameter and output specs, their compilation to the enforced JSON-Schema
 * subset, argument validation and `defineTool`.
 */
export { defineTool } from './define-tool.ts'
export { parameterSchemaSpecToJsonSchema, type ParameterJsonSchema } from './parameter-schema-spec-to-json-schema.ts'
export { valueSchemaSpecToJsonSchema } from './value-schema-spec-to-json-schema.ts'
export { validateArgs } from './validate-args.ts'
export { ToolArgsError } from '../errors.ts'
export type {
  ArrayValueSchemaSpec,
  BooleanValueSchemaSpec,
  DefineToolOptions,
  DefineToolOutput,
  InferArgs,
  InferValue,
  IntegerValueSchemaSpec,
  JsonValueSchemaSpec,
  NullValueSchemaSpec,
  NumberValueSchemaSpec,
  ObjectValueSchemaSpec,
  OneOfValueSchemaSpec,
  ParameterPropertySpec,
  ParameterSchemaSpec,
  StringValueSchemaSpec,
  ValueSchemaAnnotations,
  ValueSchemaSpec,
} from './types.ts'
