/**
 * Code Mode laws (E-32, E-33): the collapse of model-direct calls
 * under `code` is decided by the calling scope's mode in force and leaves no
 * trace in the pipeline (E-32); the `run_code` lane keeps starts and commits
 * in submission order, holds exclusive calls' barriers through their commits,
 * caps the parallel pool and forwards contexts in submission order, whatever
 * order the bodies and listeners complete in (E-33, interleavings chosen by
 * fc.scheduler, no timers).
 *
 * Not checked: E-32's "wire schemas equal to [run_code]" is the system-prompt
 * contribution (PRES-12), which the adapter contract does not expose;
 * `schemas()` itself is presentation-agnostic (SCH-06).
 */
import { $JSON, $Object, $Promise } from '../conformance/suite/_kit/intrinsics.ts'
import fc from 'fast-check'
import { expect } from 'vitest'
import type { ScopeHandle } from '../conformance/adapter/contract.ts'
import { createScriptedRuntime } from '../conformance/code-runtime/scripted-runtime.ts'
import type { ToolExecution, ToolExecutionToken, ToolPresentationMode } from '../conformance/spec/types.ts'
import { suiteSettings } from '../conformance/suite/_kit/settings.ts'
import { AdapterTimeoutError, idleClock } from '../conformance/suite/_kit/budget.ts'
import { deferred } from '../conformance/suite/_kit/deferred.ts'
import { call } from '../conformance/suite/_kit/inputs.ts'
import { expectGuardCalls } from '../conformance/suite/_kit/guard-means.ts'
import { incidental } from '../conformance/suite/_kit/incidental.ts'
import { contextMessage, probeTool } from '../conformance/suite/_kit/tools.ts'
import type { ToolProbe } from '../conformance/suite/_kit/tools.ts'
import { law } from './_kit/law.ts'

// Native and code, the modes the seeds name: a mode presenting both is upstream's (OP-63), and a registry without it
// could not take part (CM-40 tests both on its own).
const MODES = ['native', 'code'] as const satisfies readonly ToolPresentationMode[]

interface Forest {
  readonly deployment: ToolPresentationMode
  /** Per scope: its parent's index (always lower) or `undefined` for a root, and the mode it declares, if any. */
  readonly scopes: readonly { readonly parent: number | undefined; readonly declares: ToolPresentationMode | undefined }[]
}

const forest: fc.Arbitrary<Forest> = fc.record({
  deployment: fc.constantFrom(...MODES),
  scopes: fc
    .array(fc.record({ parent: fc.option(fc.nat(), { nil: undefined }), declares: fc.option(fc.constantFrom(...MODES), { nil: undefined }) }), {
      minLength: 1,
      maxLength: 4,
    })
    .map((raw) => raw.map((s, i) => ({ parent: s.parent === undefined || i === 0 ? undefined : s.parent % i, declares: s.declares }))),
})

/** PRES-08, written from the rule: the nearest declaration on the chain, else the deployment's mode. */
function modeInForce(f: Forest, i: number): ToolPresentationMode {
  for (let at: number | undefined = i; at !== undefined; at = f.scopes[at]!.parent) {
    const declared = f.scopes[at]!.declares
    if (declared !== undefined) return declared
  }
  return f.deployment
}

