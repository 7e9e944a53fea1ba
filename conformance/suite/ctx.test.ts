import { $JSON, $Promise } from './_kit/intrinsics.ts'
import { expect } from 'vitest'
import type { Harness, Subscribe, ToolRuntimeApi } from '../adapter/contract.ts'
import type { PostToolDecision, ToolExecutionResult, ToolRunContext } from '../spec/types.ts'
import { check } from './_kit/check.ts'
import { deferred } from './_kit/deferred.ts'
import { call } from './_kit/inputs.ts'
import { trackListeners } from './_kit/listeners.ts'
import { expectCode, expectPlainFailure, expectSuccess, expectUnset } from './_kit/result-assertions.ts'
import { contextMessage, probeTool, text } from './_kit/tools.ts'
import type { ProbeSpec } from './_kit/tools.ts'
import { deferredSurviveBodyThrow, expectContextGroups, expectContextOrder, expectDeferredKept } from './_kit/contexts.ts'

const a = contextMessage('body-1')
const b = contextMessage('body-2')
const w = contextMessage('wrapper')
const p = contextMessage('post')

/** Where a helper subscribes: the harness, or a {@link trackListeners} view of it. */
type Listening = { readonly on: Subscribe }

/** A body that defers `a` (and `b` when asked) before returning `value`. */
function deferring(value: unknown = 'done', both = false): ProbeSpec['body'] {
  return (_args, exec) => {
    exec.deferContext(a)
    if (both) exec.deferContext(b)
    return value
  }
}

/** A wrapper that lets the body run, then returns a copy of its result carrying `w`. */
function wrapWithContext(harness: Harness): void {
  harness.on('tools/execute', async (_exec, next) => {
    const result = await next()
    return { ...result, additionalContexts: [w] } as ToolExecutionResult
  })
}

function postDecides(harness: Listening, decision: PostToolDecision): void {
  harness.on('tools/post-execute', () => decision)
}

/** A body that defers `a`, then throws. */
const deferringThenThrowing: ProbeSpec['body'] = (_args, exec) => {
  exec.deferContext(a)
  throw new Error('body broke')
}

check('CTX-01', 'deferred contexts come out in call order', async ({ tools }) => {
  tools.register(probeTool('ctx', { body: deferring('done', true) }).definition)

  const result = await tools.execute(call('ctx'))

  expect(result.additionalContexts).toEqual([a, b])
})

// CTX-12: the seeds emit deferred contexts "in call order" but do not place them among a wrapper result's (open point OP-53).
check('CTX-12', "deferred contexts are placed before the wrapper result's contexts", async ({ harness, tools }) => {
  tools.register(probeTool('ctx', { body: deferring('done', true) }).definition)
  wrapWithContext(harness)

  const result = await tools.execute(call('ctx'))

  expectSuccess(result)
  expect(result.additionalContexts).toEqual([a, b, w])
})

// CTX-13: the seeds fail a result whose contexts cannot be materialized, but do not say deferContext may not check
// earlier (open point OP-54).
check('CTX-13', 'deferContext accepts anything at call time; checking happens at materialization', async ({ tools }) => {
  let returned = false
  tools.register(
    probeTool('ctx', {
      body: (_args, exec) => {
        exec.deferContext({ role: 'user', content: new Map() } as never)
        returned = true
        return 'done'
      },
    }).definition,
  )

  const result = await tools.execute(call('ctx'))

  expect(returned).toBe(true)
  expectPlainFailure(result)
})

check('CTX-02', 'deferred contexts survive a throwing body', async ({ tools }) => {
  tools.register(probeTool('ctx', { body: deferringThenThrowing }).definition)

  const result = await tools.execute(call('ctx'))

  expect(result.isError, 'isError').toBe(true)
  expect(result.additionalContexts).toEqual([a])
})

check('CTX-02', 'deferred contexts survive a cancellation that replaces the result after post-execute', async ({ harness, tools }) => {
  tools.register(probeTool('ctx', { body: deferring() }).definition)
  const controller = new AbortController()
  harness.on('tools/post-execute', (_exec, _result, next) => {
    controller.abort()
    return next()
  })

  const result = await tools.execute(call('ctx', {}, { signal: controller.signal }))

  expectCode(result, 'ABORTED')
  expect(result.additionalContexts).toEqual([a])
})

