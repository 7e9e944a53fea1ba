/**
 * Internal: the suite revision, a fingerprint of everything that decides a
 * verdict (see {@link computeSuiteRevision}), reported beside the kit version
 * so that two kit revisions with the same version can be told apart.
 */
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

/** The folders, relative to a source checkout's root, whose contents decide verdicts. */
export const REVISION_SOURCES = ['conformance/catalogue', 'conformance/suite', 'properties', 'types', 'fixtures/json-schema'] as const

/**
 * `sha256:` and the first 12 hex digits of a SHA-256 over every file of
 * {@link REVISION_SOURCES} under `root` (its path relative to `root`, then
 * its bytes, in path order), the kit's own tests of those folders included.
 * Line endings are normalised to `\n`, so a checkout's line-ending settings
 * do not change it.
 */
export function computeSuiteRevision(root: string): string {
  const hash = createHash('sha256')
  const files = REVISION_SOURCES.flatMap((dir) => listFiles(join(root, dir))).sort()
  for (const file of files) {
    hash.update(`${relative(root, file).split('\\').join('/')}\0`)
    hash.update(readFileSync(file, 'utf8').replace(/\r\n/g, '\n'))
    hash.update('\0')
  }
  return `sha256:${hash.digest('hex').slice(0, 12)}`
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((entry) => join(dir, entry))
    .filter((path) => statSync(path).isFile())
}
