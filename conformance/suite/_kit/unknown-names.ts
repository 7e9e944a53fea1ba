/**
 * An unknown-tool failure used as a means (issue 39): many tests call a name
 * outside the caller's view (never registered, another scope's, restricted
 * away, unregistered) to see that it does not run, and read the UNKNOWN_TOOL
 * failure it resolves. That such a call resolves rather than throwing or
 * rejecting is ERR-05's (seed 000 §Cordis API (execute): "Tool and listener
 * failures resolve as materialized error results"; ERR-05: "Executing an
 * unknown name never throws or rejects"). {@link unknownNamesResolve} wraps
 * the global `tools` a test reaches: when `execute()` throws or rejects for a
 * name the caller cannot see (or with the registry's own UNKNOWN_TOOL error),
 * the test is blocked by ERR-05 (a precondition,
 * ./incidental.ts) instead of failing its own rules with the registry's
 * error. ERR-05's own tests call such names through the same wrapper, where
 * the precondition is an ordinary assertion of theirs.
 *
 * The wrapper calls the registry's `execute()` synchronously, with the input
 * as given (it reads none of its fields unless the call failed), and leaves
 * every other member as the registry's own, bound to it.
 */
import { $JSON, $Reflect } from './intrinsics.ts'
import type { ToolRuntimeApi } from '../../adapter/contract.ts'
import type { ToolExecutionInput, ToolExecutionResult } from '../../spec/types.ts'
import { describeThrown } from './describe-thrown.ts'
import { precondition } from './incidental.ts'
import { call } from './inputs.ts'

const $Proxy = Proxy

/** The name and agent of `input`, read only once the call has failed; `undefined` when they cannot be read. */
function target(input: ToolExecutionInput): { name: unknown; agent: unknown } | undefined {
  try {
    return { name: input.name, agent: input.agent }
  } catch {
    return undefined
  }
}

/** True when `tools` shows no tool `name` to `agent` (a lookup that throws counts as visible: nothing is concluded). */
function outsideView(tools: ToolRuntimeApi, input: ToolExecutionInput): string | undefined {
  const read = target(input)
  if (read === undefined || typeof read.name !== 'string') return undefined
  try {
    return tools.get(read.name, read.agent as ToolExecutionInput['agent']) === undefined ? read.name : undefined
  } catch {
    return undefined
  }
}

/** The `code` of a thrown error, when it has a string one; never throws. */
function codeOf(error: unknown): string | undefined {
  try {
    const code: unknown = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
    return typeof code === 'string' ? code : undefined
  } catch {
    return undefined
  }
}

/**
 * `error` (thrown or rejected by `execute()`) as a failed ERR-05 precondition
 * when `input` names a tool outside the caller's view, or when the error is
 * the registry's own UNKNOWN_TOOL error (a call it judged unknown, such as a
 * model-direct call Code Mode collapses); else `error` as it is.
 */
function charge(tools: ToolRuntimeApi, input: ToolExecutionInput, error: unknown, how: 'threw' | 'rejected'): never {
  const name = outsideView(tools, input)
  const unknown =
    name !== undefined
      ? `${$JSON.stringify(name)}, a name outside the caller's view,`
      : codeOf(error) === 'UNKNOWN_TOOL'
        ? 'a call it judged unknown'
        : undefined
  if (unknown !== undefined) {
    precondition('ERR-05', () => {
      throw new Error(`execute() ${how} for ${unknown} with ${describeThrown(error)}; wanted a resolved UNKNOWN_TOOL failure (ERR-05)`)
    })
  }
  throw error
}

/** `tools` with `execute()` charging ERR-05 when it throws or rejects for a name outside the caller's view (see the module contract). */
export function unknownNamesResolve(tools: ToolRuntimeApi): ToolRuntimeApi {
  const execute = (input: ToolExecutionInput): Promise<ToolExecutionResult> => {
    let pending: Promise<ToolExecutionResult>
    try {
      pending = tools.execute(input)
    } catch (error) {
      return charge(tools, input, error, 'threw')
    }
    // A registry that returns no promise is judged as it is, by the test.
    if (typeof (pending as { then?: unknown } | null | undefined)?.then !== 'function') return pending
    return pending.then(undefined, (error: unknown) => charge(tools, input, error, 'rejected'))
  }
  const bound = new Map<PropertyKey, unknown>()
  return new $Proxy(tools, {
    get(inner, key) {
      if (key === 'execute') return execute
      const value: unknown = $Reflect.get(inner, key, inner)
      if (typeof value !== 'function') return value
      if (!bound.has(key)) bound.set(key, (value as (...args: unknown[]) => unknown).bind(inner))
      return bound.get(key)
    },
  })
}

/**
 * A control call of a name registered nowhere, through the wrapped `tools`
 * of a check() test: when the registry throws or rejects for it, the test is
 * blocked by ERR-05 (see {@link unknownNamesResolve}). For a test that meets
 * an unknown name where the wrapper cannot see it, inside the registry (a
 * Code Mode sub-call of a tool unregistered meanwhile): make it before the
 * test installs what it is about.
 */
export async function unknownNameResolvesFirst(tools: Pick<ToolRuntimeApi, 'execute'>): Promise<void> {
  await tools.execute(call('no-such-tool-anywhere'))
}
