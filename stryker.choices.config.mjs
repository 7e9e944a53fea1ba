// The choices pass of `npm run mutation` (scripts/mutation-choices.ts): the
// mutants the main run left uncovered, run against the suite with the
// reference taking the other side of a group of open points
// (fixtures/choices/other-side*.ts), since that is the only place the code
// of those sides runs. The script picks the mutants
// (DSH_TCK_CHOICES_MUTATE_FILE, a file holding a JSON list of Stryker
// `mutate` ranges), the group (DSH_TCK_MUTATION_ADAPTER, read by
// vitest.mutation.config.ts) and where the report goes
// (DSH_TCK_CHOICES_REPORT). It leaves the main run's incremental file and
// reports alone.
import { readFileSync } from 'node:fs'
import base from './stryker.config.mjs'

const rangesFile = process.env.DSH_TCK_CHOICES_MUTATE_FILE
const ranges = rangesFile === undefined || rangesFile === '' ? [] : JSON.parse(readFileSync(rangesFile, 'utf8'))
if (ranges.length === 0)
  throw new Error('stryker.choices.config.mjs: no mutants given (DSH_TCK_CHOICES_MUTATE_FILE); run it through scripts/mutation-choices.ts')

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: ranges,
  incremental: false,
  reporters: ['json', 'progress-append-only'],
  jsonReporter: { fileName: process.env.DSH_TCK_CHOICES_REPORT ?? 'reports/mutation/choices.json' },
  tempDirName: '.stryker-tmp-choices',
}
