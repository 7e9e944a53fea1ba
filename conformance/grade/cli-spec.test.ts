/**
 * `spec`, in process: the coverage table of the seeds' normative sentences,
 * one sentence with its rules and tests, each sentence's verdict for a saved
 * report (a failing rule's sentence is broken), the drift of an edited copy
 * of the docs, and the usage errors.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { RULES } from '../catalogue/index.ts'
import { SENTENCES_FILE } from '../catalogue/sentences/seed-sentences.ts'
import { sampleReport } from './formats/test-support/sample-report.ts'
import { kitSpecCoverage } from './formats/sentence-verdicts.ts'
import { countCoverage } from './commands/spec-command.ts'
import { expectUsageError, runInProcess as run, scratch } from './test-support/run-cli.ts'

describe('spec', () => {
  test('prints coverage per seed and section, with a total whose uncovered count is 0', async () => {
    const result = await run(['spec'])
    expect(result.code).toBe(0)
    expect(result.stderr).toBe('')
    const counts = countCoverage(kitSpecCoverage())
    const total = result.stdout.split('\n').find((line) => line.startsWith('all seeds'))
    expect(total?.split(/\s{2,}/).slice(1)).toEqual(
      [counts.normative, counts.covered, counts.outOfScope, counts.untestable, counts.repeats, counts.uncovered].map(String),
    )
    expect(counts.uncovered).toBe(0)
    for (const label of ['seed 000: docs/subsystems/tools.md', '  § Execution', 'seed 001: walkthrough', '  § ctx.tools.register(definition)']) {
      expect(result.stdout).toContain(label)
    }
  })

  test('--sentence prints one sentence, by ID or text, with the rules quoting it and their tests', async () => {
    const byId = await run(['spec', '--sentence', '000-250'])
    expect(byId.code).toBe(0)
    expect(byId.stdout).toContain('只有 `allowed-once` 才继续执行')
    expect(byId.stdout).toMatch(/status: covered by .*GRD-02/)
    expect(byId.stdout).toContain('test: [PRE-05]')
    const byText = await run(['spec', '--sentence', 'Only an exact `true` is parallel'])
    expect(byText.code).toBe(2)
    expect(byText.stderr).toContain('give one ID')
    const excused = await run(['spec', '--sentence', '000-150'])
    expect(excused.stdout).toContain('excused: out-of-scope (how the agent loop schedules calls')
  })

  test('--report gives each normative sentence a verdict: a failing rule breaks the sentences it covers', async () => {
    const work = scratch()
    try {
      const rules = RULES.filter((r) => r.level === 'must').map((r) => ({ id: r.id, level: r.level, status: r.id === 'GRD-02' ? 'fail' : 'pass' }) as const)
      writeFileSync(join(work.dir, 'r.json'), JSON.stringify(sampleReport('failing-registry', rules)))
      const result = await run(['spec', '--report', join(work.dir, 'r.json')])
      expect(result.code).toBe(0)
      const line = result.stdout.split('\n').find((l) => l.startsWith('000-250 '))
      expect(line).toMatch(/^000-250 {2}broken \(GRD-02\) {2}/)
      expect(result.stdout.split('\n').find((l) => l.startsWith('000-150 '))).toMatch(/ excused /)
      expect(result.stdout).toMatch(/normative sentences: \d+ met, [1-9]\d* broken, 0 not-applicable, 0 untested, \d+ excused/)
    } finally {
      work.remove()
    }
  })

  test('--against lists an edited quote as stale, and a new "must" sentence and an edited unquoted one as lacking a rule', async () => {
    const work = scratch()
    try {
      const prose = (JSON.parse(readFileSync(SENTENCES_FILE, 'utf8')) as { prose: Record<string, string> }).prose['000'] as string
      const quoted = 'Returning a reason denies the call; returning `undefined` leaves it unchanged.'
      expect(prose).toContain(quoted)
      const edited = `# 工具\n\n## \`ToolRestriction\` — 单个作用域对其继承内容的实时过滤器\n\n注册表必须拒绝空名称。Returning a reason allows the call.\n\nOnly an exact \`true\` is parallel; unknown, hidden, undeclared, invalid, or throwing classifiers are parallel too.\n`
      writeFileSync(join(work.dir, 'tools.zh.md'), edited)
      const result = await run(['spec', '--against', join(work.dir, 'tools.zh.md')])
      expect(result.code).toBe(0)
      expect(result.stdout).toContain('read as docs/subsystems/tools.zh.md (seed 000)')
      const quoting = RULES.filter((r) => r.quotes?.some((q) => q.text === quoted)).map((r) => r.id)
      expect(quoting.length).toBeGreaterThan(0)
      for (const id of quoting) expect(result.stdout).toContain(`  ${id}: "${quoted}"`)
      expect(result.stdout).toContain('§ ToolRestriction, new: 注册表必须拒绝空名称。')
      // An edited sentence that no quote still covers reads as changed from the seed's.
      const original = 'Only an exact `true` is parallel; unknown, hidden, undeclared, invalid, or throwing classifiers are exclusive.'
      const sentences = (JSON.parse(readFileSync(SENTENCES_FILE, 'utf8')) as { sentences: { id: string; text: string }[] }).sentences
      const edited000 = sentences.find((s) => s.text === original)?.id
      expect(edited000).toMatch(/^000-/)
      expect(result.stdout).toContain(
        `, changed from ${edited000}: Only an exact \`true\` is parallel; unknown, hidden, undeclared, invalid, or throwing classifiers are parallel too.`,
      )
    } finally {
      work.remove()
    }
  })

  test('usage errors: two views at once, an unknown sentence, an unreadable file, an extra argument', async () => {
    expectUsageError(await run(['spec', '--sentence', '000-001', '--against', 'x.md']), 'spec takes one of --sentence, --report, --against at a time')
    expectUsageError(await run(['spec', '--sentence', 'no such sentence anywhere']), 'no sentence of the seeds is or contains')
    expectUsageError(await run(['spec', '--against', '/nonexistent/tools.md']), 'spec --against: cannot read /nonexistent/tools.md')
    expectUsageError(await run(['spec', '--report', '/nonexistent/r.json']), 'spec --report:')
    expectUsageError(await run(['spec', 'extra']), 'unexpected argument "extra"')
    expectUsageError(await run(['spec', '--area', 'GRD']), 'spec does not take --area')
  })
})
