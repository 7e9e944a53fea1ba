/**
 * `KitDefectError`: the kit itself misused its own machinery (a test reached
 * for a capability its rules do not require, a `forRules()` block broke its
 * ordering rules). It fails every rule of its test and is never marked for
 * a subset of them: the registry is not at fault.
 */
export class KitDefectError extends Error {
  override name = 'KitDefectError'
}
