/**
 * Laws about cancellation: abort-code selection over every abort point
 * (E-18), and interleavings chosen by fc.scheduler (E-20): quiescence, one
 * notification, the code chosen by whether the body started; contexts kept by
 * a cancellation result (E-19) and signal fusion (E-21).
 */
import { $JSON } from '../conformance/suite/_kit/intrinsics.ts'
import fc from 'fast-check'
import { expect } from 'vitest'
import type { FeatureName } from '../conformance/adapter/contract.ts'
import type { ApprovalOutcome, ToolExecutionResult } from '../conformance/spec/types.ts'
import type { RuleId } from '../conformance/catalogue/index.ts'
import { approvalStub } from '../conformance/suite/_kit/approval.ts'
import { call } from '../conformance/suite/_kit/inputs.ts'
import { expectAbortName } from '../conformance/suite/_kit/result-assertions.ts'
import { incidental } from '../conformance/suite/_kit/incidental.ts'
import { guardDeniesControl } from '../conformance/suite/_kit/guard-means.ts'
import { contextMessage, probeTool, text } from '../conformance/suite/_kit/tools.ts'
import { law } from './_kit/law.ts'
import type { LawRun } from './_kit/law.ts'

const POINTS = ['none', 'before', 'pre', 'approval', 'wrapper-before', 'body', 'wrapper-after', 'post'] as const
type Point = (typeof POINTS)[number]
const KINDS = ['success', 'throw', 'deny', 'guard', 'short', 'wrapper-throw', 'block'] as const
type Kind = (typeof KINDS)[number]

type Expected =
  | { readonly is: 'success' }
  | { readonly is: 'code'; readonly code: 'ABORTED' | 'ABORTED_BEFORE_DISPATCH' }
  | { readonly is: 'message'; readonly message: string }

/** What the pipeline must produce, from the kind of outcome and whether the caller actually aborted (and where). */
function expectedOutcome(kind: Kind, point: Point, aborted: boolean, bodyEntered: boolean): Expected {
  if (point === 'before') return { is: 'code', code: 'ABORTED_BEFORE_DISPATCH' }
  if (kind === 'deny') return { is: 'message', message: 'denied' }
  if (kind === 'guard') return { is: 'message', message: 'guarded' }
  let candidate: Expected
  if (point === 'pre' || point === 'approval') candidate = { is: 'code', code: 'ABORTED_BEFORE_DISPATCH' }
  else if (kind === 'short') candidate = { is: 'success' }
  else if (kind === 'wrapper-throw') return { is: 'message', message: 'wrapper broke' }
  else if (point === 'wrapper-before') candidate = { is: 'code', code: 'ABORTED_BEFORE_DISPATCH' }
  else if (kind === 'throw') candidate = { is: 'message', message: 'body broke' }
  else candidate = { is: 'success' }
  if (kind === 'block') return { is: 'message', message: 'blocked' }
  if (candidate.is === 'success' && aborted) return { is: 'code', code: bodyEntered ? 'ABORTED' : 'ABORTED_BEFORE_DISPATCH' }
  return candidate
}

const CODES: readonly string[] = ['ABORTED', 'ABORTED_BEFORE_DISPATCH']

/**
 * The rule that says an abort landing at `point` cancels a call of `kind`
 * that would otherwise succeed (E-18 charges that property to it alone).
 */
function cancelledBy(point: Point, kind: Kind): RuleId {
  // A signal already aborted at entry: the seeds speak of cancellation "arriving after entry" (CAN-25, upstream's).
  if (point === 'before') return 'CAN-25'
  if (point === 'pre' || point === 'approval') return 'CAN-04'
  if (point === 'post') return 'CAN-08'
  if (kind === 'short') return 'CAN-06'
  if (point === 'wrapper-before') return 'CAN-05'
  return 'CAN-07'
}

/** An approved ask needs an approval service and an agent scope to route it through. */
const canAsk = (has: (feature: FeatureName) => boolean): boolean => has('approval') && has('scopes')

function describeResult(result: ToolExecutionResult): string {
  return result.isError ? `failure ${$JSON.stringify(result.error)}` : 'success'
}

