/**
 * `inheritedReadings()`: what a scope may see of a name it does not register
 * itself, under every reading of the seeds, and which upstream rule pins
 * upstream's reading where they differ.
 *
 * The seeds leave four questions about inherited entries open, and the laws
 * that model views accept every answer and charge upstream's incidentally:
 *
 * - which of several ancestors' same-name entries is inherited (VIS-30,
 *   open point OP-37: the nearest, or the farthest);
 * - whether restrictions filter ancestors' registrations at all (VIS-31,
 *   OP-38: seed 000's prose says yes, its JSDoc "over global tools" no);
 * - whether an ancestor's restriction narrows its descendants' views
 *   (VIS-32, OP-39);
 * - whether an ancestor's restriction hides that ancestor's own
 *   registrations (or those of its ancestors) from its descendants (VIS-26,
 *   OP-07).
 *
 * What every reading agrees on is the must rules' (VIS-01, VIS-10): a scoped
 * registration shadows a global one, and the scope's own restrictions filter
 * the global tools it inherits.
 *
 * @module
 */
import type { RuleId } from '../../conformance/catalogue/index.ts'

/** One answer to each open question; upstream's is every `true`. */
interface Reading {
  /** VIS-30: the nearest ancestor's entry wins (else the farthest's). */
  readonly nearest: boolean
  /** VIS-31: restrictions filter ancestors' registrations too. */
  readonly coversAncestors: boolean
  /** VIS-32: an ancestor's restrictions apply to its descendants' views. */
  readonly propagates: boolean
  /** VIS-26: an ancestor's restriction hides what that ancestor (or a farther one) registered, from its descendants. */
  readonly hidesOwn: boolean
}

const UPSTREAM: Reading = { nearest: true, coversAncestors: true, propagates: true, hidesOwn: true }
const FLIPS: readonly [RuleId, keyof Reading][] = [
  ['VIS-30', 'nearest'],
  ['VIS-31', 'coversAncestors'],
  ['VIS-32', 'propagates'],
  ['VIS-26', 'hidesOwn'],
]

/** The scope's surroundings for one name. `E` is whatever identifies an entry (a registration, a probe). */
export interface InheritedCase<E> {
  /** The entry of each ancestor of the scope, nearest first (undefined where that ancestor registers none). */
  readonly ancestorEntries: readonly (E | undefined)[]
  /** The global layer's entry, if any. */
  readonly globalEntry: E | undefined
  /** Whether a live restriction installed on the scope itself excludes the name. */
  readonly excludedByOwn: boolean
  /** For each ancestor, nearest first: whether a live restriction installed on it excludes the name. */
  readonly excludedByAncestor: readonly boolean[]
}

/** What the readings make of one case. */
export interface InheritedReadings<E> {
  /** What upstream shows. */
  readonly upstream: E | undefined
  /** Every answer some reading gives (upstream's included). */
  readonly readings: readonly (E | undefined)[]
  /**
   * The rule whose reading decides between upstream's answer and `other`:
   * the one whose choice alone, flipped from upstream's, gives `other`. None
   * when several do, or none does (a registry departing from upstream on
   * more than one point): the law cannot tell which rule is at stake, and
   * each rule's example tests pin it on its own.
   */
  rulesFor(other: E | undefined): RuleId[]
}

function resolveUnder<E>(c: InheritedCase<E>, r: Reading): E | undefined {
  const holders = c.ancestorEntries.flatMap((entry, i) => (entry === undefined ? [] : [i]))
  const at = holders.length === 0 ? undefined : r.nearest ? holders[0] : holders[holders.length - 1]
  const excludedAbove = (from: number): boolean => c.excludedByAncestor.some((x, i) => x && i >= from)
  const excludedBelow = (until: number): boolean => c.excludedByAncestor.some((x, i) => x && i < until)
  if (at === undefined) {
    if (c.globalEntry === undefined) return undefined
    const hidden = c.excludedByOwn || (r.propagates && excludedAbove(0))
    return hidden ? undefined : c.globalEntry
  }
  const entry = c.ancestorEntries[at]
  if (!r.coversAncestors) return entry
  // Restrictions of the scope and of the ancestors between it and the entry's layer; then those of that layer and farther.
  const hidden = c.excludedByOwn || (r.propagates && (excludedBelow(at) || (r.hidesOwn && excludedAbove(at))))
  return hidden ? undefined : entry
}

/** The answers every reading gives for `c` (see the module doc). */
export function inheritedReadings<E>(c: InheritedCase<E>): InheritedReadings<E> {
  const upstream = resolveUnder(c, UPSTREAM)
  const readings: (E | undefined)[] = []
  for (const nearest of [true, false])
    for (const coversAncestors of [true, false])
      for (const propagates of [true, false])
        for (const hidesOwn of [true, false]) {
          const answer = resolveUnder(c, { nearest, coversAncestors, propagates, hidesOwn })
          if (!readings.includes(answer)) readings.push(answer)
        }
  const flipped = FLIPS.map(([rule, key]) => [rule, resolveUnder(c, { ...UPSTREAM, [key]: false })] as const)
  return {
    upstream,
    readings,
    rulesFor(other) {
      const exact = flipped.filter(([, answer]) => answer === other).map(([rule]) => rule)
      return exact.length === 1 ? exact : []
    },
  }
}
