import { $JSON, $Reflect } from './_kit/intrinsics.ts'
import { expect } from 'vitest'
import type { Harness, Subscribe, ToolRuntimeApi } from '../adapter/contract.ts'
import type { ContentBlock, PostToolDecision, ToolExecutionResult } from '../spec/types.ts'
import { check } from './_kit/check.ts'
import { deferredSurviveBodyThrow, expectDeferredOnListenerFailure } from './_kit/contexts.ts'
import type { CheckContext } from './_kit/check.ts'
import { forRules } from './_kit/for-rules.ts'
import { expectMetaFrom, projectFrom } from './_kit/projected-meta.ts'
import { incidental, precondition } from './_kit/incidental.ts'
import { deferred } from './_kit/deferred.ts'
import { abortedSignal, call } from './_kit/inputs.ts'
import { trackListeners } from './_kit/listeners.ts'
import {
  expectBlockContexts,
  expectCode,
  expectKeptThrownMessage,
  expectNoInfo,
  expectNoMeta,
  expectOnlyKeys,
  expectSuccess,
  expectThrownMessage,
  isDeepFrozen,
} from './_kit/result-assertions.ts'
import { recordStages } from './_kit/stages.ts'
import { expectLookupStages } from './_kit/lookup.ts'
import { contextMessage, probeTool, text } from './_kit/tools.ts'
import type { ProbeSpec } from './_kit/tools.ts'

const bodyContext = contextMessage('deferred by the body')
const decisionContext = contextMessage('added by post-execute')

/** Registers `echo` with the given spec and runs one call of it. */
async function runEcho(tools: ToolRuntimeApi, spec: ProbeSpec = {}): Promise<ToolExecutionResult> {
  tools.register(probeTool('echo', spec).definition)
  return tools.execute(call('echo'))
}

/** A post-execute listener that ignores next() and returns `decision` (cast: malformed decisions are part of the tests). */
function decide(harness: { readonly on: Subscribe }, decision: unknown): void {
  harness.on('tools/post-execute', () => decision as PostToolDecision)
}

/** A body that defers one context, concludes the turn and returns `value`. */
function concludingBody(value: unknown): ProbeSpec['body'] {
  return (_args, exec) => {
    exec.deferContext(bodyContext)
    exec.concludeTurn()
    return value
  }
}

/**
 * `actual` holds every context of `expected`: at must level the decision's
 * contexts are attached in addition to those the result carried; that they
 * come after them, in this order, is CTX-03's, charged incidentally.
 */
function expectContextsInOrder(actual: readonly unknown[] | undefined, expected: readonly unknown[]): void {
  expect(actual ?? [], 'every context is attached').toHaveLength(expected.length)
  expect(actual ?? [], 'every context is attached').toEqual(expect.arrayContaining([...expected]))
  incidental('CTX-03', () => expect(actual, 'prior contexts first, then the decision ones (CTX-03)').toEqual(expected))
}

function throwingBody(message: string): ProbeSpec['body'] {
  return () => {
    throw new Error(message)
  }
}

const POST_RESULT_ORIGINS: readonly (readonly [string, (t: CheckContext) => Promise<unknown>])[] = [
  ['a body success', ({ tools }) => runEcho(tools)],
  ['a body throw', ({ tools }) => runEcho(tools, { body: throwingBody('kaboom') })],
  ['an output failure', ({ tools }) => runEcho(tools, { schema: { type: 'string' }, body: () => 1 })],
  [
    'a wrapper short-circuit',
    ({ harness, tools }) => {
      harness.on('tools/execute', () => ({ isError: false, value: 1, content: [] }))
      return runEcho(tools)
    },
  ],
]

/** Runs one call made by `run` and checks that it met tools/post-execute and tools/result once each. */
async function expectPostOnce(t: CheckContext, run: (t: CheckContext) => Promise<unknown>): Promise<void> {
  const stages = recordStages(t.harness)
  await run(t)
  expect(stages.count('post'), 'post stage runs').toBe(1)
  expect(stages.count('result'), 'result stage runs').toBe(1)
}

for (const [origin, run] of POST_RESULT_ORIGINS) {
  check('POST-01', `post-execute runs once for ${origin}`, (t) => expectPostOnce(t, run))
}

