import { expect } from 'vitest'
import type { Harness, ToolRuntimeApi } from '../adapter/contract.ts'
import type { ToolExecutionInput } from '../spec/types.ts'
import { check } from './_kit/check.ts'
import { finalizerRanFirst } from './_kit/finalizer-ran.ts'
import { abortedSignal, call } from './_kit/inputs.ts'
import { trackListeners } from './_kit/listeners.ts'
import { incidental } from './_kit/incidental.ts'
import { expectOrderAsidePost, expectPostRouting } from './_kit/routing.ts'
import { expectCode, expectEnveloped, expectNoInfo, expectPlainFailure, expectSuccess, expectThrownMessage, isDeepFrozen } from './_kit/result-assertions.ts'
import { contextMessage, probeTool, text } from './_kit/tools.ts'
import { readTool } from './_kit/read-tool.ts'
import type { ProbeSpec, ToolProbe } from './_kit/tools.ts'

/** Registers `fin` with a counted finalizer returning what `spec.finalizeContent` does (undefined when absent); `onFinalize` notes each call. */
function finalizedTool(tools: ToolRuntimeApi, spec: ProbeSpec = {}, onFinalize: () => void = () => undefined): ToolProbe {
  const probe = probeTool('fin', {
    ...spec,
    finalizeContent: (exec, result) => {
      onFinalize()
      return spec.finalizeContent?.(exec, result)
    },
  })
  tools.register(probe.definition)
  return probe
}

/** Registers `fin` with a counting finalizer and logs post-execute, finalize and result in order. */
function finTool(harness: Harness, tools: ToolRuntimeApi, spec: ProbeSpec = {}) {
  const log: string[] = []
  const probe = finalizedTool(tools, spec, () => log.push('finalize'))
  harness.on('tools/post-execute', (_exec, _result, next) => {
    log.push('post')
    return next()
  })
  harness.on('tools/result', () => {
    log.push('result')
  })
  return { probe, log }
}

interface Outcome {
  readonly name: string
  readonly spec?: ProbeSpec
  /** Installs the listeners that produce the outcome and returns the input to execute. */
  readonly arrange: (harness: Harness, tools: ToolRuntimeApi) => ToolExecutionInput
  /** Whether tools/post-execute runs; where the seeds leave it open, the upstream rule that says whether it does (POST-24, POST-28, CAN-21). */
  readonly postRuns: boolean | 'POST-24' | 'POST-28' | 'CAN-21'
}

const outcomes: Outcome[] = [
  { name: 'a success', arrange: () => call('fin'), postRuns: true },
  {
    name: 'a pre-execute denial',
    arrange: (h) => {
      h.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'no' }))
      return call('fin')
    },
    postRuns: 'POST-28',
  },
  {
    name: 'a guard denial',
    arrange: (_h, tools) => {
      tools.guard(() => 'guarded')
      return call('fin')
    },
    postRuns: 'POST-28',
  },
  // Whether it meets the policy stages, and so post-execute, is open (OP-51): upstream's side is CAN-21's.
  { name: 'a pre-aborted call', arrange: () => call('fin', {}, { signal: abortedSignal() }), postRuns: 'CAN-21' },
  { name: 'an argument failure', arrange: () => call('fin', { when: new Date(0) }), postRuns: false },
  { name: 'an output failure', spec: { schema: { type: 'string' }, body: () => 7 }, arrange: () => call('fin'), postRuns: true },
  {
    name: 'a throwing body',
    spec: {
      body: () => {
        throw new Error('body broke')
      },
    },
    arrange: () => call('fin'),
    postRuns: true,
  },
  {
    name: 'a throwing pre-execute listener',
    arrange: (h) => {
      h.on('tools/pre-execute', () => {
        throw new Error('policy broke')
      })
      return call('fin')
    },
    postRuns: 'POST-24',
  },
  {
    name: 'a throwing tools/execute listener',
    arrange: (h) => {
      h.on('tools/execute', async (_exec, next) => {
        await next()
        throw new Error('wrapper broke')
      })
      return call('fin')
    },
    postRuns: 'POST-24',
  },
  {
    name: 'a throwing post-execute listener',
    arrange: (h) => {
      h.on('tools/post-execute', () => {
        throw new Error('post broke')
      })
      return call('fin')
    },
    postRuns: true,
  },
  {
    name: 'a block',
    arrange: (h) => {
      h.on('tools/post-execute', () => ({ kind: 'block', feedback: [text('blocked')] }))
      return call('fin')
    },
    postRuns: true,
  },
]

