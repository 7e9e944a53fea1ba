import { $Array, $JSON, $Object, $Reflect } from './_kit/intrinsics.ts'
import { expect } from 'vitest'
import type { Harness, ToolRuntimeApi } from '../adapter/contract.ts'
import type { ToolExecution, ToolExecutionInput, ToolExecutionResult } from '../spec/types.ts'
import { check } from './_kit/check.ts'
import { expectFinalizerRan } from './_kit/finalizer-ran.ts'
import { expectArgumentsDeepFrozen } from './_kit/frozen-arguments.ts'
import { deferred, settle } from './_kit/deferred.ts'
import { abortedSignal, call } from './_kit/inputs.ts'
import { trackListeners } from './_kit/listeners.ts'
import { MALFORMED_OUTCOMES } from './_kit/malformed-outcomes.ts'
import { expectEnveloped, expectOnlyKeys, expectPlainFailure, expectSuccess, isDeepFrozen } from './_kit/result-assertions.ts'
import { incidental } from './_kit/incidental.ts'
import { contextMessage, probeTool, text } from './_kit/tools.ts'

type Observed = { exec: Readonly<ToolExecution>; result: Readonly<ToolExecutionResult> }

/** A global tools/result observer that records every notification. */
function observe(harness: Harness): Observed[] {
  const seen: Observed[] = []
  harness.on('tools/result', (exec, result) => {
    seen.push({ exec, result })
  })
  return seen
}

const paths: { name: string; arrange: (harness: Harness, tools: ToolRuntimeApi) => ToolExecutionInput }[] = [
  { name: 'a success', arrange: () => call('res') },
  { name: 'an unknown tool', arrange: () => call('nowhere') },
  { name: 'an argument failure', arrange: () => call('res', { bad: () => 1 }) },
  { name: 'a pre-aborted call', arrange: () => call('res', {}, { signal: abortedSignal() }) },
  {
    name: 'a pre-execute denial',
    arrange: (h) => {
      h.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'no' }))
      return call('res')
    },
  },
  {
    name: 'a throwing pre-execute listener',
    arrange: (h) => {
      h.on('tools/pre-execute', () => {
        throw new Error('policy broke')
      })
      return call('res')
    },
  },
  {
    name: 'a throwing tools/execute listener',
    arrange: (h) => {
      h.on('tools/execute', () => {
        throw new Error('wrapper broke')
      })
      return call('res')
    },
  },
  {
    name: 'a throwing post-execute listener',
    arrange: (h) => {
      h.on('tools/post-execute', () => {
        throw new Error('post broke')
      })
      return call('res')
    },
  },
]

for (const path of paths) {
  check('RES-01', `tools/result fires once with the resolved result object for ${path.name}`, async ({ harness, tools }) => {
    tools.register(probeTool('res').definition)
    const input = path.arrange(harness, tools)
    const seen = observe(harness)

    if (path.name === 'an argument failure') {
      // The seeds only say execute() refuses input that is not JSON; that it resolves a failure is RES-13's (OP-41).
      const settled = await tools.execute(input).then(
        (result) => ({ result }),
        () => undefined,
      )
      incidental('RES-13', () => expect(settled, 'execute() resolved (RES-13)').toBeDefined())
      if (settled === undefined) return
      expect(seen, 'tools/result events').toHaveLength(1)
      expect(seen[0]?.result, 'same result').toBe(settled.result)
      return
    }
    const result = await tools.execute(input)

    expect(seen, 'tools/result events').toHaveLength(1)
    expect(seen[0]?.result, 'same result').toBe(result)
  })
}

for (const path of MALFORMED_OUTCOMES) {
  check('RES-01', `tools/result fires once with the resolved result object for ${path.name}`, async ({ harness, tools }) => {
    const input = path.arrange(harness, tools)
    const seen = observe(harness)

    const settled = await tools.execute(input).catch((error: unknown) => ({ rejected: error }))

    expect(seen, 'tools/result events').toHaveLength(1)
    expect(seen[0]?.result, 'same result').toBe(settled)
  })
}

check('RES-01', 'tools/result runs after finalizeContent and before execute() settles', async ({ harness, tools }) => {
  const log: string[] = []
  tools.register(
    probeTool('res', {
      finalizeContent: () => {
        log.push('finalize')
        return undefined
      },
    }).definition,
  )
  let settled = false
  harness.on('tools/result', () => {
    log.push(settled ? 'result after settle' : 'result')
  })

  const pending = tools.execute(call('res'))
  void pending.then(() => {
    settled = true
  })
  await pending

  expect(log, 'call order').toEqual(['finalize', 'result'])
})

