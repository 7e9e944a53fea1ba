/**
 * `grade --baseline / --update-baseline / --allow-stale` end to end, on the
 * gallery registry finalize-only-after-post (it violates FIN-02) graded on
 * FIN-02 plus the passing REG-01. Three real grades: one writing the
 * baseline and the JSON report, one comparing with it (exit 0), one with its
 * entry removed (exit 1). Stale, --allow-stale and expiry are judged on the
 * saved report through the CLI's own finishing step; malformed baselines,
 * baselines of another profile than the grade's and bad flag combinations
 * are refused before any grade.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { GradeReport } from '../report.ts'
import { GRADED, KIT, cli, expectUsageError, runInProcess, scratch } from '../test-support/run-cli.ts'
import type { CliRun } from '../test-support/run-cli.ts'
import { UsageError } from '../errors.ts'
import { finishBaseline, prepareBaseline } from './cli-baseline.ts'
import { parseBaseline } from './load-baseline.ts'
import type { Baseline, BaselineEntry } from './types.ts'

const ADAPTER = join(KIT, 'fixtures/broken/finalize-only-after-post.ts')
const GRADE = ['grade', '--adapter', ADAPTER, '--rules', 'FIN-02,REG-01', '--timeout', '3000']

const work = scratch()
afterAll(() => work.remove())

let written: CliRun
let report: GradeReport
let baseline: Baseline

beforeAll(async () => {
  written = await cli([...GRADE, '--json', 'report.json', '--update-baseline', 'baseline.json'], work.dir)
  report = JSON.parse(readFileSync(join(work.dir, 'report.json'), 'utf8')) as GradeReport
  baseline = parseBaseline(readFileSync(join(work.dir, 'baseline.json'), 'utf8'), 'baseline.json')
}, GRADED.timeout)

/** Writes `entries` as a baseline file in the scratch folder and returns its name. */
function baselineFile(name: string, entries: readonly BaselineEntry[]): string {
  writeFileSync(join(work.dir, name), JSON.stringify({ baselineVersion: '1', entries }))
  return name
}

/** The CLI's exit status and output for the saved report judged against `entries`. */
async function judged(entries: readonly BaselineEntry[], allowStale = false): Promise<{ code: number; stdout: string }> {
  let stdout = ''
  const io = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: () => true } }
  const code = await finishBaseline({ mode: 'compare', file: 'b.json', baseline: { baselineVersion: '1', entries }, allowStale }, report, io)
  return { code, stdout }
}

