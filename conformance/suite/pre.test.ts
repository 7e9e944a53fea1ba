import { $JSON, $Reflect } from './_kit/intrinsics.ts'
import { expect } from 'vitest'
import type { Harness, ToolRuntimeApi } from '../adapter/contract.ts'
import type { ApprovalOutcome, PreToolDecision, ToolExecutionResult } from '../spec/types.ts'
import { approvalStub } from './_kit/approval.ts'
import type { ApprovalStub } from './_kit/approval.ts'
import { check } from './_kit/check.ts'
import { argumentsDeepFrozenFirst } from './_kit/frozen-arguments.ts'
import { forRules } from './_kit/for-rules.ts'
import { incidental, precondition } from './_kit/incidental.ts'
import { deferred, settle } from './_kit/deferred.ts'
import { abortedSignal, call } from './_kit/inputs.ts'
import {
  expectCode,
  expectDenial,
  expectDenialFor,
  expectEnveloped,
  expectGuardDenial,
  expectPlainFailure,
  expectPolicyFailure,
  expectSuccess,
  expectThrownMessage,
  isDeepFrozen,
} from './_kit/result-assertions.ts'
import { recordStages } from './_kit/stages.ts'
import { expectOrderAsidePost, expectPostRouting, expectStagesAside } from './_kit/routing.ts'
import { expectLookupStages } from './_kit/lookup.ts'
import { expectGuardCalls, expectTraceAsideGuard, guardDeniesControl } from './_kit/guard-means.ts'
import { probeTool } from './_kit/tools.ts'

/** Registers a probe tool plus a guard that counts its calls and abstains. */
function setup(harness: Harness, tools: ToolRuntimeApi, name = 'write') {
  const stages = recordStages(harness)
  const probe = probeTool(name)
  tools.register(probe.definition)
  const guard = { calls: 0 }
  tools.guard(() => {
    guard.calls += 1
    return undefined
  })
  return { stages, probe, guard }
}

/**
 * A pre-execute listener answering `decision` once the rest of the waterfall settled: it delegates first, so the
 * stage recorder sees the call whichever listener is outermost (the order is open, OP-32).
 */
function decide(harness: Harness, decision: unknown): void {
  harness.on('tools/pre-execute', async (_exec, next) => {
    await next()
    return decision as PreToolDecision
  })
}

/** Starts `execute` and tracks whether it has settled. */
function track(promise: Promise<ToolExecutionResult>) {
  const state = { settled: false }
  const result = promise.then((r) => {
    state.settled = true
    return r
  })
  return { state, result }
}

/** Three pre-execute listeners that log around next(), one added with { prepend: true }, and a logging guard and wrapper. */
function layeredWaterfall(harness: Harness, tools: ToolRuntimeApi): string[] {
  tools.register(probeTool('read').definition)
  const log: string[] = []
  const layer = (label: string) => async (_exec: unknown, next: () => Promise<PreToolDecision>) => {
    log.push(`${label}:before`)
    const decision = await next()
    log.push(`${label}:after:${$JSON.stringify(decision)}`)
    return decision
  }
  harness.on('tools/pre-execute', layer('a'))
  harness.on('tools/pre-execute', layer('b'))
  harness.on('tools/pre-execute', layer('first'), { prepend: true })
  tools.guard(() => {
    log.push('guard')
    return undefined
  })
  harness.on('tools/execute', (_exec, next) => {
    log.push('execute')
    return next()
  })
  return log
}

// The order the listeners run in is open (OP-32): upstream's is PRE-24's.
check('PRE-01', 'the base next() resolves allow, and the whole waterfall settles before guards and tools/execute', async ({ harness, tools }) => {
  const log = layeredWaterfall(harness, tools)

  expectSuccess(await tools.execute(call('read')))

  const allow = $JSON.stringify({ kind: 'allow' })
  expect(log.filter((entry) => entry.includes(':')).sort(), 'every listener ran before and after next(), each seeing allow').toEqual(
    ['a:before', 'b:before', 'first:before', `a:after:${allow}`, `b:after:${allow}`, `first:after:${allow}`].sort(),
  )
  // Where the guard runs is GRD-02's, whether it runs at all GRD-08's (./_kit/guard-means.ts).
  expectTraceAsideGuard(
    log.map((entry) => (entry.includes(':') ? 'waterfall' : entry)),
    ['waterfall', 'waterfall', 'waterfall', 'waterfall', 'waterfall', 'waterfall', 'guard', 'execute'],
    'tools/execute comes after the waterfall settled',
  )
})

check('PRE-24', 'listeners run outermost first in registration order, a prepended one ahead', async ({ harness, tools }) => {
  const log = layeredWaterfall(harness, tools)

  expectSuccess(await tools.execute(call('read')))

  const allow = $JSON.stringify({ kind: 'allow' })
  expect(
    log.filter((entry) => entry.includes(':')),
    'listener call order',
  ).toEqual(['first:before', 'a:before', 'b:before', `b:after:${allow}`, `a:after:${allow}`, `first:after:${allow}`])
})

