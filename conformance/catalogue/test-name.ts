/**
 * The naming convention every kit test follows: `[ID, ID, ...] title`, the
 * rules it checks first (see `check()` and `law()`). Grading, the mutation
 * evidence and the evidence pass all read the IDs back through this one
 * function.
 */
const PREFIX = /^\[([^\]]*)\]/

/** The IDs in a test name's `[...]` prefix, in order; `[]` when there is none. Not checked against the catalogue. */
export function ruleIdsInTestName(name: string): string[] {
  const match = PREFIX.exec(name)
  if (match === null) return []
  return (match[1] ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '')
}
