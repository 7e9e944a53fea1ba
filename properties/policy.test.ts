/**
 * Laws about policy: guard monotonicity (E-12), approval mapping (E-14),
 * post-execute content/value exclusivity (E-15), no resurrection (E-17),
 * context ordering (E-22).
 */
import fc from 'fast-check'
import { expect } from 'vitest'
import type { FeatureName, ToolsContextApi } from '../conformance/adapter/contract.ts'
import type { ApprovalOutcome, PostToolDecision, UserMessage } from '../conformance/spec/types.ts'
import { approvalStub } from '../conformance/suite/_kit/approval.ts'
import { call } from '../conformance/suite/_kit/inputs.ts'
import { incidental, precondition } from '../conformance/suite/_kit/incidental.ts'
import { describeResult } from '../conformance/suite/_kit/describe-result.ts'
import { guardDeniesControl } from '../conformance/suite/_kit/guard-means.ts'
import { expectBlockContexts, expectEnveloped, expectNoInfo, expectSucceeds } from '../conformance/suite/_kit/result-assertions.ts'
import { contextMessage, probeTool, text } from '../conformance/suite/_kit/tools.ts'
import { law } from './_kit/law.ts'
import { losslessJson } from './_kit/values.ts'

type Layer = 'global' | 'parent' | 'child'

/** The layers a registry offers: global always, the caller's own scope with `scopes`, its parent with `scopeParents` too. */
function layersOf(has: (feature: FeatureName) => boolean): Layer[] {
  return ['global', ...(has('scopes') ? (has('scopeParents') ? (['parent', 'child'] as const) : (['child'] as const)) : [])]
}
const guardStep = (layers: readonly Layer[]) =>
  fc.record({
    kind: fc.constant('guard' as const),
    layer: fc.constantFrom(...layers),
    deny: fc.option(fc.constantFrom('no', 'stop', 'not here', ''), { nil: undefined, freq: 2 }),
  })
const preStep = fc.record({ kind: fc.constant('pre' as const), prepend: fc.boolean(), mode: fc.constantFrom('allow', 'pass', 'allow-after-next') })

/** The first denial in evaluation order: global, then parent, then child, each in registration order. */
function firstDenial(guards: readonly { layer: Layer; deny: string | undefined }[]): string | undefined {
  for (const l of ['global', 'parent', 'child'] as const) {
    for (const g of guards) if (g.layer === l && g.deny !== undefined) return g.deny
  }
  return undefined
}

/**
 * The first denying guard decides: GRD-03's (the evaluation order), charged incidentally with a guard's "" reason
 * kept as the message (GRD-15's). When the first denial is "", the order shows only in that no other reason wins.
 */
function expectFirstDenial(result: { readonly error?: { readonly message?: unknown } }, expected: string, reasons: readonly (string | undefined)[]): void {
  incidental('GRD-03', () => {
    if (expected !== '') expect(result.error?.message, 'the first denying guard decides (GRD-03)').toBe(expected)
    else
      expect(
        reasons.filter((r) => r !== undefined && r !== ''),
        'the first denying guard, whose reason is "", decides (GRD-03)',
      ).not.toContain(result.error?.message)
  })
  if (expected === '') incidental('GRD-15', () => expect(result.error?.message, 'a guard\'s "" reason is the message (GRD-15)').toBe(''))
}

