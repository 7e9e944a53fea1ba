import { $Object, $Reflect } from './_kit/intrinsics.ts'
import { getEventListeners } from 'node:events'
import { expect } from 'vitest'
import type { ToolDefinition, ToolExecutionResult } from '../spec/types.ts'
import type { Harness } from '../adapter/contract.ts'
import { check } from './_kit/check.ts'
import { deferredSurviveBodyThrow, expectDeferredOnListenerFailure } from './_kit/contexts.ts'
import { incidental, precondition } from './_kit/incidental.ts'
import { deferred, settle } from './_kit/deferred.ts'
import { abortedSignal, call } from './_kit/inputs.ts'
import { trackListeners } from './_kit/listeners.ts'
import {
  expectCode,
  expectEnveloped,
  expectErrorIdentity,
  expectKeptThrownMessage,
  expectOnlyKeys,
  expectSuccess,
  expectThrownMessage,
  isDeepFrozen,
} from './_kit/result-assertions.ts'
import { recordStages } from './_kit/stages.ts'
import { expectGuardConsulted, expectGuardDenied, expectTraceAsideGuard } from './_kit/guard-means.ts'
import { expectPostRouting } from './_kit/routing.ts'
import { contextMessage, probeTool, renderJson, text } from './_kit/tools.ts'
import { mountScripted, runCode } from './_kit/code-mode.ts'

/** A success a wrapper writes itself, without calling next(). */
function authoredSuccess(value: unknown, extra: Record<string, unknown> = {}): ToolExecutionResult {
  return { isError: false, value, content: [text('authored by the wrapper')], ...extra } as ToolExecutionResult
}

/** A raw tool whose execute throws synchronously instead of returning a rejected promise. */
function syncThrowingTool(name: string): ToolDefinition {
  return {
    name,
    description: 'throws before returning a promise',
    parameters: { type: 'object', properties: {} },
    output: { schema: {}, render: renderJson },
    execute() {
      throw new Error('sync boom')
    },
  }
}

check('EXE-01', 'the wrapper nests the body between the end of pre-execute and the start of post-execute', async ({ harness, tools }) => {
  const log: string[] = []
  tools.register(probeTool('echo', { body: () => (log.push('body'), 1) }).definition)
  harness.on('tools/pre-execute', async (_exec, next) => {
    log.push('pre')
    const decision = await next()
    log.push('pre:after')
    return decision
  })
  tools.guard(() => {
    log.push('guard')
    return undefined
  })
  harness.on('tools/execute', async (_exec, next) => {
    log.push('execute:before')
    const result = await next()
    log.push('execute:after')
    return result
  })
  harness.on('tools/post-execute', (_exec, _result, next) => {
    log.push('post')
    return next()
  })

  expectSuccess(await tools.execute(call('echo')))
  expectTraceAsideGuard(log, ['pre', 'pre:after', 'guard', 'execute:before', 'body', 'execute:after', 'post'], 'call order')
})

check('EXE-01', 'tools/execute is not entered after a deny, a guard denial or an abort during the guards', async ({ harness, tools }) => {
  const probe = probeTool('echo')
  tools.register(probe.definition)
  const stages = recordStages(harness)
  let mode: 'deny' | 'guard' | 'abort' = 'deny'
  const controller = new AbortController()
  harness.on('tools/pre-execute', (_exec, next) => (mode === 'deny' ? { kind: 'deny', reason: 'no' } : next()))
  let aborts = 0
  tools.guard(() => {
    if (mode === 'guard') return 'guarded'
    if (mode === 'abort') {
      aborts += 1
      controller.abort()
    }
    return undefined
  })

  await tools.execute(call('echo'))
  mode = 'guard'
  // The means: the guard's reason denies the call (GRD-07's).
  expectGuardDenied(await tools.execute(call('echo')), 'guarded')
  expect(stages.count('execute'), 'execute stage runs after a deny or a guard denial').toBe(0)
  mode = 'abort'
  const aborted = await tools.execute(call('echo', {}, { signal: controller.signal }))
  // The means: the guard that aborts the caller was consulted (GRD-08's).
  expectGuardConsulted(aborts)
  expectCode(aborted, 'ABORTED_BEFORE_DISPATCH')

  expect(probe.bodyCalls, 'body calls').toBe(0)
  // The seeds skip the body; that the wrappers are skipped too after an abort during the guards is POST-25's.
  incidental('POST-25', () => expect(stages.count('execute'), 'execute stage runs after an abort during the guards (POST-25)').toBe(0))
})

