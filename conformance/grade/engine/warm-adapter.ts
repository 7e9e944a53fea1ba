/**
 * Internal: a vitest setup file of grading runs, after the one that receives
 * the suite settings (run-suite.ts). It imports the adapter they name in
 * each test worker before the first test is collected, so the first test's
 * time budget is not spent loading (and transforming) the adapter. An import
 * failure is left for the tests themselves to report.
 */
import { suiteAdapter } from '../../suite/_kit/adapter.ts'

await suiteAdapter().catch(() => undefined)
