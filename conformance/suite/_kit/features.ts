/**
 * Which optional capabilities one test may use. A test may use:
 *
 * - a feature its rules require or its options list in `needs`: the test
 *   runs only when the adapter declares all of them (otherwise it is
 *   `not-applicable`), so such a feature is always there;
 * - a feature it lists in `optional`, only when the adapter declares it: the
 *   test must do without it (generate only cases that do not need it) when
 *   the adapter does not.
 *
 * Any other use is a defect of the kit, not of the registry: the test would
 * fail a registry for lacking a capability the rule does not need. The
 * gate throws a {@link KitDefectError} saying so.
 */
import type { FeatureManifest, FeatureName } from '../../adapter/contract.ts'
import type { Rule } from '../../catalogue/index.ts'
import { KitDefectError } from './kit-defect.ts'

export { KitDefectError }

/** What one test may use in one run. */
export interface FeatureGate {
  /** True when the test may use `feature` now: needed, or optional and declared by the adapter. */
  has(feature: FeatureName): boolean
  /** Throws a {@link KitDefectError} unless {@link has}(`feature`); `what` names the member the test reached for. */
  use(feature: FeatureName, what: string): void
}

/** The features a test needs: what its rules require plus its own `needs`. */
export function neededFeatures(rules: readonly Pick<Rule, 'requires'>[], needs: readonly FeatureName[] = []): Set<FeatureName> {
  const needed = new Set<FeatureName>(needs)
  for (const rule of rules) for (const feature of rule.requires ?? []) needed.add(feature)
  return needed
}

/**
 * The gate of a test that needs `needed` (all declared by the adapter, or the
 * test would not run) and may use `optional` when `declared` has it.
 */
export function featureGate(needed: ReadonlySet<FeatureName>, optional: readonly FeatureName[], declared: FeatureManifest): FeatureGate {
  const has = (feature: FeatureName): boolean => needed.has(feature) || (optional.includes(feature) && declared[feature] === true)
  return {
    has,
    use(feature, what) {
      if (has(feature)) return
      if (optional.includes(feature)) {
        throw new KitDefectError(
          `kit defect: the test used ${what}, but "${feature}" is optional for it and the adapter does not declare it; the test must do without it here (the registry is not at fault)`,
        )
      }
      throw new KitDefectError(
        `kit defect: the test used ${what}, but "${feature}" is neither required by its rules nor among its needs or optional features (the registry is not at fault)`,
      )
    },
  }
}
