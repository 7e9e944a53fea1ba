/**
 * `renderConsole()`: the human-readable form of a grading report.
 */
import type { GradeReport, LevelCounts, RuleEntry, TestEntry } from '../report.ts'
import { KNOWN_FEATURES } from '../engine/known-features.ts'
import { listWords } from '../text.ts'
import { cut, failureLine, firstFailure } from './failure-line.ts'
import { countsOf, decidingCounts, deviationCounts, failingLabel, profileDescription, profileOf, verdictGroups } from './verdict.ts'
import { kitLabel } from './kit-label.ts'
import { blockedByItText, blockedRulesByBlocker, rootCausesFirst, rootCausesText } from './root-causes.ts'

export interface RenderOptions {
  /** Use ANSI colours. Default: false. */
  readonly color?: boolean
  /** Every failing test in full, with the stacks kept in the report and whole diffs; every list uncut. Default: false. */
  readonly verbose?: boolean
  /** Wrap prose at this column. Default: 100. */
  readonly width?: number
  /** Only the failing rules, one line each, and the verdict. Default: false. */
  readonly quiet?: boolean
}

/**
 * Renders `report` as plain text, ending with a newline:
 * 1. a header naming the kit, the adapter and its features, and the profile
 *    the registry was graded under (see `profileOf`) with what it holds it to;
 * 2. a per-area table of rule counts (pass / fail / blocked / not
 *    applicable / untestable) for `must`, `upstream` and `should`;
 * 3. each failing rule of a level that decides under the profile (`must`;
 *    under `upstream`, `must` and `upstream`), root causes first (the rules
 *    that block others, most blocking first, each saying `N rules blocked
 *    by it`; then the rest in catalogue order), on one line: ID, the file:line
 *    of its first failing assertion and that assertion in short, with the
 *    expected and received values (`failureLine`); rules whose first
 *    failing assertion is the same one are grouped under one line. With
 *    `verbose`, instead, each rule in full: statement, source, divergence
 *    note, and every failing test with its message, diff and stack; a test
 *    that fails several rules (a property law, typically) is printed in
 *    full once, under the first, with every rule it fails listed; under the
 *    others it is one line pointing back to it;
 * 4. the deviations, by level (`verdictGroups`): under `spec` the
 *    upstream-level ones, marked as failing the registry only under
 *    `--profile upstream`, then the should-level ones, marked as not failing
 *    it; their IDs only (in full with `verbose`);
 * 5. the blocked rules (not judged, never met), grouped by the rule that
 *    blocked them; then errors no test owns;
 * 6. vacuous rules, partial passes, and the tests that ran longer than the
 *    budget (slow tests, with their times; slowness changes no verdict);
 *    each list cut after 10 entries unless `verbose`;
 * 7. a one-line verdict naming the profile, counting the rules of the
 *    deciding levels (blocked ones apart), and, when it fails, the likely
 *    root causes (`rootCausesText`).
 * Colour codes appear only when `color` is true. With `quiet`, only the
 * failing rules of the deciding levels (root causes first), the deviations
 * and the blocked rules (ID and reason, one line each) and the verdict.
 */
