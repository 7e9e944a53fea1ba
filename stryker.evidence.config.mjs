// `npm run mutation:evidence` (scripts/mutation-evidence.ts): the targeted
// pass for the weak rules. The script picks the mutants (DSH_TCK_EVIDENCE_MUTATE,
// a JSON list of Stryker `mutate` ranges) and the rules whose tests run
// (DSH_TCK_ONLY_RULES) and where the report goes (DSH_TCK_EVIDENCE_REPORT);
// every other test is skipped. It leaves the main run's
// incremental file and reports alone.
import base from './stryker.config.mjs'

const ranges = JSON.parse(process.env.DSH_TCK_EVIDENCE_MUTATE ?? '[]')

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: ranges.length > 0 ? ranges : base.mutate,
  // Every candidate compiled in the main run, so the checker would only add
  // its start-up and per-mutant cost. Mutants nested inside a candidate's
  // range are run too, compiling or not; scripts/adequacy-evidence.ts credits
  // a kill here only for a mutant the main run detected.
  checkers: ranges.length > 0 ? [] : base.checkers,
  incremental: false,
  reporters: ['json', 'progress-append-only'],
  jsonReporter: { fileName: process.env.DSH_TCK_EVIDENCE_REPORT ?? 'reports/mutation/evidence.json' },
  tempDirName: '.stryker-tmp-evidence',
}
