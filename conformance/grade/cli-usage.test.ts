/**
 * Argument handling of `runCli()`, in process (the child-process tests in
 * cli.test.ts cover the real binary): every usage error exits 2 with one
 * line and a pointer to --help, before anything is loaded or run.
 */
import { describe, expect, test } from 'vitest'
import { expectUsageError, runInProcess as run } from './test-support/run-cli.ts'

describe('usage errors exit 2 with a one-line reason', () => {
  test.each([
    [['grade', '--timeout', '0'], '--timeout expects a whole number of milliseconds from 1 to 3600000, got "0"'],
    [['grade', '--timeout', '3600001'], 'got "3600001"'],
    [['grade', '--timeout', '1.5'], 'got "1.5"'],
    [['grade', '--timeout', '12abc'], 'got "12abc"'],
    [['grade', '--timeout=-5'], 'got "-5"'],
    [['grade', '--timeout'], "Option '--timeout <value>' argument missing"],
    [['grade', '--stall-limit', '0'], '--stall-limit expects a whole number of milliseconds from 1 to 3600000, got "0"'],
    [['grade', '--stall-limit', 'soon'], '--stall-limit expects a whole number of milliseconds from 1 to 3600000, got "soon"'],
    [['grade', '--rules', 'NOPE-1'], '--rules: "NOPE-1" is not a rule ID of the catalogue or AREA-*'],
    [['grade', '--rules', ','], '--rules needs at least one rule ID or AREA-*'],
    [['grade', '--json', ''], '--json needs a file name'],
    [['grade', '--runs', '0'], '--runs expects a whole number from 1, got "0"'],
    [['grade', '--runs', 'many'], '--runs expects a whole number from 1, got "many"'],
    [['grade', '--workers', '0'], '--workers expects a whole number from 1 to 64, got "0"'],
    [['grade', '--workers', '65'], '--workers expects a whole number from 1 to 64, got "65"'],
    [['grade', '--seed', '1.5'], '--seed expects a whole number, got "1.5"'],
    [['grade', '--json', '/nonexistent-folder-of-the-kit/report.json'], '--json: cannot write into the folder /nonexistent-folder-of-the-kit'],
    [['grade', 'extra'], 'unexpected argument "extra"'],
    [['frobnicate'], 'unknown command "frobnicate"'],
    [[], 'no command given'],
    [['grade', '--verbose=yes'], "Option '--verbose' does not take an argument"],
  ])('%j', async (argv, fragment) => {
    expectUsageError(await run(argv), fragment)
  })
})

test('--help wins over the rest and documents every option and exit status', async () => {
  const result = await run(['grade', '--help'])
  expect(result.code).toBe(0)
  for (const option of ['--adapter', '--json', '--rules', '--timeout', '--stall-limit', '--verbose', '--help', '--version'])
    expect(result.stdout).toContain(option)
  expect(result.stdout).toMatch(/0 +no must rule fails/)
  expect(result.stdout).toMatch(/1 +at least one must rule fails/)
  expect(result.stdout).toMatch(/2 +the registry could not be graded/)
})
