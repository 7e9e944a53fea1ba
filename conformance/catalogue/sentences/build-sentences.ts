/**
 * Builds the committed sentences ({@link SeedSentences}) from the seed texts.
 */
import { seedProse } from '../internal/seed-prose.ts'
import type { SeedKey } from '../types.ts'
import { placeSentences } from './locate.ts'
import type { SeedSentence, SeedSentences } from './seed-sentences.ts'
import { splitSeed } from './split-seed.ts'

/** The sentences of every seed, each placed in its seed's prose and given its ID (`000-042`). */
export function buildSeedSentences(texts: Readonly<Record<SeedKey, string>>): SeedSentences {
  const prose = {} as Record<SeedKey, string>
  const sentences: SeedSentence[] = []
  for (const seed of Object.keys(texts).sort() as SeedKey[]) {
    prose[seed] = seedProse(texts[seed])
    placeSentences(prose[seed], splitSeed(seed, texts[seed])).forEach((s, index) => {
      sentences.push({ id: `${seed}-${String(index + 1).padStart(3, '0')}`, ...s })
    })
  }
  return { prose, sentences }
}
