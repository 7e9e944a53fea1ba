/**
 * Internal: the test workers of a grade (issue 38). vitest's worker threads,
 * started by the kit so that it can
 * - give each a heap limit (`resourceLimits`): a registry that allocates
 *   without end kills its worker with "out of memory" in seconds, instead of
 *   the whole grade after minutes of swapping and collecting;
 * - hand each a trace buffer (suite/_kit/trace.ts) saying which test, and
 *   which phase of it, the worker is in;
 * - watch each worker's own CPU clock, and terminate one that computes past
 *   the stall limit without moving on (a synchronous endless loop), which
 *   nothing inside that worker can stop.
 *
 * A worker that ends without being asked to (a native crash) is recorded the
 * same way. Each time the test that was running is recorded as a {@link Runaway}; the
 * grade then resumes the tests that never reported in a fresh run (grade.ts),
 * where the runaway test fails at once with its cause and, once the same phase
 * has run away in 3 tests, later tests reaching it fail at once, marked.
 */
import { Worker } from 'node:worker_threads'
import { ThreadsPoolWorker } from 'vitest/node'
import type { PoolOptions, PoolWorker } from 'vitest/node'
import { threadCpuMsOf } from '../../suite/_kit/cpu-clock.ts'
import { RUNAWAY_TABLE_KEY, RUNAWAY_TABLE_SIZE, RunawayTable, TRACE, TRACE_KEY, readTrace } from '../../suite/_kit/trace.ts'
import type { Runaway } from '../../suite/_kit/runaways.ts'

export interface KitPoolOptions {
  /** Heap limit of each worker (V8's old generation), in megabytes. */
  readonly maxMemoryMb: number
  /**
   * CPU time a worker may spend without its trace moving on before it is
   * terminated as stuck, in milliseconds, beyond the running test's own stall
   * limit (its trace says which); before any test, this grace plus the run's
   * stall limit.
   */
  readonly graceMs: number
  /** The run's stall limit (a heavy test's), in milliseconds. */
  readonly stallLimitMs: number
  /** Called for each runaway, once; the run goes on. */
  readonly onRunaway: (runaway: Runaway) => void
  /** The runaways of this grade's earlier runs: the table the workers read starts with them. */
  readonly earlier: readonly Runaway[]
}

/** A watched worker: its thread, its trace buffer, and the CPU clock at its last progress. */
interface Watched {
  readonly worker: Worker
  readonly trace: SharedArrayBuffer
  seq: number
  cpuAtProgress: number | undefined
  ended: boolean
}

/** What {@link kitPool} returns: vitest's pool option, and the check the run's watchdog calls. On a system without per-thread CPU clocks (not Linux) the check finds nothing, and the run's own watchdog stops a stuck run as before. */
export interface KitPool {
  readonly pool: { readonly name: string; createPoolWorker(options: PoolOptions): PoolWorker }
  /** Reads every live worker's trace and clock once: terminates a stuck one. Called by run-suite's watchdog. */
  check(): void
}

/** The pool's name in vitest's configuration. */
const POOL_NAME = 'dsh-tools-tck-threads'

/** Creates the kit's worker pool; see the module comment. */
export function kitPool(options: KitPoolOptions): KitPool {
  const watched = new Set<Watched>()
  // Shared live with every worker, so that a phase lost 3 times is short-circuited at once everywhere (suite/_kit/runaways.ts).
  const table = new RunawayTable(new SharedArrayBuffer(RUNAWAY_TABLE_SIZE))
  for (const earlier of options.earlier) table.record(earlier.what, earlier.cause, earlier.test)
  const runaway = (entry: Watched, cause: Runaway['cause'], detail: string): void => {
    if (entry.ended) return
    entry.ended = true
    watched.delete(entry)
    const where = readTrace(entry.trace)
    const lost: Runaway = { test: where.test, what: where.what === '' ? 'the test' : where.what, cause, detail }
    table.record(lost.what, lost.cause, lost.test)
    options.onRunaway(lost)
  }

  class KitThreadsWorker extends ThreadsPoolWorker implements PoolWorker {
    override readonly name = POOL_NAME
    private entry: Watched | undefined
    override async start(): Promise<void> {
      // vitest's own start() reuses a thread it finds: start ours first, then let it pipe the output.
      const self = this as unknown as { _thread?: Worker; entrypoint: string; env: NodeJS.ProcessEnv; execArgv: string[] }
      if (self._thread === undefined) {
        const trace = new SharedArrayBuffer(TRACE.size)
        const worker = new Worker(self.entrypoint, {
          env: self.env,
          execArgv: self.execArgv,
          stdout: true,
          stderr: true,
          workerData: { [TRACE_KEY]: trace, [RUNAWAY_TABLE_KEY]: table.shared },
          resourceLimits: { maxOldGenerationSizeMb: options.maxMemoryMb },
        })
        const entry: Watched = { worker, trace, seq: -1, cpuAtProgress: undefined, ended: false }
        this.entry = entry
        watched.add(entry)
        worker.on('error', (error: unknown) => {
          if ((error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
            runaway(entry, 'out of memory', `its test worker ran out of memory (heap limit ${options.maxMemoryMb} MB; --max-memory changes it)`)
          }
        })
        // An exit nobody asked for (vitest's stop() and the watchdog mark theirs first): the registry ended the worker outright.
        worker.on('exit', (code) =>
          runaway(entry, 'crashed', `its test worker ended with exit code ${code} while the test ran (a native crash, or process.reallyExit())`),
        )
        self._thread = worker
      }
      await super.start()
    }
    override async stop(): Promise<void> {
      if (this.entry !== undefined) {
        this.entry.ended = true
        watched.delete(this.entry)
      }
      await super.stop()
    }
  }

  const check = (): void => {
    for (const entry of watched) {
      const where = readTrace(entry.trace)
      if (where.tid === 0) continue
      const cpu = threadCpuMsOf(where.tid)
      if (cpu === undefined) continue
      if (where.seq !== entry.seq || entry.cpuAtProgress === undefined) {
        entry.seq = where.seq
        entry.cpuAtProgress = cpu
        continue
      }
      const limit = where.stallLimitMs > 0 ? where.stallLimitMs : options.stallLimitMs
      if (cpu - entry.cpuAtProgress > limit + options.graceMs) {
        runaway(
          entry,
          'spun',
          `its test worker kept computing for ${Math.round(cpu - entry.cpuAtProgress)} ms of CPU time without yielding (a synchronous endless loop?); the kit terminated the worker (this test's stall limit is ${limit} ms; --stall-limit changes it)`,
        )
        void entry.worker.terminate()
      }
    }
  }

  return { pool: { name: POOL_NAME, createPoolWorker: (poolOptions) => new KitThreadsWorker(poolOptions) }, check }
}
