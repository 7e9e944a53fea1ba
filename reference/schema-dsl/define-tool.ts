import type { JsonSchemaNode, ToolDefinition, ToolResult } from '../../conformance/spec/types.ts'
import { ToolArgsError } from '../errors.ts'
import { validateJsonSchemaValue } from '../json-schema/index.ts'
import { parameterSchemaSpecToJsonSchema } from './parameter-schema-spec-to-json-schema.ts'
import type { DefineToolOptions, ParameterSchemaSpec, ValueSchemaSpec } from './types.ts'
import { valueSchemaSpecToJsonSchema } from './value-schema-spec-to-json-schema.ts'

type Loose = (...args: never[]) => unknown

/**
 * Builds a `ToolDefinition` from typed parameter and output specs (DSL-15).
 *
 * - A `timeoutMs` that is not a positive finite number throws
 *   `defineTool(<name>): timeoutMs must be a positive finite number`.
 * - `parameters` and `output.schema` are compiled (a `JsonSchemaError` on failure).
 * - `execute` validates the arguments first and rejects with a `ToolArgsError`
 *   (code `INVALID_ARGS`) without entering the author's body when they fail.
 * - `isConcurrencySafe` answers `false` for invalid arguments without asking
 *   the author (MODE-03); `presentCall`/`presentResult` answer `undefined`
 *   for them (PRES-04). Each is present only when the author gave one (PRES-05).
 * - `output.render`/`presentationMeta` and `finalizeContent` are passed
 *   through as given; `timeoutMs` and `presentationMeta` only when given.
 */
export function defineTool<const S extends ParameterSchemaSpec, const O extends ValueSchemaSpec>(options: DefineToolOptions<S, O>): ToolDefinition {
  const { name, description, timeoutMs } = options
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw new Error(`defineTool(${name}): timeoutMs must be a positive finite number`)
  }
  const parameters = parameterSchemaSpecToJsonSchema(options.parameters)
  const output = options.output
  const outputSchema = valueSchemaSpecToJsonSchema(output.schema)
  const accepts = (args: unknown): boolean => validateJsonSchemaValue(parameters, args, '').length === 0
  const body = options.execute as Loose

  const definition: ToolDefinition = {
    name,
    description,
    parameters: parameters as unknown as Record<string, unknown>,
    output: {
      schema: outputSchema as JsonSchemaNode,
      render: output.render as ToolDefinition['output']['render'],
      ...(output.presentationMeta === undefined
        ? {}
        : { presentationMeta: output.presentationMeta as NonNullable<ToolDefinition['output']['presentationMeta']> }),
    },
    async execute(args, exec) {
      const violations = validateJsonSchemaValue(parameters, args, '')
      if (violations.length > 0) throw new ToolArgsError(violations)
      return body(args as never, exec as never)
    },
  }
  if (timeoutMs !== undefined) definition.timeoutMs = timeoutMs
  if (options.finalizeContent !== undefined) definition.finalizeContent = options.finalizeContent
  const classify = options.isConcurrencySafe as Loose | undefined
  if (classify !== undefined) definition.isConcurrencySafe = (args) => accepts(args) && classify(args as never) === true
  const presentCall = options.presentCall as Loose | undefined
  if (presentCall !== undefined) definition.presentCall = (args) => (accepts(args) ? presentCall(args as never) : undefined)
  const presentResult = options.presentResult as Loose | undefined
  if (presentResult !== undefined) {
    definition.presentResult = (args, result: ToolResult) => (accepts(args) ? presentResult(args as never, result as never) : undefined)
  }
  return definition
}