check('CTX-02', 'deferred contexts survive a cancellation that replaces the result after dispatch', async ({ harness, tools }) => {
  tools.register(probeTool('ctx', { body: deferring() }).definition)
  const controller = new AbortController()
  harness.on('tools/execute', async (_exec, next) => {
    const result = await next()
    controller.abort()
    return result
  })

  const result = await tools.execute(call('ctx', {}, { signal: controller.signal }))

  expectCode(result, 'ABORTED')
  expect(result.additionalContexts).toEqual([a])
})

check('CTX-02', 'deferred contexts are kept on a wrapper-authored failure', async ({ harness, tools }) => {
  tools.register(probeTool('ctx', { body: deferring() }).definition)
  harness.on('tools/execute', async (_exec, next) => {
    await next()
    return { isError: true, error: { message: 'wrapper says no' }, content: [text('no')], additionalContexts: [w] }
  })

  const result = await tools.execute(call('ctx'))

  expect(result.error?.message).toBe('wrapper says no')
  expectDeferredKept(result.additionalContexts, [a])
  expectContextOrder(result.additionalContexts, [a, w])
})

const accepts: { name: string; decision: PostToolDecision }[] = [
  { name: 'a plain accept', decision: { kind: 'accept', additionalContexts: [p] } },
  { name: 'a content replacement', decision: { kind: 'accept', content: [text('new')], additionalContexts: [p] } },
  { name: 'a value replacement', decision: { kind: 'accept', value: 'replaced', additionalContexts: [p] } },
]

for (const accept of accepts) {
  check('CTX-03', `${accept.name} adds its contexts to the body and wrapper contexts`, async ({ harness, tools }) => {
    tools.register(probeTool('ctx', { body: deferring() }).definition)
    wrapWithContext(harness)
    postDecides(harness, accept.decision)

    const result = await tools.execute(call('ctx'))

    expectSuccess(result)
    expectContextGroups(result.additionalContexts, [[a], [w], [p]])
  })
}

check(['CTX-03', 'POST-03'], "an accept adds its contexts to a failure too: after a throwing body's, and to a denial", async ({ harness, tools }) => {
  // That a throwing body's failure keeps what it deferred at all is CTX-02's, checked first.
  await deferredSurviveBodyThrow(tools, a)
  tools.register(probeTool('ctx', { body: deferringThenThrowing }).definition)
  tools.register(probeTool('denied').definition)
  harness.on('tools/pre-execute', (exec, next) => (exec.name === 'denied' ? { kind: 'deny', reason: 'not now' } : next()))
  postDecides(harness, { kind: 'accept', additionalContexts: [p] })
  const posted: string[] = []
  harness.on('tools/post-execute', (exec, _result, next) => {
    posted.push(exec.name)
    return next()
  })

  const thrown = await tools.execute(call('ctx'))
  const denied = await tools.execute(call('denied'))

  expect(thrown.isError, 'the throwing body').toBe(true)
  expectContextGroups(thrown.additionalContexts, [[a], [p]])
  expect(denied.isError, 'the denial').toBe(true)
  // Whether a denial reaches tools/post-execute is open (OP-06, POST-28's): when it does, the accept adds its contexts.
  if (posted.includes('denied')) expect(denied.additionalContexts, 'the denial').toEqual([p])
})

check('CTX-04', 'a block keeps only its own contexts', async ({ harness, tools }) => {
  tools.register(probeTool('ctx', { body: deferring() }).definition)
  wrapWithContext(harness)
  postDecides(harness, { kind: 'block', feedback: [text('blocked')], additionalContexts: [p] })

  const result = await tools.execute(call('ctx'))

  expect(result.isError, 'isError').toBe(true)
  expect(result.additionalContexts).toEqual([p])
})

check('CTX-04', 'a block without contexts drops all earlier contexts', async ({ harness, tools }) => {
  tools.register(probeTool('ctx', { body: deferring() }).definition)
  postDecides(harness, { kind: 'block', feedback: [text('blocked')] })

  const result = await tools.execute(call('ctx'))

  expect('additionalContexts' in result).toBe(false)
})