for (const outcome of outcomes) {
  check('FIN-02', `finalizeContent runs exactly once, after post-execute and before tools/result, for ${outcome.name}`, async ({ harness, tools }) => {
    const { probe, log } = finTool(harness, tools, outcome.spec)
    const input = outcome.arrange(harness, tools)

    const settled = await tools.execute(input).then(
      () => true,
      () => false,
    )
    // That arguments which are not lossless JSON resolve a normalized outcome at all is RES-13's (OP-41).
    if (outcome.name === 'an argument failure') incidental('RES-13', () => expect(settled, 'execute() resolved (RES-13)').toBe(true))
    if (!settled && outcome.name === 'an argument failure') return

    expect(probe.finalizeCalls, 'finalize calls').toHaveLength(1)
    // The logging post listener is the first one, so it is entered whenever post-execute runs.
    if (outcome.postRuns === 'POST-24' || outcome.postRuns === 'POST-28' || outcome.postRuns === 'CAN-21') {
      expectOrderAsidePost(log, ['finalize', 'result'], 'finalize', 'call order')
      expectPostRouting(outcome.postRuns, log.filter((entry) => entry === 'post').length)
    } else {
      expect(log, 'call order').toEqual(outcome.postRuns ? ['post', 'finalize', 'result'] : ['finalize', 'result'])
    }
  })
}

check('FIN-01', 'the finalizer captured at entry still runs after the tool is unregistered during pre-execute', async ({ harness, tools }) => {
  const probe = probeTool('fin', { countFinalize: true })
  const unregister = tools.register(probe.definition)
  const listeners = trackListeners(harness)
  listeners.on('tools/pre-execute', (_exec, next) => {
    unregister()
    return next()
  })

  await tools.execute(call('fin'))

  expect(listeners.silent(), 'the listener unregistering the tool ran').toEqual([])
  // Whether the call then fails (the tool is looked up again at dispatch) is VIS-16's; the finalizer runs either way.
  expect(probe.finalizeCalls, 'finalize calls').toHaveLength(1)
})

check(
  'FIN-01',
  'the finalizer comes from the definition visible at entry, not from a shadow registered mid-pipeline',
  async ({ harness, tools, scope }) => {
    const agent = await scope()
    const global = probeTool('fin', { countFinalize: true })
    const shadow = probeTool('fin', { countFinalize: true })
    tools.register(global.definition)
    const listeners = trackListeners(harness)
    listeners.on('tools/pre-execute', (_exec, next) => {
      agent.tools.register(shadow.definition)
      return next()
    })

    await tools.execute(call('fin', {}, { agent: agent.agent }))

    expect(listeners.silent(), 'the listener registering the shadow never ran').toEqual([])
    expect(global.finalizeCalls, 'global finalize calls').toHaveLength(1)
    expect(shadow.finalizeCalls, 'shadow finalize calls').toHaveLength(0)
  },
  { needs: ['scopes'] },
)

check(
  'FIN-01',
  'a scope-own definition shadowing a global one supplies the finalizer for that scope',
  async ({ tools, scope }) => {
    const agent = await scope()
    const global = probeTool('fin', { countFinalize: true })
    const own = probeTool('fin', { countFinalize: true })
    tools.register(global.definition)
    agent.tools.register(own.definition)

    await tools.execute(call('fin', {}, { agent: agent.agent }))

    expect(own.finalizeCalls, 'own finalize calls').toHaveLength(1)
    expect(global.finalizeCalls, 'global finalize calls').toHaveLength(0)
  },
  { needs: ['scopes'] },
)

check('FIN-03', 'the finalizer gets the pipeline exec and the deep-frozen candidate after post-execute', async ({ harness, tools }) => {
  const { probe } = finTool(harness, tools)
  const tokens: symbol[] = []
  harness.on('tools/pre-execute', (exec, next) => {
    tokens.push(exec.token)
    return next()
  })
  harness.on('tools/post-execute', () => ({ kind: 'accept', content: [text('replaced by post')] }))

  await tools.execute(call('fin', { path: 'a' }))

  const seen = probe.finalizeCalls[0]
  expect(seen).toBeDefined()
  expect(seen?.exec.token, 'same token').toBe(tokens[0])
  expect(seen?.exec.arguments).toEqual({ path: 'a' })
  expect(seen?.result.content).toEqual([text('replaced by post')])
  incidental('FIN-08', () => expect(isDeepFrozen(seen?.result), 'deep-frozen (FIN-08)').toBe(true))
})

check('FIN-03', 'a candidate that cannot be materialized reaches the finalizer as a frozen failure', async ({ harness, tools }) => {
  const { probe } = finTool(harness, tools)
  harness.on('tools/post-execute', () => ({ kind: 'accept', content: [{ type: 'text', text: 'x', at: new Date(0) }] }))

  const result = await tools.execute(call('fin'))

  finalizerRanFirst(probe.finalizeCalls, 'a candidate that cannot be materialized')
  const seen = probe.finalizeCalls[0]
  expectPlainFailure(seen!.result)
  incidental('FIN-08', () => expect(isDeepFrozen(seen?.result), 'deep-frozen (FIN-08)').toBe(true))
  expectPlainFailure(result)
})

