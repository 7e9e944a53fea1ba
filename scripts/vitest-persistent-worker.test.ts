import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createVitest, type Vitest } from 'vitest/node'
import { discardOutput, throwawayProject, type ThrowawayProject } from './internal/throwaway-project.ts'
import { PERSISTENT_POOL_NAME, persistentWorkerPool } from './vitest-persistent-worker.ts'

const poolSetup = fileURLToPath(new URL('./vitest-persistent-worker-setup.ts', import.meta.url))

// The one test reports the thread it ran in, how many times its helper module
// has been evaluated in that thread, and which mutant was active while the
// test file loaded. Like a Stryker run, it leaves its mutant active when it
// ends; like Stryker's setup file, the first setup activates a static mutant
// as soon as it loads.
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
test('probe', ({ task }) => {
  task.meta.probe = { threadId, evaluation, activeWhileLoading }
  stryker.activeMutant = (inject as any)('activeMutant')
})
`,
}

interface Probe {
  threadId: number
  evaluation: number
  activeWhileLoading: string | null
}

let project: ThrowawayProject | undefined
let vitest: Vitest

/** One vitest run with the context Stryker's runner provides for it. */
async function run(mode: string, mutantActivation: string, activeMutant: string): Promise<Probe> {
  const provided: Record<string, string> = { mode, mutantActivation, activeMutant }
  for (const [key, value] of Object.entries(provided)) vitest.provide(key as never, value as never)
  vitest.state.filesMap.clear()
  await vitest.start()
  const [file] = vitest.state.getFiles()
  const meta = file?.tasks[0]?.meta as { probe?: Probe } | undefined
  if (meta?.probe === undefined) throw new Error(`the probe did not run: ${JSON.stringify(file?.result?.errors ?? file)}`)
  return meta.probe
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
    const dry = await run('dry-run', 'runtime', '')
    const first = await run('mutant', 'runtime', '1')
    const second = await run('mutant', 'runtime', '2')
    const staticRun = await run('mutant', 'static', '3')
    const after = await run('mutant', 'runtime', '4')

    // The dry run's thread is not kept.
    expect(first.threadId).not.toBe(dry.threadId)
    expect([second, staticRun, after].map((p) => p.threadId)).toEqual([first.threadId, first.threadId, first.threadId])
    // The counter lives on globalThis, so it survives in the thread; the
    // helper module itself is evaluated again on every run.
    expect([first, second, staticRun, after].map((p) => p.evaluation)).toEqual([1, 2, 3, 4])
    // Each run-time mutant's file loaded with no mutant active although its
    // predecessor left one; the static mutant was active while modules loaded.
    expect([first, second, staticRun, after].map((p) => p.activeWhileLoading)).toEqual([null, null, '3', null])
  })
})
