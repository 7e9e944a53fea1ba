/**
 * CM-01, CM-05..CM-11, CM-28: the registry-owned `run_code` definition. One
 * per registry, built on first need, never stored in a layer.
 */
import type { CodeRuntime, JsonValue, ToolDefinition, ToolPresentationMode } from '../../conformance/spec/types.ts'
import { missingRuntimeError } from '../choices.ts'
import { HarnessError } from '../errors.ts'
import { defineTool } from '../schema-dsl/index.ts'
import { parameterSchemaSpecToJsonSchema } from '../schema-dsl/index.ts'
import { DESCRIPTION_PARAMETER_TEXT, flavorFor } from './flavors.ts'
import { RUN_CODE_NAME } from './name.ts'
import { renderRunCodeOutput } from './render-output.ts'
import { runProgram, type BridgeHost } from './run-code-bridge.ts'

/** CM-09: a failed program run (code `CODE_RUN_FAILED`). */
export class CodeRunFailedError extends HarnessError {
  constructor(message: string) {
    super(message, 'CODE_RUN_FAILED')
  }
}

export interface RunCodeOptions {
  readonly host: BridgeHost
  /** The mounted runtime, if any. */
  runtime(): CodeRuntime | undefined
  /** CM-55: the deployment's mode, named when no runtime is mounted. */
  readonly defaultMode: ToolPresentationMode
}

/** CM-05: both parameters, as the static spec that validates arguments whatever the language. */
function parameterSpec(codeDescription: string) {
  return {
    code: { type: 'string', required: true, description: codeDescription },
    description: { type: 'string', required: true, description: DESCRIPTION_PARAMETER_TEXT },
  } as const
}

export function createRunCodeTool(options: RunCodeOptions): ToolDefinition {
  const definition = defineTool({
    name: RUN_CODE_NAME,
    description: flavorFor(undefined).description,
    parameters: parameterSpec(flavorFor(undefined).codeDescription),
    // CM-05: `result` is absent iff the program returned undefined.
    output: {
      schema: {
        type: 'object',
        additionalProperties: false,
        properties: { logs: { type: 'array', required: true, items: { type: 'string' } }, result: { type: 'json' } },
      },
      render: (_args, value) => renderRunCodeOutput(value as { logs: string[]; result?: JsonValue }), // CM-08
    },
    async execute(args, exec) {
      if (args.description.trim().length === 0) throw new Error('invalid description: expected a non-empty string') // CM-06
      const runtime = options.runtime()
      if (runtime === undefined) {
        // CM-07: a failure like any other, resolved as a result; that it is a plain Error is CM-55's (OP-72).
        throw missingRuntimeError(
          options.host.internals.choices,
          `dsh-tools: mode "${options.defaultMode}" requires a code runtime; mount one or set the mode to "native"`,
        )
      }
      const run = await runProgram(options.host, runtime, args.code, exec)
      if (run.error !== undefined) {
        const captured = run.logs.length > 0 ? `\nCaptured output:\n${run.logs.join('\n')}` : ''
        throw new CodeRunFailedError(`code run failed (${run.error.kind}): ${run.error.message}${captured}`) // CM-09
      }
      return run.value === undefined ? { logs: [...run.logs] } : { logs: [...run.logs], result: run.value }
    },
    // CM-10: a call card; deliberately no presentResult.
    presentCall: (args) => ({ card: 'generic', title: args.description, kind: 'execute', rawInput: args.code }),
  })
  // CM-28, SCH-07: the language text is read when the schema is projected.
  const currentFlavor = () => flavorFor(options.runtime()?.language)
  Object.defineProperty(definition, 'description', { enumerable: true, get: () => currentFlavor().description })
  Object.defineProperty(definition, 'parameters', {
    enumerable: true,
    get: () => parameterSchemaSpecToJsonSchema(parameterSpec(currentFlavor().codeDescription)),
  })
  return definition
}
