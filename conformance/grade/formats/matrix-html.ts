/**
 * `renderMatrixHtml()`: the implementation matrix as one self-contained HTML
 * page (`dsh-tools-tck matrix --html <file>`).
 */
import { LEVELS } from '../../catalogue/types.ts'
import { levelCountsText } from './counts-text.ts'
import { escapeHtml } from './escape-html.ts'
import { FILTER_SCRIPT } from './filter-script.ts'
import { filterSelect } from './filter-select.ts'
import { htmlPage } from './html-page.ts'
import type { Matrix, MatrixColumn, MatrixRow } from './matrix.ts'
import { statusLabel } from './status-label.ts'
import { decidingCounts, failingLabel } from './verdict.ts'

const STYLE = `
table.matrix td.statement { font-size: 12px; color: var(--muted); min-width: 18rem; }
table.matrix tr.group th { background: var(--bg); font-size: 1rem; padding-top: 1rem; position: static; }
table.matrix tr[data-differs="true"] td:first-child { border-left: 3px solid var(--warn); }
body { max-width: none; }
table.matrix td:first-child { white-space: nowrap; }
th.impl { min-width: 7rem; }
td.has-fail { border-left: 3px solid var(--fail); }
`

/**
 * Renders `matrix` (see `buildMatrix`) as a complete HTML document (inline
 * style and script, nothing fetched; see `htmlPage`): the implementations
 * with the profile each was graded under, their verdicts and failing rules
 * of that profile's deciding levels; per-area totals per implementation
 * (must, upstream and should counts; a cell with a failing rule of a
 * deciding level is marked); then one table,
 * one column per implementation, with first the rules whose statuses differ
 * and then the rules with the same status everywhere. Filters by area, level
 * and "only rules that differ" work with JavaScript; without it every rule is
 * shown. Every string is escaped.
 *
 * Stable hooks: `data-testid` on `implementations`, `area-totals`, `matrix`,
 * `filters`, `shown`; one `<th data-testid="impl" data-profile>` per
 * implementation in the matrix table's head; each rule row is
 * `<tr data-rule data-area data-level data-differs="true|false">` and each of
 * its status cells `<td data-status="<status>|absent">`. Pure.
 */
export function renderMatrixHtml(matrix: Matrix): string {
  const { columns, rows, differing } = matrix
  const same = rows.length - differing
  const body = [
    '<header><h1>Implementation matrix</h1>',
    `<p data-testid="overview">${columns.length} implementation${columns.length === 1 ? '' : 's'}, ${rows.length} rules; ${differing} rule${differing === 1 ? '' : 's'} differ between them.</p></header>`,
    implementations(matrix),
    areaTotals(matrix),
    '<section><h2>Rules</h2>',
    filters(matrix),
    `<p class="muted" data-testid="shown">${rows.length} rules</p>`,
    '<table class="matrix" data-testid="matrix"><thead><tr><th>rule</th><th>level</th>',
    columns
      .map(
        (c) =>
          `<th class="impl" data-testid="impl" data-profile="${escapeHtml(c.profile)}" title="${escapeHtml(`${c.file} (${c.profile} profile)`)}">${escapeHtml(c.label)}</th>`,
      )
      .join(''),
    '<th>statement</th></tr></thead>',
    `<tbody data-group="differ"><tr class="group"><th colspan="${columns.length + 3}">Rules that differ (${differing})</th></tr>${rows.slice(0, differing).map(row).join('\n')}</tbody>`,
    `<tbody data-group="same"><tr class="group"><th colspan="${columns.length + 3}">Same status everywhere (${same})</th></tr>${rows.slice(differing).map(row).join('\n')}</tbody>`,
    '</table></section>',
  ].join('\n')
  return htmlPage({ title: `Implementation matrix: ${columns.map((c) => c.label).join(', ')}`, body, style: STYLE, script: FILTER_SCRIPT })
}

function implementations(matrix: Matrix): string {
  const rows = matrix.columns
    .map((c) => {
      const verdict = `<span class="verdict ${c.conforms ? 'conforms' : 'fails'}">${c.conforms ? 'CONFORMS' : 'FAILS'}</span>`
      const selection = c.selection === null ? 'every rule' : c.selection.join(', ')
      return (
        `<tr><td>${escapeHtml(c.label)}</td><td>${escapeHtml(c.profile)}</td><td>${verdict}</td><td class="num">${c.decidingFail} of ${c.decidingApplicable} ${failingLabel(c.profile)}${c.decidingBlocked === 0 ? '' : `, ${c.decidingBlocked} blocked`}</td>` +
        `<td>${escapeHtml(c.kit)}</td><td>${escapeHtml(c.startedAt)}</td><td>${escapeHtml(selection)}</td><td><code>${escapeHtml(c.file)}</code></td></tr>`
      )
    })
    .join('\n')
  return (
    '<section><h2>Implementations</h2><table data-testid="implementations"><thead><tr><th>implementation</th><th>profile</th><th>verdict</th>' +
    `<th class="num">deciding rules failing</th><th>kit</th><th>graded</th><th>selection</th><th>report</th></tr></thead><tbody>${rows}</tbody></table>` +
    (new Set(matrix.columns.map((c) => c.kit)).size > 1
      ? '<p class="muted" data-testid="mixed-kits">The reports were graded by different kits or suite revisions: a difference between columns may come from the kit, not the implementations.</p>'
      : '') +
    '</section>'
  )
}

function areaTotals(matrix: Matrix): string {
  const head = matrix.columns.map((c) => `<th class="impl">${escapeHtml(c.label)}</th>`).join('')
  const rows = matrix.areas
    .map((a) => {
      const cells = a.counts
        .map((c, i) => {
          if (c === null) return '<td class="muted">not graded</td>'
          const failing = decidingCounts(c, (matrix.columns[i] as MatrixColumn).profile).fail > 0
          return `<td${failing ? ' class="has-fail"' : ''}>${levelCountsText(c)}</td>`
        })
        .join('')
      return `<tr data-area-row="${escapeHtml(a.area)}"><td><code>${escapeHtml(a.area)}</code> ${escapeHtml(a.title)}</td>${cells}</tr>`
    })
    .join('\n')
  return `<section><h2>Per-area totals</h2><table data-testid="area-totals"><thead><tr><th>area</th>${head}</tr></thead><tbody>${rows}</tbody></table></section>`
}

function filters(matrix: Matrix): string {
  return [
    '<form class="filters" data-testid="filters" hidden>',
    filterSelect(
      'area',
      'area',
      matrix.areas.map((a) => [a.area, `${a.area}: ${a.title}`]),
    ),
    filterSelect(
      'level',
      'level',
      LEVELS.map((level) => [level, level]),
    ),
    '<label><input type="checkbox" data-filter="differs" data-testid="filter-differs" value="true"> only rules that differ</label>',
    '</form>',
  ].join('')
}

function row(r: MatrixRow): string {
  const cells = r.statuses
    .map((s) =>
      s === null
        ? '<td class="status s-absent" data-status="absent">—</td>'
        : `<td class="status s-${escapeHtml(s)}" data-status="${escapeHtml(s)}">${escapeHtml(statusLabel(s))}</td>`,
    )
    .join('')
  return (
    `<tr data-rule="${escapeHtml(r.id)}" data-area="${escapeHtml(r.area)}" data-level="${escapeHtml(r.level)}" data-differs="${r.differs}">` +
    `<td><code>${escapeHtml(r.id)}</code></td><td>${escapeHtml(r.level)}</td>${cells}<td class="statement">${escapeHtml(r.statement)}</td></tr>`
  )
}
