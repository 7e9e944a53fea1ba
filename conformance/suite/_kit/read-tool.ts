/** A `defineTool` tool for the rules that need the schema DSL surface. */
import type { SchemaApi } from '../../adapter/contract.ts'
import type { ToolDefinition } from '../../spec/types.ts'
import { renderJson } from './tools.ts'

/**
 * Tool `read` built with the adapter's `defineTool`: a required string `path`,
 * an optional integer `limit`, a string output; `extra` adds or overrides options.
 */
export function readTool(schema: SchemaApi, extra: Record<string, unknown> = {}): { definition: ToolDefinition; bodyArgs: unknown[] } {
  const bodyArgs: unknown[] = []
  const definition = schema.defineTool({
    name: 'read',
    description: 'reads a file',
    parameters: { path: { type: 'string', required: true }, limit: { type: 'integer' } },
    output: { schema: { type: 'string' }, render: renderJson },
    execute: async (args: unknown) => {
      bodyArgs.push(args)
      return 'contents'
    },
    ...extra,
  })
  return { definition, bodyArgs }
}