check('PRE-02', 'pre-execute runs once for an ordinary call', async ({ harness, tools }) => {
  const { stages } = setup(harness, tools, 'read')

  await tools.execute(call('read'))

  expect(stages.count('pre'), 'pre stage runs').toBe(1)
})

check('PRE-02', 'pre-execute does not run for an argument failure', async ({ harness, tools }) => {
  const { stages } = setup(harness, tools, 'read')

  const result = await tools.execute(call('read', { n: Number.NaN }))

  expect(result.isError, 'isError').toBe(true)
  expect(stages.count('pre'), 'pre stage runs').toBe(0)
  // Control: a call whose arguments materialise does reach pre-execute, once.
  await tools.execute(call('read'))
  expect(stages.count('pre'), 'pre stage runs after a well-formed call').toBe(1)
})

// Whether a call already aborted at entry meets pre-execute is open (OP-51), upstream's side CAN-21's (the seeds
// speak of cancellation after entry); its code is CAN-25's.
check('CAN-21', 'pre-execute does not run for a call whose signal was aborted before entry', async ({ harness, tools }) => {
  const { stages, probe } = setup(harness, tools, 'read')

  const result = await tools.execute(call('read', {}, { signal: abortedSignal() }))

  incidental('CAN-25', () => expectCode(result, 'ABORTED_BEFORE_DISPATCH'))
  expect(stages.count('pre'), 'pre stage runs').toBe(0)
  expect(probe.bodyCalls, 'body calls').toBe(0)
  // Control: a call with a live signal does reach pre-execute, once.
  await tools.execute(call('read'))
  expect(stages.count('pre'), 'pre stage runs after a live call').toBe(1)
})

// Whether such a call passes through the policy stages at all is VIS-25's (./_kit/lookup.ts); the seeds pin only UNKNOWN_TOOL.
check('PRE-03', 'an unknown name ends as UNKNOWN_TOOL, after the policy stages in pipeline order if it passes through them', async ({ harness, tools }) => {
  const seen: string[] = []
  harness.on('tools/pre-execute', (exec, next) => {
    seen.push(`pre:${exec.name}`)
    return next()
  })
  tools.guard((exec) => {
    seen.push(`guard:${exec.name}`)
    return undefined
  })
  harness.on('tools/execute', (exec, next) => {
    seen.push(`execute:${exec.name}`)
    return next()
  })
  harness.on('tools/post-execute', (exec, result, next) => {
    seen.push(`post:${exec.name}:${result.error?.info?.code}`)
    return next()
  })
  harness.on('tools/result', (exec) => {
    seen.push(`result:${exec.name}`)
  })

  const result = await tools.execute(call('ghost'))

  expectCode(result, 'UNKNOWN_TOOL')
  expectLookupStages(seen, ['pre:ghost', 'guard:ghost', 'execute:ghost', 'post:ghost:UNKNOWN_TOOL', 'result:ghost'], 'result:ghost', (stage) =>
    stage.startsWith('post:'),
  )
})

check(
  'PRE-03',
  'a tool registered only in another scope ends as UNKNOWN_TOOL for this agent without running',
  async ({ harness, tools, scope }) => {
    const owner = await scope()
    const caller = await scope()
    const probe = probeTool('private')
    owner.tools.register(probe.definition)
    const stages = recordStages(harness)

    const result = await tools.execute(call('private', {}, { agent: caller.agent }))

    expectCode(result, 'UNKNOWN_TOOL')
    expectLookupStages(stages.order, ['pre', 'execute', 'post', 'result'], 'result')
    expect(probe.bodyCalls, 'body calls').toBe(0)
  },
  { needs: ['scopes'] },
)

check(['PRE-04', 'PRE-26'], 'a deny decision skips tools/execute and the body, and post-execute receives that denial', async ({ harness, tools }) => {
  const { stages, probe, guard } = setup(harness, tools)
  decide(harness, { kind: 'deny', reason: 'read-only session' })
  const inPost: { isError: unknown; message: unknown; frozen: boolean }[] = []
  harness.on('tools/post-execute', (_exec, result, next) => {
    inPost.push({ isError: result.isError, message: result.error?.message, frozen: isDeepFrozen(result) })
    return next()
  })

  const result = await tools.execute(call('write'))

  // The message is open (prose): that it is the reason is PRE-25's.
  expectDenialFor(result, 'read-only session', 'PRE-25')
  expectStagesAside(stages, ['pre', 'result'], 'POST-28')
  expect(probe.bodyCalls, 'body calls').toBe(0)
  incidental('PRE-29', () => expect(guard.calls, 'guard calls (PRE-29)').toBe(0))
  // When post-execute runs (POST-28's, OP-06), it receives the denial; that it is frozen already is PRE-26's.
  const seen = inPost.map(({ isError, message }) => ({ isError, message }))
  expect(seen).toEqual(stages.count('post') === 0 ? [] : [{ isError: true, message: result.error?.message }])
  forRules('PRE-26', () => expect(inPost.filter((x) => !x.frozen).length, 'denials post-execute received unfrozen').toBe(0))
})

