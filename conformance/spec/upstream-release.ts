/**
 * The upstream release the fidelity lane, the upstream map and the English
 * source headings describe, and where its build lives.
 */
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

/** "release dsh-0.1.1-rc.2" in the deepseek-harness repository. */
export const UPSTREAM_RELEASE_COMMIT = 'b150a551b8'

/** Upstream's build folder (../shared/upstream/build-upstream.sh's UPSTREAM): `DSH_UPSTREAM`, else `$TMPDIR/dsh-upstream`. */
export function upstreamBuildFolder(): string {
  const explicit = process.env.DSH_UPSTREAM
  return resolve(explicit !== undefined && explicit !== '' ? explicit : join(tmpdir(), 'dsh-upstream'))
}