law(
  'E-18',
  ['CAN-10', 'CAN-04', 'CAN-05', 'CAN-06', 'CAN-07', 'CAN-08', 'CAN-09', 'CAN-01', 'CAN-21', 'CAN-25'],
  'the abort code depends only on whether the body started, and more specific failures are never replaced',
  {
    // The approval abort point only where an ask can be approved.
    arbitrary: (has) => fc.record({ point: fc.constantFrom(...POINTS.filter((p) => p !== 'approval' || canAsk(has))), kind: fc.constantFrom(...KINDS) }),
    optional: ['approval', 'scopes'],
    interesting: 'the caller aborted mid-pipeline and a success was replaced by a cancellation code',
    threshold: 0.15,
    scale: 1.5,
    run: async (r, { point, kind }) => {
      const controller = new AbortController()
      const abortAt = (here: Point): void => {
        if (point === here) controller.abort(new Error(`aborted during ${here}`))
      }
      const stages = { pre: 0, execute: 0, post: 0, results: 0 }
      const probe = probeTool('tool', {
        body: () => {
          abortAt('body')
          if (kind === 'throw') throw new Error('body broke')
          return { ok: true }
        },
      })
      r.tools.register(probe.definition)
      if (kind === 'guard') {
        r.tools.guard(() => 'guarded')
        // The means: the guard denies an ordinary call (GRD-07's), checked before anything aborts.
        await guardDeniesControl(r.tools, call('tool'), 'guarded')
      }
      const agent = point === 'approval' ? (await r.scope()).agent : undefined
      if (point === 'approval') {
        r.setApproval(
          approvalStub(() => {
            abortAt('approval')
            return 'allowed-once'
          }),
        )
      }
      r.harness.on('tools/pre-execute', async (_exec, next) => {
        stages.pre += 1
        abortAt('pre')
        if (kind === 'deny') return { kind: 'deny', reason: 'denied' }
        if (point === 'approval') return { kind: 'ask' }
        return next()
      })
      r.harness.on('tools/execute', async (_exec, next) => {
        stages.execute += 1
        abortAt('wrapper-before')
        if (kind === 'short') return { isError: false, value: { short: true }, content: [] }
        const result = await next()
        abortAt('wrapper-after')
        if (kind === 'wrapper-throw') throw new Error('wrapper broke')
        return result
      })
      r.harness.on('tools/post-execute', async (_exec, _result, next) => {
        stages.post += 1
        abortAt('post')
        return kind === 'block' ? { kind: 'block', feedback: [text('blocked')] } : next()
      })
      r.harness.on('tools/result', () => {
        stages.results += 1
      })
      if (point === 'before') controller.abort(new Error('aborted before entry'))

      const result = await r.tools.execute(call('tool', {}, { signal: controller.signal, ...(agent === undefined ? {} : { agent }) }))

      const seen = describeResult(result)
      // Whether a call aborted at entry ends before any policy stage is open (OP-51): upstream's side is CAN-21's. A
      // registry that checks later runs the policy stages, and the call then goes on as if aborted during pre-execute.
      if (point === 'before') {
        // CAN-21 is one of this law's rules: its property is blamed on it alone, and the law goes on.
        r.holds('CAN-21', () =>
          expect(stages, 'a pre-aborted call runs no stage but tools/result (CAN-21)').toEqual({ pre: 0, execute: 0, post: 0, results: 1 }),
        )
      }
      const at: Point = point === 'before' && stages.pre > 0 ? 'pre' : point
      // A guard after a caller abort during pre-execute or approval: the seeds let the abort skip the body with
      // ABORTED_BEFORE_DISPATCH before any guard runs; upstream still runs the guards and keeps their denial (GRD-11).
      const guardAfterAbort = kind === 'guard' && (at === 'pre' || at === 'approval')
      if (guardAfterAbort) {
        incidental('GRD-11', () => {
          expect(result.error?.info?.code, `a guard denial after the abort is kept (GRD-11), got ${seen}`).toBeUndefined()
          expect(result.isError, `a guard denial after the abort is kept (GRD-11), got ${seen}`).toBe(true)
        })
      }
      const guardSkipped = guardAfterAbort && result.error?.info?.code === 'ABORTED_BEFORE_DISPATCH'
      // The ABORTED_BEFORE_DISPATCH of an abort during pre-execute or approval: whether it meets tools/post-execute
      // (where a block replaces it) the seeds leave open; upstream sends it there (POST-25).
      const abortedBeforeGuards = (at === 'pre' || at === 'approval') && kind !== 'deny' && kind !== 'guard'
      if (abortedBeforeGuards) {
        incidental('POST-25', () => {
          expect(stages.post, `ABORTED_BEFORE_DISPATCH after ${at} passes through tools/post-execute once (POST-25)`).toBe(1)
        })
        // Whether such a call still meets the tools/execute wrappers is open (OP-52): upstream's side is CAN-22's.
        incidental('CAN-22', () => expect(stages.execute, `a call aborted during ${at} does not enter tools/execute (CAN-22)`).toBe(0))
      }
      const postSkipped = abortedBeforeGuards && kind === 'block' && stages.post === 0
      // A wrapper that met the call anyway throws after its next(): that failure is kept (CAN-09).
      const wrapperKept = abortedBeforeGuards && kind === 'wrapper-throw' && stages.execute > 0
      const expected: Expected = wrapperKept
        ? { is: 'message', message: 'wrapper broke' }
        : guardSkipped || postSkipped
          ? { is: 'code', code: 'ABORTED_BEFORE_DISPATCH' }
          : expectedOutcome(kind, at, controller.signal.aborted, probe.bodyCalls > 0)
      if (expected.is === 'code' && point !== 'before' && point !== 'none') r.interesting()
      // Where no abort landed (or it landed after the outcome was settled) the call keeps its success: no one
      // cancellation rule owns that, so it concerns the whole law.
      if (expected.is === 'success') expect(result.isError, `expected a success, got ${seen}`).toBe(false)
      if (expected.is === 'code') {
        const code = result.error?.info?.code
        const owner = cancelledBy(point, kind)
        // That the abort cancels the call at all is the rule of the point where it landed.
        r.holds(owner, () => expect(result.isError, `the abort during ${point} cancels the call (${owner}), got ${seen}`).toBe(true))
        // That a cancellation is one of the two failures is CAN-01's (CAN-25's for a signal aborted at entry); which of the two, CAN-10's.
        r.holds(point === 'before' ? 'CAN-25' : 'CAN-01', () => {
          if (result.isError) expect(CODES.includes(code as string), `a cancellation is ABORTED or ABORTED_BEFORE_DISPATCH, got ${seen}`).toBe(true)
        })
        r.holds('CAN-10', () => {
          const byBody = probe.bodyCalls > 0 ? 'ABORTED' : 'ABORTED_BEFORE_DISPATCH'
          if (CODES.includes(code as string))
            expect(code, `the body ${probe.bodyCalls > 0 ? 'was' : 'was not'} entered, so ${byBody}; got ${seen}`).toBe(byBody)
        })
        expectAbortName(result)
      }
      if (expected.is === 'message') {
        r.holds('CAN-09', () => {
          // A guard denial's message is the seeds' open point OP-02: that it is the reason verbatim is GRD-16's.
          // The failure is told apart by its message; that the message is exactly the thrown one is ERR-18's.
          const kept = () => {
            expect(String(result.error?.message), `expected the failure "${expected.message}" to be kept, got ${seen}`).toContain(expected.message)
            incidental('ERR-18', () => expect(result.error?.message, 'the message as it is (ERR-18)').toBe(expected.message))
          }
          if (kind === 'guard') {
            expect(result.isError, `expected the guard denial to be kept, got ${seen}`).toBe(true)
            incidental('GRD-16', kept)
          } else kept()
          expect(result.error?.info?.code ?? 'no code', 'a kept failure is not relabelled as a cancellation').not.toMatch(/^ABORTED/)
        })
      }
      const bodyPossible = !['before', 'pre', 'approval', 'wrapper-before'].includes(point)
      if (!bodyPossible) r.holds(cancelledBy(point, kind), () => expect(probe.bodyCalls, `the caller aborted (${point}) before the body could start`).toBe(0))
      incidental('RES-01', () => expect(stages.results, 'tools/result fires once').toBe(1))
    },
  },
)

