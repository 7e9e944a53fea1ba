/**
 * `choices`: the other side of the open points the seeds leave
 * (conformance/catalogue/open-points.ts). Every default is upstream's
 * choice; fixtures/choices grades the reference under the others, so that no
 * must test can take a side (DEVELOPERS.md, "Open choices").
 */
import type { ContentBlock, ToolErrorInfo, ToolExecutionResult, UserMessage } from '../conformance/spec/types.ts'
import { HarnessError, JsonSchemaError, ToolArgsError } from './errors.ts'
import { frozenSnapshotJsonValue, isJsonValue, snapshotJsonValue } from './json.ts'
import { errorMessage } from './pipeline/results.ts'

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
  /** OP-31 (GRD-18, GRD-19): every guard return but undefined denies (`any-defined`, the default), or only a string does (`strings-only`). */
  readonly guardReturns?: 'any-defined' | 'strings-only'
  /** OP-37 (VIS-30): of several ancestors' same-name entries a scope inherits the nearest (`nearest`, the default) or the farthest. */
  readonly ancestorPrecedence?: 'nearest' | 'farthest'
  /** OP-38 (VIS-31): restrictions filter everything inherited (`inherited`, the default) or the global tools only (`global-only`, seed 000's JSDoc). */
  readonly restrictionTargets?: 'inherited' | 'global-only'
  /** OP-39 (VIS-32): a restriction narrows its scope and every descendant (`subtree`, the default) or the installing scope only (`own-scope`). */
  readonly restrictionReach?: 'subtree' | 'own-scope'
  /**
   * OP-08 (ERR-20): a failure's error.info is `{ name, code }` (`name-code`, the default) or names the class under
   * `class` (`class-code`: `{ class, code }`, the seeds' "error class/code"), for every failure the registry builds.
   */
  readonly errorInfoShape?: 'name-code' | 'class-code'
  /**
   * OP-40 (RES-12): a final result leaves out the optional keys that do not apply (`omitted`, the default), or
   * carries every optional key its kind declares, set to undefined (`present`: meta and concludesTurn on a success, meta on a failure).
   */
  readonly absentKeys?: 'omitted' | 'present'
  /**
   * OP-42 (EXE-19): the body gets the caller signal itself when no wrapper replaced it, else a relay with the source's
   * reason (`relay`, the default), or always a fresh signal that aborts with a reason of its own (`fresh`).
   */
  readonly bodySignal?: 'relay' | 'fresh'
  /**
   * OP-43 (EXE-20): while the body runs the wrapper's exec.signal holds the fused signal (`fused-during-body`, the
   * default), or its own replacement throughout (`replacement-throughout`: the body gets a context of its own carrying the fused signal).
   */
  readonly wrapperSignalView?: 'fused-during-body' | 'replacement-throughout'
  /** OP-44 (EXE-18): the UNKNOWN_TOOL replacing a wrapper success is final (`final`, the default) or reaches tools/post-execute (`post-execute`). */
  readonly wrapperUnknownTool?: 'final' | 'post-execute'
  /**
   * OP-45 (OUT-19): the value render gets and the success wrappers get are deep-frozen (`deep`, the default), or
   * frozen at their top level only until the result is materialised before tools/result (`top-level`).
   */
  readonly freezeDepth?: 'deep' | 'top-level'
  /** OP-46 (OUT-17): output.render receives exec.arguments itself (`exec-arguments`, the default) or an equal frozen copy (`copy`). */
  readonly renderArguments?: 'exec-arguments' | 'copy'
  /** OP-47 (OUT-18): a body value whose snapshot throws is INVALID_TOOL_OUTPUT (`output-error`, the default) or the failure of what it threw (`thrown`). */
  readonly snapshotFailure?: 'output-error' | 'thrown'
  /**
   * OP-48 (POST-29): a block's content is the feedback exactly and it carries no meta (`feedback`, the default), or
   * the enveloped message before the feedback, keeping the meta of the result it replaces (`enveloped`).
   */
  readonly blockContent?: 'feedback' | 'enveloped'
  /** OP-49 (FIN-09): a finalizer that throws or returns non-lossless content fails the call (`fails`, the default) or leaves the result from before it (`ignored`). */
  readonly finalizerFailure?: 'fails' | 'ignored'
  /**
   * OP-50 (CAN-20): a cancellation failure keeps every context of the result it replaces (`all`, the default) or only
   * those the body deferred (`deferred-only`).
   */
  readonly cancellationContexts?: 'all' | 'deferred-only'
  /** OP-53 (CTX-12): contexts come deferred, then the wrapper result's, then the decision's (`deferred-first`, the default), or the wrapper result's first (`wrapper-first`). */
  readonly contextOrder?: 'deferred-first' | 'wrapper-first'
  /** OP-55 (ERR-19): a registry-built failure's content is one text block (`one-block`, the default) or that block and a second naming the code (`detail-block`). */
  readonly failureContent?: 'one-block' | 'detail-block'
  /** OP-56 (ERR-21): a coded error a listener, guard or finalizer throws keeps its info (`kept`, the default) or gives a failure without info (`dropped`). */
  readonly stageErrorInfo?: 'kept' | 'dropped'
  /** OP-57 (PRES-19): a failure a tools/execute wrapper authored keeps its meta (`kept`, the default) or loses it (`dropped`). */
  readonly wrapperFailureMeta?: 'kept' | 'dropped'
  /**
   * OP-58 (ERR-22): an approval service that throws or rejects gives a resolved failure (`resolves`, the default) or
   * makes execute() reject (`rejects`, without tools/result). A throwing guard resolves a failure either way (GRD-09).
   */
  readonly approvalFailure?: 'resolves' | 'rejects'
}

