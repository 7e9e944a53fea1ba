/**
 * `dsh-tools-tck matrix` and `grade --html`, in process (no grade runs):
 * report files are checked against the schema and a bad one is named with
 * its first error (exit 2); Markdown goes to stdout when no output is named;
 * --html/--markdown write their files; unwritable targets are refused
 * before any work.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { runCli } from './cli.ts'
import type { CliIo } from './cli.ts'
import { loadReport } from './load-report.ts'
import { expectUsageError, scratch } from './test-support/run-cli.ts'
import { sampleReport } from './formats/test-support/sample-report.ts'

const work = scratch()
afterAll(() => work.remove())

const write = (name: string, value: unknown): string => {
  writeFileSync(join(work.dir, name), typeof value === 'string' ? value : JSON.stringify(value))
  return name
}
const alpha = write(
  'alpha.json',
  sampleReport('alpha', [
    { id: 'REG-01', status: 'pass' },
    { id: 'REG-02', status: 'fail' },
  ]),
)
const beta = write(
  'beta.json',
  sampleReport('beta', [
    { id: 'REG-01', status: 'pass' },
    { id: 'REG-02', status: 'pass' },
  ]),
)

async function run(argv: readonly string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const io: CliIo = { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, env, cwd: work.dir }
  const code = await runCli(argv, io)
  return { code, stdout, stderr }
}

/** Exit 2, nothing on stdout, one `dsh-tools-tck: matrix: ` line containing every fragment. */
function expectBadFile(result: { code: number; stdout: string; stderr: string }, ...fragments: string[]): void {
  expect(result.code).toBe(2)
  expect(result.stdout).toBe('')
  const lines = result.stderr.trimEnd().split('\n')
  expect(lines, result.stderr).toHaveLength(1)
  expect(lines[0]).toMatch(/^dsh-tools-tck: matrix: /)
  for (const fragment of fragments) expect(lines[0]).toContain(fragment)
}

