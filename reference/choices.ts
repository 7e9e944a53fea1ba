/**
 * `choices`: the other side of the open points the seeds leave
 * (conformance/catalogue/open-points.ts). Every default is upstream's
 * choice; fixtures/choices grades the reference under the others, so that no
 * must test can take a side (DEVELOPERS.md, "Open choices").
 */
import type { ContentBlock, JsonSchemaNode, ToolErrorInfo, ToolExecutionResult, UserMessage } from '../conformance/spec/types.ts'
import { HarnessError, JsonSchemaError, ToolArgsError } from './errors.ts'
import { frozenSnapshotJsonValue, isJsonValue, snapshotJsonValue } from './json.ts'
import { validateJsonSchemaValue } from './json-schema/index.ts'
import { collectSchemaViolations } from './json-schema/internal/collect-violations.ts'
import { readSchemaRecord } from './json-schema/internal/records.ts'
import { errorMessage } from './pipeline/results.ts'
import { compileParameterSpec, compileValueSpec } from './schema-dsl/internal/compile.ts'

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
   * OP-11 (CM-16): the policy stages (start record, pre-execute, guards) of a run's parallel sub-calls run one at a
   * time in submission order (`ordered`, the default) or overlap, each parallel call starting as soon as it is admitted (`overlapping`).
   */
  readonly subCallStarts?: 'ordered' | 'overlapping'
  /**
   * OP-61 (CM-17): Code Mode schedules a run's sub-calls by their execution mode, parallel ones up to
   * maxParallelSubCalls and an exclusive one as a barrier held through its commit (`by-mode`, the default), or all at once (`all-at-once`).
   */
  readonly subCallScheduling?: 'by-mode' | 'all-at-once'
  /** OP-60 (CM-45): a failed sub-call rejects its binding with an Error of its final message (`error`, the default) or with the message itself (`message`). */
  readonly bindingFailure?: 'error' | 'message'
  /** OP-62 (CM-41): the n of a sub-call id `<parent>:code:<n>` counts a run's accepted binding calls from 1 (`from-1`, the default) or from 0 (`from-0`). */
  readonly subCallNumbering?: 'from-1' | 'from-0'
  /** OP-64 (CM-42): a successful sub-call whose final content holds an image adds it to the outer result as a context (`context`, the default) or not (`none`). */
  readonly subCallImages?: 'context' | 'none'
  /**
   * OP-65 (CM-43): the contexts ferried from sub-calls reach the outer result as each sub-call commits, and stay on a
   * failed run (`kept`, the default), or are held until the run ends and dropped when it fails (`dropped-on-failure`).
   */
  readonly subCallContexts?: 'kept' | 'dropped-on-failure'
  /** OP-66 (CM-44): a tool/code-dispatch record carries the start fields besides content and isError (`start-fields`, the default) or only those two (`content-only`). */
  readonly dispatchRecord?: 'start-fields' | 'content-only'
  /**
   * OP-67 (CM-46): a binding call whose argument is not lossless JSON rejects before dispatch, unnumbered and
   * unrecorded (`rejected`, the default), or is dispatched for execute() to refuse as a failure result, numbered and recorded (`dispatched`).
   */
  readonly refusedBindingArguments?: 'rejected' | 'dispatched'
  /**
   * OP-24 (DSL-34): the compilers leave out a required list no key is marked in (`upstream`, the default) or emit it
   * as `required: []` on every node with properties (`empty-required`), an equivalent encoding.
   */
  readonly compiledEncoding?: 'upstream' | 'empty-required'
  /**
   * OP-27 (JSV-17): validateJsonSchemaValue takes as objects the plain records of any realm, null prototype included
   * (`plain`, the default), or only records whose prototype is an Object.prototype (`object-prototype`: a
   * null-prototype record is refused by every schema).
   */
  readonly validatedRecords?: 'plain' | 'object-prototype'
  /**
   * OP-28 (JSS-21): the subset assertion functions (assertSupportedJsonSchema, assertObjectJsonSchema) refuse schema
   * records and arrays beyond JSON (`refused`, the default), or read any object by its own enumerable string keys
   * and any dense array by its indices (`own-keys`).
   */
  readonly schemaContainers?: 'refused' | 'own-keys'
  /**
   * OP-35 (ARG-17): arguments may hold plain objects and arrays of any realm, null prototype included (`any-realm`,
   * the default), or only this realm's ordinary ones (`ordinary-only`).
   */
  readonly argumentPrototypes?: 'any-realm' | 'ordinary-only'
  /**
   * OP-75 (ARG-25): what a tool produces (value, rendered content, projected meta, finalized content) may hold plain
   * objects and arrays of any realm, null prototype included (`any-realm`, the default), or only this realm's
   * ordinary ones (`ordinary-only`: anything else is not lossless).
   */
  readonly outputPrototypes?: 'any-realm' | 'ordinary-only'
  /**
   * OP-68 (CM-47): the runtime and the sub-calls get a run signal of their own, which follows the outer signal and
   * aborts when the run settles, queued calls being abandoned once it has (`run`, the default), or the outer signal
   * itself, queued calls still running before the run settles (`outer`). Either way a binding called after the run
   * settled rejects without dispatching (CM-20).
   */
  readonly runSignal?: 'run' | 'outer'
  /**
   * OP-72 (CM-55): with no code runtime mounted run_code's body throws a plain Error (`plain`, the default) or a
   * HarnessError of its own code, CODE_RUNTIME_MISSING (`coded`).
   */
  readonly missingRuntime?: 'plain' | 'coded'
  /**
   * OP-73 (CM-52): a binding hands the program's argument to the lossless snapshot as it is (`as-is`, the default),
   * or a JSON round trip of it, a missing one defaulting to {} (`json-round-trip`).
   */
  readonly bindingArguments?: 'as-is' | 'json-round-trip'
  /**
   * OP-74 (CM-53): an outer abort mid-run aborts the signal handed to the runtime and the sub-calls (`forwarded`,
   * the default), or is only observed (`observed`): the run is over, so later bindings are not dispatched and queued
   * calls are abandoned, while the runtime's signal and those of the sub-calls in flight abort only when the run settles.
   */
  readonly outerAbort?: 'forwarded' | 'observed'
  /**
   * OP-63 (CM-40): the presentation modes are native, code and both, which collapses nothing (`with-both`, the
   * default), or native and code only, the two the seeds name (`native-and-code`): a deployment or presentAs of both is refused.
   */
  readonly presentationModes?: 'with-both' | 'native-and-code'
  /**
   * OP-07 (VIS-26): an ancestor's restriction filters everything its descendants inherit, its own registrations
   * included (`filtered`, the default), or never the registrations of its own scope (`own-exempt`).
   */
  readonly ancestorOwnEntries?: 'filtered' | 'own-exempt'
  /** OP-09 (REG-27): a scope may register a name an ancestor scope registers, shadowing it (`shadows`, the default), or not (`refused`). */
  readonly ancestorNameReuse?: 'shadows' | 'refused'
  /**
   * OP-10 (VIS-25): under Code Mode a model-direct call of a name the caller cannot see takes the ordinary path
   * (`pipeline`, the default) or ends as UNKNOWN_TOOL before the policy pipeline, like a collapsed one (`collapsed`).
   */
  readonly invisibleDirectCalls?: 'pipeline' | 'collapsed'
  /** OP-21 (JSS-22): the subset assertion refuses an empty `enum` (`refused`, the default) or accepts it as admitting no value (`accepted`). */
  readonly emptyEnum?: 'refused' | 'accepted'
  /**
   * OP-22 (DSL-36): an object spec's properties mark requiredness per property, `required: true` (`per-property`,
   * the default), or by an object-level `required` list of names (`object-list`), a per-property marker refused.
   */
  readonly objectSpecRequired?: 'per-property' | 'object-list'
  /**
   * OP-76 (DSL-42): a parameter-map entry's required marker with a value other than true is refused (`refused`, the
   * default) or read as absent, the entry optional (`absent-unless-true`).
   */
  readonly requiredMarkers?: 'refused' | 'absent-unless-true'
  /** OP-23 (DSL-35): an object spec without additionalProperties is refused (`refused`, the default) or compiled open (`open`). */
  readonly missingOpenness?: 'refused' | 'open'
  /** OP-25 (DSL-35): a spec with neither type nor oneOf is refused (`refused`, the default) or compiled unconstrained (`unconstrained`). */
  readonly untypedSpec?: 'refused' | 'unconstrained'
  /** OP-30 (GRD-17): disposing a scope removes the guards added through it (`scope`, the default) or only their disposers do (`disposer`). */
  readonly scopedGuardLifetime?: 'scope' | 'disposer'
  /** OP-32 (PRE-24): tools/pre-execute listeners run first registered outermost (`registration`, the default) or last registered outermost (`reverse`). */
  readonly preExecuteOrder?: 'registration' | 'reverse'
  /** OP-33 (PRE-28): an approval request carries `reason` only when the ask gave one (`when-given`, the default) or always, undefined if none (`always`). */
  readonly approvalReasonKey?: 'when-given' | 'always'
  /** OP-34 (PRE-30): a pre-execute decision with extra fields is read by its kind (`ignored`, the default) or refused as malformed (`refused`). */
  readonly decisionExtraFields?: 'ignored' | 'refused'
  /**
   * OP-36 (ARG-21): any defined parent marks a call as a transport sub-dispatch (`any-defined`, the default), or
   * only the token of an execution of this registry still running does (`live-token`); any other is carried but ignored.
   */
  readonly parentTrust?: 'any-defined' | 'live-token'
  /** OP-51 (CAN-21): a signal aborted at entry ends the call before any policy stage (`entry`, the default) or at the check after the guards (`after-policy`). */
  readonly entryAbortCheck?: 'entry' | 'after-policy'
  /**
   * OP-52 (CAN-22): a call whose caller aborted during the pre-execute stages, then allowed, ends before tools/execute
   * (`before-wrappers`, the default) or runs the wrappers, whose base next() resolves ABORTED_BEFORE_DISPATCH (`in-dispatch`).
   */
  readonly abortedAdmission?: 'before-wrappers' | 'in-dispatch'
  /**
   * OP-69 (PRE-32): a caller abort while the approval service's answer is pending waits for that answer (`awaited`,
   * the default), or ends the ask at once as an abort, ABORTED_BEFORE_DISPATCH, leaving the answer unread (`abandoned`).
   */
  readonly pendingApprovalOnAbort?: 'awaited' | 'abandoned'
  /**
   * OP-70 (POST-25): the ABORTED_BEFORE_DISPATCH of a caller abort observed once tools/pre-execute (or an approval)
   * settled passes through tools/post-execute (`runs`, the default) or is final, going straight to tools/result (`skipped`).
   */
  readonly abortedBeforeDispatchPost?: 'runs' | 'skipped'
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