// Seed 001 says only that post-processing "may also see" a call denied before execution: whether it does is open
// (OP-06), and upstream's yes is POST-28's.
const POLICY_DENIALS: readonly (readonly [string, (t: CheckContext) => Promise<unknown>])[] = [
  [
    'a pre-execute deny',
    ({ harness, tools }) => {
      harness.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'no' }))
      return runEcho(tools)
    },
  ],
  [
    'a guard denial',
    ({ tools }) => {
      tools.guard(() => 'guarded')
      return runEcho(tools)
    },
  ],
]

for (const [origin, run] of POLICY_DENIALS) {
  check('POST-28', `post-execute runs once for ${origin}`, (t) => expectPostOnce(t, run))
}

// Whether a call naming a tool outside the view reaches post-execute at all is VIS-25's (./_kit/lookup.ts).
check('POST-01', 'post-execute runs at most once, right before tools/result, for an unknown tool', async ({ harness, tools }) => {
  const stages = recordStages(harness)
  await tools.execute(call('ghost'))
  expectLookupStages(stages.order, ['pre', 'execute', 'post', 'result'], 'result')
})

const FINAL_RESULT_ORIGINS: readonly (readonly [string, (t: CheckContext) => Promise<unknown>])[] = [
  [
    'arguments that are not lossless JSON',
    ({ tools }) => {
      tools.register(probeTool('echo').definition)
      return tools.execute(call('echo', { f: () => 1 }))
    },
  ],
  [
    'a signal aborted at entry',
    ({ tools }) => {
      tools.register(probeTool('echo').definition)
      return tools.execute(call('echo', {}, { signal: abortedSignal() }))
    },
  ],
]
// Whether the UNKNOWN_TOOL replacing a wrapper success for an invisible tool reaches post-execute the seeds leave open
// (OP-44): upstream's final result is EXE-18's (./exe.test.ts).

for (const [origin, run] of FINAL_RESULT_ORIGINS) {
  check('POST-01', `post-execute does not run for ${origin}`, async (t) => {
    const stages = recordStages(t.harness)
    await run(t)
    const skipped = (): void => expect(stages.count('post'), 'post stage runs').toBe(0)
    // Whether a call aborted at entry ends before every policy stage, post-execute included, is open (OP-51): CAN-21's.
    if (origin === 'a signal aborted at entry') incidental('CAN-21', skipped)
    else skipped()
    expect(stages.count('result'), 'result stage runs').toBe(1)
  })
}

// Which pipeline failures bypass post-execute the seeds leave open; upstream's routing is POST-24's (./_kit/routing.ts).
const PIPELINE_FAILURES: readonly (readonly [string, (t: CheckContext) => Promise<unknown>])[] = [
  [
    'a throwing pre-execute listener',
    ({ harness, tools }) => {
      harness.on('tools/pre-execute', () => {
        throw new Error('pre broke')
      })
      return runEcho(tools)
    },
  ],
  [
    'a rejecting pre-execute listener',
    ({ harness, tools }) => {
      harness.on('tools/pre-execute', () => Promise.reject(new Error('pre broke')))
      return runEcho(tools)
    },
  ],
  [
    'a throwing guard',
    ({ tools }) => {
      tools.guard(() => {
        throw new Error('guard broke')
      })
      return runEcho(tools)
    },
  ],
  [
    'a guard returning a function',
    ({ tools }) => {
      tools.guard((() => () => 'no') as unknown as Parameters<ToolRuntimeApi['guard']>[0])
      return runEcho(tools)
    },
  ],
  [
    'a throwing wrapper',
    ({ harness, tools }) => {
      harness.on('tools/execute', () => {
        throw new Error('wrapper broke')
      })
      return runEcho(tools)
    },
  ],
]

for (const [origin, run] of PIPELINE_FAILURES) {
  check('POST-24', `post-execute does not run for ${origin}`, async (t) => {
    const stages = recordStages(t.harness)
    const result = (await run(t)) as ToolExecutionResult
    expect(result.isError, 'the call fails').toBe(true)
    expect(stages.count('post'), 'post stage runs').toBe(0)
    expect(stages.count('result'), 'result stage runs').toBe(1)
  })
}