check('EXE-02', 'next() resolves a normalized failure when the body throws', async ({ harness, tools }) => {
  tools.register(
    probeTool('explode', {
      body: () => {
        throw new Error('kaboom')
      },
    }).definition,
  )
  let seen: ToolExecutionResult | undefined
  harness.on('tools/execute', async (_exec, next) => {
    seen = await next()
    return seen
  })

  const result = await tools.execute(call('explode'))

  expect(seen?.isError).toBe(true)
  expectThrownMessage(seen as ToolExecutionResult, 'kaboom')
  expectThrownMessage(result, 'kaboom')
})

check('EXE-02', 'next() resolves a canonical success built from the body value', async ({ harness, tools }) => {
  tools.register(probeTool('echo', { body: () => ({ n: 1 }) }).definition)
  let seen: ToolExecutionResult | undefined
  harness.on('tools/execute', async (_exec, next) => {
    seen = await next()
    return seen
  })

  await tools.execute(call('echo'))

  expectSuccess(seen as ToolExecutionResult)
  expect(seen?.value, 'value').toEqual({ n: 1 })
  expect(seen?.content, 'content').toEqual([text('{"n":1}')])
  expectOnlyKeys(seen as ToolExecutionResult, ['isError', 'value', 'content'])
})

check('EXE-02', 'next() resolves a result, never a rejection, when the tool was removed during pre-execute', async ({ harness, tools }) => {
  const probe = probeTool('vanishing')
  const dispose = tools.register(probe.definition)
  harness.on('tools/pre-execute', (_exec, next) => {
    dispose()
    return next()
  })
  let seen: ToolExecutionResult | undefined
  let rejected: { readonly error: unknown } | undefined
  harness.on('tools/execute', async (_exec, next) => {
    try {
      seen = await next()
    } catch (error) {
      rejected = { error }
      throw error
    }
    return seen
  })

  await tools.execute(call('vanishing'))

  expect(rejected, 'next() rejected').toBeUndefined()
  expect(typeof seen?.isError, 'next() resolved a result').toBe('boolean')
  // That next() looks the tool up again, so it resolves UNKNOWN_TOOL without running the body, is VIS-16's.
  incidental('VIS-16', () => {
    expectCode(seen as ToolExecutionResult, 'UNKNOWN_TOOL')
    expect(probe.bodyCalls, 'body calls').toBe(0)
  })
})

check('EXE-03', 'a short-circuit success skips the body and is re-rendered from its value', async ({ harness, tools }) => {
  const probe = probeTool('echo')
  tools.register(probe.definition)
  const stages = recordStages(harness)
  const ctx = contextMessage('from the wrapper')
  harness.on('tools/execute', () => authoredSuccess('short-circuited', { concludesTurn: true, additionalContexts: [ctx] }))

  const result = await tools.execute(call('echo'))

  expect(probe.bodyCalls, 'body calls').toBe(0)
  expectSuccess(result)
  expect(result.value).toBe('short-circuited')
  expect(result.content).toEqual([text('"short-circuited"')])
  expect('concludesTurn' in result).toBe(false)
  expect(result.additionalContexts).toEqual([ctx])
  expect(stages.count('post'), 'post stage runs').toBe(1)
})

check('EXE-03', 'a short-circuit success whose value breaks the output schema becomes INVALID_TOOL_OUTPUT', async ({ harness, tools }) => {
  const probe = probeTool('count', { schema: { type: 'integer' } })
  tools.register(probe.definition)
  harness.on('tools/execute', () => authoredSuccess('not a number'))

  expectCode(await tools.execute(call('count')), 'INVALID_TOOL_OUTPUT')
  expect(probe.bodyCalls, 'body calls').toBe(0)
})

check(
  'EXE-03',
  'a short-circuit success gets meta recomputed from its value, not the authored meta',
  async ({ harness, tools }) => {
    tools.register(probeTool('echo', { presentationMeta: (_args, value) => ({ projected: value }) }).definition)
    harness.on('tools/execute', () => authoredSuccess(7, { meta: { forged: true } }))

    const result = await tools.execute(call('echo'))

    expectSuccess(result)
    expect(result.meta).toEqual({ projected: 7 })
  },
  { needs: ['presentationMeta'] },
)

check('EXE-04', 'a wrapper-authored failure keeps its error, content and contexts and reaches post-execute', async ({ harness, tools }) => {
  tools.register(probeTool('echo').definition)
  const stages = recordStages(harness)
  const authored = {
    isError: true,
    error: { message: 'wrapper said no', info: { name: 'WrapperError', code: 'WRAPPED' } },
    content: [text('custom failure text')],
    additionalContexts: [contextMessage('wrapper context')],
  } as const
  harness.on('tools/execute', () => authored as unknown as ToolExecutionResult)

  const result = await tools.execute(call('echo'))

  expect(result).toEqual(authored)
  expect(stages.count('post'), 'post stage runs').toBe(1)
})

