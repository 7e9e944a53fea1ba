import { $Array, $JSON, $Object, $Reflect } from './_kit/intrinsics.ts'
import { runInNewContext } from 'node:vm'
import { expect } from 'vitest'
import type { Harness, ToolRuntimeApi } from '../adapter/contract.ts'
import type { ContentBlock, ToolExecution, ToolExecutionInput, ToolExecutionResult } from '../spec/types.ts'
import { nestingDepth } from '../fixtures/nesting-depth.ts'
import { check } from './_kit/check.ts'
import { argumentsDeepFrozenFirst } from './_kit/frozen-arguments.ts'
import { forRules } from './_kit/for-rules.ts'
import { incidental } from './_kit/incidental.ts'
import { expectTraceAsideGuard } from './_kit/guard-means.ts'
import { abortedSignal, call } from './_kit/inputs.ts'
import { mountScripted, runCode } from './_kit/code-mode.ts'
import { expectEnveloped, expectNoInfo, expectNoMeta, expectPlainFailure, expectSuccess, isDeepFrozen } from './_kit/result-assertions.ts'
import { recordStages } from './_kit/stages.ts'
import { probeTool } from './_kit/tools.ts'

type Seen = { stage: string; exec: Readonly<ToolExecution> }

/** The stages {@link watchExecs} records for one successful call, in pipeline order: proof its listeners ran. */
const EVERY_STAGE = ['pre', 'guard', 'execute', 'post', 'result']

/** Records the exec object of every stage, guards included, in the order they ran. */
function watchExecs(harness: Harness, tools: ToolRuntimeApi): Seen[] {
  const seen: Seen[] = []
  harness.on('tools/pre-execute', (exec, next) => {
    seen.push({ stage: 'pre', exec })
    return next()
  })
  tools.guard((exec) => {
    seen.push({ stage: 'guard', exec })
    return undefined
  })
  harness.on('tools/execute', (exec, next) => {
    seen.push({ stage: 'execute', exec: exec as ToolExecution })
    return next()
  })
  harness.on('tools/post-execute', (exec, _result, next) => {
    seen.push({ stage: 'post', exec })
    return next()
  })
  harness.on('tools/result', (exec) => {
    seen.push({ stage: 'result', exec })
  })
  return seen
}

/** An input whose every field is a getter that counts reads and answers differently after the first read. */
function readCountingInput(first: Record<string, unknown>, later: Record<string, unknown>) {
  const reads: Record<string, number> = {}
  const input: Record<string, unknown> = {}
  for (const key of $Object.keys(first)) {
    reads[key] = 0
    Object.defineProperty(input, key, {
      enumerable: true,
      get() {
        reads[key] = (reads[key] ?? 0) + 1
        return reads[key] === 1 ? first[key] : later[key]
      },
    })
  }
  return { input: input as unknown as ToolExecutionInput, reads }
}

check('ARG-01', "changes to the caller's input after entry reach no later stage or the body", async ({ harness, tools }) => {
  const target = probeTool('target')
  const other = probeTool('other')
  tools.register(target.definition)
  tools.register(other.definition)
  const input: Record<string, unknown> = { ...call('target', { n: 1 }, { callId: 'call-first' }) }
  const seen: { stage: string; name: string; callId: string; rootCallId: string; args: string }[] = []
  const note = (stage: string, exec: Readonly<ToolExecution>): void => {
    seen.push({ stage, name: exec.name, callId: exec.callId, rootCallId: exec.rootCallId, args: $JSON.stringify(exec.arguments) })
  }
  harness.on('tools/pre-execute', (exec, next) => {
    note('pre', exec)
    input.name = 'other'
    input.callId = 'call-later'
    input.rootCallId = 'root-later'
    input.arguments = { n: 2 }
    return next()
  })
  tools.guard((exec) => {
    note('guard', exec)
    return undefined
  })
  harness.on('tools/execute', (exec, next) => {
    note('execute', exec as ToolExecution)
    return next()
  })
  harness.on('tools/post-execute', (exec, _result, next) => {
    note('post', exec)
    return next()
  })
  harness.on('tools/result', (exec) => note('result', exec))

  const result = await tools.execute(input as unknown as ToolExecutionInput)

  expectSuccess(result)
  expect(target.bodyArgs, 'target body arguments').toEqual([{ n: 1 }])
  expect(other.bodyCalls, 'other body calls').toBe(0)
  expectTraceAsideGuard(
    seen.map((v) => v.stage),
    EVERY_STAGE,
  )
  for (const { stage, ...fields } of seen) {
    expect({ stage, fields }).toEqual({ stage, fields: { name: 'target', callId: 'call-first', rootCallId: 'call-first', args: '{"n":1}' } })
  }
})

// How often and in what order the input's fields are read is ARG-19's: the seeds say only that the arguments are materialised once.
check('ARG-19', 'identity fields and arguments are read once, and stateful getters cannot change what later stages see', async ({ harness, tools }) => {
  const target = probeTool('target')
  const other = probeTool('other')
  tools.register(target.definition)
  tools.register(other.definition)
  const seen = watchExecs(harness, tools)
  const { input, reads } = readCountingInput(
    {
      callId: 'call-first',
      rootCallId: 'root-first',
      name: 'target',
      agent: undefined,
      parent: undefined,
      signal: new AbortController().signal,
      arguments: { n: 1 },
    },
    { callId: 'call-later', rootCallId: 'root-later', name: 'other', agent: undefined, parent: Symbol('late'), signal: abortedSignal(), arguments: { n: 2 } },
  )

  const result = await tools.execute(input)

  expect(reads).toEqual({ callId: 1, rootCallId: 1, name: 1, agent: 1, parent: 1, signal: 1, arguments: 1 })
  expectSuccess(result)
  expect(target.bodyArgs, 'target body arguments').toEqual([{ n: 1 }])
  expect(other.bodyCalls, 'other body calls').toBe(0)
  expectTraceAsideGuard(
    seen.map((v) => v.stage),
    EVERY_STAGE,
  )
  for (const { stage, exec } of seen) {
    expect([stage, exec.name, exec.callId, exec.rootCallId, exec.parent]).toEqual([stage, 'target', 'call-first', 'root-first', undefined])
  }
})

