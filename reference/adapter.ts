/**
 * The reference registry as a conformance adapter: a worked example of
 * mapping an implementation onto the kit's Harness.
 */
import { defineAdapter } from '../conformance/adapter/contract.ts'
import { HarnessError, createToolRegistry } from './index.ts'
import { assertObjectJsonSchema, assertSupportedJsonSchema, validateJsonSchemaValue } from './json-schema/index.ts'
import { defineTool, parameterSchemaSpecToJsonSchema, validateArgs, valueSchemaSpecToJsonSchema } from './schema-dsl/index.ts'
import type { DefineToolOptions, ParameterSchemaSpec, ValueSchemaSpec } from './schema-dsl/index.ts'

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
    codeMode: false, // run_code is reserved, but the Code Mode transport is not implemented
    warnings: true,
  },
  create() {
    // The registry already has the Harness shape: tools, on, createScope,
    // setApproval, dispose. Its logger only needs to record for warnings().
    const logged: string[] = []
    const registry = createToolRegistry({ logger: { warn: (message) => void logged.push(message) } })
    return { ...registry, warnings: () => [...logged] }
  },
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