export function renderConsole(report: GradeReport, options: RenderOptions = {}): string {
  const paint = painter(options.color ?? false)
  if (options.quiet === true) return quietReport(report, paint)
  const width = options.width ?? 100
  const out: string[] = []
  const shown = new Shown(report)

  const { adapter, kit } = report
  const declared = KNOWN_FEATURES.filter((f) => adapter.features[f])
  const undeclared = KNOWN_FEATURES.filter((f) => !adapter.features[f])
  out.push(paint.bold(`${kitLabel(kit)}: grading ${adapter.name}${adapter.version === undefined ? '' : ` ${adapter.version}`}`))
  out.push(`adapter   ${adapter.module}`)
  if (report.options.types !== undefined) {
    const took = report.timing.typesMs === undefined ? '' : ` (checked in ${(report.timing.typesMs / 1000).toFixed(1)} s)`
    out.push(`types     ${report.options.types}${took}`)
  }
  out.push(
    `features  ${declared.length > 0 ? declared.join(', ') : '(none)'}${undeclared.length > 0 ? paint.dim(`   not declared: ${undeclared.join(', ')}`) : ''}`,
  )
  const filter = report.options.rules === null ? 'all rules' : `rules ${report.options.rules.join(', ')}`
  const tests = report.summary.tests.total
  out.push(`profile   ${profileOf(report)} (${profileDescription(profileOf(report))})`)
  out.push(
    `run       ${filter}; ${report.options.timeoutMs} ms per test; ${tests} test${tests === 1 ? '' : 's'} in ${(report.timing.durationMs / 1000).toFixed(1)} s`,
  )
  out.push('')

  out.push(...areaTable(report, paint))
  out.push('')

  const { failing: inOrder, deviations } = verdictGroups(report)
  const failing = rootCausesFirst(inOrder, report)
  const verbose = options.verbose ?? false
  if (verbose) {
    if (failing.length > 0) {
      out.push(paint.red(paint.bold(`Failing ${failingLabel(profileOf(report))} rules (${failing.length})`)))
      out.push('')
      const by = blockedRulesByBlocker(report)
      for (const rule of failing) out.push(...ruleBlock(rule, paint, width, true, shown, by.get(rule.id)?.length ?? 0), '')
    }
    for (const group of deviations) {
      out.push(paint.yellow(paint.bold(`${group.title} (${group.rules.length}; ${group.note})`)))
      out.push('')
      for (const rule of group.rules) out.push(...ruleBlock(rule, paint, width, true, shown, 0), '')
    }
  } else {
    if (failing.length > 0) {
      out.push(
        paint.red(
          paint.bold(
            `Failing ${failingLabel(profileOf(report))} rules (${failing.length}), each with its first failing assertion (--verbose for every failing test)`,
          ),
        ),
      )
      out.push(...failureGroups(failing, paint, blockedRulesByBlocker(report)), '')
    }
    for (const group of deviations) {
      out.push(paint.yellow(paint.bold(`${group.title} (${group.rules.length}; ${group.note})`)))
      out.push(...wrap(group.rules.map((rule) => rule.id).join(', '), width, 2), '')
    }
  }

  out.push(...blockedLines(report, paint, width))

  if (report.unattributedErrors.length > 0) {
    out.push(paint.yellow(paint.bold(`Errors no test owns (${report.unattributedErrors.length})`)))
    out.push('')
    for (const error of capped(report.unattributedErrors, verbose)) {
      const where = [error.file, error.test].filter((x) => x !== undefined).join(' > ')
      out.push(`  ${error.kind}${where === '' ? '' : ` in ${where}`}`)
      out.push(...indent(verbose ? error.message : cut(error.message.split('\n')[0] ?? '', width * 2), 4))
      if (verbose && error.stack !== undefined) out.push(...indent(paint.dim(error.stack), 4))
    }
    out.push(...more(report.unattributedErrors, verbose))
    out.push('')
  }

  const vacuous = report.rules.filter((rule) => rule.status === 'vacuous')
  if (vacuous.length > 0) {
    out.push(paint.yellow(paint.bold(`Vacuous (${vacuous.length}; a property law rarely reached its interesting case, so its pass is no evidence)`)))
    for (const rule of capped(vacuous, verbose)) out.push(`  ${rule.id}  ${rule.reason ?? ''}`)
    out.push(...more(vacuous, verbose))
    out.push('')
  }

  const partial = report.rules.filter((rule) => rule.partial !== undefined)
  if (partial.length > 0) {
    out.push(paint.yellow(paint.bold(`Passed on part of their tests (${partial.length}; declare the features to grade the rest)`)))
    for (const rule of capped(partial, verbose)) out.push(`  ${rule.id}  ${rule.partial}`)
    out.push(...more(partial, verbose))
    out.push('')
  }

  if (report.slowTests.length > 0) {
    const budget = report.options.timeoutMs
    out.push(
      paint.yellow(
        paint.bold(
          `Slow tests (${report.slowTests.length}; longer than the ${budget} ms budget, spent computing: the budget counts only waiting, so no verdict changes)`,
        ),
      ),
    )
    for (const slow of capped(report.slowTests, verbose))
      out.push(`  ${seconds(slow.durationMs).padStart(8)}  ${slow.outcome.padEnd(4)}  ${slow.name}  ${paint.dim(slow.file)}`)
    out.push(...more(report.slowTests, verbose))
    out.push('')
  }

  const fixtures = report.summary.fixtures
  if (fixtures.tests.pass + fixtures.tests.fail + fixtures.tests.notApplicable > 0) {
    out.push(
      paint.dim(
        `JSON-Schema fixtures: ${fixtures.files} files (${fixtures.validationTests} validation tests, ${fixtures.unsupportedCases} unsupported-schema cases); ` +
          `${fixtures.tests.pass} fixture tests passed, ${fixtures.tests.fail} failed, ${fixtures.tests.notApplicable} not applicable`,
      ),
    )
    // Which rules, at which level, the failing fixture tests belong to (issue 39): a count alone names no defect.
    const byRule = failingFixtureTestsByRule(report)
    if (byRule.length > 0) {
      out.push(...wrap(`failing fixture tests by rule: ${byRule.map(({ id, level, count }) => `${id} (${level}) ${count}`).join(', ')}`, 100, 2))
    }
    out.push('')
  }

  out.push(...adequacyLines(report, paint, verbose))
  out.push(verdict(report, paint))
  return `${out.join('\n')}\n`
}

