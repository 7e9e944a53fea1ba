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
import { expectUsageError, scratch } from './test-support/cli.ts'
import { sampleReport } from './formats/test-support/sample-report.ts'

const work = scratch()
afterAll(() => work.remove())

const write = (name: string, value: unknown): string => {
  writeFileSync(join(work.dir, name), typeof value === 'string' ? value : JSON.stringify(value))
  return name
}
const alpha = write('alpha.json', sampleReport('alpha', [{ id: 'REG-01', status: 'pass' }, { id: 'REG-02', status: 'fail' }]))
const beta = write('beta.json', sampleReport('beta', [{ id: 'REG-01', status: 'pass' }, { id: 'REG-02', status: 'pass' }]))

async function run(argv: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const io: CliIo = { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, env: {}, cwd: work.dir }
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
    expectUsageError(await run(['matrix', alpha, '--html', join(work.dir, 'missing', 'm.html')]), `--html: cannot write into the folder ${join(work.dir, 'missing')}`)
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
    expectBadFile(await run(['matrix', alpha, write('schema.json', broken)]), "schema.json is not a valid report: /summary/must must have required property 'pass'")
    const extra = { ...sampleReport('extra', []), surprise: 1 }
    expectBadFile(await run(['matrix', write('extra.json', extra)]), 'extra.json is not a valid report: (the top level) must NOT have additional properties ("surprise")')
  })

  test('a report of an older minor format is read as is', async () => {
    const older = write('older.json', { ...sampleReport('older', [{ id: 'REG-01', status: 'pass' }]), reportVersion: '1.0' })
    const result = await run(['matrix', older, alpha])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
  })
})

describe('grade --html', () => {
  test('an unwritable --html target is refused before grading', async () => {
    expectUsageError(await run(['grade', '--html', join(work.dir, 'missing', 'r.html')]), `--html: cannot write into the folder ${join(work.dir, 'missing')}`)
    expectUsageError(await run(['grade', '--html', '']), '--html needs a file name')
  })
})
