/**
 * Assertions on results. They check codes, flags and presence of keys; exact
 * upstream wording is checked only by `should` rules.
 *
 * What a failure looks like beyond what a test is about is charged to the
 * rule that owns it, through `incidental()` (./incidental.ts): the Native
 * envelope of its content (ERR-13, {@link expectEnveloped}), the absence of
 * `info` on a plain failure (ERR-14) or a policy failure (ERR-06), the
 * `AbortError` name of a cancellation (CAN-16, {@link expectAbortName}). So a
 * registry that gets one of these wrong fails that one rule, not every test
 * that meets such a failure.
 */
import { expect } from 'vitest'
import type { ToolExecutionResult } from '../../spec/types.ts'
import { incidental } from './incidental.ts'

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

/**
 * The result is a policy denial for `reason`: its message is the reason;
 * that it carries nothing else (no `info`) is ERR-06's, and its enveloped
 * content ERR-13's, both charged incidentally.
 */
export function expectDenial(result: ToolExecutionResult, reason: string): void {
  expect(result.isError, `expected a denial for ${JSON.stringify(reason)}, got a success`).toBe(true)
  expect(result.error?.message, 'a denial carries the reason as its message').toBe(reason)
  expect('value' in result, 'a failure carries no value').toBe(false)
  incidental('ERR-06', () => {
    expect(result.error, 'a denial carries only the reason as its message (ERR-06)').toEqual({ message: reason })
  })
  expectEnveloped(result)
}

/**
 * The result is a failure of a thrown value that is not a HarnessError, or
 * one the registry raises without a code (arguments or results that are not
 * lossless): that it carries no `info` is ERR-14's, charged incidentally.
 */
export function expectPlainFailure(result: ToolExecutionResult): void {
  expect(result.isError, 'expected a failure, got a success').toBe(true)
  expect('value' in result, 'a failure carries no value').toBe(false)
  expectNoInfo(result, 'ERR-14')
}

/**
 * The result is a policy failure (an ask that was not granted, a denial for
 * a reason that is not a string, a post-execute block): that it carries no
 * `info` is ERR-06's, charged incidentally.
 */
export function expectPolicyFailure(result: ToolExecutionResult): void {
  expect(result.isError, 'expected a failure, got a success').toBe(true)
  expect('value' in result, 'a failure carries no value').toBe(false)
  expectNoInfo(result, 'ERR-06')
}

/** The failure carries no `info` key: ERR-14's for a plain failure, ERR-06's for a policy one (charged incidentally). */
export function expectNoInfo(result: { readonly error?: unknown }, owner: 'ERR-06' | 'ERR-14'): void {
  incidental(owner, () => {
    const error = result.error
    const has = typeof error === 'object' && error !== null && 'info' in error
    expect(has, `expected no error.info (${owner}); error was ${JSON.stringify(error)}`).toBe(false)
  })
}

/**
 * ERR-13, charged incidentally: a failure the registry built itself carries
 * its message in the Native envelope, as exactly one text block
 * `Error: <error.message>`. Call it on failures only, after the test's own
 * checks of the message.
 */
export function expectEnveloped(result: { readonly error?: { readonly message?: unknown }; readonly content?: unknown }): void {
  incidental('ERR-13', () => {
    expect(result.content, 'the content is "Error: " + error.message (ERR-13)').toEqual([{ type: 'text', text: `Error: ${String(result.error?.message)}` }])
  })
}

/** CAN-16, charged incidentally: a cancellation failure's `error.info.name` is "AbortError". */
export function expectAbortName(result: ToolExecutionResult): void {
  incidental('CAN-16', () => {
    expect(result.error?.info?.name, 'a cancellation failure is an AbortError (CAN-16)').toBe('AbortError')
  })
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