interface Interleaving {
  readonly s: fc.Scheduler
  /** pre-execute asks and an installed service approves (generated only where {@link canAsk}). */
  readonly ask: boolean
  readonly wrapper: boolean
  /** The caller's abort is handed to the scheduler when this many stages have been entered. */
  readonly abortArmedAt: number
}

async function runInterleaving(
  r: LawRun,
  { s, ask, wrapper, abortArmedAt }: Interleaving,
): Promise<{ log: string[]; result: ToolExecutionResult; results: number; bodyCalls: number }> {
  const log: string[] = []
  const controller = new AbortController()
  let entered = 0
  const arm = (): void => {
    void s.schedule(Promise.resolve('abort'), 'abort').then(() => {
      log.push('abort')
      controller.abort(new Error('caller aborted'))
    })
  }
  const gate = async (label: string): Promise<void> => {
    log.push(label)
    entered += 1
    if (entered === abortArmedAt) arm()
    await s.schedule(Promise.resolve(label), label)
    log.push(`${label}-done`)
  }
  const probe = probeTool('tool', {
    body: async () => {
      await gate('body')
      return { ok: true }
    },
  })
  r.tools.register(probe.definition)
  const agent = ask ? (await r.scope()).agent : undefined
  if (ask) {
    r.setApproval(
      approvalStub(async (): Promise<ApprovalOutcome> => {
        await gate('approval')
        return 'allowed-once'
      }),
    )
  }
  r.harness.on('tools/pre-execute', async (_exec, next) => {
    await gate('pre')
    return ask ? { kind: 'ask' } : next()
  })
  if (wrapper) {
    r.harness.on('tools/execute', async (_exec, next) => {
      await gate('wrapper')
      const result = await next()
      await gate('wrapper-after')
      return result
    })
  }
  r.harness.on('tools/post-execute', async (_exec, _result, next) => {
    await gate('post')
    return next()
  })
  let results = 0
  r.harness.on('tools/result', () => {
    results += 1
  })
  if (abortArmedAt === 0) arm()
  const pending = r.tools.execute(call('tool', {}, { signal: controller.signal, ...(agent === undefined ? {} : { agent }) })).then((result) => {
    log.push('settled')
    return result
  })
  const result = await s.waitFor(pending)
  await s.waitIdle()
  return { log, result, results, bodyCalls: probe.bodyCalls }
}

