/**
 * `buildMatrix()`: several grading reports side by side, rule by rule: the
 * model behind `dsh-tools-tck matrix` (rendered by `renderMatrixHtml` and
 * `renderMatrixMarkdown`).
 */
import { basename } from 'node:path'
import { RULES } from '../../catalogue/index.ts'
import type { Profile } from '../../catalogue/types.ts'
import type { GradeReport, LevelCounts, RuleStatus } from '../report.ts'
import { countsOf, decidingCounts, profileOf } from './verdict.ts'
import { kitLabel } from './kit-label.ts'

/** One report given to {@link buildMatrix}, with the file it was read from. */
export interface MatrixInput {
  /** The report file as the user named it (shown on the page, and used to tell apart two reports of the same adapter). */
  readonly file: string
  readonly report: GradeReport
}

/** One implementation: a column of the matrix. */
export interface MatrixColumn {
  /** Adapter name and version; unique among the columns (see {@link buildMatrix}). */
  readonly label: string
  readonly file: string
  readonly kit: string
  readonly startedAt: string
  /** The profile the report was graded under (`spec` for a report before format 1.9). */
  readonly profile: Profile
  readonly conforms: boolean
  /** Failing rules of the levels that decide under {@link profile} (`must`; under `upstream`, `must` and `upstream`). */
  readonly decidingFail: number
  /** How many rules of those levels are blocked (not judged, never met: a failed precondition of another rule stopped a test). */
  readonly decidingBlocked: number
  /** Rules of those levels that were judged: not n/a, not untestable. */
  readonly decidingApplicable: number
  /** The `--rules` selection of the run, or `null` for every rule. */
  readonly selection: readonly string[] | null
}

/** One rule: a row of the matrix. */
export interface MatrixRow {
  readonly id: string
  readonly area: string
  readonly level: string
  /** The statement as the first report listing the rule has it. */
  readonly statement: string
  /** One entry per column, in column order: the rule's status there, or `null` when that report does not list the rule. */
  readonly statuses: readonly (RuleStatus | null)[]
  /** The entries of `statuses` are not all equal. */
  readonly differs: boolean
}

/** One area's rule counts per implementation. */
export interface MatrixAreaRow {
  readonly area: string
  readonly title: string
  /**
   * One entry per column: the report's counts for the area by level (zero
   * `upstream` counts for a report before format 1.9), or `null` when it
   * reports no rule of the area.
   */
  readonly counts: readonly ({ readonly must: LevelCounts; readonly upstream: LevelCounts; readonly should: LevelCounts } | null)[]
}

/** What {@link buildMatrix} returns. */
export interface Matrix {
  readonly columns: readonly MatrixColumn[]
  /** Rows whose statuses differ first, then the others; within each group in catalogue order. */
  readonly rows: readonly MatrixRow[]
  /** How many leading entries of `rows` differ. */
  readonly differing: number
  /** Every area any report lists, in catalogue order. */
  readonly areas: readonly MatrixAreaRow[]
}

/**
 * Lines up `inputs` (at least one) column by column, in the given order;
 * each column keeps its report's profile and its verdict under it (reports
 * of different profiles can stand side by side: the rule statuses do not
 * depend on the profile, only the verdicts do).
 * Rows are the union of the rules the reports list. A column's label is the
 * adapter's name and version; when two columns would share a label, each of
 * them gets the report file's base name appended, then a `#n` counter if
 * that is still not enough, so labels are unique. Rule and area order follow
 * the kit's catalogue; IDs the catalogue does not know (a report of another
 * kit version) come after, in the order the reports list them. Pure.
 */
export function buildMatrix(inputs: readonly MatrixInput[]): Matrix {
  if (inputs.length === 0) throw new Error('buildMatrix needs at least one report')
  const columns = labels(inputs).map((label, i): MatrixColumn => {
    const { file, report } = inputs[i] as MatrixInput
    const profile = profileOf(report)
    const deciding = decidingCounts(report.summary, profile)
    return {
      label,
      file,
      kit: kitLabel(report.kit),
      startedAt: report.timing.startedAt,
      profile,
      conforms: report.summary.conforms,
      decidingFail: deciding.fail,
      decidingBlocked: deciding.blocked,
      decidingApplicable: deciding.rules - deciding.notApplicable - deciding.untestable,
      selection: report.options.rules,
    }
  })

  const ids = inCatalogueOrder(
    inputs.flatMap(({ report }) => report.rules.map((r) => r.id)),
    CATALOGUE_INDEX,
  )
  const byId = inputs.map(({ report }) => new Map(report.rules.map((r) => [r.id as string, r])))
  const all = ids.map((id): MatrixRow => {
    const first = byId.map((m) => m.get(id)).find((r) => r !== undefined)
    const statuses = byId.map((m) => m.get(id)?.status ?? null)
    return {
      id,
      area: first?.area ?? '',
      level: first?.level ?? '',
      statement: first?.statement ?? '',
      statuses,
      differs: statuses.some((s) => s !== statuses[0]),
    }
  })
  const rows = [...all.filter((r) => r.differs), ...all.filter((r) => !r.differs)]

  const areaIds = inCatalogueOrder(
    inputs.flatMap(({ report }) => report.summary.areas.map((a) => a.area)),
    AREA_INDEX,
  )
  const areas = areaIds.map((area): MatrixAreaRow => {
    const entries = inputs.map(({ report }) => report.summary.areas.find((a) => a.area === area))
    return {
      area,
      title: entries.find((e) => e !== undefined)?.title ?? '',
      counts: entries.map((e) => (e === undefined ? null : { must: e.must, upstream: countsOf(e, 'upstream'), should: e.should })),
    }
  })
  return { columns, rows, differing: rows.filter((r) => r.differs).length, areas }
}

const CATALOGUE_INDEX = new Map(RULES.map((rule, i) => [rule.id as string, i]))
const AREA_INDEX = new Map([...new Set(RULES.map((rule) => rule.area as string))].map((area, i) => [area, i]))

/** The distinct `keys`, known ones by their index, unknown ones after, in first-seen order. */
function inCatalogueOrder(keys: readonly string[], index: ReadonlyMap<string, number>): string[] {
  const distinct = [...new Set(keys)]
  const seen = new Map(distinct.map((key, i) => [key, i]))
  const rank = (key: string): number => index.get(key) ?? index.size + (seen.get(key) as number)
  return distinct.sort((a, b) => rank(a) - rank(b))
}

function labels(inputs: readonly MatrixInput[]): string[] {
  const base = inputs.map(({ report }) => `${report.adapter.name}${report.adapter.version === undefined ? '' : ` ${report.adapter.version}`}`)
  const clash = (list: readonly string[], i: number): boolean => list.some((other, j) => j !== i && other === list[i])
  const withFile = base.map((label, i) => (clash(base, i) ? `${label} (${basename((inputs[i] as MatrixInput).file)})` : label))
  const used = new Map<string, number>()
  return withFile.map((label, i) => {
    if (!clash(withFile, i)) return label
    const n = (used.get(label) ?? 0) + 1
    used.set(label, n)
    return `${label} #${n}`
  })
}
