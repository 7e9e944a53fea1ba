/**
 * The profile a baseline was written under, and the check that it is the
 * grade's: a baseline records the failures of the levels that decide under
 * its profile (`failingLevels`), so it can only judge a grade of that profile.
 */
import type { Profile } from '../../catalogue/types.ts'
import { UsageError } from '../errors.ts'
import type { Baseline } from './types.ts'

/** The profile `baseline` was written under: its `profile`, or `spec` for a file without one (written before baselines recorded it). */
export function baselineProfile(baseline: Pick<Baseline, 'profile'>): Profile {
  return baseline.profile ?? 'spec'
}

/**
 * Throws a {@link UsageError} when `baseline` was written under another
 * profile than `profile` (the grade's). The one-line message names
 * `subject` (how the baseline is named to the user, e.g. `--baseline
 * ci/baseline.json`) and both profiles, and says how to resolve it: grade
 * under the baseline's profile, or rewrite the baseline under the grade's.
 */
export function assertSameProfile(baseline: Pick<Baseline, 'profile'>, profile: Profile, subject = 'the baseline'): void {
  const written = baselineProfile(baseline)
  if (written === profile) return
  throw new UsageError(
    `${subject} was written under --profile ${written}, but this grade is under --profile ${profile}: grade with --profile ${written}, or rewrite the baseline with --update-baseline under --profile ${profile}`,
  )
}
