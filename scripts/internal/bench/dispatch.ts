/**
 * Internal to `npm run bench`: per-call dispatch figures of one registry
 * behind the kit's Harness (the reference, or upstream). Figures only.
 *
 * Each figure is the median, over SAMPLES batches, of a batch's time divided
 * by its size, after a warm-up; the batch size adapts (doubling) until one
 * batch takes at least BATCH_MS, so fast and slow operations both get stable
 * figures in bounded time. A discarded pass over one loaded, scoped case runs
 * first, so the first figures do not include the registry's cold start.
 * The growth series set up all their sizes first and measure them in turn,
 * round after round, taking each figure's median over the rounds.
 */
import { performance } from 'node:perf_hooks'
import type { Harness, ScopeHandle } from '../../../conformance/adapter/contract.ts'
import type { ToolDefinition, ToolExecutionInput } from '../../../conformance/spec/types.ts'
import { median } from './stats.ts'

const WARM_MS = 100
const BATCH_MS = 20
const SAMPLES = 7

export type HarnessFactory = () => Harness | Promise<Harness>

/** One case: how many tools, guards and listeners of each kind (pre, wrapper, post), and the scope depth (0: global). */
export interface DispatchCase {
  readonly tools: number
  readonly guards: number
  readonly listeners: number
  readonly depth: number
}

/** µs per call; `undefined` fields were not measured for the case. */
export interface CaseFigures {
  readonly execute: number
  readonly get?: number
  readonly schemas?: number
  readonly executionMode?: number
}

export interface DispatchFigures {
  /** `await fn(args)` on the tool's own body. */
  readonly floor: number
  /** One tool, no listeners, no guards, global. */
  readonly bare: CaseFigures
  /** One tool, 3 pre / 3 wrapper / 3 post listeners and 3 guards. */
  readonly loaded: CaseFigures
  readonly byTools: Record<string, CaseFigures>
  readonly byGuardsAndListeners: Record<string, CaseFigures>
  readonly byScopeDepth: Record<string, CaseFigures>
}

export const TOOL_COUNTS = [10, 100, 1_000, 10_000] as const
export const LISTENER_COUNTS = [1, 10, 100, 1_000] as const
export const SCOPE_DEPTHS = [1, 8, 64] as const

async function measureAsync(op: () => Promise<unknown>): Promise<number> {
  const end = performance.now() + WARM_MS
  while (performance.now() < end) for (let i = 0; i < 16; i++) await op()
  let size = 16
  for (;;) {
    const start = performance.now()
    for (let i = 0; i < size; i++) await op()
    if (performance.now() - start >= BATCH_MS) break
    size *= 2
  }
  const samples: number[] = []
  for (let s = 0; s < SAMPLES; s++) {
    const start = performance.now()
    for (let i = 0; i < size; i++) await op()
    samples.push(((performance.now() - start) * 1000) / size)
  }
  return median(samples)
}

function measureSync(op: () => unknown): number {
  let sink: unknown
  const end = performance.now() + WARM_MS
  while (performance.now() < end) for (let i = 0; i < 16; i++) sink = op()
  let size = 16
  for (;;) {
    const start = performance.now()
    for (let i = 0; i < size; i++) sink = op()
    if (performance.now() - start >= BATCH_MS) break
    size *= 2
  }
  const samples: number[] = []
  for (let s = 0; s < SAMPLES; s++) {
    const start = performance.now()
    for (let i = 0; i < size; i++) sink = op()
    samples.push(((performance.now() - start) * 1000) / size)
  }
  if (sink === Symbol.for('never')) console.log('unreachable')
  return median(samples)
}

const body = async (args: unknown): Promise<unknown> => ({ echoed: args })
const ARGS = { path: 'a.txt', lines: [1, 2, 3], options: { follow: true } }

function tool(name: string): ToolDefinition {
  return {
    name,
    description: `echoes its arguments (${name})`,
    parameters: { type: 'object' },
    output: { schema: { type: 'object' }, render: (_args: unknown, value: unknown) => [{ type: 'text', text: JSON.stringify(value) }] },
    execute: body,
  } as unknown as ToolDefinition
}

let calls = 0