/** OP-31: whether a guard's return `verdict` denies the call. */
export function guardDenies(choices: RegistryChoices | undefined, verdict: unknown): boolean {
  return choices?.guardReturns === 'strings-only' ? typeof verdict === 'string' : verdict !== undefined
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

/** OP-58: whether execute() rejects, instead of resolving a failure, when the approval service throws or rejects. */
export function rejectsOnApprovalFailure(choices: RegistryChoices | undefined): boolean {
  return choices?.approvalFailure === 'rejects'
}

/** OP-08: the error.info of a failure of class `name` with code `code`. */
export function errorInfoOf(choices: RegistryChoices | undefined, name: string, code: string): ToolErrorInfo {
  return (choices?.errorInfoShape === 'class-code' ? { class: name, code } : { name, code }) as unknown as ToolErrorInfo
}

/** OP-55: the content of a failure the registry builds: `Error: <message>`, then under `detail-block` a block naming the code. */
export function failureBlocks(choices: RegistryChoices | undefined, message: string, code: string | undefined): ContentBlock[] {
  const envelope = { type: 'text', text: `Error: ${message}` }
  if (choices?.failureContent !== 'detail-block' || code === undefined) return [envelope]
  return [envelope, { type: 'text', text: `(error code ${code})` }]
}

/** OP-56: what a listener's, guard's or finaliser's throw is normalised from: `error`, or under `dropped` a plain error of its message. */
export function stageError(choices: RegistryChoices | undefined, error: unknown): unknown {
  return choices?.stageErrorInfo === 'dropped' && error instanceof HarnessError ? new Error(errorMessage(error)) : error
}

/** OP-40: under `present`, the final `result` with every optional key its kind declares, set to undefined where it does not apply. */
export function withAbsentKeys(choices: RegistryChoices | undefined, result: ToolExecutionResult): ToolExecutionResult {
  if (choices?.absentKeys !== 'present') return result
  const out: Record<string, unknown> = { ...result }
  for (const key of result.isError ? ['meta'] : ['meta', 'concludesTurn']) if (!(key in out)) out[key] = undefined
  return Object.freeze(out) as unknown as ToolExecutionResult
}

/** OP-50: the contexts a cancellation failure keeps: all of the replaced result's, or under `deferred-only` the body's alone. */
export function cancellationContexts(
  choices: RegistryChoices | undefined,
  all: readonly UserMessage[],
  deferred: readonly UserMessage[],
): readonly UserMessage[] {
  return choices?.cancellationContexts === 'deferred-only' ? deferred : all
}

/** OP-45: how the body's value and its projections are snapshotted: deep-frozen, or under `top-level` frozen at their top level only. */
export function outputSnapshot(choices: RegistryChoices | undefined): (value: unknown) => unknown {
  if (choices?.freezeDepth !== 'top-level') return frozenSnapshotJsonValue
  return (value) => {
    const snapshot = snapshotJsonValue(value)
    return typeof snapshot === 'object' && snapshot !== null ? Object.freeze(snapshot) : snapshot
  }
}