check('ARG-19', 'a call whose signal is already aborted still reads its arguments exactly once', async ({ tools }) => {
  tools.register(probeTool('target').definition)
  const { input, reads } = readCountingInput(
    { callId: 'call-first', name: 'target', signal: abortedSignal(), arguments: { nested: { n: 1 } } },
    { callId: 'call-later', name: 'target', signal: abortedSignal(), arguments: { nested: { n: 2 } } },
  )

  await tools.execute(input)

  expect(reads).toEqual({ callId: 1, name: 1, signal: 1, arguments: 1 })
})

check('ARG-02', 'every stage of one execution sees the same fresh symbol token, and executions never share one', async ({ harness, tools }) => {
  const probe = probeTool('read')
  tools.register(probe.definition)
  const seen = watchExecs(harness, tools)

  await tools.execute(call('read'))
  const firstCount = seen.length
  await tools.execute(call('read'))

  const tokensOf = (views: Seen[]) => new Set(views.map((v) => v.exec.token))
  const first = tokensOf(seen.slice(0, firstCount))
  const second = tokensOf(seen.slice(firstCount))
  expectTraceAsideGuard(
    seen.map((v) => v.stage),
    [...EVERY_STAGE, ...EVERY_STAGE],
  )
  expect(first.size, 'tokens in first call').toBe(1)
  expect(second.size, 'tokens in second call').toBe(1)
  const [a] = first
  const [b] = second
  expect(typeof a).toBe('symbol')
  expect(typeof b).toBe('symbol')
  expect(a, 'tokens of the two calls differ').not.toBe(b)
  expect(probe.bodyExecs.map((e) => e.token)).toEqual([a, b])
})

check('ARG-02', 'a token field on the input cannot choose the execution token', async ({ harness, tools }) => {
  tools.register(probeTool('read').definition)
  const seen = watchExecs(harness, tools)
  const forged = Symbol('forged')

  await tools.execute({ ...call('read'), token: forged } as unknown as ToolExecutionInput)

  expectTraceAsideGuard(
    seen.map((v) => v.stage),
    EVERY_STAGE,
  )
  for (const { exec } of seen) expect(exec.token, 'token not the forged one').not.toBe(forged)
})

check('ARG-03', 'rootCallId defaults to callId and keeps a given value', async ({ harness, tools }) => {
  const probe = probeTool('read')
  tools.register(probe.definition)
  const seen = watchExecs(harness, tools)

  await tools.execute(call('read', {}, { callId: 'call-root' }))
  await tools.execute(call('read', {}, { callId: 'call-nested', rootCallId: 'call-root' }))

  const roots = seen.map((v) => `${v.stage}:${v.exec.callId}->${v.exec.rootCallId}`)
  expectTraceAsideGuard(
    roots,
    [
      'pre:call-root->call-root',
      'guard:call-root->call-root',
      'execute:call-root->call-root',
      'post:call-root->call-root',
      'result:call-root->call-root',
      'pre:call-nested->call-root',
      'guard:call-nested->call-root',
      'execute:call-nested->call-root',
      'post:call-nested->call-root',
      'result:call-nested->call-root',
    ],
    'every stage saw its rootCallId',
    (entry) => entry.startsWith('guard:'),
  )
  expect(probe.bodyExecs.map((e) => e.rootCallId)).toEqual(['call-root', 'call-root'])
})

check(
  'ARG-04',
  'arguments are one detached deep-frozen copy shared by every stage and the body; the caller object is untouched',
  async ({ harness, tools }) => {
    const probe = probeTool('write')
    tools.register(probe.definition)
    const seen = watchExecs(harness, tools)
    const args = { path: 'a.txt', nested: { lines: [1, 2, 3] } }

    await tools.execute(call('write', args))

    const snapshot = probe.bodyArgs[0]
    expect(snapshot).toEqual({ path: 'a.txt', nested: { lines: [1, 2, 3] } })
    expect(snapshot, 'snapshot is a new object').not.toBe(args)
    expect(isDeepFrozen(snapshot), 'deep-frozen').toBe(true)
    expect(probe.bodyExecs[0]?.arguments, 'same arguments').toBe(snapshot)
    expectTraceAsideGuard(
      seen.map((v) => v.stage),
      EVERY_STAGE,
    )
    for (const { stage, exec } of seen) expect([stage, exec.arguments === snapshot]).toEqual([stage, true])
    expect($Object.isFrozen(args) || $Object.isFrozen(args.nested) || $Object.isFrozen(args.nested.lines), 'frozen').toBe(false)
    expect(args).toEqual({ path: 'a.txt', nested: { lines: [1, 2, 3] } })
  },
)

function nestedArrays(depth: number): unknown {
  let value: unknown = 'bottom'
  for (let i = 0; i < depth; i += 1) value = [value]
  return value
}

function depthOf(value: unknown): number {
  let depth = 0
  while ($Array.isArray(value)) {
    depth += 1
    value = value[0]
  }
  return value === 'bottom' ? depth : -1
}

const shared = { k: 1 }
// ARG-05 admits what JSON carries losslessly; the prototype of a container and shared parts are open (OP-35), upstream's ARG-17.
const accepted: [rule: 'ARG-05' | 'ARG-17', label: string, args: () => unknown, expected: unknown][] = [
  ['ARG-05', 'null', () => null, null],
  ['ARG-05', 'a boolean', () => false, false],
  ['ARG-05', 'a string', () => 'text', 'text'],
  ['ARG-05', 'finite numbers', () => [0, -3, 1.5, 1e21], [0, -3, 1.5, 1e21]],
  ['ARG-05', 'empty containers', () => ({ a: [], b: {} }), { a: [], b: {} }],
  ['ARG-05', 'nested objects and arrays', () => ({ a: [{ b: [1, { c: 'x' }] }], d: { e: null } }), { a: [{ b: [1, { c: 'x' }] }], d: { e: null } }],
  [
    'ARG-17',
    'null-prototype objects',
    () => Object.assign(Object.create(null), { a: 1, inner: Object.assign(Object.create(null), { b: 'x' }) }),
    { a: 1, inner: { b: 'x' } },
  ],
  ['ARG-17', 'a shared acyclic sub-object', () => ({ left: shared, right: shared }), { left: { k: 1 }, right: { k: 1 } }],
  [
    'ARG-17',
    'objects and arrays from another realm',
    () => runInNewContext('({ list: [1, { ok: true }], obj: { s: "x" } })'),
    { list: [1, { ok: true }], obj: { s: 'x' } },
  ],
  // Arrays alone: a boundary narrowed to this realm's containers refuses them as it refuses the objects (OP-35).
  ['ARG-17', 'arrays from another realm inside a local object', () => ({ list: runInNewContext('[1, "x", [true]]') }), { list: [1, 'x', [true]] }],
]