check('POST-25', 'post-execute runs once for an abort during pre-execute, and tools/execute does not', async (t) => {
  const stages = recordStages(t.harness)
  const caller = new AbortController()
  t.harness.on('tools/pre-execute', (_exec, next) => {
    caller.abort()
    return next()
  })
  t.tools.register(probeTool('echo').definition)
  const result = await t.tools.execute(call('echo', {}, { signal: caller.signal }))
  expectCode(result, 'ABORTED_BEFORE_DISPATCH')
  expect(stages.order, 'stage order').toEqual(['pre', 'post', 'result'])
})

check('POST-01', 'listeners run in registration order with prepend first, and the base next() accepts', async ({ harness, tools }) => {
  const order: string[] = []
  harness.on('tools/post-execute', (_e, _r, next) => (order.push('first'), next()))
  harness.on('tools/post-execute', (_e, _r, next) => (order.push('second'), next()))
  harness.on('tools/post-execute', (_e, _r, next) => (order.push('prepended'), next()), { prepend: true })
  let base: PostToolDecision | undefined
  harness.on('tools/post-execute', async (_e, _r, next) => (base = await next()))

  await runEcho(tools)

  expect(order, 'listener order').toEqual(['prepended', 'first', 'second'])
  expect(base).toEqual({ kind: 'accept' })
})

check('POST-02', 'post-execute sees the deferred contexts already merged into the result', async ({ harness, tools }) => {
  const seen: ToolExecutionResult[] = []
  harness.on('tools/post-execute', (_e, result, next) => (seen.push(result), next()))

  await runEcho(tools, { body: concludingBody('v') })

  expect(seen.at(-1)?.additionalContexts).toEqual([bodyContext])
})

check('POST-02', 'post-execute gets a canonical success and a denial deep-frozen', async ({ harness, tools }) => {
  const seen: ToolExecutionResult[] = []
  harness.on('tools/post-execute', (_e, result, next) => (seen.push(result), next()))
  harness.on('tools/pre-execute', (exec, next) => (exec.callId === 'denied' ? { kind: 'deny', reason: 'no' } : next()))
  tools.register(probeTool('echo', { body: () => ({ deep: [1] }) }).definition)

  await tools.execute(call('echo'))
  await tools.execute(call('echo', {}, { callId: 'denied' }))

  expect(seen, 'post-execute calls').toHaveLength(2)
  for (const result of seen) {
    expect(isDeepFrozen(result), 'deep-frozen').toBe(true)
    expect($Reflect.set(result, 'isError', !result.isError)).toBe(false)
  }
})

check('POST-03', 'a bare accept returns the result unchanged, without an empty additionalContexts', async ({ harness, tools }) => {
  const listeners = trackListeners(harness)
  decide(listeners, { kind: 'accept' })

  const result = await runEcho(tools, { body: () => 'v' })

  expect(listeners.silent(), 'the accepting listener never ran').toEqual([])
  expectSuccess(result)
  expect(result.value, 'value').toBe('v')
  expect(result.content, 'content').toEqual([text('"v"')])
  expect(result.additionalContexts ?? [], 'no context was attached').toEqual([])
  // That no empty additionalContexts key is left is CTX-05's; no other key RES-12's.
  expectOnlyKeys(result, ['isError', 'value', 'content'])
})

check('POST-03', 'accept appends its contexts after the deferred ones', async ({ harness, tools }) => {
  decide(harness, { kind: 'accept', additionalContexts: [decisionContext] })

  const result = await runEcho(tools, { body: concludingBody('v') })

  expectSuccess(result)
  expectContextsInOrder(result.additionalContexts, [bodyContext, decisionContext])
})

check('POST-04', 'a content accept on a success swaps the content only', async ({ harness, tools }) => {
  decide(harness, { kind: 'accept', content: [text('replaced')], additionalContexts: [decisionContext] })

  const result = await runEcho(tools, { body: concludingBody({ kept: true }) })

  expectSuccess(result)
  expect(result.content).toEqual([text('replaced')])
  expect(result.value).toEqual({ kept: true })
  expect(result.concludesTurn, 'concludesTurn').toBe(true)
  expect(result.additionalContexts).toEqual([bodyContext, decisionContext])
})

