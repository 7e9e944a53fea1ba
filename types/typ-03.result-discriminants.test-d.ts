// TYP-03: isError discriminates the result; value and concludesTurn exist only
// on a success, error only on a failure. The fields of error.info are TYP-08's
// (types/typ-08.error-info.test-d.ts): the seeds leave them undeclared.
import { expectAssignable, expectError, expectType } from 'tsd'
import type { JsonValue, ToolExecutionFailure, ToolExecutionResult, ToolExecutionSuccess, ToolFailure } from 'dsh-tck-types-under-test'

declare const blocks: ToolExecutionResult['content']

expectAssignable<ToolExecutionResult>({ isError: false, value: { n: 1 }, content: blocks })
expectAssignable<ToolExecutionResult>({ isError: false, value: null, content: blocks, concludesTurn: true })
expectAssignable<ToolExecutionResult>({ isError: true, error: { message: 'm' }, content: blocks })

expectError<ToolExecutionResult>({ isError: false, content: blocks })
expectError<ToolExecutionResult>({ isError: false, value: 1, content: blocks, error: { message: 'm' } })
expectError<ToolExecutionResult>({ isError: false, value: 1, content: blocks, concludesTurn: false })
expectError<ToolExecutionResult>({ isError: true, content: blocks })
expectError<ToolExecutionResult>({ isError: true, error: { message: 'm' }, content: blocks, value: 1 })
expectError<ToolExecutionResult>({ isError: true, error: { message: 'm' }, content: blocks, concludesTurn: true })

declare const result: ToolExecutionResult
if (result.isError) {
  expectType<ToolFailure>(result.error)
  expectType<undefined>(result.value)
  expectType<undefined>(result.concludesTurn)
} else {
  expectType<JsonValue>(result.value)
  expectType<true | undefined>(result.concludesTurn)
  expectType<undefined>(result.error)
}

declare const success: ToolExecutionSuccess
declare const failure: ToolExecutionFailure
expectType<false>(success.isError)
expectType<true>(failure.isError)
expectType<string>(failure.error.message)

// A result is read-only.
// @ts-expect-error isError cannot be flipped
success.isError = true
// @ts-expect-error the value cannot be replaced
success.value = 2