check('EXE-04', 'a wrapper result with a truthy non-boolean isError is handled as a failure', async ({ harness, tools }) => {
  tools.register(probeTool('echo').definition)
  harness.on('tools/execute', () => ({ isError: 1, error: { message: 'truthy failure' }, content: [text('x')] }) as unknown as ToolExecutionResult)

  const result = await tools.execute(call('echo'))

  expect(result.isError, 'isError').toBe(true)
  expect(result.error?.message).toBe('truthy failure')
})

check(
  'EXE-04',
  'a wrapper-authored failure keeps its meta',
  async ({ harness, tools }) => {
    tools.register(probeTool('echo', { presentationMeta: () => ({ projected: true }) }).definition)
    harness.on('tools/execute', () => ({ isError: true, error: { message: 'no' }, content: [], meta: { authored: 1 } }) as ToolExecutionResult)

    const result = await tools.execute(call('echo'))

    expect(result.meta).toEqual({ authored: 1 })
  },
  { needs: ['presentationMeta'] },
)

check('EXE-05', 'the result of this dispatch passes back through a wrapper without being rendered again', async ({ harness, tools }) => {
  let renders = 0
  tools.register(probeTool('echo', { render: (_a, v) => (renders++, [text(String(v))]) }).definition)
  let fromNext: ToolExecutionResult | undefined
  harness.on('tools/execute', async (_exec, next) => {
    fromNext = await next()
    return fromNext
  })

  const result = await tools.execute(call('echo'))

  expect(renders, 'render calls').toBe(1)
  expect(result).toEqual(fromNext)
})

check('EXE-05', 'a copy of this dispatch result is normalized again: its forged content is replaced', async ({ harness, tools }) => {
  tools.register(probeTool('echo', { body: () => 'real' }).definition)
  const listeners = trackListeners(harness)
  listeners.on('tools/execute', async (_exec, next) => ({ ...(await next()), content: [text('forged')] }) as ToolExecutionResult)

  const result = await tools.execute(call('echo'))

  expect(listeners.silent(), 'the forging wrapper never ran').toEqual([])
  expect(result.content).toEqual([text('"real"')])
})

check(
  'EXE-05',
  'replaying a canonical result of another call under a tool whose schema it breaks is a final INVALID_TOOL_OUTPUT',
  async ({ harness, tools }) => {
    tools.register(probeTool('words', { schema: { type: 'string' }, body: () => 'cached text' }).definition)
    const objects = probeTool('objects', { schema: { type: 'object' } })
    tools.register(objects.definition)
    let cached: ToolExecutionResult | undefined
    harness.on('tools/execute', async (exec, next) => {
      if (exec.name === 'objects' && cached !== undefined) return cached
      cached = await next()
      return cached
    })
    await tools.execute(call('words'))
    const stages = recordStages(harness)

    const result = await tools.execute(call('objects'))

    expectCode(result, 'INVALID_TOOL_OUTPUT')
    expect(objects.bodyCalls, 'objects body calls').toBe(0)
    expect(stages.count('post'), 'post stage runs').toBe(0)
    expect(stages.count('result'), 'result stage runs').toBe(1)
  },
)

check('EXE-06', 'a wrapper success for a tool nobody registered is a final UNKNOWN_TOOL', async ({ harness, tools }) => {
  const stages = recordStages(harness)
  harness.on('tools/execute', () => authoredSuccess('invented'))

  const result = await tools.execute(call('ghost'))

  expectCode(result, 'UNKNOWN_TOOL')
  expect(stages.count('result'), 'result stage runs').toBe(1)
  incidental('EXE-18', () => expect(stages.count('post'), 'post stage runs (EXE-18)').toBe(0))
})

// A wrapper success for a tool removed while the wrapper ran is VIS-16's (re-resolution): conformance/suite/vis.test.ts.

check('EXE-15', 'the vanished-tool failure of a wrapper success names the tool', async ({ harness, tools }) => {
  const listeners = trackListeners(harness)
  listeners.on('tools/execute', () => authoredSuccess('invented'))

  const result = await tools.execute(call('ghost'))

  expect(listeners.silent(), 'the inventing wrapper never ran').toEqual([])
  expect(result.error?.message).toBe('unknown tool "ghost"')
  expectEnveloped(result)
})

check('EXE-07', 'a throwing wrapper yields a failure of its error', async ({ harness, tools }) => {
  const probe = probeTool('echo')
  tools.register(probe.definition)
  const stages = recordStages(harness)
  harness.on('tools/execute', async (_exec, next) => {
    await next()
    throw new Error('wrapper broke')
  })

  const result = await tools.execute(call('echo'))

  expect(result.isError, 'isError').toBe(true)
  expectThrownMessage(result, 'wrapper broke')
  expect('value' in result).toBe(false)
  expect(probe.bodyCalls, 'body calls').toBe(1)
  expect(stages.count('post'), 'post stage runs at most once').toBeLessThanOrEqual(1)
  expect(stages.count('result'), 'result stage runs').toBe(1)
  expectPostRouting('POST-24', stages.count('post'))
})