const empties: { name: string; arrange: (harness: Listening) => void; spec?: ProbeSpec }[] = [
  { name: 'a plain success', arrange: () => undefined },
  {
    name: 'a throwing body',
    arrange: () => undefined,
    spec: {
      body: () => {
        throw new Error('x')
      },
    },
  },
  { name: 'an accept with an empty list', arrange: (h) => postDecides(h, { kind: 'accept', additionalContexts: [] }) },
  { name: 'a block with an empty list', arrange: (h) => postDecides(h, { kind: 'block', feedback: [text('b')], additionalContexts: [] }) },
  {
    name: 'a wrapper result carrying no list',
    arrange: (h) => h.on('tools/execute', async (_exec, next) => ({ ...(await next()) }) as ToolExecutionResult),
  },
  {
    name: 'a wrapper failure carrying no list',
    arrange: (h) => h.on('tools/execute', async () => ({ isError: true, error: { message: 'wrapped' }, content: [text('Error: wrapped')] })),
  },
  {
    name: 'a block replacing a wrapper result with an empty list',
    arrange: (h) => {
      wrapWithEmptyList(h)
      postDecides(h, { kind: 'block', feedback: [text('b')] })
    },
  },
  {
    name: 'a value replacement of a wrapper result with an empty list',
    arrange: (h) => {
      wrapWithEmptyList(h)
      postDecides(h, { kind: 'accept', value: 'replaced', additionalContexts: [] })
    },
  },
]

for (const empty of empties) {
  check('CTX-05', `no additionalContexts key for ${empty.name}`, async ({ harness, tools }) => {
    tools.register(probeTool('ctx', empty.spec).definition)
    const listeners = trackListeners(harness)
    empty.arrange(listeners)

    const result = await tools.execute(call('ctx'))

    expect(listeners.silent(), 'listeners of the case that never ran').toEqual([])
    expect('additionalContexts' in result, $JSON.stringify(result.additionalContexts)).toBe(false)
  })
}

/** A wrapper whose own result (a copy of the body's, or a failure it authors) carries an empty context list. */
function wrapWithEmptyList(harness: Listening, failure = false): void {
  harness.on('tools/execute', async (_exec, next) => {
    const result = await next()
    const own = failure ? { isError: true, error: { message: 'wrapped' }, content: [text('Error: wrapped')] } : result
    return { ...own, additionalContexts: [] } as ToolExecutionResult
  })
}

const keptEmpties: { name: string; arrange: (harness: Harness) => void }[] = [
  { name: 'a wrapper success', arrange: (h) => wrapWithEmptyList(h) },
  { name: 'a wrapper failure', arrange: (h) => wrapWithEmptyList(h, true) },
  {
    name: 'a wrapper success then a plain accept adding an empty list',
    arrange: (h) => {
      wrapWithEmptyList(h)
      postDecides(h, { kind: 'accept', additionalContexts: [] })
    },
  },
  {
    name: 'a wrapper failure then a content-replacing accept',
    arrange: (h) => {
      wrapWithEmptyList(h, true)
      postDecides(h, { kind: 'accept', content: [text('replaced')] })
    },
  },
]

for (const kept of keptEmpties) {
  check('CTX-05', `the empty list of ${kept.name} is kept as given`, async ({ harness, tools }) => {
    tools.register(probeTool('ctx').definition)
    kept.arrange(harness)

    const result = await tools.execute(call('ctx'))

    expect('additionalContexts' in result, "the wrapper's own key").toBe(true)
    expect(result.additionalContexts).toEqual([])
  })
}

/** Failures raised after the body ran; `owner` when not CTX-06 (the seeds do not say these cases fail at all: CTX-14). */
const lateFailures: { name: string; owner?: 'CTX-14'; arrange: (harness: Harness) => void; spec?: ProbeSpec }[] = [
  {
    name: 'a tools/execute listener throwing after the body',
    arrange: (h) =>
      h.on('tools/execute', async (_exec, next) => {
        await next()
        throw new Error('wrapper broke')
      }),
  },
  {
    name: 'a wrapper result failing normalization',
    owner: 'CTX-14',
    spec: { schema: { type: 'string' }, body: deferring('fine') },
    arrange: (h) =>
      h.on('tools/execute', async (_exec, next) => {
        await next()
        return { isError: false, value: 5, content: [] }
      }),
  },
  {
    name: 'a throwing post-execute listener',
    arrange: (h) =>
      h.on('tools/post-execute', () => {
        throw new Error('post broke')
      }),
  },
  {
    name: 'a malformed post-execute decision',
    owner: 'CTX-14',
    arrange: (h) => h.on('tools/post-execute', () => undefined as unknown as PostToolDecision),
  },
]

