/**
 * dsh-tools-tck reference registry.
 *
 * A small, framework-free implementation of the DeepSeek Harness tool
 * execution pipeline (`ctx.tools`): registration, scopes and restrictions,
 * guards, the pre-execute / execute / post-execute waterfalls,
 * `finalizeContent`, `tools/result`, cancellation and error normalisation.
 * Code Mode: per-scope `presentAs`, the collapse of model-direct calls under
 * `code`, the registry-owned `run_code` transport and its staged sub-dispatch
 * bridge, and the registry's part of the system prompt (`assemblePrompt`: the
 * tools offered per mode and the `tools:code-only` / `tools:sdk` sections). A runtime for real programs, `createVmCodeRuntime()` (not a security
 * boundary), is the separate entry `dsh-tools-tck/reference/code-runtime`, so
 * this one needs no Node type declarations. The registry never calls `presentCall`/`presentResult`
 * (PRES-01): they are for UIs.
 *
 * Contracts in brief:
 * - `createToolRegistry(options?)` returns a fresh, isolated registry.
 * - `registry.tools.execute(input)` never rejects; it resolves to the frozen
 *   result that `tools/result` observers received.
 * - Every disposer returned (register, restrict, guard, on) undoes exactly its
 *   own effect and is idempotent.
 */
export {
  createToolRegistry,
  type CreateToolScopeOptions,
  type RegistryLogger,
  type ToolRegistry,
  type ToolRegistryOptions,
  type ToolScope,
} from './registry.ts'
export type { RegistryChoices } from './choices.ts'
export { HarnessError, JsonSchemaError, ToolArgsError, ToolNotFoundError, ToolOutputError } from './errors.ts'
export { deepFreeze, isJsonValue, snapshotJsonValue } from './json.ts'
export { RUN_CODE_NAME } from './visibility.ts'
export { CodeRunFailedError } from './code-mode/run-code-tool.ts'
// The spec's data types again, as any implementation's package exports its own: this entry
// is what the tsd suites grade as the reference's types (TYP rules, `grade --types`).
export * from '../conformance/spec/types.ts'
export {
  defineTool,
  parameterSchemaSpecToJsonSchema,
  validateArgs,
  valueSchemaSpecToJsonSchema,
  type ArrayValueSchemaSpec,
  type BooleanValueSchemaSpec,
  type DefineToolOptions,
  type DefineToolOutput,
  type InferArgs,
  type InferValue,
  type IntegerValueSchemaSpec,
  type JsonValueSchemaSpec,
  type NullValueSchemaSpec,
  type NumberValueSchemaSpec,
  type ObjectValueSchemaSpec,
  type OneOfValueSchemaSpec,
  type ParameterJsonSchema,
  type ParameterPropertySpec,
  type ParameterSchemaSpec,
  type StringValueSchemaSpec,
  type ValueSchemaAnnotations,
  type ValueSchemaSpec,
} from './schema-dsl/index.ts'
