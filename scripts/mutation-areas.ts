/**
 * Per-area mutation scores (issue 6): reads Stryker's JSON report
 * (mutation-testing-report-schema, written by `npm run mutation` to
 * reports/mutation/mutation.json), maps every mutant to the rule area whose
 * code it mutates, and prints the score per area plus every surviving mutant
 * (file, line, mutator).
 *
 *   npm run mutation:areas [-- <report.json>] [-- --json]
 *
 * The mapping is the explicit table below, derived from the rule IDs each
 * reference file cites in its comments: a file has a default area and may
 * send some of its top-level declarations (functions, classes, consts) to
 * other areas. A mutant belongs to the last top-level declaration that starts
 * at or before its line. A file missing from the table is reported as `?`,
 * so a new file cannot silently drop out of the scores.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { EQUIVALENT_MUTANTS, isEquivalent } from '../conformance/adequacy/equivalent-mutants.ts'
import type { EquivalentMutant } from '../conformance/adequacy/equivalent-mutants.ts'

export const AREAS = [
  'REG',
  'VIS',
  'SCH',
  'MODE',
  'ARG',
  'PRE',
  'GRD',
  'EXE',
  'OUT',
  'POST',
  'FIN',
  'RES',
  'CAN',
  'ERR',
  'CTX',
  'PRES',
  'CM',
  'DSL',
  'JSS',
  'JSV',
] as const
export type Area = (typeof AREAS)[number]
export const UNMAPPED = '?'

export interface FileAreas {
  /** The area of every declaration not listed in `declarations`. */
  readonly area: Area
  /** Top-level declaration name -> area, for files that implement several areas. */
  readonly declarations?: Readonly<Record<string, Area>>
}

/** Which area each mutated reference file (path relative to the repo root) implements. */
export const AREA_TABLE: Readonly<Record<string, FileAreas>> = {
  'reference/registration.ts': {
    area: 'REG', // REG-01..11
    declarations: { unknownNamesMessage: 'VIS', restrictTools: 'VIS', addGuard: 'GRD' }, // VIS-04..09, GRD-01/05
  },
  'reference/registry.ts': { area: 'REG' }, // wiring of layers, scopes, events, pipeline
  'reference/layers.ts': { area: 'REG' }, // REG-10, GRD-05, VIS-08 bookkeeping
  'reference/scopes.ts': { area: 'VIS' }, // VIS-17, VIS-18
  'reference/visibility.ts': { area: 'VIS' }, // VIS-01..18
  'reference/projection.ts': {
    area: 'SCH', // SCH-01..05
    declarations: { getTool: 'VIS', PARALLEL: 'MODE', EXCLUSIVE: 'MODE', classifyExecution: 'MODE' },
  },
  'reference/events.ts': { area: 'VIS' }, // waterfalls and scope-filtered listeners (VIS-18)
  'reference/json.ts': { area: 'ARG', declarations: { deepFreeze: 'RES' } }, // ARG-05; frozen results
  'reference/errors.ts': { area: 'ERR' },
  'reference/pipeline/approval.ts': { area: 'PRE' }, // PRE ask/approval
  'reference/pipeline/pre-execute.ts': { area: 'PRE' },
  'reference/pipeline/guards.ts': { area: 'GRD' },
  'reference/pipeline/dispatch.ts': { area: 'EXE' }, // EXE-01..06 (base dispatch runs the body)
  'reference/pipeline/outcome.ts': { area: 'EXE' },
  'reference/pipeline/signals.ts': { area: 'EXE' },
  'reference/pipeline/execute.ts': { area: 'CAN' }, // the stage driver: abort checks between stages
  'reference/pipeline/output.ts': { area: 'OUT' },
  'reference/pipeline/post-execute.ts': { area: 'POST' },
  'reference/pipeline/finalize.ts': { area: 'FIN' },
  'reference/pipeline/materialize.ts': { area: 'RES', declarations: { materializeArguments: 'ARG' } },
  'reference/pipeline/notify.ts': { area: 'RES' },
  'reference/pipeline/run.ts': { area: 'ARG' }, // ARG-01..08 (entry, execution object)
  'reference/pipeline/results.ts': {
    area: 'ERR', // ERR-01..09
    declarations: {
      denialResult: 'PRE',
      ABORTED_MESSAGE: 'CAN',
      ABORTED_BEFORE_DISPATCH_MESSAGE: 'CAN',
      abortResult: 'CAN',
      contextsOf: 'CTX',
      withContexts: 'CTX',
    },
  },
  'reference/code-mode/name.ts': { area: 'CM' }, // CM-01
  'reference/code-mode/presentation.ts': {
    area: 'PRES', // PRES-08, PRES-09
    declarations: { collapses: 'CM' }, // CM-03, CM-04
  },
  'reference/code-mode/prompt.ts': {
    area: 'PRES', // PRES-10, PRES-12..15
    declarations: { renderTypeScript: 'CM', renderPython: 'CM', sdkTools: 'CM' }, // CM-27
  },
  'reference/code-mode/collapse.ts': { area: 'CM' }, // CM-03
  'reference/code-mode/binding-args.ts': { area: 'CM' }, // CM-13
  'reference/code-mode/render-output.ts': { area: 'CM' }, // CM-08
  'reference/code-mode/flavors.ts': { area: 'CM' }, // CM-28, SCH-07
  'reference/code-mode/run-code-tool.ts': { area: 'CM' }, // CM-05..11
  'reference/code-mode/run-code-bridge.ts': { area: 'CM' }, // CM-12..25
  'reference/code-mode/sub-dispatch-lane.ts': { area: 'CM' }, // CM-16, CM-17, CM-19, CM-20
  'reference/schema-dsl/define-tool.ts': { area: 'DSL' },
  'reference/schema-dsl/parameter-schema-spec-to-json-schema.ts': { area: 'DSL' },
  'reference/schema-dsl/value-schema-spec-to-json-schema.ts': { area: 'DSL' },
  'reference/schema-dsl/validate-args.ts': { area: 'DSL' },
  'reference/schema-dsl/types.ts': { area: 'DSL' },
  'reference/schema-dsl/internal/compile.ts': { area: 'DSL' },
  'reference/json-schema/assert-supported.ts': { area: 'JSS' },
  'reference/json-schema/assert-object.ts': { area: 'JSS' },
  'reference/json-schema/internal/collect-violations.ts': { area: 'JSS' },
  'reference/json-schema/internal/keywords.ts': { area: 'JSS' },
  'reference/json-schema/internal/intrinsics.ts': { area: 'JSS' },
  'reference/json-schema/internal/records.ts': { area: 'JSS' },
  'reference/json-schema/validate-value.ts': { area: 'JSV' },
  'reference/json-schema/internal/value-checks.ts': { area: 'JSV' },
}