// The seeds say only that "`deny` materializes an error": that its message is the reason as it is, is upstream's.
check('PRE-25', "a deny decision's message is its reason verbatim", async ({ harness, tools }) => {
  setup(harness, tools)
  decide(harness, { kind: 'deny', reason: 'read-only session' })

  const result = await tools.execute(call('write'))

  expect(result.error?.message).toBe('read-only session')
})

// Guards can only deny, so whether they still run for a call pre-execute already ended changes no outcome the seeds describe.
// An ask the service does not grant is charged incidentally in PRE-08's tests (here it would also hang on PRE-05).
check('PRE-29', 'guards are not evaluated after a deny or a throwing listener', async ({ harness, tools }) => {
  const { probe, guard } = setup(harness, tools)
  harness.on('tools/pre-execute', (exec, next) => {
    const { mode } = exec.arguments as { mode: string }
    if (mode === 'deny') return { kind: 'deny', reason: 'no' }
    if (mode === 'throw') throw new Error('policy broke')
    return next()
  })

  for (const mode of ['deny', 'throw']) expect((await tools.execute(call('write', { mode }))).isError, `${mode}: isError`).toBe(true)
  expect(guard.calls, 'guard calls').toBe(0)
  // Control: an allowed call does meet the guard, once.
  expectSuccess(await tools.execute(call('write', { mode: 'allow' })))
  expect([guard.calls, probe.bodyCalls]).toEqual([1, 1])
})

check('PRE-05', 'without an approval service, ask becomes a denial that still reaches post-execute', async ({ harness, tools }) => {
  const { stages, probe, guard } = setup(harness, tools)
  decide(harness, { kind: 'ask', reason: 'writes need a human' })

  const result = await tools.execute(call('write'))

  expectPolicyFailure(result)
  expectStagesAside(stages, ['pre', 'result'], 'POST-28')
  expect(probe.bodyCalls, 'body calls').toBe(0)
  // Guards are not evaluated for a call pre-execute already ended: upstream's PRE-29 (GRD-02 says only that they run after an allow).
  incidental('PRE-29', () => expect(guard.calls, 'guard calls (PRE-29)').toBe(0))
})

check(['PRE-06', 'PRE-27'], 'with a service but no agent, ask is denied even though the service would allow it', async ({ harness, tools, setApproval }) => {
  const { stages, probe } = setup(harness, tools)
  const approval = approvalStub('allowed-once')
  setApproval(approval)
  decide(harness, { kind: 'ask' })

  const result = await tools.execute(call('write'))

  expectPolicyFailure(result)
  expect(probe.bodyCalls, 'body calls').toBe(0)
  expectStagesAside(stages, ['pre', 'result'], 'POST-28')
  forRules('PRE-27', () => expect(approval.requests, 'approval requests').toEqual([]))
})

check('PRE-28', 'the approval request carries agent, tool name, call id and the ask reason', async ({ harness, tools, scope, setApproval }) => {
  const agent = (await scope()).agent
  setup(harness, tools)
  const approval = approvalStub('allowed-once')
  setApproval(approval)
  decide(harness, { kind: 'ask', reason: 'writes need a human' })

  await tools.execute(call('write', {}, { agent, callId: 'call-ask' }))

  expect(approval.requests, 'approval requests').toHaveLength(1)
  const request = approval.requests[0]
  expect([request?.agent === agent, request?.toolName, request?.callId, request?.reason]).toEqual([true, 'write', 'call-ask', 'writes need a human'])
  expect(request?.signal).toBeInstanceOf(AbortSignal)
})

check('PRE-28', 'an ask without a reason sends no reason key', async ({ harness, tools, scope, setApproval }) => {
  const agent = (await scope()).agent
  setup(harness, tools)
  const approval = approvalStub('rejected')
  setApproval(approval)
  decide(harness, { kind: 'ask' })

  await tools.execute(call('write', {}, { agent }))

  expect(approval.requests, 'approval requests').toHaveLength(1)
  expect('reason' in (approval.requests[0] ?? {})).toBe(false)
})

/** Mounts an approval service whose one answer the test gives, and an ask; `asked` resolves once the request arrived. */
function pendingApproval(harness: Harness, setApproval: (service: ApprovalStub) => void, onRequest?: () => void) {
  const asked = deferred()
  const answer = deferred<ApprovalOutcome>()
  const approval = approvalStub(() => {
    onRequest?.()
    asked.resolve()
    return answer.promise
  })
  setApproval(approval)
  decide(harness, { kind: 'ask' })
  return { approval, asked: asked.promise, answer: answer.resolve }
}