for (const [rule, label, args, expected] of accepted) {
  check(rule, `accepts ${label}`, async ({ tools }) => {
    const probe = probeTool('echo')
    tools.register(probe.definition)

    const result = await tools.execute(call('echo', args()))

    expectSuccess(result)
    expect(probe.bodyArgs, 'body arguments').toEqual([expected])
  })
}

/** A null-prototype record of `fields`. */
const bareRecord = (fields: object): object => Object.assign(Object.create(null) as object, fields)

// ARG-25: what a tool produces crosses the boundary ARG-17 draws for its arguments; which prototypes are lossless is
// as open there (OP-35) as for arguments, so the must rules (OUT-02, OUT-04, OUT-05, RES-03) leave it out.
check('ARG-25', "a body value and render output may hold null-prototype records and another realm's containers", async ({ tools }) => {
  const probe = probeTool('produce', {
    body: () => bareRecord({ a: 1, list: runInNewContext('[1, "x", { k: true }]') }),
    render: () => [bareRecord({ type: 'text', text: 'rendered' }) as ContentBlock],
  })
  tools.register(probe.definition)

  const result = await tools.execute(call('produce', {}))

  expectSuccess(result)
  expect((result as { value?: unknown }).value, 'value').toEqual({ a: 1, list: [1, 'x', { k: true }] })
  expect(result.content, 'content').toEqual([{ type: 'text', text: 'rendered' }])
})

check(
  'ARG-25',
  "presentationMeta output may hold another realm's containers",
  async ({ tools }) => {
    const probe = probeTool('produce', { presentationMeta: () => runInNewContext('({ shown: [true] })') })
    tools.register(probe.definition)

    const result = await tools.execute(call('produce', {}))

    expectSuccess(result)
    expect(result.meta, 'meta').toEqual({ shown: [true] })
  },
  { needs: ['presentationMeta'] },
)

check('ARG-25', "finalizeContent's content may hold null-prototype records and another realm's containers", async ({ tools }) => {
  const probe = probeTool('produce', {
    finalizeContent: () => [
      bareRecord({ type: 'text', text: 'final' }) as ContentBlock,
      ...(runInNewContext('[{ type: "text", text: "more" }]') as ContentBlock[]),
    ],
  })
  tools.register(probe.definition)

  const result = await tools.execute(call('produce', {}))

  expectSuccess(result)
  expect(result.content, 'content').toEqual([
    { type: 'text', text: 'final' },
    { type: 'text', text: 'more' },
  ])
})

/** A success value the registry built and froze itself, as a caller might pass it on: `{ list: [1, { deep: 'x' }] }`. */
async function earlierValue(tools: ToolRuntimeApi): Promise<{ probe: ReturnType<typeof probeTool>; previous: { list: unknown[] } }> {
  const probe = probeTool('echo', { body: () => ({ list: [1, { deep: 'x' }] }) })
  tools.register(probe.definition)
  const earlier = await tools.execute(call('echo', {}))
  expectSuccess(earlier)
  return { probe, previous: (earlier as unknown as { value: { list: unknown[] } }).value }
}

/** The containers of such a value, outermost first. */
const partsOf = (v: { list: unknown[] }): unknown[] => [v, v.list, v.list[1]]

check('ARG-04', 'a frozen value taken from an earlier result reaches the body as a copy, detached from it', async ({ tools }) => {
  const { probe, previous } = await earlierValue(tools)

  const result = await tools.execute(call('echo', { again: previous }))

  expectSuccess(result)
  const body = probe.bodyArgs[1] as { again: { list: unknown[] } }
  expect(body).toEqual({ again: { list: [1, { deep: 'x' }] } })
  expect(isDeepFrozen(body), 'deep-frozen').toBe(true)
  const earlierParts = new Set(partsOf(previous))
  expect(
    partsOf(body.again).filter((part) => earlierParts.has(part)),
    'containers shared with the earlier result',
  ).toEqual([])
})

check('ARG-17', 'a frozen value taken from an earlier result and passed on two paths reaches the body as two copies', async ({ tools }) => {
  const { probe, previous } = await earlierValue(tools)

  const result = await tools.execute(call('echo', { again: previous, twice: previous }))

  expectSuccess(result)
  const body = probe.bodyArgs[1] as { again: { list: unknown[] }; twice: { list: unknown[] } }
  expect(body).toEqual({ again: { list: [1, { deep: 'x' }] }, twice: { list: [1, { deep: 'x' }] } })
  const twice = partsOf(body.twice)
  expect(
    partsOf(body.again).filter((part, i) => part === twice[i]),
    'containers the two paths share',
  ).toEqual([])
})

// The seeds give the argument boundary no depth guarantee ("Losslessly JSON-serializable parsed
// arguments"; a value too deep for the platform's JSON.stringify is arguably not serializable):
// ARG-05 checks a modest nesting, 100 levels are ARG-17's, and the depth upstream reaches without the call stack is ARG-15's.
async function expectNestedArgumentsPass(tools: ToolRuntimeApi, depth: number): Promise<void> {
  const probe = probeTool('echo')
  tools.register(probe.definition)

  const result = await tools.execute(call('echo', nestedArrays(depth)))

  expectSuccess(result)
  expect(depthOf(probe.bodyArgs[0])).toBe(depth)
}

check('ARG-05', 'accepts arguments nested 10 levels deep', async ({ tools }) => {
  await expectNestedArgumentsPass(tools, 10)
})

