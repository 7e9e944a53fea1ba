import { $Array, $Object } from './_kit/intrinsics.ts'
import { expect } from 'vitest'
import type { ContentBlock, JsonValue, ToolExecutionResult } from '../spec/types.ts'
import type { ToolRuntimeApi } from '../adapter/contract.ts'
import { check } from './_kit/check.ts'
import { expectArgumentsDeepFrozen } from './_kit/frozen-arguments.ts'
import { deferred } from './_kit/deferred.ts'
import { call } from './_kit/inputs.ts'
import {
  expectCode,
  expectEnveloped,
  expectErrorClass,
  expectErrorIdentity,
  expectKeptThrownMessage,
  expectNoInfo,
  expectOnlyKeys,
  expectProjectionFailure,
  expectSuccess,
  isDeepFrozen,
} from './_kit/result-assertions.ts'
import { drainedBody } from './_kit/drained-body.ts'
import { incidental } from './_kit/incidental.ts'
import { readTool } from './_kit/read-tool.ts'
import { recordStages } from './_kit/stages.ts'
import { probeTool, text } from './_kit/tools.ts'
import type { ProbeSpec } from './_kit/tools.ts'

/** Registers a tool `name` with the given spec and runs one call of it. */
async function runTool(tools: ToolRuntimeApi, name: string, spec: ProbeSpec, args: unknown = {}): Promise<ToolExecutionResult> {
  tools.register(probeTool(name, spec).definition)
  return tools.execute(call(name, args))
}

/** An object whose only property throws when read. */
function explodingGetter(message: string): Record<string, unknown> {
  return Object.defineProperty({}, 'boom', {
    enumerable: true,
    get() {
      throw new Error(message)
    },
  })
}

check('OUT-01', 'the body gets the frozen arguments and a run context with identity, token, signal and the two hooks', async ({ harness, tools }) => {
  const probe = probeTool('echo')
  tools.register(probe.definition)
  let preToken: symbol | undefined
  harness.on('tools/pre-execute', (exec, next) => {
    preToken = exec.token
    return next()
  })
  const input = { path: 'a.txt', nested: { n: 1 } }
  const signal = new AbortController().signal
  const parent = Symbol('outer call')

  expectSuccess(await tools.execute(call('echo', input, { callId: 'c-1', rootCallId: 'root-1', parent, signal })))

  const [args] = probe.bodyArgs
  const exec = probe.bodyExecs[0]!
  expect(args).toEqual(input)
  expect(args, 'args is a new object').not.toBe(input)
  expectArgumentsDeepFrozen(args, 'the body')
  expect(exec.arguments, 'equal arguments').toEqual(args)
  incidental('OUT-17', () => expect(exec.arguments, 'same arguments object (OUT-17)').toBe(args))
  expect({ name: exec.name, callId: exec.callId, rootCallId: exec.rootCallId }).toEqual({ name: 'echo', callId: 'c-1', rootCallId: 'root-1' })
  expect(typeof exec.token).toBe('symbol')
  expect(exec.token, 'same token').toBe(preToken)
  expect(exec.parent, 'same parent').toBe(parent)
  // Without a replacement the body's signal follows the caller's; that it is the caller signal itself is EXE-19's (OP-42).
  expect(exec.signal, 'a signal').toBeInstanceOf(AbortSignal)
  incidental('EXE-19', () => expect(exec.signal, 'the caller signal itself (EXE-19)').toBe(signal))
  expect(typeof exec.deferContext).toBe('function')
  expect(typeof exec.concludeTurn).toBe('function')
})

check('OUT-01', 'a root call sees its own callId as rootCallId', async ({ tools }) => {
  const probe = probeTool('echo')
  tools.register(probe.definition)

  await tools.execute(call('echo', {}, { callId: 'solo' }))

  expect(probe.bodyExecs[0]?.rootCallId).toBe('solo')
})

check('OUT-02', 'the value is a detached snapshot: mutating the returned object afterwards changes nothing', async ({ tools }) => {
  const returned = { items: ['a'] }
  const result = await runTool(tools, 'echo', { body: () => returned })
  returned.items.push('b')

  expectSuccess(result)
  expect(result.value).toEqual({ items: ['a'] })
  expect(result.value, 'value is a new object').not.toBe(returned)
})

