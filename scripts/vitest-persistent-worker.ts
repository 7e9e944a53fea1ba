// Mutation runs only (vitest.mutation.config.ts): one vitest worker thread
// serves the Stryker mutant runs of a test-runner process, one after another.
//
// Stryker's vitest runner starts one vitest run per mutant, and vitest's own
// pools start a new worker thread for every run: about 1,400 thread starts
// in a full run, each booting vitest's worker runtime and evaluating
// fast-check, ajv and the other dependencies before the first test. Stryker
// switches most mutants at run time (the instrumented code reads the active
// mutant from a global), so nothing requires a new thread for them.
//
// What a kept thread keeps, and what it does not:
// - It keeps vitest's worker runtime and the modules under node_modules.
//   Neither the reference nor the tests write to them.
// - Every module of the project (reference/, the kit, the tests) is evaluated
//   anew on each run: each run request names them all in `invalidates`. A
//   mutant can leave state behind in the reference's module-level caches or
//   in a fixture it mutates, and with this that state does not reach the next
//   mutant's run. It also makes static mutants (module-level code, active
//   only while its module is evaluated) work: Stryker's setup file activates
//   them before the adapter, and so the reference, is evaluated again.
// - scripts/vitest-persistent-worker-setup.ts puts Stryker's active mutant
//   and hit count back to what a new thread has before a run's first test
//   file loads.
//
// The dry run (coverage) gets a new thread, retired after it. A kept thread
// that vitest stops without the worker's stop handshake (it does so after an
// error) is retired too, and the next run gets a new one.
//
// What a run leaves pending stays in the thread. The reference schedules no
// timers and writes no globals, and the suite's one timer (check()'s budget)
// is cleared when its test ends, so what is left waits on promises that never
// settle. Full runs of the same reference and suite on 2026-12-01 gave all
// 2,323 mutants the same status with vitest's threads pool and with this pool
// (once in a first version that gave static mutants threads of their own).
import { readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { Worker } from 'node:worker_threads'
import type { Plugin } from 'vite'
import type { PoolOptions, PoolRunnerInitializer, PoolWorker, TestProject, WorkerRequest } from 'vitest/node'

/** The pool's name, as vitest reports it. */
export const PERSISTENT_POOL_NAME = 'dsh-persistent-threads'

type Listener = (arg: unknown) => void

/** The kept thread, and whether it has completed vitest's start handshake. */
let kept: { thread: Worker; started: boolean } | undefined

function spawn(options: PoolOptions): Worker {
  const thread = new Worker(resolve(options.distPath, 'workers/threads.js'), {
    env: options.env,
    execArgv: options.execArgv,
    stdout: true,
    stderr: true,
  })
  const logger = options.project.vitest.logger
  // Without `end: false` a retired thread would end the logger's streams.
  thread.stdout.pipe(logger.outputStream, { end: false })
  thread.stderr.pipe(logger.errorStream, { end: false })
  thread.once('exit', () => {
    if (kept?.thread === thread) kept = undefined
  })
  return thread
}

function retireKept(): void {
  const old = kept
  kept = undefined
  void old?.thread.terminate()
}

/** Only mutant runs share the kept thread; the dry run's coverage starts from nothing. */
function needsNewThread(project: TestProject): boolean {
  return (project.getProvidedContext() as { mode?: unknown }).mode !== 'mutant'
}

const projectFilesByRoot = new Map<string, string[]>()

/** Every source file of the project outside node_modules and dot-folders (Stryker's sandboxes). */
function projectFiles(root: string): string[] {
  let files = projectFilesByRoot.get(root)
  if (files === undefined) {
    files = []
    const walk = (dir: string, into: string[]): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
        const path = join(dir, entry.name)
        if (entry.isDirectory()) walk(path, into)
        else if (/\.(?:[cm]?[jt]s|json)$/.test(entry.name)) into.push(path)
      }
    }
    walk(root, files)
    projectFilesByRoot.set(root, files)
  }
  return files
}

