/**
 * Reads and checks a baseline file (`grade --baseline <file>`,
 * `grade --update-baseline <file>`).
 *
 * Contract: resolves with a {@link Baseline} that is valid against
 * `baseline.schema.json`, whose rule IDs (and the IDs in each test name's
 * `[...]` prefix) are catalogue rules, whose dates are real calendar dates,
 * and in which no rule and no test has two entries. Otherwise rejects with a
 * {@link BaselineError} naming the file and every problem, each as
 * `<file>: entries[<i>] (<rule or test>): "<field>" ...`, in entry order:
 * the checks beyond the schema also run when the schema check fails, on
 * the fields they can read. A UTF-8 byte order mark before the JSON is
 * ignored. It does not check
 * that a test name is one the suite has (that needs a suite run): a test
 * entry naming no reported test is reported by the comparison as unmatched.
 */
import { $Array, $JSON } from '../../suite/_kit/intrinsics.ts'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { ErrorObject } from 'ajv/dist/2020.js'
import { isRuleId } from '../../catalogue/index.ts'
import { ruleIdsInTestName } from '../../catalogue/test-name.ts'
import { BaselineError } from './baseline-error.ts'
import type { Baseline, BaselineEntry } from './types.ts'

interface PatternProperty {
  readonly pattern: string
}
/** The parts of the schema this file reads besides compiling it. */
interface SchemaShape {
  readonly $defs: {
    readonly entry: {
      readonly properties: {
        readonly rule: PatternProperty
        readonly test: PatternProperty
        readonly expires: { readonly properties: { readonly date: PatternProperty } }
      }
    }
  }
}
const schema = $JSON.parse(readFileSync(new URL('./baseline.schema.json', import.meta.url), 'utf8')) as SchemaShape
const validate = new Ajv2020({ allErrors: true, validateFormats: false }).compile(schema as object)

/**
 * Reads the baseline at `file` (relative to `cwd`, default the process's
 * directory). Messages name `file` as given. Rejects with a
 * {@link BaselineError} when the file is missing, unreadable or invalid.
 */
export async function loadBaseline(file: string, cwd: string = process.cwd()): Promise<Baseline> {
  let text: string
  try {
    text = await readFile(resolve(cwd, file), 'utf8')
  } catch (error) {
    const code = (error as { code?: unknown }).code
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : String((error as Error).message ?? error)
    throw new BaselineError(file, `${file}: cannot read the baseline: ${why}`, { cause: error })
  }
  return parseBaseline(text, file)
}

/** Parses and checks baseline text; `file` only names it in messages. Same contract as {@link loadBaseline}. */
export function parseBaseline(text: string, file: string): Baseline {
  let data: unknown
  try {
    data = $JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text)
  } catch (error) {
    throw new BaselineError(file, `${file}: not valid JSON: ${(error as Error).message}`, { cause: error })
  }
  const schemaOk = validate(data)
  const found = [...(schemaOk ? [] : schemaProblems(validate.errors ?? [], data)), ...semanticProblems(data)]
  const problems = found
    .map((problem, order) => ({ ...problem, order }))
    .sort((a, b) => a.index - b.index || a.order - b.order)
    .map((p) => p.text)
    .filter((line, i, all) => all.indexOf(line) === i)
  if (problems.length > 0) throw new BaselineError(file, problems.map((p) => `${file}: ${p}`).join('\n'))
  return data as Baseline
}

/** One problem, with the index of the entry it is in (-1: the top level), for ordering. */
interface Problem {
  readonly index: number
  readonly text: string
}

/** Where an ajv error points: `entries[3] (GRD-07)` and the field inside it, or the top level. */
function placeOf(path: string, data: unknown): { where: string; field?: string } {
  const parts = path.split('/').slice(1)
  if (parts[0] !== 'entries' || parts[1] === undefined) return { where: 'the baseline', ...(parts.length === 0 ? {} : { field: parts.join('.') }) }
  const index = Number(parts[1])
  const entry = (data as { entries: unknown[] }).entries[index]
  const field = parts.slice(2).join('.')
  return { where: entryWhere(index, entry), ...(field === '' ? {} : { field }) }
}

function entryWhere(index: number, entry: unknown): string {
  const record = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {}
  const name = typeof record.rule === 'string' ? record.rule : typeof record.test === 'string' ? `"${record.test}"` : undefined
  return `entries[${index}]${name === undefined ? '' : ` (${name})`}`
}

