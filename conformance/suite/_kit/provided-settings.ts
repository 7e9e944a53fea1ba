/**
 * The setup file that receives the suite settings a run provides
 * (./settings.ts, {@link SUITE_SETTINGS_KEY}): a grade lists it first among
 * its setup files, and so do the kit's own vitest configs. It runs before
 * each suite file is loaded, so `check()` declares every test under the
 * run's settings. A run that provides none gets the defaults. Before any
 * adapter code loads, it captures the built-ins the kit judges with
 * (intrinsics.ts) and makes vitest's matchers judge with them
 * (impartial-matchers.ts).
 */
// First: the kit's built-ins are captured before the adapter loads (intrinsics.ts).
import './intrinsics.ts'
import { inject } from 'vitest'
import { installImpartialMatchers } from './impartial-matchers.ts'
import { SUITE_SETTINGS_KEY, useSuiteSettings } from './settings.ts'

installImpartialMatchers()
useSuiteSettings(inject(SUITE_SETTINGS_KEY))