law(
  'E-20',
  ['CAN-13', 'CAN-10', 'RES-01'],
  'whatever order stages and the caller abort settle in, a started body is drained, tools/result fires once, and the code says whether the body started',
  {
    // The abort is armed at a stage entry of the call (0: before it; the stages are pre, approval, wrapper, body, wrapper-after, post),
    // half the time at the body's, where an abort can land while the body runs.
    arbitrary: (has) =>
      fc.record({ ask: canAsk(has) ? fc.boolean() : fc.constant(false), wrapper: fc.boolean() }).chain(({ ask, wrapper }) => {
        const bodyAt = 2 + (ask ? 1 : 0) + (wrapper ? 1 : 0)
        const abortArmedAt = fc.oneof(fc.constant(bodyAt), fc.nat(3 + (ask ? 1 : 0) + (wrapper ? 2 : 0)))
        return fc.record({ s: fc.scheduler(), ask: fc.constant(ask), wrapper: fc.constant(wrapper), abortArmedAt })
      }),
    optional: ['approval', 'scopes'],
    interesting: 'the caller aborted while the body was running',
    threshold: 0.15,
    scale: 1.5,
    run: async (r, input) => {
      const { log, result, results, bodyCalls } = await runInterleaving(r, input)
      const at = (label: string): number => log.indexOf(label)
      const aborted = at('abort')
      const settled = at('settled')
      if (aborted >= 0 && at('body') >= 0 && at('body') < aborted && aborted < at('body-done')) r.interesting()
      const where = `order: ${log.join(' → ')}`

      // One property per rule (issue 39): tools/result once is RES-01's, the drain CAN-13's, the outcome CAN-10's.
      r.holds('RES-01', () => expect(results, `tools/result fires once (${where})`).toBe(1))
      r.holds('CAN-13', () => {
        if (bodyCalls > 0) expect(at('body-done') < settled, `execute() settled before the body did (${where})`).toBe(true)
      })
      r.holds('CAN-10', () => {
        const lastGateBeforeBody = at(input.wrapper ? 'wrapper-done' : input.ask && at('approval-done') >= 0 ? 'approval-done' : 'pre-done')
        if (aborted >= 0 && aborted < lastGateBeforeBody) expect(bodyCalls, `the caller aborted before the body could start (${where})`).toBe(0)
        if (aborted >= 0 && aborted < at('post-done')) {
          expect(result.isError, `an abort during the call replaces the success (${where})`).toBe(true)
        }
        if (aborted < 0 || aborted > settled) expect(result.isError, `nobody aborted before the call settled (${where})`).toBe(false)
        if (result.isError) {
          expect(result.error.info?.code, `the code follows whether the body started (${where})`).toBe(bodyCalls > 0 ? 'ABORTED' : 'ABORTED_BEFORE_DISPATCH')
          expectAbortName(result)
        }
      })
    },
  },
)