describe('--update-baseline writes the failures of the grade', () => {
  test('exit 0 although FIN-02 fails; one entry for FIN-02, of the kind its failures are, REG-01 absent', () => {
    expect(written.stderr).toBe('')
    expect(written.code).toBe(0)
    expect(report.rules.map((r) => [r.id, r.status])).toEqual([
      ['REG-01', 'pass'],
      ['FIN-02', 'fail'],
    ])
    const kinds = new Set(report.rules[1]?.tests.filter((t) => t.outcome === 'fail').map((t) => t.failure?.kind))
    expect(kinds).toEqual(new Set(['assertion']))
    expect(baseline.entries).toEqual([{ rule: 'FIN-02', reason: 'not-implemented', kind: 'assertion' }])
    expect(baseline.profile).toBe('spec')
    expect(written.stdout).toContain(
      'Baseline baseline.json written for --profile spec: 1 entry (the must failures of this grade; 0 kept unchanged as not graded, 0 dropped as no longer failing)\n',
    )
  })

  test('on the saved report: entries of rules outside --rules are kept, a passing one dropped, and the line counts them', async () => {
    const previous: Baseline = {
      baselineVersion: '1',
      entries: [
        { rule: 'SCH-01', reason: 'spec-dispute', kind: 'timeout', note: 'not graded here' },
        { rule: 'PRE-22', reason: 'env', kind: 'assertion' },
        { rule: 'REG-01', reason: 'env', kind: 'assertion' },
        { rule: 'FIN-02', reason: 'spec-dispute', kind: 'timeout', link: 'https://example.org/9' },
      ],
    }
    let stdout = ''
    const io = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: () => true } }
    const code = await finishBaseline({ mode: 'update', file: 'kept.json', target: join(work.dir, 'kept.json'), previous }, report, io)
    expect(code).toBe(0)
    expect(stdout).toBe(
      '\nBaseline kept.json written for --profile spec: 3 entries (the must failures of this grade; 2 kept unchanged as not graded, 1 dropped as no longer failing)\n',
    )
    expect(parseBaseline(readFileSync(join(work.dir, 'kept.json'), 'utf8'), 'kept.json').entries).toEqual([
      { rule: 'SCH-01', reason: 'spec-dispute', kind: 'timeout', note: 'not graded here' },
      { rule: 'PRE-22', reason: 'env', kind: 'assertion' },
      { rule: 'FIN-02', reason: 'spec-dispute', kind: 'assertion', link: 'https://example.org/9' },
    ])
  })

  test('on the saved report graded under upstream: the baseline records that profile, and the line names it and its levels', async () => {
    let stdout = ''
    const io = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: () => true } }
    const strict: GradeReport = { ...report, options: { ...report.options, profile: 'upstream' } }
    const previous: Baseline = { baselineVersion: '1', entries: [{ rule: 'PRE-22', reason: 'env', kind: 'assertion' }] }
    expect(await finishBaseline({ mode: 'update', file: 'strict.json', target: join(work.dir, 'strict.json'), previous }, strict, io)).toBe(0)
    expect(stdout).toBe(
      '\nBaseline strict.json written for --profile upstream: 2 entries (the must and upstream failures of this grade; 1 kept unchanged as not graded, 0 dropped as no longer failing)\n',
    )
    expect(parseBaseline(readFileSync(join(work.dir, 'strict.json'), 'utf8'), 'strict.json')).toMatchObject({
      profile: 'upstream',
      entries: [{ rule: 'PRE-22' }, { rule: 'FIN-02' }],
    })
  })

  test('a baseline that cannot be written exits 2 with one line naming the target; an unwritable folder is a usage error before grading', async () => {
    let stderr = ''
    const io = { stdout: { write: () => true }, stderr: { write: (text: string) => (stderr += text) } }
    expect(await finishBaseline({ mode: 'update', file: '.', target: work.dir }, report, io)).toBe(2)
    expect(stderr).toMatch(new RegExp(`^dsh-tools-tck: cannot write the baseline to ${work.dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: EISDIR[^\n]*\n$`))
    const refused = prepareBaseline({ updateBaseline: 'no-such-folder/b.json' }, work.dir)
    await expect(refused).rejects.toBeInstanceOf(UsageError)
    await expect(refused).rejects.toThrow(`--update-baseline: cannot write into the folder ${join(work.dir, 'no-such-folder')} (missing or not writable)`)
  })
})

describe('--baseline decides the exit status', () => {
  test('the baseline listing the failures: exit 0, and every output says the baseline decides', GRADED, async () => {
    const run = await cli([...GRADE, '--baseline', 'baseline.json', '--json', 'judged.json', '--junit', 'judged.xml', '--markdown', 'judged.md'], work.dir)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).not.toContain('FAIL (spec profile)')
    expect(run.stdout).toContain(
      'Failures (spec profile): broken: finalize-only-after-post fails 1 of 2 applicable must rules; likely root cause: FIN-02; the baseline baseline.json decides the exit status (below).',
    )
    expect(run.stdout).toMatch(/Baseline baseline\.json: \d+ known failures as recorded\n/)
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('BASELINE OK: every must failure is in the baseline')
    const judged = JSON.parse(readFileSync(join(work.dir, 'judged.json'), 'utf8')) as GradeReport
    expect(judged.baseline).toMatchObject({ file: 'baseline.json', ok: true, line: 'BASELINE OK: every must failure is in the baseline' })
    expect(judged.baseline?.known.every((k) => k.rule === 'FIN-02')).toBe(true)
    const junit = readFileSync(join(work.dir, 'judged.xml'), 'utf8')
    expect(junit).not.toContain('<failure')
    expect(junit).toContain('<skipped message="known failure (recorded in the baseline): ')
    expect(readFileSync(join(work.dir, 'judged.md'), 'utf8')).toContain('**BASELINE OK: every must failure is in the baseline** (baseline baseline.json, ')
  })

  test('with the entry removed: exit 1, each failing FIN-02 test named as new', GRADED, async () => {
    const run = await cli([...GRADE, '--baseline', baselineFile('empty.json', [])], work.dir)
    expect(run.code).toBe(1)
    const failing = report.rules[1]?.tests.filter((t) => t.outcome === 'fail') ?? []
    for (const t of failing) expect(run.stdout).toContain(`  NEW       FIN-02 "${t.name}": `)
    expect(run.stdout).toContain('Failures (spec profile): ')
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe(`BASELINE FAIL: ${failing.length} new`)
  })

  test('on the saved report: an entry for the passing REG-01 is stale (exit 1), allowed with --allow-stale (exit 0)', async () => {
    const entries = [...baseline.entries, { rule: 'REG-01', reason: 'env', kind: 'assertion' } as const]
    const strict = await judged(entries)
    expect(strict.code).toBe(1)
    expect(strict.stdout).toContain('  STALE     entries[1] (REG-01): REG-01 passes now; remove the entry\n')
    const lenient = await judged(entries, true)
    expect(lenient.code).toBe(0)
    expect(lenient.stdout).toContain('(allowed by --allow-stale)')
    expect(await judged(baseline.entries)).toMatchObject({ code: 0 })
  })

  test('on the saved report: an expired entry (by date or by kit version) exits 1', async () => {
    const byDate = await judged([{ ...(baseline.entries[0] as BaselineEntry), expires: { date: '2020-01-01' } }])
    expect(byDate.code).toBe(1)
    expect(byDate.stdout).toContain('  EXPIRED   entries[0] (FIN-02): it expired on 2020-01-01')
    const byVersion = await judged([{ ...(baseline.entries[0] as BaselineEntry), expires: { kitVersion: report.kit.version } }])
    expect(byVersion.code).toBe(1)
    expect(byVersion.stdout).toContain(`it expired with kit version ${report.kit.version}`)
  })
})

