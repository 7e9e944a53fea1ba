/**
 * Assertions on results. They check codes, flags and presence of keys; exact
 * upstream wording is checked only by `should` rules.
 */
import { expect } from 'vitest'
import type { ToolExecutionResult } from '../../spec/types.ts'

/** The result is a success (and carries a `value`). */
export function expectSuccess(result: ToolExecutionResult): void {
  expect(result.isError, `expected a success, got the failure ${JSON.stringify(result.error)}`).toBe(false)
  expect('value' in result, 'a success carries a value').toBe(true)
  expect('error' in result, 'a success carries no error').toBe(false)
}

/** The result is a failure with the given `error.info.code`. */
export function expectCode(result: ToolExecutionResult, code: string): void {
  expect(result.isError, `expected a failure with code ${code}, got a success`).toBe(true)
  expect(result.error?.info?.code, `expected error code ${code}; error was ${JSON.stringify(result.error)}`).toBe(code)
  expect('value' in result, 'a failure carries no value').toBe(false)
}

/** The result is a policy denial for `reason`: no `info`, content is the enveloped reason. */
export function expectDenial(result: ToolExecutionResult, reason: string): void {
  expect(result.isError, `expected a denial for ${JSON.stringify(reason)}, got a success`).toBe(true)
  expect(result.error, 'a denial carries only the reason as its message').toEqual({ message: reason })
  expect(result.content).toEqual([{ type: 'text', text: `Error: ${reason}` }])
  expect('value' in result, 'a failure carries no value').toBe(false)
}

/** The result is a failure without a routable code (a plain or policy error). */
export function expectPlainFailure(result: ToolExecutionResult): void {
  expect(result.isError, 'expected a failure, got a success').toBe(true)
  expect(result.error?.info, `expected no error.info; error was ${JSON.stringify(result.error)}`).toBeUndefined()
  expect('value' in result, 'a failure carries no value').toBe(false)
}

/** Every object reachable from `value` (own enumerable keys) is frozen. */
export function isDeepFrozen(value: unknown): boolean {
  const stack: unknown[] = [value]
  const seen = new Set<object>()
  while (stack.length > 0) {
    const item = stack.pop()
    if (typeof item !== 'object' || item === null || seen.has(item)) continue
    seen.add(item)
    if (item instanceof AbortSignal) continue
    if (!Object.isFrozen(item)) return false
    for (const key of Object.keys(item)) stack.push((item as Record<string, unknown>)[key])
  }
  return true
}