const ABORT_POINTS = ['body', 'wrapper-after', 'post', 'short'] as const

law('E-19', ['CAN-07', 'CAN-06', 'CAN-08', 'CTX-02'], 'a success replaced by a cancellation code keeps the contexts its body deferred', {
  arbitrary: fc.record({
    point: fc.constantFrom(...ABORT_POINTS),
    deferred: fc.nat(2),
    wrapper: fc.nat(2),
    post: fc.nat(2),
  }),
  interesting: 'the replaced success carried contexts from at least two sources',
  threshold: 0.3,
  run: async (r, { point, deferred, wrapper, post }) => {
    const controller = new AbortController()
    const abortAt = (here: (typeof ABORT_POINTS)[number]): void => {
      if (point === here) controller.abort(new Error(`aborted during ${here}`))
    }
    const labels = (source: string, n: number): string[] => Array.from({ length: n }, (_, i) => `${source}-${i}`)
    const probe = probeTool('tool', {
      body: (_args, exec) => {
        for (const label of labels('deferred', deferred)) exec.deferContext(contextMessage(label))
        abortAt('body')
        return { ok: true }
      },
    })
    r.tools.register(probe.definition)
    r.harness.on('tools/execute', async (_exec, next) => {
      const own = labels('wrapper', wrapper).map(contextMessage)
      if (point === 'short') {
        abortAt('short')
        return { isError: false, value: { short: true }, content: [], ...(own.length === 0 ? {} : { additionalContexts: own }) }
      }
      const result = await next()
      abortAt('wrapper-after')
      return own.length === 0 ? result : { ...result, additionalContexts: [...(result.additionalContexts ?? []), ...own] }
    })
    r.harness.on('tools/post-execute', async () => {
      abortAt('post')
      const own = labels('post', post).map(contextMessage)
      return own.length === 0 ? { kind: 'accept' } : { kind: 'accept', additionalContexts: own }
    })

    const result = await r.tools.execute(call('tool', {}, { signal: controller.signal }))

    const expected = [...(point === 'short' ? [] : labels('deferred', deferred)), ...labels('wrapper', wrapper), ...labels('post', post)]
    if ([point === 'short' ? 0 : deferred, wrapper, post].filter((n) => n > 0).length >= 2) r.interesting()
    // The code is the rule of the point where the abort landed; that the deferred contexts survive it is CTX-02's.
    const owner: RuleId = point === 'short' ? 'CAN-06' : point === 'post' ? 'CAN-08' : 'CAN-07'
    r.holds(owner, () =>
      expect(result.error?.info?.code, `aborted during ${point}: got ${describeResult(result)}`).toBe(
        point === 'short' ? 'ABORTED_BEFORE_DISPATCH' : 'ABORTED',
      ),
    )
    const got = (result.additionalContexts ?? []).map((c) => (c as { content: unknown }).content)
    // Must (CTX-02): the contexts the body deferred stay on the cancellation result.
    const deferredKept = point === 'short' ? [] : labels('deferred', deferred)
    r.holds('CTX-02', () =>
      expect(
        deferredKept.filter((label) => !got.includes(label)),
        "deferred contexts the cancellation result dropped (the replaced success's)",
      ).toEqual([]),
    )
    // Upstream: the wrapper's and the decision's contexts stay too (CAN-20), in origin order (CTX-12), and no key without one (CTX-05).
    incidental('CAN-20', () =>
      expect(
        [...labels('wrapper', wrapper), ...labels('post', post)].filter((label) => !got.includes(label)),
        'wrapper and decision contexts dropped (CAN-20)',
      ).toEqual([]),
    )
    incidental('CTX-12', () => expect(got, 'contexts in origin order: deferred, wrapper, decision (CTX-12)').toEqual(expected))
    if (expected.length === 0) incidental('CTX-05', () => expect('additionalContexts' in result, 'no context: the key is absent (CTX-05)').toBe(false))
  },
})