check('POST-04', 'a content accept on a failure keeps isError and the error', async ({ harness, tools }) => {
  decide(harness, { kind: 'accept', content: [text('softened')] })

  const result = await runEcho(tools, { body: throwingBody('kaboom') })

  expect(result.isError, 'isError').toBe(true)
  expectKeptThrownMessage(result, 'kaboom')
  expect(result.content).toEqual([text('softened')])
  expectNoInfo(result, 'ERR-14')
})

// That a content accept keeps meta is PRES-03's (POST-04 defers it).
check(
  'PRES-03',
  'a content accept keeps the projected meta',
  async ({ harness, tools }) => {
    decide(harness, { kind: 'accept', content: [text('replaced')] })

    const result = await runEcho(tools, { body: () => 'v', presentationMeta: projectFrom })

    expect(result.content, 'the content was swapped').toEqual([text('replaced')])
    expectMetaFrom(result.meta, 'v')
  },
  { needs: ['presentationMeta'] },
)

check('POST-05', 'a value accept re-renders the new value and keeps the turn marker and contexts in order', async ({ harness, tools }) => {
  const rendered: unknown[] = []
  decide(harness, { kind: 'accept', value: 'replacement', additionalContexts: [decisionContext] })

  const result = await runEcho(tools, {
    body: concludingBody('original'),
    render: (_a, value) => (rendered.push(value), [text(`rendered ${String(value)}`)]),
  })

  expectSuccess(result)
  expect(result.value).toBe('replacement')
  expect(rendered).toEqual(['original', 'replacement'])
  expect(result.content).toEqual([text('rendered replacement')])
  expect(result.concludesTurn, 'concludesTurn').toBe(true)
  expectContextsInOrder(result.additionalContexts, [bodyContext, decisionContext])
})

check('POST-05', 'a value accept that breaks the output schema is INVALID_TOOL_OUTPUT', async ({ harness, tools }) => {
  decide(harness, { kind: 'accept', value: 42 })

  expectCode(await runEcho(tools, { schema: { type: 'string' }, body: () => 'ok' }), 'INVALID_TOOL_OUTPUT')
})

check(
  'POST-05',
  'a value accept recomputes meta from the new value',
  async ({ harness, tools }) => {
    decide(harness, { kind: 'accept', value: 'new' })

    const result = await runEcho(tools, { body: () => 'old', presentationMeta: projectFrom })

    expectMetaFrom(result.meta, 'new')
  },
  { needs: ['presentationMeta'] },
)

// Whether an own key holding undefined counts as a replacement the seeds leave open, and the refusal's missing info:
// both POST-27's.
check('POST-06', 'an accept carrying both a content and a value is a failure without value', async ({ harness, tools }) => {
  decide(harness, { kind: 'accept', value: 'x', content: [text('y')] })

  const result = await runEcho(tools)

  expect(result.isError, 'isError').toBe(true)
  expect('value' in result).toBe(false)
  incidental('POST-27', () => expect(result.error?.info, 'the refusal carries no info (POST-27)').toBeUndefined())
})

check('POST-27', 'an accept with both content and value own keys fails even when one or both hold undefined', async ({ harness, tools }) => {
  let decision: unknown = { kind: 'accept', value: 'x', content: undefined }
  harness.on('tools/post-execute', () => decision as PostToolDecision)
  tools.register(probeTool('echo').definition)

  const withUndefinedContent = await tools.execute(call('echo'))
  decision = { kind: 'accept', content: [text('y')], value: undefined }
  const withUndefinedValue = await tools.execute(call('echo'))
  decision = { kind: 'accept', content: undefined, value: undefined }
  const withBothUndefined = await tools.execute(call('echo'))

  for (const result of [withUndefinedContent, withUndefinedValue, withBothUndefined]) {
    expect(result.isError, 'isError').toBe(true)
    expect(result.error?.info).toBeUndefined()
    expect('value' in result).toBe(false)
  }
})

check('POST-18', 'the both-replacements failure is worded as upstream words it', async ({ harness, tools }) => {
  decide(harness, { kind: 'accept', value: 'x', content: [text('y')] })

  const result = await runEcho(tools)

  expect(result.error?.message).toBe('tools/post-execute accept decision cannot replace both value and content')
})