// PRE-07 is about an ask the registry submitted; that an ask with a service and an agent is submitted at all (the
// seeds also deny for a missing approval channel, 000 §执行) and what the request carries are PRE-28's. What a caller
// abort does while the answer is pending is CAN-04's (and whether it is awaited then, OP-69, PRE-32's).
check('PRE-07', 'the answer is awaited and the body runs only after allowed-once', async ({ harness, tools, scope, setApproval }) => {
  const agent = (await scope()).agent
  const { probe } = setup(harness, tools)
  const pending = pendingApproval(harness, setApproval)

  const run = track(tools.execute(call('write', {}, { agent })))
  await Promise.race([pending.asked, run.result])
  precondition('PRE-28', () => expect(pending.approval.requests, 'the ask is submitted to the approval service (PRE-28)').toHaveLength(1))
  await settle()
  expect(run.state.settled, 'settled while the answer is pending').toBe(false)
  expect(probe.bodyCalls, 'body calls while the answer is pending').toBe(0)
  pending.answer('allowed-once')
  await run.result

  expect(probe.bodyCalls, 'body calls after allowed-once').toBe(1)
})

// The seeds do not describe the approval request; that its signal aborts with the caller is upstream's (PRE-28).
check('PRE-28', "the request's signal aborts when the caller aborts", async ({ harness, tools, scope, setApproval }) => {
  const agent = (await scope()).agent
  setup(harness, tools)
  const pending = pendingApproval(harness, setApproval)
  const controller = new AbortController()

  const run = tools.execute(call('write', {}, { agent, signal: controller.signal }))
  await Promise.race([pending.asked, run])
  controller.abort()
  const signalAborted = pending.approval.requests.map((request) => request.signal?.aborted)
  pending.answer('rejected')
  await run

  expect(signalAborted, "the one request's signal aborts with the caller").toEqual([true])
})

// PRE-32: the seeds say "never abandons" of the pre-execute listeners only; whether execute() waits for a pending
// approval after the caller aborted is open (OP-69). Upstream awaits the answer, also when the abort comes within the
// request itself, so that the signal is aborted already when the service hands back its pending answer.
const abortMoments = [
  ['once asked', 'a caller abort while the answer is pending still waits for it'],
  ['within the request', 'a caller abort within the approval request still waits for the answer it hands back'],
] as const

for (const [moment, title] of abortMoments) {
  check('PRE-32', title, async ({ harness, tools, scope, setApproval }) => {
    const agent = (await scope()).agent
    const { stages } = setup(harness, tools)
    const controller = new AbortController()
    const abort = (): void => controller.abort(new Error('caller cancelled'))
    const pending = pendingApproval(harness, setApproval, moment === 'within the request' ? abort : undefined)

    const run = track(tools.execute(call('write', {}, { agent, signal: controller.signal })))
    await Promise.race([pending.asked, run.result])
    if (moment === 'once asked') abort()
    await settle()
    const settledEarly = run.state.settled
    const resultsEarly = stages.count('result')
    pending.answer('allowed-once')
    await run.result

    expect(settledEarly, 'execute() settled before the service answered').toBe(false)
    expect(resultsEarly, 'tools/result fired before the service answered').toBe(0)
  })
}

check('PRE-08', 'allowed-once runs the body after the guards', async ({ harness, tools, scope, setApproval }) => {
  const agent = (await scope()).agent
  const { probe, guard } = setup(harness, tools)
  const approval = approvalStub('allowed-once')
  setApproval(approval)
  decide(harness, { kind: 'ask' })

  const result = await tools.execute(call('write', {}, { agent }))

  expect(
    approval.requests.map((request) => request.toolName),
    'the ask reached the approval service',
  ).toEqual(['write'])
  expectSuccess(result)
  expectGuardCalls(guard.calls, 1)
  expect(probe.bodyCalls, 'body calls').toBe(1)
})

check('PRE-08', 'allowed-once does not bypass a denying guard', async ({ harness, tools, scope, setApproval }) => {
  const agent = (await scope()).agent
  const probe = probeTool('write')
  tools.register(probe.definition)
  // Counts, each time the guard runs, the approval requests made before it.
  let requestsSoFar = (): number => 0
  let requestsBeforeGuard: number | undefined
  tools.guard(() => {
    requestsBeforeGuard = requestsSoFar()
    return 'guard still says no'
  })
  // The means: the guard denies an ordinary call (GRD-07's), before the ask is added.
  await guardDeniesControl(tools, call('write', {}, { agent }), 'guard still says no')
  const approval = approvalStub('allowed-once')
  requestsSoFar = () => approval.requests.length
  setApproval(approval)
  decide(harness, { kind: 'ask' })

  const result = await tools.execute(call('write', {}, { agent }))

  const asked = (): void =>
    expect(
      approval.requests.map((request) => request.toolName),
      'the ask reached the approval service',
    ).toEqual(['write'])
  // A guard that ran before any ask stands before the pre-execute waterfall: GRD-02's place, not this rule's.
  if (approval.requests.length === 0 && requestsBeforeGuard === 0) incidental('GRD-02', asked)
  else asked()
  expectGuardDenial(result, 'guard still says no')
  expect(probe.bodyCalls, 'body calls').toBe(0)
})