// Which guard decides among several is GRD-03's, the message of a "" reason GRD-15's and the missing info ERR-06's,
// charged incidentally: the seeds say only that a returned reason denies and no listener can lift it.
law('E-12', ['GRD-02', 'GRD-07'], 'guards deny in global-to-own order whatever pre-execute allows, and adding a guard never lifts a denial', {
  // Without scopes only global guards are generated; without scopeParents, no parent layer.
  arbitrary: (has) => {
    const guard = guardStep(layersOf(has))
    return fc.record({ steps: fc.array(fc.oneof(guard, preStep), { minLength: 1, maxLength: 7 }), extra: guard })
  },
  optional: ['scopes', 'scopeParents'],
  interesting: 'a guard denies while a pre-execute listener forces allow',
  threshold: 0.15,
  run: async (r, { steps, extra }) => {
    const layers = layersOf(r.has)
    const parent = layers.includes('parent') ? await r.scope() : undefined
    const child = layers.includes('child') ? await r.scope(parent) : undefined
    const probe = probeTool('tool')
    r.tools.register(probe.definition)
    const contexts: Partial<Record<Layer, ToolsContextApi>> = { global: r.tools, parent: parent?.tools, child: child?.tools }
    const contextOf = (l: Layer): ToolsContextApi => {
      const context = contexts[l]
      if (context === undefined) throw new Error(`kit defect: a ${l} guard was generated for an adapter without that layer`)
      return context
    }
    const from = child === undefined ? {} : { agent: child.agent }
    let preRuns = 0
    const guards = steps.filter((s) => s.kind === 'guard')
    const expected = firstDenial(guards)
    // Whether the parent's guards apply to its child's call is open (OP-03): upstream's yes is VIS-27's, charged
    // incidentally, when only a parent guard denies.
    const onlyParentDenies = (gs: readonly { layer: Layer; deny: string | undefined }[]): boolean =>
      firstDenial(gs) !== undefined && firstDenial(gs.filter((g) => g.layer !== 'parent')) === undefined
    for (const guard of guards) contextOf(guard.layer).guard(() => guard.deny)
    // The means: before any pre-execute listener is added, the guards deny an ordinary call (GRD-07's), so that what
    // the listeners change below is GRD-02's.
    if (expected !== undefined && !onlyParentDenies(guards)) {
      const control = await r.tools.execute(call('tool', {}, from))
      precondition('GRD-07', () => expect(control.isError, `the guards deny a call no pre-execute listener allowed; got ${describeResult(control)}`).toBe(true))
    }
    for (const step of steps) {
      if (step.kind === 'pre')
        r.harness.on(
          'tools/pre-execute',
          async (_exec, next) => {
            preRuns += 1
            if (step.mode === 'allow') return { kind: 'allow' }
            const decision = await next()
            return step.mode === 'pass' ? decision : { kind: 'allow' }
          },
          { prepend: step.prepend },
        )
    }
    const forced = steps.some((s) => s.kind === 'pre' && s.mode !== 'pass')
    if (expected !== undefined && forced) r.interesting()
    const checked = (open: boolean, block: () => void): void => (open ? incidental('VIS-27', block) : block())
    // One property per claim (issue 39): that no pre-execute listener, forcing allow or not, gets a call past a
    // denying guard, and that the guards still run after the listeners, is GRD-02's; that a denial is a failure
    // without the body, and that adding a guard never lifts one, GRD-07's.
    const firstOwner = steps.some((s) => s.kind === 'pre') ? 'GRD-02' : 'GRD-07'
    const bodyBefore = probe.bodyCalls

    const first = await r.tools.execute(call('tool', {}, from))
    // Control: with any pre-execute listener, at least the outermost one ran (the others may be short-circuited).
    if (steps.some((s) => s.kind === 'pre')) r.holds('GRD-02', () => expect(preRuns, 'pre-execute listeners that ran').toBeGreaterThan(0))
    r.holds(firstOwner, () =>
      checked(onlyParentDenies(guards), () => {
        if (expected === undefined) {
          expectSucceeds(first, 'no guard denies: the call succeeds')
        } else {
          expect(first.isError, 'a denying guard makes the call a denial').toBe(true)
          expect('value' in first, 'a denial has no value').toBe(false)
          expect(typeof first.error?.message, 'a denial carries a string message').toBe('string')
          expectFirstDenial(
            first,
            expected,
            guards.map((g) => g.deny),
          )
          expectNoInfo(first, 'ERR-06')
        }
        expect(probe.bodyCalls - bodyBefore, 'the body runs only when no guard denies').toBe(expected === undefined ? 1 : 0)
      }),
    )

    contextOf(extra.layer).guard(() => extra.deny)
    const second = await r.tools.execute(call('tool', {}, from))
    const expectedAfter = firstDenial([...guards, extra])
    r.holds('GRD-07', () => {
      if (first.isError) expect(second.isError, 'an extra guard never lifts a denial').toBe(true)
    })
    r.holds('GRD-07', () =>
      checked(onlyParentDenies([...guards, extra]), () => {
        if (expectedAfter === undefined) expectSucceeds(second, 'no guard denies after adding one: the call succeeds')
        else {
          expect(second.isError, 'after adding a guard, a denying guard makes the call a denial').toBe(true)
          expectFirstDenial(
            second,
            expectedAfter,
            [...guards, extra].map((g) => g.deny),
          )
        }
      }),
    )
  },
})

const OUTCOMES: readonly ApprovalOutcome[] = ['allowed-once', 'rejected', 'cancelled', 'unavailable']