/**
 * The blocked rules, grouped by the rule that blocked them (a rule blocked
 * by two is listed under both): `by GRD-01 (2): ARG-01, ARG-02`. A blocker
 * the report does not list is marked as outside the selection.
 */
function blockedLines(report: GradeReport, paint: Paint, width: number): string[] {
  const blocked = report.rules.filter((rule) => rule.status === 'blocked')
  if (blocked.length === 0) return []
  const out = [
    paint.yellow(
      paint.bold(
        `Blocked rules (${blocked.length}; not judged, so never met: a test of each stopped on a failed precondition owned by another rule; fix that rule first)`,
      ),
    ),
  ]
  for (const [blocker, ids] of blockedRulesByBlocker(report)) {
    const outside = report.rules.some((rule) => rule.id === blocker) ? '' : ', not in the selection: grade it to see its failure'
    out.push(...wrap(`by ${blocker} (${ids.length}${outside}): ${ids.join(', ')}`, width, 2))
  }
  out.push('')
  return out
}

/** Fixture-driven tests are named `[IDs] fixture <file>#<pointer>: ...` (engine/build-report.ts). */
const FIXTURE_TEST = /^\[[^\]]*\] fixture /

/** Per rule with failing fixture tests: its ID, level and how many, most first (catalogue order among equals). */
function failingFixtureTestsByRule(report: GradeReport): { id: string; level: string; count: number }[] {
  return report.rules
    .map((rule) => ({ id: rule.id, level: rule.level, count: rule.tests.filter((t) => t.outcome === 'fail' && FIXTURE_TEST.test(t.name)).length }))
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count)
}

/** What the kit's own evidence says about the graded rules' tests: a weak list, or one line of totals. */
function adequacyLines(report: GradeReport, paint: Paint, verbose: boolean): string[] {
  const withEvidence = report.rules.filter((rule) => rule.adequacy !== undefined)
  if (withEvidence.length === 0) return []
  const weak = withEvidence.filter((rule) => rule.adequacy?.weak === true)
  if (weak.length > 0) {
    return [
      paint.yellow(
        paint.bold(`Weak (${weak.length}; no test of these rules killed a reference mutant and no gallery registry violates them, so a pass says little)`),
      ),
      ...(verbose ? weak.map((rule) => `  ${rule.id}  ${rule.statement}`) : wrap(weak.map((rule) => rule.id).join(', '), 100, 2)),
      '',
    ]
  }
  const killing = withEvidence.filter((rule) => (rule.adequacy?.mutantsKilled ?? 0) > 0).length
  const gallery = withEvidence.filter((rule) => (rule.adequacy?.galleryBugs.length ?? 0) > 0).length
  return [paint.dim(`Kit adequacy: no weak rule (${killing} rules have tests that kill reference mutants, ${gallery} are violated by a gallery registry)`), '']
}

/** Entries of a secondary list shown without `verbose`. */
const LIST_MAX = 10

