/**
 * `npm run sentences`: writes conformance/catalogue/sentences/sentences.json,
 * the seeds split into sentences (the reviewer's view, `dsh-tools-tck spec`),
 * from the seed files (`../shared/seeds`, or DSH_TCK_SEEDS).
 * conformance/catalogue/sentences/sentences.test.ts fails until it is current.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildSeedSentences } from '../conformance/catalogue/sentences/build-sentences.ts'
import { SENTENCES_FILE, renderSeedSentences } from '../conformance/catalogue/sentences/seed-sentences.ts'
import { SEEDS, type SeedKey } from '../conformance/catalogue/types.ts'

const dir = process.env.DSH_TCK_SEEDS || fileURLToPath(new URL('../../shared/seeds', import.meta.url))
const texts = Object.fromEntries(Object.entries(SEEDS).map(([key, file]) => [key, readFileSync(`${dir}/${file}`, 'utf8')])) as Record<SeedKey, string>
const data = buildSeedSentences(texts)
writeFileSync(SENTENCES_FILE, renderSeedSentences(data))
process.stdout.write(`${relative(process.cwd(), SENTENCES_FILE)}: ${data.sentences.length} sentences\n`)
