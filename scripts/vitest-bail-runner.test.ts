import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { BaseSequencer, createVitest, type TestSpecification } from 'vitest/node'
import { discardOutput, throwawayProject, type ThrowawayProject } from './internal/throwaway-project.ts'

const bailRunner = fileURLToPath(new URL('./vitest-bail-runner.ts', import.meta.url))

// a.spec.ts fails; b.spec.ts notes, while it loads, that it was loaded, and
// the setup file notes each time it runs (before every test file).
const FILES = {
  'setup.ts': `
import { appendFileSync } from 'node:fs'
appendFileSync(new URL('./setups.log', import.meta.url), 's')
`,
  'a.spec.ts': `
import { expect, test } from 'vitest'
test('fails', () => expect(1).toBe(2))
`,
  'b.spec.ts': `
import { appendFileSync } from 'node:fs'
import { test } from 'vitest'
appendFileSync(new URL('./loaded.log', import.meta.url), 'b')
test('passes', () => {})
`,
}

class ByName extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((x, y) => x.moduleId.localeCompare(y.moduleId))
  }
}

let project: ThrowawayProject | undefined

beforeAll(() => {
  project = throwawayProject('dsh-tck-bail-', FILES)
})

afterAll(() => project?.remove())

const logged = (path: string): string => (existsSync(path) ? readFileSync(path, 'utf8') : '')

/** Runs a.spec.ts then b.spec.ts in one worker; says how often setup ran, whether b loaded and which tests ran. */
async function runBoth(options: { bail: number; runner?: string }): Promise<{ setups: number; bLoaded: boolean; ran: string[] }> {
  const dir = project!.dir
  const loadLog = join(dir, 'loaded.log')
  const setupLog = join(dir, 'setups.log')
  for (const log of [loadLog, setupLog]) rmSync(log, { force: true })
  const vitest = await createVitest(
    'test',
    {
      root: dir,
      config: false,
      include: ['*.spec.ts'],
      setupFiles: ['./setup.ts'],
      isolate: false,
      maxWorkers: 1,
      watch: false,
      reporters: [],
      sequence: { sequencer: ByName },
      ...options,
    },
    {},
    discardOutput(),
  )
  try {
    await vitest.start()
    const ran = vitest.state
      .getFiles()
      .flatMap((file) => file.tasks)
      .filter((task) => task.result?.state === 'pass' || task.result?.state === 'fail')
      .map((task) => task.name)
    return { setups: logged(setupLog).length, bLoaded: logged(loadLog) === 'b', ran }
  } finally {
    await vitest.close()
  }
}

describe('the bail runner (mutation runs only)', () => {
  test('does not load the test files after the failure that ends a bail run', async () => {
    expect(await runBoth({ bail: 1, runner: bailRunner })).toEqual({ setups: 1, bLoaded: false, ran: ['fails'] })
  })

  test('is vitest’s runner without bail', async () => {
    expect(await runBoth({ bail: 0, runner: bailRunner })).toEqual({ setups: 2, bLoaded: true, ran: ['fails', 'passes'] })
  })

  // Why it exists: vitest's own runner skips the tests but still loads the file.
  test('vitest’s runner loads the files after the failure', async () => {
    expect(await runBoth({ bail: 1 })).toMatchObject({ setups: 2, bLoaded: true })
  })
})
