/**
 * `choices`: the other side of the open points the seeds leave
 * (conformance/catalogue/open-points.ts). Every default is upstream's
 * choice; fixtures/choices grades the reference under the others, so that no
 * must test can take a side (DEVELOPERS.md, "Open choices").
 */
import { HarnessError, JsonSchemaError, ToolArgsError } from './errors.ts'
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
   * OP-20 (JSS-18): a schema rejection writes each violation's path as a root token and `.key`/`[i]` segments
   * (`segments`, the default: `schema.properties.a`) or as a JSON Pointer (`pointer`: `#/properties/a`).
   */
  readonly schemaPathSyntax?: 'segments' | 'pointer'
  /**
   * OP-26 (JSV-16, DSL-38): the schema functions' validators return their violations (`returns`, the default) or
   * throw them (`throws`: a ToolArgsError from validateArgs, a coded error from validateJsonSchemaValue).
   */
  readonly validationFailure?: 'returns' | 'throws'
  /**
   * OP-29 (REG-24): register() refuses an output whose render, or present presentationMeta, is not a function
   * (`usable`, the default) or checks only that an output is declared (`declared-only`).
   */
  readonly outputCheck?: 'usable' | 'declared-only'
  /**
   * OP-54 (CTX-13): exec.deferContext records any context, which is checked when the result is materialised
   * (`at-materialization`, the default), or checks it on the call too (`on-call`: one that is not lossless JSON throws).
   */
  readonly deferContextCheck?: 'at-materialization' | 'on-call'
  /** OP-59 (PRES-22): declaring and disposing a presentation with presentAs emit tools/change (`emits`, the default) or not (`silent`). */
  readonly presentationChange?: 'emits' | 'silent'
}

/** OP-20: `violation` with its leading `schema…`/`parameters…` path written as a JSON Pointer (`#/properties/a …`). */
export function pointerPath(violation: string): string {
  const m = /^(?:schema|parameters)((?:\.[^.[\s]+|\[\d+\])*)(?=\s|$)/.exec(violation)
  if (m === null) return violation
  const segments = [...m[1]!.matchAll(/\.([^.[\s]+)|\[(\d+)\]/g)].map((s) => (s[1] ?? s[2])!)
  return `#${segments.map((s) => `/${s.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')}${violation.slice(m[0].length)}`
}

/** OP-01, OP-20: runs `run`, re-coding a schema rejection it throws, or rewriting its paths, as `choices` pick. */
export function recodeSchemaError<T>(choices: RegistryChoices | undefined, run: () => T): T {
  const code = choices?.schemaErrorCode
  const pointer = choices?.schemaPathSyntax === 'pointer'
  if (code === undefined && !pointer) return run()
  try {
    return run()
  } catch (error) {
    if (error instanceof JsonSchemaError) throw new JsonSchemaError(pointer ? error.violations.map(pointerPath) : error.violations, code ?? error.code)
    throw error
  }
}

/** OP-26: what a validator of the schema functions does with `violations`: returns them, or throws them when `choices` say so. */
export function reportViolations(choices: RegistryChoices | undefined, violations: string[], validator: 'validateArgs' | 'validateJsonSchemaValue'): string[] {
  if (choices?.validationFailure !== 'throws' || violations.length === 0) return violations
  throw validator === 'validateArgs' ? new ToolArgsError(violations) : new HarnessError(`invalid value: ${violations.join('; ')}`, 'INVALID_VALUE')
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
