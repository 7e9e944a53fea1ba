/**
 * Types of the rule catalogue. Every test, report entry, gallery registry and
 * property refers to a rule by its {@link RuleId}; nothing else copies a
 * rule's metadata.
 */
import type { FeatureName } from '../adapter/contract.ts'

/**
 * Rule areas. Each area's rules live in `areas/<area in lower case>.ts`; its
 * tests in `suite/<area in lower case>.test.ts` (and, for slow parts split off
 * to run in parallel, `suite/<area in lower case>.<shard>.test.ts`).
 */
export const AREAS = {
  REG: 'Registration',
  VIS: 'Visibility, scopes, restrictions, event routing',
  SCH: 'schemas() projection',
  MODE: 'executionMode classification',
  ARG: 'Argument materialisation, identity, freezing',
  PRE: 'tools/pre-execute, ask and approval',
  GRD: 'Guards',
  EXE: 'tools/execute wrappers and signals',
  OUT: 'Tool body and output validation',
  POST: 'tools/post-execute decisions',
  FIN: 'finalizeContent',
  RES: 'tools/result and frozen snapshots',
  CAN: 'Cancellation and abort codes',
  ERR: 'Error normalisation',
  CTX: 'deferContext, additionalContexts, concludeTurn',
  PRES: 'Presentation metadata',
  CM: 'Code Mode: run_code transport and sub-dispatch',
  DSL: 'Schema DSL and typing',
  JSS: 'JSON-Schema subset: assertion',
  JSV: 'JSON-Schema subset: value validation',
  TYP: 'Type-level contracts of the pipeline types',
} as const

export type Area = keyof typeof AREAS

/** `AREA-NN`, e.g. `GRD-03`. Stable: a published ID is never reused for another statement. */
export type RuleId = `${Area}-${string}`

/**
 * - `must`: the seeds require it, and the rule quotes the seed passages that
 *   say so ({@link Rule.quotes}). A failure fails the registry under every profile.
 * - `upstream`: upstream 0.1.1-rc.2 pins it where the seeds are silent or
 *   leave a choice open (an exception class, an optional `info` field, an
 *   exact message, a boundary); the rule names the upstream evidence
 *   ({@link Rule.evidence}). A failure fails the registry only under the
 *   `upstream` (drop-in compatibility) profile; under `spec` it is reported
 *   as a deviation.
 * - `should`: the kit's own recommendation; reported, never failing.
 */
export type Level = 'must' | 'upstream' | 'should'

/** Every level, strongest first. */
export const LEVELS: readonly Level[] = ['must', 'upstream', 'should']

/**
 * What a grade holds a registry to:
 * - `spec` (the default): the seeds; only `must` rules fail a registry.
 * - `upstream`: drop-in compatibility with upstream 0.1.1-rc.2; `must` and
 *   `upstream` rules fail a registry.
 */
export type Profile = 'spec' | 'upstream'

/** Every profile a registry can be graded under, `spec` (the default) first. */
export const PROFILES: readonly Profile[] = ['spec', 'upstream']

/** The levels whose failures fail a registry under `profile`. */
export function failingLevels(profile: Profile): readonly Level[] {
  return profile === 'spec' ? ['must'] : ['must', 'upstream']
}

/** The three seed documents, by file name (the files in `../shared/seeds/`; the public document each copies is in `SOURCE_DOCUMENTS`). */
export const SEEDS = {
  '000': '000_d0264c851c1aa8de.txt',
  '001': '001_39056235981fe0ea.txt',
  '002': '002_7979047693bbb487.txt',
} as const

export type SeedKey = keyof typeof SEEDS

/** Where a rule comes from. */
export type RuleSource =
  /**
   * A seed states it; `heading` names the section as the seed prints it (seed 000/002: `§执行 (ToolGuard)`,
   * a key of `SOURCE_DOCUMENTS[seed].sections` plus an optional detail) or the line (seed 001: `L19`).
   * `describeSource` renders it in English against the public document.
   */
  | { readonly kind: 'seed'; readonly seed: SeedKey; readonly heading: string }
  /** The seeds are silent; the rule pins upstream 0.1.1-rc.2 behaviour. */
  | { readonly kind: 'upstream'; readonly note?: string }

/**
 * A seed passage that demands (part of) a rule, quoted verbatim: `text`
 * appears word for word in the seed's prose (its lines joined, diff markers
 * and doc-comment stars dropped, white space folded: `seedProse`), and
 * `section` cites where, in the form of {@link RuleSource}'s `heading`.
 */
export interface SeedQuote {
  readonly seed: SeedKey
  readonly section: string
  readonly text: string
}

/**
 * Where upstream 0.1.1-rc.2 pins an `upstream` rule: `file` in the
 * deepseek-harness repository at the release commit (a spec under
 * `packages/core/tools/tests/` or a source under `packages/core/tools/src/`),
 * `line` (1-based) and `text`, a fragment of that line or of the three lines
 * either side (a test's title, the statement that pins the behaviour),
 * checked against the upstream checkout when one is present.
 */
export interface UpstreamEvidence {
  readonly file: string
  readonly line: number
  readonly text: string
}

export interface Rule {
  readonly id: RuleId
  readonly area: Area
  readonly level: Level
  /** One sentence, in our words: what a conforming registry does. */
  readonly statement: string
  /** Seed section(s) or upstream behaviour the rule is derived from; the first is primary. */
  readonly sources: readonly [RuleSource, ...RuleSource[]]
  /**
   * The seed passages that demand the rule, verbatim. Every `must` rule is
   * to carry at least one: a behaviour no quote states is not a must.
   */
  readonly quotes?: readonly SeedQuote[]
  /** For an `upstream` rule: where upstream 0.1.1-rc.2 pins the behaviour. */
  readonly evidence?: readonly UpstreamEvidence[]
  /** Where upstream behaves differently from the seeds (the seeds win), or where the kit deliberately chose. */
  readonly divergence?: string
  /** Capabilities a registry must declare for the rule to apply. */
  readonly requires?: readonly FeatureName[]
  /** Set when the rule cannot be checked mechanically: the reason. Such a rule is reported `untestable`. */
  readonly untestable?: string
}
