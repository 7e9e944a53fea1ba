/**
 * `loadReport()`: reading a saved `--json` report back, checked against
 * `report.schema.json`.
 */
import { $Array, $JSON } from '../suite/_kit/intrinsics.ts'
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { ValidateFunction } from 'ajv/dist/2020.js'
import { withOlderMinorDefaults } from './engine/older-report-defaults.ts'
import { oneLine } from './text.ts'
import { REPORT_VERSION } from './report.ts'
import type { GradeReport } from './report.ts'

/** A report file that cannot be used: unreadable, not JSON, another report format, or not valid against the schema. The message names the file. */
export class ReportFileError extends Error {
  override name = 'ReportFileError'
  /** The file as given. */
  readonly file: string

  constructor(file: string, message: string) {
    super(message)
    this.file = file
  }
}

let validator: ValidateFunction | undefined

async function validate(): Promise<ValidateFunction> {
  if (validator === undefined) {
    const schema = $JSON.parse(await readFile(new URL('./report.schema.json', import.meta.url), 'utf8')) as object
    validator = new Ajv2020({ allErrors: false, strict: false }).compile(schema)
  }
  return validator
}

/** The minor version of `version` when it has the major version of {@link REPORT_VERSION} and a minor no newer, else undefined. */
function readableMinor(version: unknown): number | undefined {
  const [major, minor] = REPORT_VERSION.split('.').map(Number) as [number, number]
  const match = typeof version === 'string' ? /^(\d+)\.(\d+)$/.exec(version) : null
  return match !== null && Number(match[1]) === major && Number(match[2]) <= minor ? Number(match[2]) : undefined
}

/**
 * Reads `file` (relative to `cwd`) and resolves with the report in it, once
 * it parses as JSON, has a `reportVersion` this kit reads (the major version
 * of {@link REPORT_VERSION}, a minor version no newer) and, apart from that
 * version, is valid against this kit's `report.schema.json` once the
 * fields added after its minor version are filled with neutral defaults
 * (`withOlderMinorDefaults`: zero counts, no slow tests, the default stall
 * limit; a report before 1.9 reads as graded under the `spec` profile, with
 * no upstream rules). The report is returned with those defaults filled
 * in, otherwise as read, with its own `reportVersion`. A field its own
 * version already required must be there. Otherwise rejects with a
 * {@link ReportFileError} whose one-line message names `file` as given and
 * says what is wrong: the read error (a directory is "is a directory"), the
 * JSON error, the report version found, or the first schema error (its JSON
 * pointer and message).
 */
export async function loadReport(file: string, cwd: string): Promise<GradeReport> {
  let text: string
  try {
    text = await readFile(resolve(cwd, file), 'utf8')
  } catch (error) {
    if ((error as { code?: unknown }).code === 'EISDIR') throw new ReportFileError(file, `cannot read the report ${file}: it is a directory, not a report file`)
    throw new ReportFileError(file, `cannot read the report ${file}: ${oneLine(error)}`)
  }
  let value: unknown
  try {
    value = $JSON.parse(text)
  } catch (error) {
    throw new ReportFileError(file, `${file} is not JSON: ${oneLine(error)}`)
  }
  const version = typeof value === 'object' && value !== null && !$Array.isArray(value) ? (value as { reportVersion?: unknown }).reportVersion : undefined
  if (version === undefined) throw new ReportFileError(file, `${file} is not a grading report (no reportVersion; write one with "dsh-tools-tck grade --json")`)
  const minor = readableMinor(version)
  if (minor === undefined) {
    throw new ReportFileError(
      file,
      `${file} is a report of format ${oneLine($JSON.stringify(version), 40)}; this kit reads formats ${REPORT_VERSION.split('.')[0]}.0 to ${REPORT_VERSION} (grade again with this kit)`,
    )
  }
  // An older minor version lacks the fields added since: fill them, then check it against this schema under this version.
  const filled = withOlderMinorDefaults(value as Record<string, unknown>, minor)
  const check = await validate()
  if (!check({ ...filled, reportVersion: REPORT_VERSION })) {
    const first = check.errors?.[0]
    const where = first === undefined || first.instancePath === '' ? '(the top level)' : first.instancePath
    const params = first?.keyword === 'additionalProperties' ? ` ("${String((first.params as { additionalProperty?: unknown }).additionalProperty)}")` : ''
    throw new ReportFileError(file, `${file} is not a valid report: ${where} ${first?.message ?? 'does not match the schema'}${params}`)
  }
  return filled as unknown as GradeReport
}
