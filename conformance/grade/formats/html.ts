/**
 * `renderHtml()`: the grading report as one self-contained HTML page
 * (`dsh-tools-tck grade --html <file>`).
 */
import { LEVELS } from '../../catalogue/types.ts'
import type { AreaSummary, GradeReport, LevelCounts, RuleEntry, TestEntry, UnattributedError } from '../report.ts'
import { COUNT_LABELS } from './counts-text.ts'
import { escapeHtml } from './escape-html.ts'
import { FILTER_SCRIPT } from './filter-script.ts'
import { filterSelect } from './filter-select.ts'
import { htmlPage } from './html-page.ts'
import { statusLabel } from './status-label.ts'
import { blockedByItText, blockedRulesByBlocker, blockersOf, rootCausesFirst, rootCausesText } from './root-causes.ts'
import { countsOf, decidingCounts, deviationCounts, failingLabel, profileDescription, profileOf, verdictGroups } from './verdict.ts'
import { kitLabel } from './kit-label.ts'
import { SPEC_STYLE, specView } from './html-spec.ts'

const STATUSES = ['fail', 'blocked', 'vacuous', 'pass', 'not-applicable', 'untestable'] as const

const COUNT_COLUMNS = [['rules', 'rules'], ...COUNT_LABELS] as const satisfies readonly (readonly [keyof LevelCounts, string])[]

const STYLE = `
.summary-table { width: auto; margin: .5rem 0; }
.rules td:first-child { white-space: nowrap; }
.failure { margin: .5rem 0 .75rem; padding-left: .75rem; border-left: 3px solid var(--fail); }
.failure .name { font-weight: 600; }
.tab-input { position: absolute; opacity: 0; pointer-events: none; }
.tabs { display: flex; gap: .25rem; margin: 1rem 0 0; border-bottom: 1px solid var(--line); }
.tabs label { padding: .35rem .9rem; border: 1px solid var(--line); border-bottom: none; border-radius: 4px 4px 0 0; cursor: pointer; background: var(--panel); }
#tab-report:checked ~ .tabs label[for="tab-report"], #tab-spec:checked ~ .tabs label[for="tab-spec"] { background: var(--bg); font-weight: 600; }
#tab-report:checked ~ .view-spec, #tab-spec:checked ~ .view-report { display: none; }
${SPEC_STYLE}`

/**
 * Renders `report` as a complete HTML document (see `htmlPage`: inline style
 * and script, nothing fetched). It shows the kit, the adapter, the profile
 * the registry was graded under (see `profileOf`) and the run date; the
 * summary (verdict and profile, with the deciding rules' counts, the
 * deviations, the blocked rules and the likely root causes; must, upstream
 * and should counts; test counts); a per-area
 * table (must, upstream and should counts, blocked ones apart); every rule of the report, the
 * failing rules of the deciding levels first, root causes first among them
 * (the rules that block others, most first, each saying `N rules blocked by
 * it`, `data-blocks`), then the deviations by level
 * (`verdictGroups`), then the blocked rules, then the others in report order, each with its status, level, statement, reason, sources and, for
 * every failing test, its name, file, `at`, message, diff (and stack when
 * the report has one); errors no test owns and slow tests. Filters by area,
 * status and level (must, upstream, should) work with JavaScript, and the
 * status filter starts on the failing rules when there are any; without
 * it every rule is shown. Two tabs, switched without JavaScript, show the
 * report and the spec (`specView`). Every string from the report is escaped.
 *
 * Stable hooks for tools and tests: `data-testid` on `meta`, `summary`,
 * `verdict` (with `data-conforms` and `data-profile`), `profile`, `areas`,
 * `rules`, `filters`, `shown`, `tabs`, `tab-report`, `tab-spec`, `spec` (the
 * Spec tab, see `specView`: the seeds' sentences with this registry's
 * verdicts); each count of the summary is an element
 * `data-count="<level>-<field>"` (`must-pass`, `upstream-fail`,
 * `should-notApplicable`, ...) or `tests-<field>`; each rule row is
 * `<tr data-rule data-status data-level data-area>`, with
 * `data-blocked-by` (the blocking rules' IDs, space-separated) when a test
 * of the rule was blocked.
 * Pure: the same report gives the same page.
 */
