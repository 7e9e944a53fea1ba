/**
 * `kitLabel()`: how every output names the kit that graded.
 */
import type { GradeReport } from '../report.ts'

/** `dsh-tools-tck 0.2.0 (suite sha256:0123456789ab)`; without the revision for a report older than format 1.11. */
export function kitLabel(kit: GradeReport['kit']): string {
  return `${kit.name} ${kit.version}${kit.suiteRevision === undefined ? '' : ` (suite ${kit.suiteRevision})`}`
}