/** The failure `failure` raises after the body deferred `a` still carries `a`. */
async function expectDeferredSurvive({ harness, tools }: { harness: Harness; tools: ToolRuntimeApi }, failure: (typeof lateFailures)[number]): Promise<void> {
  // That a failure keeps what the body deferred at all is CTX-02's, checked first on a throwing body.
  await deferredSurviveBodyThrow(tools, a)
  tools.register(probeTool('ctx', failure.spec ?? { body: deferring() }).definition)
  failure.arrange(harness)

  const result = await tools.execute(call('ctx'))

  expect(result.isError, 'isError').toBe(true)
  expect(result.additionalContexts).toEqual([a])
}

for (const failure of lateFailures.filter((f) => f.owner === undefined)) {
  check('CTX-06', `deferred contexts survive ${failure.name}`, (t) => expectDeferredSurvive(t, failure))
}
for (const failure of lateFailures.filter((f) => f.owner === 'CTX-14')) {
  check('CTX-14', `deferred contexts survive ${failure.name}`, (t) => expectDeferredSurvive(t, failure))
}

check('CTX-07', 'contexts keep every field they were given', async ({ harness, tools }) => {
  const rich = {
    id: 'ctx-1',
    role: 'user' as const,
    content: [text('remember this')],
    source: { plugin: 'dsh-tools-tck', kind: 'instruction' },
    meta: { priority: 2, tags: ['x'] },
  }
  const fromPost = { id: 'ctx-2', role: 'user' as const, content: 'from post', source: 'policy' }
  tools.register(
    probeTool('ctx', {
      body: (_args, exec) => {
        exec.deferContext(rich)
        return 'done'
      },
    }).definition,
  )
  postDecides(harness, { kind: 'accept', additionalContexts: [fromPost] })

  const result = await tools.execute(call('ctx'))

  expect(result.additionalContexts).toEqual([rich, fromPost])
})

check('CTX-07', 'a post-execute context that is not lossless makes the result a failure', async ({ harness, tools }) => {
  tools.register(probeTool('ctx').definition)
  postDecides(harness, { kind: 'accept', additionalContexts: [{ role: 'user', content: 'x', at: new Date(0) }] })

  const result = await tools.execute(call('ctx'))

  expectPlainFailure(result)
})

/** A body that calls concludeTurn() and then behaves as `after` says. */
function concluding(after: (exec: ToolRunContext) => unknown = () => 'done'): ProbeSpec['body'] {
  return (_args, exec) => {
    exec.concludeTurn()
    return after(exec)
  }
}

check('CTX-08', 'a success built after concludeTurn() carries concludesTurn: true; without it the key is absent', async ({ tools }) => {
  tools.register(probeTool('concluding', { body: concluding() }).definition)
  tools.register(probeTool('plain').definition)

  const concluded = await tools.execute(call('concluding'))
  const plain = await tools.execute(call('plain'))

  expectSuccess(concluded)
  expect(concluded.concludesTurn).toBe(true)
  expectUnset(plain, 'concludesTurn')
})

check('CTX-08', 'a content replacement keeps the marker and a value replacement rebuilds it', async ({ harness, tools }) => {
  tools.register(probeTool('by-content', { body: concluding() }).definition)
  tools.register(probeTool('by-value', { body: concluding() }).definition)
  harness.on('tools/post-execute', (exec) => (exec.name === 'by-content' ? { kind: 'accept', content: [text('new')] } : { kind: 'accept', value: 'new value' }))

  const byContent = await tools.execute(call('by-content'))
  const byValue = await tools.execute(call('by-value'))

  expect(byContent.concludesTurn).toBe(true)
  expectSuccess(byValue)
  expect(byValue.value).toBe('new value')
  expect(byValue.concludesTurn).toBe(true)
})