check('ARG-17', 'accepts arguments nested 100 levels deep', async ({ tools }) => {
  await expectNestedArgumentsPass(tools, 100)
})

check('ARG-15', 'accepts nesting far deeper than a recursive walk survives', async ({ tools }) => {
  await expectNestedArgumentsPass(tools, nestingDepth(50_000))
})

check('ARG-17', 'reads a getter property once and passes its value on', async ({ tools }) => {
  const probe = probeTool('echo')
  tools.register(probe.definition)
  let reads = 0
  const args = {
    get size() {
      reads += 1
      return 3
    },
  }

  const result = await tools.execute(call('echo', args))

  expectSuccess(result)
  expect(reads, 'getter reads').toBe(1)
  expect(probe.bodyArgs, 'body arguments').toEqual([{ size: 3 }])
})

class Point {
  x = 1
}
class List extends Array<number> {}

/** Containers JSON carries but for their prototype: whether they are lossy is open (OP-35), upstream refuses them (ARG-17). */
const exotic: [label: string, args: () => unknown][] = [
  ['a class instance', () => ({ p: new Point() })],
  ['a boxed string', () => ({ s: new String('x') })],
  ['an array subclass', () => ({ l: List.from([1]) })],
]

const rejected: [label: string, args: () => unknown][] = [
  ['undefined arguments', () => undefined],
  ['an undefined property', () => ({ a: undefined })],
  ['an undefined array item', () => [undefined]],
  ['a function', () => ({ f: () => 1 })],
  ['a symbol value', () => ({ s: Symbol('x') })],
  ['a bigint', () => ({ n: 1n })],
  ['NaN', () => ({ n: Number.NaN })],
  ['Infinity', () => ({ n: Number.POSITIVE_INFINITY })],
  ['-Infinity', () => ({ n: Number.NEGATIVE_INFINITY })],
  ['a Map', () => ({ m: new Map([['a', 1]]) })],
  ['a Set', () => ({ s: new Set([1]) })],
  ['a Date', () => ({ d: new Date(0) })],
  [
    'a sparse array',
    () => {
      const sparse = [1, 2, 3]
      delete sparse[1]
      return { sparse }
    },
  ],
  ['a decorated array', () => ({ a: Object.assign([1], { extra: true }) })],
  ['an array with a symbol key', () => ({ a: Object.assign([1], { [Symbol('k')]: true }) })],
  ['a symbol key', () => ({ [Symbol('k')]: 1 })],
  ['a non-enumerable key', () => Object.defineProperty({ a: 1 }, 'hidden', { value: 2, enumerable: false })],
  [
    'a cycle',
    () => {
      const cyclic: Record<string, unknown> = {}
      cyclic.self = cyclic
      return cyclic
    },
  ],
  ['a lossy value deep inside', () => ({ a: [{ b: [1, { c: Number.NaN }] }] })],
]

