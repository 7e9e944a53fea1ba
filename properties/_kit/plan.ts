/**
 * A random "pipeline plan": what every stage of one call does (pass, decide,
 * throw, reject, short-circuit, ...). Laws about every outcome (totality,
 * result shape, frozen-ness) quantify over plans.
 */
import fc from 'fast-check'
import type { PostToolDecision, ToolExecution, ToolExecutionResult } from '../../conformance/spec/types.ts'
import { call } from '../../conformance/suite/_kit/inputs.ts'
import { contextMessage, probeTool, text } from '../../conformance/suite/_kit/tools.ts'
import type { LawRun } from './law.ts'

export interface Plan {
  /** The tool is registered (visible to the global caller). */
  readonly visible: boolean
  readonly lossyArgs: boolean
  readonly preAborted: boolean
  readonly pre: 'none' | 'pass' | 'allow' | 'deny' | 'ask' | 'throw' | 'reject' | 'malformed'
  readonly guard: 'none' | 'abstain' | 'deny' | 'throw'
  readonly wrapper: 'none' | 'pass' | 'throw' | 'reject' | 'short-success' | 'short-failure' | 'contexts'
  readonly body: 'ok' | 'throw' | 'lossy' | 'invalid' | 'defer'
  readonly post: 'none' | 'pass' | 'throw' | 'reject' | 'block' | 'content' | 'value' | 'both' | 'malformed' | 'contexts' | 'empty-contexts'
  /** `none` declares a finalizer that only counts calls. */
  readonly finalize: 'none' | 'keep' | 'replace' | 'throw'
  readonly observerThrows: boolean
}

/** `neutral` about five times in six, otherwise one of `others`: most stages pass, so successes stay common. */
function mostly<T extends string>(neutral: T, ...others: T[]): fc.Arbitrary<T> {
  return fc.oneof({ arbitrary: fc.constant(neutral), weight: 5 }, { arbitrary: fc.constantFrom(...others), weight: 1 })
}

export const plan: fc.Arbitrary<Plan> = fc.record({
  visible: fc.integer({ min: 0, max: 5 }).map((n) => n !== 0),
  lossyArgs: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  preAborted: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  pre: mostly<Plan['pre']>('pass', 'none', 'allow', 'deny', 'ask', 'throw', 'reject', 'malformed'),
  guard: mostly<Plan['guard']>('none', 'abstain', 'deny', 'throw'),
  wrapper: mostly<Plan['wrapper']>('pass', 'none', 'throw', 'reject', 'short-success', 'short-failure', 'contexts'),
  body: mostly<Plan['body']>('ok', 'throw', 'lossy', 'invalid', 'defer'),
  post: mostly<Plan['post']>('pass', 'none', 'throw', 'reject', 'block', 'content', 'value', 'both', 'malformed', 'contexts', 'empty-contexts'),
  finalize: mostly<Plan['finalize']>('none', 'keep', 'replace', 'throw'),
  observerThrows: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
})

export interface PlanOutcome {
  /** What execute() resolved to; `rejected` holds the reason when it rejected instead. */
  readonly result?: ToolExecutionResult
  readonly rejected?: { reason: unknown }
  /** Every `(exec, result)` the recording tools/result observer saw. */
  readonly observed: { exec: Readonly<ToolExecution>; result: Readonly<ToolExecutionResult> }[]
  readonly finalizeCalls: number
  readonly bodyCalls: number
  /** Stages whose planned throw or rejection actually ran. */
  readonly threw: string[]
}

const boom = (where: string): Error => new Error(`${where} broke`)

