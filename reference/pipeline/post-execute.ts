/**
 * `tools/post-execute` and its decisions (POST), plus the cancellation check
 * that follows it (POST-13).
 */
import type { ContentBlock, ToolExecutionResult } from '../../conformance/spec/types.ts'
import { cancellationContexts, stageError } from '../choices.ts'
import { ToolNotFoundError } from '../errors.ts'
import { resolveTool } from '../visibility.ts'
import { buildSuccess } from './output.ts'
import { abortResult, addContexts, contextsOf, normalizedFailure, withContexts } from './results.ts'
import type { Run } from './run.ts'

const MALFORMED_DECISION = 'tools/post-execute returned a malformed decision'
export const BLOCK_DEFAULT_MESSAGE = 'tool result blocked by post-execute policy'

/**
 * POST-10: text blocks give their text, other blocks `[<type> content]`,
 * joined by newlines. A text that is not a string goes into the join as it
 * is (POST-22): most are stringified and a lossy one then fails at final
 * materialisation (POST-11), but a symbol makes the join itself throw.
 */
function blockMessage(feedback: readonly ContentBlock[]): string {
  const parts = feedback.map((block) => {
    const type = (block as { type?: unknown } | null | undefined)?.type
    return type === 'text' ? (block as { text?: unknown }).text : `[${String(type)} content]`
  })
  const message = parts.join('\n')
  return message === '' ? BLOCK_DEFAULT_MESSAGE : message
}

/** Apply one decision to the result. Throws for malformed decisions (POST-06, POST-07, POST-12). */
function applyDecision(run: Run, result: ToolExecutionResult, decision: unknown): ToolExecutionResult {
  // Reading `kind` of null or undefined throws, and no other non-object has a
  // kind: either way a malformed decision ends as a failure (POST-12).
  const chosen = decision as Record<string, unknown>

  if (chosen.kind === 'block') {
    // POST-09, CTX-04, PRES-03: feedback verbatim; value, meta, concludesTurn and every prior
    // context dropped. Only the returned result changes; the body's effects stay (POST-17).
    const feedback = chosen.feedback
    if (!Array.isArray(feedback)) throw new TypeError(MALFORMED_DECISION)
    const contexts = contextsOf(chosen)
    const message = blockMessage(feedback)
    if (run.registry.choices.blockContent === 'enveloped') {
      // OP-48 (other side): the enveloped message before the feedback, and the replaced result's meta kept.
      const content = [{ type: 'text', text: `Error: ${message}` }, ...feedback]
      const meta = result.meta === undefined ? {} : { meta: result.meta }
      return withContexts({ isError: true as const, content, error: { message }, ...meta }, contexts)
    }
    const blocked = { isError: true as const, content: feedback, error: { message } }
    return withContexts(blocked, contexts)
  }

  // POST-23 (deliberate divergence, upstream treats any other kind as accept): fail closed.
  if (chosen.kind !== 'accept') throw new TypeError(MALFORMED_DECISION)

  const replacesContent = Object.hasOwn(chosen, 'content')
  const replacesValue = Object.hasOwn(chosen, 'value')
  if (replacesContent && replacesValue) {
    throw new TypeError('tools/post-execute accept decision cannot replace both value and content') // POST-06
  }
  // CTX-03: prior contexts (deferred, wrapper, body) then the decision's.
  const added = contextsOf(chosen)
  const contexts = [...contextsOf(result), ...added]

  if (replacesValue) {
    // POST-07, POST-14: a failure cannot be turned into a success.
    if (result.isError) throw new TypeError('tools/post-execute cannot replace the value of a failed result')
    // POST-05, POST-08: re-resolve the live tool and rebuild the success.
    let replaced: ToolExecutionResult
    try {
      const definition = resolveTool(run.registry.store, run.target, run.exec.name)
      if (definition === undefined) throw new ToolNotFoundError(String(run.exec.name))
      replaced = buildSuccess(run, definition, chosen.value)
    } catch (error) {
      replaced = normalizedFailure(error, [], '', run.registry.choices)
    }
    return withContexts(replaced, contexts)
  }

  // POST-04, PRES-03: replace content only (value and meta stay visible, POST-16);
  // `content: undefined` keeps it (POST-15). Losslessness of anything a decision
  // brings is checked at final materialisation (POST-11).
  if (replacesContent && chosen.content !== undefined) {
    return addContexts({ ...result, content: chosen.content as ContentBlock[] }, added)
  }
  // POST-03: plain accept, with any contexts the decision adds.
  return addContexts(result, added)
}

/**
 * POST-01: run the waterfall over a post-result. The result it sees is
 * frozen and already carries the deferred contexts (POST-02, EXE-13).
 */
export async function postExecute(run: Run, result: ToolExecutionResult): Promise<ToolExecutionResult> {
  let after: ToolExecutionResult
  try {
    const decision = await run.registry.events.waterfall<unknown>(
      'tools/post-execute',
      run.target,
      (listener, next) => listener(run.exec, result, next),
      async () => ({ kind: 'accept' }),
    )
    after = applyDecision(run, result, decision)
  } catch (error) {
    // POST-12, CTX-06 (deliberate divergence): the body's deferred contexts survive. OP-56: info as the choices say.
    const { choices } = run.registry
    after = normalizedFailure(stageError(choices, error), run.dispatchContexts, '', choices)
  }

  // POST-13, CAN-08: a success produced while the caller aborted becomes an abort; failures stay (CAN-09).
  // OP-50: it keeps the result's contexts, or only those the body deferred.
  if (run.callerSignal.aborted && !after.isError) {
    const { choices } = run.registry
    after = abortResult(run.bodyInvoked, cancellationContexts(choices, contextsOf(after), run.deferred), choices)
  }
  return after
}
