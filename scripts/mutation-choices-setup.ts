/**
 * Setup file of the choices pass of `npm run mutation` only
 * (scripts/mutation-choices.ts), listed after the provided settings: under a
 * group of other sides the rules pinning upstream's sides fail by design, so
 * the run judges as a grade at the spec profile does. A failure that would
 * not fail that profile (it concerns only upstream or should rules) skips its
 * test (conformance/suite/_kit/verdict-policy.ts), and only a must failure
 * kills a mutant.
 */
import { suiteSettings, useSuiteSettings } from '../conformance/suite/_kit/settings.ts'

if (process.env.DSH_TCK_MUTATION_ADAPTER) useSuiteSettings({ ...suiteSettings(), verdictPolicy: { profile: 'spec' } })