for (const outcome of ['rejected', 'cancelled', 'unavailable'] as const) {
  check('PRE-08', `the outcome ${outcome} is a denial that skips the body but reaches post-execute`, async ({ harness, tools, scope, setApproval }) => {
    const agent = (await scope()).agent
    const { stages, probe, guard } = setup(harness, tools)
    setApproval(approvalStub(outcome))
    decide(harness, { kind: 'ask', reason: 'please' })

    const result = await tools.execute(call('write', {}, { agent }))

    expectPolicyFailure(result)
    expectStagesAside(stages, ['pre', 'result'], 'POST-28')
    expect(probe.bodyCalls, 'body calls').toBe(0)
    incidental('PRE-29', () => expect(guard.calls, 'guard calls (PRE-29)').toBe(0))
    expectEnveloped(result)
  })
}

check(
  'PRE-09',
  'cancelled while the caller is aborted ends as ABORTED_BEFORE_DISPATCH without meeting the guards, still reaching post-execute',
  async ({ harness, tools, scope, setApproval }) => {
    const agent = (await scope()).agent
    const { stages, probe, guard } = setup(harness, tools)
    const asked = deferred()
    const answer = deferred<ApprovalOutcome>()
    setApproval(
      approvalStub(() => {
        asked.resolve()
        return answer.promise
      }),
    )
    decide(harness, { kind: 'ask' })
    const controller = new AbortController()

    const pending = tools.execute(call('write', {}, { agent, signal: controller.signal }))
    await asked.promise
    controller.abort()
    answer.resolve('cancelled')
    const result = await pending

    expectCode(result, 'ABORTED_BEFORE_DISPATCH')
    expect(stages.order, 'stage order').toEqual(['pre', 'post', 'result'])
    expect(probe.bodyCalls, 'body calls').toBe(0)
    expect(guard.calls, 'guard calls: only allowed-once meets the guards').toBe(0)
  },
)

check('PRE-10', 'a rogue approval outcome is a final failure: no guard, body or post-execute', async ({ harness, tools, scope, setApproval }) => {
  const agent = (await scope()).agent
  const { stages, probe, guard } = setup(harness, tools)
  setApproval(approvalStub(() => 'maybe-later' as ApprovalOutcome))
  decide(harness, { kind: 'ask' })

  const result = await tools.execute(call('write', {}, { agent }))

  expect(result.isError, 'isError').toBe(true)
  expect(stages.order, 'stage order').toEqual(['pre', 'result'])
  expect(guard.calls, 'guard calls').toBe(0)
  expect(probe.bodyCalls, 'body calls').toBe(0)
})

// The seeds type the answer as one of four strings; anything else (nothing at all, null, an object that
// looks like a grant) is the same rogue answer upstream ends as a final failure.
check('PRE-10', 'an approval answer of undefined, null or an object is a final failure too', async ({ harness, tools, scope, setApproval }) => {
  const agent = (await scope()).agent
  const { stages, probe, guard } = setup(harness, tools)
  const answers: readonly unknown[] = [undefined, null, { outcome: 'allowed-once' }, ['allowed-once']]
  let next = 0
  setApproval(approvalStub(() => answers[next++] as ApprovalOutcome))
  decide(harness, { kind: 'ask' })

  for (const answer of answers) {
    const before = stages.order.length
    const result = await tools.execute(call('write', {}, { agent }))
    expect(result.isError, `isError for ${$JSON.stringify(answer) ?? 'undefined'}`).toBe(true)
    expect(stages.order.slice(before), `stage order for ${$JSON.stringify(answer) ?? 'undefined'}`).toEqual(['pre', 'result'])
  }
  expect(next, 'the service was asked once per call').toBe(answers.length)
  expect(guard.calls, 'guard calls').toBe(0)
  expect(probe.bodyCalls, 'body calls').toBe(0)
})

check('PRE-11', 'a rejecting approval request is a final failure carrying its message', async ({ harness, tools, scope, setApproval }) => {
  const agent = (await scope()).agent
  const { stages, probe, guard } = setup(harness, tools)
  setApproval(
    approvalStub(() => {
      throw new Error('no open turn')
    }),
  )
  decide(harness, { kind: 'ask' })

  const result = await tools.execute(call('write', {}, { agent }))

  expectPlainFailure(result)
  expect(result.error?.message).toBe('no open turn')
  expect(stages.order, 'stage order').toEqual(['pre', 'result'])
  expect(guard.calls, 'guard calls').toBe(0)
  expect(probe.bodyCalls, 'body calls').toBe(0)
})

for (const mode of ['throws', 'rejects'] as const) {
  check('PRE-12', `a pre-execute listener that ${mode} ends the call without wrappers or body`, async ({ harness, tools }) => {
    const { stages, probe, guard } = setup(harness, tools)
    // Each delegates first, so the stage recorder sees the call whichever listener is outermost (OP-32).
    harness.on(
      'tools/pre-execute',
      mode === 'throws'
        ? (_exec, next) => {
            void next().catch(() => undefined)
            throw new Error('policy broke')
          }
        : async (_exec, next) => {
            await next()
            throw new Error('policy broke')
          },
    )

    const result = await tools.execute(call('write'))

    expectPlainFailure(result)
    expectThrownMessage(result, 'policy broke')
    expectEnveloped(result)
    expectStagesAside(stages, ['pre', 'result'], 'POST-24')
    incidental('PRE-29', () => expect(guard.calls, 'guard calls (PRE-29)').toBe(0))
    expect(probe.bodyCalls, 'body calls').toBe(0)
  })
}

