// ARG-10: signal is required and read-only everywhere except the tools/execute
// view, which may replace it but never remove it.
import { expectType } from 'tsd'
import type {
  ToolDefinition,
  ToolDispatchExecution,
  ToolEvents,
  ToolExecution,
  ToolExecutionInput,
  ToolRunContext,
} from 'dsh-tck-types-under-test'

declare const signal: AbortSignal
// A call id of the implementation's own type (it may be a branded string).
declare const callId: ToolExecutionInput['callId']

// The caller must supply a signal: the same input without one does not compile.
const signalled: ToolExecutionInput = { callId, name: 'n', arguments: {}, signal }
// @ts-expect-error signal is required
const unsignalled: ToolExecutionInput = { callId, name: 'n', arguments: {} }
expectType<AbortSignal>(signalled.signal)

declare const input: ToolExecutionInput
declare const exec: ToolExecution
declare const run: ToolRunContext
expectType<AbortSignal>(exec.signal)
expectType<AbortSignal>(run.signal)

// @ts-expect-error read-only on the input
input.signal = signal
// @ts-expect-error read-only on the pipeline execution
exec.signal = signal
// @ts-expect-error read-only in the tool body's context
run.signal = signal
// @ts-expect-error cannot be deleted from the pipeline execution
delete exec.signal

// The views the other stages receive are read-only too.
declare const pre: Parameters<ToolEvents['tools/pre-execute']>[0]
declare const post: Parameters<ToolEvents['tools/post-execute']>[0]
declare const body: Parameters<ToolDefinition['execute']>[1]
// @ts-expect-error pre-execute cannot replace the signal
pre.signal = signal
// @ts-expect-error post-execute cannot replace the signal
post.signal = signal
// @ts-expect-error the body cannot replace the signal
body.signal = signal

// Only the tools/execute view may replace it ...
declare const dispatch: ToolDispatchExecution
dispatch.signal = signal
expectType<AbortSignal>(dispatch.signal)
const wrapper: ToolEvents['tools/execute'] = async (view, next) => {
  const own = new AbortController()
  const caller = view.signal
  view.signal = own.signal
  try {
    return await next()
  } finally {
    view.signal = caller
  }
}

// ... and even there it can neither be removed nor cleared.
// @ts-expect-error the dispatch signal cannot be deleted
delete dispatch.signal
// @ts-expect-error the dispatch signal cannot be set to undefined
dispatch.signal = undefined

export { unsignalled, signalled, wrapper }