for (const [label, value] of [
  ['a function', { f: () => 1 }],
  ['NaN', Number.NaN],
  ['a Map', new Map([['k', 1]])],
  ['undefined', undefined],
  [
    'a cycle',
    (() => {
      const o: Record<string, unknown> = {}
      o.self = o
      return o
    })(),
  ],
] as const) {
  check('OUT-02', `a body returning ${label} is INVALID_TOOL_OUTPUT`, async ({ tools }) => {
    // A renderer that never looks at the value, so only the snapshot can reject it.
    expectCode(await runTool(tools, 'echo', { body: () => value, render: () => [text('fixed')] }), 'INVALID_TOOL_OUTPUT')
  })
}

check('OUT-02', 'a value whose getter throws during the snapshot is INVALID_TOOL_OUTPUT', async ({ tools }) => {
  const result = await runTool(tools, 'echo', { body: () => explodingGetter('body snapshot getter exploded') })
  // The seeds say only that the call fails; that the code is INVALID_TOOL_OUTPUT is OUT-18's (OP-47).
  expect(result.isError, 'a value that cannot be snapshotted makes the call a failure').toBe(true)
  expect('value' in result, 'a failure carries no value').toBe(false)
  incidental('OUT-18', () => expectCode(result, 'INVALID_TOOL_OUTPUT'))
})

check('OUT-10', 'lossless and snapshot violations are worded as upstream words them', async ({ tools }) => {
  tools.register(probeTool('lossy', { body: () => ({ f: () => 1 }) }).definition)
  tools.register(probeTool('hostile', { body: () => explodingGetter('body snapshot getter exploded') }).definition)

  const lossy = await tools.execute(call('lossy'))
  const hostile = await tools.execute(call('hostile'))

  expect(lossy.error?.message).toContain('value is not lossless JSON')
  expect(hostile.error?.message).toContain('value snapshot failed: body snapshot getter exploded')
})

check('OUT-03', 'a value that violates output.schema is INVALID_TOOL_OUTPUT, a valid one succeeds', async ({ tools }) => {
  const strict = probeTool('strict', { schema: { type: 'string' }, body: (args) => (args as { v: JsonValue }).v })
  tools.register(strict.definition)

  expectCode(await tools.execute(call('strict', { v: 42 })), 'INVALID_TOOL_OUTPUT')
  expectSuccess(await tools.execute(call('strict', { v: 'fine' })))
})

check('OUT-11', 'a schema violation message names the tool and the violation', async ({ tools }) => {
  const result = await runTool(tools, 'echo', { schema: { type: 'string' }, body: () => 42 })

  expect(result.error?.message).toMatch(/^tool "echo" returned invalid output: /)
  expect(result.error?.message).toContain('"value" must be a string')
})

check('OUT-11', 'several violations are joined by "; " after the tool name', async ({ tools }) => {
  const result = await runTool(tools, 'list', { schema: { type: 'array', items: { type: 'string' } }, body: () => [1, 2] })

  expect(result.error?.message).toBe('tool "list" returned invalid output: "value[0]" must be a string; "value[1]" must be a string')
})

check('OUT-04', 'render receives exec.arguments and the frozen value, and its blocks become the content', async ({ tools }) => {
  const calls: { args: unknown; value: JsonValue }[] = []
  const probe = probeTool('echo', {
    body: () => ({ list: [1, 2] }),
    render: (args, value) => {
      calls.push({ args, value })
      return [text('rendered')]
    },
  })
  tools.register(probe.definition)

  const result = await tools.execute(call('echo', { q: 1 }))

  expect(calls, 'render calls').toHaveLength(1)
  expect(calls[0]?.args, 'the call arguments').toEqual({ q: 1 })
  incidental('OUT-17', () => expect(calls[0]?.args, 'exec.arguments itself (OUT-17)').toBe(probe.bodyExecs[0]?.arguments))
  expect(calls[0]?.value).toEqual({ list: [1, 2] })
  expect($Object.isFrozen(calls[0]?.value), 'frozen').toBe(true)
  incidental('OUT-19', () => expect(isDeepFrozen(calls[0]?.value), 'deep-frozen (OUT-19)').toBe(true))
  expect(result.content).toEqual([text('rendered')])
})