check(['ARG-05', 'ARG-04'], 'keeps an own __proto__ key as an ordinary enumerable data property of the copy', async ({ tools }) => {
  const probe = probeTool('echo')
  tools.register(probe.definition)
  const args = $JSON.parse('{"": 0, "__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>

  const result = await tools.execute(call('echo', args))

  expectSuccess(result)
  const copy = probe.bodyArgs[0] as Record<string, unknown>
  expect($Object.getPrototypeOf(copy), 'prototype of the copy').toBe($Object.prototype)
  expect($Object.keys(copy).sort(), 'own enumerable keys').toEqual(['', '__proto__', 'a'])
  const slot = $Object.getOwnPropertyDescriptor(copy, '__proto__')
  expect(slot?.enumerable, '__proto__ enumerable').toBe(true)
  expect(slot?.value, '__proto__ value').toEqual({ polluted: true })
  expect((copy as { polluted?: unknown }).polluted, 'inherited through a swapped prototype').toBeUndefined()
})

/**
 * Runs `input` and checks that its arguments were refused before policy: no tools/pre-execute listener and no
 * body ran (ARG-05). How the refusal reaches the caller, a resolved failure that tools/result observers receive
 * once, is ARG-06's, charged incidentally: the call is awaited whether execute() resolves or rejects.
 */
async function expectRefusedBeforePolicy(harness: Harness, tools: ToolRuntimeApi, input: ToolExecutionInput, label: string): Promise<void> {
  const probe = probeTool('echo')
  tools.register(probe.definition)
  let preCalls = 0
  harness.on('tools/pre-execute', (_exec, next) => {
    preCalls += 1
    return next()
  })
  let resultCalls = 0
  harness.on('tools/result', () => {
    resultCalls += 1
  })

  const settled = await tools.execute(input).then(
    (result) => ({ result }),
    (thrown: unknown) => ({ thrown }),
  )

  expect(preCalls, `arguments holding ${label} are refused before tools/pre-execute`).toBe(0)
  expect(probe.bodyCalls, 'body calls').toBe(0)
  incidental('ARG-06', () => {
    expect('thrown' in settled ? settled.thrown : undefined, 'execute() resolves rather than rejects (ARG-06)').toBeUndefined()
    expect('result' in settled ? settled.result.isError : undefined, 'the refusal is a failure result (ARG-06)').toBe(true)
    expect(resultCalls, 'tools/result observers receive the refusal once (ARG-06)').toBe(1)
  })
}

check(['ARG-05', 'ARG-17'], 'refuses a cycle back to the root while reading each getter only once', async ({ harness, tools }) => {
  let reads = 0
  const args: Record<string, unknown> = {}
  Object.defineProperty(args, 'n', {
    enumerable: true,
    get() {
      reads += 1
      return 1
    },
  })
  args.self = args

  await expectRefusedBeforePolicy(harness, tools, call('echo', args), 'a cycle through the root')

  forRules('ARG-17', () => expect(reads, 'getter reads').toBe(1))
})

for (const [rule, label, args] of [...rejected.map(([l, a]) => ['ARG-05', l, a] as const), ...exotic.map(([l, a]) => ['ARG-17', l, a] as const)]) {
  check(rule, `refuses ${label}`, async ({ harness, tools }) => {
    // Spread so that `undefined` arguments are not replaced by call()'s default.
    await expectRefusedBeforePolicy(harness, tools, { ...call('echo'), arguments: args() }, label)
  })
}

// ARG-24: JSON text can spell -0 while JSON.stringify writes 0; the seeds do not say whether -0 is "non-JSON" input,
// kept, or made 0. Upstream refuses it.
check('ARG-24', 'refuses -0', async ({ tools }) => {
  const probe = probeTool('echo')
  tools.register(probe.definition)

  const result = await tools.execute(call('echo', { n: -0 }))

  expect(result.isError, 'arguments holding -0 are refused').toBe(true)
  expect(probe.bodyCalls, 'body calls').toBe(0)
})

/** The stages an argument failure runs: tools/result once (ARG-06), and whether tools/post-execute does is ARG-18's. */
function expectOnlyResultStage(stages: { readonly order: readonly string[] }): void {
  expect(
    stages.order.filter((stage) => stage !== 'post'),
    'stages other than post-execute',
  ).toEqual(['result'])
  forRules('ARG-18', () => expect(stages.order, 'no post-execute either (ARG-18)').toEqual(['result']))
}

check(
  ['ARG-06', 'ARG-18'],
  'non-lossless arguments end the call before any policy stage, with one tools/result and no arguments',
  async ({ harness, tools }) => {
    const probe = probeTool('write')
    tools.register(probe.definition)
    const stages = recordStages(harness)
    let guardCalls = 0
    tools.guard(() => {
      guardCalls += 1
      return undefined
    })

    const result = await tools.execute(call('write', { when: new Date(0) }))

    expectPlainFailure(result)
    expect(guardCalls, 'guard calls').toBe(0)
    expect(probe.bodyCalls, 'body calls').toBe(0)
    expect(
      stages.results.map((seen) => seen.result),
      'tools/result observes the outcome once',
    ).toEqual([result])
    forRules('ARG-18', () => {
      expect(stages.order, 'no post-execute either (ARG-18)').toEqual(['result'])
      expect(stages.results[0]?.exec.arguments).toBeUndefined()
    })
  },
)

/**
 * The seeds say only that such input ends the call as a failure; that its
 * message is the getter's own, verbatim, is upstream's (ARG-16, charged
 * incidentally).
 */
function expectGetterMessage(result: ToolExecutionResult, message: string): void {
  expect(typeof result.error?.message, 'the failure has a message').toBe('string')
  incidental('ARG-16', () => expect(result.error?.message, "the failure carries the getter's message (ARG-16)").toBe(message))
}

check('ARG-16', "a getter throwing during materialisation gives a failure with that error's message, verbatim", async ({ tools }) => {
  tools.register(probeTool('write').definition)
  const nested = {
    list: [
      {
        get deep(): string {
          throw new Error('deep getter exploded')
        },
      },
    ],
  }
  const result = await tools.execute(call('write', nested))
  expect(result.isError).toBe(true)
  expect(result.error?.message).toBe('deep getter exploded')
})

check(['ARG-06', 'ARG-18'], 'a throwing getter inside the arguments becomes a failure', async ({ harness, tools }) => {
  tools.register(probeTool('write').definition)
  const stages = recordStages(harness)
  const args = {
    get content(): string {
      throw new Error('getter exploded')
    },
  }

  const result = await tools.execute(call('write', args))

  expectPlainFailure(result)
  expectGetterMessage(result, 'getter exploded')
  expectEnveloped(result)
  expectOnlyResultStage(stages)
})

check(['ARG-06', 'ARG-18'], 'a throwing arguments getter on the input becomes a failure, not a rejection', async ({ harness, tools }) => {
  const probe = probeTool('write')
  tools.register(probe.definition)
  const stages = recordStages(harness)
  const input = Object.defineProperty({ ...call('write') }, 'arguments', {
    enumerable: true,
    get() {
      throw new Error('arguments getter exploded')
    },
  })

  const result = await tools.execute(input)

  expectPlainFailure(result)
  expectGetterMessage(result, 'arguments getter exploded')
  expect(probe.bodyCalls, 'body calls').toBe(0)
  expectOnlyResultStage(stages)
})

// Which wins is open: upstream's argument failure is CAN-03's.
check('CAN-03', 'an argument failure wins over a signal that was already aborted', async ({ harness, tools }) => {
  tools.register(probeTool('write').definition)
  const stages = recordStages(harness)

  const result = await tools.execute(call('write', { n: Number.NaN }, { signal: abortedSignal() }))

  expectPlainFailure(result)
  expect(stages.order, 'stage order').toEqual(['result'])
})

/** How an `arguments` getter fails the call: by returning a value that is not lossless, or by throwing. */
const failingArguments: [label: string, read: () => unknown][] = [
  ['arguments that are not lossless', () => ({ invalid: () => undefined })],
  [
    'an arguments getter that throws',
    () => {
      throw new Error('arguments getter exploded')
    },
  ],
]

for (const [label, read] of failingArguments) {
  check(
    ['ARG-19', 'RES-02', 'RES-06'],
    `a call failing on ${label} still reads each field once and announces the identity it read first`,
    async ({ harness, tools, scope }) => {
      tools.register(probeTool('write').definition)
      const accepted = await scope()
      const drifted = await scope()
      let heardByScope = 0
      accepted.on('tools/result', () => {
        heardByScope += 1
      })
      const stages = recordStages(harness)
      const first = {
        callId: 'call-first',
        rootCallId: 'root-first',
        name: 'write',
        agent: accepted.agent,
        parent: Symbol('outer'),
        signal: new AbortController().signal,
      }
      const later = {
        callId: 'call-later',
        rootCallId: 'root-later',
        name: 'other',
        agent: drifted.agent,
        parent: Symbol('later'),
        signal: new AbortController().signal,
      }
      const { input, reads } = readCountingInput(first, later)
      reads.arguments = 0
      Object.defineProperty(input, 'arguments', {
        enumerable: true,
        get() {
          reads.arguments = (reads.arguments ?? 0) + 1
          return read()
        },
      })

      const result = await tools.execute(input)

      expectPlainFailure(result)
      expect(reads).toEqual({ callId: 1, rootCallId: 1, name: 1, agent: 1, parent: 1, signal: 1, arguments: 1 })
      expect(stages.order, 'stage order').toEqual(['result'])
      const exec = stages.results[0]?.exec
      expect(exec).toBeDefined()
      expect($Object.isFrozen(exec), 'frozen').toBe(true)
      expect(exec?.arguments).toBeUndefined()
      expect([exec?.callId, exec?.rootCallId, exec?.name]).toEqual(['call-first', 'root-first', 'write'])
      expect(exec?.agent, 'the agent read first').toBe(first.agent)
      expect(exec?.parent, 'the parent read first').toBe(first.parent)
      expect(exec?.signal, 'the signal read first').toBe(first.signal)
      expect(heardByScope, 'tools/result events heard by the scope of that agent').toBe(1)
    },
  )
}

const IDENTITY_KEYS = ['token', 'callId', 'rootCallId', 'name', 'signal', 'arguments']

function ownKeyReport(exec: object, keys: readonly string[]): Record<string, boolean> {
  return $Object.fromEntries(keys.map((key) => [key, $Object.hasOwn(exec, key)]))
}

// Whether the fields are own data properties and whether absent agent/parent keys are left out is ARG-20's (the seeds give an interface).
check(['ARG-07', 'ARG-20'], 'listeners see the identity fields, and no agent or parent key when none was given', async ({ harness, tools }) => {
  tools.register(probeTool('read').definition)
  const seen = watchExecs(harness, tools)
  const signal = new AbortController().signal

  await tools.execute(call('read', { q: 1 }, { callId: 'call-seen', signal }))

  expectTraceAsideGuard(
    seen.map((v) => v.stage),
    EVERY_STAGE,
  )
  for (const { stage, exec } of seen) {
    expect({ stage, token: typeof exec.token, fields: [exec.callId, exec.rootCallId, exec.name, exec.arguments] }).toEqual({
      stage,
      token: 'symbol',
      fields: ['call-seen', 'call-seen', 'read', { q: 1 }],
    })
    expect(exec.signal, `${stage}: a signal`).toBeInstanceOf(AbortSignal)
    expect([exec.agent, exec.parent], `${stage}: no agent or parent`).toEqual([undefined, undefined])
  }
  const expected = { ...Object.fromEntries(IDENTITY_KEYS.map((k) => [k, true])), agent: false, parent: false }
  forRules('ARG-20', () => {
    for (const { stage, exec } of seen) {
      expect({ stage, keys: ownKeyReport(exec, [...IDENTITY_KEYS, 'agent', 'parent']) }).toEqual({ stage, keys: expected })
    }
  })
})

check('ARG-20', 'the identity keys are enumerable, as on a plain object, in every stage and in the body', async ({ harness, tools }) => {
  const probe = probeTool('read')
  tools.register(probe.definition)
  const seen = watchExecs(harness, tools)

  await tools.execute(call('read', {}, { parent: Symbol('outer') }))

  const keys = [...IDENTITY_KEYS, 'parent']
  const enumerable = (exec: object) => $Object.fromEntries(keys.map((key) => [key, $Object.keys(exec).includes(key)]))
  const expected = $Object.fromEntries(keys.map((key) => [key, true]))
  expectTraceAsideGuard(
    seen.map((v) => v.stage),
    EVERY_STAGE,
  )
  for (const { stage, exec } of seen) expect({ stage, keys: enumerable(exec) }).toEqual({ stage, keys: expected })
  const body = probe.bodyExecs[0]
  expect(body).toBeDefined()
  if (body !== undefined) {
    expect(enumerable(body)).toEqual(expected)
    expect($Object.keys(body), 'body view keys').toEqual(expect.arrayContaining(['deferContext', 'concludeTurn']))
  }
})

check(
  ['ARG-07', 'ARG-20'],
  'a given parent and agent appear on the execution, as own properties',
  async ({ harness, tools, scope }) => {
    tools.register(probeTool('read').definition)
    const agentScope = await scope()
    const seen = watchExecs(harness, tools)
    const parent = Symbol('outer')

    await tools.execute(call('read', {}, { agent: agentScope.agent, parent }))

    expectTraceAsideGuard(
      seen.map((v) => v.stage),
      EVERY_STAGE,
    )
    for (const { exec } of seen) {
      expect(exec.agent, 'same agent').toBe(agentScope.agent)
      expect(exec.parent, 'same parent').toBe(parent)
    }
    forRules('ARG-20', () => {
      for (const { stage, exec } of seen) {
        expect({ stage, keys: ownKeyReport(exec, ['agent', 'parent']) }).toEqual({ stage, keys: { agent: true, parent: true } })
      }
    })
  },
  { needs: ['scopes'] },
)

check('ARG-07', 'the body receives the identity plus deferContext and concludeTurn', async ({ tools }) => {
  const probe = probeTool('read')
  tools.register(probe.definition)
  const input = call('read', { q: 1 }, { callId: 'call-body' })

  await tools.execute(input)

  const exec = probe.bodyExecs[0]
  expect(exec).toBeDefined()
  expect(typeof exec?.token).toBe('symbol')
  expect([exec?.callId, exec?.rootCallId, exec?.name, exec?.arguments]).toEqual(['call-body', 'call-body', 'read', { q: 1 }])
  expect(exec?.signal).toBeInstanceOf(AbortSignal)
  expect(typeof exec?.deferContext).toBe('function')
  expect(typeof exec?.concludeTurn).toBe('function')
})

check('ARG-08', 'arguments are deep-frozen from pre-execute on, so nested writes fail', async ({ harness, tools }) => {
  tools.register(probeTool('write').definition)
  const observed: { frozen: boolean; nestedWrite: boolean }[] = []
  const views: unknown[] = []
  harness.on('tools/pre-execute', (exec, next) => {
    const args = exec.arguments as { nested: { list: number[] } }
    views.push(args)
    observed.push({ frozen: isDeepFrozen(args), nestedWrite: $Reflect.set(args.nested.list, 0, 99) })
    return next()
  })

  await tools.execute(call('write', { nested: { list: [1] } }))

  // That the arguments are deep-frozen at all is ARG-04's; ARG-08's is that they are so already when pre-execute runs.
  argumentsDeepFrozenFirst(views[0], 'tools/pre-execute, once the call settled')
  expect(observed).toEqual([{ frozen: true, nestedWrite: false }])
})

check('ARG-08', 'tools/result observers get a frozen execution object, on success and on an argument failure', async ({ harness, tools }) => {
  tools.register(probeTool('read').definition)
  const stages = recordStages(harness)

  await tools.execute(call('read'))
  await tools.execute(call('read', { bad: () => 1 }))

  expect(stages.results.map((r) => $Object.isFrozen(r.exec))).toEqual([true, true])
})

check('ARG-08', 'tools/result sees the caller signal once a wrapper has restored its own', async ({ harness, tools }) => {
  tools.register(probeTool('read').definition)
  const stages = recordStages(harness)
  harness.on('tools/execute', async (exec, next) => {
    const previous = exec.signal
    exec.signal = new AbortController().signal
    try {
      return await next()
    } finally {
      exec.signal = previous
    }
  })
  const caller = new AbortController().signal

  await tools.execute(call('read', {}, { signal: caller }))

  expect(stages.results[0]?.exec.signal, 'same signal').toBe(caller)
})

/**
 * Runs `outer`, whose body calls `read` with its own execution token as the
 * parent: the token of an enclosing execution, as the seeds describe it.
 */
async function nestedUnderLiveToken(tools: ToolRuntimeApi): Promise<{ token: unknown; nested: ToolExecutionResult | undefined }> {
  const state: { token: unknown; nested: ToolExecutionResult | undefined } = { token: undefined, nested: undefined }
  tools.register(
    probeTool('outer', {
      body: async (_args: unknown, exec: ToolExecution) => {
        state.token = exec.token
        state.nested = await tools.execute(call('read', {}, { parent: exec.token }))
        return 'outer done'
      },
    }).definition,
  )
  expectSuccess(await tools.execute(call('outer')))
  return state
}

check(
  'ARG-09',
  'a call carrying the token of its enclosing execution keeps that parent and gets no presentation meta',
  async ({ harness, tools, has }) => {
    // The parent is carried whatever the registry presents; the meta half needs a projector (presentationMeta, optional here).
    const projects = has('presentationMeta')
    const probe = probeTool('read', projects ? { presentationMeta: () => ({ card: 'read' }) } : {})
    tools.register(probe.definition)
    const parents: unknown[] = []
    harness.on('tools/result', (exec) => {
      if (exec.name === 'read') parents.push(exec.parent)
    })

    const topLevel = await tools.execute(call('read'))
    const { token, nested } = await nestedUnderLiveToken(tools)

    expectSuccess(topLevel)
    if (projects) expect(topLevel.meta).toEqual({ card: 'read' })
    expect(nested, 'the nested call resolved').toBeDefined()
    if (nested !== undefined) {
      expectSuccess(nested)
      if (projects) expectNoMeta(nested, 'meta on the sub-dispatch')
    }
    expect(probe.bodyExecs.map((exec) => exec.parent)).toEqual([undefined, token])
    expect(parents).toEqual([undefined, token])
  },
  { optional: ['presentationMeta'] },
)

// Whether a parent that is no live token is trusted is open (OP-36): upstream trusts any defined value (ARG-21).
check('ARG-21', 'an arbitrary parent value is passed through verbatim and does not stop the call', async ({ harness, tools }) => {
  const probe = probeTool('read')
  tools.register(probe.definition)
  const seen = watchExecs(harness, tools)
  const forged = Symbol('never-a-live-token')

  const result = await tools.execute(call('read', {}, { parent: forged }))

  expectSuccess(result)
  expect(probe.bodyExecs[0]?.parent, 'same parent').toBe(forged)
  expectTraceAsideGuard(
    seen.map((v) => v.stage),
    EVERY_STAGE,
  )
  for (const { stage, exec } of seen) expect([stage, exec.parent]).toEqual([stage, forged])
})

check(
  'ARG-21',
  'a call with an arbitrary parent gets no presentation meta',
  async ({ tools }) => {
    tools.register(probeTool('read', { presentationMeta: () => ({ card: 'read' }) }).definition)

    const topLevel = await tools.execute(call('read'))
    const nested = await tools.execute(call('read', {}, { parent: Symbol('outer') }))

    expectSuccess(topLevel)
    expect(topLevel.meta).toEqual({ card: 'read' })
    expectSuccess(nested)
    expect('meta' in nested).toBe(false)
  },
  { needs: ['presentationMeta'] },
)

/**
 * Tries to overwrite every identity field, by assignment and by redefinition;
 * the kit never relies on the writes succeeding.
 */
function reassignIdentity(exec: object): void {
  const forged: Record<string, unknown> = {
    name: 'other',
    callId: 'call-forged',
    rootCallId: 'root-forged',
    arguments: { n: 99 },
    token: Symbol('forged'),
    parent: Symbol('forged-parent'),
  }
  for (const [key, value] of $Object.entries(forged)) $Reflect.set(exec, key, value)
  for (const [key, value] of $Object.entries(forged)) {
    $Reflect.defineProperty(exec, key, { value, writable: true, enumerable: true, configurable: true })
  }
}

/** Registers `target` and `other`, then records what each later stage saw. */
function identityScenario(tools: ToolRuntimeApi) {
  const target = probeTool('target')
  const other = probeTool('other')
  tools.register(target.definition)
  tools.register(other.definition)
  const seen: { stage: string; name: string; callId: string; rootCallId: string; args: unknown; token: symbol; parent: unknown }[] = []
  const note = (stage: string, exec: Readonly<ToolExecution>): void => {
    seen.push({ stage, name: exec.name, callId: exec.callId, rootCallId: exec.rootCallId, args: exec.arguments, token: exec.token, parent: exec.parent })
  }
  return { target, other, seen, note }
}

function expectIdentityKept(s: ReturnType<typeof identityScenario>, stages: readonly string[]): void {
  expect(s.target.bodyCalls, 'target body calls').toBe(1)
  expect(s.other.bodyCalls, 'other body calls').toBe(0)
  expect(s.target.bodyArgs).toEqual([{ n: 1 }])
  expectTraceAsideGuard(
    s.seen.map((v) => v.stage),
    stages,
    'stages seen',
  )
  const token = s.seen[0]?.token
  for (const v of s.seen) {
    expect(v).toEqual({ stage: v.stage, name: 'target', callId: 'call-id', rootCallId: 'call-id', args: { n: 1 }, token, parent: undefined })
  }
}

check('ARG-11', 'a pre-execute listener reassigning identity changes neither the tool that runs nor what later stages see', async ({ harness, tools }) => {
  const s = identityScenario(tools)
  harness.on('tools/pre-execute', (exec, next) => {
    s.note('pre', exec)
    reassignIdentity(exec)
    return next()
  })
  harness.on('tools/pre-execute', (exec, next) => {
    s.note('inner-pre', exec)
    return next()
  })
  tools.guard((exec) => {
    s.note('guard', exec)
    return undefined
  })
  harness.on('tools/execute', (exec, next) => {
    s.note('execute', exec as ToolExecution)
    return next()
  })
  harness.on('tools/result', (exec) => s.note('result', exec))

  const result = await tools.execute(call('target', { n: 1 }, { callId: 'call-id' }))

  expectSuccess(result)
  // Which pre-execute listener is outermost is open (OP-32, PRE-24's): either sees the identity kept.
  const pres = s.seen.find((v) => v.stage !== 'guard')?.stage === 'inner-pre' ? ['inner-pre', 'pre'] : ['pre', 'inner-pre']
  expectIdentityKept(s, [...pres, 'guard', 'execute', 'result'])
})

check('ARG-11', 'a tools/execute wrapper reassigning identity cannot dispatch another tool', async ({ harness, tools }) => {
  const s = identityScenario(tools)
  harness.on('tools/execute', (exec, next) => {
    s.note('execute', exec as ToolExecution)
    reassignIdentity(exec)
    return next()
  })
  harness.on('tools/post-execute', (exec, _result, next) => {
    s.note('post', exec)
    return next()
  })
  harness.on('tools/result', (exec) => s.note('result', exec))

  const result = await tools.execute(call('target', { n: 1 }, { callId: 'call-id' }))

  expectSuccess(result)
  expectIdentityKept(s, ['execute', 'post', 'result'])
})

check('ARG-11', 'a post-execute listener reassigning identity does not change what tools/result observers see', async ({ harness, tools }) => {
  const s = identityScenario(tools)
  harness.on('tools/post-execute', (exec, _result, next) => {
    s.note('post', exec)
    reassignIdentity(exec)
    return next()
  })
  harness.on('tools/result', (exec) => s.note('result', exec))

  const result = await tools.execute(call('target', { n: 1 }, { callId: 'call-id' }))

  expectSuccess(result)
  expectIdentityKept(s, ['post', 'result'])
})

check('ARG-12', 'a non-lossless argument failure names the lossless-JSON requirement', async ({ tools }) => {
  tools.register(probeTool('write').definition)

  const result = await tools.execute(call('write', { n: 1n }))

  const message = 'tool execution arguments must be losslessly JSON-serializable'
  expect(result.error?.message).toBe(message)
  expectNoInfo(result, 'ERR-14')
  expectEnveloped(result)
})

const notSignals: [label: string, signal: () => unknown][] = [
  ['a number', () => 42],
  ['a plain object', () => ({})],
  ['a look-alike object', () => ({ aborted: false, reason: undefined, addEventListener() {}, removeEventListener() {}, throwIfAborted() {} })],
]

for (const [label, signal] of notSignals) {
  check(
    ['ARG-14', 'ERR-10'],
    `a signal that is ${label}, not an AbortSignal, is malformed input that ends the call before any stage`,
    async ({ harness, tools }) => {
      const probe = probeTool('read')
      tools.register(probe.definition)
      const stages = recordStages(harness)

      const outcome = await tools.execute({ ...call('read'), signal: signal() } as unknown as ToolExecutionInput).then(
        (result) => ({ resolved: true as const, result }),
        (error: unknown) => ({ resolved: false as const, error }),
      )

      // ERR-10: whatever the input, execute() resolves and tools/result fires once.
      expect(outcome.resolved, 'execute() rejected').toBe(true)
      expect(stages.count('result'), 'result stage runs').toBe(1)
      // ARG-14: such a signal is malformed input, so the call is a failure that runs no other stage.
      forRules('ARG-14', () => {
        if (outcome.resolved) expect(outcome.result.isError, 'outcome is a failure').toBe(true)
        expect(stages.order, 'stage order').toEqual(['result'])
        expect(probe.bodyCalls, 'body calls').toBe(0)
      })
    },
  )
}

check(
  'ARG-13',
  'under code a call carrying the token of the running run_code executes the native tool',
  async ({ harness, tools, codeMode }) => {
    const runtime = await mountScripted(codeMode)
    const probe = probeTool('echo')
    tools.register(probe.definition)
    const nested: ToolExecutionResult[] = []
    harness.on('tools/execute', async (exec, next) => {
      if (exec.name === 'run_code') nested.push(await tools.execute(call('echo', { n: 1 }, { parent: exec.token })))
      return next()
    })

    await tools.execute(runCode(runtime.program(() => 'done')))

    expect(
      nested.map((result) => (result.isError ? result.error?.info?.code : 'success')),
      'the sub-dispatch is not collapsed',
    ).toEqual(['success'])
    expect(probe.bodyCalls).toBe(1)
  },
  { deployment: { mode: 'code' } },
)

check(
  'ARG-21',
  'under code a call carrying any parent runs the tool, while the same call without one collapses',
  async ({ tools }) => {
    const probe = probeTool('echo')
    tools.register(probe.definition)
    expectSuccess(await tools.execute(call('echo', { n: 1 }, { parent: Symbol('some transport') })))
    expect(probe.bodyCalls).toBe(1)
    const collapsed = await tools.execute(call('echo', { n: 1 }))
    expect(collapsed.isError ? collapsed.error?.info?.code : 'success').toBe('UNKNOWN_TOOL')
    expect(probe.bodyCalls).toBe(1)
  },
  { deployment: { mode: 'code' }, needs: ['codeMode'] },
)