check('POST-07', 'a value accept on a failed result leaves a failure without value', async ({ harness, tools }) => {
  const listeners = trackListeners(harness)
  decide(listeners, { kind: 'accept', value: 'rescued' })

  const result = await runEcho(tools, { body: throwingBody('kaboom') })

  expect(listeners.silent(), 'the value-replacing listener never ran').toEqual([])
  expect(result.isError, 'isError').toBe(true)
  expect('value' in result).toBe(false)
})

check('POST-19', 'the failed-result value replacement is worded as upstream words it', async ({ harness, tools }) => {
  decide(harness, { kind: 'accept', value: 'rescued' })

  const result = await runEcho(tools, { body: throwingBody('kaboom') })

  expect(result.error?.message).toBe('tools/post-execute cannot replace the value of a failed result')
})

/** Post-execute unregisters `echo` and then replaces its value. */
async function valueAcceptAfterRemoval(harness: Harness, tools: ToolRuntimeApi): Promise<ToolExecutionResult> {
  const dispose = tools.register(probeTool('echo').definition)
  harness.on('tools/post-execute', () => {
    dispose()
    return { kind: 'accept', value: 'late' }
  })
  return tools.execute(call('echo'))
}

// POST-08 (a value accept after the tool was removed is UNKNOWN_TOOL) is checked under VIS-16, the one
// owner of re-resolution: conformance/suite/vis.test.ts.

check('POST-20', 'the vanished-tool value replacement names the tool', async ({ harness, tools }) => {
  const result = await valueAcceptAfterRemoval(harness, tools)

  // That the replacement fails at all (the tool is looked up again and is gone) is VIS-16's; the wording is this rule's.
  incidental('VIS-16', () => expectCode(result, 'UNKNOWN_TOOL'))
  if (result.isError) expect(result.error?.message).toBe('unknown tool "echo"')
})

check('POST-09', 'a block returns the feedback verbatim and only the decision contexts', async ({ harness, tools }) => {
  const feedback: ContentBlock[] = [text('do not do that'), { type: 'image', data: 'AAAA', mimeType: 'image/png' }]
  decide(harness, { kind: 'block', feedback, additionalContexts: [decisionContext] })

  const result = await runEcho(tools, { body: concludingBody('secret') })

  expect(result.isError, 'isError').toBe(true)
  expect(result.value, 'a block removes the value').toBeUndefined()
  expect(result.concludesTurn, 'a failure is never marked').toBeUndefined()
  expect(result.content, 'the content carries the feedback').toEqual(expect.arrayContaining(feedback))
  // That the content is the feedback exactly is POST-29's (OP-48); absent keys RES-12's.
  incidental('POST-29', () => expect(result.content, 'the feedback exactly (POST-29)').toEqual(feedback))
  expectOnlyKeys(result, ['additionalContexts', 'content', 'error', 'isError'])
  expectNoInfo(result, 'ERR-06')
  // Whether the body's deferred context survives the block the seeds leave open; upstream's drop is CTX-04's.
  expectBlockContexts(result, result.additionalContexts ?? [], [bodyContext], [decisionContext])
})

check('POST-09', 'a block without contexts keeps no value, meta or turn marker, and adds no context of its own', async ({ harness, tools }) => {
  decide(harness, { kind: 'block', feedback: [text('no')] })

  const result = await runEcho(tools, { body: concludingBody('secret') })

  expect(result.isError, 'isError').toBe(true)
  expect(result.value, 'a block removes the value').toBeUndefined()
  expect(result.concludesTurn, 'a failure is never marked').toBeUndefined()
  incidental('POST-29', () => expect(result.meta, 'a block has no meta (POST-29)').toBeUndefined())
  expectOnlyKeys(
    result,
    ['content', 'error', 'isError'].concat('additionalContexts' in result && (result.additionalContexts?.length ?? 0) > 0 ? ['additionalContexts'] : []),
  )
  expectBlockContexts(result, result.additionalContexts ?? [], [bodyContext], [])
})

// That a block drops meta is POST-29's (OP-48): the seeds say only that it removes the value.
check(
  'POST-29',
  'a block drops the projected meta',
  async ({ harness, tools }) => {
    decide(harness, { kind: 'block', feedback: [text('no')] })

    const result = await runEcho(tools, { presentationMeta: () => ({ shown: true }) })

    expect(result.isError, 'isError').toBe(true)
    expectNoMeta(result, 'a block drops the projected meta')
  },
  { needs: ['presentationMeta'] },
)

