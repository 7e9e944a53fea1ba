/**
 * `npm run readme`: rewrites the README's generated evidence blocks from the
 * committed evidence (scripts/internal/readme-blocks.ts). `npm run mutation`
 * runs it after refreshing `conformance/adequacy/evidence.json`;
 * scripts/readme.test.ts fails until the README is current.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ReadmeBlockError, applyReadmeBlocks, renderReadmeBlocks } from './internal/readme-blocks.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const file = join(root, 'README.md')
try {
  const before = readFileSync(file, 'utf8')
  const after = applyReadmeBlocks(before, renderReadmeBlocks(root))
  if (after !== before) writeFileSync(file, after)
  process.stdout.write(after === before ? 'README.md: generated blocks are current\n' : 'README.md: generated blocks rewritten\n')
} catch (error) {
  if (!(error instanceof ReadmeBlockError)) throw error
  process.stderr.write(`readme: ${error.message}\n`)
  process.exitCode = 2
}
