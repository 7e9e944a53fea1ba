/**
 * Internal: the fields a `1.x` report of an older minor version lacks
 * because they were added later, filled with neutral defaults so the report
 * can be checked against (and used as) the current shape.
 */
import { $Array, $structuredClone } from '../../suite/_kit/intrinsics.ts'
import { NO_RULES } from '../formats/verdict.ts'

/** `--stall-limit`'s documented default, in milliseconds: the value filled in for a report older than 1.5. */
import { DEFAULT_STALL_LIMIT_MS } from '../../limits.ts'

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !$Array.isArray(value)

/** Sets `object[key]` to `value` when `object` is an object and has no such key. */
function fill(object: unknown, key: string, value: unknown): void {
  if (isObject(object) && !(key in object)) object[key] = value
}

/**
 * Returns a copy of the report `value` of minor version `minor` (of the
 * current major) with every required field that was added after that minor
 * filled in when absent, per docs/REPORT.md's version notes:
 *
 * - before 1.2: `summary.partialPasses` 0 and `summary.fixtures` all zeros;
 * - before 1.3: `vacuous` 0 in every rule count (`summary.must`,
 *   `summary.should`, and those of each `summary.areas` entry);
 * - before 1.5: `slowTests` `[]`, `summary.slowTests` 0 and
 *   `options.stallLimitMs` {@link DEFAULT_STALL_LIMIT_MS};
 * - before 1.9 (no profiles, no `upstream` level): `options.profile`
 *   `spec` (such a report graded as `spec`: only must rules failed a
 *   registry), and zero `upstream` counts in `summary` and in each
 *   `summary.areas` entry (such a report has no upstream rules). These
 *   fields are optional in the schema; they are filled so a consumer reads
 *   the report as what it was.
 * - before 1.12: `blocked` 0 in every rule count (such a report has no
 *   `blocked` status: its blocked rules are `untestable` or partial passes).
 *
 * A field present is never changed, a field the report's own minor version
 * already required is never filled (so its absence stays a schema error),
 * and a parent that is not an object is left for the schema check to
 * report. `value` itself is not modified. Pure.
 */
export function withOlderMinorDefaults(value: Json, minor: number): Json {
  const report = $structuredClone(value)
  const summary = report.summary
  if (minor < 2) {
    fill(summary, 'partialPasses', 0)
    fill(summary, 'fixtures', { files: 0, validationTests: 0, unsupportedCases: 0, tests: { total: 0, pass: 0, fail: 0, notApplicable: 0, skipped: 0 } })
  }
  if (minor < 3 && isObject(summary)) {
    const counts: unknown[] = [summary.must, summary.should]
    if ($Array.isArray(summary.areas)) for (const area of summary.areas) if (isObject(area)) counts.push(area.must, area.should)
    for (const count of counts) fill(count, 'vacuous', 0)
  }
  if (minor < 5) {
    fill(report, 'slowTests', [])
    fill(summary, 'slowTests', 0)
    fill(report.options, 'stallLimitMs', DEFAULT_STALL_LIMIT_MS)
  }
  if (minor < 9) {
    fill(report.options, 'profile', 'spec')
    fill(summary, 'upstream', { ...NO_RULES })
    if (isObject(summary) && $Array.isArray(summary.areas)) for (const area of summary.areas) fill(area, 'upstream', { ...NO_RULES })
  }
  if (minor < 12 && isObject(summary)) {
    const counts: unknown[] = [summary.must, summary.upstream, summary.should]
    if ($Array.isArray(summary.areas)) for (const area of summary.areas) if (isObject(area)) counts.push(area.must, area.upstream, area.should)
    for (const count of counts) fill(count, 'blocked', 0)
  }
  return report
}
