/**
 * Which tests `check()` declares. Unset (the default: grading runs, the
 * kit's own `npm test`), every test is declared; grading filters by name
 * through vitest instead. The embedding (`dsh-tools-tck/vitest`) sets a
 * pattern in its suite settings (`select`, ./settings.ts), so a project that
 * embeds a rule subset gets exactly those tests, not the rest reported as
 * skipped.
 */
import { suiteSettings } from './settings.ts'

/** Whether a test of this name is declared under the current selection. */
export function isSelected(name: string): boolean {
  const pattern = suiteSettings().select
  return pattern === undefined || pattern.test(name)
}