check('RES-02', 'observers get a frozen exec with frozen arguments, a symbol token, the caller signal and a deep-frozen result', async ({ harness, tools }) => {
  tools.register(
    probeTool('res', {
      body: (_args, exec) => {
        exec.deferContext(contextMessage('later'))
        return { nested: { list: [1, 2] } }
      },
    }).definition,
  )
  const seen = observe(harness)
  const signal = new AbortController().signal

  await tools.execute(call('res', { deep: { a: [1] } }, { signal }))

  const { exec, result } = seen[0]!
  expect($Object.isFrozen(exec), 'frozen').toBe(true)
  expectArgumentsDeepFrozen(exec.arguments, 'tools/result')
  expect(typeof exec.token).toBe('symbol')
  expect(exec.signal, 'same signal').toBe(signal)
  expect(isDeepFrozen(result), 'deep-frozen').toBe(true)
  expect(result.additionalContexts).toEqual([contextMessage('later')])
})

check('RES-02', 'a failure is deep-frozen for observers too', async ({ harness, tools }) => {
  tools.register(
    probeTool('res', {
      body: () => {
        throw new Error('body broke')
      },
    }).definition,
  )
  const seen = observe(harness)

  await tools.execute(call('res'))

  expect(seen, 'tools/result events').toHaveLength(1)
  expect($Object.isFrozen(seen[0]?.exec), 'frozen').toBe(true)
  expect(isDeepFrozen(seen[0]?.result), 'deep-frozen').toBe(true)
})

check('RES-02', 'after an argument failure observers see exec.arguments undefined', async ({ harness, tools }) => {
  tools.register(probeTool('res').definition)
  const seen = observe(harness)

  await tools.execute(call('res', { n: Number.NaN })).catch(() => undefined)

  // That the call resolves and notifies at all, with exec.arguments undefined, is RES-13's (OP-41).
  incidental('RES-13', () => {
    expect(seen, 'tools/result events (RES-13)').toHaveLength(1)
    expect(seen[0]?.exec.arguments, 'exec.arguments (RES-13)').toBeUndefined()
  })
  for (const { exec } of seen) expect($Object.isFrozen(exec), 'frozen').toBe(true)
})

check(
  'RES-02',
  'observers of a pre-aborted call get a frozen exec with a symbol token, the caller signal, deep-frozen arguments and a frozen result',
  async ({ harness, tools }) => {
    tools.register(probeTool('res').definition)
    const seen = observe(harness)
    const callerArguments = { nested: { value: 1 } }
    const signal = abortedSignal()

    await tools.execute(call('res', callerArguments, { signal }))

    expect(seen, 'tools/result events').toHaveLength(1)
    const { exec, result: observed } = seen[0]!
    expect($Object.isFrozen(exec), 'frozen').toBe(true)
    expect(typeof exec.token).toBe('symbol')
    expect(exec.signal, 'same signal').toBe(signal)
    expect(exec.arguments).toEqual(callerArguments)
    expectArgumentsDeepFrozen(exec.arguments, 'tools/result')
    expect(isDeepFrozen(observed), 'deep-frozen').toBe(true)
  },
)

check(
  'RES-03',
  'non-lossless replacement content turns the outcome into a failure that still reaches finalizeContent and tools/result',
  async ({ harness, tools }) => {
    const probe = probeTool('res', { countFinalize: true })
    tools.register(probe.definition)
    harness.on('tools/post-execute', () => ({ kind: 'accept', content: [{ type: 'text', text: 'x', n: Number.POSITIVE_INFINITY }] }))
    const seen = observe(harness)

    const result = await tools.execute(call('res'))

    expectPlainFailure(result)
    // That a failure is finalized at all is FIN-02's.
    expectFinalizerRan(probe.finalizeCalls, 'a failure')
    expect(probe.finalizeCalls.map((candidate) => candidate.result.isError)).toEqual(probe.finalizeCalls.length === 0 ? [] : [true])
    expect(seen, 'tools/result events').toHaveLength(1)
  },
)

check('RES-03', 'a non-lossless deferred context turns a success into a failure', async ({ tools }) => {
  tools.register(
    probeTool('res', {
      body: (_args, exec) => {
        exec.deferContext({ role: 'user', content: 'x', at: new Date(0) })
        return 'done'
      },
    }).definition,
  )

  const result = await tools.execute(call('res'))

  expectPlainFailure(result)
})

