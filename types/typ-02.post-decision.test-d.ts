// TYP-02: a post-execute decision accepts (replacing content or value, never
// both) or blocks with feedback; both may attach contexts.
import { expectAssignable, expectError, expectType } from 'tsd'
import type { JsonValue, PostToolDecision, ToolExecutionResult } from 'dsh-tck-types-under-test'

type Blocks = ToolExecutionResult['content']
type Contexts = NonNullable<ToolExecutionResult['additionalContexts']>
declare const blocks: Blocks
declare const contexts: Contexts

expectAssignable<PostToolDecision>({ kind: 'accept' })
expectAssignable<PostToolDecision>({ kind: 'accept', content: blocks })
expectAssignable<PostToolDecision>({ kind: 'accept', value: { rows: [1, 'two', null] } })
expectAssignable<PostToolDecision>({ kind: 'accept', value: null })
expectAssignable<PostToolDecision>({ kind: 'accept', additionalContexts: contexts })
expectAssignable<PostToolDecision>({ kind: 'accept', content: blocks, additionalContexts: contexts })
expectAssignable<PostToolDecision>({ kind: 'block', feedback: blocks })
expectAssignable<PostToolDecision>({ kind: 'block', feedback: blocks, additionalContexts: contexts })

// Content and value are exclusive.
expectError<PostToolDecision>({ kind: 'accept', content: blocks, value: 1 })
// A block needs its feedback.
expectError<PostToolDecision>({ kind: 'block' })
expectError<PostToolDecision>({ kind: 'block', reason: 'no' })
// A replacement value is JSON.
expectError<PostToolDecision>({ kind: 'accept', value: () => 1 })
expectError<PostToolDecision>({ kind: 'accept', value: 1n })
// There is no other kind.
expectError<PostToolDecision>({ kind: 'replace', content: blocks })

declare const decision: PostToolDecision
expectType<'accept' | 'block'>(decision.kind)
if (decision.kind === 'block') expectType<Blocks>(decision.feedback)
if (decision.kind === 'accept' && decision.value !== undefined) {
  expectType<JsonValue>(decision.value)
  expectType<undefined>(decision.content)
}
