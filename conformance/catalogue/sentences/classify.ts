/**
 * The first reading of a sentence: normative (it demands, forbids or fixes a
 * behaviour, a shape or a code) or descriptive (narrative, examples,
 * rationale, pointers), with a short reason. `sentence-notes.ts` corrects it
 * where a careful reading of the seed disagrees; both are catalogue data and
 * `sentences.test.ts` holds every normative one to be covered or excused.
 */
import type { SentenceKind } from './split-seed.ts'

/** A reading of one sentence. */
export interface Reading {
  readonly normative: boolean
  readonly reason: string
}

const DEMAND_EN =
  /\b(must|MUST|never|NEVER|only|cannot|can't|fail|fails|throws?|rejects?|denies|denied|denial|deny|required|requires|exactly|always|remains?|preserves?|returns?|resolves?|replaces?|contained|frozen|immutable|readonly|may|excludes?|excluding|whitelists|applies|intersect|shadows?|is|are|settles?|reports|freezes|fuses|runs|carries|receives|assigns|materiali[sz]es|validates|compiles|normali[sz]es|without|before|after|once|every|not|no|none|both|either)\b/u
const DEMAND_ZH =
  /必须|绝不|不能|不会|只有|仅|只能|要求|拒绝|抛出|始终|总是|必需|失败|冻结|保持|返回|不得|禁止|可以|不可|无法|会被|都会|变为|恰好|一次|保留|替换|包含|屏障|独占|遵循|拒|校验/u
const DESCRIPTIVE =
  /^(see |e\.g\.|source|for example|完整的|见 |参见|例如|比如|画成|先沿|这一篇|很多工具|图中|下面|上面|本页|本文|源码：|generated from source)|Agent Note|\.agents\/notes|\(\.\/[a-z-]+\.md|\[[a-z.-]+\.md\]/iu

/** The heuristic reading of `text` of the given kind; `sentence-notes.ts` overrides it. */
export function classifySentence(text: string, kind: SentenceKind): Reading {
  if (kind === 'decl') return { normative: true, reason: 'declaration: fixes a shape of the API' }
  if (kind === 'heading') {
    return /— (emit|waterfall)$/u.test(text)
      ? { normative: true, reason: 'heading that fixes the dispatch mode of an event' }
      : { normative: false, reason: 'heading' }
  }
  if (DESCRIPTIVE.test(text)) return { normative: false, reason: 'pointer, example or narrative' }
  if (/^@param\b|^`\w+` — /u.test(text)) {
    return /\b(must|never|only|denies|deny|fail|fails)\b/u.test(text)
      ? { normative: true, reason: 'parameter contract that demands a behaviour' }
      : { normative: false, reason: 'names what a parameter is' }
  }
  if (/^@returns\b|^\*\*Returns\*\*/u.test(text)) return { normative: true, reason: 'return contract' }
  if (/^@mode\b/u.test(text)) return { normative: true, reason: 'fixes the dispatch mode of an event' }
  if (DEMAND_ZH.test(text) || DEMAND_EN.test(text)) return { normative: true, reason: 'states a behaviour, a shape or a code' }
  return { normative: false, reason: 'narrative: states no behaviour' }
}