export function renderHtml(report: GradeReport): string {
  const adapter = `${report.adapter.name}${report.adapter.version === undefined ? '' : ` ${report.adapter.version}`}`
  const body = [
    `<header><h1>Conformance report: ${escapeHtml(adapter)}</h1>${meta(report)}</header>`,
    // Two tabs, switched by CSS alone (radio inputs): the report, and the spec with this registry's verdicts.
    '<input type="radio" name="tab" id="tab-report" class="tab-input" checked><input type="radio" name="tab" id="tab-spec" class="tab-input">',
    '<nav class="tabs" data-testid="tabs"><label for="tab-report" data-testid="tab-report">Report</label><label for="tab-spec" data-testid="tab-spec">Spec</label></nav>',
    '<div class="view-report">',
    summary(report),
    areas(report.summary.areas),
    rules(report),
    unattributed(report.unattributedErrors),
    slowTests(report),
    '</div>',
    `<section class="view-spec" data-testid="spec"><h2>Spec</h2>${specView(report)}</section>`,
    `<footer><p class="muted">Written by ${escapeHtml(kitLabel(report.kit))} from a report of format ${escapeHtml(report.reportVersion)} (docs/REPORT.md).</p></footer>`,
  ].join('\n')
  return htmlPage({ title: `${report.kit.name}: ${adapter}`, body, style: STYLE, script: FILTER_SCRIPT })
}

function meta(report: GradeReport): string {
  const o = report.options
  const items: (readonly [string, string])[] = [
    ['kit', kitLabel(report.kit)],
    ['adapter', `${report.adapter.name}${report.adapter.version === undefined ? '' : ` (version ${report.adapter.version})`}`],
    ['module', report.adapter.module],
    ['features', featureList(report)],
    ['profile', `${profileOf(report)} (${profileDescription(profileOf(report))})`],
    ['graded', `${report.timing.startedAt} (${formatMs(report.timing.durationMs)})`],
    ['selection', o.rules === null ? 'every rule' : o.rules.join(', ')],
    ['budget', `timeout ${o.timeoutMs} ms, stall limit ${o.stallLimitMs} ms`],
    ['runtime', `node ${report.runtime.node}, vitest ${report.runtime.vitest}, ${report.runtime.platform}`],
  ]
  if (o.types !== undefined) items.push(['types', o.types])
  return `<dl class="meta" data-testid="meta">${items.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`
}

function featureList(report: GradeReport): string {
  const entries = Object.entries(report.adapter.features)
  const on = entries.filter(([, v]) => v).map(([k]) => k)
  const off = entries.filter(([, v]) => !v).map(([k]) => k)
  return `${on.length === 0 ? 'none declared' : on.join(', ')}${off.length === 0 ? '' : `; not declared: ${off.join(', ')}`}`
}

function summary(report: GradeReport): string {
  const s = report.summary
  const conforms = s.conforms
  // A baseline that records every deciding failure decides the exit status (0): the verdict says so.
  const known = !conforms && report.baseline?.ok === true
  const profile = profileOf(report)
  const deciding = decidingCounts(s, profile)
  const applicable = deciding.rules - deciding.notApplicable - deciding.untestable
  const kind = failingLabel(profile)
  const deviations = deviationCounts(report)
  const causes = rootCausesText(report)
  const sentence =
    (conforms ? `meets all ${applicable} applicable ${kind} rules` : `fails ${deciding.fail} of ${applicable} applicable ${kind} rules`) +
    (deviations.length === 0 ? '' : ` (${deviations.join(', ')})`) +
    (deciding.blocked === 0 ? '' : `; ${deciding.blocked} blocked, not judged`) +
    (conforms || causes === undefined ? '' : `; ${causes}`)
  const head = `<tr><th>level</th>${COUNT_COLUMNS.map(([, label]) => `<th class="num">${escapeHtml(label)}</th>`).join('')}</tr>`
  const row = (level: string, counts: LevelCounts): string =>
    `<tr><th>${level}</th>${COUNT_COLUMNS.map(([key]) => `<td class="num" data-count="${level}-${key}">${counts[key]}</td>`).join('')}</tr>`
  const t = s.tests
  const tests = (['total', 'pass', 'fail', 'notApplicable', 'skipped'] as const)
    .map((key) => `${key === 'notApplicable' ? 'n/a' : key} <span data-count="tests-${key}">${t[key]}</span>`)
    .join(', ')
  const extras = [
    `${s.unattributedErrors} error${s.unattributedErrors === 1 ? '' : 's'} no test owns`,
    `${s.slowTests} slow test${s.slowTests === 1 ? '' : 's'}`,
    `${s.partialPasses} partial pass${s.partialPasses === 1 ? '' : 'es'}`,
    ...(s.weakRules === undefined ? [] : [`${s.weakRules} weak rule${s.weakRules === 1 ? '' : 's'}`]),
  ]
  return [
    '<section data-testid="summary"><h2>Summary</h2>',
    `<p><span class="verdict ${conforms ? 'conforms' : known ? 'known' : 'fails'}" data-testid="verdict" data-profile="${escapeHtml(profile)}" data-conforms="${conforms}"${known ? ' data-known="true"' : ''}>${conforms ? 'CONFORMS' : known ? 'KNOWN FAILURES ONLY' : 'FAILS'}</span> `,
    `${escapeHtml(report.adapter.name)} ${escapeHtml(sentence)}.</p>`,
    ...(report.baseline === undefined
      ? []
      : [
          `<p data-testid="baseline" data-ok="${report.baseline.ok}"><strong>${escapeHtml(report.baseline.line)}</strong> (baseline ${escapeHtml(report.baseline.file)}, ${report.baseline.known.length} known failure${report.baseline.known.length === 1 ? '' : 's'}): this decides the exit status.</p>`,
        ]),
    `<p>Profile <strong data-testid="profile">${escapeHtml(profile)}</strong>: ${escapeHtml(profileDescription(profile))}.</p>`,
    `<table class="summary-table">${head}${LEVELS.map((level) => row(level, countsOf(s, level))).join('')}</table>`,
    `<p>Tests: ${tests}. ${escapeHtml(extras.join(', '))}.</p>`,
    '</section>',
  ].join('')
}

