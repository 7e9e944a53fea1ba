/**
 * What `grade` shows while it runs and how little `--quiet` prints: under a
 * pseudo-terminal (util-linux `script`) a single updating progress line on
 * stderr, cleared before the report; nothing of it under `CI=true` or without
 * a terminal. One-rule selections keep the graded runs short; nothing
 * asserts on wall-clock time.
 */
import { fileURLToPath } from 'node:url'
import { afterAll, expect, test } from 'vitest'
import { getRule } from '../catalogue/index.ts'
import { GRADED, RULE, cli, cliInTerminal, scratch } from './test-support/run-cli.ts'
import { progressLine } from './commands/progress-line.ts'

const work = scratch()
afterAll(() => work.remove())

/** The erase-line sequence every progress repaint starts with. */
const REPAINT = '\r\u001b[2K'

test('on a terminal, grade repaints one progress line on stderr and clears it before the report', GRADED, async () => {
  const run = await cliInTerminal(['grade', '--rules', RULE], work.dir, { CI: undefined })
  expect(run.code, run.screen).toBe(0)
  const paints = run.screen.split(REPAINT).slice(1)
  // Every repaint but the last (the clearing one) is a progress line, with no line break of its own.
  const lines = paints.slice(0, -1)
  expect(lines.length, run.screen).toBeGreaterThan(0)
  for (const line of lines) expect(line).toMatch(/^grading: (starting|\d+ of \d+ suite files), \d+ tests? done, \d+\.\d s$/)
  expect(lines.at(-1)).toMatch(/^grading: (\d+) of \1 suite files, [1-9]\d* tests? done, /)
  // The report follows the clearing repaint on a clean line and ends with the verdict.
  const report = paints.at(-1) ?? ''
  expect(report).toMatch(/^dsh-tools-tck [^\n]+: grading /)
  expect(report.trimEnd().split('\r\n').at(-1)).toMatch(/^PASS \(spec profile\): /)
})

test('under CI=true on a terminal, grade shows no progress, and --quiet prints only the verdict of a passing run', GRADED, async () => {
  const run = await cliInTerminal(['grade', '--rules', RULE, '--quiet'], work.dir, { CI: 'true' })
  expect(run.code, run.screen).toBe(0)
  expect(run.screen).not.toContain(REPAINT)
  expect(run.screen).not.toContain('grading:')
  expect(run.screen.trimEnd().split('\r\n')).toEqual([expect.stringMatching(/^PASS \(spec profile\): .* meets the 1 applicable must rule\.$/)])
})

test('without a terminal grade writes nothing to stderr, and --quiet lists each failing rule on one line', GRADED, async () => {
  // Under --profile upstream GRD-03 fails the registry whether the catalogue makes it a must or an upstream rule.
  const run = await cli(
    [
      'grade',
      '--adapter',
      fileURLToPath(new URL('../../fixtures/broken/guard-as-listener.ts', import.meta.url)),
      '--rules',
      'GRD-03',
      '--profile',
      'upstream',
      '--quiet',
    ],
    work.dir,
  )
  expect(run.stderr).toBe('')
  expect(run.code).toBe(1)
  expect(run.stdout.trimEnd().split('\n')).toEqual([
    'Failing must and upstream rules (1)',
    expect.stringMatching(new RegExp(`^ {2}GRD-03 {2}${getRule('GRD-03').level} {2}(its test failed|\\d+ of its \\d+ tests failed)$`)),
    expect.stringMatching(/^FAIL \(upstream profile\): .* fails 1 of 1 applicable must and upstream rule; likely root cause: GRD-03\.$/),
  ])
})

test('progressLine: only on a terminal and outside CI; repaints in place and clears at the end', () => {
  let written = ''
  const tty = { write: (text: string) => (written += text), isTTY: true }
  expect(progressLine({ write: () => true }, {})).toBeUndefined()
  expect(progressLine({ ...tty, isTTY: false }, {})).toBeUndefined()
  expect(progressLine(tty, { CI: 'true' })).toBeUndefined()
  expect(progressLine(tty, { CI: '1' })).toBeUndefined()
  const line = progressLine(tty, { CI: 'false' })
  expect(line).toBeDefined()
  line!.update({ phase: 'suite', testsDone: 0, testsTotal: 0, filesDone: 0, filesTotal: 0, elapsedMs: 120 })
  line!.update({ phase: 'suite', testsDone: 7, testsTotal: 9, filesDone: 3, filesTotal: 3, elapsedMs: 2345 })
  line!.end()
  expect(written).toBe(`${REPAINT}grading: starting, 0 tests done, 0.1 s${REPAINT}grading: 3 of 3 suite files, 7 tests done, 2.3 s${REPAINT}`)
})