/** The first {@link LIST_MAX} entries of `list` (all of them when `verbose`). */
function capped<T>(list: readonly T[], verbose: boolean): readonly T[] {
  return verbose ? list : list.slice(0, LIST_MAX)
}

/** The line saying how many entries {@link capped} left out, if any. */
function more(list: readonly unknown[], verbose: boolean): string[] {
  return verbose || list.length <= LIST_MAX ? [] : [`  … ${list.length - LIST_MAX} more (--verbose lists them all)`]
}

/**
 * The compact list of failing rules: one line per rule with the file:line and
 * the short form of its first failing assertion ({@link failureLine}); rules
 * whose first failing assertion is the same one (same place, same message)
 * are grouped under one line that says so, in the order of their first rule.
 */
function failureGroups(rules: readonly RuleEntry[], paint: Paint, blocks: ReadonlyMap<string, readonly string[]>): string[] {
  const groups = new Map<string, { rules: RuleEntry[]; at: string; line: string }>()
  for (const rule of rules) {
    const first = firstFailure(rule)
    const at = first?.failure.at ?? ''
    const line = first === undefined ? (rule.reason ?? 'failed') : failureLine(first.failure)
    // A rule that blocks others is a root cause: it keeps its own line.
    const key = first === undefined || blocks.has(rule.id) ? `\u0000${rule.id}` : `${at}\u0000${first.failure.message}`
    const group = groups.get(key)
    if (group === undefined) groups.set(key, { rules: [rule], at, line })
    else group.rules.push(rule)
  }
  const out: string[] = []
  for (const { rules: members, at, line } of groups.values()) {
    const where = at === '' ? '' : `${paint.dim(at)}  `
    const blocking = blocks.get(members[0]!.id)?.length ?? 0
    if (members.length === 1 && blocking > 0)
      out.push(`  ${paint.red('✗')} ${paint.bold(members[0]!.id)} fails; ${paint.bold(blockedByItText(blocking))}`, `      ${where}${line}`)
    else if (members.length === 1) out.push(`  ${paint.red('✗')} ${paint.bold(members[0]!.id)}  ${where}${line}`)
    else
      out.push(
        `  ${paint.red('✗')} ${members.length} rules fail on the same assertion: ${paint.bold(members.map((r) => r.id).join(', '))}`,
        `      ${where}${line}`,
      )
  }
  return out
}

type Paint = Record<'bold' | 'dim' | 'red' | 'green' | 'yellow', (text: string) => string>

function painter(color: boolean): Paint {
  const wrap = (open: number, close: number) => (text: string) => (color ? `\u001b[${open}m${text}\u001b[${close}m` : text)
  return { bold: wrap(1, 22), dim: wrap(2, 22), red: wrap(31, 39), green: wrap(32, 39), yellow: wrap(33, 39) }
}

function areaTable(report: GradeReport, paint: Paint): string[] {
  const areas = report.summary.areas
  const label = (area: string, title: string): string => `${area.padEnd(5)}${title}`
  const labelWidth = Math.max('Area'.length, 'total'.length, ...areas.map((a) => label(a.area, a.title).length))
  const cell = 5
  const group = (counts: LevelCounts): string =>
    [counts.pass, counts.fail, counts.blocked, counts.notApplicable, counts.untestable]
      .map((n, i) => {
        const text = String(n).padStart(cell)
        if (n === 0) return paint.dim(text)
        return i === 1 ? paint.red(text) : i === 0 ? paint.green(text) : i === 2 ? paint.yellow(text) : text
      })
      .join('')
  const heads = ['pass', 'fail', 'blk.', 'n/a', 'unt.'].map((h) => h.padStart(cell)).join('')
  const groupWidth = cell * 5
  const gap = '   '
  const rows = [
    `${''.padEnd(labelWidth)}${gap}${'must'.padStart(groupWidth)}${gap}${'upstream'.padStart(groupWidth)}${gap}${'should'.padStart(groupWidth)}`,
    `${'Area'.padEnd(labelWidth)}${gap}${heads}${gap}${heads}${gap}${heads}`,
    '-'.repeat(labelWidth + gap.length * 3 + groupWidth * 3),
  ]
  for (const a of areas)
    rows.push(`${label(a.area, a.title).padEnd(labelWidth)}${gap}${group(a.must)}${gap}${group(countsOf(a, 'upstream'))}${gap}${group(a.should)}`)
  rows.push('-'.repeat(labelWidth + gap.length * 3 + groupWidth * 3))
  rows.push(
    `${'total'.padEnd(labelWidth)}${gap}${group(report.summary.must)}${gap}${group(countsOf(report.summary, 'upstream'))}${gap}${group(report.summary.should)}`,
  )
  rows.push(
    paint.dim(
      '(blk. = blocked: not judged, a precondition owned by another rule failed; n/a = not applicable: a feature the adapter does not declare, or no types entry for a type rule; unt. = untestable per the catalogue)',
    ),
  )
  return rows
}

