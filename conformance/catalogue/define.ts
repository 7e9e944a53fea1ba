import type { Area, Level, Rule, RuleId, RuleSource, SeedKey } from './types.ts'

/** Source citing a seed section (seed 000/002 headings, or seed 001 line numbers). */
export function seed(key: SeedKey, heading: string): RuleSource {
  return { kind: 'seed', seed: key, heading }
}

/** Source for a rule where the seeds are silent and upstream 0.1.1-rc.2 behaviour is pinned. */
export function upstream(note?: string): RuleSource {
  return note === undefined ? { kind: 'upstream' } : { kind: 'upstream', note }
}

type RuleInput = Omit<Rule, 'area'> & { readonly id: RuleId }

/** Builds an area's rule list, deriving `area` from each ID and checking the prefix. */
export function defineArea(area: Area, rules: readonly RuleInput[]): readonly Rule[] {
  return rules.map((r) => {
    if (!r.id.startsWith(`${area}-`)) throw new Error(`rule ${r.id} is filed under area ${area}`)
    return Object.freeze({ ...r, area }) as Rule
  })
}

export type { Level }
