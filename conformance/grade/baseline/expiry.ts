/**
 * When a baseline entry has expired.
 */
import type { BaselineExpiry } from './types.ts'

/**
 * Why `expires` has run out, or `undefined` while it has not (or is absent).
 * A `date` has expired on and after that UTC day (`today` is `YYYY-MM-DD`);
 * a `kitVersion` once the grading kit's version is that version or later
 * (compared by semver precedence: x.y.z as numbers, a pre-release such as
 * `1.2.0-rc.1` earlier than `1.2.0`, pre-release identifiers compared one by
 * one, numeric ones as numbers). A kit version that is not x.y.z[-pre]
 * never expires an entry. A `suiteRevision` has expired once the grading
 * kit's suite revision is another one (a report of format 1.11 or later
 * always has one; without it, nothing expires).
 */
export function expiryReason(expires: BaselineExpiry | undefined, today: string, kitVersion: string, suiteRevision?: string): string | undefined {
  if (expires === undefined) return undefined
  if (expires.date !== undefined) return today >= expires.date ? `it expired on ${expires.date} (today is ${today})` : undefined
  if (expires.suiteRevision !== undefined) {
    return suiteRevision === undefined || suiteRevision === expires.suiteRevision
      ? undefined
      : `it was recorded for suite revision ${expires.suiteRevision} (this kit's is ${suiteRevision})`
  }
  const order = compareVersions(kitVersion, expires.kitVersion)
  return order !== undefined && order >= 0 ? `it expired with kit version ${expires.kitVersion} (this kit is ${kitVersion})` : undefined
}

/** Sign of `a - b` for versions `x.y.z[-pre][+build]` by semver precedence (build ignored), or `undefined` when either is not one. */
export function compareVersions(a: string, b: string): number | undefined {
  const pa = parseVersion(a)
  const pb = parseVersion(b)
  if (pa === undefined || pb === undefined) return undefined
  for (let i = 0; i < 3; i += 1) {
    const d = (pa.core[i] as number) - (pb.core[i] as number)
    if (d !== 0) return Math.sign(d)
  }
  if (pa.pre === pb.pre) return 0
  if (pa.pre === undefined) return 1
  if (pb.pre === undefined) return -1
  return comparePreRelease(pa.pre.split('.'), pb.pre.split('.'))
}

/** Semver pre-release precedence: identifier by identifier; numbers below words; a shorter list first when equal so far. */
function comparePreRelease(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    const x = a[i] as string
    const y = b[i] as string
    if (x === y) continue
    const nx = /^\d+$/.test(x)
    const ny = /^\d+$/.test(y)
    if (nx && ny) return Math.sign(Number(x) - Number(y))
    if (nx !== ny) return nx ? -1 : 1
    return x < y ? -1 : 1
  }
  return Math.sign(a.length - b.length)
}

function parseVersion(version: string): { core: number[]; pre?: string } | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(version.trim())
  if (match === null) return undefined
  return { core: [Number(match[1]), Number(match[2]), Number(match[3])], ...(match[4] === undefined ? {} : { pre: match[4] }) }
}