/** `--quiet`: the failing rules, one line each, and the verdict. */
function quietReport(report: GradeReport, paint: Paint): string {
  const out: string[] = []
  const line = (rule: RuleEntry): string => `  ${paint.bold(rule.id)}  ${rule.level}  ${rule.reason ?? 'failed'}`
  const { failing, deviations } = verdictGroups(report)
  const by = blockedRulesByBlocker(report)
  const failLine = (rule: RuleEntry): string => {
    const blocking = by.get(rule.id)?.length ?? 0
    return blocking === 0 ? line(rule) : `${line(rule)}; ${blockedByItText(blocking)}`
  }
  if (failing.length > 0)
    out.push(paint.red(paint.bold(`Failing ${failingLabel(profileOf(report))} rules (${failing.length})`)), ...rootCausesFirst(failing, report).map(failLine))
  for (const group of deviations) out.push(paint.yellow(paint.bold(`${group.title} (${group.rules.length}; ${group.note})`)), ...group.rules.map(line))
  const blocked = report.rules.filter((rule) => rule.status === 'blocked')
  if (blocked.length > 0) out.push(paint.yellow(paint.bold(`Blocked rules (${blocked.length}; not judged, so never met)`)), ...blocked.map(line))
  out.push(verdict(report, paint))
  return `${out.join('\n')}\n`
}

/**
 * Which failing tests the console has printed in full, and under which rule:
 * a test is keyed by file and name, and knows every rule it is shown failing.
 */
class Shown {
  private readonly firstUnder = new Map<string, string>()
  private readonly failing = new Map<string, string[]>()

  constructor(report: GradeReport) {
    for (const rule of report.rules) {
      if (rule.status !== 'fail') continue
      for (const test of rule.tests) {
        if (test.outcome !== 'fail') continue
        const key = Shown.key(test)
        const list = this.failing.get(key) ?? []
        list.push(rule.id)
        this.failing.set(key, list)
      }
    }
  }

  static key(test: TestEntry): string {
    return `${test.file}\u0000${test.name}`
  }

  /** The rule `test` was already printed under, or `undefined` after recording it under `ruleId`. */
  claim(test: TestEntry, ruleId: string): string | undefined {
    const key = Shown.key(test)
    const first = this.firstUnder.get(key)
    if (first !== undefined) return first
    this.firstUnder.set(key, ruleId)
    return undefined
  }

  /** Every failing rule of the report that lists `test` as failing. */
  rulesOf(test: TestEntry): readonly string[] {
    return this.failing.get(Shown.key(test)) ?? []
  }
}

function ruleBlock(rule: RuleEntry, paint: Paint, width: number, verbose: boolean, shown: Shown, blocking: number): string[] {
  const lines: string[] = [`  ${paint.bold(rule.id)}  ${rule.level}${blocking === 0 ? '' : `  ${paint.bold(`fails; ${blockedByItText(blocking)}`)}`}`]
  lines.push(...wrap(rule.statement, width, 4))
  lines.push(...wrap(`source: ${rule.sources.join('; ')}`, width, 4))
  if (rule.divergence !== undefined) lines.push(...wrap(`divergence: ${rule.divergence}`, width, 4))
  const failing = rule.tests.filter((t) => t.outcome === 'fail')
  if (failing.length === 0) {
    lines.push(`    ${paint.red(rule.reason ?? 'failed')}`)
    return lines
  }
  for (const test of failing) {
    const first = shown.claim(test, rule.id)
    if (first === undefined) lines.push(...testBlock(test, paint, verbose, shown.rulesOf(test)))
    else lines.push(`    ${paint.red('✗')} ${test.name}  ${paint.dim(`(failure shown above, under ${first})`)}`)
  }
  return lines
}

