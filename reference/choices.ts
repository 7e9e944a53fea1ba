/**
 * `choices`: the other side of the open points the seeds leave
 * (conformance/catalogue/open-points.ts). Every default is upstream's
 * choice; fixtures/choices grades the reference under the others, so that no
 * must test can take a side (DEVELOPERS.md, "Open choices").
 */
import { HarnessError, JsonSchemaError } from './errors.ts'
import { isJsonValue } from './json.ts'

export interface RegistryChoices {
  /** OP-01 (JSS-13): the code a schema rejection carries. Default `UNSUPPORTED_SCHEMA`. */
  readonly schemaErrorCode?: string
  /** OP-02 (GRD-16): a guard denial's message is the reason itself (`reason`, the default) or `Denied by guard: <reason>`. */
  readonly guardDenialMessage?: 'reason' | 'prefixed'
  /** OP-03 (VIS-27): scoped listeners and guards hear their scope and its descendants (`subtree`, the default) or exactly that agent. */
  readonly listenerRouting?: 'subtree' | 'exact-agent'
  /**
   * OP-04 (ERR-18): the failure of a throwing policy stage or finaliser carries the thrown message (`thrown`, the
   * default) or names the stage first (`stage-prefixed`: `finalizeContent failed: <message>`, `policy check failed: <message>`).
   */
  readonly stageFailureMessage?: 'thrown' | 'stage-prefixed'
  /** OP-05 (ERR-14): a result that cannot be materialised fails without info (`none`, the default) or with the registry's own code (`coded`: RESULT_NOT_LOSSLESS). */
  readonly losslessFailureInfo?: 'none' | 'coded'
  /** OP-06 (POST-28): a policy denial goes on to tools/post-execute (`runs`, the default) or is final (`skipped`). */
  readonly postExecuteOnDenial?: 'runs' | 'skipped'
  /**
   * OP-54 (CTX-13): exec.deferContext records any context, which is checked when the result is materialised
   * (`at-materialization`, the default), or checks it on the call too (`on-call`: one that is not lossless JSON throws).
   */
  readonly deferContextCheck?: 'at-materialization' | 'on-call'
  /** OP-59 (PRES-22): declaring and disposing a presentation with presentAs emit tools/change (`emits`, the default) or not (`silent`). */
  readonly presentationChange?: 'emits' | 'silent'
}

/** OP-01: runs `run`, re-coding a schema rejection it throws when `choices` picks another code. */
export function recodeSchemaError<T>(choices: RegistryChoices | undefined, run: () => T): T {
  const code = choices?.schemaErrorCode
  if (code === undefined) return run()
  try {
    return run()
  } catch (error) {
    if (error instanceof JsonSchemaError) throw new JsonSchemaError(error.violations, code)
    throw error
  }
}

/** OP-02: the message of a denial by a guard that returned `reason`. */
export function guardDenialReason(choices: RegistryChoices | undefined, reason: unknown): unknown {
  return choices?.guardDenialMessage === 'prefixed' && typeof reason === 'string' ? `Denied by guard: ${reason}` : reason
}

/** OP-04: what goes before the message of a failure thrown by `stage`. */
export function stageFailurePrefix(choices: RegistryChoices | undefined, stage: 'finalizeContent' | 'policy check'): string {
  return choices?.stageFailureMessage === 'stage-prefixed' ? `${stage} failed: ` : ''
}

/** OP-05: what the failure to materialise a result is normalised from: `error` itself, or a coded error of its message. */
export function losslessFailure(choices: RegistryChoices | undefined, error: unknown): unknown {
  return choices?.losslessFailureInfo === 'coded' && error instanceof Error ? new HarnessError(error.message, 'RESULT_NOT_LOSSLESS') : error
}

/** OP-59: what a presentAs declaration calls when it is made or disposed: `changed` (tools/change), or nothing. */
export function presentationChanged(choices: RegistryChoices | undefined, changed: () => void): () => void {
  return choices?.presentationChange === 'silent' ? () => undefined : changed
}

/** OP-54: under `on-call`, a deferred context that is not lossless JSON throws where deferContext was called. */
export function checkDeferredContext(choices: RegistryChoices | undefined, context: unknown): void {
  if (choices?.deferContextCheck === 'on-call' && !isJsonValue(context)) throw new TypeError('exec.deferContext(): the context is not lossless JSON')
}