check('EXE-07', 'a throwing wrapper keeps the contexts the body deferred', async ({ harness, tools }) => {
  const deferredCtx = contextMessage('deferred by the body')
  // That a failure keeps what the body deferred at all is CTX-02's, checked first on a throwing body.
  await deferredSurviveBodyThrow(tools, deferredCtx)
  tools.register(probeTool('echo', { body: (_a, exec) => (exec.deferContext(deferredCtx), 1) }).definition)
  harness.on('tools/execute', async (_exec, next) => {
    await next()
    throw new Error('wrapper broke')
  })

  const result = await tools.execute(call('echo'))

  expect(result.isError, 'isError').toBe(true)
  // That a throwing listener's failure keeps them is CTX-06's (one owner, issue 39).
  expectDeferredOnListenerFailure(result.additionalContexts, [deferredCtx])
})

check('EXE-08', 'without a replacement the body gets the caller signal itself', async ({ harness, tools }) => {
  const parked = parkedBody(tools)
  const listeners = trackListeners(harness)
  listeners.on('tools/execute', (_exec, next) => next())
  const controller = new AbortController()

  const pending = tools.execute(call('parked', {}, { signal: controller.signal }))
  await parked.started.promise
  // That it is the caller signal object itself, rather than one that follows it, is EXE-19's (OP-42).
  incidental('EXE-19', () => expect(parked.signal(), 'body signal (EXE-19)').toBe(controller.signal))
  expect(parked.signal().aborted, 'the body signal is live before the abort').toBe(false)
  controller.abort()
  expect(parked.signal().aborted, 'a caller abort reaches the body signal').toBe(true)
  parked.release.resolve()
  await pending
  expect(listeners.silent(), 'the pass-through wrapper never ran').toEqual([])
})

/** Registers a tool whose body records its signal and waits for the test to release it. */
/** Installs a tools/execute wrapper that hands the rest of the call a replacement signal (EXE-08): its controller. */
function replaceSignal(harness: { on: Harness['on'] }): AbortController {
  const replacement = new AbortController()
  harness.on('tools/execute', (exec, next) => {
    exec.signal = replacement.signal
    return next()
  })
  return replacement
}

function parkedBody(tools: { register(d: ToolDefinition): () => void }) {
  const started = deferred()
  const release = deferred()
  let signal: AbortSignal | undefined
  tools.register(
    probeTool('parked', {
      body: async (_args, exec) => {
        signal = exec.signal
        started.resolve()
        await release.promise
        return 'done'
      },
    }).definition,
  )
  return { started, release, signal: () => signal as AbortSignal }
}

check('EXE-08', 'with a replacement the body gets a fused signal that follows the replacement', async ({ harness, tools }) => {
  const parked = parkedBody(tools)
  const replacement = replaceSignal(harness)
  const caller = new AbortController()

  const pending = tools.execute(call('parked', {}, { signal: caller.signal }))
  await parked.started.promise
  const bodySignal = parked.signal()
  incidental('EXE-19', () => {
    expect(bodySignal, "body signal is not the caller's (EXE-19)").not.toBe(caller.signal)
    expect(bodySignal, 'body signal is not the replacement (EXE-19)').not.toBe(replacement.signal)
  })
  expect(bodySignal.aborted).toBe(false)
  const reason = new Error('wrapper deadline')
  replacement.abort(reason)
  expect(bodySignal.aborted).toBe(true)
  incidental('EXE-19', () => expect(bodySignal.reason, 'same reason (EXE-19)').toBe(reason))
  expect(caller.signal.aborted).toBe(false)
  parked.release.resolve()
  await pending
})

check('EXE-08', 'a caller abort reaches the body through the fused signal but leaves the replacement alone', async ({ harness, tools }) => {
  const parked = parkedBody(tools)
  const replacement = replaceSignal(harness)
  const caller = new AbortController()

  const pending = tools.execute(call('parked', {}, { signal: caller.signal }))
  await parked.started.promise
  incidental('EXE-19', () => expect(parked.signal(), "the body got the fused signal, not the caller's (EXE-19)").not.toBe(caller.signal))
  const reason = new Error('user pressed stop')
  caller.abort(reason)
  expect(parked.signal().aborted).toBe(true)
  incidental('EXE-19', () => {
    expect(parked.signal().reason, 'same reason (EXE-19)').toBe(reason)
    expect(replacement.signal.aborted, 'the replacement is left alone (EXE-19)').toBe(false)
  })
  parked.release.resolve()
  await pending
})

