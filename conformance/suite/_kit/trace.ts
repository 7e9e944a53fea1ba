/**
 * Where this test worker is, for the grading process to read when the
 * worker can no longer say so itself: stuck in a synchronous loop, or dying
 * out of memory (issue 38). A grade's test worker is started with a shared
 * buffer (`workerData`, see grade/engine/kit-pool.ts); this module writes the
 * test being run and the phase of it being run (`adapter create()`, `the
 * test` or, for a heavy one, {@link HEAVY_PHASE}, `harness dispose()`)
 * into it, with a sequence number that moves on every write and on each
 * case of a property law: progress. The
 * grading process reads the buffer and the thread's CPU clock.
 *
 * Outside a grade (an embedding, the kit's own vitest run) there is no buffer
 * and every write is a no-op.
 */
import { workerData } from 'node:worker_threads'
import { linuxThreadId } from './cpu-clock.ts'

/** The key of `workerData` that holds the buffer. */
export const TRACE_KEY = 'dshToolsTckTrace'

/** Layout of the buffer: five Int32 slots, then the test name, then the phase. */
export const TRACE = {
  /** Int32 slots: sequence number, Linux thread ID, test name's byte length, phase's byte length, the test's stall limit in ms. */
  slots: 5,
  testOffset: 20,
  testBytes: 1024,
  whatOffset: 20 + 1024,
  whatBytes: 128,
  size: 20 + 1024 + 128,
} as const

const buffer: SharedArrayBuffer | undefined = (() => {
  const data = workerData as Record<string, unknown> | null | undefined
  const candidate = typeof data === 'object' && data !== null ? data[TRACE_KEY] : undefined
  return candidate instanceof SharedArrayBuffer && candidate.byteLength >= TRACE.size ? candidate : undefined
})()
const slots = buffer === undefined ? undefined : new Int32Array(buffer, 0, TRACE.slots)
const bytes = buffer === undefined ? undefined : new Uint8Array(buffer)
const encoder = new TextEncoder()
if (slots !== undefined) Atomics.store(slots, 1, linuxThreadId())

function put(offset: number, room: number, slot: number, text: string): void {
  if (slots === undefined || bytes === undefined) return
  const { written } = encoder.encodeInto(text, bytes.subarray(offset, offset + room))
  Atomics.store(slots, slot, written)
}

/** Notes that `test` starts (its phase: none yet), and the CPU time it may compute (its stall limit). */
export function traceTest(test: string, stallLimitMs: number): void {
  if (slots === undefined) return
  Atomics.store(slots, 4, stallLimitMs)
  put(TRACE.testOffset, TRACE.testBytes, 2, test)
  put(TRACE.whatOffset, TRACE.whatBytes, 3, '')
  Atomics.add(slots, 0, 1)
}

/** Notes progress within the current test (a property law's next case): its stall limit counts from here. */
export function traceBeat(): void {
  if (slots !== undefined) Atomics.add(slots, 0, 1)
}

/** Notes that the current test is over: until the next starts, the worker's computing is charged to no test, under the run's whole stall limit. */
export function traceIdle(): void {
  if (slots === undefined) return
  Atomics.store(slots, 4, 0)
  put(TRACE.testOffset, TRACE.testBytes, 2, '')
  put(TRACE.whatOffset, TRACE.whatBytes, 3, '')
  Atomics.add(slots, 0, 1)
}

/** Notes that the current test now waits on `what`. */
export function tracePhase(what: string): void {
  if (slots === undefined) return
  put(TRACE.whatOffset, TRACE.whatBytes, 3, what)
  Atomics.add(slots, 0, 1)
}

/** What a trace buffer says, read from the grading process. */
export interface TraceReading {
  readonly seq: number
  readonly tid: number
  readonly test: string
  readonly what: string
  /** The running test's stall limit in ms (0 before the first test). */
  readonly stallLimitMs: number
}

