/**
 * Internal: facts about the kit itself, read from its package.json.
 */
import { $JSON } from '../../suite/_kit/intrinsics.ts'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { computeSuiteRevision } from './suite-revision.ts'

/**
 * The kit root: the folder holding conformance/, reference/, properties/ and
 * types/. In a clone that is the repository (the .ts sources, with
 * package.json); in the built package it is its dist/ folder (the compiled
 * .js, same layout), one level below package.json.
 */
export const KIT_ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/** The kit's package.json. */
const PACKAGE_JSON = new URL(import.meta.url.endsWith('.ts') ? '../../../package.json' : '../../../../package.json', import.meta.url)

/**
 * The built package's record of its suite revision, written by
 * scripts/build-package.mjs from the sources it was built from (the compiled
 * files would hash differently).
 */
export const SUITE_REVISION_FILE = fileURLToPath(new URL('./suite-revision.json', import.meta.url))

/** What the kit says of itself in every report. */
export interface KitInfo {
  readonly name: string
  readonly version: string
  /** A fingerprint of the catalogue, the suite, the laws, the type suites and the JSON-Schema fixtures (suite-revision.ts). */
  readonly suiteRevision: string
}

let cached: KitInfo | undefined

/** `name` and `version` of the kit's package.json, and the suite revision of its sources. */
export function kitInfo(): KitInfo {
  if (cached === undefined) {
    const pkg = $JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { name?: unknown; version?: unknown }
    cached = {
      name: typeof pkg.name === 'string' ? pkg.name : 'dsh-tools-tck',
      version: typeof pkg.version === 'string' ? pkg.version : '0.0.0',
      suiteRevision: suiteRevision(),
    }
  }
  return cached
}

/** The built package's recorded revision, or (a clone) the one computed from the sources. */
function suiteRevision(): string {
  if (!import.meta.url.endsWith('.ts') && existsSync(SUITE_REVISION_FILE)) {
    const recorded = ($JSON.parse(readFileSync(SUITE_REVISION_FILE, 'utf8')) as { suiteRevision?: unknown }).suiteRevision
    if (typeof recorded === 'string') return recorded
  }
  return computeSuiteRevision(KIT_ROOT)
}
