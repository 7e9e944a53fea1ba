/**
 * Suite adequacy evidence: which rules' tests are shown to be able to fail.
 *
 * A rule's tests count as evidence when they kill at least one Stryker mutant
 * of the reference registry (`npm run mutation`) or when a registry of the
 * broken gallery (`fixtures/broken/`, `fixtures/broken-types/`) declares the
 * rule among those it violates and grading catches it. A testable rule with
 * neither is `weak`: its tests pass on the reference and nobody has shown a
 * wrong registry they reject.
 *
 * The evidence is a property of the kit, not of the registry being graded, so
 * it is computed once and committed as `evidence.json` next to this file
 * (`npm run adequacy` rewrites it; `npm run mutation` does so after every
 * run). `adequacy.test.ts` keeps its gallery part in step with the fixtures.
 */
import { $Array, $JSON, $Number, $Object } from '../suite/_kit/intrinsics.ts'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { RULES, isRuleId } from '../catalogue/index.ts'
import type { Rule, RuleId } from '../catalogue/index.ts'

/** The committed evidence file. */
export const EVIDENCE_FILE = fileURLToPath(new URL('./evidence.json', import.meta.url))

/** Totals of the mutation run the kill counts come from. */
export interface MutationTotals {
  /** Mutants Stryker generated in `reference/`. */
  readonly mutants: number
  readonly killed: number
  readonly timeout: number
  readonly survived: number
  readonly noCoverage: number
  /** Mutants that did not type-check (not counted in the score). */
  readonly compileErrors: number
  /** (killed + timeout) / (killed + timeout + survived + noCoverage), in percent, two decimals: every listed survivor left out. */
  readonly score: number
  /** The same with the `unspecified` survivors counted as survivors: only equivalent and unobservable mutants left out. */
  readonly strictScore: number
  /** Stryker's own score, every listed survivor counted as a survivor. */
  readonly strykerScore: number
  /** Survivors listed as `equivalent` in `conformance/adequacy/equivalent-mutants.ts`. */
  readonly equivalent: number
  /** Survivors listed as `unspecified` there. */
  readonly unspecified: number
  /**
   * Survivors listed as `unobservable` there (they break a rule the adapter
   * cannot see). Absent in evidence written before the kind existed: read as 0.
   */
  readonly unobservable?: number
  /**
   * The strict score of each rule area (`npm run mutation:areas`), in percent,
   * two decimals; `null` for an area with no valid mutant. Absent in evidence
   * written before it was recorded.
   */
  readonly areas?: Readonly<Record<string, number | null>>
}

/** The contents of `evidence.json`. */
export interface Evidence {
  /** ISO 8601 time of the mutation report the kill counts were read from; `null` before the first run. */
  readonly mutationReportAt: string | null
  readonly mutation: MutationTotals | null
  /**
   * Mutants killed by a test that names the rule, per rule. A mutant killed
   * by a test naming several rules counts for each. Stryker stops a mutant at
   * its first failing test, so this is a lower bound.
   */
  readonly mutantsKilled: Readonly<Partial<Record<RuleId, number>>>
  /** Gallery registries (`broken/<name>` or `broken-types/<name>`) declaring the rule, per rule. */
  readonly gallery: Readonly<Partial<Record<RuleId, readonly string[]>>>
}

/** What the report says about one rule's tests. */
export interface RuleAdequacy {
  readonly mutantsKilled: number
  readonly galleryBugs: readonly string[]
  /** Testable, yet no mutant killed and no gallery bug declared. */
  readonly weak: boolean
}

/** Thrown when the evidence file is missing or malformed; the message names the file and field. */
export class EvidenceError extends Error {
  override name = 'EvidenceError'
}

/** Reads and checks the evidence file. */
export function loadEvidence(file = EVIDENCE_FILE): Evidence {
  let raw: unknown
  try {
    raw = $JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new EvidenceError(`cannot read the adequacy evidence ${file}: ${(error as Error).message} (run \`npm run adequacy\`)`)
  }
  return checkEvidence(raw, file)
}

/** Validates the parsed evidence; every problem names `where` and the field. */
export function checkEvidence(raw: unknown, where: string): Evidence {
  const fail = (field: string, what: string): never => {
    throw new EvidenceError(`${where}: ${field} ${what}`)
  }
  if (!isRecord(raw)) return fail('the top level', 'is not an object')
  const at = raw.mutationReportAt
  if (at !== null && typeof at !== 'string') fail('mutationReportAt', 'is neither a string nor null')
  const mutation = raw.mutation
  if (mutation !== null) {
    if (!isRecord(mutation)) fail('mutation', 'is neither an object nor null')
    for (const key of [
      'mutants',
      'killed',
      'timeout',
      'survived',
      'noCoverage',
      'compileErrors',
      'score',
      'strictScore',
      'strykerScore',
      'equivalent',
      'unspecified',
    ]) {
      const value = (mutation as Record<string, unknown>)[key]
      if (typeof value !== 'number' || !$Number.isFinite(value) || value < 0) fail(`mutation.${key}`, 'is not a non-negative number')
    }
    const unobservable = (mutation as Record<string, unknown>).unobservable
    if (unobservable !== undefined && (typeof unobservable !== 'number' || !$Number.isInteger(unobservable) || unobservable < 0)) {
      fail('mutation.unobservable', 'is not a non-negative integer')
    }
    const areas = (mutation as Record<string, unknown>).areas
    if (areas !== undefined) {
      if (!isRecord(areas)) fail('mutation.areas', 'is not an object')
      for (const [area, value] of $Object.entries(areas as Record<string, unknown>)) {
        if (value !== null && (typeof value !== 'number' || !(value >= 0 && value <= 100)))
          fail(`mutation.areas["${area}"]`, 'is neither a percentage nor null')
      }
    }
  }
  const kills = raw.mutantsKilled
  if (!isRecord(kills)) return fail('mutantsKilled', 'is not an object')
  for (const [id, count] of $Object.entries(kills)) {
    if (!isRuleId(id)) fail(`mutantsKilled["${id}"]`, 'is not a catalogue rule')
    if (!$Number.isInteger(count) || (count as number) < 1) fail(`mutantsKilled["${id}"]`, 'is not a positive integer')
  }
  const gallery = raw.gallery
  if (!isRecord(gallery)) return fail('gallery', 'is not an object')
  for (const [id, names] of $Object.entries(gallery)) {
    if (!isRuleId(id)) fail(`gallery["${id}"]`, 'is not a catalogue rule')
    if (!$Array.isArray(names) || names.length === 0 || !names.every((n) => typeof n === 'string')) fail(`gallery["${id}"]`, 'is not a non-empty list of names')
  }
  return raw as unknown as Evidence
}

/** The adequacy of one rule under `evidence`. Untestable rules are never weak: they have no tests to judge. */
export function ruleAdequacy(rule: Rule, evidence: Evidence): RuleAdequacy {
  const mutantsKilled = evidence.mutantsKilled[rule.id] ?? 0
  const galleryBugs = evidence.gallery[rule.id] ?? []
  return { mutantsKilled, galleryBugs, weak: rule.untestable === undefined && mutantsKilled === 0 && galleryBugs.length === 0 }
}

/** Every weak rule of the catalogue under `evidence`, in catalogue order. */
export function weakRules(evidence: Evidence, rules: readonly Rule[] = RULES): readonly Rule[] {
  return rules.filter((rule) => ruleAdequacy(rule, evidence).weak)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !$Array.isArray(value)
}