/** One line per schema problem, in document order; errors inside `anyOf` branches are folded into the `anyOf` one. */
function schemaProblems(errors: readonly ErrorObject[], data: unknown): Problem[] {
  const lines: Problem[] = []
  for (const error of errors) {
    if (/\/(anyOf|not)\/|\/dependentSchemas\/[^/]+\/not\//.test(error.schemaPath)) continue
    const { where, field } = placeOf(error.instancePath, data)
    const subject = field === undefined ? '' : `"${field}" `
    const line = ((): string | undefined => {
      switch (error.keyword) {
        case 'required':
          return `${where}: "${[field, error.params.missingProperty].filter(Boolean).join('.')}" is missing`
        case 'additionalProperties':
          return `${where}: unknown field "${[field, error.params.additionalProperty].filter(Boolean).join('.')}"`
        case 'enum':
          return `${where}: ${subject}must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`
        case 'const':
          return `${where}: ${subject}must be "${String(error.params.allowedValue)}"`
        case 'type':
          return `${where}: ${subject}must be ${article(String(error.params.type))}`
        case 'pattern':
          return `${where}: ${subject}${patternHint(field)} (got ${$JSON.stringify(valueAt(data, error.instancePath))})`
        case 'minLength':
          return `${where}: ${subject}must not be empty`
        case 'minProperties':
        case 'maxProperties':
          return `${where}: ${subject}must have exactly one of "kitVersion", "date" and "suiteRevision"`
        case 'anyOf':
          return `${where}: needs "rule" or "test"`
        case 'not':
          return `${where}: has both "rule" and "test"; give exactly one`
        default:
          return `${where}: ${subject}${error.message ?? 'is invalid'}`
      }
    })()
    const parts = error.instancePath.split('/')
    const index = parts[1] === 'entries' && parts[2] !== undefined ? Number(parts[2]) : -1
    if (line !== undefined) lines.push({ index, text: line })
  }
  return lines
}

function article(type: string): string {
  return type === 'object' || type === 'array' ? `an ${type}` : `a ${type}`
}

function patternHint(field: string | undefined): string {
  if (field === 'rule') return 'must be a rule ID like GRD-07'
  if (field === 'test') return 'must be a kit test name, "[RULE-IDs] title"'
  if (field === 'expires.kitVersion') return 'must be a version x.y.z or x.y.z-pre'
  if (field === 'expires.date') return 'must be a date YYYY-MM-DD'
  if (field === 'expires.suiteRevision') return "must be a suite revision sha256:<12 hex digits> (a report's kit.suiteRevision)"
  if (field === 'link') return 'must be a URI without spaces'
  return 'has the wrong form'
}

function valueAt(data: unknown, path: string): unknown {
  let value = data
  for (const part of path.split('/').slice(1)) value = (value as Record<string, unknown> | undefined)?.[part]
  return value
}

/**
 * Problems the schema cannot express: unknown rules, impossible dates,
 * duplicates. Runs on any data, valid or not: each check reads only fields
 * of the form the schema asks for (a rule ID, a `[IDs] ...` test name, a
 * `YYYY-MM-DD` date), so a field the schema refuses is reported once.
 */
function semanticProblems(data: unknown): Problem[] {
  const list = typeof data === 'object' && data !== null ? (data as { entries?: unknown }).entries : undefined
  if (!$Array.isArray(list)) return []
  const lines: Problem[] = []
  const seen = new Map<string, number>()
  list.forEach((item: unknown, index) => {
    if (typeof item !== 'object' || item === null || $Array.isArray(item)) return
    const entry = item as Partial<Record<keyof BaselineEntry, unknown>>
    const where = entryWhere(index, entry)
    const rule = typeof entry.rule === 'string' && RULE_FORM.test(entry.rule) ? entry.rule : undefined
    const test = typeof entry.test === 'string' && TEST_FORM.test(entry.test) ? entry.test : undefined
    if (rule !== undefined && !isRuleId(rule))
      lines.push({ index, text: `${where}: "rule" ${rule} is not a rule of the catalogue (see dsh-tools-tck list-rules)` })
    if (test !== undefined) {
      const unknown = ruleIdsInTestName(test).filter((id) => !isRuleId(id))
      if (unknown.length > 0)
        lines.push({ index, text: `${where}: "test" names ${unknown.join(', ')}, not ${unknown.length === 1 ? 'a rule' : 'rules'} of the catalogue` })
    }
    const expires = entry.expires
    const date = typeof expires === 'object' && expires !== null ? (expires as { date?: unknown }).date : undefined
    if (typeof date === 'string' && DATE_FORM.test(date) && !isCalendarDate(date))
      lines.push({ index, text: `${where}: "expires.date" ${date} is not a calendar date` })
    const key = typeof entry.rule === 'string' ? `rule ${entry.rule}` : typeof entry.test === 'string' ? `test ${entry.test}` : undefined
    if (key === undefined) return
    const first = seen.get(key)
    if (first !== undefined) lines.push({ index, text: `${where}: duplicates entries[${first}] (same ${key.startsWith('rule') ? '"rule"' : '"test"'})` })
    else seen.set(key, index)
  })
  return lines
}

/** The forms the schema asks for (its own patterns); the semantic checks read only fields of these forms. */
const RULE_FORM = schemaPattern(schema.$defs.entry.properties.rule)
const TEST_FORM = schemaPattern(schema.$defs.entry.properties.test)
const DATE_FORM = schemaPattern(schema.$defs.entry.properties.expires.properties.date)

function schemaPattern(property: PatternProperty): RegExp {
  return new RegExp(property.pattern, 'u')
}

/** True when `date` (YYYY-MM-DD) names a day that exists. */
function isCalendarDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`)
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date
}