check('POST-10', 'the block message joins the feedback texts with newlines', async ({ harness, tools }) => {
  decide(harness, { kind: 'block', feedback: [text('line one'), text('line two')] })

  const result = await runEcho(tools)

  expect(result.error?.message).toBe('line one\nline two')
  expectNoInfo(result, 'ERR-06')
})

check('POST-21', 'non-text feedback and empty feedback give the upstream placeholder and default messages', async ({ harness, tools }) => {
  let feedback: ContentBlock[] = [text('a'), { type: 'reasoning', reasoning: 'hidden' }]
  harness.on('tools/post-execute', () => ({ kind: 'block', feedback }))
  tools.register(probeTool('echo').definition)

  const mixed = await tools.execute(call('echo'))
  feedback = []
  const empty = await tools.execute(call('echo'))

  expect(mixed.error?.message).toBe('a\n[reasoning content]')
  expect(empty.error?.message).toBe('tool result blocked by post-execute policy')
})

check('POST-21', 'a non-text block reads [<type> content] even when it carries a string text field', async ({ harness, tools }) => {
  decide(harness, { kind: 'block', feedback: [{ type: 'reasoning', reasoning: 'hidden', text: 'not a text block' }, text('b')] })

  const result = await runEcho(tools)

  expect(result.error?.message).toBe('[reasoning content]\nb')
})

const LOSSY_DECISIONS: readonly (readonly [string, unknown])[] = [
  ['block feedback', { kind: 'block', feedback: [{ type: 'text', text: 'blocked-marker', hook: () => 1 }] }],
  ['replacement content', { kind: 'accept', content: [{ type: 'text', text: Number.NaN }] }],
  ['decision contexts', { kind: 'accept', additionalContexts: [{ role: 'user', content: undefined }] }],
]

for (const [what, decision] of LOSSY_DECISIONS) {
  check('POST-11', `non-lossless ${what} make the final result a failure`, async ({ harness, tools }) => {
    decide(harness, decision)
    const stages = recordStages(harness)

    const result = await runEcho(tools)

    expect(result.isError, 'isError').toBe(true)
    expectNoInfo(result, 'ERR-14') // the seeds do not say whether it has info (OP-05)
    expect(result.error?.message, 'the failure is the materialization failure, not the decision outcome').not.toBe('blocked-marker')
    expect('value' in result).toBe(false)
    expect(stages.results.map((r) => r.result)).toEqual([result])
  })
}

check('POST-22', 'the lossless-materialization failure is worded as upstream words it', async ({ harness, tools }) => {
  decide(harness, LOSSY_DECISIONS[0]?.[1])

  const result = await runEcho(tools)

  expect(result.error?.message).toBe('tool result must be losslessly JSON-serializable')
})

// Upstream joins the text blocks' texts into the block message, and joining a
// symbol throws before anything is materialized: the failure is that TypeError's.
check('POST-22', 'a block whose text block holds a symbol fails with the TypeError of joining its message', async ({ harness, tools }) => {
  decide(harness, { kind: 'block', feedback: [{ type: 'text', text: Symbol('not JSON') }] })

  const result = await runEcho(tools)

  expect(result.error?.message).toBe('Cannot convert a Symbol value to a string')
})

check('POST-12', 'a throwing post-execute listener yields a failure of its error and keeps deferred contexts', async ({ harness, tools }) => {
  // That a failure keeps what the body deferred at all is CTX-02's, checked first on a throwing body.
  await deferredSurviveBodyThrow(tools, bodyContext)
  harness.on('tools/post-execute', () => {
    throw new Error('post broke')
  })

  const result = await runEcho(tools, { body: concludingBody('v') })

  expect(result.isError, 'isError').toBe(true)
  expectThrownMessage(result, 'post broke')
  expect('value' in result).toBe(false)
  // That a throwing listener's failure keeps them is CTX-06's (one owner, issue 39).
  expectDeferredOnListenerFailure(result.additionalContexts, [bodyContext])
  expectNoInfo(result, 'ERR-14')
})