// --- the report (only the fields used here) ---

export interface ReportMutant {
  readonly id: string
  readonly mutatorName: string
  readonly replacement?: string
  readonly status: string
  readonly location: { readonly start: Position; readonly end: Position }
  /** Test IDs (keys of `testFiles[*].tests[*].id`) that killed the mutant. */
  readonly killedBy?: readonly string[]
  /** Test IDs whose run reached the mutant (perTest coverage). */
  readonly coveredBy?: readonly string[]
  /** Module-level code: Stryker runs every test against it. */
  readonly static?: boolean
}
export interface Position {
  readonly line: number
  readonly column: number
}
export interface ReportFile {
  readonly source?: string
  readonly mutants: readonly ReportMutant[]
}
export interface ReportTest {
  readonly id: string
  readonly name: string
}
export interface MutationReport {
  readonly files: Readonly<Record<string, ReportFile>>
  readonly testFiles?: Readonly<Record<string, { readonly tests: readonly ReportTest[] }>>
}

/** The source text between two 1-based line / 1-based column positions. */
export function sourceText(source: string, start: Position, end: Position): string {
  const lines = source.split('\n')
  if (start.line === end.line) return (lines[start.line - 1] ?? '').slice(start.column - 1, end.column - 1)
  const first = (lines[start.line - 1] ?? '').slice(start.column - 1)
  const middle = lines.slice(start.line, end.line - 1)
  const last = (lines[end.line - 1] ?? '').slice(0, end.column - 1)
  return [first, ...middle, last].join('\n')
}

/** Stryker's statuses its mutation score counts as undetected. */
const UNDETECTED = new Set(['Survived', 'NoCoverage'])

