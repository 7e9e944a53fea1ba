/**
 * `renderMarkdown()`: the grading report as a GitHub-flavoured Markdown
 * summary (`grade --markdown <file>`), for a pull-request comment or a
 * GitHub Actions job summary.
 */
import { LEVELS, failingLevels } from '../../catalogue/types.ts'
import type { Level, Profile } from '../../catalogue/types.ts'
import type { AreaSummary, GradeReport, LevelCounts, RuleEntry } from '../report.ts'
import { markdownCell as cell } from './markdown-cell.ts'
import { failureLine, firstFailure } from './failure-line.ts'
import { countsOf, decidingCounts, failingLabel, profileOf, verdictGroups } from './verdict.ts'
import { kitLabel } from './kit-label.ts'
import { blockedByItText, blockedRulesByBlocker, blockersOf, rootCausesFirst, rootCausesText } from './root-causes.ts'

/**
 * The most characters a summary has: under GitHub's 65,536-character limit
 * on a comment body, with room for what a workflow adds around it.
 */
export const MARKDOWN_LIMIT = 60_000

/** Lists longer than this are folded in a `<details>` element. */
const FOLD_AFTER = 10
/** Longest statement, failure message and adapter name shown, in characters. */
const STATEMENT_MAX = 160
const MESSAGE_MAX = 200
const NAME_MAX = 200

/**
 * Renders `report` as Markdown: a heading with the adapter and the verdict,
 * a verdict line naming the profile (`spec` or `upstream`, see `profileOf`),
 * the failing and blocked rules of its deciding levels and the likely root
 * causes (`rootCausesText`), the must / upstream / should
 * rule counts and the test counts, a table of the areas (area, title, must
 * pass / fail / blocked / n/a, upstream pass / fail / blocked / n/a, should
 * pass / fail; the fail and blocked counts of the deciding levels bold when
 * not 0), then the failing rules of the deciding levels, root causes first
 * (the rules that block others, most first, each saying `N rules blocked by
 * it`; then catalogue order), the deviations by level (`verdictGroups`: under
 * `spec` the failing upstream rules, apart, with the note that they fail the
 * registry only under `--profile upstream`; then the failing should rules),
 * each row with ID, level, statement, first failing assertion in short
 * (`failureLine`, preferring one raised for that rule) and its `at`, the
 * blocked rules (not judged, never met) with the rules that blocked them,
 * and the unattributed errors.
 * Each of those lists is folded in a `<details>` element when it has more
 * than 10 entries. Every report string in a table cell is escaped (see
 * `markdownCell`); long statements, messages and names are cut with `…`.
 *
 * Guaranteed to be at most {@link MARKDOWN_LIMIT} characters: when the
 * lists do not fit, trailing rows are left out and a note says how many and
 * where to find them. Ends with a newline. Pure.
 */
export function renderMarkdown(report: GradeReport): string {
  const { summary } = report
  const name = cut(`${report.adapter.name}${report.adapter.version === undefined ? '' : ` ${report.adapter.version}`}`, NAME_MAX)
  const profile = profileOf(report)
  const { failing, deviations } = verdictGroups(report)
  const head: string[] = [
    `## dsh-tools-tck: ${cell(name)} ${summary.conforms ? '✅ conforms' : report.baseline?.ok === true ? '☑️ known failures only' : '❌ fails'}`,
    '',
    verdictLine(summary.conforms, decidingCounts(summary, profile), profile, rootCausesText(report)),
    ...(report.baseline === undefined
      ? []
      : [
          '',
          `**${cell(report.baseline.line)}** (baseline ${cell(report.baseline.file)}, ${report.baseline.known.length} known failure${report.baseline.known.length === 1 ? '' : 's'}; this decides the exit status)`,
        ]),
    '',
    ...LEVELS.map((level) => `- **${level}**: ${levelText(countsOf(summary, level))}`),
    `- **tests**: ${summary.tests.total} (${summary.tests.pass} pass, ${summary.tests.fail} fail, ${summary.tests.notApplicable} n/a, ${summary.tests.skipped} skipped); ${summary.unattributedErrors} unattributed error${summary.unattributedErrors === 1 ? '' : 's'}`,
    `- graded with ${cell(kitLabel(report.kit))} on ${cell(report.timing.startedAt)} in ${(report.timing.durationMs / 1000).toFixed(1)} s${report.options.rules === null ? '' : `, rules ${cell(report.options.rules.join(','))}`}`,
    '',
    `| area | title | ${AREA_COLUMNS.map(([level, field]) => `${level} ${field === 'notApplicable' ? 'n/a' : field}`).join(' | ')} |`,
    `|---|---|${AREA_COLUMNS.map(() => '---:').join('|')}|`,
    ...summary.areas.map((a) => areaRow(a, profile)),
    '',
  ]

  const blocks = blockedRulesByBlocker(report)
  const blocking = (rule: RuleEntry): number => blocks.get(rule.id)?.length ?? 0
  const blocked = report.rules.filter((rule) => rule.status === 'blocked')
  const sections: Section[] = [
    {
      title: `Failing ${failingLabel(profile)} rules`,
      header: RULE_HEADER,
      rows: rootCausesFirst(failing, report).map((rule) => ruleRow(rule, blocking(rule))),
    },
    ...deviations.map((group) => ({
      title: group.title,
      note: group.note,
      header: RULE_HEADER,
      rows: group.rules.map((rule) => ruleRow(rule, blocking(rule))),
    })),
    {
      title: 'Blocked rules',
      note: 'not judged, so never met: a test of each stopped on a failed precondition owned by another rule; fix that rule first',
      header: ['| rule | level | blocked by | statement |', '|---|---|---|---|'],
      rows: blocked.map((rule) => `| ${cell(rule.id)} | ${rule.level} | ${cell(blockersOf(rule).join(', '))} | ${cell(cut(rule.statement, STATEMENT_MAX))} |`),
    },
    {
      title: 'Unattributed errors',
      header: ['| kind | message | file | test |', '|---|---|---|---|'],
      rows: report.unattributedErrors.map(
        (e) => `| ${cell(e.kind)} | ${cell(cut(e.message, MESSAGE_MAX))} | ${cell(e.file ?? '')} | ${cell(cut(e.test ?? '', STATEMENT_MAX))} |`,
      ),
    },
  ]

  let out = `${head.join('\n')}\n`
  let omitted = 0
  const reserve = 600
  for (const section of sections) {
    if (section.rows.length === 0) continue
    const fold = section.rows.length > FOLD_AFTER
    const title = `### ${section.title} (${section.rows.length})${section.note === undefined ? '' : `\n\n_${section.note}_`}`
    const open = fold ? `${title}\n\n<details><summary>show all ${section.rows.length}</summary>\n\n` : `${title}\n\n`
    const close = fold ? '\n</details>\n\n' : '\n'
    const budget = MARKDOWN_LIMIT - reserve - out.length - open.length - close.length
    let table = `${section.header.join('\n')}\n`
    let shown = 0
    for (const row of section.rows) {
      if (table.length + row.length + 1 > budget) break
      table += `${row}\n`
      shown += 1
    }
    omitted += section.rows.length - shown
    if (shown > 0) out += `${open}${table}${close}`
    else out += `${title}\n\n`
  }
  if (omitted > 0) {
    out += `_${omitted} row${omitted === 1 ? '' : 's'} left out to stay under ${MARKDOWN_LIMIT} characters (GitHub's comment limit is 65,536): see the full report (\`--json\` or \`--html\`)._\n`
  }
  return out.length <= MARKDOWN_LIMIT ? out : `${out.slice(0, MARKDOWN_LIMIT - 2)}…\n`
}

