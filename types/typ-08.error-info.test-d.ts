// TYP-08: a failure's error.info is { name, code } (upstream's ToolErrorInfo;
// seed 000 §执行 (ToolFailure) names it an "Internal error class/code" only).
import { expectAssignable, expectError, expectType } from 'tsd'
import type { ToolExecutionFailure, ToolExecutionResult } from 'dsh-tck-types-under-test'

declare const blocks: ToolExecutionResult['content']

expectAssignable<ToolExecutionResult>({ isError: true, error: { message: 'm', info: { name: 'E', code: 'C' } }, content: blocks })
expectError<ToolExecutionResult>({ isError: true, error: { message: 'm', info: { name: 'E' } }, content: blocks })

declare const failure: ToolExecutionFailure
expectType<{ name: string; code: string } | undefined>(failure.error.info)