law(
  'E-32',
  ['CM-03', 'CM-04', 'PRE-21'],
  "under the calling scope's code mode a model-direct call of a visible tool collapses before any policy; a nested call or another mode takes the ordinary pipeline; an invisible name is UNKNOWN_TOOL",
  {
    // Without scopeParents the forest is all roots.
    arbitrary: (has) => (has('scopeParents') ? forest : forest.map((f) => ({ ...f, scopes: f.scopes.map((x) => ({ ...x, parent: undefined })) }))),
    optional: ['scopeParents'],
    deployment: (f) => ({ mode: f.deployment }),
    interesting: "a scope whose mode in force is code differs from the deployment's mode",
    threshold: 0.15,
    run: async (r, f) => {
      const stages = { pre: 0, wrapper: 0, guard: 0, post: 0 }
      r.harness.on('tools/pre-execute', (_exec, next) => {
        stages.pre += 1
        return next()
      })
      r.harness.on('tools/execute', (_exec, next) => {
        stages.wrapper += 1
        return next()
      })
      r.tools.guard(() => {
        stages.guard += 1
        return undefined
      })
      r.harness.on('tools/post-execute', (_exec, _result, next) => {
        stages.post += 1
        return next()
      })
      const probes: Record<string, ToolProbe> = { safe: probeTool('safe', { isConcurrencySafe: () => true }), plain: probeTool('plain') }
      for (const probe of $Object.values(probes)) r.tools.register(probe.definition)
      // The token of an enclosing execution to pass as `parent`: a call held in its body while the nested calls run,
      // made from a scope presenting native so that no deployment collapses it. (Whether a parent that is no live
      // token counts too is open, OP-36: upstream's side is ARG-21's.)
      let token: ToolExecutionToken | undefined
      const entered = deferred()
      const release = deferred()
      r.tools.register(
        probeTool('holder', {
          body: async (_args: unknown, exec: ToolExecution) => {
            token = exec.token
            entered.resolve()
            await release.promise
            return 'released'
          },
        }).definition,
      )
      const host = await r.scope()
      r.presentAs(host, 'native')
      const held = r.tools.execute(call('holder', {}, { agent: host.agent }))

      const scopes: ScopeHandle[] = []
      for (const s of f.scopes) {
        const scope = await r.scope(s.parent === undefined ? undefined : scopes[s.parent])
        if (s.declares !== undefined) r.presentAs(scope, s.declares)
        scopes.push(scope)
      }
      await entered.promise
      expect(token, 'the held call runs its body').toBeDefined()

      for (const [i, scope] of scopes.entries()) {
        const mode = modeInForce(f, i)
        if (mode === 'code' && f.deployment !== 'code') r.interesting()
        for (const name of ['safe', 'plain', 'ghost']) {
          for (const nested of [false, true]) {
            const input = call(name, {}, { agent: scope.agent, ...(nested ? { parent: token } : {}) })
            const before = { ...stages }
            const bodies = probes[name]?.bodyCalls ?? 0
            const collapses = mode === 'code' && !nested && name !== 'ghost'
            const what = `${nested ? 'nested' : 'model-direct'} call of "${name}" from scope ${i} (mode in force ${mode}, deployment ${f.deployment}, forest ${$JSON.stringify(f.scopes)})`

            const classified = r.tools.executionMode(input).kind
            const result = await r.tools.execute(input)
            const seen = result.isError ? `failure ${$JSON.stringify(result.error)}` : 'success'
            const ran = {
              pre: stages.pre - before.pre,
              wrapper: stages.wrapper - before.wrapper,
              guard: stages.guard - before.guard,
              post: stages.post - before.post,
            }

            // Whether this call collapses is CM-04's where the scope's mode in force and the deployment's disagree about
            // code (a registry reading the deployment errs exactly there), else CM-03's; what a call the registry did
            // collapse runs is PRE-21's (pre-execute) and CM-03/04's (the rest).
            const owner = !nested && (mode === 'code') !== (f.deployment === 'code') ? 'CM-04' : 'CM-03'
            if (collapses) {
              r.holds(owner, () => {
                expect(result.error?.info?.code, `${what} collapses to UNKNOWN_TOOL; got ${seen}`).toBe('UNKNOWN_TOOL')
                expect(probes[name]!.bodyCalls, `${what}: a collapsed call runs no body`).toBe(bodies)
                expect({ wrapper: ran.wrapper, guard: ran.guard, post: ran.post }, `${what}: a collapsed call runs no guard, wrapper or post-execute`).toEqual({
                  wrapper: 0,
                  guard: 0,
                  post: 0,
                })
              })
              // Only a call the registry did collapse can show what a collapsed call does before its dispatch.
              const collapsed = result.error?.info?.code === 'UNKNOWN_TOOL' && probes[name]!.bodyCalls === bodies
              if (collapsed) r.holds('PRE-21', () => expect(ran.pre, `${what}: a collapsed call runs no pre-execute`).toBe(0))
              // How a collapsed call classifies is upstream's (MODE-05).
              incidental('MODE-05', () => expect(classified, `${what}: a collapsed call classifies as exclusive`).toBe('exclusive'))
            } else if (name === 'ghost') {
              // Under code without a parent, that an invisible name is not collapsed is CM-03's; elsewhere the ordinary
              // unknown-tool path is PRE-03's.
              const unknown = (): void => {
                expect(result.error?.info?.code, `${what}: an invisible name is an unknown tool; got ${seen}`).toBe('UNKNOWN_TOOL')
              }
              if (mode === 'code' && !nested) r.holds('CM-03', unknown)
              else incidental('PRE-03', unknown)
              // Whether it reaches the policy stages first is open (OP-10): upstream's ordinary path is VIS-25's.
              incidental('VIS-25', () => {
                expect(ran.pre, `${what}: an invisible name still runs pre-execute`).toBe(1)
                expect(ran.post, `${what}: an invisible name still runs post-execute`).toBe(1)
              })
            } else {
              const ordinary = (): void => {
                expect(result.isError, `${what} takes the ordinary pipeline and succeeds; got ${seen}`).toBe(false)
                expect({ pre: ran.pre, wrapper: ran.wrapper, post: ran.post }, `${what}: every stage runs once`).toEqual({ pre: 1, wrapper: 1, post: 1 })
                // That the guard is consulted at all is GRD-08's (../conformance/suite/_kit/guard-means.ts).
                expectGuardCalls(ran.guard, 1, `${what}: guard calls`)
                expect(probes[name]!.bodyCalls, `${what}: the body runs once`).toBe(bodies + 1)
                expect(classified, `${what}: classified by its own classifier`).toBe(name === 'safe' ? 'parallel' : 'exclusive')
              }
              r.holds(owner, ordinary)
            }
          }
        }
      }
      release.resolve()
      await held
    },
  },
)