describe('refused before grading (exit 2, no grade)', () => {
  test('a malformed baseline names the file, the entry and the field', async () => {
    const file = baselineFile('bad.json', [{ rule: 'FIN-02', reason: 'not-implemented', kind: 'flaky' } as unknown as BaselineEntry])
    const run = await cli([...GRADE, '--baseline', file, '--json', 'never.json'], work.dir)
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toBe('dsh-tools-tck: bad.json: entries[0] (FIN-02): "kind" must be one of assertion, timeout, crash\n')
    expect(existsSync(join(work.dir, 'never.json')), 'no grade ran').toBe(false)
  })

  test('a missing baseline names the file', async () => {
    const run = await runInProcess(['grade', '--baseline', join(work.dir, 'missing.json')])
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(`dsh-tools-tck: ${join(work.dir, 'missing.json')}: cannot read the baseline: no such file\n`)
  })

  test('a baseline written under one profile is refused at the other, naming both, before grading', async () => {
    const spec = join(work.dir, 'baseline.json')
    expectUsageError(
      await runInProcess([...GRADE, '--profile', 'upstream', '--baseline', spec, '--json', join(work.dir, 'never.json')]),
      `--baseline ${spec} was written under --profile spec, but this grade is under --profile upstream: grade with --profile spec, or rewrite the baseline with --update-baseline under --profile upstream`,
    )
    writeFileSync(join(work.dir, 'strict-baseline.json'), JSON.stringify({ baselineVersion: '1', profile: 'upstream', entries: [] }))
    const strict = join(work.dir, 'strict-baseline.json')
    expectUsageError(
      await runInProcess([...GRADE, '--baseline', strict]),
      `--baseline ${strict} was written under --profile upstream, but this grade is under --profile spec`,
    )
    expect(existsSync(join(work.dir, 'never.json')), 'no grade ran').toBe(false)
    await expect(prepareBaseline({ baseline: 'strict-baseline.json', profile: 'upstream' }, work.dir)).resolves.toMatchObject({
      mode: 'compare',
      baseline: { profile: 'upstream' },
    })
    await expect(prepareBaseline({ baseline: 'strict-baseline.json', profile: 'spec' }, work.dir)).rejects.toBeInstanceOf(UsageError)
  })

  test('--allow-stale without --baseline, and --baseline with --update-baseline, are usage errors', async () => {
    expectUsageError(await runInProcess(['grade', '--allow-stale']), '--allow-stale only applies with --baseline <file>')
    expectUsageError(
      await runInProcess(['grade', '--baseline', 'a.json', '--update-baseline', 'b.json']),
      '--baseline and --update-baseline cannot be combined',
    )
  })
})
