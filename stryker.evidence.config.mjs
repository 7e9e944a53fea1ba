// `npm run mutation:evidence`: a second pass for the weak rules only.
// Stryker stops a mutant at its first failing test, so a rule whose tests
// always fail second gets no credit in the main run. This pass skips every
// test but the weak rules' (DSH_TCK_ONLY_RULES, set by
// scripts/mutation-evidence.ts), so any kill is theirs. It leaves the main
// run's incremental file and reports alone.
import base from './stryker.config.mjs'

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  incremental: false,
  reporters: ['json', 'progress-append-only'],
  jsonReporter: { fileName: 'reports/mutation/evidence.json' },
  tempDirName: '.stryker-tmp-evidence',
}
