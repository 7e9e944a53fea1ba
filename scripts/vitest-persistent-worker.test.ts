import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createVitest, type Vitest } from 'vitest/node'
import { discardOutput, throwawayProject, type ThrowawayProject } from './internal/throwaway-project.ts'
import { PERSISTENT_POOL_NAME, persistentWorkerPool } from './vitest-persistent-worker.ts'

const poolSetup = fileURLToPath(new URL('./vitest-persistent-worker-setup.ts', import.meta.url))

// The probe test reports the thread it ran in, how many times its helper
// module has been evaluated in that thread, and the mutant and hit count
// Stryker's state held while the test file loaded. Like a Stryker run, it
// leaves its mutant active and a hit count behind; like Stryker's setup file,
// the first setup activates a static mutant as soon as it loads.
// The other test only says that it ran.
const PROBE_FILES = {
  'stryker-like-setup.ts': `
import { inject } from 'vitest'
const stryker = ((globalThis as any).__stryker__ ??= {})
if ((inject as any)('mutantActivation') === 'static') stryker.activeMutant = (inject as any)('activeMutant')
`,
  'helper.ts': `
const counter = globalThis as { __probeEvaluations?: number }
counter.__probeEvaluations = (counter.__probeEvaluations ?? 0) + 1
export const evaluation = counter.__probeEvaluations
`,
  'probe.spec.ts': `
import { threadId } from 'node:worker_threads'
import { inject, test } from 'vitest'
import { evaluation } from './helper.ts'
const stryker = (globalThis as any).__stryker__
const activeWhileLoading = stryker.activeMutant ?? null
const hitCountWhileLoading = stryker.hitCount ?? null
test('probe', ({ task }) => {
  task.meta.probe = { threadId, evaluation, activeWhileLoading, hitCountWhileLoading }
  stryker.activeMutant = (inject as any)('activeMutant')
  stryker.hitCount = 500
})
test('other', () => {})
`,
}

interface Probe {
  threadId: number
  evaluation: number
  activeWhileLoading: string | null
  hitCountWhileLoading: number | null
}

let project: ThrowawayProject | undefined
let vitest: Vitest

/** One vitest run with the context and test name filter Stryker's runner sets for it. */
async function run(mode: string, mutantActivation: string, activeMutant: string, only?: RegExp): Promise<{ probe?: Probe; ran: string[] }> {
  const provided: Record<string, string> = { mode, mutantActivation, activeMutant }
  for (const [key, value] of Object.entries(provided)) vitest.provide(key as never, value as never)
  for (const p of vitest.projects) p.config.testNamePattern = only
  vitest.state.filesMap.clear()
  await vitest.start()
  const tasks = vitest.state.getFiles().flatMap((file) => file.tasks)
  const ran = tasks.filter((task) => task.result?.state === 'pass').map((task) => task.name)
  return { probe: (tasks.find((task) => task.name === 'probe')?.meta as { probe?: Probe } | undefined)?.probe, ran }
}

async function probe(mode: string, mutantActivation: string, activeMutant: string): Promise<Probe> {
  const { probe: found } = await run(mode, mutantActivation, activeMutant)
  if (found === undefined) throw new Error(`the probe did not run (${mode}, ${mutantActivation}, ${activeMutant})`)
  return found
}

beforeAll(async () => {
  project = throwawayProject('dsh-tck-pool-', PROBE_FILES)
  vitest = await createVitest(
    'test',
    {
      root: project.dir,
      config: false,
      include: ['probe.spec.ts'],
      setupFiles: ['./stryker-like-setup.ts', poolSetup],
      isolate: false,
      // What Stryker's runner passes; the plugin must win over it.
      pool: 'threads',
      maxWorkers: 1,
      watch: false,
      reporters: [],
    },
    { plugins: [persistentWorkerPool()] },
    discardOutput(),
  )
})

afterAll(async () => {
  await vitest?.close()
  project?.remove()
})

describe('the persistent worker pool (mutation runs only)', () => {
  test('replaces the pool the runner passes inline', () => {
    expect(vitest.projects.map((p) => p.config.pool)).toEqual([PERSISTENT_POOL_NAME])
  })

  test('serves every mutant run from one thread, with every project module evaluated anew', async () => {
    const dry = await probe('dry-run', 'runtime', '')
    const first = await probe('mutant', 'runtime', '1')
    const second = await probe('mutant', 'runtime', '2')
    const staticRun = await probe('mutant', 'static', '3')
    const after = await probe('mutant', 'runtime', '4')

    // The dry run's thread is not kept.
    expect(first.threadId).not.toBe(dry.threadId)
    expect([second, staticRun, after].map((p) => p.threadId)).toEqual([first.threadId, first.threadId, first.threadId])
    // The counter lives on globalThis, so it survives in the thread; the
    // helper module itself is evaluated again on every run.
    expect([first, second, staticRun, after].map((p) => p.evaluation)).toEqual([1, 2, 3, 4])
    // Each run-time mutant's file loaded with no mutant active although its
    // predecessor left one; the static mutant was active while modules loaded.
    expect([first, second, staticRun, after].map((p) => p.activeWhileLoading)).toEqual([null, null, '3', null])
    // Every predecessor left a hit count behind; no file loaded with one.
    expect([first, second, staticRun, after].map((p) => p.hitCountWhileLoading)).toEqual([null, null, null, null])
  })

  test('gives a reused thread the config of its own run', async () => {
    // Stryker narrows each mutant run to the tests covering the mutant.
    expect((await run('mutant', 'runtime', '5', /^other$/)).ran).toEqual(['other'])
    expect((await run('mutant', 'runtime', '6', /^probe$/)).ran).toEqual(['probe'])
    expect((await run('mutant', 'runtime', '7')).ran).toEqual(['probe', 'other'])
  })
})
