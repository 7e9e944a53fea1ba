import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { BaseSequencer, createVitest, type TestSpecification } from 'vitest/node'
import { discardOutput, throwawayProject, type ThrowawayProject } from './internal/throwaway-project.ts'
import { SUITE_SETTINGS_KEY } from '../conformance/suite/_kit/settings.ts'

// The setup file of the mutation evidence runs (the suite settings' onlyRules, from DSH_TCK_ONLY_RULES),
// after the one that receives the settings, as in vitest.mutation.config.ts.
const providedSettings = fileURLToPath(new URL('../conformance/suite/_kit/provided-settings.ts', import.meta.url))
const onlyRules = fileURLToPath(new URL('../conformance/suite/_kit/only-rules.ts', import.meta.url))

// Two files, run in this order in one worker, as in a mutant run.
const FILES = {
  'a.spec.ts': `
import { expect, test } from 'vitest'
test('[A-01] fails', () => expect(1).toBe(2))
test('[A-01] would fail again', () => expect(1).toBe(2))
test('[A-01, B-01] names a rule with no failure yet', () => expect(1).toBe(2))
test('[B-01] would fail again', () => expect(1).toBe(2))
test('[C-01] names no listed rule', () => {})
test('[D-01] passes', () => {})
`,
  'b.spec.ts': `
import { test } from 'vitest'
test('[A-01] would fail in the next file too', () => { throw new Error('again') })
test('[D-01] the registry stops answering', () => {
  const error = new Error('the test did not settle within 1000 ms')
  error.name = 'AdapterTimeoutError'
  throw error
})
test('[E-01] after the hang', () => {})
`,
}

class ByName extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((x, y) => x.moduleId.localeCompare(y.moduleId))
  }
}

let project: ThrowawayProject | undefined

beforeAll(() => {
  project = throwawayProject('dsh-tck-only-rules-', FILES)
})

afterAll(() => project?.remove())

/** Runs both files with A-01, B-01, D-01 and E-01 listed, as Stryker's runner would in `mode`; the tests that ran. */
async function run(mode: 'mutant' | 'dry-run'): Promise<string[]> {
  const vitest = await createVitest(
    'test',
    {
      root: project!.dir,
      config: false,
      include: ['*.spec.ts'],
      setupFiles: [providedSettings, onlyRules],
      isolate: false,
      maxWorkers: 1,
      watch: false,
      reporters: [],
      provide: { [SUITE_SETTINGS_KEY]: { onlyRules: ['A-01', 'B-01', 'D-01', 'E-01'] } },
      sequence: { sequencer: ByName },
    },
    {},
    discardOutput(),
  )
  try {
    vitest.provide('mode' as never, mode as never)
    vitest.provide('activeMutant' as never, '7' as never)
    await vitest.start()
    return vitest.state
      .getFiles()
      .flatMap((file) => file.tasks)
      .filter((task) => task.result?.state === 'pass' || task.result?.state === 'fail')
      .map((task) => task.name)
  } finally {
    await vitest.close()
  }
}

describe('the evidence runs\u2019 setup file (conformance/suite/_kit/only-rules.ts)', () => {
  test('in a mutant run, runs a test only while a listed rule it names has no failure, and nothing after a hang', async () => {
    expect(await run('mutant')).toEqual([
      '[A-01] fails',
      '[A-01, B-01] names a rule with no failure yet',
      '[D-01] passes',
      '[D-01] the registry stops answering',
    ])
  })

  test('outside a mutant run, only leaves out the tests naming no listed rule', async () => {
    expect(await run('dry-run')).toEqual([
      '[A-01] fails',
      '[A-01] would fail again',
      '[A-01, B-01] names a rule with no failure yet',
      '[B-01] would fail again',
      '[D-01] passes',
      '[A-01] would fail in the next file too',
      '[D-01] the registry stops answering',
      '[E-01] after the hang',
    ])
  })
})
