/**
 * Internal to `npm run bench`: one full grade of the reference in its own
 * process, so its peak RSS (`process.resourceUsage().maxRSS`, which covers
 * the grade's vitest worker threads: the pool is threads, in this process)
 * is the grade's alone. Prints one JSON line on stdout.
 *
 * The split: `typesMs` is the report's own wall time of the tsd suites;
 * `suiteMs` is the rest of the wall time (the one vitest run of the example
 * tests and property laws, with its startup and collection, the adapter
 * check and building the report); within it, `conformanceMs` and
 * `propertiesMs` are the summed durations, as vitest reports them, of the
 * distinct tests of `conformance/suite/` and of `properties/`. Vitest's
 * per-test durations are its own clock (they include the test's hooks), so
 * the two sums are a split of test time, not of wall time, and need not add
 * up to `suiteMs`.
 */
import { grade } from '../../../conformance/grade/grade.ts'

const report = await grade()
const seen = new Set<string>()
let conformanceMs = 0
let propertiesMs = 0
for (const rule of report.rules) {
  for (const test of rule.tests) {
    const key = `${test.file}\u0000${test.name}`
    if (seen.has(key) || test.durationMs === null) continue
    seen.add(key)
    if (test.file.startsWith('conformance/suite/')) conformanceMs += test.durationMs
    else if (test.file.startsWith('properties/')) propertiesMs += test.durationMs
  }
}
const typesMs = report.timing.typesMs ?? 0
const wallMs = report.timing.durationMs
console.log(
  JSON.stringify({
    wallMs,
    suiteMs: wallMs - typesMs,
    conformanceMs: Math.round(conformanceMs),
    propertiesMs: Math.round(propertiesMs),
    typesMs,
    maxRssKiB: process.resourceUsage().maxRSS,
    rules: report.rules.length,
    conforms: report.summary.conforms,
  }),
)