check('PRE-13', 'a pre-execute listener cannot rewrite the arguments the body receives', async ({ harness, tools }) => {
  const probe = probeTool('write')
  tools.register(probe.definition)
  const writes: boolean[] = []
  const views: unknown[] = []
  harness.on('tools/pre-execute', async (exec, next) => {
    const args = exec.arguments as { path: string; opts: { force: boolean } }
    views.push(args)
    writes.push($Reflect.set(args, 'path', '/etc/passwd'), $Reflect.set(args.opts, 'force', true))
    return next()
  })

  const result = await tools.execute(call('write', { path: 'notes.txt', opts: { force: false } }))

  // That the arguments are deep-frozen at all is ARG-04's; PRE-13's is that pre-execute cannot write through them.
  argumentsDeepFrozenFirst(views[0], 'tools/pre-execute, once the call settled')
  expectSuccess(result)
  expect(writes).toEqual([false, false])
  expect(probe.bodyArgs, 'body arguments').toEqual([{ path: 'notes.txt', opts: { force: false } }])
})

// Whether a decision with extra fields is ignored or refused as malformed is open (OP-34): upstream ignores them.
check(['PRE-13', 'PRE-30'], 'an allow decision carrying arguments or input does not rewrite the arguments', async ({ harness, tools }) => {
  const probe = probeTool('write')
  tools.register(probe.definition)
  let heard = 0
  harness.on('tools/pre-execute', async (_exec, next) => {
    heard += 1
    await next()
    return { kind: 'allow', arguments: { path: '/etc/shadow' }, input: { path: '/etc/shadow' } } as PreToolDecision
  })

  const result = await tools.execute(call('write', { path: 'notes.txt' }))

  expect(heard, 'the pre-execute listener ran').toBe(1)
  expect(
    probe.bodyArgs.filter((args) => $JSON.stringify(args) !== $JSON.stringify({ path: 'notes.txt' })),
    'rewritten body arguments',
  ).toEqual([])
  forRules('PRE-30', () => {
    expectSuccess(result)
    expect(probe.bodyArgs, 'body arguments').toEqual([{ path: 'notes.txt' }])
  })
})

/** A pre-execute listener held open until the test releases it, and a call whose caller aborts meanwhile. */
async function abortWhilePreIsPending(harness: Harness, tools: ToolRuntimeApi) {
  const entered = deferred()
  const gate = deferred<PreToolDecision>()
  // It delegates once released, so the stage recorder sees the call whichever listener is outermost (OP-32).
  harness.on('tools/pre-execute', async (_exec, next) => {
    entered.resolve()
    const decision = await gate.promise
    await next()
    return decision
  })
  const controller = new AbortController()
  const run = track(tools.execute(call('write', {}, { signal: controller.signal })))
  await entered.promise
  controller.abort()
  await settle()
  return { gate, run }
}

check('PRE-14', 'an allow after a caller abort during pre-execute is awaited and ends as ABORTED_BEFORE_DISPATCH', async ({ harness, tools }) => {
  const { stages, probe } = setup(harness, tools)
  const { gate, run } = await abortWhilePreIsPending(harness, tools)

  expect(run.state.settled, 'the registry must keep awaiting the pending listener').toBe(false)
  gate.resolve({ kind: 'allow' })
  const result = await run.result

  expectCode(result, 'ABORTED_BEFORE_DISPATCH')
  // Whether the call still meets the tools/execute wrappers is open (OP-52): upstream's side is CAN-22's.
  const executeRuns = stages.count('execute')
  incidental('CAN-22', () => expect(executeRuns, 'the call does not enter tools/execute (CAN-22)').toBe(0))
  expectOrderAsidePost(
    stages.order.filter((stage) => stage !== 'execute'),
    ['pre', 'result'],
    'result',
  )
  expectPostRouting('POST-25', stages.count('post'))
  expect(probe.bodyCalls, 'body calls').toBe(0)
})

// Whether the cancellation recheck replaces a deny or a failure is PRE-31's: the seeds do not say.
check(['PRE-14', 'PRE-31'], 'a deny after a caller abort during pre-execute stays that denial', async ({ harness, tools }) => {
  const { probe } = setup(harness, tools)
  const { gate, run } = await abortWhilePreIsPending(harness, tools)

  expect(run.state.settled, 'settled').toBe(false)
  gate.resolve({ kind: 'deny', reason: 'late denial' })
  const result = await run.result

  expect(result.isError, 'isError').toBe(true)
  expect(probe.bodyCalls, 'body calls').toBe(0)
  forRules('PRE-31', () => expectDenialFor(result, 'late denial', 'PRE-25'))
})

