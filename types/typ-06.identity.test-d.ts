// TYP-06: call identity is read-only in every view, the tools/execute view
// included, and a pipeline execution always has a root call id and a token.
import { expectAssignable, expectNotAssignable } from 'tsd'
import type { ToolDispatchExecution, ToolExecution, ToolExecutionInput, ToolRunContext } from 'dsh-tck-types-under-test'

declare const input: ToolExecutionInput
declare const exec: ToolExecution
declare const dispatch: ToolDispatchExecution
declare const run: ToolRunContext

// The caller may omit rootCallId; the pipeline execution always has one, and a token.
expectNotAssignable<string>(input.rootCallId)
expectAssignable<string>(exec.rootCallId)
expectAssignable<symbol>(exec.token)
expectAssignable<symbol>(dispatch.token)
expectAssignable<string>(dispatch.rootCallId)

// Values of the implementation's own types (a call id may be a branded
// string), so each form below that must not compile fails for the one reason
// it is there for: an extra token, or a read-only identity field.
declare const signal: AbortSignal
declare const callId: ToolExecutionInput['callId']
declare const agent: NonNullable<ToolExecutionInput['agent']>

const withoutToken: ToolExecutionInput = { callId, name: 'n', arguments: {}, signal }
// @ts-expect-error the caller does not choose the token
const withToken: ToolExecutionInput = { callId, name: 'n', arguments: {}, signal, token: exec.token }

// @ts-expect-error
dispatch.name = 'other'
// @ts-expect-error
dispatch.callId = callId
// @ts-expect-error
dispatch.rootCallId = callId
// @ts-expect-error
dispatch.arguments = {}
// @ts-expect-error
dispatch.agent = agent
// @ts-expect-error
dispatch.parent = exec.token
// @ts-expect-error
dispatch.token = exec.token

// @ts-expect-error
exec.name = 'other'
// @ts-expect-error
exec.token = dispatch.token
// @ts-expect-error
run.name = 'other'
// @ts-expect-error
run.arguments = {}
// @ts-expect-error
input.callId = callId

export { withoutToken, withToken }