// The seeds say a failed projection becomes an isError; that its code is INVALID_TOOL_OUTPUT is OUT-16's (expectProjectionFailure).
check('OUT-04', 'a render that throws makes the call a failure', async ({ tools }) => {
  const render = (): ContentBlock[] => {
    throw new Error('renderer crashed')
  }
  expectProjectionFailure(await runTool(tools, 'echo', { render }))
})

check('OUT-04', 'a render returning non-lossless JSON makes the call a failure', async ({ tools }) => {
  expectProjectionFailure(await runTool(tools, 'echo', { render: () => [{ type: 'text', text: 'x', extra: () => 1 }] }))
  expectProjectionFailure(await runTool(tools, 'getter', { render: () => [explodingGetter('render getter') as ContentBlock] }))
})

check('OUT-12', 'render failures are worded as upstream words them', async ({ tools }) => {
  const thrown = await runTool(tools, 'throws', {
    render: () => {
      throw new Error('renderer crashed')
    },
  })
  const lossy = await runTool(tools, 'lossy', { render: () => [{ type: 'text', text: 'x', extra: () => 1 }] })

  expect(thrown.error?.message).toContain('output.render failed: renderer crashed')
  expect(lossy.error?.message).toContain('output.render returned non-lossless JSON')
})

check('OUT-12', 'a throw while snapshotting the render return is reported as a render failure with its message', async ({ tools }) => {
  const result = await runTool(tools, 'getter', { render: () => [explodingGetter('render getter exploded') as ContentBlock] })

  expectCode(result, 'INVALID_TOOL_OUTPUT')
  expect(result.error?.message).toContain('output.render failed: render getter exploded')
  expect(result.error?.message).not.toContain('non-lossless')
})

check('OUT-05', 'a top-level call gets meta from presentationMeta(args, value)', async ({ tools }) => {
  const seen: unknown[] = []
  const result = await runTool(
    tools,
    'echo',
    {
      body: () => 'v',
      presentationMeta: (args, value) => {
        seen.push(args, value)
        return { summary: value }
      },
    },
    { a: 1 },
  )

  expectSuccess(result)
  expect(result.meta).toEqual({ summary: 'v' })
  expect(seen).toEqual([{ a: 1 }, 'v'])
})

// The parent is the token of the running outer execution: whether any other parent counts is open (OP-36, ARG-21).
check('OUT-05', 'a nested call (with parent) gets no meta', async ({ tools }) => {
  tools.register(probeTool('echo', { presentationMeta: () => ({ shown: true }) }).definition)
  let result: ToolExecutionResult | undefined
  tools.register(
    probeTool('outer', {
      body: async (_args: unknown, exec: { token: symbol }) => {
        result = await tools.execute(call('echo', {}, { parent: exec.token }))
        return 'outer done'
      },
    }).definition,
  )

  expectSuccess(await tools.execute(call('outer')))

  expect(result, 'the nested call resolved').toBeDefined()
  expectSuccess(result!)
  expect(result!.meta, 'no projected meta').toBeUndefined()
  expectOnlyKeys(result!, ['isError', 'value', 'content'])
})

check('OUT-05', 'a presentationMeta that throws or returns non-lossless JSON makes the call a failure', async ({ tools }) => {
  const throwing = await runTool(tools, 'throws', {
    presentationMeta: () => {
      throw new Error('meta crashed')
    },
  })
  const lossy = await runTool(tools, 'lossy', { presentationMeta: () => ({ n: Number.POSITIVE_INFINITY }) })

  expectProjectionFailure(throwing)
  expectProjectionFailure(lossy)
})