interface Ordering {
  readonly s: fc.Scheduler
  /** The overlap cap of the deployment. */
  readonly maxParallel: number
  /** The sub-calls, in submission order: classified parallel or exclusive; whether the body defers a context. */
  readonly calls: readonly { readonly parallel: boolean; readonly defers: boolean }[]
  /** Whether pre-execute and post-execute also wait for the scheduler (bodies always do). */
  readonly hold: { readonly pre: boolean; readonly post: boolean }
}

/** One stage of one sub-call entering or leaving, in the order they happened. */
interface Step {
  readonly call: number
  readonly stage: 'pre' | 'body' | 'post'
  readonly edge: 'in' | 'out'
}

/** Event-loop turns without anything scheduled after which the registry counts as quiet, and the scheduler may pick. */
const QUIET_AFTER_TURNS = 10

/**
 * How much idle waiting a run may do with nothing scheduled before it counts
 * as stuck: the suite's per-test budget (`--timeout`), on the kit's idle clock
 * (conformance/suite/_kit/budget.ts). A registry that hands work to a timer,
 * I/O or a worker is slower, not stuck; time spent computing, or waiting for
 * the CPU on a busy machine, never counts, so only a run that sits idle this
 * long fails, as a hang.
 */
const stuckAfterMs = (): number => suiteSettings().timeoutMs
/** One turn of the event loop: every pending microtask has run. */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/** Lets timers due within `ms` fire. */
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Waits until the registry has stopped adding tasks, timers included, so a
 * registry that reaches its next stage through a timer, I/O or a worker gets
 * the same choice of waiting stages as one that gets there in microtasks.
 */
async function quiet(s: fc.Scheduler): Promise<void> {
  for (let before = -1; before !== s.count(); ) {
    before = s.count()
    await pause(0)
  }
}

/**
 * Settles `pending` releasing the scheduler's tasks one at a time, each only
 * once the registry has gone quiet ({@link quiet}), so the scheduler chooses among every stage
 * that is waiting at that point (fc.scheduler's own `waitFor` releases a task
 * after 50 idle microtasks, before a lane has started the next sub-call).
 * When nothing is scheduled after {@link QUIET_AFTER_TURNS} turns it waits for
 * timers too, with growing pauses; it fails as a hang ({@link AdapterTimeoutError}),
 * instead of hanging, when `pending` has not settled and the loop has sat idle
 * for {@link stuckAfterMs} with nothing scheduled.
 */
async function releaseOneByOne<T>(s: fc.Scheduler, pending: Promise<T>): Promise<T> {
  let settled = false
  void pending.then(
    () => (settled = true),
    () => (settled = true),
  )
  let idleTurns = 0
  const silence = idleClock()
  for (;;) {
    if (idleTurns < QUIET_AFTER_TURNS) await turn()
    else await pause(Math.min(2 ** (idleTurns - QUIET_AFTER_TURNS), 100))
    if (settled) return pending
    if (s.count() > 0) {
      idleTurns = 0
      await quiet(s)
      await s.waitOne()
      silence.reset()
      continue
    }
    idleTurns += 1
    const silent = silence.read()
    if (silent >= stuckAfterMs()) {
      throw new AdapterTimeoutError(
        `run_code did not settle with nothing scheduled for ${Math.round(silent)} ms of idle waiting (${s.report().length} scheduler tasks released): a hang`,
      )
    }
  }
}

