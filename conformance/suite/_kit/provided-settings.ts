/**
 * The setup file that receives the suite settings a run provides
 * (./settings.ts, {@link SUITE_SETTINGS_KEY}): a grade lists it first among
 * its setup files, and so do the kit's own vitest configs. It runs before
 * each suite file is loaded, so `check()` declares every test under the
 * run's settings. A run that provides none gets the defaults.
 */
// First: the kit's built-ins are captured before the adapter loads (intrinsics.ts).
import './intrinsics.ts'
import { inject } from 'vitest'
import { SUITE_SETTINGS_KEY, useSuiteSettings } from './settings.ts'

useSuiteSettings(inject(SUITE_SETTINGS_KEY))