function testBlock(test: TestEntry, paint: Paint, verbose: boolean, failsRules: readonly string[]): string[] {
  const only = test.failedRules === undefined ? '' : `  ${paint.dim(`(fails ${listWords(test.failedRules)} only; its other rules passed)`)}`
  const where = test.failure?.at ?? test.file
  const lines = [`    ${paint.red('✗')} ${test.name}${only}  ${paint.dim(where)}`]
  if (failsRules.length > 1) lines.push(`      ${paint.dim(`fails ${failsRules.length} rules: ${failsRules.join(', ')}`)}`)
  if (test.failure !== undefined) {
    lines.push(...indent(test.failure.message, 6))
    if (test.failure.diff !== undefined) lines.push(...indent(clip(test.failure.diff, verbose ? Infinity : DIFF_LINES), 6))
    if (verbose && test.failure.stack !== undefined) lines.push(...indent(paint.dim(test.failure.stack), 6))
  }
  return lines
}

function verdict(report: GradeReport, paint: Paint): string {
  const profile = profileOf(report)
  const deciding = decidingCounts(report.summary, profile)
  const extras = deviationCounts(report)
  const vacuous = report.summary.must.vacuous + countsOf(report.summary, 'upstream').vacuous + report.summary.should.vacuous
  if (vacuous > 0) extras.push(`${vacuous} vacuous`)
  const kind = failingLabel(profile)
  if (deciding.blocked > 0) extras.push(`${deciding.blocked} ${kind} rule${plural(deciding.blocked)} blocked, not judged`)
  if (deciding.notApplicable > 0) extras.push(`${deciding.notApplicable} ${kind} rule${plural(deciding.notApplicable)} not applicable`)
  if (deciding.untestable > 0) extras.push(`${deciding.untestable} ${kind} rule${plural(deciding.untestable)} untestable`)
  if (report.unattributedErrors.length > 0)
    extras.push(`${report.unattributedErrors.length} error${report.unattributedErrors.length === 1 ? '' : 's'} no test owns`)
  const tail = extras.length > 0 ? ` (${extras.join(', ')})` : ''
  const adapter = report.adapter.name
  const { pass, fail, blocked } = deciding
  if (report.summary.conforms) {
    return `${paint.green(paint.bold('PASS'))} (${profile} profile): ${adapter} meets ${pass === 1 ? 'the 1' : `all ${pass}`} applicable ${kind} rule${plural(pass)}${tail}.`
  }
  const graded = pass + fail + blocked
  const causes = rootCausesText(report)
  const failLine = `(${profile} profile): ${adapter} fails ${fail} of ${graded} applicable ${kind} rule${plural(graded)}${tail}${causes === undefined ? '' : `; ${causes}`}`
  // With a baseline, the comparison printed after the report decides: the failures are not the verdict.
  if (report.baseline !== undefined) return `${paint.bold('Failures')} ${failLine}; the baseline ${report.baseline.file} decides the exit status (below).`
  return `${paint.red(paint.bold('FAIL'))} ${failLine}.`
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`
}

function plural(count: number): string {
  return count === 1 ? '' : 's'
}

/** Diff lines shown without `verbose`. */
const DIFF_LINES = 12

function clip(text: string, max: number): string {
  const lines = text.split('\n')
  if (lines.length <= max) return text
  return [...lines.slice(0, max), `… ${lines.length - max} more diff lines (--verbose shows them)`].join('\n')
}

function indent(text: string, by: number): string[] {
  const pad = ' '.repeat(by)
  return text.split('\n').map((line) => (line === '' ? '' : pad + line))
}

function wrap(text: string, width: number, by: number): string[] {
  const pad = ' '.repeat(by)
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if (word === '') continue
    if (line !== '' && pad.length + line.length + 1 + word.length > width) {
      lines.push(pad + line)
      line = word
    } else {
      line = line === '' ? word : `${line} ${word}`
    }
  }
  if (line !== '') lines.push(pad + line)
  return lines
}