/** OP-36: the parent a call counts as having: its own, or none when only live tokens count and it is not one. */
export function countedParent(choices: RegistryChoices | undefined, live: ReadonlySet<unknown>, parent: unknown): unknown {
  return choices?.parentTrust === 'live-token' && !live.has(parent) ? undefined : parent
}

/** OP-34: under `refused`, a decision with a key besides kind and reason is malformed. */
export function hasExtraDecisionFields(choices: RegistryChoices | undefined, decision: object): boolean {
  return choices?.decisionExtraFields === 'refused' && Object.keys(decision).some((key) => key !== 'kind' && key !== 'reason')
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

/** OP-60: what a binding whose sub-call failed with `message` rejects with. */
export function bindingRejection(choices: RegistryChoices | undefined, message: string): unknown {
  return choices?.bindingFailure === 'message' ? message : new Error(message)
}

/** OP-72: what run_code's body throws when no code runtime is mounted, with `message`. */
export function missingRuntimeError(choices: RegistryChoices | undefined, message: string): Error {
  return choices?.missingRuntime === 'coded' ? new HarnessError(message, 'CODE_RUNTIME_MISSING') : new Error(message)
}

/** OP-73: the argument a binding snapshots: the program's as it is, or its JSON round trip (throws where stringify does). */
export function bindingArgument(choices: RegistryChoices | undefined, raw: unknown): unknown {
  if (choices?.bindingArguments !== 'json-round-trip') return raw
  const text = JSON.stringify(raw)
  return text === undefined ? {} : JSON.parse(text)
}

/** OP-62: the n of a run's first sub-call. */
export function firstSubCallNumber(choices: RegistryChoices | undefined): number {
  return choices?.subCallNumbering === 'from-0' ? 0 : 1
}

/** OP-24: `compiled` as the compilers emit it under `choices`: as is, or with `required: []` on every node with properties that has none. */
export function encodeCompiled<T>(choices: RegistryChoices | undefined, compiled: T): T {
  if (choices?.compiledEncoding !== 'empty-required') return compiled
  const node = (schema: unknown): unknown => {
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema
    const out: Record<string, unknown> = { ...schema }
    if (typeof out.properties === 'object' && out.properties !== null) {
      out.properties = Object.fromEntries(Object.entries(out.properties).map(([key, child]) => [key, node(child)]))
      if (!('required' in out)) out.required = []
    }
    if ('items' in out) out.items = node(out.items)
    if (Array.isArray(out.oneOf)) out.oneOf = out.oneOf.map(node)
    return out
  }
  return node(compiled) as T
}

/**
 * OP-27: under `object-prototype`, `violations` and one more at the first record of `value` that has a null
 * prototype; only own data properties are read.
 */
export function refuseUnordinaryRecords(choices: RegistryChoices | undefined, value: unknown, violations: string[], path = 'value'): string[] {
  if (choices?.validatedRecords !== 'object-prototype') return violations
  const stack: [unknown, string][] = [[value, path === '' ? 'arguments' : path]]
  const seen = new Set<object>()
  try {
    while (stack.length > 0) {
      const [node, at] = stack.pop()!
      if (typeof node !== 'object' || node === null || seen.has(node)) continue
      seen.add(node)
      if (!Array.isArray(node) && Object.getPrototypeOf(node) === null) return [...violations, `"${at}" must be a record with a prototype`]
      for (const [key, slot] of Object.entries(Object.getOwnPropertyDescriptors(node))) {
        if ('value' in slot) stack.push([slot.value, Array.isArray(node) ? `${at}[${key}]` : `${at}.${key}`])
      }
    }
  } catch {
    // A hostile value: the validator has reported it already.
  }
  return violations
}

/**
 * OP-28: under `own-keys`, `schema` as the subset assertion's other side reads it: a copy in which every node and
 * `properties` map is a plain record of its own enumerable string keys, and every dense `oneOf` or `required` array a
 * plain array of its indices. Keyword values (enum, const, annotations) are left as they are, and so is what cannot be
 * read that way (a sparse array, a container on its own path, a throwing proxy or getter), for the assertion to judge.
 */
export function ownKeySchema(choices: RegistryChoices | undefined, schema: unknown): unknown {
  if (choices?.schemaContainers !== 'own-keys') return schema
  const onPath = new Set<object>()
  /** `value`'s own enumerable entries as a plain record, each through `each`; `value` itself when it is no record or cannot be read. */
  const record = (value: unknown, each: (child: unknown) => unknown): unknown => {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || onPath.has(value)) return value
    onPath.add(value)
    try {
      return Object.fromEntries(Object.keys(value).map((key) => [key, each((value as Record<string, unknown>)[key])]))
    } catch {
      return value
    } finally {
      onPath.delete(value)
    }
  }
  /** A dense array as a plain one of its indices, each item through `each`; anything else as it is. */
  const list = (value: unknown, each: (item: unknown) => unknown): unknown => {
    if (!Array.isArray(value)) return value
    try {
      return Array.from({ length: value.length }, (_, i) => Object.hasOwn(value, i)).every(Boolean) ? Array.from(value, (item) => each(item)) : value
    } catch {
      return value
    }
  }
  const node = (value: unknown): unknown => {
    const fields = record(value, (child) => child)
    if (fields === value) return value
    const out = fields as Record<string, unknown>
    onPath.add(value as object)
    try {
      if ('properties' in out) out.properties = record(out.properties, node)
      if ('items' in out) out.items = node(out.items)
      if ('oneOf' in out) out.oneOf = list(out.oneOf, node)
      if ('required' in out) out.required = list(out.required, (name) => name)
    } finally {
      onPath.delete(value as object)
    }
    return out
  }
  return node(schema)
}

