/**
 * Raw tool definitions for tests, with counters. Raw (not `defineTool`) so the
 * suite needs nothing from an implementation but its registry.
 */
import { $JSON } from './intrinsics.ts'
import type { ContentBlock, JsonSchemaNode, JsonValue, ToolDefinition, ToolExecution, ToolExecutionResult, ToolRunContext } from '../../spec/types.ts'

export interface ProbeSpec {
  /** Body: returns the canonical value (or throws). Default: returns `{ ok: true }`. */
  readonly body?: (args: unknown, exec: ToolRunContext) => unknown
  /** Output schema. Default `{}` (any JSON value). */
  readonly schema?: JsonSchemaNode
  /** Output renderer. Default: one text block holding the JSON of the value. */
  readonly render?: (args: unknown, value: JsonValue) => ContentBlock[]
  /** Optional `output.presentationMeta`. */
  readonly presentationMeta?: (args: unknown, value: JsonValue) => JsonValue
  /** Optional `finalizeContent`; calls are counted either way. */
  readonly finalizeContent?: (exec: Readonly<ToolExecution>, result: Readonly<ToolExecutionResult>) => ContentBlock[] | undefined
  /** Declare a `finalizeContent` that only counts calls (and keeps content). */
  readonly countFinalize?: boolean
  readonly isConcurrencySafe?: (args: unknown) => boolean
  readonly timeoutMs?: number
  readonly description?: string
  readonly parameters?: Record<string, unknown>
}

/** A definition plus what happened to it. */
export interface ToolProbe {
  readonly definition: ToolDefinition
  /** How many times the body was entered. */
  readonly bodyCalls: number
  /** The `exec` of each body call. */
  readonly bodyExecs: readonly ToolRunContext[]
  /** The `args` of each body call. */
  readonly bodyArgs: readonly unknown[]
  /** `(exec, result)` of each `finalizeContent` call. */
  readonly finalizeCalls: readonly { exec: Readonly<ToolExecution>; result: Readonly<ToolExecutionResult> }[]
}

export function renderJson(_args: unknown, value: JsonValue): ContentBlock[] {
  return [{ type: 'text', text: $JSON.stringify(value) }]
}

/** Builds a raw tool definition named `name` whose body and callbacks are recorded. */
export function probeTool(name: string, spec: ProbeSpec = {}): ToolProbe {
  const bodyExecs: ToolRunContext[] = []
  const bodyArgs: unknown[] = []
  const finalizeCalls: { exec: Readonly<ToolExecution>; result: Readonly<ToolExecutionResult> }[] = []
  const body = spec.body ?? (() => ({ ok: true }))
  const output: ToolDefinition['output'] = {
    schema: spec.schema ?? {},
    render: spec.render ?? renderJson,
    ...(spec.presentationMeta === undefined ? {} : { presentationMeta: spec.presentationMeta }),
  }
  const definition: ToolDefinition = {
    name,
    description: spec.description ?? `test tool ${name}`,
    parameters: spec.parameters ?? { type: 'object', properties: {} },
    output,
    async execute(args, exec) {
      bodyArgs.push(args)
      bodyExecs.push(exec)
      return body(args, exec)
    },
  }
  if (spec.finalizeContent !== undefined || spec.countFinalize === true) {
    const finalize = spec.finalizeContent
    definition.finalizeContent = (exec, result) => {
      finalizeCalls.push({ exec, result })
      return finalize === undefined ? undefined : finalize(exec, result)
    }
  }
  if (spec.isConcurrencySafe !== undefined) definition.isConcurrencySafe = spec.isConcurrencySafe
  if (spec.timeoutMs !== undefined) definition.timeoutMs = spec.timeoutMs
  return {
    definition,
    get bodyCalls() {
      return bodyExecs.length
    },
    bodyExecs,
    bodyArgs,
    finalizeCalls,
  }
}

/** A text block. */
export function text(value: string): ContentBlock {
  return { type: 'text', text: value }
}

/** A context message as tools and policies attach them. */
export function contextMessage(label: string): { role: 'user'; content: string; source: string } {
  return { role: 'user', content: label, source: 'dsh-tools-tck' }
}
