/**
 * `renderMatrixMarkdown()`: the implementation matrix as GitHub-flavoured
 * Markdown (`dsh-tools-tck matrix`, on stdout or `--markdown <file>`).
 */
import { levelCountsText } from './counts-text.ts'
import type { Matrix, MatrixRow } from './matrix.ts'
import { statusLabel } from './status-label.ts'
import { failingLabel } from './verdict.ts'

/**
 * Renders `matrix` (see `buildMatrix`) as Markdown: a title and one-line
 * overview, a table of the implementations (the profile each was graded
 * under, verdict, failing rules of that profile's deciding levels, kit,
 * date, report file), per-area totals per implementation (must, upstream
 * and should counts), then the
 * rules whose statuses differ and the rules with the same status
 * everywhere, one column per implementation (`—` where a report does not
 * list the rule). Every cell is escaped so that `|`, `<`, `&`, `*`, `_`,
 * backticks and newlines in statements and names cannot break the table
 * or turn into markup. Ends with a newline. Pure.
 */
export function renderMatrixMarkdown(matrix: Matrix): string {
  const { columns, rows, differing } = matrix
  const labels = columns.map((c) => cell(c.label))
  const out: string[] = [
    '# Implementation matrix',
    '',
    `${columns.length} implementation${columns.length === 1 ? '' : 's'}, ${rows.length} rules; ${differing} rule${differing === 1 ? '' : 's'} differ between them.`,
    '',
    '| implementation | profile | verdict | deciding rules failing | kit | graded | report |',
    '|---|---|---|---:|---|---|---|',
    ...columns.map(
      (c) =>
        `| ${cell(c.label)} | ${cell(c.profile)} | ${c.conforms ? 'conforms' : '**fails**'} | ${c.decidingFail} of ${c.decidingApplicable} ${failingLabel(c.profile)}${c.decidingBlocked === 0 ? '' : `, ${c.decidingBlocked} blocked`} | ${cell(c.kit)} | ${cell(c.startedAt)} | ${cell(c.file)} |`,
    ),
    '',
    ...(new Set(columns.map((c) => c.kit)).size > 1
      ? ['_The reports were graded by different kits or suite revisions: a difference between columns may come from the kit, not the implementations._', '']
      : []),
    '## Per-area totals',
    '',
    `| area | ${labels.join(' | ')} |`,
    `|---|${columns.map(() => '---').join('|')}|`,
    ...matrix.areas.map((a) => `| ${cell(`${a.area} ${a.title}`)} | ${a.counts.map((c) => (c === null ? 'not graded' : levelCountsText(c))).join(' | ')} |`),
    '',
    `## Rules that differ (${differing})`,
    '',
    ...ruleTable(rows.slice(0, differing), labels),
    '',
    `## Same status everywhere (${rows.length - differing})`,
    '',
    ...ruleTable(rows.slice(differing), labels),
    '',
  ]
  return out.join('\n')
}

function ruleTable(rows: readonly MatrixRow[], labels: readonly string[]): string[] {
  if (rows.length === 0) return ['None.']
  return [
    `| rule | level | ${labels.join(' | ')} | statement |`,
    `|---|---|${labels.map(() => '---').join('|')}|---|`,
    ...rows.map(
      (r) =>
        `| ${cell(r.id)} | ${cell(r.level)} | ${r.statuses.map((s) => (s === null ? '—' : s === 'fail' ? '**fail**' : cell(statusLabel(s)))).join(' | ')} | ${cell(r.statement)} |`,
    ),
  ]
}

/** One table cell's text: on one line, markup characters neutralised. */
function cell(text: string): string {
  return text
    .replace(/\s*\r?\n\s*/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|]/g, (c) => `\\${c}`)
}
