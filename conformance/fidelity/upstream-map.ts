/**
 * The upstream map: which kit rules and tests check the behaviour of each
 * test case in upstream's own spec files (docs/UPSTREAM-MAP.md). The data is
 * `upstream-map/*.json`, one file per spec file or part of one; this module
 * reads it and checks its shape, so every later check can trust the types.
 *
 * A file is `{ spec, upstreamCommit, cases }`. A case is
 * `{ describe, it, line }` plus either `outOfScope` (a reason) or `rules`
 * and `tests` (at least one each) and optional `subcases`
 * (`{ what, rules, tests }`). Tests are named as a grade report names them:
 * `[IDS] title` for check() and law() tests, `[ID] type expectations of
 * <file>` for the tsd suites.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Where the map files live. */
export const MAP_DIR = fileURLToPath(new URL('./upstream-map/', import.meta.url))

export interface MappedSubcase {
  readonly what: string
  readonly rules: readonly string[]
  readonly tests: readonly string[]
}

export interface MappedCase {
  readonly describe: readonly string[]
  readonly it: string
  readonly line: number
  readonly rules?: readonly string[]
  readonly tests?: readonly string[]
  readonly subcases?: readonly MappedSubcase[]
  readonly outOfScope?: string
}

export interface MapFile {
  /** File name inside upstream-map/, e.g. `scoped.spec.ts.json`. */
  readonly file: string
  /** The upstream spec file the cases come from, e.g. `scoped.spec.ts`. */
  readonly spec: string
  readonly upstreamCommit: string
  readonly cases: readonly MappedCase[]
}

/** A map file that does not have the documented shape; the message names the file, the case and the field. */
export class MapFormatError extends Error {
  override name = 'MapFormatError'
}

const CASE_KEYS = new Set(['describe', 'it', 'line', 'rules', 'tests', 'subcases', 'outOfScope'])
const SUBCASE_KEYS = new Set(['what', 'rules', 'tests'])

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0
const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isText)

/** Checks one parsed map file; `file` names it in errors. */
export function parseMapFile(file: string, data: unknown): MapFile {
  const fail = (where: string, problem: string): never => {
    throw new MapFormatError(`upstream-map/${file}: ${where}: ${problem}`)
  }
  if (!isRecord(data)) return fail('the file', 'must hold an object { spec, upstreamCommit, cases }')
  for (const key of Object.keys(data)) if (!['spec', 'upstreamCommit', 'cases'].includes(key)) fail('the file', `unknown field "${key}"`)
  if (!isText(data.spec)) fail('field "spec"', 'must name the upstream spec file, e.g. "scoped.spec.ts"')
  if (!isText(data.upstreamCommit)) fail('field "upstreamCommit"', 'must be the upstream commit the lines refer to')
  if (!Array.isArray(data.cases)) return fail('field "cases"', 'must be an array')

  const cases = data.cases.map((raw: unknown, index: number): MappedCase => {
    const title = isRecord(raw) && typeof raw.it === 'string' ? ` ("${raw.it}")` : ''
    const at = (field: string): string => `cases[${index}]${title} field "${field}"`
    if (!isRecord(raw)) return fail(`cases[${index}]`, 'must be an object')
    for (const key of Object.keys(raw)) if (!CASE_KEYS.has(key)) fail(`cases[${index}]${title}`, `unknown field "${key}"`)
    if (!Array.isArray(raw.describe) || !raw.describe.every((d) => typeof d === 'string'))
      fail(at('describe'), 'must be the array of enclosing describe titles')
    if (!isText(raw.it)) fail(at('it'), 'must be the case title as written')
    if (typeof raw.line !== 'number' || !Number.isInteger(raw.line) || raw.line < 1) fail(at('line'), 'must be the 1-based line of the it( call')
    if (raw.outOfScope !== undefined) {
      if (!isText(raw.outOfScope)) fail(at('outOfScope'), 'must be a reason')
      for (const key of ['rules', 'tests', 'subcases']) if (raw[key] !== undefined) fail(at(key), 'must be absent on an out-of-scope case')
    } else {
      if (!isTextList(raw.rules) || raw.rules.length === 0) fail(at('rules'), 'must list at least one rule ID (or give an outOfScope reason instead)')
      if (!isTextList(raw.tests) || raw.tests.length === 0) fail(at('tests'), 'must list at least one kit test name (or give an outOfScope reason instead)')
      if (raw.subcases !== undefined) {
        if (!Array.isArray(raw.subcases)) fail(at('subcases'), 'must be an array')
        for (const [s, sub] of (raw.subcases as unknown[]).entries()) {
          const where = `${at('subcases')}[${s}]`
          if (!isRecord(sub)) return fail(where, 'must be an object { what, rules, tests }')
          for (const key of Object.keys(sub)) if (!SUBCASE_KEYS.has(key)) fail(where, `unknown field "${key}"`)
          if (!isText(sub.what)) fail(`${where} field "what"`, 'must say which behaviour of the case it is')
          if (!isTextList(sub.rules) || sub.rules.length === 0) fail(`${where} field "rules"`, 'must list at least one rule ID')
          if (!isTextList(sub.tests) || sub.tests.length === 0) fail(`${where} field "tests"`, 'must list at least one kit test name')
        }
      }
    }
    return raw as unknown as MappedCase
  })
  return { file, spec: data.spec as string, upstreamCommit: data.upstreamCommit as string, cases }
}

/** Every map file in {@link MAP_DIR}, in name order; throws {@link MapFormatError} on bad JSON or shape. */
export function loadUpstreamMap(dir = MAP_DIR): MapFile[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => {
      let data: unknown
      try {
        data = JSON.parse(readFileSync(join(dir, file), 'utf8'))
      } catch (error) {
        throw new MapFormatError(`upstream-map/${file}: not valid JSON: ${error instanceof Error ? error.message : String(error)}`)
      }
      return parseMapFile(file, data)
    })
}

/** The rule IDs a kit test name carries in its leading `[...]`; empty when it has none. */
export function ruleIdsOfTestName(name: string): string[] {
  const match = /^\[([^\]]+)\] /.exec(name)
  return match === null ? [] : (match[1] as string).split(', ')
}

/** How a case is identified: spec file, describe chain and title. */
export function caseKey(spec: string, describe: readonly string[], it: string): string {
  return JSON.stringify([spec, ...describe, it])
}

/** A readable name for a case in messages: `scoped.spec.ts:62 scoped tool registration > keeps ...`. */
export function caseLabel(spec: string, c: { readonly describe: readonly string[]; readonly it: string; readonly line: number }): string {
  return `${spec}:${c.line} ${[...c.describe, c.it].join(' > ')}`
}
