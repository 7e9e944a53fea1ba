/**
 * The one list of surviving mutants of `reference/` that no conformance test
 * should kill, each with the reason:
 * - `equivalent`: the mutated program behaves, to every caller, exactly like
 *   the original;
 * - `unspecified`: the change shows only in something no rule pins (the
 *   wording of a message that neither the seeds nor upstream fix), so a
 *   test demanding the reference's choice would wrongly fail other registries.
 *
 * Nothing else may lower the bar: no Stryker "disable" comments in the code,
 * no mutators switched off. `npm run mutation:areas` leaves these out of the
 * scores (reported in their own column) and lists any entry that no longer
 * matches a surviving mutant, so the list cannot silently go stale.
 *
 * A mutant is matched by file, mutator, the exact source text it replaces and
 * the replacement text (Stryker's `replacement`), so entries survive edits
 * elsewhere in the file; `line` pins one occurrence when the text repeats.
 */
export interface EquivalentMutant {
  readonly kind: 'equivalent' | 'unspecified'
  /** Path relative to the kit root, e.g. `reference/pipeline/guards.ts`. */
  readonly file: string
  /** Stryker mutator name, e.g. `ConditionalExpression`. */
  readonly mutator: string
  /** The original source text the mutant replaces. */
  readonly original: string
  /** Stryker's replacement text. */
  readonly replacement: string
  /** Only this line (1-based) when the same text occurs more than once. */
  readonly line?: number
  /** Why no observable behaviour changes (`equivalent`), or what is observable and why no rule pins it (`unspecified`). */
  readonly reason: string
}

export const EQUIVALENT_MUTANTS: readonly EquivalentMutant[] = []

/** True when `mutant` is listed in `list`. */
export function isEquivalent(
  mutant: { readonly file: string; readonly mutator: string; readonly original: string; readonly replacement: string | undefined; readonly line: number },
  list: readonly EquivalentMutant[] = EQUIVALENT_MUTANTS,
): EquivalentMutant | undefined {
  return list.find(
    (e) =>
      e.file === mutant.file &&
      e.mutator === mutant.mutator &&
      e.original === mutant.original &&
      e.replacement === mutant.replacement &&
      (e.line === undefined || e.line === mutant.line),
  )
}
