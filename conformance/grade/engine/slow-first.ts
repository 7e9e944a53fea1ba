/**
 * Internal: the order in which a grade starts its suite files.
 *
 * vitest runs the tests of one file one after another and the files in
 * parallel, one per worker. Without timings from an earlier run (a grade
 * keeps none) it starts the largest files first; the files holding the
 * 5,000-level schema and value cases are the smallest of the suite, so a
 * slow validator (upstream's takes 10–20 s for each of them) would meet them
 * last, with one worker left running them alone while the other idles.
 *
 * {@link SLOW_SUITE_FILES} lists the files that take a slow registry
 * longest, slowest first; they are started before the rest. Only the order
 * depends on this list: a file missing from it, or listed and gone, changes
 * how long a grade takes, never a verdict.
 */

/**
 * Suite files as paths from the kit root, without the `.test.ts` /
 * `.test.js` ending, slowest first as measured grading upstream
 * 0.1.1-rc.2 on a 2-core machine (2026-12-04: 8–19 s each for the three
 * files of valid 5,000-level data, then 1–4 s each).
 */
export const SLOW_SUITE_FILES: readonly string[] = [
  'conformance/suite/jsv.deep-arrays',
  'conformance/suite/jsv.deep-objects',
  'conformance/suite/dsl.deep-args',
  'properties/visibility',
  'properties/sequences',
  'properties/code-mode',
  'conformance/suite/jsv',
  'conformance/suite/jss',
  'properties/cancellation',
  'conformance/suite/dsl',
  'properties/results',
  'properties/policy',
]

const ENDING = /\.test\.[cm]?[jt]s$/

/**
 * `files` with those named in `listed` first, in their listed order, and the
 * others after them in their given order. `listed` holds paths from `root`,
 * with or without a `.test.ts` / `.test.js` ending; `pathOf` gives a file's
 * absolute path.
 */
export function listedFirst<T>(files: readonly T[], listed: readonly string[], root: string, pathOf: (file: T) => string): T[] {
  const prefix = root.endsWith('/') ? root : `${root}/`
  const keys = listed.map((entry) => entry.replace(ENDING, ''))
  const rank = (file: T): number => {
    const path = pathOf(file)
    const index = keys.indexOf((path.startsWith(prefix) ? path.slice(prefix.length) : path).replace(ENDING, ''))
    return index === -1 ? keys.length : index
  }
  // Array.prototype.sort is stable: the others keep their order.
  return [...files].sort((a, b) => rank(a) - rank(b))
}
