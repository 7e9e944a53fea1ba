/**
 * `conformance()`: embed the conformance suite in the implementer's own
 * vitest run (`import { conformance } from 'dsh-tools-tck/vitest'`).
 *
 * Called at the top level of one test file (awaited), it declares one vitest
 * test per kit test of the selected rules, under the names the kit and its
 * grade reports use (`[GRD-03] title`, `[EXE-01, GRD-03] title`), so the
 * project's watch mode, `-t` filters and reporters apply to them. The tests
 * are the kit's own (the suite files' `check()` and `law()` tests), run
 * against the given adapter with the same per-test budget semantics as a
 * grade. What it does not do is grade: no verdict per rule, no type rules, no
 * report; `dsh-tools-tck grade` does that.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { TckAdapter } from '../adapter/contract.ts'
import { checkAdapter } from '../grade/check-adapter.ts'
import { UsageError } from '../grade/errors.ts'
import { KIT_ROOT } from '../grade/internal/kit-info.ts'
import { namePatternFor, selectRules } from '../grade/internal/select-rules.ts'
import { loadAdapter } from '../grade/load-adapter.ts'
import { useSuiteAdapter } from '../suite/_kit/adapter.ts'
import { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS } from '../limits.ts'
import { selectTests } from '../suite/_kit/selection.ts'

export interface ConformanceOptions {
  /**
   * Only the tests of these rules: IDs (`GRD-03`) and whole areas (`CAN-*`),
   * case-insensitive, as `grade --rules`. Default: every rule.
   */
  readonly rules?: readonly string[]
  /** Per-test budget for adapter calls, in milliseconds, as `grade --timeout`. Default: 5000. */
  readonly timeout?: number
  /** Directory a relative adapter path is resolved against. Default: `process.cwd()`. */
  readonly cwd?: string
}


/** `.ts` in a clone (sources), `.js` in the built package. */
const EXT = import.meta.url.endsWith('.ts') ? '.ts' : '.js'

/** The folders of the suite files, relative to the kit root (the same files a grade runs). */
const SUITE_DIRS = ['conformance/suite', 'properties']

let declared = false

/**
 * Declares the kit's tests for `adapter` in the calling test file.
 *
 * @param adapter - an adapter object (`defineAdapter(...)`), or the path
 *   (relative to `options.cwd`) or `file:` URL of a module whose default
 *   export is one; a TypeScript module works too.
 * @throws UsageError when `rules` names an unknown rule or area or selects
 *   none, or `timeout` is not a whole number of milliseconds from 1 to one hour.
 * @throws AdapterError when the adapter module is missing or fails to import,
 *   or the adapter is structurally not one (the same checks as `grade`).
 * @throws Error when called a second time in the same test worker: each call
 *   belongs in its own test file (vitest isolates test files by default).
 */
export async function conformance(adapter: TckAdapter | string | URL, options: ConformanceOptions = {}): Promise<void> {
  const rules = selectedRules(options.rules)
  const timeout = options.timeout ?? DEFAULT_TIMEOUT_MS
  if (!Number.isSafeInteger(timeout) || timeout <= 0 || timeout > MAX_TIMEOUT_MS) {
    throw new UsageError(`conformance(): timeout must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS} (got ${String(timeout)})`)
  }
  if (declared) {
    throw new Error('conformance() was already called in this test worker: call it once per test file (and keep vitest\'s default per-file isolation)')
  }

  const loaded =
    typeof adapter === 'string' || adapter instanceof URL
      ? await loadAdapter(adapter instanceof URL ? adapter.href : adapter, options.cwd === undefined ? {} : { cwd: options.cwd })
      : { module: '(adapter object)', displayName: 'passed to conformance()', exported: adapter }
  const checked = await checkAdapter(loaded, { timeoutMs: timeout })
  if (declared) throw new Error('conformance() was called twice at once in this test worker: call it once per test file')
  declared = true
  useSuiteAdapter(Promise.resolve(checked))

  // check() reads the budget when it declares a test, and declares only the selected ones.
  const savedTimeout = process.env.DSH_TCK_TIMEOUT
  process.env.DSH_TCK_TIMEOUT = String(timeout)
  selectTests(options.rules === undefined ? undefined : namePatternFor(rules))
  try {
    for (const file of suiteFiles()) await import(pathToFileURL(file).href)
  } finally {
    selectTests(undefined)
    if (savedTimeout === undefined) delete process.env.DSH_TCK_TIMEOUT
    else process.env.DSH_TCK_TIMEOUT = savedTimeout
  }
}

/** {@link selectRules}, its messages naming this function's option rather than the CLI's flag. */
function selectedRules(patterns: readonly string[] | undefined): ReturnType<typeof selectRules> {
  try {
    return selectRules(patterns)
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(error.message.replace(/^--rules/, 'conformance() option rules'))
    throw error
  }
}

/** Absolute paths of every suite file, in name order within each folder. */
function suiteFiles(): string[] {
  return SUITE_DIRS.flatMap((dir) =>
    readdirSync(join(KIT_ROOT, dir))
      .filter((name) => name.endsWith(`.test${EXT}`))
      .sort()
      .map((name) => join(KIT_ROOT, dir, name)),
  )
}