const SIGNAL_PLANS = ['none', 'caller', 'wrapper', 'caller-then-wrapper', 'wrapper-then-caller'] as const

law('E-21', ['EXE-08', 'EXE-09'], "a wrapper's replacement signal is fused with the caller's for the body, one way only", {
  arbitrary: fc.record({ replace: fc.boolean(), plan: fc.constantFrom(...SIGNAL_PLANS), wrapperReadsBack: fc.boolean() }),
  interesting: 'a replacement signal was in place and some source aborted while the body ran',
  threshold: 0.15,
  run: async (r, { replace, plan, wrapperReadsBack }) => {
    const caller = new AbortController()
    const own = new AbortController()
    const reasons = { caller: new Error('caller reason'), wrapper: new Error('wrapper reason') }
    let seen: { signal: AbortSignal; aborted: boolean; reason: unknown; ownAborted: boolean } | undefined
    let afterBody: AbortSignal | undefined
    const probe = probeTool('tool', {
      body: (_args, exec) => {
        const signal = exec.signal
        const order =
          plan === 'none'
            ? []
            : plan === 'caller'
              ? ['caller']
              : plan === 'wrapper'
                ? ['wrapper']
                : plan === 'caller-then-wrapper'
                  ? ['caller', 'wrapper']
                  : ['wrapper', 'caller']
        for (const who of order) {
          if (who === 'caller') caller.abort(reasons.caller)
          else if (replace) own.abort(reasons.wrapper)
        }
        seen = { signal, aborted: signal.aborted, reason: signal.reason, ownAborted: own.signal.aborted }
        return { ok: true }
      },
    })
    r.tools.register(probe.definition)
    r.harness.on('tools/execute', async (exec, next) => {
      if (replace) exec.signal = own.signal
      const result = await next()
      if (wrapperReadsBack) afterBody = exec.signal
      return result
    })

    await r.tools.execute(call('tool', {}, { signal: caller.signal }))

    expect(seen, 'the body ran').toBeDefined()
    if (seen === undefined) return
    const body = seen
    // Which signal object the body gets, the reason it carries and that the replacement is left alone are EXE-19's
    // (OP-42); what the wrapper's exec.signal holds once next() settled is EXE-20's (OP-43).
    if (!replace) {
      expect(body.aborted, `without a replacement the body signal aborts iff the caller did (${plan})`).toBe(plan.includes('caller'))
      incidental('EXE-19', () => expect(body.signal === caller.signal, 'without a replacement the body gets the caller signal itself (EXE-19)').toBe(true))
      return
    }
    if (plan !== 'none') r.interesting()
    const first = plan === 'none' ? undefined : plan.startsWith('caller') ? reasons.caller : reasons.wrapper
    expect(body.aborted, `the body signal aborts iff a source did (${plan})`).toBe(first !== undefined)
    incidental('EXE-19', () => {
      expect(body.signal === caller.signal, 'with a replacement the body signal is not the caller signal (EXE-19)').toBe(false)
      expect(body.signal === own.signal, 'with a replacement the body signal is not the wrapper signal (EXE-19)').toBe(false)
      if (first !== undefined) expect(body.reason, "the body signal carries the first source's reason (EXE-19)").toBe(first)
      expect(body.ownAborted, 'a caller abort never aborts the wrapper signal (EXE-19)').toBe(plan.includes('wrapper'))
    })
    if (wrapperReadsBack) incidental('EXE-20', () => expect(afterBody === own.signal, "after the body, exec.signal is the wrapper's again (EXE-20)").toBe(true))
  },
})