for (const [what, decision] of [
  ['undefined', undefined],
  ['null', null],
  ['a block without feedback', { kind: 'block' }],
] as const) {
  check('POST-12', `a post-execute decision that is ${what} yields a failure`, async ({ harness, tools }) => {
    decide(harness, decision)

    const result = await runEcho(tools)

    // The seeds do not say what a malformed decision does; that it is a failure is POST-30's.
    incidental('POST-30', () => {
      expect(result.isError, 'isError (POST-30)').toBe(true)
      expect('value' in result, 'no value (POST-30)').toBe(false)
    })
  })
}

/** Runs `echo` with a post-execute listener that waits for the test; the test aborts the caller meanwhile. */
async function abortDuringPost(t: CheckContext, spec: ProbeSpec, decision: PostToolDecision): Promise<ToolExecutionResult> {
  t.tools.register(probeTool('echo', spec).definition)
  const entered = deferred()
  const gate = deferred()
  t.harness.on('tools/post-execute', async () => {
    entered.resolve()
    await gate.promise
    return decision
  })
  const caller = new AbortController()
  const pending = t.tools.execute(call('echo', {}, { signal: caller.signal }))
  await entered.promise
  caller.abort()
  gate.resolve()
  return pending
}

check('POST-13', 'an abort during post-execute turns an accepted success into ABORTED', async (t) => {
  const result = await abortDuringPost(t, { body: concludingBody('v') }, { kind: 'accept', additionalContexts: [decisionContext] })

  expectCode(result, 'ABORTED')
  // That the contexts the body deferred are kept is CTX-02's; that the decision's are kept too, in order, POST-31's.
  incidental('CTX-02', () => expect(result.additionalContexts ?? [], 'the contexts the body deferred are kept (CTX-02)').toContainEqual(bodyContext))
  incidental('POST-31', () => expect(result.additionalContexts, 'every context the success carried (POST-31)').toEqual([bodyContext, decisionContext]))
})

// That a failure is kept as it is is CAN-09's (POST-13 defers it).
check('CAN-09', 'an abort during post-execute keeps a block failure', async (t) => {
  const result = await abortDuringPost(t, {}, { kind: 'block', feedback: [text('blocked anyway')] })

  expect(result.isError, 'isError').toBe(true)
  expect(result.content, 'the block is kept').toEqual(expect.arrayContaining([text('blocked anyway')]))
  incidental('POST-10', () => expect(result.error?.message, 'the block message (POST-10)').toBe('blocked anyway'))
  expectNoInfo(result, 'ERR-06')
})

check('POST-13', 'an abort during post-execute after a wrapper short-circuit gives ABORTED_BEFORE_DISPATCH', async ({ harness, tools }) => {
  const probe = probeTool('echo')
  tools.register(probe.definition)
  harness.on('tools/execute', () => ({ isError: false, value: 'cached', content: [] }))
  const caller = new AbortController()
  harness.on('tools/post-execute', (_e, _r, next) => {
    caller.abort()
    return next()
  })

  const result = await tools.execute(call('echo', {}, { signal: caller.signal }))

  expectCode(result, 'ABORTED_BEFORE_DISPATCH')
  expect(probe.bodyCalls, 'body calls').toBe(0)
})

check('POST-14', 'no decision turns a failed body into a success', async ({ harness, tools }) => {
  const decisions: unknown[] = [
    { kind: 'accept' },
    { kind: 'accept', content: [text('all good')] },
    { kind: 'accept', value: 'all good' },
    { kind: 'accept', isError: false, error: undefined },
    { kind: 'block', feedback: [text('still bad')] },
  ]
  let current: unknown
  let decided = 0
  harness.on('tools/post-execute', () => {
    decided += 1
    return current as PostToolDecision
  })
  tools.register(probeTool('echo', { body: throwingBody('kaboom') }).definition)

  for (const decision of decisions) {
    current = decision
    const result = await tools.execute(call('echo'))
    const expectFailure = (): void => {
      expect(result.isError, `decision ${$JSON.stringify(decision)}`).toBe(true)
      expect('value' in result, `decision ${$JSON.stringify(decision)}`).toBe(false)
    }
    // The seeds do not say what an accept carrying value does on a failure: that it is refused is POST-07's.
    if ('value' in (decision as object)) incidental('POST-07', expectFailure)
    else expectFailure()
  }
  expect(decided, 'decisions the listener returned').toBe(decisions.length)
})