async function setUp(factory: HarnessFactory, c: DispatchCase): Promise<{ harness: Harness; input: () => ToolExecutionInput; target: string }> {
  const harness = await factory()
  for (let i = 0; i < c.tools; i++) harness.tools.register(tool(`t${i}`))
  const target = `t${c.tools >> 1}`
  for (let i = 0; i < c.guards; i++) harness.tools.guard(() => undefined)
  for (let i = 0; i < c.listeners; i++) {
    harness.on('tools/pre-execute', (_exec, next) => next())
    harness.on('tools/execute', (_exec, next) => next())
    harness.on('tools/post-execute', (_exec, _result, next) => next())
  }
  let scope: ScopeHandle | undefined
  if (c.depth > 0) {
    if (harness.createScope === undefined) throw new Error('scope depth needs createScope')
    for (let d = 0; d < c.depth; d++) scope = await harness.createScope(scope === undefined ? {} : { parent: scope })
  }
  const signal = new AbortController().signal
  const agent = scope?.agent
  const input = (): ToolExecutionInput => {
    calls += 1
    return { callId: `b${calls}`, name: target, arguments: ARGS, signal, ...(agent === undefined ? {} : { agent }) }
  }
  // Measure the success path only: a registry that fails the call would be timing its error path.
  const first = await harness.tools.execute(input())
  if (first.isError) throw new Error(`bench case ${JSON.stringify(c)}: execute() failed: ${JSON.stringify(first.error)}`)
  return { harness, input, target }
}

type Prepared = Awaited<ReturnType<typeof setUp>>

async function measurePrepared({ harness, input, target }: Prepared, queries: boolean): Promise<CaseFigures> {
  const execute = await measureAsync(() => harness.tools.execute(input()))
  if (!queries) return { execute }
  const fixed = input()
  return {
    execute,
    get: measureSync(() => harness.tools.get(target)),
    schemas: measureSync(() => harness.tools.schemas()),
    executionMode: measureSync(() => harness.tools.executionMode(fixed)),
  }
}

async function measureCase(factory: HarnessFactory, c: DispatchCase, queries: boolean): Promise<CaseFigures> {
  return measurePrepared(await setUp(factory, c), queries)
}

/** Rounds of a growth series: its cases are set up once, then measured in turn, round after round. */
export const SERIES_ROUNDS = 3

/**
 * One growth series. Measuring each size once, one after the other, lets
 * the JIT state and the machine's load at that moment pass for growth; so
 * every case is set up first and then measured in turn for
 * {@link SERIES_ROUNDS} rounds, and each figure is the median of its rounds.
 */
async function measureSeries(
  factory: HarnessFactory,
  cases: readonly DispatchCase[],
  queries: boolean,
  onRound: (round: number) => void,
): Promise<CaseFigures[]> {
  const prepared: Prepared[] = []
  for (const c of cases) prepared.push(await setUp(factory, c))
  const rounds: CaseFigures[][] = cases.map(() => [])
  for (let round = 1; round <= SERIES_ROUNDS; round++) {
    onRound(round)
    for (let i = 0; i < prepared.length; i++) rounds[i]!.push(await measurePrepared(prepared[i]!, queries))
  }
  return rounds.map((figures) => {
    const of = (op: keyof CaseFigures): number | undefined => (figures[0]![op] === undefined ? undefined : median(figures.map((f) => f[op]!)))
    const execute = of('execute')!
    const get = of('get')
    const schemas = of('schemas')
    const executionMode = of('executionMode')
    return {
      execute,
      ...(get === undefined ? {} : { get }),
      ...(schemas === undefined ? {} : { schemas }),
      ...(executionMode === undefined ? {} : { executionMode }),
    }
  })
}

/** Every dispatch figure of one registry, in µs per call. */
export async function dispatchFigures(factory: HarnessFactory, onStep: (label: string) => void = () => {}): Promise<DispatchFigures> {
  // A discarded pass first, so the first measured case does not pay for the registry's cold code paths.
  onStep('warm-up')
  await measureCase(factory, { tools: 1, guards: 3, listeners: 3, depth: 1 }, true)
  onStep('floor')
  const floor = await measureAsync(() => body(ARGS))
  onStep('bare')
  const bare = await measureCase(factory, { tools: 1, guards: 0, listeners: 0, depth: 0 }, true)
  onStep('loaded')
  const loaded = await measureCase(factory, { tools: 1, guards: 3, listeners: 3, depth: 0 }, true)
  const series = async (
    label: string,
    sizes: readonly number[],
    caseOf: (n: number) => DispatchCase,
    queries: boolean,
  ): Promise<Record<string, CaseFigures>> => {
    const figures = await measureSeries(factory, sizes.map(caseOf), queries, (round) => onStep(`${label}, round ${round} of ${SERIES_ROUNDS}`))
    return Object.fromEntries(sizes.map((n, i) => [n, figures[i]!]))
  }
  const byTools = await series('tools 10 → 10,000', TOOL_COUNTS, (n) => ({ tools: n, guards: 0, listeners: 0, depth: 0 }), true)
  const byGuardsAndListeners = await series('guards and listeners 1 → 1,000', LISTENER_COUNTS, (n) => ({ tools: 1, guards: n, listeners: n, depth: 0 }), false)
  const byScopeDepth = await series('scope depth 1 → 64', SCOPE_DEPTHS, (d) => ({ tools: 1, guards: 0, listeners: 0, depth: d }), false)
  return { floor, bare, loaded, byTools, byGuardsAndListeners, byScopeDepth }
}
