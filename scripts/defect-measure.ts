/**
 * `npx tsx scripts/defect-measure.ts [--json out.json] [--only name,name]`:
 * issue 39's measurement. Grades, at the spec profile, the clean-room
 * registry and then each single-defect registry of fixtures/defects/planted/
 * (one realistic bug planted in the clean-room registry, listed in
 * defects.json with the must rule expected to own it), one grade at a time,
 * and prints one row per defect: the exit status the CLI would give (1 when a
 * must rule fails), the number of failing must rules, how many of them the
 * clean-room registry does not fail itself (its known kit defects,
 * fixtures/clean-room/known-kit-defects.ts, fail with or without the bug),
 * the first failing must rule IDs, whether the expected rule fails (masked
 * when the clean-room registry fails it already), and
 * whether it is the first failing must rule in the order the console lists
 * them: root causes first (rules that block others), then catalogue order.
 * The exit status is the CLI's (1 when a must rule fails or is blocked, 2 when a blocked test's blocker does not fail). Then the median and maximum of failing
 * must rules, over all of them and over the ones beyond the clean-room
 * baseline. A defect that fails no must rule is a miss of the kit: its row
 * says so.
 *
 * Set DSH_TCK_CACHE_DIR to keep the transform cache apart from other
 * worktrees. Exit status: 0 when every registry was graded, 2 when a grade
 * could not run.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { grade } from '../conformance/grade/grade.ts'
import { rootCausesFirst } from '../conformance/grade/index.ts'

const KIT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const PLANTED = join(KIT, 'fixtures/defects/planted')
const CLEAN_ROOM = join(KIT, 'fixtures/clean-room/adapter.ts')

/** One entry of fixtures/defects/planted/defects.json. */
interface Defect {
  readonly name: string
  readonly description: string
  readonly seed: string
  readonly section: string
  readonly line: number
  readonly sentence: string
  readonly expectedRule: string
}

/** The measurement of one defect registry. */
export interface DefectRow {
  readonly defect: string
  readonly exit: 0 | 1 | 2
  /** Tests reported blocked by another rule. */
  readonly blockedTests: number
  /** Blocked tests whose blocker does not fail in the same grade (kit defects; should be 0). */
  readonly unfoundedBlocks: number
  readonly failingMust: readonly string[]
  /** Failing must rules the clean-room registry itself passes. */
  readonly beyondBaseline: readonly string[]
  readonly expectedRule: string
  readonly expectedFails: boolean
  /** The clean-room registry fails the expected rule too: its failure here says nothing about the defect. */
  readonly expectedInBaseline: boolean
  readonly expectedFirst: boolean
  readonly expectedFirstBeyondBaseline: boolean
}

/**
 * The failing must rules of a grade, in the order the console lists them
 * (root causes first); the exit status the CLI gives (2 when a blocked test's
 * blocker does not fail: a kit defect); how many tests were blocked, and the
 * blocks whose blocker does not fail.
 */
async function failingMustRules(adapter: string): Promise<{ failing: string[]; exit: 0 | 1 | 2; blockedTests: number; unfoundedBlocks: number }> {
  const report = await grade({ adapter, profile: 'spec' })
  const failing = rootCausesFirst(
    report.rules.filter((rule) => rule.level === 'must' && rule.status === 'fail'),
    report,
  ).map((rule) => rule.id as string)
  const unfoundedBlocks = report.unattributedErrors.filter((error) => error.kind === 'kit-defect' && error.blockedBy !== undefined).length
  const blockedTests = new Set(
    report.rules.flatMap((rule) => rule.tests.filter((test) => test.blockedBy !== undefined).map((test) => `${test.file}#${test.name}`)),
  ).size
  return { failing, exit: unfoundedBlocks > 0 ? 2 : report.summary.conforms ? 0 : 1, blockedTests, unfoundedBlocks }
}