check('EXE-09', 'exec.signal is fused during the body, the replacement after next(), the caller signal once restored', async ({ harness, tools }) => {
  const bodySignals: AbortSignal[] = []
  tools.register(probeTool('echo', { body: (_args, exec) => (bodySignals.push(exec.signal), 1) }).definition)
  const caller = new AbortController()
  const replacement = new AbortController()
  let afterNext: AbortSignal | undefined
  harness.on('tools/execute', async (exec, next) => {
    const original = exec.signal
    exec.signal = replacement.signal
    try {
      return await next()
    } finally {
      afterNext = exec.signal
      exec.signal = original
    }
  })
  let postSignal: AbortSignal | undefined
  harness.on('tools/post-execute', (exec, _result, next) => {
    postSignal = exec.signal
    return next()
  })
  let resultSignal: AbortSignal | undefined
  harness.on('tools/result', (exec) => {
    resultSignal = exec.signal
  })

  await tools.execute(call('echo', {}, { signal: caller.signal }))

  const bodySignal = bodySignals.at(-1)
  expect(bodySignal).toBeInstanceOf(AbortSignal)
  // What the wrapper's exec.signal holds during the body and after next() the seeds leave open (OP-43).
  incidental('EXE-20', () => {
    expect(bodySignal, 'body exec.signal is not the replacement (EXE-20)').not.toBe(replacement.signal)
    expect(bodySignal, "body exec.signal is not the caller's (EXE-20)").not.toBe(caller.signal)
    expect(afterNext, 'signal after next() (EXE-20)').toBe(replacement.signal)
  })
  expect(postSignal, 'post-execute signal').toBe(caller.signal)
  expect(resultSignal, 'tools/result signal').toBe(caller.signal)
})

check(
  'EXE-09',
  'a wrapper is entered with the caller signal itself on exec.signal, as pre-execute, guards and post-execute are',
  async ({ harness, tools }) => {
    tools.register(probeTool('echo').definition)
    const seen: [string, AbortSignal][] = []
    harness.on('tools/pre-execute', (exec, next) => (seen.push(['pre', exec.signal]), next()))
    tools.guard((exec) => (seen.push(['guard', exec.signal]), undefined))
    harness.on('tools/execute', (exec, next) => (seen.push(['execute', exec.signal]), next()))
    harness.on('tools/post-execute', (exec, _result, next) => (seen.push(['post', exec.signal]), next()))
    const caller = new AbortController()

    expectSuccess(await tools.execute(call('echo', {}, { signal: caller.signal })))

    expectTraceAsideGuard(
      seen.map(([stage]) => stage),
      ['pre', 'guard', 'execute', 'post'],
    )
    for (const [stage, signal] of seen) expect(signal, `${stage} signal`).toBe(caller.signal)
  },
)

check('EXE-17', 'once the body has settled, aborting the replacement or the caller no longer reaches the signal the body got', async ({ harness, tools }) => {
  const bodySignals: AbortSignal[] = []
  tools.register(probeTool('echo', { body: (_args, exec) => (bodySignals.push(exec.signal), 1) }).definition)
  const caller = new AbortController()
  const replacement = new AbortController()
  harness.on('tools/execute', async (exec, next) => {
    const original = exec.signal
    exec.signal = replacement.signal
    try {
      return await next()
    } finally {
      exec.signal = original
      replacement.abort(new Error('wrapper cleanup after next()'))
    }
  })

  const result = await tools.execute(call('echo', {}, { signal: caller.signal }))

  expectSuccess(result)
  const bodySignal = bodySignals.at(-1)
  expect(bodySignal, 'the body got a fused signal').toBeInstanceOf(AbortSignal)
  expect(bodySignal, 'fused, not the caller signal').not.toBe(caller.signal)
  expect(bodySignal, 'fused, not the replacement').not.toBe(replacement.signal)
  expect(bodySignal?.aborted, 'the replacement aborted after the body settled').toBe(false)
  caller.abort(new Error('stop after the call'))
  expect(bodySignal?.aborted, 'the caller aborted after execute() resolved').toBe(false)
})

// The run_code body ties its run to the signal it was given; like a fused signal, that tie lasts only while the
// body runs. A registry that leaves one abort listener per settled run on a caller signal reused across calls
// grows it without bound (Node warns past ten: MaxListenersExceededWarning).
check(
  'EXE-17',
  'settled run_code calls leave no abort listener on the caller signal they shared',
  async ({ tools, codeMode }) => {
    const runtime = await mountScripted(codeMode)
    const caller = new AbortController()
    const before = getEventListeners(caller.signal, 'abort').length
    let runs = 0
    for (let i = 0; i < 15; i++) {
      expectSuccess(
        await tools.execute(
          runCode(
            runtime.program(() => {
              runs += 1
              return 'done'
            }),
            { signal: caller.signal, callId: `run-${i}` },
          ),
        ),
      )
    }
    expect(runs, 'every program ran').toBe(15)
    expect(getEventListeners(caller.signal, 'abort').length, 'abort listeners left on the caller signal').toBe(before)
  },
  { needs: ['codeMode'], deployment: { mode: 'code' } },
)