law(
  'E-14',
  ['PRE-08', 'PRE-05', 'PRE-06', 'PRE-07'],
  'an ask reaches the body only when a mounted service answers allowed-once for a call with an agent and no guard denies',
  {
    arbitrary: fc.record({ outcome: fc.constantFrom(...OUTCOMES), service: fc.boolean(), agent: fc.boolean(), guardDenies: fc.boolean() }),
    interesting: 'the approval service was consulted (service mounted, call with an agent)',
    threshold: 0.1,
    run: async (r, { outcome, service, agent, guardDenies }) => {
      const probe = probeTool('tool')
      r.tools.register(probe.definition)
      if (guardDenies) {
        r.tools.guard(() => 'guarded')
        // The means: the guard denies an ordinary call (GRD-07's), checked before the ask is added.
        await guardDeniesControl(r.tools, call('tool'), 'guarded')
      }
      r.harness.on('tools/pre-execute', async () => ({ kind: 'ask', reason: 'please' }))
      const stub = approvalStub(outcome)
      if (service) r.setApproval(stub)
      const scope = agent ? await r.scope() : undefined
      if (service && agent) r.interesting()

      const result = await r.tools.execute(call('tool', {}, scope === undefined ? {} : { agent: scope.agent }))

      const requests = stub.requests.length
      // Only an ask submitted to the service can be granted (PRE-07); that a mounted service is asked for a call with
      // an agent at all is PRE-28's, charged incidentally (the seeds also deny for a missing approval channel).
      const runs = service && agent && requests > 0 && outcome === 'allowed-once' && !guardDenies
      if (service && agent) incidental('PRE-28', () => expect(requests, 'exactly one approval request (PRE-28)').toBe(1))
      else if (service) incidental('PRE-27', () => expect(requests, 'an agent-less ask never reaches the service (PRE-27)').toBe(0))
      // One property per case (issue 39): no service is PRE-05's, no agent PRE-06's, a granted ask PRE-07's, and an
      // ask not granted, or granted and then denied by a guard, PRE-08's.
      const owner = !service ? 'PRE-05' : !agent ? 'PRE-06' : outcome === 'allowed-once' && !guardDenies ? 'PRE-07' : 'PRE-08'
      r.holds(owner, () => {
        expect(probe.bodyCalls, 'body runs').toBe(runs ? 1 : 0)
        if (!service) expect(requests, 'approval requests without a mounted service').toBe(0)
        expect(result.isError, 'the call fails unless the ask was granted and no guard denies').toBe(!runs)
        if (result.isError) {
          expectNoInfo(result, 'ERR-06')
          expectEnveloped(result)
        }
      })
    },
  },
)

const dispatchOrigin = fc.constantFrom('ok', 'throw', 'invalid')

// Both replacements are defined values here: whether an own key holding undefined counts as a replacement the seeds
// leave open (POST-27's, tested by example), and the refusal's missing info is POST-27's too, charged incidentally.
law('E-15', ['POST-06', 'POST-14'], 'an accept carrying both content and value always fails', {
  arbitrary: fc.record({
    origin: dispatchOrigin,
    content: fc.array(fc.string({ maxLength: 8 }).map(text), { maxLength: 2 }),
    value: losslessJson,
    contexts: fc.boolean(),
  }),
  interesting: 'the dispatch result was a success, so applying the value alone would have succeeded',
  threshold: 0.15,
  run: async (r, { origin, content, value, contexts }) => {
    r.tools.register(
      probeTool('tool', {
        body: () => {
          if (origin === 'throw') throw new Error('body broke')
          return origin === 'invalid' ? { n: Number.NaN } : { ok: true }
        },
      }).definition,
    )
    if (origin === 'ok') r.interesting()
    const decision = { kind: 'accept', content, value, ...(contexts ? { additionalContexts: [contextMessage('post')] } : {}) }
    r.harness.on('tools/post-execute', async () => decision as unknown as PostToolDecision)

    const result = await r.tools.execute(call('tool'))

    expect(result.isError, 'both replacements at once are refused').toBe(true)
    expect('value' in result, 'the failure carries no value').toBe(false)
    if (result.isError) incidental('POST-27', () => expect('info' in result.error, 'the refusal is not a routable error (POST-27)').toBe(false))
  },
})

const failedOrigin = fc.constantFrom('throw', 'invalid', 'deny', 'guard', 'unknown')
const anyDecision = fc.oneof(
  fc.constant({ kind: 'accept' }),
  fc.record({ kind: fc.constant('accept'), content: fc.array(fc.string({ maxLength: 8 }).map(text), { maxLength: 2 }) }),
  fc.record({ kind: fc.constant('accept'), value: losslessJson }),
  fc.constant({ kind: 'accept', value: { ok: true } }),
  fc.record({ kind: fc.constant('block'), feedback: fc.array(fc.string({ maxLength: 8 }).map(text), { maxLength: 2 }) }),
  fc.record({ kind: fc.constantFrom('allow', 'success', 'resume'), value: losslessJson }),
  fc.constant({ kind: 'accept', additionalContexts: [contextMessage('post')] }),
)

