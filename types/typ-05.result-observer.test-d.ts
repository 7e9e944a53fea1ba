// TYP-05: a tools/result observer is synchronous and returns undefined; it
// receives the execution and the result read-only.
import { expectType } from 'tsd'
import type { ToolEvents, ToolExecution, ToolExecutionResult } from 'dsh-tck-types-under-test'

type Observer = ToolEvents['tools/result']
declare const observer: Observer
declare const exec: ToolExecution
declare const result: ToolExecutionResult
expectType<undefined>(observer(exec, result))

const seen: boolean[] = []
const records: Observer = (_exec, final) => {
  seen.push(final.isError)
}
const explicit: Observer = () => undefined

// @ts-expect-error an async observer is not an observer
const awaits: Observer = async () => {}
// @ts-expect-error an observer returns nothing
const transforms: Observer = (_exec, final) => final

const mutates: Observer = (view, final) => {
  // @ts-expect-error the execution is read-only
  view.name = 'other'
  // @ts-expect-error the result is read-only
  final.content = []
  return undefined
}

export { records, explicit, awaits, transforms, mutates }