check('POST-23', 'a decision of unknown kind is a failure, not an accept', async ({ harness, tools }) => {
  decide(harness, { kind: 'approve' })

  const result = await runEcho(tools, { body: () => 'v' })

  expect(result.isError, 'isError').toBe(true)
  expect('value' in result).toBe(false)
})

check('POST-15', 'an own content: undefined keeps the content', async ({ harness, tools }) => {
  const listeners = trackListeners(harness)
  decide(listeners, { kind: 'accept', content: undefined })

  const result = await runEcho(tools, { body: () => 'v' })

  expect(listeners.silent(), 'the accepting listener never ran').toEqual([])
  expectSuccess(result)
  expect(result.content).toEqual([text('"v"')])
})

check('POST-15', 'an own value: undefined is a value replacement that fails as INVALID_TOOL_OUTPUT', async ({ harness, tools }) => {
  decide(harness, { kind: 'accept', value: undefined })

  expectCode(await runEcho(tools, { body: () => 'v' }), 'INVALID_TOOL_OUTPUT')
})

check('POST-16', 'content replacement leaves the value readable; block and value replacement do not', async ({ harness, tools }) => {
  let decision: PostToolDecision = { kind: 'accept', content: [text('[redacted]')] }
  harness.on('tools/post-execute', () => decision)
  tools.register(probeTool('echo', { body: () => ({ secret: 's3cr3t' }) }).definition)

  const redacted = await tools.execute(call('echo'))
  decision = { kind: 'block', feedback: [text('hidden')] }
  const blocked = await tools.execute(call('echo'))
  decision = { kind: 'accept', value: { secret: null } }
  const replaced = await tools.execute(call('echo'))

  expect(redacted.content).toEqual([text('[redacted]')])
  expect(redacted.value).toEqual({ secret: 's3cr3t' })
  expect('value' in blocked).toBe(false)
  expect(replaced.value).toEqual({ secret: null })
})

check(
  'POST-12',
  "a post-execute listener that throws a coded error yields a failure with that error's info",
  async ({ harness, tools, harnessError }) => {
    const thrown = harnessError('post broke', 'POST_DOWN')
    harness.on('tools/post-execute', () => {
      throw thrown
    })

    const result = await runEcho(tools, { body: concludingBody('v') })

    expectThrownMessage(result, 'post broke')
    // That the failure keeps the error's info is ERR-21's alone (OP-56).
    incidental('ERR-21', () => expect(result.error?.info, "the error's info (ERR-21)").toEqual({ name: thrown.name, code: 'POST_DOWN' }))
    // What becomes of the call besides the error's info is POST-12's alone.
    forRules('POST-12', () => {
      expect('value' in result).toBe(false)
      expect(result.additionalContexts).toEqual([bodyContext])
    })
  },
  { needs: ['codedErrors'] },
)

// Upstream halves split off POST-09, POST-12 and POST-13 (issue 37; OP-48).

check(
  'POST-29',
  'a block has the feedback exactly as its content and no meta',
  async ({ harness, tools }) => {
    const feedback: ContentBlock[] = [text('do not'), { type: 'image', data: 'AAAA', mimeType: 'image/png' }]
    decide(harness, { kind: 'block', feedback })

    const result = await runEcho(tools, { presentationMeta: () => ({ shown: true }) })

    expect(result.content).toEqual(feedback)
    expect('meta' in result, 'meta key').toBe(false)
  },
  { needs: ['presentationMeta'] },
)

for (const [what, decision] of [
  ['undefined', undefined],
  ['null', null],
  ['a block without feedback', { kind: 'block' }],
] as const) {
  check('POST-30', `a post-execute decision that is ${what} ends the call as a failure`, async ({ harness, tools }) => {
    decide(harness, decision)

    const result = await runEcho(tools)

    expect(result.isError, 'isError').toBe(true)
    expect('value' in result).toBe(false)
  })
}

check('POST-31', 'an abort during post-execute keeps the decision contexts after the deferred ones', async (t) => {
  const result = await abortDuringPost(t, { body: concludingBody('v') }, { kind: 'accept', additionalContexts: [decisionContext] })

  // That the success becomes ABORTED is POST-13's.
  precondition('POST-13', () => expectCode(result, 'ABORTED'))
  expect(result.additionalContexts).toEqual([bodyContext, decisionContext])
})
