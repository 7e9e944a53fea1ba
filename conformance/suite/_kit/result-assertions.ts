/**
 * Assertions on results. They check codes, flags and presence of keys; exact
 * upstream wording is checked only by `should` rules.
 *
 * What a failure looks like beyond what a test is about is charged to the
 * rule that owns it, through `incidental()` (./incidental.ts): the Native
 * envelope of its content (ERR-19, {@link expectEnveloped}), the absence of
 * `info` on a plain failure (ERR-14) or a policy failure (ERR-06), the
 * `AbortError` name of a cancellation (CAN-16, {@link expectAbortName}). So a
 * registry that gets one of these wrong fails that one rule, not every test
 * that meets such a failure.
 *
 * Every failure line says what the rule wanted, in words, and what the
 * registry returned (`describeResult`: `isError`, the code, the message cut
 * short, the value or content kind), so a FAIL names the defect (issue 39).
 */
import { $JSON, $Object, $Reflect } from './intrinsics.ts'
import { expect } from 'vitest'
import type { ToolExecutionResult } from '../../spec/types.ts'
import { incidental } from './incidental.ts'
import { describeResult } from './describe-result.ts'

/** `; the registry returned isError true, code X, ...`: what came back, for a failure message. */
function got(result: unknown): string {
  return `; the registry returned ${describeResult(result)}`
}

/**
 * The call succeeded: `isError` is false. `wanted` says what the rule
 * wanted, in words (`the call succeeds`); a failure adds what came back.
 */
export function expectSucceeds(result: { readonly isError?: unknown }, wanted: string): void {
  expect(result.isError, `${wanted}: wanted a success (isError false)${got(result)}`).toBe(false)
}

/**
 * The call failed: `isError` is true. `wanted` says what the rule wanted,
 * in words (`a cycle is refused`); a failure adds what came back.
 */
export function expectFails(result: { readonly isError?: unknown }, wanted: string): void {
  expect(result.isError, `${wanted}: wanted a failure (isError true)${got(result)}`).toBe(true)
}

/** The result is a success (and carries a `value`). */
export function expectSuccess(result: ToolExecutionResult): void {
  expect(result.isError, `wanted a success (isError false)${got(result)}`).toBe(false)
  expect('value' in result, `a success carries a value${got(result)}`).toBe(true)
  expect('error' in result, `a success carries no error${got(result)}`).toBe(false)
}

/** The result is a failure with the given `error.info.code`. */
export function expectCode(result: ToolExecutionResult, code: string): void {
  expect(result.isError, `wanted a failure with code ${code}${got(result)}`).toBe(true)
  expect(result.error?.info?.code, `wanted error code ${code}${got(result)}`).toBe(code)
  expect('value' in result, `a failure carries no value${got(result)}`).toBe(false)
}

/**
 * The result is a policy denial for `reason`: its message is the reason;
 * that it carries nothing else (no `info`) is ERR-06's, and its enveloped
 * content ERR-19's, both charged incidentally.
 */
export function expectDenial(result: ToolExecutionResult, reason: string): void {
  expect(result.isError, `wanted a denial for ${$JSON.stringify(reason)}${got(result)}`).toBe(true)
  expect(result.error?.message, 'a denial carries the reason as its message').toBe(reason)
  expect('value' in result, `a failure carries no value${got(result)}`).toBe(false)
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
  expect(result.isError, `wanted a failure (isError true)${got(result)}`).toBe(true)
  expect('value' in result, `a failure carries no value${got(result)}`).toBe(false)
  expectNoInfo(result, 'ERR-14')
}

/**
 * The result is a policy failure (an ask that was not granted, a denial for
 * a reason that is not a string, a post-execute block): that it carries no
 * `info` is ERR-06's, charged incidentally.
 */
export function expectPolicyFailure(result: ToolExecutionResult): void {
  expect(result.isError, `wanted a policy failure (isError true)${got(result)}`).toBe(true)
  expect('value' in result, `a failure carries no value${got(result)}`).toBe(false)
  expectNoInfo(result, 'ERR-06')
}

/** The failure carries no `info` key: ERR-14's for a plain failure, ERR-06's for a policy one (charged incidentally). */
export function expectNoInfo(result: { readonly error?: unknown }, owner: 'ERR-06' | 'ERR-14'): void {
  incidental(owner, () => {
    const error = result.error
    const has = typeof error === 'object' && error !== null && 'info' in error
    expect(has, `expected no error.info (${owner}); error was ${$JSON.stringify(error)}`).toBe(false)
  })
}

/**
 * ERR-19, charged incidentally: the content of a failure the registry built
 * itself is exactly one text block `Error: <error.message>`. The seeds name
 * the Native envelope only as what error.message is without (ERR-13), not
 * where it is applied, so none of this is demanded. Call it on failures only,
 * after the test's own checks of the message.
 */
export function expectEnveloped(result: { readonly error?: { readonly message?: unknown }; readonly content?: unknown }): void {
  incidental('ERR-19', () => {
    const enveloped = `Error: ${String(result.error?.message)}`
    expect(result.content, `the content is exactly one text block ${$JSON.stringify(enveloped)} (ERR-19)`).toEqual([{ type: 'text', text: enveloped }])
  })
}

