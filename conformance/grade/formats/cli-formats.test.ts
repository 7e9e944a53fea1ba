/**
 * `grade --junit --markdown --badge`: one graded child run writes the JSON
 * report and all three outputs (exactly what the renderers make of that
 * report) and appends the summary to $GITHUB_STEP_SUMMARY; unwritable
 * targets are refused before grading (exit 2), and a write that fails after
 * the grade exits 2 naming the file.
 */
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { runCli } from '../cli.ts'
import type { CliIo } from '../cli.ts'
import { GRADED, RULE, expectUsageError, gradeJson, scratch } from '../test-support/run-cli.ts'
import { renderBadge } from './badge.ts'
import { renderJunit } from './junit.ts'
import { renderMarkdown } from './markdown.ts'
import { parseXml } from './test-support/xml.ts'

const work = scratch()
afterAll(() => work.remove())

async function run(argv: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const io: CliIo = { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, env, cwd: work.dir }
  const code = await runCli(argv, io)
  return { code, stdout, stderr }
}

describe('grade --junit --markdown --badge', () => {
  test('writes the three outputs of the graded report and appends the summary to GITHUB_STEP_SUMMARY', GRADED, async () => {
    const summary = join(work.dir, 'step-summary.md')
    writeFileSync(summary, 'earlier step\n')
    const saved = process.env.GITHUB_STEP_SUMMARY
    process.env.GITHUB_STEP_SUMMARY = summary
    let graded: Awaited<ReturnType<typeof gradeJson>>
    try {
      graded = await gradeJson(['--rules', RULE, '--junit', 'a.xml', '--markdown', 'b.md', '--badge', 'c.svg'], work.dir)
    } finally {
      if (saved === undefined) delete process.env.GITHUB_STEP_SUMMARY
      else process.env.GITHUB_STEP_SUMMARY = saved
    }
    expect(graded.code).toBe(0)
    const { report } = graded
    const read = (name: string): string => readFileSync(join(work.dir, name), 'utf8')
    expect(read('a.xml')).toBe(renderJunit(report))
    expect(read('b.md')).toBe(renderMarkdown(report))
    expect(read('c.svg')).toBe(renderBadge(report))
    expect(readFileSync(summary, 'utf8')).toBe(`earlier step\n${renderMarkdown(report)}\n`)
    expect((parseXml(read('a.xml')).testsuites as Record<string, unknown>)['@_tests']).toBe(String(report.summary.tests.total))
    expect(read('b.md')).toContain('**Verdict: conforms**')
  })

  test('an unwritable target (or GITHUB_STEP_SUMMARY folder) is refused before grading', async () => {
    const missing = join(work.dir, 'missing')
    // The adapter does not exist: a run that got as far as grading would report that instead.
    const adapter = ['--adapter', 'no-such-adapter.ts']
    for (const flag of ['--junit', '--markdown', '--badge']) {
      expectUsageError(await run(['grade', ...adapter, flag, join(missing, 'out')]), `${flag}: cannot write into the folder ${missing}`)
      expectUsageError(await run(['grade', ...adapter, flag, ' ']), `${flag} needs a file name`)
    }
    expectUsageError(
      await run(['grade', ...adapter, '--markdown', 'b.md'], { GITHUB_STEP_SUMMARY: join(missing, 'summary.md') }),
      `GITHUB_STEP_SUMMARY: cannot write into the folder ${missing}`,
    )
    expectUsageError(await run(['list-rules', '--junit', 'a.xml']), 'list-rules does not take --junit')
    const help = await run(['--help'])
    for (const line of ['--junit <file>', '--markdown <file>    also write a Markdown summary', '--badge <file>', 'GITHUB_STEP_SUMMARY'])
      expect(help.stdout).toContain(line)
  })

  test('a write that fails after the grade exits 2 with one line naming the file', GRADED, async () => {
    // A dangling link into a missing folder: its own folder is writable and it is no directory, so only the write fails (also as root).
    const link = join(work.dir, 'dangling.svg')
    symlinkSync(join(work.dir, 'no-such-folder', 'badge.svg'), link)
    const result = await run(['grade', '--rules', RULE, '--badge', 'dangling.svg'])
    expect(result.code).toBe(2)
    expect(result.stdout).toMatch(/PASS \(spec profile\): /)
    expect(result.stderr).toMatch(new RegExp(`^dsh-tools-tck: cannot write the SVG badge to ${link.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: [^\\n]+\\n$`))
  })
})
