/**
 * The type rules' part of a grading run: runs the tsd suites for the selected
 * type rules and turns each suite file into a report test entry, so a type
 * rule is graded exactly like a runtime rule (its tests pass or fail, tsd's
 * diagnostics are the failure message).
 */
import type { FeatureName } from '../adapter/contract.ts'
import type { Rule } from '../catalogue/types.ts'
import type { TestEntry, UnattributedError } from '../grade/report.ts'
import { formatTypeDiagnostic, runTypeSuites, typeSuiteFiles, typeSuiteTestName, type TypeRunResult } from './run-types.ts'

export interface TypeGrading {
  /** Absolute path of the graded type entry; absent when the type rules were not graded. */
  readonly entry?: string
  /** Set when selected type rules were not graded: why (reported as their `not-applicable` reason). */
  readonly notGraded?: string
  /** IDs of the selected rules the tsd suites grade. */
  readonly rules: ReadonlySet<string>
  /** Test entries (one per suite file) by rule ID. */
  readonly tests: ReadonlyMap<string, readonly TestEntry[]>
  /** Diagnostics outside the suite files, e.g. errors in the implementation's own type sources. */
  readonly unattributed: readonly UnattributedError[]
  /** Wall time of the tsd run; 0 when nothing ran. */
  readonly durationMs: number
}

export interface GradeTypesInput {
  /** The selected rules (type rules among them are graded). */
  readonly rules: readonly Rule[]
  /** The type entry to grade, or `undefined` when none applies. */
  readonly entry: string | undefined
  /** Features the adapter declares: a type rule needing an undeclared one is not applicable. */
  readonly features: { readonly [K in FeatureName]?: boolean }
}

/** Reason reported for type rules when no type entry was given for a non-reference adapter. */
export const NO_TYPES_ENTRY = 'no types entry was given for this adapter: pass --types <its .ts or .d.ts entry> to grade its type-level contracts'

/** Runs the tsd suites of the selected type rules; never rejects (a tsd crash fails those rules' tests). */
export async function gradeTypes(input: GradeTypesInput): Promise<TypeGrading> {
  const selected = new Map(input.rules.map((r) => [r.id as string, r]))
  const suites = typeSuiteFiles().filter((s) => selected.has(s.rule) && selected.get(s.rule)?.untestable === undefined)
  const rules = new Set(suites.map((s) => s.rule as string))
  if (suites.length === 0) return { rules, tests: new Map(), unattributed: [], durationMs: 0 }
  if (input.entry === undefined) return { notGraded: NO_TYPES_ENTRY, rules, tests: new Map(), unattributed: [], durationMs: 0 }

  const started = performance.now()
  let run: TypeRunResult | undefined
  let crash: string | undefined
  try {
    run = await runTypeSuites({ entry: input.entry, rules: [...rules] as Rule['id'][] })
  } catch (error) {
    crash = error instanceof Error ? error.message : String(error)
  }

  const tests = new Map<string, TestEntry[]>()
  for (const suite of suites) {
    const rule = selected.get(suite.rule) as Rule
    const missing = (rule.requires ?? []).filter((f) => input.features[f] !== true)
    const result = run?.rules.find((r) => r.rule === suite.rule)?.files.find((f) => f.file === suite.file)
    const base = { name: typeSuiteTestName(suite), file: suite.file, durationMs: null }
    const entry: TestEntry =
      missing.length > 0
        ? { ...base, outcome: 'not-applicable', missingFeatures: missing }
        : crash !== undefined || result === undefined
          ? { ...base, outcome: 'fail', failure: { message: `the tsd suites could not run: ${crash ?? 'no result for this file'}`, kind: 'crash' } }
          : result.outcome === 'pass'
            ? { ...base, outcome: 'pass' }
            : { ...base, outcome: 'fail', failure: { message: result.diagnostics.map(formatTypeDiagnostic).join('\n'), kind: 'assertion' } }
    tests.set(suite.rule, [...(tests.get(suite.rule) ?? []), entry])
  }
  const unattributed: UnattributedError[] = (run?.unattributed ?? []).map((d) => ({ kind: 'type-entry', message: formatTypeDiagnostic(d), file: d.file }))
  return { entry: input.entry, rules, tests, unattributed, durationMs: Math.round(performance.now() - started) }
}