check('OUT-13', 'presentationMeta failures are worded as upstream words them', async ({ tools }) => {
  const throwing = await runTool(tools, 'throws', {
    presentationMeta: () => {
      throw new Error('meta crashed')
    },
  })
  const lossy = await runTool(tools, 'lossy', { presentationMeta: () => ({ n: Number.POSITIVE_INFINITY }) })

  expect(throwing.error?.message).toContain('output.presentationMeta failed: meta crashed')
  expect(lossy.error?.message).toContain('output.presentationMeta returned non-lossless JSON')
})

check(
  'OUT-05',
  'a presentationMeta returning a function, or a value whose getter throws in the snapshot, is a failure as tools/result sees it',
  async ({ harness, tools }) => {
    const observed: ToolExecutionResult[] = []
    harness.on('tools/result', (_exec, result) => {
      observed.push(result)
    })

    const fn = await runTool(tools, 'function-meta', { presentationMeta: () => (() => undefined) as unknown as JsonValue })
    const getter = await runTool(tools, 'getter-meta', { presentationMeta: () => explodingGetter('meta getter exploded') as JsonValue })

    expectProjectionFailure(fn)
    expectProjectionFailure(getter)
    expect(
      observed.map((r) => r.isError),
      'what tools/result saw',
    ).toEqual([true, true])
    expect(
      observed.map((r) => r.error),
      'tools/result saw the returned failures',
    ).toEqual([fn.error, getter.error])
  },
)

for (const projector of ['render', 'presentationMeta'] as const) {
  check(
    'OUT-16',
    `an output.${projector} that throws, even a coded error, or returns non-lossless JSON is INVALID_TOOL_OUTPUT`,
    async ({ tools, harnessError, has }) => {
      const thrown: unknown[] = [new Error(`${projector} crashed`), ...(has('codedErrors') ? [harnessError(`${projector} crashed`, 'OWN_CODE')] : [])]
      const lossy = projector === 'render' ? [{ type: 'text', text: 'x', extra: () => 1 }] : { n: Number.POSITIVE_INFINITY }
      const specs: ProbeSpec[] = [
        ...thrown.map(
          (error) =>
            ({
              [projector]: () => {
                throw error
              },
            }) as ProbeSpec,
        ),
        { [projector]: () => lossy } as ProbeSpec,
      ]
      for (const [i, spec] of specs.entries()) {
        const result = await runTool(tools, `${projector}-${i}`, spec)

        expectCode(result, 'INVALID_TOOL_OUTPUT')
        expect(result.error?.info, 'a ToolOutputError').toEqual({ name: 'ToolOutputError', code: 'INVALID_TOOL_OUTPUT' })
      }
    },
    { optional: ['codedErrors'], ...(projector === 'presentationMeta' ? { needs: ['presentationMeta'] } : {}) },
  )
}

check('OUT-13', 'a throw while snapshotting the presentationMeta return is reported as a presentationMeta failure with its message', async ({ tools }) => {
  const result = await runTool(tools, 'getter', { presentationMeta: () => explodingGetter('meta getter exploded') as JsonValue })

  const message = 'tool "getter" returned invalid output: output.presentationMeta failed: meta getter exploded'
  expect(result.error?.message).toBe(message)
  expectEnveloped(result)
})

check('OUT-06', 'a plain success holds exactly isError, value and content, deep-frozen', async ({ tools }) => {
  const result = await runTool(tools, 'echo', { body: () => ({ a: [1] }) })

  expectSuccess(result)
  expect(result.value, 'value').toEqual({ a: [1] })
  expect($Array.isArray(result.content), 'content is a list of blocks').toBe(true)
  expect(result.meta, 'no meta without a projection').toBeUndefined()
  expect(result.concludesTurn, 'no concludesTurn without the marker').toBeUndefined()
  expect(isDeepFrozen(result), 'deep-frozen').toBe(true)
  // Exactly these keys: absent rather than undefined is RES-12's (OP-40), no empty context list CTX-05's.
  expectOnlyKeys(result, ['content', 'isError', 'value'])
})

