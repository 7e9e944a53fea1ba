/**
 * `grade()` called in process, as the gallery meta-test does: it runs its own
 * vitest inside this test worker, returns a schema-valid report, writes
 * nothing, and refuses bad options and broken adapters with typed errors.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, test } from 'vitest'
import { RULES } from '../catalogue/index.ts'
import { AdapterError, UsageError } from './errors.ts'
import { grade } from './grade.ts'
import type { GradeProgress } from './grade.ts'
import { KNOWN_FEATURES } from './engine/known-features.ts'
import { CACHE_DIR_ENV } from './engine/transform-cache.ts'
import { REPORT_VERSION } from './report.ts'

const schema = JSON.parse(readFileSync(new URL('./report.schema.json', import.meta.url), 'utf8')) as object
const validate = new Ajv2020({ allErrors: true }).compile(schema)
const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/adapters/${name}.ts`, import.meta.url))
const fault = (name: string): string => fileURLToPath(new URL(`../../fixtures/faults/${name}.ts`, import.meta.url))

describe('grade()', () => {
  test('grades the reference on a rule selection and returns a schema-valid report', async () => {
    const progress: GradeProgress[] = []
    const report = await grade({
      rules: ['GRD-07'],
      onProgress: (p) => {
        progress.push(p)
        throw new Error('a throwing progress callback changes nothing')
      },
    })
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true)
    // Progress: counts only grow, every suite file ends, and the tests done are the report's tests.
    expect(progress.length).toBeGreaterThan(0)
    expect(progress.every((p) => p.phase === 'suite')).toBe(true)
    for (const [i, p] of progress.entries()) {
      const before = progress[i - 1]
      if (before !== undefined) for (const key of ['testsDone', 'filesDone', 'elapsedMs'] as const) expect(p[key], key).toBeGreaterThanOrEqual(before[key])
      expect(p.testsDone).toBeLessThanOrEqual(p.testsTotal)
    }
    const last = progress.at(-1)!
    expect(last.filesDone).toBe(last.filesTotal)
    expect(last.testsDone).toBe(report.summary.tests.total)
    expect(report.reportVersion).toBe(REPORT_VERSION)
    expect(report.adapter.module).toBe(fileURLToPath(new URL('../../reference/adapter.ts', import.meta.url)))
    expect(report.rules.map((r) => r.id)).toEqual(['GRD-07'])
    expect(report.rules[0]?.status).toBe('pass')
    expect(report.summary.conforms).toBe(true)
    expect(report.unattributedErrors).toEqual([])
  })

  test('a failure marked for one of its rules crosses the worker boundary: the shared test fails only that rule', async () => {
    // The adapter drops the deferred contexts of a post-execute throw (POST-12) and keeps the error's identity (ERR-21).
    const report = await grade({ adapter: fixture('post-throw-drops-contexts'), rules: ['POST-12', 'ERR-21'] })
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true)
    // POST-12's test of a coded post-execute throw checks ERR-21's info on the side (incidentally), so ERR-21 lists it too.
    const shared = (id: string) =>
      report.rules.find((r) => r.id === id)?.tests.find((t) => t.name.startsWith('[POST-12] a post-execute listener that throws a coded error'))
    expect(report.rules.find((r) => r.id === 'POST-12')?.status).toBe('fail')
    expect(report.rules.find((r) => r.id === 'ERR-21')?.status).toBe('pass')
    expect(shared('POST-12')).toMatchObject({ outcome: 'fail', failedRules: ['POST-12'] })
    expect(shared('POST-12')?.failure?.message).toMatch(/^POST-12 \(must; /)
    expect(shared('ERR-21')).toMatchObject({ outcome: 'pass', failedRules: ['POST-12'] })
    expect(report.unattributedErrors).toEqual([])
  })

  test('the module cache: off leaves its folder empty, on fills it once, unreadable entries cost a rerun, and the verdicts never change', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tck-cache-'))
    const saved = process.env[CACHE_DIR_ENV]
    process.env[CACHE_DIR_ENV] = dir
    try {
      const run = async (cache: boolean) => {
        const report = await grade({ adapter: fixture('post-throw-drops-contexts'), rules: ['POST-12', 'ERR-03'], cache })
        return report.rules.map((r) => [r.id, r.status, r.tests.map((t) => `${t.name}: ${t.outcome}`)])
      }
      const uncached = await run(false)
      expect(readdirSync(dir), 'cache: false writes no entry').toEqual([])
      expect(uncached.map(([id, status]) => `${String(id)} ${String(status)}`)).toEqual(['POST-12 fail', 'ERR-03 pass'])
      expect(await run(true)).toEqual(uncached)
      const filled = readdirSync(dir).sort()
      expect(filled.length, 'the first cached grade stores the transformed modules').toBeGreaterThan(10)
      expect(await run(true)).toEqual(uncached)
      expect(readdirSync(dir).sort(), 'the second reuses them').toEqual(filled)
      // Entries that cannot be read (here: each replaced by a folder; a temp cleaner or another grade
      // clearing the folder mid-run does the same) cost a second, uncached run, never a verdict.
      for (const entry of filled) {
        rmSync(join(dir, entry), { recursive: true, force: true })
        mkdirSync(join(dir, entry))
      }
      expect(await run(true)).toEqual(uncached)
    } finally {
      if (saved === undefined) delete process.env[CACHE_DIR_ENV]
      else process.env[CACHE_DIR_ENV] = saved
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('rejects unknown rules and bad timeouts with a UsageError, before loading anything', async () => {
    await expect(grade({ rules: ['NOPE-1'], adapter: fixture('import-throws') })).rejects.toBeInstanceOf(UsageError)
    await expect(grade({ timeout: 0 })).rejects.toThrow(UsageError)
    await expect(grade({ timeout: 2.5 })).rejects.toThrow(/whole number of milliseconds from 1 to/)
    await expect(grade({ stallLimit: 0 })).rejects.toThrow(/stallLimit must be a whole number of milliseconds from 1 to/)
    await expect(grade({ maxMemory: 8 })).rejects.toThrow(/maxMemory must be a whole number of megabytes from 64 to 65536 \(got 8\)/)
    await expect(grade({ workers: 0 })).rejects.toThrow(/workers must be a whole number from 1 to 64 \(got 0\)/)
    await expect(grade({ workers: 1.5 })).rejects.toThrow(UsageError)
  })

  // Issue 38: an adapter that ends the process never passes for a verdict.
  test('an adapter that calls process.exit(0) while loading or in create() is an AdapterError naming the exit', async () => {
    const atImport = await grade({ adapter: fault('exit-at-import') }).catch((e: unknown) => e)
    expect(atImport).toBeInstanceOf(AdapterError)
    expect((atImport as AdapterError).message).toMatch(/exit-at-import\.ts called process\.exit\(0\) while loading/)
    const inCreate = await grade({ adapter: fault('exit-in-create') }).catch((e: unknown) => e)
    expect(inCreate).toBeInstanceOf(AdapterError)
    expect((inCreate as AdapterError).message).toMatch(/create\(\) called process\.exit\(0\)/)
  })

  test('in a plain Node program (no vitest making process.exit throw), grade() survives an adapter that exits while loading', () => {
    const script = [
      `const { grade } = await import(${JSON.stringify(new URL('./grade.ts', import.meta.url).href)})`,
      `await grade({ adapter: ${JSON.stringify(fault('exit-at-import'))} }).then(() => console.log('graded'), (error) => console.log(error.name + ': ' + error.message))`,
      "console.log('still running')",
    ].join('\n')
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')))
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', env })
    expect(out).toMatch(/^AdapterError: adapter .*exit-at-import\.ts called process\.exit\(0\) while loading/)
    expect(out).toContain('still running')
  })

  test('a tool call that calls process.exit(0) fails the tests that reach it, and the grade still reports', async () => {
    const report = await grade({ adapter: fault('exit-in-body'), rules: ['GRD-01'] })
    expect(report.summary.conforms).toBe(false)
    const failed = report.rules.flatMap((rule) => rule.tests).filter((t) => t.outcome === 'fail')
    expect(failed.length).toBeGreaterThan(0)
    for (const t of failed) expect(t.failure?.message).toContain('process.exit')
  })

  test('rejects a broken adapter with an AdapterError naming the module', async () => {
    const error = await grade({ adapter: fixture('create-throws') }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AdapterError)
    expect((error as AdapterError).module).toBe(fixture('create-throws'))
    expect((error as AdapterError).message).toContain('create() threw: cannot start the registry')
  })
})

test("the report schema's area and feature patterns accept every area and feature of the kit", () => {
  // The schema leaves both sets open (they grow with the kit) but constrains their spelling.
  const defs = (schema as { $defs: Record<string, { pattern: string }> }).$defs
  for (const rule of RULES) expect(rule.area).toMatch(new RegExp(defs.area!.pattern))
  for (const feature of KNOWN_FEATURES) expect(feature).toMatch(new RegExp(defs.feature!.pattern))
})
