/**
 * Internal: facts about the kit itself, read from its package.json.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The kit root (the folder holding package.json and conformance/). */
export const KIT_ROOT = fileURLToPath(new URL('../../../', import.meta.url))

let cached: { readonly name: string; readonly version: string } | undefined

/** `name` and `version` of the kit's package.json. */
export function kitInfo(): { readonly name: string; readonly version: string } {
  if (cached === undefined) {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { name?: unknown; version?: unknown }
    cached = { name: typeof pkg.name === 'string' ? pkg.name : 'dsh-tools-tck', version: typeof pkg.version === 'string' ? pkg.version : '0.0.0' }
  }
  return cached
}
