/**
 * Laws about every outcome: totality (E-01), result shape (E-02), frozen
 * lossless snapshots (E-03), denial shape (E-13), error normalisation (E-23).
 */
import { $JSON, $Object } from '../conformance/suite/_kit/intrinsics.ts'
import fc from 'fast-check'
import type { RuleId } from '../conformance/catalogue/index.ts'
import { expect } from 'vitest'
import { call } from '../conformance/suite/_kit/inputs.ts'
import {
  expectDenialMessage,
  expectEmptyMessageKept,
  expectErrorIdentity,
  expectEnveloped,
  expectNoInfo,
  expectOnlyKeys,
  expectThrownMessage,
  isDeepFrozen,
} from '../conformance/suite/_kit/result-assertions.ts'
import { incidental } from '../conformance/suite/_kit/incidental.ts'
import { expectArgumentsDeepFrozen } from '../conformance/suite/_kit/frozen-arguments.ts'
import { probeTool } from '../conformance/suite/_kit/tools.ts'
import { isLossless } from './_kit/json.ts'
import { law } from './_kit/law.ts'
import { plan, runPlan } from './_kit/plan.ts'
import { buildThrown, expectedMessage, thrownSpec } from './_kit/values.ts'

law('E-01', ['ERR-08', 'RES-01', 'FIN-02', 'RES-05', 'ERR-22'], 'every call resolves, notifies once and finalizes once when the tool was visible', {
  arbitrary: plan,
  interesting: 'a planned throw or rejection actually ran in some stage',
  threshold: 0.2,
  run: async (r, p) => {
    const out = await runPlan(r, p)
    if (out.threw.length > 0) r.interesting()
    // A rejection is charged to the rules of the failures that ran: a throwing tools/result observer is contained
    // (RES-05), a throwing guard or finalizer resolves a failure (ERR-22, upstream's); ERR-08 owns the rest.
    const owners: RuleId[] = []
    if (out.threw.includes('observer')) owners.push('RES-05')
    if (out.threw.includes('guard') || out.threw.includes('finalize')) owners.push('ERR-22')
    r.holds(owners.length === 0 ? 'ERR-08' : owners, () => expect(out.rejected, 'execute() rejected').toBeUndefined())
    if (out.rejected !== undefined) return
    // One property per rule (issue 39): the one notification with the resolved object is RES-01's, the one
    // finalization FIN-02's.
    r.holds('RES-01', () => {
      expect(out.observed.length, 'tools/result fired this many times').toBe(1)
      expect(out.observed[0]?.result === out.result, 'execute() resolved the very object tools/result saw').toBe(true)
    })
    r.holds('FIN-02', () => expect(out.finalizeCalls, 'finalizeContent calls').toBe(p.visible ? 1 : 0))
  },
})

law('E-02', ['RES-08', 'RES-03', 'CTX-05'], 'successes and failures keep their discriminated shape with lossless fields', {
  arbitrary: plan,
  interesting: 'the outcome is a success (failures are the common case of a random plan)',
  threshold: 0.1,
  run: async (r, p) => {
    const { result, observed } = await runPlan(r, p)
    expect(result, 'execute() resolved').toBeDefined()
    if (result === undefined) return
    if (!result.isError) r.interesting()
    // The shape is that of the snapshot observers are notified of: the recording tools/result observer saw this outcome.
    expect(
      observed.map((o) => o.result),
      'the outcome tools/result observers saw',
    ).toEqual([result])
    // Whether a field that does not apply is left out or set to undefined is open (OP-40): upstream leaves it out (RES-12).
    const absent = (key: 'error' | 'value' | 'concludesTurn' | 'meta' | 'additionalContexts', what: string): void => {
      expect((result as unknown as Record<string, unknown>)[key], what).toBeUndefined()
      incidental('RES-12', () => expect(key in result, `${what}: the key is left out (RES-12)`).toBe(false))
    }
    if (result.isError === false) {
      expect('value' in result, 'a success has value').toBe(true)
      absent('error', 'a success has no error')
      expect([undefined, true], 'concludesTurn is absent or true').toContain(result.concludesTurn)
    } else {
      expect(result.isError, 'isError is a boolean: true on a failure').toBe(true)
      absent('value', 'a failure has no value')
      absent('concludesTurn', 'a failure has no concludesTurn')
      expect(typeof result.error.message, 'error.message').toBe('string')
    }
    expect(isLossless(result.content), 'content is lossless JSON').toBe(true)
    if (result.meta !== undefined) expect(isLossless(result.meta), 'meta is lossless JSON').toBe(true)
    if (result.additionalContexts !== undefined) {
      expect(isLossless(result.additionalContexts), 'additionalContexts is lossless JSON').toBe(true)
      r.holds('CTX-05', () => expect(result.additionalContexts, 'additionalContexts is never empty (CTX-05)').not.toEqual([]))
    }
  },
})

