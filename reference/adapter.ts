/**
 * The reference registry as a conformance adapter: a worked example of
 * mapping an implementation onto the kit's Harness.
 */
import { defineAdapter, type Harness, type HarnessOptions } from '../conformance/adapter/contract.ts'
import { HarnessError, createToolRegistry, type CodeDispatchRecord, type ToolRegistry, type ToolRegistryOptions } from './index.ts'
import { assertObjectJsonSchema, assertSupportedJsonSchema, validateJsonSchemaValue } from './json-schema/index.ts'
import { defineTool, parameterSchemaSpecToJsonSchema, validateArgs, valueSchemaSpecToJsonSchema } from './schema-dsl/index.ts'
import type { DefineToolOptions, ParameterSchemaSpec, ValueSchemaSpec } from './schema-dsl/index.ts'

/**
 * A reference registry as a harness: `build` makes it (the gallery passes a
 * variant) with `options` plus a logger that records for `warnings()` and a
 * Code Mode record sink for `codeMode.records()`.
 */
export function referenceHarness(options: HarnessOptions = {}, build: (options: ToolRegistryOptions) => ToolRegistry = createToolRegistry): Harness {
  // The registry already has the Harness shape: tools, on, createScope, setApproval, dispose.
  const logged: string[] = []
  const records: CodeDispatchRecord[] = []
  const registry = build({
    ...options,
    logger: { warn: (message) => void logged.push(message) },
    onCodeDispatch: (record) => void records.push(record),
  })
  return {
    ...registry,
    warnings: () => [...logged],
    codeMode: { setRuntime: (runtime) => registry.setCodeRuntime(runtime), records: () => [...records] },
  }
}

export default defineAdapter({
  name: 'dsh-tools-tck reference',
  features: {
    scopes: true,
    scopeParents: true,
    approval: true,
    presentationMeta: true,
    changeEvents: true,
    schema: true,
    codedErrors: true,
    codeMode: true,
    warnings: true,
    promptAssembly: true,
  },
  create: (options) => referenceHarness(options),
  harnessError: (message, code) => new HarnessError(message, code),
  schema: {
    defineTool: (options) => defineTool(options as unknown as DefineToolOptions<ParameterSchemaSpec, ValueSchemaSpec>),
    parameterSchemaSpecToJsonSchema,
    valueSchemaSpecToJsonSchema,
    validateArgs,
    assertSupportedJsonSchema,
    assertObjectJsonSchema,
    validateJsonSchemaValue,
  },
})
