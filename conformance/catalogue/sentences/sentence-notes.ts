/**
 * The hand-made part of the reviewer's view: where a careful reading of a
 * sentence corrects the heuristic one (`classify.ts`), and why a normative
 * sentence that no tested must rule quotes is excused. Keyed by sentence ID
 * (`sentences.json`).
 *
 * Excuses (see `Excuse`): out of the registry's scope (the agent loop, the
 * session, the prompt, a UI, another package), untestable through any adapter,
 * or a repeat of another sentence (named). `sentences.test.ts` fails on a
 * normative sentence that is neither covered nor excused.
 */

/** Why a normative sentence has no rule: its reason in one line. */
export type Excuse =
  | { readonly kind: 'out-of-scope'; readonly reason: string }
  | { readonly kind: 'untestable'; readonly reason: string }
  | { readonly kind: 'repeats'; readonly of: string; readonly reason: string }

/** A correction of the heuristic reading and/or an excuse. */
export interface SentenceNote {
  /** The sentence is descriptive after all: why. */
  readonly descriptive?: string
  /** The sentence is normative after all: why. */
  readonly normative?: string
  readonly excuse?: Excuse
}

/** Sentence ID → its note. */
export const SENTENCE_NOTES: Readonly<Record<string, SentenceNote>> = {
  '000-007': {
    excuse: {
      kind: 'repeats',
      of: '000-020',
      reason:
        "its demand is that the output declaration is mandatory (REG-01 rejects a definition without output); the other members are the declaration's own lines, graded through their prose",
    },
  },
  '000-010': { descriptive: 'names what the ToolOutputDefinition interface is for' },
  '000-027': {
    excuse: {
      kind: 'out-of-scope',
      reason: "a demand on the tool's author (its body or callback), not on the registry, which can only be graded through what it does with a tool",
    },
  },
  '000-035': {
    excuse: { kind: 'repeats', of: '000-031', reason: 'the registry replaces the content with the returned blocks, and undefined preserves it' },
  },
  '000-044': {
    excuse: {
      kind: 'repeats',
      of: '000-009',
      reason: 'schemas() builds the model-facing projection from an explicit allowlist that leaves isConcurrencySafe out',
    },
  },
  '000-045': {
    excuse: {
      kind: 'out-of-scope',
      reason: "a demand on the tool's author (its body or callback), not on the registry, which can only be graded through what it does with a tool",
    },
  },
  '000-046': {
    excuse: {
      kind: 'out-of-scope',
      reason: "a demand on the tool's author (its body or callback), not on the registry, which can only be graded through what it does with a tool",
    },
  },
  '000-049': {
    excuse: {
      kind: 'out-of-scope',
      reason: "a demand on the tool's author (its body or callback), not on the registry, which can only be graded through what it does with a tool",
    },
  },
  '000-079': { descriptive: 'names what the ParameterPropertySpec type is' },
  '000-088': {
    excuse: {
      kind: 'untestable',
      reason: "a compile-time property of the DSL's InferValue type, which belongs to the authoring helpers: no registry adapter carries it",
    },
  },
  '000-091': { excuse: { kind: 'repeats', of: '000-088', reason: 'the same inference bound, in the JSDoc' } },
  '000-111': { excuse: { kind: 'repeats', of: '000-107', reason: 'an allow list excludes every inherited tool it does not list' } },
  '000-150': {
    excuse: {
      kind: 'out-of-scope',
      reason:
        "how the agent loop schedules calls (barriers, rolling pool): the loop's side; the registry's part, executionMode(), is graded by the rules quoting its JSDoc",
    },
  },
  '000-152': {
    excuse: {
      kind: 'out-of-scope',
      reason:
        "what the modes mean to the scheduler that applies them, which 000-150 names as the agent loop; no seed has Code Mode schedule its sub-calls by mode, so the bridge's scheduling is upstream's (CM-17, OP-61)",
    },
  },
  '000-196': { excuse: { kind: 'repeats', of: '000-193', reason: 'a returned reason denies the call; undefined leaves it unchanged' } },
  '000-229': { descriptive: 'rationale for materialising the canonical value' },
  '000-235': {
    excuse: {
      kind: 'untestable',
      reason:
        'the TypeScript return types of listeners (as at 000-236); the adapter contract declares its own listener types, and what each decision does is graded by the rules quoting 000-238 and 000-244',
    },
  },
  '000-236': {
    excuse: {
      kind: 'untestable',
      reason:
        'the TypeScript signatures of listeners; the adapter contract declares its own listener types, and what each decision does is graded by the rules quoting 000-238 and the event sections',
    },
  },
  '000-299': {
    excuse: {
      kind: 'out-of-scope',
      reason: "the presentation vocabulary a tool's presentCall/presentResult return and a UI renders: the tool's and the UI's side, not the registry's",
    },
  },
  '000-301': {
    excuse: {
      kind: 'out-of-scope',
      reason: "the presentation vocabulary a tool's presentCall/presentResult return and a UI renders: the tool's and the UI's side, not the registry's",
    },
  },
  '000-302': {
    excuse: {
      kind: 'out-of-scope',
      reason: "how a UI replaces a pending view with a completed one, and what mutating tools return: the UI's and the tools' side",
    },
  },
  '000-310': { descriptive: 'how the generated catalogue is formatted' },
  '000-359': { excuse: { kind: 'repeats', of: '000-355', reason: 'the returned outcome is the materialised, frozen snapshot' } },
  '000-362': {
    excuse: {
      kind: 'untestable',
      reason:
        "the Cordis dispatch mode (emit or waterfall) is how a host's event bus calls listeners; the adapter contract exposes listeners and next() directly, so only the behaviour the mode implies is graded (by the rules that quote the event's prose)",
    },
  },
  '000-367': {
    excuse: {
      kind: 'untestable',
      reason:
        "the Cordis dispatch mode (emit or waterfall) is how a host's event bus calls listeners; the adapter contract exposes listeners and next() directly, so only the behaviour the mode implies is graded (by the rules that quote the event's prose)",
    },
  },
  '000-369': {
    excuse: {
      kind: 'untestable',
      reason:
        "the Cordis dispatch mode (emit or waterfall) is how a host's event bus calls listeners; the adapter contract exposes listeners and next() directly, so only the behaviour the mode implies is graded (by the rules that quote the event's prose)",
    },
  },
  '000-381': {
    excuse: {
      kind: 'untestable',
      reason:
        "the Cordis dispatch mode (emit or waterfall) is how a host's event bus calls listeners; the adapter contract exposes listeners and next() directly, so only the behaviour the mode implies is graded (by the rules that quote the event's prose)",
    },
  },
  '000-383': {
    excuse: {
      kind: 'untestable',
      reason:
        "the Cordis dispatch mode (emit or waterfall) is how a host's event bus calls listeners; the adapter contract exposes listeners and next() directly, so only the behaviour the mode implies is graded (by the rules that quote the event's prose)",
    },
  },
  '000-393': {
    excuse: {
      kind: 'untestable',
      reason:
        "the Cordis dispatch mode (emit or waterfall) is how a host's event bus calls listeners; the adapter contract exposes listeners and next() directly, so only the behaviour the mode implies is graded (by the rules that quote the event's prose)",
    },
  },
  '000-406': {
    excuse: {
      kind: 'untestable',
      reason:
        "the Cordis dispatch mode (emit or waterfall) is how a host's event bus calls listeners; the adapter contract exposes listeners and next() directly, so only the behaviour the mode implies is graded (by the rules that quote the event's prose)",
    },
  },
  '000-408': {
    excuse: {
      kind: 'untestable',
      reason:
        "the Cordis dispatch mode (emit or waterfall) is how a host's event bus calls listeners; the adapter contract exposes listeners and next() directly, so only the behaviour the mode implies is graded (by the rules that quote the event's prose)",
    },
  },
  '000-418': {
    excuse: {
      kind: 'untestable',
      reason:
        "the Cordis dispatch mode (emit or waterfall) is how a host's event bus calls listeners; the adapter contract exposes listeners and next() directly, so only the behaviour the mode implies is graded (by the rules that quote the event's prose)",
    },
  },
  '000-429': {
    excuse: {
      kind: 'untestable',
      reason:
        "the Cordis dispatch mode (emit or waterfall) is how a host's event bus calls listeners; the adapter contract exposes listeners and next() directly, so only the behaviour the mode implies is graded (by the rules that quote the event's prose)",
    },
  },
  '000-038': {
    excuse: { kind: 'out-of-scope', reason: 'the deadline is enforced by the timeout-policy package (a tools/execute wrapper), not by the registry' },
  },
  '000-119': { excuse: { kind: 'repeats', of: '000-178', reason: 'the token is an opaque identity shared only as the parent token' } },
  '000-131': { excuse: { kind: 'out-of-scope', reason: 'who sets the agent: the agent loop' } },
  '000-331': { excuse: { kind: 'repeats', of: '000-192', reason: 'guards run after every tools/pre-execute listener' } },
  '002-028': { excuse: { kind: 'repeats', of: '000-192', reason: 'guards run after every tools/pre-execute listener' } },
  '002-035': { excuse: { kind: 'repeats', of: '000-192', reason: 'guards run after every tools/pre-execute listener' } },
  '000-040': {
    normative: 'a demand on the author declaring timeoutMs',
    excuse: {
      kind: 'out-of-scope',
      reason: "a demand on the tool's author (its body or callback), not on the registry, which can only be graded through what it does with a tool",
    },
  },
  '000-056': {
    normative: 'fixes what presentResult returns',
    excuse: {
      kind: 'out-of-scope',
      reason: "the presentation a tool's presentResult returns and a UI renders: the tool's and the UI's side, not the registry's",
    },
  },
  '000-057': {
    normative: 'a purity demand on presentResult',
    excuse: {
      kind: 'out-of-scope',
      reason: "a demand on the tool's author (its body or callback), not on the registry, which can only be graded through what it does with a tool",
    },
  },
  '000-102': { descriptive: 'states the trust model of registration, not a behaviour' },
  '000-113': { normative: 'fixes what deny does' },
  '000-118': {
    normative: 'names the type of the final outcome',
    excuse: {
      kind: 'untestable',
      reason:
        "the name of an upstream type; the adapter contract declares its own result type, and the result's shape is graded through the RES and TYP rules quoting its declaration",
    },
  },
  '000-160': { normative: 'fixes what a tools/code-dispatch-log listener receives as exec: the outer run_code execution' },
  '000-161': { excuse: { kind: 'repeats', of: '000-160', reason: "the declaration of the field its doc comment fixes (the listener's exec)" } },
  '000-162': { normative: "fixes what a tools/code-dispatch-log listener receives as agent: the outer call's" },
  '000-166': { normative: 'fixes what a tools/code-dispatch-log listener receives as name: the sub-tool, not run_code' },
  '000-167': { excuse: { kind: 'repeats', of: '000-166', reason: "the declaration of the field its doc comment fixes (the listener's name)" } },
  '000-171': { excuse: { kind: 'repeats', of: '000-170', reason: "the declaration of the field its doc comment fixes (the listener's content)" } },
  '000-183': {
    normative: 'fixes who sees a replaced signal',
    excuse: { kind: 'repeats', of: '000-180', reason: 'a tools/execute wrapper may replace the signal for what it delegates to' },
  },
  '000-207': {
    normative: 'fixes that the value stays out of durable events',
    excuse: {
      kind: 'out-of-scope',
      reason: "durable events are the session log's; the registry's part (the value reaches final observers) is covered at 000-355",
    },
  },
  '000-232': {
    normative: 'fixes what final live observers see',
    excuse: { kind: 'repeats', of: '000-355', reason: 'final observers receive the same lossless, frozen snapshot' },
  },
  '000-287': { normative: 'fixes that description is ignored for validation' },
  '000-289': { normative: 'fixes that title is ignored for validation' },
  '000-325': {
    normative: 'fixes where a restriction applies',
    excuse: { kind: 'repeats', of: '000-105', reason: 'a ToolRestriction acts on what the calling scope inherits' },
  },
  '002-016': {
    normative: 'fixes where a restriction applies',
    excuse: { kind: 'repeats', of: '000-105', reason: 'a ToolRestriction acts on what the calling scope inherits' },
  },
  '002-022': {
    normative: 'fixes where a restriction applies',
    excuse: { kind: 'repeats', of: '000-105', reason: 'a ToolRestriction acts on what the calling scope inherits' },
  },
  '002-043': {
    normative: 'a demand on presenters',
    excuse: { kind: 'out-of-scope', reason: "what presenters (UI code) pass to get(): the UI's side; get()'s own scoping is covered" },
  },
  '002-049': {
    normative: 'a demand on presenters',
    excuse: { kind: 'out-of-scope', reason: "what presenters (UI code) pass to get(): the UI's side; get()'s own scoping is covered" },
  },
  '002-072': {
    normative: 'fixes the order of the pipeline',
    excuse: { kind: 'repeats', of: '000-353', reason: 'the same order, which the seed-000 JSDoc also gives with content finalization' },
  },
  '002-079': {
    normative: 'fixes the order of the pipeline',
    excuse: { kind: 'repeats', of: '000-353', reason: 'the same order, which the seed-000 JSDoc also gives with content finalization' },
  },
  '000-141': { excuse: { kind: 'repeats', of: '000-142', reason: "deferContext attaches context to this execution's own result (the ToolRunContext JSDoc)" } },
  '000-191': { excuse: { kind: 'repeats', of: '000-194', reason: 'guards have no allow result, so later listeners cannot undo a denial' } },
  '000-192': { normative: 'fixes where guards run: after every pre-execute listener, before the body' },
  '001-009': {
    normative: 'fixes the order of the pipeline stages',
    excuse: {
      kind: 'repeats',
      of: '000-116',
      reason: 'the same order: resolve, pre-execute and guards, execute, post-processing and finalization, tools/result',
    },
  },
  '001-039': { descriptive: "rationale: whether an external operation may be retried is the tool's business" },
  '001-022': {
    normative: 'a global registration does not make a tool usable by every agent',
    excuse: { kind: 'repeats', of: '001-023', reason: 'scopes, restrictions and the presentation mode shape what is visible and dispatchable' },
  },
  '001-058': {
    normative: 'fixes that deferred contexts have an insertion order',
    excuse: { kind: 'out-of-scope', reason: "where the agent loop inserts deferred contexts into the conversation: the loop's side" },
  },
  '001-059': {
    normative: 'fixes when the loop appends deferred contexts',
    excuse: { kind: 'out-of-scope', reason: "where the agent loop inserts deferred contexts into the conversation: the loop's side" },
  },
  '001-071': {
    normative: 'a post-execution block cannot undo writes',
    excuse: { kind: 'out-of-scope', reason: "side effects of a tool body outside the process are not the registry's to roll back" },
  },
  '001-018': { descriptive: "reading advice about the walkthrough's diagram" },
  '001-019': { excuse: { kind: 'repeats', of: '001-020', reason: 'handled pipeline failures become error results and a denied call never reaches the body' } },
  '001-029': { excuse: { kind: 'repeats', of: '000-250', reason: 'only allowed-once proceeds; a missing approval channel or service becomes a denial' } },
  '001-031': { excuse: { kind: 'repeats', of: '000-250', reason: 'only allowed-once proceeds; a missing approval channel or service becomes a denial' } },
  '001-036': { descriptive: 'advice to plugin authors on where to put a restriction' },
  '001-041': { descriptive: 'rationale: retry middleware cannot create idempotency' },
  '001-042': { excuse: { kind: 'out-of-scope', reason: 'what external services accept as an idempotency key: outside the registry' } },
  '001-043': { descriptive: 'narrative transition of the walkthrough' },
  '001-044': { excuse: { kind: 'repeats', of: '000-396', reason: 'post-execute may accept, replace, enrich or block' } },
  '001-047': {
    excuse: {
      kind: 'repeats',
      of: '000-254',
      reason:
        'a post-execute block turns the result returned to the caller into an isError result; that writes already made are not rolled back is outside the registry (as at 001-071)',
    },
  },
  '001-048': { descriptive: 'advice on where to review content and where to prevent actions' },
  '001-064': { descriptive: 'a warning about what a schema alone cannot enforce' },
  '001-068': { descriptive: 'a warning about shell tools bypassing file-edit checks' },
  '001-070': { descriptive: 'advice to tool authors on what to document' },
  '000-055': {
    normative: 'fixes what presentResult receives',
    excuse: {
      kind: 'out-of-scope',
      reason: "what a tool's presentResult is given is the presenter's call (a UI), not the registry's: the registry never invokes presentResult",
    },
  },
  '000-212': {
    excuse: {
      kind: 'repeats',
      of: '000-142',
      reason: "deferContext attaches context to this execution's own result, a success included (CTX-01's tests read additionalContexts on successes)",
    },
  },
  '000-265': { excuse: { kind: 'repeats', of: '000-264', reason: 'the declaration of the scalar values enum and const admit' } },
  '000-272': { excuse: { kind: 'repeats', of: '000-266', reason: 'type is one single-type keyword (JSS-03 rejects a type array)' } },
  '000-274': { excuse: { kind: 'repeats', of: '000-273', reason: 'oneOf is an array of branch nodes (JSS-04 checks its shape)' } },
  '000-284': { excuse: { kind: 'repeats', of: '000-283', reason: 'enum is an array of scalar values (JSS-07 checks its shape and members)' } },
  '000-286': { excuse: { kind: 'repeats', of: '000-285', reason: 'const is one scalar value (JSS-07 checks it)' } },
  '000-292': { excuse: { kind: 'repeats', of: '000-291', reason: 'the declaration of the lossless-JSON default' } },
  '000-294': { excuse: { kind: 'repeats', of: '000-293', reason: 'the declaration of the lossless-JSON examples' } },
  '000-300': { normative: 'fixes the ToolCallView union: its cards and their fields' },
  '000-303': { normative: 'fixes the ToolCallKind enumeration' },
  '000-304': { normative: 'fixes the shapes of FileLocation, FileDiff and ReadFileLine' },
  '000-427': {
    normative: 'fixes that result observers receive the execution that went through the pipeline, not a copy with a new identity',
    excuse: {
      kind: 'repeats',
      of: '000-227',
      reason:
        'the immutable ToolExecution accompanies the result through every hook (ARG-02 checks the token tools/result sees is that of every earlier stage)',
    },
  },
  '000-069': { excuse: { kind: 'repeats', of: '000-064', reason: 'a member of the ValueSchemaSpec union the prose lists' } },
  '000-070': { excuse: { kind: 'repeats', of: '000-064', reason: 'a member of the ValueSchemaSpec union the prose lists' } },
  '000-071': { excuse: { kind: 'repeats', of: '000-064', reason: 'a member of the ValueSchemaSpec union the prose lists' } },
  '000-072': { excuse: { kind: 'repeats', of: '000-064', reason: 'a member of the ValueSchemaSpec union the prose lists' } },
  '000-073': { excuse: { kind: 'repeats', of: '000-064', reason: 'a member of the ValueSchemaSpec union the prose lists' } },
  '000-074': { excuse: { kind: 'repeats', of: '000-064', reason: 'a member of the ValueSchemaSpec union the prose lists' } },
  '000-075': { excuse: { kind: 'repeats', of: '000-064', reason: 'a member of the ValueSchemaSpec union the prose lists' } },
  '000-076': { excuse: { kind: 'repeats', of: '000-064', reason: 'a member of the ValueSchemaSpec union the prose lists' } },
  '000-077': { excuse: { kind: 'repeats', of: '000-064', reason: 'a member of the ValueSchemaSpec union the prose lists' } },
  '000-078': { excuse: { kind: 'repeats', of: '000-064', reason: 'a member of the ValueSchemaSpec union the prose lists' } },
  '000-083': { excuse: { kind: 'repeats', of: '000-082', reason: 'the parameter map is an implicit open object root of property specs' } },
  '000-084': { excuse: { kind: 'repeats', of: '000-080', reason: 'each property is a value spec with an optional required: true' } },
  '002-077': { excuse: { kind: 'repeats', of: '002-074', reason: 'the returned outcome is the materialised, frozen snapshot' } },
  '002-084': { excuse: { kind: 'repeats', of: '002-081', reason: 'the returned outcome is the materialised, frozen snapshot' } },
}

/**
 * The excuse of every declaration line (`readonly signal: AbortSignal`) that
 * no tested must rule quotes: the kit reaches a registry only through the
 * adapter contract, whose own types stand in for upstream's names, so a
 * declaration is checked through the behaviour its prose states (and, for the
 * pipeline types, through the TYP rules that quote it).
 */
export const DECLARATION_EXCUSE: Excuse = {
  kind: 'untestable',
  reason:
    "a line of an upstream TypeScript declaration: a registry is reached only through the adapter contract, whose types replace upstream's names; the shape is graded through the rules that quote it or its prose",
}