check('FIN-04', 'returning undefined keeps the content', async ({ tools }) => {
  const probe = finalizedTool(tools, { body: () => ({ n: 1 }) })

  const result = await tools.execute(call('fin'))

  expect(probe.finalizeCalls, 'finalize calls').toHaveLength(1)
  expectSuccess(result)
  expect(result.content).toEqual([text('{"n":1}')])
})

check('FIN-04', 'returned content replaces content only; value, contexts and concludesTurn are kept', async ({ tools }) => {
  finalizedTool(tools, {
    body: (_args, exec) => {
      exec.deferContext(contextMessage('deferred'))
      exec.concludeTurn()
      return { n: 1 }
    },
    finalizeContent: () => [text('finalized')],
  })

  const result = await tools.execute(call('fin'))

  expectSuccess(result)
  expect(result.value).toEqual({ n: 1 })
  expect(result.content).toEqual([text('finalized')])
  expect(result.additionalContexts).toEqual([contextMessage('deferred')])
  expect(result.concludesTurn, 'concludesTurn').toBe(true)
  expect(isDeepFrozen(result), 'deep-frozen').toBe(true)
})

check('FIN-04', 'returned content on a failure keeps isError and the structured error', async ({ tools }) => {
  const probe = finalizedTool(tools, { schema: { type: 'string' }, body: () => 7, finalizeContent: () => [text('short')] })

  const result = await tools.execute(call('fin'))

  finalizerRanFirst(probe.finalizeCalls, 'an output failure')
  expectCode(result, 'INVALID_TOOL_OUTPUT')
  expect(result.content).toEqual([text('short')])
})

check(
  ['FIN-02', 'FIN-04'],
  'an output failure found while snapshotting meta is finalized once, and the finalizer content replaces the failure content',
  async ({ harness, tools }) => {
    const hostileMeta = Object.defineProperty({}, 'boom', {
      enumerable: true,
      get() {
        throw new Error('meta getter exploded')
      },
    })
    const { probe, log } = finTool(harness, tools, {
      presentationMeta: () => hostileMeta,
      finalizeContent: () => [text('bounded failure')],
    })

    const result = await tools.execute(call('fin'))

    expect(probe.finalizeCalls, 'finalize calls').toHaveLength(1)
    expect(log, 'call order').toEqual(['post', 'finalize', 'result'])
    expect(probe.finalizeCalls[0]?.result.isError, 'the finalizer saw the failure').toBe(true)
    expect(result.isError, 'isError').toBe(true)
    expect(result.content).toEqual([text('bounded failure')])
  },
  { needs: ['presentationMeta'] },
)

check('FIN-05', 'a throwing finalizer yields the normalized failure of its error and is not called again', async ({ harness, tools }) => {
  const { probe } = finTool(harness, tools, {
    finalizeContent: () => {
      throw new Error('finalizer broke')
    },
  })
  const observed: unknown[] = []
  harness.on('tools/result', (_exec, result) => observed.push(result))

  const result = await tools.execute(call('fin'))

  expect(probe.finalizeCalls, 'finalize calls').toHaveLength(1)
  expect(observed).toEqual([result])
  expect(isDeepFrozen(result), 'deep-frozen').toBe(true)
  // The seeds only forbid the finalizer to throw: that the outcome is then the failure of what it threw is FIN-09's (OP-49).
  incidental('FIN-09', () => {
    expect(result.isError, 'a failure (FIN-09)').toBe(true)
    expectThrownMessage(result, 'finalizer broke', 'ERR-13')
    expectNoInfo(result, 'ERR-14')
    expectEnveloped(result)
  })
})

check('FIN-05', 'a finalizer returning non-lossless content yields a failure and is not called again', async ({ tools }) => {
  const probe = finalizedTool(tools, { finalizeContent: () => [{ type: 'text', text: 'x', extra: undefined }] })

  const result = await tools.execute(call('fin'))

  expect(probe.finalizeCalls, 'finalize calls').toHaveLength(1)
  expect(isDeepFrozen(result), 'deep-frozen').toBe(true)
  incidental('FIN-09', () => expectPlainFailure(result))
})

check('FIN-06', 'a tool registered only after entry contributes no finalizer', async ({ harness, tools }) => {
  const late = probeTool('late', { countFinalize: true })
  const listeners = trackListeners(harness)
  listeners.on('tools/pre-execute', (_exec, next) => {
    tools.register(late.definition)
    return next()
  })

  await tools.execute(call('late'))

  // A registry that ends the call at lookup never reaches the listener, so no tool is registered meanwhile; that the
  // call passes through pre-execute, so the case arises, is VIS-25's.
  incidental('VIS-25', () => expect(listeners.silent(), 'the pre-execute listener registering the tool never ran (VIS-25)').toEqual([]))
  expect(late.finalizeCalls, 'late finalize calls').toHaveLength(0)
})