const median = (values: readonly number[]): number => {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const shown = (ids: readonly string[], count = 5): string =>
  ids.length === 0 ? '(none: missed)' : ids.slice(0, count).join(' ') + (ids.length > count ? ' …' : '')

async function main(): Promise<number> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { json: { type: 'string' }, only: { type: 'string' } }, strict: true })
  const all = (JSON.parse(readFileSync(join(PLANTED, 'defects.json'), 'utf8')) as { defects: Defect[] }).defects
  const only = values.only?.split(',').map((name) => name.trim())
  const unknown = only?.filter((name) => !all.some((defect) => defect.name === name)) ?? []
  if (unknown.length > 0) {
    process.stderr.write(`defect-measure: no such defect: ${unknown.join(', ')} (see fixtures/defects/planted/defects.json)\n`)
    return 2
  }
  const defects = only ? all.filter((defect) => only.includes(defect.name)) : all

  process.stderr.write('grading the clean-room registry (baseline)…\n')
  const { failing: baseline } = await failingMustRules(CLEAN_ROOM)
  const rows: DefectRow[] = []
  for (const defect of defects) {
    process.stderr.write(`grading defect ${defect.name}…\n`)
    const { failing, exit, blockedTests, unfoundedBlocks } = await failingMustRules(join(PLANTED, `${defect.name}.ts`))
    const beyond = failing.filter((id) => !baseline.includes(id))
    rows.push({
      defect: defect.name,
      exit,
      blockedTests,
      unfoundedBlocks,
      failingMust: failing,
      beyondBaseline: beyond,
      expectedRule: defect.expectedRule,
      expectedFails: failing.includes(defect.expectedRule),
      expectedInBaseline: baseline.includes(defect.expectedRule),
      expectedFirst: failing[0] === defect.expectedRule,
      expectedFirstBeyondBaseline: beyond[0] === defect.expectedRule,
    })
  }

  const yes = (flag: boolean): string => (flag ? 'yes' : 'no')
  const lines = [
    `clean-room baseline: ${baseline.length} failing must rules (${baseline.join(' ')})`,
    '',
    '| defect | exit | failing must | beyond baseline | first failing must rules (beyond baseline) | expected rule | fails | first | first beyond baseline | blocked tests | unfounded blocks |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${row.defect} | ${row.exit} | ${row.failingMust.length} | ${row.beyondBaseline.length} | ${shown(row.beyondBaseline)} | ${row.expectedRule} | ${row.expectedInBaseline ? 'masked (baseline fails it)' : yes(row.expectedFails)} | ${yes(row.expectedFirst)} | ${yes(row.expectedFirstBeyondBaseline)} | ${row.blockedTests} | ${row.unfoundedBlocks} |`,
    ),
    '',
    `failing must rules per defect: median ${median(rows.map((row) => row.failingMust.length))}, maximum ${Math.max(0, ...rows.map((row) => row.failingMust.length))}`,
    `beyond the clean-room baseline: median ${median(rows.map((row) => row.beyondBaseline.length))}, maximum ${Math.max(0, ...rows.map((row) => row.beyondBaseline.length))}`,
    `missed (no must rule beyond the baseline fails): ${
      rows
        .filter((row) => row.beyondBaseline.length === 0)
        .map((row) => row.defect)
        .join(', ') || 'none'
    }`,
    `blocked tests: ${rows.reduce((n, row) => n + row.blockedTests, 0)}, every one blocked by a rule failing in the same grade: ${yes(rows.every((row) => row.unfoundedBlocks === 0))}; exit 1 for every defect: ${yes(rows.every((row) => row.exit === 1))}`,
    `expected rule fails beyond the baseline: ${rows.filter((row) => row.expectedFails && !row.expectedInBaseline).length}/${rows.length}; listed first beyond the baseline: ${rows.filter((row) => row.expectedFirstBeyondBaseline).length}/${rows.length}`,
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
  if (values.json) writeFileSync(values.json, `${JSON.stringify({ baseline, rows }, null, 2)}\n`)
  return 0
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    process.stderr.write(`defect-measure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    process.exitCode = 2
  },
)