function areas(list: readonly AreaSummary[]): string {
  const cells = (c: LevelCounts): string =>
    [c.pass, c.fail, c.blocked, c.vacuous, c.notApplicable, c.untestable].map((n) => `<td class="num">${n}</td>`).join('')
  const sub = ['pass', 'fail', 'blk.', 'vac.', 'n/a', 'unt.'].map((h) => `<th class="num">${h}</th>`).join('')
  const rows = list
    .map(
      (a) =>
        `<tr data-area-row="${escapeHtml(a.area)}"><td><code>${escapeHtml(a.area)}</code></td><td>${escapeHtml(a.title)}</td>${LEVELS.map((level) => cells(countsOf(a, level))).join('')}</tr>`,
    )
    .join('\n')
  return [
    '<section><h2>Areas</h2>',
    '<table data-testid="areas">',
    `<thead><tr><th rowspan="2">area</th><th rowspan="2">title</th>${LEVELS.map((level) => `<th colspan="6">${level}</th>`).join('')}</tr>`,
    `<tr>${LEVELS.map(() => sub).join('')}</tr></thead>`,
    `<tbody>${rows}</tbody></table></section>`,
  ].join('\n')
}

function rules(report: GradeReport): string {
  const present = STATUSES.filter((s) => report.rules.some((r) => r.status === s))
  const count = (pick: (r: RuleEntry) => boolean): number => report.rules.filter(pick).length
  const filters = [
    '<form class="filters" data-testid="filters" hidden>',
    filterSelect(
      'area',
      'area',
      report.summary.areas.map((a) => [a.area, `${a.area}: ${a.title} (${count((r) => r.area === a.area)})`]),
    ),
    // With JavaScript, a failing registry's page opens on its failures.
    filterSelect(
      'status',
      'status',
      present.map((s) => [s, `${statusLabel(s)} (${count((r) => r.status === s)})`]),
      present.includes('fail') ? 'fail' : undefined,
    ),
    filterSelect(
      'level',
      'level',
      LEVELS.map((l) => [l, `${l} (${count((r) => r.level === l)})`]),
    ),
    '</form>',
  ].join('')
  const { failing, deviations } = verdictGroups(report)
  const blocked = report.rules.filter((rule) => rule.status === 'blocked')
  const first = [...rootCausesFirst(failing, report), ...deviations.flatMap((group) => group.rules), ...blocked]
  const blocks = blockedRulesByBlocker(report)
  const rows = [...first, ...report.rules.filter((rule) => !first.includes(rule))].map((rule) => ruleRow(rule, blocks.get(rule.id)?.length ?? 0)).join('\n')
  return [
    '<section><h2>Rules</h2>',
    filters,
    `<p class="muted" data-testid="shown">${report.rules.length} rules</p>`,
    '<table class="rules" data-testid="rules"><thead><tr><th>rule</th><th>level</th><th>status</th><th>statement</th></tr></thead>',
    `<tbody>${rows}</tbody></table></section>`,
  ].join('\n')
}