/** Reads a trace buffer written by a worker (see the module comment). */
export function readTrace(shared: SharedArrayBuffer): TraceReading {
  const view = new Int32Array(shared, 0, TRACE.slots)
  const raw = new Uint8Array(shared)
  const decoder = new TextDecoder()
  const text = (offset: number, length: number): string => decoder.decode(raw.slice(offset, offset + Math.max(0, length)))
  return {
    seq: Atomics.load(view, 0),
    tid: Atomics.load(view, 1),
    test: text(TRACE.testOffset, Atomics.load(view, 2)),
    what: text(TRACE.whatOffset, Atomics.load(view, 3)),
    stallLimitMs: Atomics.load(view, 4),
  }
}

/** The body of a heavy test (one handed input 5,000 levels deep), counted apart: a registry that loops only on such input must not cut every other test short. */
export const HEAVY_PHASE = 'the test (input 5,000 levels deep)'

/**
 * The phases a runaway can be charged to, in the order of the grade's shared
 * runaway table (see {@link RunawayTable}).
 */
export const PHASES = ['adapter create()', 'the test', HEAVY_PHASE, 'harness dispose()'] as const

/** Bytes kept of the first lost test's name, per phase. */
const FIRST_TEST_BYTES = 512

/** Size of a runaway table: per phase a count, a cause and a name length (Int32 each), then the names. */
export const RUNAWAY_TABLE_SIZE = PHASES.length * 3 * 4 + PHASES.length * FIRST_TEST_BYTES

/** What the grade has lost to the registry so far, per phase, shared live with every worker of a run. */
export interface RunawayEntry {
  readonly count: number
  readonly cause: 'spun' | 'out of memory' | 'crashed'
  readonly firstTest: string
}

/**
 * A view of a grade's runaway table: the grading process records each
 * runaway ({@link record}); the workers read it ({@link read}) as a test
 * enters a phase, so a phase lost 3 times is short-circuited at once in every
 * worker, not only in the next resumed run.
 */
export class RunawayTable {
  private readonly slots: Int32Array
  private readonly bytes: Uint8Array
  constructor(readonly shared: SharedArrayBuffer) {
    this.slots = new Int32Array(shared, 0, PHASES.length * 3)
    this.bytes = new Uint8Array(shared, PHASES.length * 3 * 4)
  }

  /** Adds one runaway of `what` (anything outside {@link PHASES}, such as a loss between tests, counts as `the test`). */
  record(what: string, cause: RunawayEntry['cause'], test: string): void {
    const i = phaseIndex(what)
    if (Atomics.load(this.slots, i) === 0) {
      const { written } = new TextEncoder().encodeInto(test, this.bytes.subarray(i * FIRST_TEST_BYTES, (i + 1) * FIRST_TEST_BYTES))
      Atomics.store(this.slots, PHASES.length * 2 + i, written)
      Atomics.store(this.slots, PHASES.length + i, CAUSES.indexOf(cause) + 1)
    }
    Atomics.add(this.slots, i, 1)
  }

  /** The runaways of `what` so far, or `undefined` when there are none. */
  read(what: string): RunawayEntry | undefined {
    const i = phaseIndex(what)
    const count = Atomics.load(this.slots, i)
    if (count === 0) return undefined
    const length = Atomics.load(this.slots, PHASES.length * 2 + i)
    const firstTest = new TextDecoder().decode(this.bytes.slice(i * FIRST_TEST_BYTES, i * FIRST_TEST_BYTES + length))
    return { count, cause: CAUSES[Atomics.load(this.slots, PHASES.length + i) - 1] ?? 'crashed', firstTest }
  }
}

/** The causes, in the order the table encodes them (1-based; 0 is none). */
const CAUSES: readonly RunawayEntry['cause'][] = ['spun', 'out of memory', 'crashed']

function phaseIndex(what: string): number {
  const i = (PHASES as readonly string[]).indexOf(what)
  return i === -1 ? 1 : i
}

/** The key of `workerData` that holds the grade's runaway table. */
export const RUNAWAY_TABLE_KEY = 'dshToolsTckRunaways'

/** This worker's view of the grade's runaway table, when it runs in a grade. */
export const runawayTable: RunawayTable | undefined = (() => {
  const data = workerData as Record<string, unknown> | null | undefined
  const candidate = typeof data === 'object' && data !== null ? data[RUNAWAY_TABLE_KEY] : undefined
  return candidate instanceof SharedArrayBuffer && candidate.byteLength >= RUNAWAY_TABLE_SIZE ? new RunawayTable(candidate) : undefined
})()
