/**
 * Internal: the feature names of the adapter contract as a runtime list.
 * The contract only declares them as a type; the compile-time check below
 * fails when the two drift apart.
 */
import type { FeatureName } from '../../adapter/contract.ts'

/** Every feature an adapter may declare, in contract order. */
export const KNOWN_FEATURES = [
  'scopes',
  'scopeParents',
  'approval',
  'presentationMeta',
  'changeEvents',
  'schema',
  'codedErrors',
  'codeMode',
  'warnings',
  'promptAssembly',
] as const satisfies readonly FeatureName[]

type Unlisted = Exclude<FeatureName, (typeof KNOWN_FEATURES)[number]>
// A compile error here means a FeatureName is missing from KNOWN_FEATURES.
const everyFeatureListed: [Unlisted] extends [never] ? true : Unlisted = true
void everyFeatureListed

/** True when `name` is a feature of the contract. */
export function isFeatureName(name: string): name is FeatureName {
  return (KNOWN_FEATURES as readonly string[]).includes(name)
}