check(
  'OUT-06',
  'a success of a call with projected meta adds meta, deep-frozen',
  async ({ tools }) => {
    const result = await runTool(tools, 'echo', { body: () => 'v', presentationMeta: () => ({ shown: ['v'] }) })

    // Not an exact key set: whether an empty context list is left out is upstream's choice (CTX-05).
    expect(result.isError, 'a success').toBe(false)
    expect(result.value, 'value').toBe('v')
    expect(result.error, 'a success carries no error (error?: never)').toBeUndefined()
    expect(result.meta, 'meta').toEqual({ shown: ['v'] })
    expect(isDeepFrozen(result), 'deep-frozen').toBe(true)
  },
  { needs: ['presentationMeta'] },
)

check('OUT-06', 'a success of a call that concluded the turn adds concludesTurn: true', async ({ tools }) => {
  const result = await runTool(tools, 'echo', {
    body: (_args, exec) => {
      exec.concludeTurn()
      return 'last'
    },
  })

  expectSuccess(result)
  expect(result.concludesTurn, 'concludesTurn').toBe(true)
  expectOnlyKeys(result, ['concludesTurn', 'content', 'isError', 'value'])
})

check('OUT-07', 'an output failure carries ToolOutputError info, no value, and reaches post-execute', async ({ harness, tools }) => {
  const stages = recordStages(harness)
  let postSaw: ToolExecutionResult | undefined
  harness.on('tools/post-execute', (_exec, result, next) => {
    postSaw = result
    return next()
  })

  const result = await runTool(tools, 'echo', { schema: { type: 'string' }, body: () => 1 })

  expectErrorClass(result, 'ToolOutputError', 'INVALID_TOOL_OUTPUT')
  expect(stages.count('post'), 'post stage runs').toBe(1)
  expect(postSaw?.error?.info?.code).toBe('INVALID_TOOL_OUTPUT')
})

check('OUT-08', 'a raw definition body receives arguments that contradict its parameters schema', async ({ tools }) => {
  const probe = probeTool('reader', {
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false },
  })
  tools.register(probe.definition)

  const result = await tools.execute(call('reader', { path: 5, extra: true }))

  expectSuccess(result)
  expect(probe.bodyArgs, 'body arguments').toEqual([{ path: 5, extra: true }])
})

check('OUT-09', 'a body throw becomes a failure of the thrown value that post-execute sees', async ({ harness, tools }) => {
  const stages = recordStages(harness)

  const result = await runTool(tools, 'echo', {
    body: () => {
      throw new Error('kaboom')
    },
  })

  expect(result.isError, 'isError').toBe(true)
  expectKeptThrownMessage(result, 'kaboom')
  expectNoInfo(result, 'ERR-14')
  expectEnveloped(result)
  expect(stages.count('post'), 'post stage runs').toBe(1)
})

// That a throw caused by cancellation keeps its failure is CAN-09's (OUT-09 defers it); the body being drained
// first is CAN-13's, a precondition.
check('CAN-09', 'a body that throws because of the abort keeps its own error instead of an abort code', async ({ tools }) => {
  const started = deferred()
  const drained = drainedBody()
  tools.register(
    probeTool('cooperative', {
      body: async (_args, exec) => {
        started.resolve()
        await new Promise((resolve) => exec.signal.addEventListener('abort', resolve, { once: true }))
        await drained.ending()
        throw new Error('stopped on request')
      },
    }).definition,
  )
  const caller = new AbortController()

  const pending = tools.execute(call('cooperative', {}, { signal: caller.signal }))
  await started.promise
  caller.abort()
  const result = await pending
  drained.expectDrained()

  expect(result.isError, 'isError').toBe(true)
  expectKeptThrownMessage(result, 'stopped on request')
  expect(result.error?.info).toBeUndefined()
})

check('OUT-14', 'a defineTool body never runs for invalid arguments and the call fails with INVALID_ARGS', async ({ schema, tools }) => {
  const { definition, bodyArgs } = readTool(schema)
  tools.register(definition)

  const invalid = await tools.execute(call('read', { limit: 'ten' }))
  const valid = await tools.execute(call('read', { path: 'a.txt' }))

  expectErrorClass(invalid, 'ToolArgsError', 'INVALID_ARGS')
  expectSuccess(valid)
  expect(bodyArgs).toEqual([{ path: 'a.txt' }])
})

