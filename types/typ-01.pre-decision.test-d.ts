// TYP-01: the pre-execute decision is allow, deny with a string reason, or ask
// with an optional reason, and nothing rewrites the arguments.
import { expectAssignable, expectError, expectType } from 'tsd'
import type { PreToolDecision } from 'dsh-tck-types-under-test'

expectAssignable<PreToolDecision>({ kind: 'allow' })
expectAssignable<PreToolDecision>({ kind: 'deny', reason: 'not here' })
expectAssignable<PreToolDecision>({ kind: 'ask' })
expectAssignable<PreToolDecision>({ kind: 'ask', reason: 'touches the disk' })

expectError<PreToolDecision>({ kind: 'deny' })
expectError<PreToolDecision>({ kind: 'deny', reason: 403 })
expectError<PreToolDecision>({ kind: 'ask', reason: false })
expectError<PreToolDecision>({ kind: 'block', reason: 'x' })
expectError<PreToolDecision>({})

// A decision cannot carry replacement arguments.
// @ts-expect-error arguments are not part of any decision
const rewrite: PreToolDecision = { kind: 'allow', arguments: { path: '/etc' } }

declare const decision: PreToolDecision
expectType<'allow' | 'deny' | 'ask'>(decision.kind)
if (decision.kind === 'deny') expectType<string>(decision.reason)
if (decision.kind === 'ask') expectType<string | undefined>(decision.reason)

export { rewrite }