check('EXE-10', 'an already-aborted replacement never reaches the body as a live signal', async ({ harness, tools }) => {
  const bodySignals: boolean[] = []
  const probe = probeTool('echo', { body: (_args, exec) => (bodySignals.push(exec.signal.aborted), 1) })
  tools.register(probe.definition)
  const stages = recordStages(harness)
  let seen: ToolExecutionResult | undefined
  harness.on('tools/execute', async (exec, next) => {
    exec.signal = abortedSignal()
    seen = await next()
    return seen
  })

  const result = await tools.execute(call('echo'))

  // The registry fuses the replacement with the caller signal: a body it enters sees the abort.
  expect(bodySignals, 'the signal of each body run is aborted').toEqual(bodySignals.map(() => true))
  expect(stages.count('result'), 'result stage runs').toBe(1)
  incidental('CAN-19', () => {
    expect(probe.bodyCalls, 'an already-aborted replacement skips the body (CAN-19)').toBe(0)
    expectCode(seen as ToolExecutionResult, 'ABORTED_BEFORE_DISPATCH')
    expectCode(result, 'ABORTED_BEFORE_DISPATCH')
    expect(stages.count('post'), 'post stage runs').toBe(1)
  })
})

check('EXE-10', 'a caller abort while a wrapper waits before next() skips the body', async ({ harness, tools }) => {
  const probe = probeTool('echo')
  tools.register(probe.definition)
  const stages = recordStages(harness)
  const entered = deferred()
  const gate = deferred()
  let seen: ToolExecutionResult | undefined
  harness.on('tools/execute', async (_exec, next) => {
    entered.resolve()
    await gate.promise
    seen = await next()
    return seen
  })
  const caller = new AbortController()

  const pending = tools.execute(call('echo', {}, { signal: caller.signal }))
  await entered.promise
  caller.abort()
  gate.resolve()
  const result = await pending

  expectCode(seen as ToolExecutionResult, 'ABORTED_BEFORE_DISPATCH')
  expectCode(result, 'ABORTED_BEFORE_DISPATCH')
  expect(probe.bodyCalls, 'body calls').toBe(0)
  incidental('EXE-21', () => expect(stages.count('post'), 'post stage runs (EXE-21)').toBe(1))
})

check('EXE-11', 'an execute that throws synchronously still counts as invoked: a salvaged success becomes ABORTED', async ({ harness, tools }) => {
  tools.register(syncThrowingTool('brittle'))
  const caller = new AbortController()
  harness.on('tools/execute', async (_exec, next) => {
    const attempt = await next()
    expect(attempt.isError).toBe(true)
    caller.abort()
    return authoredSuccess('salvaged')
  })

  expectCode(await tools.execute(call('brittle', {}, { signal: caller.signal })), 'ABORTED')
})

check('EXE-11', 'an unknown tool at dispatch does not count as invoked: a salvaged success becomes ABORTED_BEFORE_DISPATCH', async ({ harness, tools }) => {
  const caller = new AbortController()
  harness.on('tools/execute', async (_exec, next) => {
    expectCode(await next(), 'UNKNOWN_TOOL')
    tools.register(probeTool('late').definition)
    caller.abort()
    return authoredSuccess('salvaged')
  })

  const result = await tools.execute(call('late', {}, { signal: caller.signal }))

  // The salvaged success stands only if the tool is looked up again when the wrapper returns, where
  // 'late' now exists: VIS-16's. Without that it stays UNKNOWN_TOOL and this rule cannot be observed.
  const reResolved = !(result.isError && result.error?.info?.code === 'UNKNOWN_TOOL')
  incidental('VIS-16', () => expect(reResolved, 'the wrapper success is resolved again, finding the tool registered meanwhile').toBe(true))
  if (reResolved) expectCode(result, 'ABORTED_BEFORE_DISPATCH')
})

// EXE-12: a started body is awaited; that this holds after a caller abort too is CAN-13's (its own tests).
check('EXE-12', 'execute() waits for a started body that is still pending', async ({ tools }) => {
  const parked = parkedBody(tools)
  let settled = false

  const pending = tools.execute(call('parked')).then((result) => {
    settled = true
    return result
  })
  await parked.started.promise
  await settle()
  await settle()
  expect(settled, 'execute() is still waiting for the body').toBe(false)
  parked.release.resolve()
  expect((await pending).isError, 'the body settled the call').toBe(false)
  expect(settled).toBe(true)
})