describe('matrix', () => {
  test('without --html or --markdown, the Markdown matrix goes to stdout (exit 0)', async () => {
    const result = await run(['matrix', alpha, beta])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^# Implementation matrix\n/)
    expect(result.stdout).toContain('| REG-02 | must | **fail** | pass | Statement of REG-02. |')
  })

  test('--html and --markdown write the pages and say so on stdout', async () => {
    const result = await run(['matrix', alpha, beta, '--html', 'm.html', '--markdown', 'm.md'])
    expect(result.code).toBe(0)
    expect(result.stdout).toBe(`matrix: 2 implementations, 2 rules, 1 differ; wrote ${join(work.dir, 'm.html')}, ${join(work.dir, 'm.md')}\n`)
    expect(readFileSync(join(work.dir, 'm.html'), 'utf8')).toMatch(/^<!DOCTYPE html>/)
    expect(readFileSync(join(work.dir, 'm.md'), 'utf8')).toMatch(/^# Implementation matrix/)
  })

  test('no report file, an unwritable output folder, a grade option: usage errors', async () => {
    expectUsageError(await run(['matrix']), 'matrix needs at least one report file')
    expectUsageError(
      await run(['matrix', alpha, '--html', join(work.dir, 'missing', 'm.html')]),
      `--html: cannot write into the folder ${join(work.dir, 'missing')}`,
    )
    expectUsageError(await run(['matrix', alpha, '--markdown', ' ']), '--markdown needs a file name')
    expectUsageError(await run(['matrix', alpha, '--adapter', 'x.ts']), 'matrix does not take --adapter')
  })

  test('a missing file, bad JSON, another format or a schema violation: exit 2 naming the file and what is wrong', async () => {
    expectBadFile(await run(['matrix', alpha, 'nope.json']), 'cannot read the report nope.json', 'ENOENT')
    expectBadFile(await run(['matrix', write('bad.json', '{"reportVersion":')]), 'bad.json is not JSON')
    expectBadFile(await run(['matrix', write('other.json', { reportVersion: '2.0' })]), 'other.json is a report of format "2.0"')
    expectBadFile(await run(['matrix', write('none.json', [1])]), 'none.json is not a grading report (no reportVersion')
    const broken = sampleReport('broken', [{ id: 'REG-01', status: 'pass' }]) as unknown as { summary: { must: Record<string, unknown> } }
    delete broken.summary.must.pass
    expectBadFile(
      await run(['matrix', alpha, write('schema.json', broken)]),
      "schema.json is not a valid report: /summary/must must have required property 'pass'",
    )
    const extra = { ...sampleReport('extra', []), surprise: 1 }
    expectBadFile(
      await run(['matrix', write('extra.json', extra)]),
      'extra.json is not a valid report: (the top level) must NOT have additional properties ("surprise")',
    )
  })

  test('a report of an older minor format is read as is', async () => {
    const older = write('older.json', { ...sampleReport('older', [{ id: 'REG-01', status: 'pass' }]), reportVersion: '1.0' })
    const result = await run(['matrix', older, alpha])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
  })

  /** A sample report stripped of the required fields added after `minor` (per docs/REPORT.md's version notes). */
  const olderReport = (name: string, minor: number): Record<string, unknown> => {
    const report = sampleReport(name, [{ id: 'REG-01', status: 'pass' }]) as unknown as Record<string, Record<string, unknown>> & {
      summary: Record<string, unknown> & { must: Record<string, unknown>; should: Record<string, unknown>; areas: Record<string, unknown>[] }
    }
    if (minor < 12) {
      const counts = [
        report.summary.must,
        report.summary.upstream,
        report.summary.should,
        ...report.summary.areas.flatMap((a) => [a.must, a.upstream, a.should]),
      ]
      for (const c of counts) if (c !== undefined) delete (c as Record<string, unknown>).blocked
    }
    if (minor < 9) {
      delete (report.options as Record<string, unknown>).profile
      delete report.summary.upstream
      for (const area of report.summary.areas) delete area.upstream
    }
    if (minor < 5) {
      delete report.slowTests
      delete report.summary.slowTests
      delete (report.options as Record<string, unknown>).stallLimitMs
    }
    if (minor < 3) for (const counts of [report.summary.must, report.summary.should]) delete counts.vacuous
    if (minor < 2) {
      delete report.summary.partialPasses
      delete report.summary.fixtures
    }
    return { ...report, reportVersion: `1.${minor}` }
  }

  test('a 1.4 or 1.0 report lacking the fields added since is read, with neutral defaults', async () => {
    for (const minor of [4, 0]) {
      const result = await run(['matrix', write(`v1${minor}.json`, olderReport(`v1${minor}`, minor)), alpha])
      expect(result.stderr, `1.${minor}`).toBe('')
      expect(result.code).toBe(0)
      expect(result.stdout).toContain(`v1${String(minor)}`)
    }
  })

  test("a report before 1.9 reads as graded under spec, with no upstream rules, and the matrix shows each column's profile", async () => {
    const loaded = await loadReport(write('v18.json', olderReport('v18', 8)), work.dir)
    expect(loaded.options.profile).toBe('spec')
    expect(loaded.summary.upstream).toEqual({ rules: 0, pass: 0, fail: 0, vacuous: 0, blocked: 0, notApplicable: 0, untestable: 0 })
    expect(loaded.summary.areas.map((a) => a.upstream?.rules)).toEqual([0])
    const strict = write(
      'strict.json',
      sampleReport(
        'strict',
        [
          { id: 'REG-01', status: 'pass' },
          { id: 'REG-12', level: 'upstream', status: 'fail' },
        ],
        undefined,
        'upstream',
      ),
    )
    const result = await run(['matrix', 'v18.json', strict])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('| v18 | spec | conforms | 0 of 1 must |')
    expect(result.stdout).toContain('| strict | upstream | **fails** | 1 of 2 must and upstream |')
  })

  test('a report before 1.12 has no blocked rules: every blocked count reads 0', async () => {
    const loaded = await loadReport(write('v111.json', olderReport('v111', 11)), work.dir)
    expect(loaded.reportVersion).toBe('1.11')
    expect([loaded.summary.must.blocked, loaded.summary.upstream?.blocked, loaded.summary.should.blocked]).toEqual([0, 0, 0])
    expect(loaded.summary.areas.map((a) => a.must.blocked)).toEqual([0])
  })

  test('a field the report version already required is still required', async () => {
    const v14 = olderReport('late', 4)
    delete (v14.summary as { must: Record<string, unknown> }).must.vacuous
    expectBadFile(await run(['matrix', write('late.json', v14)]), "late.json is not a valid report: /summary/must must have required property 'vacuous'")
    const v18 = olderReport('current', 8)
    delete v18.slowTests
    expectBadFile(
      await run(['matrix', write('current.json', v18)]),
      "current.json is not a valid report: (the top level) must have required property 'slowTests'",
    )
  })

  test('a directory given as a report: exit 2 with one line saying so', async () => {
    expectBadFile(await run(['matrix', '.']), 'cannot read the report .: it is a directory')
  })
})

describe('grade --html', () => {
  test('an unwritable --html target is refused before grading', async () => {
    expectUsageError(await run(['grade', '--html', join(work.dir, 'missing', 'r.html')]), `--html: cannot write into the folder ${join(work.dir, 'missing')}`)
    expectUsageError(await run(['grade', '--html', '']), '--html needs a file name')
  })

  test('a directory as an output is refused before grading, naming the flag', async () => {
    expectUsageError(await run(['grade', '--html', '.']), `--html: ${work.dir} is a directory`)
    expectUsageError(await run(['grade', '--junit', work.dir]), `--junit: ${work.dir} is a directory`)
    expectUsageError(await run(['matrix', alpha, '--markdown', '.']), `--markdown: ${work.dir} is a directory`)
  })

  test('one file named by two outputs is refused before grading, naming both', async () => {
    const same = join(work.dir, 'same.out')
    expectUsageError(await run(['grade', '--json', 'same.out', '--html', same]), `--json and --html name the same file ${same}`)
    expectUsageError(
      await run(['grade', '--markdown', 'same.out'], { GITHUB_STEP_SUMMARY: same }),
      `--markdown and GITHUB_STEP_SUMMARY name the same file ${same}`,
    )
    expectUsageError(await run(['matrix', alpha, '--html', 'same.out', '--markdown', 'same.out']), `--html and --markdown name the same file ${same}`)
  })
})