/**
 * The failure carries a structured identity: error.info reports the class
 * `name` and the code `code`. The seeds give `info?: ToolErrorInfo`, an
 * "Internal error class/code", without naming its fields (open point OP-08):
 * the kit reads the code as `info.code` throughout, and at must level asks
 * only that some field of info carry the class; that info is exactly
 * `{ name, code }` is ERR-20's, charged incidentally.
 */
export function expectErrorIdentity(result: ToolExecutionResult, name: string, code: string): void {
  expect(result.isError, `wanted a failure of ${name} / ${code}${got(result)}`).toBe(true)
  const info: unknown = result.error?.info
  expect(typeof info === 'object' && info !== null, `the failure carries error.info; error was ${$JSON.stringify(result.error)}`).toBe(true)
  expect(result.error?.info?.code, `error.info carries the code ${code}${got(result)}`).toBe(code)
  expect($Object.values(info as object), 'error.info carries the error class').toContain(name)
  incidental('ERR-20', () => {
    expect(info, 'error.info is exactly { name, code } (ERR-20)').toEqual({ name, code })
  })
}

/**
 * The result carries no presentation meta (PRES-02, OUT-05): `meta` is
 * undefined. That the key is left out rather than set to undefined is
 * upstream's RES-12 (OP-40), charged incidentally.
 */
export function expectNoMeta(result: object, what = 'no meta'): void {
  expectUnset(result, 'meta', what)
}

/**
 * `result` (a result, or one of the results a Code Mode run records) has no
 * `key` that applies: it is undefined. That the key is left out rather than
 * set to undefined is upstream's RES-12 (OP-40), charged incidentally.
 */
export function expectUnset(result: object, key: 'meta' | 'concludesTurn', what = `no ${key}`): void {
  expect((result as Record<string, unknown>)[key], what).toBeUndefined()
  incidental('RES-12', () => expect(key in result, `${what}: the ${key} key is left out (RES-12)`).toBe(false))
}

/** CAN-16, charged incidentally: a cancellation failure's `error.info.name` is "AbortError". */
export function expectAbortName(result: ToolExecutionResult): void {
  incidental('CAN-16', () => {
    expect(result.error?.info?.name, 'a cancellation failure is an AbortError (CAN-16)').toBe('AbortError')
  })
}

/**
 * The rules that own a denial's exact message where the seeds only say the
 * case denies: a guard's empty-string reason (GRD-15), any other guard
 * reason (GRD-16, open point OP-02), the ask reason of an ask denied for want
 * of an approval service (PRE-23), the reason of a pre-execute deny (PRE-25).
 */
export type DenialMessageOwner = 'GRD-15' | 'GRD-16' | 'PRE-23' | 'PRE-25'

/** `owner`'s check, charged incidentally: the denial's message is `reason`, verbatim. */
export function expectDenialMessage(result: ToolExecutionResult, reason: string, owner: DenialMessageOwner): void {
  incidental(owner, () => {
    expect(result.error?.message, `the denial message is the reason verbatim (${owner})`).toBe(reason)
  })
}

/**
 * The result is a policy denial whose exact message the seeds leave open: a
 * failure without value with a string message. That the message is `reason`
 * is `owner`'s ({@link expectDenialMessage}), that it carries no `info`
 * ERR-06's and its enveloped content ERR-19's, all charged incidentally.
 */
export function expectDenialFor(result: ToolExecutionResult, reason: string, owner: DenialMessageOwner): void {
  expect(result.isError, `wanted a denial for ${$JSON.stringify(reason)}${got(result)}`).toBe(true)
  expect('value' in result, `a failure carries no value${got(result)}`).toBe(false)
  expect(typeof result.error?.message, `a denial carries a string message${got(result)}`).toBe('string')
  expectDenialMessage(result, reason, owner)
  expectNoInfo(result, 'ERR-06')
  expectEnveloped(result)
}

/**
 * The result is a guard's denial for `reason`: the seeds leave its message
 * open (OP-02), so that it is `reason` verbatim is GRD-16's, charged
 * incidentally ({@link expectDenialFor}).
 */
export function expectGuardDenial(result: ToolExecutionResult, reason: string): void {
  expectDenialFor(result, reason, 'GRD-16')
}

/**
 * The rule that owns the Native envelope's absence from a thrown value's
 * failure message: ERR-01 for a throw of the body or of a tools/pre-execute,
 * tools/execute or tools/post-execute listener, ERR-13 for any other failure
 * the registry builds (a guard's, an approval service's or a finalizer's
 * throw).
 */
export type EnvelopeOwner = 'ERR-01' | 'ERR-13'

/**
 * The message of the failure of a thrown Error whose message is `message`:
 * at must level a string; that it carries no Native `Error: ` envelope is
 * `envelope`'s (ERR-01 by default), and that it is `message` as it is, with
 * no stage named first, ERR-18's (open point OP-04), both charged
 * incidentally, so a registry that keeps the envelope fails the one rule
 * that owns it (issue 39).
 */