check('OUT-15', 'the INVALID_ARGS failure is worded as upstream words it', async ({ schema, tools }) => {
  tools.register(readTool(schema).definition)

  const result = await tools.execute(call('read', {}))

  expect(result.error?.message).toBe('invalid arguments: missing required property "path"')
  expectEnveloped(result)
})

check(
  'CAN-09',
  'a coded error the body throws because of the abort keeps its own info, not ABORTED',
  async ({ tools, harnessError }) => {
    const thrown = harnessError('stopped on request', 'STOPPED')
    const started = deferred()
    const drained = drainedBody()
    tools.register(
      probeTool('cooperative', {
        body: async (_args, exec) => {
          started.resolve()
          await new Promise((resolve) => exec.signal.addEventListener('abort', resolve, { once: true }))
          await drained.ending()
          throw thrown
        },
      }).definition,
    )
    const caller = new AbortController()

    const pending = tools.execute(call('cooperative', {}, { signal: caller.signal }))
    await started.promise
    caller.abort()
    const result = await pending
    drained.expectDrained()

    expectKeptThrownMessage(result, 'stopped on request')
    // The seeds name info's content ("class/code"), not its fields (OP-08): exactly { name, code } is ERR-20's.
    expectErrorIdentity(result, thrown.name, 'STOPPED')
  },
  { needs: ['codedErrors'] },
)

// Upstream halves split off OUT-01, OUT-02, OUT-04, OUT-07, OUT-14 and EXE-13 (issue 37; OP-45..OP-47, OP-08).

check('OUT-17', 'the body and render receive exec.arguments itself', async ({ tools }) => {
  const rendered: unknown[] = []
  const probe = probeTool('echo', { render: (args) => (rendered.push(args), [text('r')]) })
  tools.register(probe.definition)

  expectSuccess(await tools.execute(call('echo', { q: 1 })))

  expect(probe.bodyArgs[0], 'body args').toBe(probe.bodyExecs[0]?.arguments)
  expect(rendered[0], 'render args').toBe(probe.bodyExecs[0]?.arguments)
})

check('OUT-18', 'a value whose snapshot throws is INVALID_TOOL_OUTPUT, not the thrown error', async ({ tools }) => {
  expectCode(await runTool(tools, 'echo', { body: () => explodingGetter('snapshot getter exploded') }), 'INVALID_TOOL_OUTPUT')
})

check('OUT-19', 'render gets a deep-frozen value and wrappers a deep-frozen success', async ({ harness, tools }) => {
  const values: unknown[] = []
  let inWrapper: unknown
  harness.on('tools/execute', async (_exec, next) => {
    inWrapper = await next()
    return inWrapper as ToolExecutionResult
  })

  await runTool(tools, 'echo', { body: () => ({ nested: { list: [1] } }), render: (_args, value) => (values.push(value), [text('r')]) })

  expect(values, 'render ran once').toHaveLength(1)
  expect(inWrapper, 'the wrapper ran and got a result').toBeDefined()
  expect(isDeepFrozen(values[0]), 'the value render got').toBe(true)
  expect(isDeepFrozen(inWrapper), 'the success the wrapper got').toBe(true)
})

check('OUT-20', 'an output failure carries info exactly { name: "ToolOutputError", code }', async ({ tools }) => {
  const result = await runTool(tools, 'echo', { schema: { type: 'string' }, body: () => 1 })

  expect(result.error?.info).toEqual({ name: 'ToolOutputError', code: 'INVALID_TOOL_OUTPUT' })
})

check(
  'OUT-20',
  'an argument failure carries info exactly { name: "ToolArgsError", code }',
  async ({ schema, tools }) => {
    tools.register(readTool(schema).definition)

    const result = await tools.execute(call('read', { limit: 'ten' }))

    expect(result.error?.info).toEqual({ name: 'ToolArgsError', code: 'INVALID_ARGS' })
  },
  { needs: ['schema'] },
)
