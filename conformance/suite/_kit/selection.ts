/**
 * Which tests `check()` declares. Unset (the default: grading runs, the
 * kit's own `npm test`), every test is declared; grading filters by name
 * through vitest instead. The embedding (`dsh-tools-tck/vitest`) sets a
 * pattern while it imports the suite files, so a project that embeds a rule
 * subset gets exactly those tests, not the rest reported as skipped.
 */

let pattern: RegExp | undefined

/**
 * Declare only tests whose name (`[IDS] title`) matches `selection` from now
 * on; `undefined` declares every test again.
 */
export function selectTests(selection: RegExp | undefined): void {
  pattern = selection
}

/** Whether a test of this name is declared under the current selection. */
export function isSelected(name: string): boolean {
  return pattern === undefined || pattern.test(name)
}
