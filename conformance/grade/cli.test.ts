/**
 * The CLI as a user runs it, in a child process from a directory outside the
 * kit: --help/--version, usage errors and adapter errors. Each adapter error
 * exits 2 with one line naming the file and no stack. No suite run here.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { KIT, cli, expectOneLine, fixture, scratch } from './test-support/run-cli.ts'

const work = scratch()
afterAll(() => work.remove())

describe('usage', () => {
  test('--help and --version exit 0', async () => {
    const help = await cli(['--help'], work.dir)
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('Usage: dsh-tools-tck grade')
    const version = await cli(['--version'], work.dir)
    expect(version.code).toBe(0)
    const pkg = JSON.parse(readFileSync(join(KIT, 'package.json'), 'utf8')) as { version: string }
    expect(version.stdout).toBe(`${pkg.version}\n`)
  })

  test('an unknown flag is a usage error (exit 2) naming the flag', async () => {
    const run = await cli(['grade', '--frobnicate'], work.dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain("Unknown option '--frobnicate'")
    expect(run.stderr).toContain('dsh-tools-tck --help')
    expect(run.stderr).not.toMatch(/\n\s+at /)
  })

  test('a bad --timeout is a usage error (exit 2)', async () => {
    const run = await cli(['grade', '--timeout', 'soon'], work.dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('--timeout expects a whole number of milliseconds from 1 to 3600000, got "soon"')
  })
})

// Independent and short (no suite run): run side by side.
describe.concurrent('adapter errors: exit 2 with one line naming the file, no stack', () => {
  test('a missing module (named relative to the cwd when inside it)', async () => {
    const run = await cli(['grade', '--adapter', join(work.dir, 'nowhere.ts')], work.dir)
    expect(run.code).toBe(2)
    expectOneLine(run, 'adapter module nowhere.ts not found')
  })

  test('a module without a default export (path given relative to the cwd)', async () => {
    const run = await cli(['grade', '--adapter', 'fixtures/adapters/no-default-export.ts'], KIT)
    expect(run.code).toBe(2)
    expectOneLine(run, 'adapter fixtures/adapters/no-default-export.ts has no default export')
  })

  test('a module that fails to import', async () => {
    const run = await cli(['grade', '--adapter', fixture('import-throws')], work.dir)
    expect(run.code).toBe(2)
    expectOneLine(run, fixture('import-throws'), 'failed to import: adapter module is broken at import time')
  })

  test('a default export of the wrong shape lists every problem', async () => {
    const run = await cli(['grade', '--adapter', fixture('wrong-shape')], work.dir)
    expect(run.code).toBe(2)
    expectOneLine(run, fixture('wrong-shape'), '"name" must be a non-empty string', 'unknown feature "scope"', '"create" must be a function')
  })

  test('a create() that throws', async () => {
    const run = await cli(['grade', '--adapter', fixture('create-throws')], work.dir)
    expect(run.code).toBe(2)
    expectOneLine(run, fixture('create-throws'), 'create() threw: cannot start the registry')
  })

  test('with --verbose, the stack of the underlying error follows the message', async () => {
    const run = await cli(['grade', '--adapter', fixture('create-throws'), '--verbose'], work.dir)
    expect(run.code).toBe(2)
    expect(run.stderr.split('\n')[0]).toContain('create() threw: cannot start the registry')
    expect(run.stderr).toMatch(/\n\s+at /)
  })

  test('a create() that never settles', async () => {
    const run = await cli(['grade', '--adapter', fixture('create-never-settles'), '--timeout', '300'], work.dir)
    expect(run.code).toBe(2)
    expectOneLine(run, fixture('create-never-settles'), 'create() did not settle within 300 ms')
  })

  test('a harness lacking members its declared features need', async () => {
    const run = await cli(['grade', '--adapter', fixture('harness-missing-members')], work.dir)
    expect(run.code).toBe(2)
    expectOneLine(run, 'lacks tools.execute', 'createScope (the adapter declares the "scopes" feature)', 'setApproval')
  })
})
