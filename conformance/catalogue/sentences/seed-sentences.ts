/**
 * The committed sentences of the three seeds (`sentences.json`, written by
 * `npm run sentences` from `../shared/seeds`): the kit ships them so that
 * `dsh-tools-tck spec` and the HTML report's spec view work without the seed
 * files. `sentences.test.ts` fails when the file is not what the seeds give.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { SeedKey } from '../types.ts'
import type { PlacedSentence } from './locate.ts'

/** One committed sentence: its stable ID (`000-042`: seed and ordinal) and its place. */
export interface SeedSentence extends PlacedSentence {
  readonly id: string
}

/** The committed file: each seed's running prose (as `seedProse` gives it) and its sentences. */
export interface SeedSentences {
  readonly prose: Readonly<Record<SeedKey, string>>
  readonly sentences: readonly SeedSentence[]
}

/** Where the committed sentences live. */
export const SENTENCES_FILE = fileURLToPath(new URL('./sentences.json', import.meta.url))

let cached: SeedSentences | undefined

/** The committed sentences, read once. */
export function seedSentences(): SeedSentences {
  cached ??= JSON.parse(readFileSync(SENTENCES_FILE, 'utf8')) as SeedSentences
  return cached
}

/** The text of `sentences.json`: one sentence per line, so a change is a readable diff. */
export function renderSeedSentences(data: SeedSentences): string {
  const prose = (Object.keys(data.prose) as SeedKey[]).map((key) => `    ${JSON.stringify(key)}: ${JSON.stringify(data.prose[key])}`)
  const lines = data.sentences.map((s) =>
    JSON.stringify({ id: s.id, seed: s.seed, section: s.section, line: s.line, kind: s.kind, start: s.start, text: s.text }),
  )
  return `{\n  "prose": {\n${prose.join(',\n')}\n  },\n  "sentences": [\n    ${lines.join(',\n    ')}\n  ]\n}\n`
}