check(['PRE-14', 'PRE-31'], 'a throw after a caller abort during pre-execute stays that failure', async ({ harness, tools }) => {
  const { stages, probe } = setup(harness, tools)
  const { gate, run } = await abortWhilePreIsPending(harness, tools)

  expect(run.state.settled, 'settled').toBe(false)
  gate.reject(new Error('late policy failure'))
  const result = await run.result

  expect(result.isError, 'isError').toBe(true)
  expect(probe.bodyCalls, 'body calls').toBe(0)
  forRules('PRE-31', () => {
    expectPlainFailure(result)
    expectThrownMessage(result, 'late policy failure')
    expectStagesAside(stages, ['pre', 'result'], 'POST-24')
  })
})

const malformed: [label: string, decision: unknown][] = [
  ['undefined', undefined],
  ['null', null],
  ['a bare string', 'allow'],
  ['an unknown kind', { kind: 'proceed' }],
  ['a deny without a reason', { kind: 'deny' }],
  ['a deny with a non-string reason', { kind: 'deny', reason: 42 }],
]

for (const [label, decision] of malformed) {
  check('PRE-15', `a malformed decision (${label}) never bypasses a denying guard`, async ({ harness, tools }) => {
    const stages = recordStages(harness)
    const probe = probeTool('write')
    tools.register(probe.definition)
    tools.guard(() => 'guarded')
    decide(harness, decision)

    const result = await tools.execute(call('write'))

    expect(result.isError, 'isError').toBe(true)
    expect(probe.bodyCalls, 'body calls').toBe(0)
    expect(stages.count('result'), 'result stage runs').toBe(1)
  })

  check('PRE-22', `a malformed decision (${label}) fails closed: no guard, tools/execute or body`, async ({ harness, tools }) => {
    const { stages, probe, guard } = setup(harness, tools)
    decide(harness, decision)

    const result = await tools.execute(call('write'))

    expect(result.isError, 'isError').toBe(true)
    expect(guard.calls, 'guard calls').toBe(0)
    expect(stages.count('execute'), 'execute stage runs').toBe(0)
    expect(probe.bodyCalls, 'body calls').toBe(0)
    expect(stages.count('result'), 'result stage runs').toBe(1)
  })
}

check('PRE-16', 'a scoped pre-execute listener gates only its own agent', async ({ tools, scope }) => {
  const gated = await scope()
  const bystander = await scope()
  const probe = probeTool('write')
  tools.register(probe.definition)
  const seen: unknown[] = []
  gated.on('tools/pre-execute', (exec) => {
    seen.push(exec.agent)
    return { kind: 'deny', reason: 'scoped policy' }
  })

  const own = await tools.execute(call('write', {}, { agent: gated.agent }))
  const other = await tools.execute(call('write', {}, { agent: bystander.agent }))
  const agentless = await tools.execute(call('write'))

  expectDenial(own, 'scoped policy')
  expectSuccess(other)
  expectSuccess(agentless)
  expect(seen, 'agents the scoped listener saw').toEqual([gated.agent])
  expect(probe.bodyCalls, 'body calls').toBe(2)
})

check(
  'VIS-27',
  'a scoped pre-execute listener also gates descendants of its agent',
  async ({ tools, scope }) => {
    const parent = await scope()
    const child = await scope(parent)
    const probe = probeTool('write')
    tools.register(probe.definition)
    parent.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'parent policy' }))

    const result = await tools.execute(call('write', {}, { agent: child.agent }))

    expectDenial(result, 'parent policy')
    expect(probe.bodyCalls, 'body calls').toBe(0)
  },
  { needs: ['scopeParents'] },
)

check('PRE-17', 'the no-service ask denial reuses the ask reason', async ({ harness, tools }) => {
  tools.register(probeTool('write').definition)
  decide(harness, { kind: 'ask', reason: 'writes need a human' })

  const result = await tools.execute(call('write'))

  expectDenial(result, 'writes need a human')
})

check('PRE-17', 'the no-service ask denial without a reason says approval is not yet supported', async ({ harness, tools }) => {
  tools.register(probeTool('write').definition)
  decide(harness, { kind: 'ask' })

  const result = await tools.execute(call('write'))

  expectDenial(result, 'tool "write" requires approval (not yet supported)')
})

for (const reason of ['writes need a human', '']) {
  check('PRE-23', `without an approval service, the ask reason ${$JSON.stringify(reason)} is the denial message verbatim`, async ({ harness, tools }) => {
    const probe = probeTool('write')
    tools.register(probe.definition)
    decide(harness, { kind: 'ask', reason })

    const result = await tools.execute(call('write'))

    // That the unserviced ask is a denial at all is PRE-05's.
    precondition('PRE-05', () => expect(result.isError, 'the ask is denied').toBe(true))
    expect(result.error?.message).toBe(reason)
    expectEnveloped(result)
    expect(probe.bodyCalls, 'body calls').toBe(0)
  })
}

