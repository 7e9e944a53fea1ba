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

declare const signal: AbortSignal
// @ts-expect-error the caller does not choose the token
const withToken: ToolExecutionInput = { callId: 'c', name: 'n', arguments: {}, signal, token: exec.token }

// @ts-expect-error
dispatch.name = 'other'
// @ts-expect-error
dispatch.callId = 'c2'
// @ts-expect-error
dispatch.rootCallId = 'r2'
// @ts-expect-error
dispatch.arguments = {}
// @ts-expect-error
dispatch.agent = {}
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
input.callId = 'c2'

export { withToken }
