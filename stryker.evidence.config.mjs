// `npm run mutation:evidence` (scripts/mutation-evidence.ts): the targeted
// pass for the weak rules. The script picks the mutants (DSH_TCK_EVIDENCE_MUTATE_FILE,
// a file holding a JSON list of Stryker `mutate` ranges) and the rules whose tests run
// (DSH_TCK_ONLY_RULES) and where the report goes (DSH_TCK_EVIDENCE_REPORT);
// every other test is skipped. It leaves the main run's
// incremental file and reports alone.
import { readFileSync } from 'node:fs'
import base from './stryker.config.mjs'

const rangesFile = process.env.DSH_TCK_EVIDENCE_MUTATE_FILE
const ranges = rangesFile === undefined || rangesFile === '' ? [] : JSON.parse(readFileSync(rangesFile, 'utf8'))

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: ranges.length > 0 ? ranges : base.mutate,
  // Every candidate compiled in the main run, so the checker would only add
  // its start-up and per-mutant cost. Mutants nested inside a candidate's
  // range are run too, compiling or not; scripts/adequacy-evidence.ts credits
  // a kill here only for a mutant the main run detected.
  checkers: ranges.length > 0 ? [] : base.checkers,
  // Every failing test of the weak rules is reported, not just the first
  // (conformance/suite/_kit/only-rules.ts skips the ones that could add no
  // credit), so which weak rule gets a kill does not depend on test order.
  disableBail: true,
  // A kill here only re-attributes credit: the main run has decided every
  // candidate's status. So the limit is generous, and load cannot turn a
  // kill into a timeout (which credits no test); scripts/mutation-evidence.ts
  // leaves out candidates around a mutant that timed out in the main run, so
  // few runs ever reach it.
  timeoutMS: 5_000,
  incremental: false,
  reporters: ['json', 'progress-append-only'],
  jsonReporter: { fileName: process.env.DSH_TCK_EVIDENCE_REPORT ?? 'reports/mutation/evidence.json' },
  tempDirName: '.stryker-tmp-evidence',
}
