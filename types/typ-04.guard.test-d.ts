// TYP-04: a guard is a synchronous function of the read-only execution that
// returns a denial reason or undefined; it has no allow result.
import { expectType } from 'tsd'
import type { ToolExecution, ToolGuard } from 'dsh-tck-types-under-test'

declare const guard: ToolGuard
declare const exec: ToolExecution
expectType<string | undefined>(guard(exec))

const abstains: ToolGuard = () => undefined
const denies: ToolGuard = (e) => (e.name === 'rm' ? 'rm is not allowed' : undefined)
const readsIdentity: ToolGuard = (e) => (e.rootCallId === e.callId && typeof e.token === 'symbol' ? undefined : 'nested')

// @ts-expect-error true is not a guard result
const allowsTrue: ToolGuard = () => true
// @ts-expect-error an allow decision is not a guard result
const allowsDecision: ToolGuard = () => ({ kind: 'allow' })
// @ts-expect-error a guard is synchronous
const awaits: ToolGuard = async () => undefined
// @ts-expect-error null is not a guard result
const returnsNull: ToolGuard = () => null

const mutates: ToolGuard = (e) => {
  // @ts-expect-error the execution is read-only to a guard
  e.name = 'other'
  return undefined
}

export { abstains, denies, readsIdentity, allowsTrue, allowsDecision, awaits, returnsNull, mutates }