check('RES-03', 'a wrapper-authored failure without content is not lossless and becomes a failure that has content', async ({ harness, tools }) => {
  tools.register(probeTool('res').definition)
  harness.on('tools/execute', () => ({ isError: true, error: { message: 'authored' } }) as unknown as ToolExecutionResult)
  const seen = observe(harness)

  const result = await tools.execute(call('res'))

  expectPlainFailure(result)
  expect($Array.isArray(result.content), 'the final failure carries lossless content').toBe(true)
  expect(
    seen.map((entry) => entry.result),
    'tools/result events',
  ).toEqual([result])
})

check('RES-03', 'materialized fields are detached from the objects listeners supplied', async ({ harness, tools }) => {
  tools.register(probeTool('res').definition)
  const supplied = [text('from post')]
  const context = contextMessage('from post')
  harness.on('tools/post-execute', () => ({ kind: 'accept', content: supplied, additionalContexts: [context] }))

  const result = await tools.execute(call('res'))

  expectSuccess(result)
  expect(result.content).toEqual([text('from post')])
  expect(isDeepFrozen(result), 'deep-frozen').toBe(true)
  expect(result.additionalContexts).toEqual([contextMessage('from post')])
})

/** A tools/result observer that fails, synchronously or by rejecting, with `message`. */
function failingObserver(how: 'throws' | 'rejects', message: string): () => void {
  if (how === 'throws') {
    return () => {
      throw new Error(message)
    }
  }
  return (async () => {
    throw new Error(message)
  }) as unknown as () => void
}

check('RES-04', 'a throwing observer and a rejecting one change nothing: later observers run and execute() resolves', async ({ harness, tools }) => {
  tools.register(probeTool('res').definition)
  harness.on('tools/result', failingObserver('throws', 'observer broke'))
  harness.on('tools/result', failingObserver('rejects', 'async observer broke'))
  const seen = observe(harness)

  const result = await tools.execute(call('res'))
  await settle()

  expectSuccess(result)
  expect(seen, 'tools/result events').toHaveLength(1)
  expect(seen[0]?.result, 'same result').toBe(result)
})

check('RES-04', 'an observer cannot mutate the outcome', async ({ harness, tools }) => {
  tools.register(probeTool('res', { body: () => ({ n: 1 }) }).definition)
  const listeners = trackListeners(harness)
  listeners.on('tools/result', (_exec, result) => {
    try {
      ;(result.content as unknown[]).push(text('smuggled'))
    } finally {
      ;(result as { isError: boolean }).isError = true
    }
  })

  const result = await tools.execute(call('res'))

  expect(listeners.silent(), 'the mutating observer never ran').toEqual([])
  expectSuccess(result)
  expect(result.content).toEqual([text('{"n":1}')])
})

/** A thrown value whose best-effort message cannot be computed: reading its string form throws (ERR-02). */
function unprintable(): unknown {
  return {
    toString() {
      throw new Error('coercion trap')
    },
  }
}

/** A tools/result observer that throws {@link unprintable}. */
const unprintableObserver = (): void => {
  throw unprintable()
}

check(
  'RES-04',
  'an observer throwing a value whose message cannot be computed changes nothing: later observers run and execute() resolves',
  async ({ harness, tools }) => {
    tools.register(probeTool('res').definition)
    harness.on('tools/result', unprintableObserver)
    const seen = observe(harness)

    const result = await tools.execute(call('res'))
    await settle()

    expectSuccess(result)
    expect(seen, 'tools/result events seen by the later observer').toHaveLength(1)
    expect(seen[0]?.result, 'same result').toBe(result)
  },
)

check('RES-05', 'each observer is called once, its return value is ignored, and a late async rejection is contained', async ({ harness, tools }) => {
  tools.register(probeTool('res').definition)
  const late = deferred()
  const called = deferred()
  let calls = 0
  harness.on('tools/result', (async () => {
    calls += 1
    called.resolve()
    await late.promise
    throw new Error('late observer failure')
  }) as unknown as () => void)
  harness.on('tools/result', (() => ({ isError: true, error: { message: 'replaced' }, content: [] })) as unknown as () => void)
  const seen = observe(harness)

  let settled = false
  const pending = tools.execute(call('res')).then((result) => {
    settled = true
    return result
  })
  // Once the observer is pending (a registry may run the body in a later task), execute() has had turns to settle.
  await called.promise
  await settle()
  // That execute() does not wait for the pending observer is RES-14's.
  incidental('RES-14', () => expect(settled, 'execute() settled while an observer was pending (RES-14)').toBe(true))
  late.resolve()
  const result = await pending
  await settle()

  expectSuccess(result)
  expect(calls, 'late observer calls').toBe(1)
  expect(seen, 'tools/result events').toHaveLength(1)
})