class PersistentThreadWorker implements PoolWorker {
  readonly name = PERSISTENT_POOL_NAME
  private thread: Worker | undefined
  /** This run's thread is the kept one. */
  private keeps = false
  /** ...and it already ran a previous run. */
  private reuses = false
  private config: unknown
  /** The kept thread was handed back after a stop handshake. */
  private released = false
  private readonly listeners: Array<[string, Listener]> = []

  constructor(private readonly options: PoolOptions) {}

  async start(): Promise<void> {
    if (needsNewThread(this.options.project)) {
      retireKept()
      this.thread = spawn(this.options)
      return
    }
    this.keeps = true
    this.reuses = kept?.started === true
    kept ??= { thread: spawn(this.options), started: false }
    this.thread = kept.thread
  }

  on(event: string, callback: Listener): void {
    this.current().on(event, callback)
    this.listeners.push([event, callback])
  }

  off(event: string, callback: Listener): void {
    this.current().off(event, callback)
    const at = this.listeners.findIndex(([e, c]) => e === event && c === callback)
    if (at !== -1) this.listeners.splice(at, 1)
  }

  send(message: WorkerRequest): void {
    let outgoing: WorkerRequest = message
    switch (message.type) {
      case 'start':
        // The worker takes the project config from its start message only;
        // a reused thread gets this run's config with the run request instead.
        this.config = message.context.config
        if (this.reuses) {
          this.reply('started')
          return
        }
        break
      case 'run':
      case 'collect': {
        // The start handshake is done: a run that starts from now on reuses the thread.
        if (this.keeps && kept !== undefined && kept.thread === this.thread) kept.started = true
        const invalidates = this.reuses ? projectFiles(this.options.project.config.root) : message.context.invalidates
        outgoing = { ...message, context: { ...message.context, invalidates, config: this.config } as typeof message.context }
        break
      }
      case 'stop':
        if (this.keeps && kept?.thread === this.thread) {
          // From here on this run hears nothing from the thread, so the next
          // run, which may start before this one's stop() is called, has it
          // to itself.
          this.reply('stopped')
          this.detach()
          this.released = true
          return
        }
        break
    }
    this.current().postMessage(outgoing)
  }

  async stop(): Promise<void> {
    this.detach()
    if (this.released) return
    // No stop handshake: vitest is forcing the stop after an error, so the
    // thread's state is unknown and it goes.
    const thread = this.current()
    if (kept?.thread === thread) kept = undefined
    await thread.terminate()
  }

  deserialize(data: unknown): unknown {
    return data
  }

  private detach(): void {
    const thread = this.current()
    for (const [event, callback] of this.listeners.splice(0)) thread.off(event, callback)
  }

  /** Answers, asynchronously as the thread would, a handshake the kept thread does not need. */
  private reply(type: 'started' | 'stopped'): void {
    const listeners = this.listeners.filter(([event]) => event === 'message').map(([, callback]) => callback)
    setImmediate(() => {
      for (const callback of listeners) callback({ type, __vitest_worker_response__: true })
    })
  }

  private current(): Worker {
    if (this.thread === undefined) throw new Error(`${PERSISTENT_POOL_NAME}: worker used before start()`)
    return this.thread
  }
}

const pool: PoolRunnerInitializer = {
  name: PERSISTENT_POOL_NAME,
  createPoolWorker: (options) => new PersistentThreadWorker(options),
}

/**
 * A vite plugin that runs every vitest project on the persistent pool. It
 * sets the pool once the config is resolved, because Stryker's runner passes
 * `pool: 'threads'` inline, which overrides any `pool` in the config file.
 * List `scripts/vitest-persistent-worker-setup.ts` first in `setupFiles`
 * (Stryker's runner puts its own setup file before it).
 */
export function persistentWorkerPool(): Plugin {
  return {
    name: PERSISTENT_POOL_NAME,
    configureVitest({ project, vitest }) {
      project.config.pool = PERSISTENT_POOL_NAME
      project.config.poolRunner = pool
      vitest.onClose(retireKept)
    },
  }
}