law('E-17', ['POST-14', 'POST-07'], 'no post-execute decision turns a failed result into a success', {
  arbitrary: fc.record({ origin: failedOrigin, decision: anyDecision }),
  interesting: 'the decision tries to replace content or value',
  threshold: 0.3,
  run: async (r, { origin, decision }) => {
    if (origin !== 'unknown')
      r.tools.register(
        probeTool('tool', {
          body: () => {
            if (origin === 'throw') throw new Error('body broke')
            return origin === 'invalid' ? { n: Number.NaN } : { ok: true }
          },
        }).definition,
      )
    if (origin === 'deny') r.harness.on('tools/pre-execute', async () => ({ kind: 'deny', reason: 'denied' }))
    if (origin === 'guard') {
      r.tools.guard(() => 'guarded')
      // The means: the guard denies the call (GRD-07's), checked before the post-execute decision is added.
      await guardDeniesControl(r.tools, call('tool'), 'guarded')
    }
    if ('value' in decision || 'content' in decision) r.interesting()
    r.harness.on('tools/post-execute', async () => decision as unknown as PostToolDecision)

    const result = await r.tools.execute(call('tool'))

    expect(result.isError, 'the failure stays a failure').toBe(true)
    expect('value' in result, 'the failure has no value').toBe(false)
  },
})

const labels = (prefix: string, max: number) => fc.integer({ min: 0, max }).map((n) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`))

function contentsOf(contexts: readonly UserMessage[] | undefined): unknown[] {
  return (contexts ?? []).map((c) => c.content)
}

// Whether a block keeps the contexts the result carried the seeds leave open: either passes, and upstream's drop is
// CTX-04's; that no empty additionalContexts key is made is CTX-05's; both are charged incidentally.
law('E-22', ['CTX-03', 'CTX-01', 'CTX-02'], 'contexts are deferred ++ wrapper ++ post on accept, only post on block, deferred ++ wrapper on a throw', {
  arbitrary: fc.record({ deferred: labels('d', 3), wrapper: labels('w', 2), post: labels('p', 2), mode: fc.constantFrom('accept', 'block', 'throw') }),
  interesting: 'at least two of the three context sources contributed',
  threshold: 0.3,
  run: async (r, { deferred, wrapper, post, mode }) => {
    r.tools.register(
      probeTool('tool', {
        body: (_args, exec) => {
          for (const d of deferred) exec.deferContext(contextMessage(d))
          if (mode === 'throw') throw new Error('body broke')
          return { ok: true }
        },
      }).definition,
    )
    if ([deferred, wrapper, post].filter((l) => l.length > 0).length >= 2) r.interesting()
    if (wrapper.length > 0)
      r.harness.on('tools/execute', async (_exec, next) => {
        const result = await next()
        return { ...result, additionalContexts: [...(result.additionalContexts ?? []), ...wrapper.map(contextMessage)] }
      })
    r.harness.on('tools/post-execute', async (_exec, _result, next) => {
      if (mode === 'throw') return next()
      const additionalContexts = post.map(contextMessage)
      return mode === 'block' ? { kind: 'block', feedback: [text('blocked')], additionalContexts } : { kind: 'accept', additionalContexts }
    })

    const result = await r.tools.execute(call('tool'))

    const actual = contentsOf(result.additionalContexts)
    // One property per mode (issue 39): what a throwing body's failure keeps is CTX-02's, what an accept or a block
    // adds CTX-03's and CTX-01's.
    r.holds(mode === 'throw' ? 'CTX-02' : (['CTX-03', 'CTX-01'] as const), () => {
      if (mode === 'block') expectBlockContexts(result, actual, [...deferred, ...wrapper], post)
      else {
        const expected = mode === 'accept' ? [...deferred, ...wrapper, ...post] : [...deferred, ...wrapper]
        // Must: which contexts are kept; their order by origin is upstream's CTX-12 (OP-53).
        expect([...actual].map(String).sort(), 'the additional contexts kept for this decision, in any order').toEqual([...expected].map(String).sort())
        incidental('CTX-12', () => expect(actual, 'in origin order: deferred, wrapper, decision (CTX-12)').toEqual(expected))
        incidental('CTX-05', () => expect('additionalContexts' in result, 'the key is present only when there are contexts (CTX-05)').toBe(expected.length > 0))
      }
    })
  },
})