/** The warnings `run` adds to the log, once the call and any rejection it set off have settled. */
async function warningsAddedBy(warnings: () => readonly string[], run: () => Promise<unknown>): Promise<readonly string[]> {
  const before = warnings().length
  await run()
  await settle()
  return warnings().slice(before)
}

for (const how of ['throws', 'rejects'] as const) {
  check('RES-11', `an observer that ${how} is reported once per call, and the other observers still run`, async ({ harness, tools, warnings }) => {
    tools.register(probeTool('res').definition)
    const seen = observe(harness)
    const execute = async (): Promise<void> => expectSuccess(await tools.execute(call('res')))
    // Whatever else the registry logs for a plain call is the baseline.
    const baseline = (await warningsAddedBy(warnings, execute)).length
    harness.on('tools/result', failingObserver(how, 'observer broke'))

    const first = await warningsAddedBy(warnings, execute)
    const second = await warningsAddedBy(warnings, execute)

    expect(first.length, `warnings the first failing call adds: ${$JSON.stringify(first)}`).toBe(baseline + 1)
    expect(second.length, `warnings the second failing call adds: ${$JSON.stringify(second)}`).toBe(baseline + 1)
    expect(seen, 'tools/result events seen by the other observer').toHaveLength(3)
  })

  check('RES-10', `the warning for an observer that ${how} says so and carries its message`, async ({ harness, tools, warnings }) => {
    tools.register(probeTool('res').definition)
    harness.on('tools/result', failingObserver(how, `observer ${how}: disk full`))

    const added = await warningsAddedBy(warnings, () => tools.execute(call('res')))

    const named = added.some((warning) => warning.includes('tools/result observer failed:') && warning.includes(`observer ${how}: disk full`))
    expect(named, `a warning containing "tools/result observer failed:" and the message, among ${$JSON.stringify(added)}`).toBe(true)
  })
}

check('RES-11', 'an observer throwing a value whose message cannot be computed is still reported once per call', async ({ harness, tools, warnings }) => {
  tools.register(probeTool('res').definition)
  const execute = async (): Promise<void> => expectSuccess(await tools.execute(call('res')))
  const baseline = (await warningsAddedBy(warnings, execute)).length
  harness.on('tools/result', unprintableObserver)

  const added = await warningsAddedBy(warnings, execute)

  expect(added.length, `warnings the failing call adds: ${$JSON.stringify(added)}`).toBe(baseline + 1)
})

check(
  'RES-10',
  'the warning for an observer throwing a value whose message cannot be computed carries the placeholder message',
  async ({ harness, tools, warnings }) => {
    tools.register(probeTool('res').definition)
    harness.on('tools/result', unprintableObserver)

    const added = await warningsAddedBy(warnings, () => tools.execute(call('res')))

    const named = added.some((warning) => warning.includes('tools/result observer failed:') && warning.includes('<unprintable thrown value>'))
    expect(named, `a warning containing "tools/result observer failed:" and "<unprintable thrown value>", among ${$JSON.stringify(added)}`).toBe(true)
  },
)

check('RES-06', "scope observers see only their own agent's calls; global observers see all", async ({ harness, tools, scope }) => {
  const a = await scope()
  const b = await scope()
  tools.register(probeTool('res').definition)
  const counts = { a: 0, b: 0, global: 0 }
  a.on('tools/result', () => {
    counts.a += 1
  })
  b.on('tools/result', () => {
    counts.b += 1
  })
  harness.on('tools/result', () => {
    counts.global += 1
  })

  await tools.execute(call('res', {}, { agent: a.agent }))
  await tools.execute(call('res', {}, { agent: a.agent }))
  await tools.execute(call('res', {}, { agent: b.agent }))
  await tools.execute(call('res'))

  expect(counts).toEqual({ a: 2, b: 1, global: 4 })
})

check(
  'VIS-27',
  'a scope observer also sees calls of its descendant scopes',
  async ({ tools, scope }) => {
    const parent = await scope()
    const child = await scope(parent)
    tools.register(probeTool('res').definition)
    const agents: unknown[] = []
    parent.on('tools/result', (exec) => {
      agents.push(exec.agent)
    })

    await tools.execute(call('res', {}, { agent: child.agent }))

    expect(agents).toEqual([child.agent])
  },
  { needs: ['scopeParents'] },
)