check('EXE-13', 'a wrapper receives the canonical success deep-frozen', async ({ harness, tools }) => {
  tools.register(probeTool('echo', { body: () => ({ nested: { list: [1] } }) }).definition)
  // Observed inside the wrapper, as next() hands it over: a registry that freezes the same object only later
  // (after the wrappers, before returning) would pass a check made once execute() has returned.
  let inWrapper: { valueFrozen: boolean; frozen: boolean; writable: boolean } | undefined
  harness.on('tools/execute', async (_exec, next) => {
    const seen = await next()
    inWrapper = { valueFrozen: $Object.isFrozen(seen.value), frozen: isDeepFrozen(seen), writable: $Reflect.set(seen as object, 'isError', true) }
    return seen
  })

  await tools.execute(call('echo'))

  expect(inWrapper, 'the wrapper ran').toBeDefined()
  expect(inWrapper!.valueFrozen, 'the value is frozen when the wrapper receives it').toBe(true)
  // The seeds freeze the value before render; that the whole success is deep-frozen then is OUT-19's (OP-45).
  incidental('OUT-19', () => {
    expect(inWrapper!.frozen, 'deep-frozen when the wrapper receives it (OUT-19)').toBe(true)
    expect(inWrapper!.writable, 'isError cannot be set (OUT-19)').toBe(false)
  })
})

check('EXE-14', 'a scoped wrapper sees only its own agent calls', async ({ tools, scope }) => {
  tools.register(probeTool('echo').definition)
  const mine = await scope()
  const other = await scope()
  const wrapped: unknown[] = []
  mine.on('tools/execute', (exec, next) => {
    wrapped.push(exec.agent)
    return next()
  })

  await tools.execute(call('echo'))
  await tools.execute(call('echo', {}, { agent: other.agent }))
  await tools.execute(call('echo', {}, { agent: mine.agent }))

  expect(wrapped).toEqual([mine.agent])
})

check(
  'VIS-27',
  'a scoped wrapper also wraps calls of a child agent',
  async ({ tools, scope }) => {
    tools.register(probeTool('echo').definition)
    const parent = await scope()
    const child = await scope(parent)
    let wrapped = 0
    parent.on('tools/execute', (_exec, next) => {
      wrapped++
      return next()
    })

    await tools.execute(call('echo', {}, { agent: child.agent }))

    expect(wrapped, 'wrapper calls').toBe(1)
  },
  { needs: ['scopeParents'] },
)

check('EXE-16', 'a wrapper that reassigns name, callId and arguments does not change what runs or what later stages see', async ({ harness, tools }) => {
  const target = probeTool('target')
  const other = probeTool('other')
  tools.register(target.definition)
  tools.register(other.definition)
  harness.on('tools/execute', (exec, next) => {
    const writable = exec as unknown as Record<string, unknown>
    for (const [key, value] of [
      ['name', 'other'],
      ['callId', 'forged'],
      ['arguments', { x: 2 }],
    ] as const) {
      try {
        writable[key] = value
      } catch {
        // a non-writable identity field is one valid way to refuse
      }
    }
    return next()
  })
  let postSaw: { name: string; callId: string } | undefined
  harness.on('tools/post-execute', (exec, _result, next) => {
    postSaw = { name: exec.name, callId: exec.callId }
    return next()
  })
  const seen: string[] = []
  harness.on('tools/result', (exec) => {
    seen.push(exec.name)
  })

  expectSuccess(await tools.execute(call('target', { x: 1 }, { callId: 'real' })))

  expect(other.bodyCalls, 'other body calls').toBe(0)
  expect(target.bodyArgs, 'target body arguments').toEqual([{ x: 1 }])
  expect(postSaw, 'post-execute identity').toEqual({ name: 'target', callId: 'real' })
  expect(seen, 'tools/result names').toEqual(['target'])
})

check(
  'EXE-02',
  "next() normalizes the body's coded error to its message and an info of its class and code",
  async ({ harness, tools, harnessError }) => {
    const thrown = harnessError('kaboom', 'BOOM')
    tools.register(probeTool('explode', { body: () => Promise.reject(thrown) }).definition)
    let seen: ToolExecutionResult | undefined
    harness.on('tools/execute', async (_exec, next) => {
      seen = await next()
      return seen
    })

    await tools.execute(call('explode'))

    expectKeptThrownMessage(seen!, 'kaboom')
    // The seeds name info's content ("class/code"), not its fields (OP-08): exactly { name, code } is ERR-20's.
    expectErrorIdentity(seen!, thrown.name, 'BOOM')
  },
  { needs: ['codedErrors'] },
)