function ruleRow(rule: RuleEntry, blocking: number): string {
  const failing = rule.tests.filter((t) => t.outcome === 'fail')
  const notes: string[] = []
  if (blocking > 0) notes.push(`<p data-blocks="${blocking}"><strong>${escapeHtml(rule.id)} fails; ${escapeHtml(blockedByItText(blocking))}</strong></p>`)
  if (rule.reason !== undefined) notes.push(`<p class="muted">${escapeHtml(rule.reason)}</p>`)
  if (rule.partial !== undefined) notes.push(`<p class="muted">partial: ${escapeHtml(rule.partial)}</p>`)
  if (rule.divergence !== undefined) notes.push(`<p class="muted">divergence: ${escapeHtml(rule.divergence)}</p>`)
  notes.push(`<p class="muted">source${rule.sources.length === 1 ? '' : 's'}: ${rule.sources.map(escapeHtml).join('; ')}</p>`)
  if (failing.length > 0) {
    const open = rule.status === 'fail' ? ' open' : ''
    notes.push(`<details${open}><summary>${failing.length} failing test${failing.length === 1 ? '' : 's'}</summary>${failing.map(failure).join('')}</details>`)
  }
  const weak = rule.adequacy?.weak === true ? '<span class="tag" title="no mutant killed and no gallery registry violates it">weak</span>' : ''
  const blockers = blockersOf(rule)
  const blockedBy = blockers.length === 0 ? '' : ` data-blocked-by="${escapeHtml(blockers.join(' '))}"`
  const attrs = `data-rule="${escapeHtml(rule.id)}" data-status="${escapeHtml(rule.status)}" data-level="${escapeHtml(rule.level)}" data-area="${escapeHtml(rule.area)}"${blockedBy}`
  return (
    `<tr ${attrs}><td><code>${escapeHtml(rule.id)}</code>${weak}</td><td>${escapeHtml(rule.level)}</td>` +
    `<td class="status s-${escapeHtml(rule.status)}">${escapeHtml(statusLabel(rule.status))}</td>` +
    `<td><div class="statement">${escapeHtml(rule.statement)}</div>${notes.join('')}</td></tr>`
  )
}

function failure(test: TestEntry): string {
  const f = test.failure
  const where = f?.at === undefined ? escapeHtml(test.file) : `<code data-at>${escapeHtml(f.at)}</code>`
  const kind = f?.kind === undefined ? '' : ` <span class="tag" data-kind>${escapeHtml(f.kind)}</span>`
  const parts = [`<div class="name">${escapeHtml(test.name)}${kind}</div>`, `<div class="muted">${where}</div>`]
  if (test.failedRules !== undefined) parts.push(`<div class="muted">fails only ${escapeHtml(test.failedRules.join(', '))}</div>`)
  parts.push(`<pre class="message">${escapeHtml(f?.message ?? 'no failure message')}</pre>`)
  if (f?.diff !== undefined) parts.push(`<pre class="diff">${escapeHtml(f.diff)}</pre>`)
  if (f?.stack !== undefined) parts.push(`<details><summary>stack</summary><pre>${escapeHtml(f.stack)}</pre></details>`)
  return `<div class="failure" data-failure>${parts.join('')}</div>`
}

function unattributed(errors: readonly UnattributedError[]): string {
  if (errors.length === 0) return ''
  const items = errors.map((e) => {
    const where = [e.file, e.test]
      .filter((x) => x !== undefined)
      .map(escapeHtml)
      .join(' — ')
    const stack = e.stack === undefined ? '' : `<details><summary>stack</summary><pre>${escapeHtml(e.stack)}</pre></details>`
    return `<li><code>${escapeHtml(e.kind)}</code> ${where}<pre>${escapeHtml(e.message)}</pre>${stack}</li>`
  })
  return `<section data-testid="unattributed"><h2>Errors no test owns</h2><ul>${items.join('')}</ul></section>`
}

function slowTests(report: GradeReport): string {
  if (report.slowTests.length === 0) return ''
  const rows = report.slowTests
    .map(
      (t) =>
        `<tr><td>${escapeHtml(t.name)}</td><td>${escapeHtml(t.file)}</td><td>${escapeHtml(t.outcome)}</td><td class="num">${escapeHtml(formatMs(t.durationMs))}</td></tr>`,
    )
    .join('')
  return `<section><h2>Slow tests</h2><p class="muted">Slowness changes no verdict.</p><table><thead><tr><th>test</th><th>file</th><th>outcome</th><th class="num">time</th></tr></thead><tbody>${rows}</tbody></table></section>`
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`
}