check('RES-07', 'observers of a nested call see the outer token as parent, not the outer execution', async ({ harness, tools }) => {
  let outerToken: symbol | undefined
  tools.register(probeTool('inner').definition)
  tools.register(
    probeTool('outer', {
      body: async (_args, exec) => {
        outerToken = exec.token
        await tools.execute(call('inner', {}, { parent: exec.token, rootCallId: exec.rootCallId }))
        return 'ok'
      },
    }).definition,
  )
  const seen = observe(harness)

  await tools.execute(call('outer'))

  const inner = seen.find((s) => s.exec.name === 'inner')
  expect(typeof inner?.exec.parent).toBe('symbol')
  expect(inner?.exec.parent, 'same parent').toBe(outerToken)
})

check('RES-07', 'an arbitrary parent symbol is passed through verbatim', async ({ harness, tools }) => {
  tools.register(probeTool('res').definition)
  const seen = observe(harness)
  const parent = Symbol('outer')

  await tools.execute(call('res', {}, { parent }))

  expect(seen[0]?.exec.parent, 'same parent').toBe(parent)
})

const failureKeys = ['isError', 'error', 'content', 'meta', 'additionalContexts']

check('RES-08', 'a failure never carries value or concludesTurn, even after concludeTurn()', async ({ tools }) => {
  tools.register(
    probeTool('res', {
      body: (_args, exec) => {
        exec.concludeTurn()
        throw new Error('late failure')
      },
    }).definition,
  )

  const result = await tools.execute(call('res'))

  expect(result.isError, 'isError').toBe(true)
  expect(typeof result.error?.message).toBe('string')
  expect($Array.isArray(result.content)).toBe(true)
  expect(result.value, 'no value').toBeUndefined()
  expect(result.concludesTurn, 'no concludesTurn').toBeUndefined()
  // That no key is there at all, not even set to undefined, is RES-12's (OP-40).
  expectOnlyKeys(result, failureKeys)
})

check('RES-08', 'a denial has exactly the failure shape', async ({ harness, tools }) => {
  tools.register(probeTool('res').definition)
  harness.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'no' }))

  const result = await tools.execute(call('res'))

  expect(result.isError, 'isError').toBe(true)
  expect(typeof result.error?.message).toBe('string')
  expect($Array.isArray(result.content)).toBe(true)
  expect(result.value, 'no value').toBeUndefined()
  expect(result.concludesTurn, 'no concludesTurn').toBeUndefined()
  expectOnlyKeys(result, ['content', 'error', 'isError'])
})

check('RES-09', 'the non-lossless final result message', async ({ harness, tools }) => {
  tools.register(probeTool('res').definition)
  harness.on('tools/post-execute', () => ({ kind: 'accept', content: [{ type: 'text', text: 'x', n: 10n }] }))

  const result = await tools.execute(call('res'))

  expect(result.error?.message).toBe('tool result must be losslessly JSON-serializable')
  expectEnveloped(result)
})

// Upstream halves split off RES-01, RES-02, RES-05, RES-08, OUT-06 and FIN-02 (issue 37; OP-40, OP-41).

check('RES-12', 'a success and a failure carry no key that does not apply', async ({ harness, tools }) => {
  tools.register(probeTool('res').definition)
  const success = await tools.execute(call('res'))
  harness.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'no' }))
  const denial = await tools.execute(call('res'))

  expect($Reflect.ownKeys(success).map(String).sort()).toEqual(['content', 'isError', 'value'])
  expect($Reflect.ownKeys(denial).map(String).sort()).toEqual(['content', 'error', 'isError'])
})

// That the finalizer runs for such a failure once it resolves is FIN-02's.
check('RES-13', 'arguments that are not lossless JSON resolve a failure that reaches tools/result', async ({ harness, tools }) => {
  tools.register(probeTool('res').definition)
  const seen = observe(harness)

  const result = await tools.execute(call('res', { n: Number.NaN }))

  expect(result.isError, 'isError').toBe(true)
  expect(seen, 'tools/result events').toHaveLength(1)
  expect(seen[0]?.exec.arguments, 'exec.arguments').toBeUndefined()
})

check('RES-14', 'execute() settles while an asynchronous observer is still pending', async ({ harness, tools }) => {
  tools.register(probeTool('res').definition)
  const late = deferred()
  const called = deferred()
  let observed = 0
  harness.on('tools/result', (async () => {
    observed += 1
    called.resolve()
    await late.promise
  }) as unknown as () => void)
  let settled = false

  const pending = tools.execute(call('res')).then(() => {
    settled = true
  })
  // Once the observer is pending (the body may run in a later task), execute() gets turns to settle.
  await called.promise
  await settle()
  const early = settled
  late.resolve()
  await pending

  expect(observed, 'observer calls').toBe(1)
  expect(early, 'settled before the observer').toBe(true)
})
