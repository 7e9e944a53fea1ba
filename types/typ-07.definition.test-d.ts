// TYP-07: a tool definition declares its output and an asynchronous body that
// receives the run context; finalizeContent returns content or undefined.
import { expectType } from 'tsd'
import type { JsonValue, ToolDefinition, ToolExecutionResult } from 'dsh-tck-types-under-test'

type Blocks = ToolExecutionResult['content']
type Context = NonNullable<ToolExecutionResult['additionalContexts']>[number]
declare const blocks: Blocks
declare const context: Context

const base = { name: 'echo', description: 'echoes', parameters: { type: 'object' } }
const output: ToolDefinition['output'] = {
  schema: { type: 'string' },
  render: (_args, value) => {
    expectType<JsonValue>(value)
    return blocks
  },
  presentationMeta: () => ({ lines: 1 }),
}

const complete: ToolDefinition = {
  ...base,
  output,
  async execute(args, exec) {
    expectType<unknown>(args)
    exec.deferContext(context)
    exec.concludeTurn()
    return 'done'
  },
  finalizeContent: (_exec, result) => (result.isError ? blocks : undefined),
  timeoutMs: 1000,
  isConcurrencySafe: () => true,
}

// @ts-expect-error output is mandatory
const noOutput: ToolDefinition = { ...base, async execute() { return null } }
// @ts-expect-error the body is asynchronous
const syncBody: ToolDefinition = { ...base, output, execute: () => null }
// @ts-expect-error finalizeContent returns content blocks or undefined
const finalizesText: ToolDefinition = { ...base, output, async execute() { return null }, finalizeContent: () => 'text' }
// @ts-expect-error presentationMeta returns JSON
const metaFn: ToolDefinition['output'] = { ...output, presentationMeta: () => () => 1 }
// @ts-expect-error render returns content blocks
const renderText: ToolDefinition['output'] = { ...output, render: () => 'text' }

export { complete, noOutput, syncBody, finalizesText, metaFn, renderText }
