/**
 * Result constructors shared by every stage: normalised failures (ERR),
 * denials (PRE-04, GRD-07), abort results (CAN-01) and the
 * `additionalContexts` bookkeeping (CTX).
 *
 * Everything built here is deep-frozen before it is handed on (EXE-13, POST-02).
 */
import type { ToolErrorInfo, ToolExecutionFailure, ToolExecutionResult, UserMessage } from '../../conformance/spec/types.ts'
import { ERROR_CODES } from '../../conformance/spec/types.ts'
import { errorInfoOf, failureBlocks, type RegistryChoices } from '../choices.ts'
import { HarnessError } from '../errors.ts'
import { deepFreeze } from '../json.ts'

/** ERR-02: the best-effort message of a thrown value. */
export function errorMessage(thrown: unknown): string {
  try {
    if (thrown instanceof Error) return String(thrown.message)
    if ((typeof thrown === 'object' && thrown !== null) || typeof thrown === 'function') {
      const message = (thrown as { message?: unknown }).message
      if (typeof message === 'string') return message
    }
    return String(thrown)
  } catch {
    // Proxy traps, throwing toString and the like.
    return '<unprintable thrown value>'
  }
}

/**
 * ERR-03, ERR-09: routing info only for HarnessErrors, and only if it can be
 * read. The registry's own codes (ERR-07) come from its own HarnessErrors
 * (ToolNotFoundError, ToolOutputError) and from `abortResult`.
 */
function errorInfo(thrown: unknown, choices: RegistryChoices | undefined): ToolErrorInfo | undefined {
  try {
    if (!(thrown instanceof HarnessError)) return undefined
    return errorInfoOf(choices, thrown.name, thrown.code) // OP-08
  } catch {
    return undefined
  }
}

/**
 * ERR-01: `{ isError, content: ['Error: ' + m], error: { message: m, info? } }`.
 * `contexts` lets callers keep contexts that must survive (CTX-06, CAN-01);
 * `prefix` goes before the message (OP-04, `stageFailureMessage`); `choices`
 * shape its info and content (OP-08, OP-55).
 */
export function normalizedFailure(thrown: unknown, contexts: readonly UserMessage[] = [], prefix = '', choices?: RegistryChoices): ToolExecutionFailure {
  const message = prefix + errorMessage(thrown)
  const info = errorInfo(thrown, choices)
  const failure = {
    isError: true as const,
    content: failureBlocks(choices, message, info?.code),
    error: info === undefined ? { message } : { message, info },
  }
  return deepFreeze(withContexts(failure, contexts))
}

/**
 * PRE-04, GRD-07, ERR-06: a denial for `reason`, with no `info`. The reason is
 * used verbatim (GRD-10); whether it is JSON is decided when the caller
 * materialises the denial.
 */
export function denialResult(reason: unknown): ToolExecutionResult {
  return {
    isError: true,
    content: [{ type: 'text', text: `Error: ${String(reason)}` }],
    error: { message: reason as string },
  }
}

export const ABORTED_MESSAGE = 'tool call aborted'
export const ABORTED_BEFORE_DISPATCH_MESSAGE = 'tool call aborted before dispatch'

/**
 * CAN-01, CAN-10: the cancellation outcome. `ABORTED` iff the body was
 * invoked; it keeps the contexts of the result it replaces. `choices` shape
 * its info and content (OP-08, OP-55).
 */
export function abortResult(bodyInvoked: boolean, contexts: readonly UserMessage[] = [], choices?: RegistryChoices): ToolExecutionFailure {
  const message = bodyInvoked ? ABORTED_MESSAGE : ABORTED_BEFORE_DISPATCH_MESSAGE
  const code = bodyInvoked ? ERROR_CODES.ABORTED : ERROR_CODES.ABORTED_BEFORE_DISPATCH
  const failure = {
    isError: true as const,
    content: failureBlocks(choices, message, code),
    error: { message, info: errorInfoOf(choices, 'AbortError', code) },
  }
  return deepFreeze(withContexts(failure, contexts))
}

/** Read a result's or decision's contexts as a list; anything but an array or `undefined` is malformed. */
export function contextsOf(holder: { readonly additionalContexts?: unknown }): readonly UserMessage[] {
  const contexts = holder.additionalContexts
  if (contexts === undefined) return []
  if (!Array.isArray(contexts)) throw new TypeError('additionalContexts must be an array')
  return contexts as UserMessage[]
}

/** CTX-05: set `additionalContexts` to `contexts`, omitting the key when the list is empty. */
export function withContexts<T extends object>(result: T, contexts: readonly UserMessage[]): T {
  const { additionalContexts: _dropped, ...rest } = result as T & { additionalContexts?: unknown }
  if (contexts.length === 0) return rest as T
  return { ...rest, additionalContexts: [...contexts] } as T
}

/** CTX-03, CTX-05: append `added` to the result's own contexts; adding nothing leaves the result, and its key, as it was. */
export function addContexts<T extends object>(result: T, added: readonly UserMessage[]): T {
  if (added.length === 0) return result
  return withContexts(result, [...contextsOf(result), ...added])
}

/** EXE-04, CTX-05: give `result` a wrapper result's own list as given, even an empty one; `undefined` (it carried none) adds no key. */
export function withOwnContexts<T extends object>(result: T, own: readonly UserMessage[] | undefined): T {
  return own === undefined ? result : { ...result, additionalContexts: [...own] }
}