law('E-03', ['RES-02', 'RES-03'], 'the final result is deep-frozen and survives a JSON round trip, the observed execution is frozen', {
  arbitrary: plan,
  interesting: 'the outcome is a success (its value was frozen earlier than the rest)',
  threshold: 0.1,
  run: async (r, p) => {
    const { result, observed } = await runPlan(r, p)
    expect(result, 'execute() resolved').toBeDefined()
    if (result === undefined) return
    if (!result.isError) r.interesting()
    expect(isDeepFrozen(result), 'the result is deep-frozen').toBe(true)
    expect(result, 'the result survives a JSON round trip').toEqual($JSON.parse($JSON.stringify(result)))
    const exec = observed[0]?.exec
    expect(exec, 'tools/result saw an execution').toBeDefined()
    if (exec === undefined) return
    expect($Object.isFrozen(exec), 'the observed execution is frozen').toBe(true)
    // That the arguments are deep-frozen is ARG-04's (../conformance/suite/_kit/frozen-arguments.ts).
    if (exec.arguments !== undefined) expectArgumentsDeepFrozen(exec.arguments, 'tools/result')
  },
})

const denialSource = fc.constantFrom('pre-deny', 'ask-without-service', 'guard')

// The message of an unserviced ask is PRE-23's, that of a guard's "" GRD-15's, its missing info ERR-06's and its
// enveloped content ERR-19's, all charged incidentally: the seeds say only that these cases deny.
law('E-13', ['PRE-04', 'PRE-05', 'GRD-07'], 'every denial is exactly { isError, content "Error: " + reason, error { message } } and skips the body', {
  arbitrary: fc.record({ source: denialSource, reason: fc.string({ maxLength: 16 }) }),
  interesting: 'the denial came from a guard or an unserviced ask',
  threshold: 0.4,
  run: async (r, { source, reason }) => {
    const probe = probeTool('tool')
    r.tools.register(probe.definition)
    if (source === 'guard') r.tools.guard(() => reason)
    else r.harness.on('tools/pre-execute', async () => (source === 'pre-deny' ? { kind: 'deny', reason } : { kind: 'ask', reason }))
    if (source !== 'pre-deny') r.interesting()
    let posts = 0
    r.harness.on('tools/post-execute', (_exec, _result, next) => {
      posts += 1
      return next()
    })

    const result = await r.tools.execute(call('tool'))

    // One property per source of the denial (issue 39): a pre-execute deny is PRE-04's, an unserviced ask PRE-05's, a
    // guard's reason GRD-07's.
    r.holds(source === 'pre-deny' ? 'PRE-04' : source === 'guard' ? 'GRD-07' : 'PRE-05', () => {
      expect(result.isError, 'a denial is a failure').toBe(true)
      expect(typeof result.error?.message, 'a denial carries a string message').toBe('string')
      if (source === 'ask-without-service') expectDenialMessage(result, reason, 'PRE-23')
      else if (source === 'guard') expectDenialMessage(result, reason, reason === '' ? 'GRD-15' : 'GRD-16')
      else expectDenialMessage(result, reason, 'PRE-25')
      const others = $Object.keys(result).filter((key) => !['content', 'error', 'isError'].includes(key))
      expect(
        others.filter((key) => (result as unknown as Record<string, unknown>)[key] !== undefined),
        'a denial carries only isError, error and content',
      ).toEqual([])
      // That the keys that do not apply are left out rather than set to undefined is RES-12's (OP-40).
      expectOnlyKeys(result, ['content', 'error', 'isError'])
      expectNoInfo(result, 'ERR-06')
      expectEnveloped(result)
      expect(probe.bodyCalls, 'a denied call never reaches the body').toBe(0)
      // Whether a denial reaches tools/post-execute is open (OP-06): upstream's once is POST-28's.
      expect(posts, 'tools/post-execute runs at most once').toBeLessThanOrEqual(1)
    })
    incidental('POST-28', () => expect(posts, 'a denial passes through tools/post-execute once (POST-28)').toBe(1))
  },
})

// The message of a thrown value that is not an Error is ERR-02's, and that an empty message stays "" ERR-16's, both
// charged incidentally: the seeds ask only for a human-readable message.
law('E-23', ['ERR-01', 'ERR-03'], 'any thrown value becomes "Error: " + its best-effort message, with info only for a coded error', {
  arbitrary: thrownSpec,
  interesting: 'the thrown value is not a plain Error',
  // Without codedErrors a plain Error stands in for the registry's coded one.
  optional: ['codedErrors'],
  run: async (r, spec) => {
    const coded = r.has('codedErrors')
    const thrown = buildThrown(spec, coded ? r.harnessError : undefined)
    r.tools.register(probeTool('tool', { body: () => Promise.reject(thrown) }).definition)
    if (spec.kind !== 'error') r.interesting()

    const result = await r.tools.execute(call('tool'))

    expect(result.isError, 'a thrown body is a failure').toBe(true)
    if (!result.isError) return
    const message = expectedMessage(spec)
    const failure = result.error
    // One property per rule (issue 39): the message is ERR-01's, a coded error's identity ERR-03's.
    r.holds('ERR-01', () => {
      expect(typeof failure.message, 'error.message is a string').toBe('string')
      const isError = spec.kind === 'error' || spec.kind === 'harness' || spec.kind === 'coded-lookalike'
      if (isError && message === '') expectEmptyMessageKept(result)
      else if (isError)
        expectThrownMessage(result, String(message)) // as it is: ERR-18's, incidentally (OP-04)
      else if (message !== undefined) incidental('ERR-02', () => expect(failure.message, 'the best-effort message (ERR-02)').toBe(message))
    })
    if (spec.kind === 'harness' && coded) {
      // its exact { name, code } shape: ERR-20's, incidentally
      r.holds('ERR-03', () => expectErrorIdentity(result, (thrown as Error).name, spec.code))
    } else {
      expectNoInfo(result, 'ERR-14')
    }
    expectEnveloped(result)
  },
})
