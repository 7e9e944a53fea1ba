/**
 * Listener and finalizer outputs that are not well formed. Whatever the
 * registry makes of them (a denial, a failure), `execute()` still resolves
 * and `tools/result` fires once (ERR-08, RES-01): a registry that lets one of
 * them reject the call breaks both.
 */
import type { Harness, ToolRuntimeApi } from '../../adapter/contract.ts'
import type { ContentBlock, PostToolDecision, PreToolDecision, ToolExecutionInput } from '../../spec/types.ts'
import { call } from './inputs.ts'
import { probeTool } from './tools.ts'

export interface MalformedOutcome {
  readonly name: string
  /** Registers a tool of its own and whatever listener it needs; the call to make. */
  arrange(harness: Harness, tools: ToolRuntimeApi): ToolExecutionInput
}

export const MALFORMED_OUTCOMES: readonly MalformedOutcome[] = [
  {
    name: 'a pre-execute listener that returns undefined',
    arrange: (harness, tools) => {
      tools.register(probeTool('malformed-pre').definition)
      harness.on('tools/pre-execute', () => undefined as unknown as PreToolDecision)
      return call('malformed-pre')
    },
  },
  {
    name: 'a post-execute content replacement that is not JSON',
    arrange: (harness, tools) => {
      tools.register(probeTool('malformed-post').definition)
      harness.on('tools/post-execute', () => ({ kind: 'accept', content: [{ type: 'text', text: 'x', extra: () => 1 }] }) as unknown as PostToolDecision)
      return call('malformed-post')
    },
  },
  {
    name: 'a finalizer whose content is not JSON',
    arrange: (_harness, tools) => {
      tools.register(probeTool('malformed-final', { finalizeContent: () => [{ type: 'text', text: 'x', big: 10n }] as unknown as ContentBlock[] }).definition)
      return call('malformed-final')
    },
  },
]
