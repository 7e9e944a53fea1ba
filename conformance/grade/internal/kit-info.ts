/**
 * Internal: facts about the kit itself, read from its package.json.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * The kit root: the folder holding conformance/, reference/, properties/ and
 * types/. In a clone that is the repository (the .ts sources, with
 * package.json); in the built package it is its dist/ folder (the compiled
 * .js, same layout), one level below package.json.
 */
export const KIT_ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/** The kit's package.json. */
const PACKAGE_JSON = new URL(import.meta.url.endsWith('.ts') ? '../../../package.json' : '../../../../package.json', import.meta.url)

let cached: { readonly name: string; readonly version: string } | undefined

/** `name` and `version` of the kit's package.json. */
export function kitInfo(): { readonly name: string; readonly version: string } {
  if (cached === undefined) {
    const pkg = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { name?: unknown; version?: unknown }
    cached = { name: typeof pkg.name === 'string' ? pkg.name : 'dsh-tools-tck', version: typeof pkg.version === 'string' ? pkg.version : '0.0.0' }
  }
  return cached
}