/** Top-level declarations of a source: name and 1-based start line, in order. */
export function topLevelDeclarations(source: string): { readonly name: string; readonly line: number }[] {
  const out: { name: string; line: number }[] = []
  const pattern = /^(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?|class|const|let|var)\s+([A-Za-z_$][\w$]*)/
  source.split(/\r?\n/).forEach((text, index) => {
    const match = pattern.exec(text)
    if (match) out.push({ name: match[1]!, line: index + 1 })
  })
  return out
}

/** Normalise a report path to the table's form: relative to `root`, forward slashes. */
export function normalizePath(file: string, root: string): string {
  const relative = path.isAbsolute(file) ? path.relative(root, file) : file
  return relative.split(path.sep).join('/').replace(/^\.\//, '')
}

/** The area of a mutant at `line` in `file`, or `?` when the table does not know the file. */
export function areaOf(file: string, line: number, source: string | undefined, table = AREA_TABLE): Area | typeof UNMAPPED {
  const entry = table[file]
  if (!entry) return UNMAPPED
  if (!entry.declarations || source === undefined) return entry.area
  let owner: string | undefined
  for (const declaration of topLevelDeclarations(source)) {
    if (declaration.line > line) break
    owner = declaration.name
  }
  return (owner !== undefined && entry.declarations[owner]) || entry.area
}

export interface AreaScore {
  readonly area: string
  readonly killed: number
  readonly timeout: number
  readonly survived: number
  readonly noCoverage: number
  /** Survivors listed as `equivalent` in conformance/adequacy/equivalent-mutants.ts: counted in no score. */
  readonly equivalent: number
  /** Survivors listed as `unspecified` there: left out of `score`, counted as survivors in `strictScore`. */
  readonly unspecified: number
  /** Survivors listed as `unobservable` there (they break an untestable rule): counted in no score. */
  readonly unobservable: number
  /** CompileError, RuntimeError, Ignored, Pending: not counted in the score. */
  readonly other: number
  /** (killed + timeout) / (killed + timeout + survived + noCoverage), in percent; `undefined` with no valid mutant. */
  readonly score: number | undefined
  /**
   * The same with `unspecified` survivors counted as survivors: only mutants
   * that cannot change behaviour observable through the adapter are left out
   * (`equivalent` and `unobservable`). The score the
   * kit's targets are stated in (docs/ADEQUACY.md).
   */
  readonly strictScore: number | undefined
}

export interface Survivor {
  readonly area: string
  readonly file: string
  readonly line: number
  readonly column: number
  readonly mutator: string
  readonly status: string
  readonly replacement: string | undefined
}

export interface AreaSummary {
  readonly total: AreaScore
  readonly areas: readonly AreaScore[]
  readonly survivors: readonly Survivor[]
  /** Equivalence entries that match no surviving mutant of this report (fixed, moved or mistyped). */
  readonly staleEquivalents: readonly EquivalentMutant[]
}

/** Statuses given to a listed survivor, by the entry's kind. */
const LISTED: Readonly<Record<EquivalentMutant['kind'], string>> = { equivalent: 'Equivalent', unspecified: 'Unspecified', unobservable: 'Unobservable' }

function score(area: string, statuses: readonly string[]): AreaScore {
  const count = (status: string) => statuses.filter((s) => s === status).length
  const killed = count('Killed')
  const timeout = count('Timeout')
  const survived = count('Survived')
  const noCoverage = count('NoCoverage')
  const equivalent = count(LISTED.equivalent)
  const unspecified = count(LISTED.unspecified)
  const unobservable = count(LISTED.unobservable)
  const other = statuses.length - killed - timeout - survived - noCoverage - equivalent - unspecified - unobservable
  const valid = killed + timeout + survived + noCoverage
  const ratio = (detected: number, of: number) => (of === 0 ? undefined : (detected / of) * 100)
  return {
    area,
    killed,
    timeout,
    survived,
    noCoverage,
    equivalent,
    unspecified,
    unobservable,
    other,
    score: ratio(killed + timeout, valid),
    strictScore: ratio(killed + timeout, valid + unspecified),
  }
}

/** Scores per area (every area of AREAS, then `?` if anything was unmapped) and the undetected mutants. */
export function summarize(
  report: MutationReport,
  root: string,
  table = AREA_TABLE,
  equivalents: readonly EquivalentMutant[] = EQUIVALENT_MUTANTS,
): AreaSummary {
  const byArea = new Map<string, string[]>()
  const all: string[] = []
  const survivors: Survivor[] = []
  const used = new Set<EquivalentMutant>()
  for (const [rawFile, file] of Object.entries(report.files)) {
    const name = normalizePath(rawFile, root)
    for (const mutant of file.mutants) {
      const line = mutant.location.start.line
      const area = areaOf(name, line, file.source, table)
      let status = mutant.status
      // NoCoverage too: an entry says no test should kill the mutant, so none needs to reach it.
      if ((status === 'Survived' || status === 'NoCoverage') && file.source !== undefined) {
        const original = sourceText(file.source, mutant.location.start, mutant.location.end)
        const match = isEquivalent({ file: name, mutator: mutant.mutatorName, original, replacement: mutant.replacement, line }, equivalents)
        if (match !== undefined) {
          used.add(match)
          status = LISTED[match.kind]
        }
      }
      const list = byArea.get(area) ?? []
      list.push(status)
      byArea.set(area, list)
      all.push(status)
      if (UNDETECTED.has(status)) {
        survivors.push({
          area,
          file: name,
          line,
          column: mutant.location.start.column,
          mutator: mutant.mutatorName,
          status: mutant.status,
          replacement: mutant.replacement,
        })
      }
    }
  }
  const areas: string[] = [...AREAS]
  if (byArea.has(UNMAPPED)) areas.push(UNMAPPED)
  survivors.sort((a, b) => a.area.localeCompare(b.area) || a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column)
  return {
    total: score('all', all),
    areas: areas.map((area) => score(area, byArea.get(area) ?? [])),
    survivors,
    staleEquivalents: equivalents.filter((e) => !used.has(e)),
  }
}

function percent(value: number | undefined): string {
  return value === undefined ? '-' : `${value.toFixed(2)}%`
}

/** The human-readable report. */
export function formatSummary(summary: AreaSummary): string {
  const lines: string[] = []
  const header = ['area', 'strict', 'score', 'killed', 'timeout', 'survived', 'no-cov', 'equiv', 'unspec', 'unobs', 'other']
  const rows = [...summary.areas, summary.total].map((s) => [
    s.area,
    percent(s.strictScore),
    percent(s.score),
    String(s.killed),
    String(s.timeout),
    String(s.survived),
    String(s.noCoverage),
    String(s.equivalent),
    String(s.unspecified),
    String(s.unobservable),
    String(s.other),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const pad = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  lines.push(pad(header))
  for (const row of rows) lines.push(pad(row))
  lines.push('strict: listed `unspecified` survivors counted as survivors; score: every listed survivor left out')
  lines.push('')
  lines.push(`surviving mutants (Survived + NoCoverage): ${summary.survivors.length}`)
  for (const s of summary.survivors) {
    const replacement =
      s.replacement === undefined ? '' : `  -> ${JSON.stringify(s.replacement.length > 60 ? `${s.replacement.slice(0, 57)}...` : s.replacement)}`
    lines.push(`  ${s.area.padEnd(4)} ${s.file}:${s.line}:${s.column}  ${s.mutator}${s.status === 'NoCoverage' ? ' (no coverage)' : ''}${replacement}`)
  }
  if (summary.staleEquivalents.length > 0) {
    lines.push('')
    lines.push(`equivalence entries matching no surviving mutant (update conformance/adequacy/equivalent-mutants.ts): ${summary.staleEquivalents.length}`)
    for (const e of summary.staleEquivalents) lines.push(`  ${e.file}  ${e.mutator}  ${JSON.stringify(e.original)} -> ${JSON.stringify(e.replacement)}`)
  }
  return lines.join('\n')
}

function main(argv: readonly string[]): number {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const json = argv.includes('--json')
  const file = argv.find((a) => !a.startsWith('--')) ?? path.join(root, 'reports/mutation/mutation.json')
  let report: MutationReport
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as MutationReport
  } catch (error) {
    process.stderr.write(`mutation-areas: cannot read ${file}: ${(error as Error).message}\nRun \`npm run mutation\` first.\n`)
    return 2
  }
  const summary = summarize(report, root)
  process.stdout.write(json ? `${JSON.stringify(summary, null, 2)}\n` : `${formatSummary(summary)}\n`)
  return 0
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2))
}