check('PRE-18', 'the agent-less ask denial says there is no agent to route through', async ({ harness, tools, setApproval }) => {
  tools.register(probeTool('write').definition)
  setApproval(approvalStub('allowed-once'))
  decide(harness, { kind: 'ask', reason: 'ignored' })

  const result = await tools.execute(call('write'))

  expectDenial(result, 'tool "write" requires approval, but the call has no agent to route it through')
})

const outcomeMessages: [ApprovalOutcome, string][] = [
  ['rejected', 'the user rejected tool "write"'],
  ['cancelled', 'approval for tool "write" was cancelled'],
  ['unavailable', 'tool "write" requires approval, but no approval channel is available'],
]

for (const [outcome, message] of outcomeMessages) {
  check('PRE-19', `the ${outcome} denial has its fixed wording, not the ask reason`, async ({ harness, tools, scope, setApproval }) => {
    const agent = (await scope()).agent
    tools.register(probeTool('write').definition)
    setApproval(approvalStub(outcome))
    decide(harness, { kind: 'ask', reason: 'the ask reason' })

    const result = await tools.execute(call('write', {}, { agent }))

    expectDenial(result, message)
  })
}

check('PRE-20', 'a rogue approval outcome names the unreachable variant', async ({ harness, tools, scope, setApproval }) => {
  const agent = (await scope()).agent
  tools.register(probeTool('write').definition)
  setApproval(approvalStub(() => 'maybe-later' as ApprovalOutcome))
  decide(harness, { kind: 'ask' })

  const result = await tools.execute(call('write', {}, { agent }))

  expect(result.error?.message).toBe('unreachable variant in ApprovalOutcome: "maybe-later"')
})

for (const mode of ['throws', 'rejects'] as const) {
  check(
    'PRE-12',
    `a pre-execute listener that ${mode} a coded error ends the call with that error's info`,
    async ({ harness, tools, harnessError }) => {
      const { stages, probe, guard } = setup(harness, tools)
      const thrown = harnessError('policy broke', 'POLICY_DOWN')
      // Each delegates first, so the stage recorder sees the call whichever listener is outermost (OP-32).
      harness.on(
        'tools/pre-execute',
        mode === 'throws'
          ? (_exec, next) => {
              void next().catch(() => undefined)
              throw thrown
            }
          : (_exec, next) => next().then(() => Promise.reject(thrown)),
      )

      const result = await tools.execute(call('write'))

      // That the failure keeps the error's info is ERR-21's alone (OP-56).
      incidental('ERR-21', () => expect(result.error?.info, "the error's info (ERR-21)").toEqual({ name: thrown.name, code: 'POLICY_DOWN' }))
      expectThrownMessage(result, 'policy broke')
      // Which stages still run is PRE-12's alone.
      forRules('PRE-12', () => {
        expectStagesAside(stages, ['pre', 'result'], 'POST-24')
        incidental('PRE-29', () => expect(guard.calls, 'guard calls (PRE-29)').toBe(0))
        expect(probe.bodyCalls, 'body calls').toBe(0)
      })
    },
    { needs: ['codedErrors'] },
  )
}

check(
  'PRE-21',
  'neither a global nor a scoped tools/pre-execute listener sees a call collapsed by Code Mode',
  async ({ tools, harness, scope, presentAs }) => {
    tools.register(probeTool('echo').definition)
    const coded = await scope()
    presentAs(coded, 'code')
    let globalSeen = 0
    let scopedSeen = 0
    harness.on('tools/pre-execute', (_exec, next) => {
      globalSeen += 1
      return next()
    })
    coded.on('tools/pre-execute', (_exec, next) => {
      scopedSeen += 1
      return next()
    })
    expectCode(await tools.execute(call('echo', {}, { agent: coded.agent })), 'UNKNOWN_TOOL')
    expect({ globalSeen, scopedSeen }).toEqual({ globalSeen: 0, scopedSeen: 0 })
    expectSuccess(await tools.execute(call('echo')))
    expect(globalSeen, 'the listener does run for a native call').toBe(1)
  },
  { needs: ['scopes'] },
)

check(
  'PRE-21',
  'under a code deployment, tools/pre-execute does not see a global call collapsed by Code Mode',
  async ({ tools, harness }) => {
    tools.register(probeTool('echo').definition)
    let seen = 0
    harness.on('tools/pre-execute', (_exec, next) => {
      seen += 1
      return next()
    })
    expectCode(await tools.execute(call('echo')), 'UNKNOWN_TOOL')
    expect(seen).toBe(0)
    // A call with any parent is not collapsed, so the same listener sees it: whether a parent that is no live token
    // counts is open (OP-36), upstream's side ARG-21's.
    const forged = await tools.execute(call('echo', {}, { parent: Symbol('outer') }))
    incidental('ARG-21', () => {
      expectSuccess(forged)
      expect(seen, 'the listener does run for a call with a parent (ARG-21)').toBe(1)
    })
  },
  { deployment: { mode: 'code' } },
)