check(
  'FIN-06',
  'the finalizer of a tool invisible to the caller is never invoked',
  async ({ tools, scope }) => {
    const owner = await scope()
    const other = await scope()
    const probe = probeTool('fin', { countFinalize: true })
    owner.tools.register(probe.definition)

    const fromOther = await tools.execute(call('fin', {}, { agent: other.agent }))
    const fromGlobal = await tools.execute(call('fin'))

    expectCode(fromOther, 'UNKNOWN_TOOL')
    expectCode(fromGlobal, 'UNKNOWN_TOOL')
    expect(probe.finalizeCalls, 'finalize calls').toHaveLength(0)
  },
  { needs: ['scopes'] },
)

check(
  'FIN-07',
  "a model-direct call collapsed by Code Mode does not run the tool's finalizeContent",
  async ({ tools }) => {
    const probe = probeTool('echo', { countFinalize: true })
    tools.register(probe.definition)
    expectCode(await tools.execute(call('echo')), 'UNKNOWN_TOOL')
    expect(probe.finalizeCalls).toHaveLength(0)
    expectSuccess(await tools.execute(call('echo', {}, { parent: Symbol('transport') })))
    expect(probe.finalizeCalls, 'the same tool finalizes a call with a parent').toHaveLength(1)
  },
  { deployment: { mode: 'code' } },
)

check(
  'FIN-07',
  'a collapsed call whose signal was already aborted runs finalizeContent on ABORTED_BEFORE_DISPATCH',
  async ({ tools }) => {
    const probe = probeTool('echo', { countFinalize: true })
    tools.register(probe.definition)
    // The code the caller sees is CAN-14's; this rule is about the finalizer, which sees the registry's own result.
    const result = await tools.execute(call('echo', {}, { signal: abortedSignal() }))
    expect(result.isError).toBe(true)
    expect(probe.finalizeCalls).toHaveLength(1)
    expect(probe.finalizeCalls[0]?.result.error?.info?.code).toBe('ABORTED_BEFORE_DISPATCH')
  },
  { deployment: { mode: 'code' } },
)

check(
  'FIN-02',
  'finalizeContent runs exactly once, before tools/result, for a defineTool body given invalid arguments',
  async ({ harness, schema, tools }) => {
    const log: string[] = []
    const { definition, bodyArgs } = readTool(schema, {
      finalizeContent: (_exec: unknown, result: { error?: { info?: { code?: string } } }) => {
        log.push(`finalize:${String(result.error?.info?.code)}`)
        return undefined
      },
    })
    tools.register(definition)
    harness.on('tools/result', () => {
      log.push('result')
    })

    const result = await tools.execute(call('read', { limit: 'ten' }))

    expect(result.isError, 'invalid arguments fail the call').toBe(true)
    expect(bodyArgs, 'the author body never ran').toEqual([])
    expect(log, 'finalize once, with the argument failure, then tools/result').toEqual([`finalize:${String(result.error?.info?.code)}`, 'result'])
  },
  { needs: ['schema'] },
)

// Upstream halves split off FIN-03 and FIN-05 (issue 37; OP-45, OP-49).

check('FIN-08', 'the candidate the finalizer gets is deep-frozen, a success and a failure alike', async ({ tools }) => {
  const probe = finalizedTool(tools, { body: () => ({ nested: { list: [1] } }) })
  await tools.execute(call('fin'))
  const failing = probeTool('broken', {
    countFinalize: true,
    body: () => {
      throw new Error('body broke')
    },
  })
  tools.register(failing.definition)
  await tools.execute(call('broken'))

  expect(isDeepFrozen(probe.finalizeCalls[0]?.result), 'success candidate').toBe(true)
  expect(isDeepFrozen(failing.finalizeCalls[0]?.result), 'failure candidate').toBe(true)
})

check('FIN-09', 'a throwing finalizer or one returning non-lossless content makes the outcome a failure', async ({ tools }) => {
  finalizedTool(tools, {
    finalizeContent: () => {
      throw new Error('finalizer broke')
    },
  })
  const thrown = await tools.execute(call('fin'))
  const lossy = probeTool('lossy', { finalizeContent: () => [{ type: 'text', text: 'x', extra: undefined }] })
  tools.register(lossy.definition)
  const nonLossless = await tools.execute(call('lossy'))

  expect(thrown.isError, 'after a throw').toBe(true)
  expectThrownMessage(thrown, 'finalizer broke', 'ERR-13') // the message as thrown is ERR-18's (OP-04)
  expect(nonLossless.isError, 'after non-lossless content').toBe(true)
})