/** Runs `p` against the case's registry and reports what happened; it never throws for a registry failure. */
export async function runPlan(r: LawRun, p: Plan): Promise<PlanOutcome> {
  const threw: string[] = []
  const fail = (where: string): never => {
    threw.push(where)
    throw boom(where)
  }
  const probe = probeTool('tool', {
    schema: { type: 'object' },
    body: (_args, exec) => {
      switch (p.body) {
        case 'ok':
          return { ok: true }
        case 'throw':
          return fail('body')
        case 'lossy':
          return { n: Number.NaN }
        case 'invalid':
          return 'not an object'
        case 'defer':
          exec.deferContext(contextMessage('deferred'))
          return { ok: true }
      }
    },
    ...(p.finalize === 'none'
      ? { countFinalize: true }
      : {
          finalizeContent: () => {
            if (p.finalize === 'throw') return fail('finalize')
            return p.finalize === 'replace' ? [text('finalized')] : undefined
          },
        }),
  })
  if (p.visible) r.tools.register(probe.definition)

  if (p.pre !== 'none') {
    r.harness.on('tools/pre-execute', async (_exec, next) => {
      switch (p.pre) {
        case 'pass':
          return next()
        case 'allow':
          return { kind: 'allow' }
        case 'deny':
          return { kind: 'deny', reason: 'denied by plan' }
        case 'ask':
          return { kind: 'ask', reason: 'asked by plan' }
        case 'throw':
          return fail('pre')
        case 'reject':
          threw.push('pre')
          return Promise.reject(boom('pre'))
        default:
          return undefined as never
      }
    })
  }
  if (p.guard !== 'none') {
    r.tools.guard(() => {
      if (p.guard === 'throw') return fail('guard')
      return p.guard === 'deny' ? 'guarded by plan' : undefined
    })
  }
  if (p.wrapper !== 'none') {
    r.harness.on('tools/execute', async (_exec, next): Promise<ToolExecutionResult> => {
      switch (p.wrapper) {
        case 'pass':
          return next()
        case 'throw':
          await next()
          return fail('wrapper')
        case 'reject':
          threw.push('wrapper')
          return Promise.reject(boom('wrapper'))
        case 'short-success':
          return { isError: false, value: { short: true }, content: [] }
        case 'short-failure':
          return { isError: true, error: { message: 'short failure' }, content: [text('Error: short failure')] }
        default: {
          const result = await next()
          return { ...result, additionalContexts: [...(result.additionalContexts ?? []), contextMessage('wrapper')] }
        }
      }
    })
  }
  if (p.post !== 'none') {
    r.harness.on('tools/post-execute', async (_exec, _result, next): Promise<PostToolDecision> => {
      switch (p.post) {
        case 'pass':
          return next()
        case 'throw':
          return fail('post')
        case 'reject':
          threw.push('post')
          return Promise.reject(boom('post'))
        case 'block':
          return { kind: 'block', feedback: [text('blocked by plan')] }
        case 'content':
          return { kind: 'accept', content: [text('replaced')] }
        case 'value':
          return { kind: 'accept', value: { replaced: true } }
        case 'both':
          return { kind: 'accept', content: [text('replaced')], value: { replaced: true } } as never
        case 'malformed':
          return { kind: 'block' } as never
        case 'contexts':
          return { kind: 'accept', additionalContexts: [contextMessage('post')] }
        default:
          return { kind: 'accept', additionalContexts: [] }
      }
    })
  }
  const observed: PlanOutcome['observed'] = []
  r.harness.on('tools/result', (exec, result) => {
    observed.push({ exec, result })
  })
  if (p.observerThrows) {
    r.harness.on('tools/result', () => {
      threw.push('observer')
      throw boom('observer')
    })
  }

  const controller = new AbortController()
  if (p.preAborted) controller.abort(new Error('aborted by plan'))
  const args = p.lossyArgs ? { when: new Date(0) } : { path: 'a.txt' }
  try {
    const result = await r.tools.execute(call('tool', args, { signal: controller.signal }))
    return { result, observed, finalizeCalls: probe.finalizeCalls.length, bodyCalls: probe.bodyCalls, threw }
  } catch (reason) {
    return { rejected: { reason }, observed, finalizeCalls: probe.finalizeCalls.length, bodyCalls: probe.bodyCalls, threw }
  }
}
