import type { Area, Level, Rule, RuleId, RuleSource, SeedKey, SeedQuote, UpstreamEvidence } from './types.ts'

/**
 * Source citing a seed section (seed 000/002: `§<section key> (<detail>)`, the key one of
 * `SOURCE_DOCUMENTS[key].sections`; a Chinese detail needs its English in `DETAIL_ENGLISH`),
 * or seed 001 line numbers (`L19`, `L27-28`). `source-documents.test.ts` enforces both.
 */
export function seed(key: SeedKey, heading: string): RuleSource {
  return { kind: 'seed', seed: key, heading }
}

/** Source for a rule where the seeds are silent and upstream 0.1.1-rc.2 behaviour is pinned. */
export function upstream(note?: string): RuleSource {
  return note === undefined ? { kind: 'upstream' } : { kind: 'upstream', note }
}

/**
 * A verbatim seed passage demanding a rule: `section` cited as in {@link seed}
 * (`§执行 (ToolGuard)`, or `L19` for seed 001), `text` word for word as the
 * seed's prose has it (catalogue.test.ts checks it is there).
 */
export function quote(key: SeedKey, section: string, text: string): SeedQuote {
  return { seed: key, section, text }
}

/**
 * Where upstream 0.1.1-rc.2 pins an `upstream` rule: `text` stands at `line`
 * of `file` (or within three lines of it) at the release commit.
 */
export function evidence(file: string, line: number, text: string): UpstreamEvidence {
  return { file, line, text }
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
