import { expectAssignable, expectError, expectType } from 'tsd'
import type { ToolExecutionMode } from 'dsh-tck-types-under-test'

declare const mode: ToolExecutionMode
expectType<{ kind: 'parallel' } | { kind: 'exclusive' }>(mode)
expectAssignable<ToolExecutionMode>({ kind: 'parallel' })
expectError<ToolExecutionMode>({ kind: 'serial' })