interface Section {
  readonly title: string
  /** A line in italics under the title (plain words, no Markdown markup). */
  readonly note?: string
  readonly header: readonly string[]
  readonly rows: readonly string[]
}

const RULE_HEADER = ['| rule | level | statement | first failure | at |', '|---|---|---|---|---|']

/** The columns of the area table after area and title: level and count, in order. */
const AREA_COLUMNS: readonly (readonly [Level, 'pass' | 'fail' | 'blocked' | 'notApplicable'])[] = [
  ['must', 'pass'],
  ['must', 'fail'],
  ['must', 'blocked'],
  ['must', 'notApplicable'],
  ['upstream', 'pass'],
  ['upstream', 'fail'],
  ['upstream', 'blocked'],
  ['upstream', 'notApplicable'],
  ['should', 'pass'],
  ['should', 'fail'],
]

/**
 * `**Verdict: conforms** (spec profile): no must rule fails.` (`no must or
 * upstream rule` under `upstream`), or `**Verdict: fails** (upstream
 * profile): 2 must and upstream rules fail; 3 blocked, not judged; likely
 * root cause: GRD-01 (3 rules blocked by it).`: the verdict, the profile,
 * how many rules of its deciding levels fail and are blocked, and the
 * likely root causes.
 */
function verdictLine(conforms: boolean, counts: LevelCounts, profile: Profile, causes: string | undefined): string {
  if (conforms) return `**Verdict: conforms** (${profile} profile): no ${failingLevels(profile).join(' or ')} rule fails.`
  const failing = counts.fail
  const blocked = counts.blocked > 0 ? `; ${counts.blocked} blocked, not judged` : ''
  return `**Verdict: fails** (${profile} profile): ${failing} ${failingLabel(profile)} rule${failing === 1 ? '' : 's'} fail${failing === 1 ? 's' : ''}${blocked}${causes === undefined ? '' : `; ${causes}`}.`
}

/** One row of the area table ({@link AREA_COLUMNS}); a fail count of a level that decides under `profile` is bold when not 0. */
function areaRow(area: AreaSummary, profile: Profile): string {
  const deciding = failingLevels(profile)
  const cells = AREA_COLUMNS.map(([level, field]) => {
    const n = countsOf(area, level)[field]
    return (field === 'fail' || field === 'blocked') && n > 0 && deciding.includes(level) ? `**${n}**` : String(n)
  })
  return `| ${cell(area.area)} | ${cell(area.title)} | ${cells.join(' | ')} |`
}

function ruleRow(rule: RuleEntry, blocking: number): string {
  const failure = firstFailure(rule)?.failure
  const message = failure === undefined ? (rule.reason ?? '') : failureLine(failure, MESSAGE_MAX)
  const at = failure?.at === undefined ? '' : `\`${failure.at.replace(/[`|\r\n<>&]/g, '')}\``
  const id = blocking === 0 ? cell(rule.id) : `${cell(rule.id)}<br>fails; ${blockedByItText(blocking)}`
  return `| ${id} | ${rule.level} | ${cell(cut(rule.statement, STATEMENT_MAX))} | ${cell(cut(message, MESSAGE_MAX))} | ${at} |`
}

function levelText(counts: LevelCounts): string {
  return `${counts.pass} of ${counts.rules} rules pass, ${counts.fail} fail, ${counts.blocked} blocked, ${counts.vacuous} vacuous, ${counts.notApplicable} n/a, ${counts.untestable} untestable`
}

/** `text` cut to `max` characters, the last one `…`, when longer. */
function cut(text: string, max: number): string {
  const chars = [...text]
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`
}