// Upstream halves split off EXE-06, EXE-08, EXE-09 and EXE-10 (issue 37): the seeds leave each open (OP-42..OP-44).

check('EXE-18', 'the UNKNOWN_TOOL replacing a wrapper success for an unknown tool skips post-execute', async ({ harness, tools }) => {
  const stages = recordStages(harness)
  harness.on('tools/execute', () => authoredSuccess('invented'))

  const result = await tools.execute(call('ghost'))

  // That the wrapper success becomes UNKNOWN_TOOL at all is EXE-06's.
  precondition('EXE-06', () => expectCode(result, 'UNKNOWN_TOOL'))
  expect(stages.count('result'), 'result stage runs').toBe(1)
  expect(stages.count('post'), 'post stage runs').toBe(0)
})

check('EXE-19', 'without a replacement the body gets the caller signal object itself', async ({ tools }) => {
  const parked = parkedBody(tools)
  const caller = new AbortController()

  const pending = tools.execute(call('parked', {}, { signal: caller.signal }))
  await parked.started.promise
  expect(parked.signal(), 'body signal').toBe(caller.signal)
  parked.release.resolve()
  await pending
})

check('EXE-19', 'with a replacement the body gets a fresh signal carrying the source reason, the replacement left alone', async ({ harness, tools }) => {
  const parked = parkedBody(tools)
  const replacement = replaceSignal(harness)
  const caller = new AbortController()

  const pending = tools.execute(call('parked', {}, { signal: caller.signal }))
  await parked.started.promise
  expect(parked.signal(), "not the caller's").not.toBe(caller.signal)
  expect(parked.signal(), 'not the replacement').not.toBe(replacement.signal)
  const reason = new Error('stop')
  caller.abort(reason)
  expect(parked.signal().reason, 'the source reason').toBe(reason)
  expect(replacement.signal.aborted, 'the replacement is left alone').toBe(false)
  parked.release.resolve()
  await pending
})

check('EXE-20', "the wrapper's exec.signal is the fused one during the body and its replacement again after next()", async ({ harness, tools }) => {
  const caller = new AbortController()
  const replacement = new AbortController()
  const during: AbortSignal[] = []
  let view: { signal: AbortSignal } | undefined
  tools.register(probeTool('echo', { body: () => (during.push(view!.signal), 1) }).definition)
  let afterNext: AbortSignal | undefined
  harness.on('tools/execute', async (exec, next) => {
    view = exec
    exec.signal = replacement.signal
    const result = await next()
    afterNext = exec.signal
    return result
  })

  expectSuccess(await tools.execute(call('echo', {}, { signal: caller.signal })))

  expect(during, 'the wrapper view while the body ran').toHaveLength(1)
  expect(during[0], 'not the replacement').not.toBe(replacement.signal)
  expect(during[0], "not the caller's").not.toBe(caller.signal)
  expect(afterNext, 'after next()').toBe(replacement.signal)
})

// EXE-20 (OP-43): the reset once the body settles puts back the replacement the body started under, so a signal the
// wrapper writes on exec.signal while the body runs does not outlive the body (upstream writes its signal back then).
check('EXE-20', 'a signal the wrapper writes while the body runs gives way to its replacement again once the body settles', async ({ harness, tools }) => {
  const replacement = new AbortController()
  const written = new AbortController()
  const running = deferred()
  const release = deferred()
  const body = async (): Promise<number> => {
    running.resolve()
    await release.promise
    return 1
  }
  tools.register(probeTool('slow', { body }).definition)
  let afterNext: AbortSignal | undefined
  harness.on('tools/execute', async (exec, next) => {
    exec.signal = replacement.signal
    const pending = next()
    await running.promise
    exec.signal = written.signal
    release.resolve()
    const result = await pending
    afterNext = exec.signal
    return result
  })

  expectSuccess(await tools.execute(call('slow', {})))
  expect(afterNext, 'after next()').toBe(replacement.signal)
})

check('EXE-21', 'the ABORTED_BEFORE_DISPATCH of a caller abort while a wrapper waited reaches post-execute', async ({ harness, tools }) => {
  tools.register(probeTool('echo').definition)
  const stages = recordStages(harness)
  const entered = deferred()
  const gate = deferred()
  harness.on('tools/execute', async (_exec, next) => {
    entered.resolve()
    await gate.promise
    return next()
  })
  const caller = new AbortController()

  const pending = tools.execute(call('echo', {}, { signal: caller.signal }))
  await entered.promise
  caller.abort()
  gate.resolve()
  const result = await pending

  // That the call ends ABORTED_BEFORE_DISPATCH is EXE-10's.
  precondition('EXE-10', () => expectCode(result, 'ABORTED_BEFORE_DISPATCH'))
  expect(stages.count('post'), 'post stage runs').toBe(1)
})