/** OP-21: the subset assertion under `choices` (register() and the schema functions); `root` adds JSS-12's object root. */
export function assertSupportedUnder(choices: RegistryChoices | undefined, schema: unknown, root?: 'object'): asserts schema is JsonSchemaNode {
  const violations = collectSchemaViolations(schema, 'schema', choices)
  if (root === 'object' && violations.length === 0 && readSchemaRecord(schema)?.get('type') !== 'object') {
    violations.push('schema.type must be "object" (structured output is object-rooted)')
  }
  if (violations.length > 0) throw new JsonSchemaError(violations)
}

/**
 * OP-21, OP-22, OP-23, OP-25: the assertions, compilers and validateArgs as `choices` shape them (each as the
 * reference's function of that name does under the defaults). defineTool keeps the defaults.
 */
export function schemaUnderChoices(choices: RegistryChoices) {
  const parameterSchemaSpecToJsonSchema = (spec: unknown): JsonSchemaNode => {
    const schema = compileParameterSpec(spec, 'parameters', choices)
    assertSupportedUnder(choices, schema)
    return schema
  }
  const valueSchemaSpecToJsonSchema = (spec: unknown): JsonSchemaNode => {
    const schema = compileValueSpec(spec, 'schema', choices)
    assertSupportedUnder(choices, schema)
    return schema
  }
  return {
    assertSupportedJsonSchema: (schema: unknown): void => assertSupportedUnder(choices, schema),
    assertObjectJsonSchema: (schema: unknown): void => assertSupportedUnder(choices, schema, 'object'),
    parameterSchemaSpecToJsonSchema,
    valueSchemaSpecToJsonSchema,
    validateArgs: (spec: unknown, args: unknown): string[] => validateJsonSchemaValue(parameterSchemaSpecToJsonSchema(spec), args, ''),
  }
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

/**
 * OP-45: how the body's value and its projections are snapshotted: deep-frozen, or under `top-level` frozen at their top level only
 * (OP-75: under `ordinary-only` refusing what is not this realm's ordinary containers).
 */
export function outputSnapshot(choices: RegistryChoices | undefined): (value: unknown) => unknown {
  // OP-75: under `ordinary-only` a container that is not this realm's ordinary one is not lossless.
  const ordinaryOnly = choices?.outputPrototypes === 'ordinary-only'
  if (choices?.freezeDepth !== 'top-level') return ordinaryOnly ? (value) => frozenSnapshotJsonValue(value, true) : frozenSnapshotJsonValue
  return (value) => {
    const snapshot = snapshotJsonValue(value, ordinaryOnly)
    return typeof snapshot === 'object' && snapshot !== null ? Object.freeze(snapshot) : snapshot
  }
}