// CM-16 (the ordered lane), CM-17 (the pool and barriers), CM-41 (numbering from 1, the agent) and CM-43 (context
// order) are upstream rules: the law checks them as incidental checks, which fail those rules only, never the must
// rules CM-14, CM-15 and CM-22 (issue 37, the clean room's K-CM-LANE).
law<Ordering>(
  'E-33',
  ['CM-14', 'CM-15', 'CM-22'],
  'whatever order bodies and listeners complete in, sub-calls start and commit in submission order, exclusive calls run alone through their commits, the pool stays capped and contexts follow submission order',
  {
    arbitrary: fc.record({
      s: fc.scheduler(),
      maxParallel: fc.integer({ min: 1, max: 3 }),
      // Mostly parallel, so that runs of consecutive parallel calls (the only ones whose bodies overlap) are common.
      calls: fc.array(
        fc.record({ parallel: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 }), defers: fc.boolean() }),
        {
          minLength: 2,
          maxLength: 6,
        },
      ),
      hold: fc.record({ pre: fc.boolean(), post: fc.boolean() }),
    }),
    deployment: ({ maxParallel }) => ({ mode: 'code', maxParallelSubCalls: maxParallel }),
    interesting: 'a body completed before the body of a sub-call submitted earlier',
    threshold: 0.12,
    run: async (r, { s, maxParallel, calls, hold }) => {
      const steps: Step[] = []
      const ids: (string | undefined)[] = calls.map(() => undefined)
      /** Per sub-call: whether its parent and rootCallId are the outer call's (CM-14). */
      const lineage: (boolean | undefined)[] = calls.map(() => undefined)
      /** Per sub-call: whether its agent is the outer call's (CM-41). */
      const sameAgent: (boolean | undefined)[] = calls.map(() => undefined)
      let outer: ToolExecution | undefined
      const indexOf = (args: unknown): number => (args as { i: number }).i
      /** Records entering a stage, lets the scheduler decide when it completes (if held), records leaving it. */
      const stage = async (i: number, name: Step['stage']): Promise<void> => {
        steps.push({ call: i, stage: name, edge: 'in' })
        if (name === 'body' || hold[name]) await s.schedule(Promise.resolve(), `${name} ${i}`)
        steps.push({ call: i, stage: name, edge: 'out' })
      }
      const tool = probeTool('t', {
        isConcurrencySafe: (args) => (args as { parallel: boolean }).parallel,
        body: async (args, exec) => {
          const i = indexOf(args)
          await stage(i, 'body')
          if (calls[i]!.defers) exec.deferContext(contextMessage(`context ${i}`))
          return i
        },
      })
      r.tools.register(tool.definition)
      r.harness.on('tools/pre-execute', async (exec, next) => {
        if (exec.name === 'run_code') outer = exec
        if (exec.name !== 't') return next()
        const i = indexOf(exec.arguments)
        ids[i] = String(exec.callId)
        lineage[i] = outer !== undefined && exec.parent === outer.token && exec.rootCallId === outer.rootCallId
        sameAgent[i] = outer !== undefined && exec.agent === outer.agent
        await stage(i, 'pre')
        return next()
      })
      r.harness.on('tools/post-execute', async (exec, _result, next) => {
        if (exec.name === 't') await stage(indexOf(exec.arguments), 'post')
        return next()
      })
      const scope = await r.scope()
      const runtime = createScriptedRuntime()
      await r.codeMode.setRuntime(runtime)
      const code = runtime.program(async ({ tools }) => {
        const settled = await $Promise.allSettled(calls.map((c, i) => tools.t!({ i, parallel: c.parallel })))
        return settled.map((x) => (x.status === 'fulfilled' ? x.value : `rejected: ${String((x.reason as Error).message)}`))
      })

      const result = await releaseOneByOne(s, r.tools.execute(call('run_code', { code, description: 'E-33 program' }, { agent: scope.agent, callId: 'outer' })))

      const order = (name: Step['stage']): number[] => steps.filter((x) => x.stage === name && x.edge === 'in').map((x) => x.call)
      const bodiesDone = steps.filter((x) => x.stage === 'body' && x.edge === 'out').map((x) => x.call)
      if (bodiesDone.some((c, k) => bodiesDone.slice(k + 1).some((later) => later < c))) r.interesting()
      const where = `steps: ${steps.map((x) => `${x.stage}${x.call}${x.edge === 'in' ? '+' : '-'}`).join(' ')} (maxParallelSubCalls ${maxParallel}, calls ${$JSON.stringify(calls)})`
      const submission = calls.map((_, i) => i)

      expect(result.isError, `run_code succeeds; got ${result.isError ? $JSON.stringify(result.error) : 'success'} (${where})`).toBe(false)
      expect(result.isError ? undefined : (result.value as { result?: unknown }).result, `every binding resolves with its sub-call's value (${where})`).toEqual(
        submission,
      )
      // One property per rule: ids and lineage CM-14's, every body CM-15's, the contexts CM-22's.
      r.holds('CM-14', () => {
        for (const id of ids) expect(id, `sub-call ids are <outer callId>:code:<n> (${where})`).toMatch(/^outer:code:\d+$/)
        expect(new Set(ids).size, `sub-call ids tell the sub-calls apart (${where})`).toBe(calls.length)
        expect(lineage, `every sub-call carries the outer call's token (as parent) and rootCallId (${where})`).toEqual(calls.map(() => true))
      })
      r.holds('CM-15', () => {
        expect(order('body'), `every sub-call runs its body once (${where})`).toEqual(expect.arrayContaining(submission))
        expect(order('body').length, `every sub-call runs its body once (${where})`).toBe(calls.length)
      })
      incidental('CM-41', () => {
        expect(ids, `sub-call ids are numbered from 1 in submission order (${where})`).toEqual(calls.map((_, i) => `outer:code:${i + 1}`))
        expect(sameAgent, `every sub-call carries the outer call's agent (${where})`).toEqual(calls.map(() => true))
      })
      incidental('CM-16', () => {
        expect(order('pre'), `pre-execute is entered in submission order (${where})`).toEqual(submission)
        expect(order('post'), `post-execute is entered in submission order (${where})`).toEqual(submission)
      })

      // Walk the steps: which stages are live at each point.
      const live = new Map<string, number>()
      let bodies = 0
      for (const [k, step] of steps.entries()) {
        const key = `${step.stage} ${step.call}`
        if (step.edge === 'out') {
          live.delete(key)
          if (step.stage === 'body') bodies -= 1
          continue
        }
        const others = [...live.keys()].filter((x) => x.endsWith(` ${step.call}`) === false)
        if (step.stage === 'pre')
          incidental('CM-16', () =>
            expect(
              others.filter((x) => x.startsWith('pre ')),
              `no two pre-execute stages overlap (at step ${k}; ${where})`,
            ).toEqual([]),
          )
        if (step.stage === 'post')
          incidental('CM-16', () =>
            expect(
              others.filter((x) => x.startsWith('post ')),
              `no two post-execute stages overlap (at step ${k}; ${where})`,
            ).toEqual([]),
          )
        live.set(key, k)
        if (step.stage === 'body') {
          bodies += 1
          incidental('CM-17', () =>
            expect(bodies, `at most maxParallelSubCalls (${maxParallel}) bodies are live (at step ${k}; ${where})`).toBeLessThanOrEqual(maxParallel),
          )
        }
      }
      // An exclusive sub-call runs alone from its pre-execute to the end of its post-execute.
      for (const [i, c] of calls.entries()) {
        if (c.parallel) continue
        const from = steps.findIndex((x) => x.call === i && x.stage === 'pre' && x.edge === 'in')
        const to = steps.findIndex((x) => x.call === i && x.stage === 'post' && x.edge === 'out')
        const intruders = steps.slice(from, to + 1).filter((x) => x.call !== i)
        incidental('CM-17', () =>
          expect(
            intruders.map((x) => `${x.stage}${x.call}${x.edge === 'in' ? '+' : '-'}`),
            `exclusive sub-call ${i} runs alone until its commit is done (${where})`,
          ).toEqual([]),
        )
      }
      const contexts = result.additionalContexts?.map((x) => (x as { content: unknown }).content) ?? []
      const deferredBy = calls.flatMap((c, i) => (c.defers ? [`context ${i}`] : []))
      r.holds('CM-22', () =>
        expect([...contexts].map(String).sort(), `every deferred context reaches the outer result (${where})`).toEqual([...deferredBy].sort()),
      )
      incidental('CM-43', () => expect(contexts, `deferred contexts reach the outer result in submission order (${where})`).toEqual(deferredBy))
    },
  },
)