const nonConcluding: { name: string; spec: (caller: AbortController) => ProbeSpec; arrange?: (harness: Harness) => void }[] = [
  { name: 'a block', spec: () => ({ body: concluding() }), arrange: (h) => postDecides(h, { kind: 'block', feedback: [text('no')] }) },
  {
    name: 'a throw',
    spec: () => ({
      body: concluding(() => {
        throw new Error('late throw')
      }),
    }),
  },
  { name: 'an output failure', spec: () => ({ schema: { type: 'string' }, body: concluding(() => 1) }) },
  {
    name: 'an abort',
    spec: (caller) => ({
      body: concluding(() => {
        caller.abort()
        return 'done'
      }),
    }),
  },
]

for (const failure of nonConcluding) {
  check('CTX-08', `${failure.name} after concludeTurn() carries no concludesTurn`, async ({ harness, tools }) => {
    const caller = new AbortController()
    tools.register(probeTool('ctx', failure.spec(caller)).definition)
    failure.arrange?.(harness)

    const result = await tools.execute(call('ctx', {}, { signal: caller.signal }))

    expect(result.isError, 'isError').toBe(true)
    expectUnset(result, 'concludesTurn')
  })
}

/** Registers `inner` (concludes its turn) and `outer`, which dispatches `inner` as a nested call. */
function composite(tools: ToolRuntimeApi, forward: boolean) {
  const nested: ToolExecutionResult[] = []
  tools.register(probeTool('inner', { body: concluding() }).definition)
  tools.register(
    probeTool('outer', {
      body: async (_args, exec) => {
        const result = await tools.execute(call('inner', {}, { parent: exec.token, rootCallId: exec.rootCallId }))
        nested.push(result)
        if (forward && result.concludesTurn === true) exec.concludeTurn()
        return 'outer done'
      },
    }).definition,
  )
  return nested
}

check('CTX-09', 'a nested conclusion does not mark the outer execution by itself', async ({ tools }) => {
  const nested = composite(tools, false)

  const outer = await tools.execute(call('outer'))

  expect(nested[0]?.concludesTurn).toBe(true)
  expectSuccess(outer)
  expectUnset(outer, 'concludesTurn')
})

check('CTX-09', 'a forwarded nested conclusion concludes the outer run', async ({ tools }) => {
  composite(tools, true)

  const outer = await tools.execute(call('outer'))

  expect(outer.concludesTurn).toBe(true)
})

check('CTX-09', 'a nested success blocked by post-execute cannot conclude the outer run', async ({ harness, tools }) => {
  const nested = composite(tools, true)
  harness.on('tools/post-execute', (exec, _result, next) => (exec.name === 'inner' ? { kind: 'block', feedback: [text('inner blocked')] } : next()))

  const outer = await tools.execute(call('outer'))

  expect(nested[0]?.isError).toBe(true)
  expectUnset(nested[0] ?? {}, 'concludesTurn')
  expectSuccess(outer)
  expectUnset(outer, 'concludesTurn')
})

check('CTX-10', 'concludeTurn() called after the success was built does not mark it', async ({ harness, tools }) => {
  const execs: ToolRunContext[] = []
  tools.register(
    probeTool('ctx', {
      body: (_args, exec) => {
        execs.push(exec)
        return 'done'
      },
    }).definition,
  )
  let lateConclusions = 0
  harness.on('tools/execute', async (_exec, next) => {
    const result = await next()
    execs[0]?.concludeTurn()
    lateConclusions += 1
    return result
  })

  const result = await tools.execute(call('ctx'))

  expect(lateConclusions, 'the wrapper called concludeTurn() after the body').toBe(1)
  expectSuccess(result)
  expect('concludesTurn' in result).toBe(false)
})

check('CTX-10', 'a detached concludeTurn() stays inside its own execution', async ({ tools }) => {
  const release = deferred()
  tools.register(
    probeTool('detached', {
      body: async (_args, exec) => {
        const { concludeTurn } = exec
        await release.promise
        concludeTurn()
        return 'done'
      },
    }).definition,
  )
  tools.register(probeTool('bystander').definition)

  const pending = tools.execute(call('detached'))
  const bystanderPending = tools.execute(call('bystander'))
  release.resolve()
  const [detached, bystander] = await $Promise.all([pending, bystanderPending])

  if (!detached.isError) expect(detached.concludesTurn).toBe(true)
  expectSuccess(bystander)
  expect('concludesTurn' in bystander).toBe(false)
})