export function expectThrownMessage(result: { readonly error?: { readonly message?: unknown } }, message: string, envelope: EnvelopeOwner = 'ERR-01'): void {
  const actual = result.error?.message
  expect(typeof actual, `a failure carries a string message; error was ${$JSON.stringify(result.error)}`).toBe('string')
  incidental(envelope, () => expect(String(actual).startsWith('Error: '), `the message carries no "Error: " envelope (${envelope})`).toBe(false))
  incidental('ERR-18', () => expect(actual, 'the message is the thrown message as it is (ERR-18)').toBe(message))
}

/**
 * The failure is the one a thrown Error whose message is `message` gave, kept
 * as it was: its message contains `message` (the test's own check, which
 * tells that failure from any other), with {@link expectThrownMessage}'s
 * checks charged as there.
 */
export function expectKeptThrownMessage(
  result: { readonly error?: { readonly message?: unknown } },
  message: string,
  envelope: EnvelopeOwner = 'ERR-01',
): void {
  expectThrownMessage(result, message, envelope)
  expect(String(result.error?.message), `the failure is the one the thrown ${$JSON.stringify(message)} gave`).toContain(message)
}

/**
 * ERR-16, charged incidentally: a thrown value whose message is "" keeps the
 * empty message (the seeds ask only for a human-readable one, so a readable
 * fallback text is as good a reading).
 */
export function expectEmptyMessageKept(result: ToolExecutionResult): void {
  incidental('ERR-16', () => {
    expect(result.error?.message, 'an empty thrown message stays "" (ERR-16)').toBe('')
  })
}

/**
 * The result is the failure of a renderer or a presentationMeta projector
 * that threw or returned something that is not lossless JSON: the seeds say
 * only that it becomes an isError (a failure without value); that its code is
 * INVALID_TOOL_OUTPUT is OUT-16's, charged incidentally.
 */
export function expectProjectionFailure(result: ToolExecutionResult): void {
  expect(result.isError, `a failed projection makes the call a failure${got(result)}`).toBe(true)
  expect('value' in result, `a failure carries no value${got(result)}`).toBe(false)
  incidental('OUT-16', () => {
    expect(result.error?.info?.code, `a failed projection is INVALID_TOOL_OUTPUT (OUT-16); error was ${$JSON.stringify(result.error)}`).toBe(
      'INVALID_TOOL_OUTPUT',
    )
  })
}

/**
 * The contexts a post-execute block leaves, given as comparable lists: the
 * seeds leave open whether the contexts the result already carried (deferred
 * by the body, brought by a wrapper) survive a block, so either `decision`
 * alone or `prior` then `decision` passes; that a block keeps the decision's
 * contexts alone, and that the key is then absent when they are none, is
 * CTX-04's, charged incidentally.
 */
export function expectBlockContexts(
  result: { readonly additionalContexts?: readonly unknown[] },
  actual: readonly unknown[],
  prior: readonly unknown[],
  decision: readonly unknown[],
): void {
  expect([decision, [...prior, ...decision]], "a block keeps the decision's contexts, after the prior ones or alone").toContainEqual(actual)
  incidental('CTX-04', () => {
    expect(actual, "a block keeps only the decision's contexts (CTX-04)").toEqual(decision)
    expect('additionalContexts' in result, 'a block without decision contexts has no additionalContexts key (CTX-04)').toBe(decision.length > 0)
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
    if (!$Object.isFrozen(item)) return false
    for (const key of $Object.keys(item)) stack.push((item as Record<string, unknown>)[key])
  }
  return true
}

/**
 * The result is the registry's failure of class `name` with code `code` (an
 * invalid output value, invalid defineTool arguments): at must level its
 * code ({@link expectCode}); that info is exactly `{ name, code }`, the
 * class name in info.name, is OUT-20's (open point OP-08), charged
 * incidentally.
 */
export function expectErrorClass(result: ToolExecutionResult, name: 'ToolOutputError' | 'ToolArgsError', code: string): void {
  expectCode(result, code)
  incidental('OUT-20', () => {
    expect(result.error?.info, `info is exactly { name: "${name}", code: "${code}" } (OUT-20)`).toEqual({ name, code })
  })
}

/**
 * RES-12 and CTX-05, charged incidentally: `result` has no own key beyond
 * `expected`. The seeds let a key that does not apply be absent or set to
 * undefined (open point OP-40): that it is absent is RES-12's; that an empty
 * context list is left out is CTX-05's. Must tests check the values.
 */
export function expectOnlyKeys(result: object, expected: readonly string[]): void {
  const extra = $Reflect.ownKeys(result).filter((key) => !expected.includes(String(key)))
  const emptyContexts = extra.filter((key) => key === 'additionalContexts')
  const others = extra.filter((key) => key !== 'additionalContexts')
  if (emptyContexts.length > 0) {
    incidental('CTX-05', () => {
      expect(result, 'no additionalContexts key where no context was attached (CTX-05)').not.toHaveProperty('additionalContexts')
    })
  }
  incidental('RES-12', () => {
    expect(others.map(String), `no key that does not apply, not even set to undefined (RES-12); expected only ${expected.join(', ')}`).toEqual([])
  })
}
