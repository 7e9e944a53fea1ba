import { expect } from 'vitest'
import type { ApprovalOutcome, ToolExecutionResult } from '../spec/types.ts'
import { check } from './_kit/check.ts'
import type { CheckContext } from './_kit/check.ts'
import { approvalStub } from './_kit/approval.ts'
import { drainedBody } from './_kit/drained-body.ts'
import { deferred, settle } from './_kit/deferred.ts'
import { abortedSignal, call } from './_kit/inputs.ts'
import {
  expectAbortName,
  expectCode,
  expectDenial,
  expectEnveloped,
  expectKeptThrownMessage,
  expectPlainFailure,
  expectPolicyFailure,
  expectSuccess,
  isDeepFrozen,
} from './_kit/result-assertions.ts'
import { recordStages } from './_kit/stages.ts'
import { incidental } from './_kit/incidental.ts'
import { expectPostRouting } from './_kit/routing.ts'
import { contextMessage, probeTool, text } from './_kit/tools.ts'
import { expectDeferredKept } from './_kit/contexts.ts'

/** A point in the pipeline the test holds open: `pass()` reports arrival, then waits for the test. */
function gate() {
  const entered = deferred()
  const release = deferred()
  return {
    async pass(): Promise<void> {
      entered.resolve()
      await release.promise
    },
    /** Waits until the pipeline reached the gate, aborts the caller, then lets it continue. */
    async abortThenRelease(controller: AbortController): Promise<void> {
      await entered.promise
      controller.abort(new Error('caller cancelled'))
      release.resolve()
    },
  }
}

/** Starts `execute` with a fresh caller controller, aborts it at the gate, returns the result. */
async function abortAt(t: CheckContext, g: ReturnType<typeof gate>, name = 'slow', args: unknown = {}): Promise<ToolExecutionResult> {
  const controller = new AbortController()
  const pending = t.tools.execute(call(name, args, { signal: controller.signal }))
  await g.abortThenRelease(controller)
  return pending
}

/** Records the result each tools/post-execute run is handed (passing it through). */
function recordPost(t: CheckContext): ToolExecutionResult[] {
  const seen: ToolExecutionResult[] = []
  t.harness.on('tools/post-execute', (_exec, result, next) => {
    seen.push(result)
    return next()
  })
  return seen
}

/** A cancellation failure with `code`; its AbortError name (CAN-16) and its enveloped content (ERR-19) are charged incidentally. */
function expectAbort(result: ToolExecutionResult, code: 'ABORTED' | 'ABORTED_BEFORE_DISPATCH'): void {
  expectCode(result, code)
  expectAbortName(result)
  expectEnveloped(result)
}

/**
 * tools/post-execute ran once, on the success or already on its cancellation `code`: the seeds replace a
 * success "after they settle", upstream already before post-execute (CAN-18, charged incidentally).
 */
function expectPostSawSuccessOr(seenByPost: readonly ToolExecutionResult[], code: 'ABORTED' | 'ABORTED_BEFORE_DISPATCH'): void {
  expect(seenByPost, 'post-execute runs once').toHaveLength(1)
  const seen = seenByPost[0] as ToolExecutionResult
  expect(seen.isError ? seen.error?.info?.code : 'success', 'post-execute sees the success or its cancellation code').toBe(seen.isError ? code : 'success')
  incidental('CAN-18', () => {
    expect(seen.error?.info?.code, 'post-execute already sees the cancellation code (CAN-18)').toBe(code)
  })
}

/** CAN-22, charged incidentally: a call cancelled before dispatch did not enter tools/execute. */
function expectNoWrappers(executeRuns: number): void {
  incidental('CAN-22', () => {
    expect(executeRuns, 'a call cancelled while pre-execute was pending does not enter tools/execute (CAN-22)').toBe(0)
  })
}

function expectNotCancellation(result: ToolExecutionResult): void {
  expect(result.isError, 'isError').toBe(true)
  expect(['ABORTED', 'ABORTED_BEFORE_DISPATCH']).not.toContain(result.error?.info?.code)
}

/** Starts `execute` with a caller controller that a pre-execute listener aborts, after entry and before the body. */
async function abortDuringPre(t: CheckContext, name: string): Promise<ToolExecutionResult> {
  const controller = new AbortController()
  t.harness.on('tools/pre-execute', (_exec, next) => {
    controller.abort(new Error('caller cancelled'))
    return next()
  })
  return t.tools.execute(call(name, {}, { signal: controller.signal }))
}

check('CAN-01', 'an abort after entry, before the body, yields ABORTED_BEFORE_DISPATCH with AbortError info and an enveloped message', async (t) => {
  const probe = probeTool('slow')
  t.tools.register(probe.definition)

  const result = await abortDuringPre(t, 'slow')

  expectAbort(result, 'ABORTED_BEFORE_DISPATCH')
  expect(probe.bodyCalls, 'body calls').toBe(0)
})

check('CAN-01', 'an abort during the body yields ABORTED with AbortError info, keeping deferred contexts', async (t) => {
  const g = gate()
  t.tools.register(
    probeTool('slow', {
      body: async (_args, exec) => {
        exec.deferContext(contextMessage('kept'))
        await g.pass()
        return 'done'
      },
    }).definition,
  )

  const result = await abortAt(t, g)

  expectAbort(result, 'ABORTED')
  // That the body's deferred contexts survive the cancellation is CTX-02's.
  incidental('CTX-02', () => expectDeferredKept(result.additionalContexts, [contextMessage('kept')]))
})

check('CAN-02', 'an abort after entry, before the body, never runs it and resolves ABORTED_BEFORE_DISPATCH, announced once', async (t) => {
  const probe = probeTool('slow')
  t.tools.register(probe.definition)
  const stages = recordStages(t.harness)

  const result = await abortDuringPre(t, 'slow')

  expectCode(result, 'ABORTED_BEFORE_DISPATCH')
  expect(probe.bodyCalls, 'body calls').toBe(0)
  expect(
    stages.results.map((r) => r.result.error?.info?.code),
    'tools/result receives that outcome, once',
  ).toEqual(['ABORTED_BEFORE_DISPATCH'])
})

// CAN-25: the seeds skip the body for a cancellation "arriving after entry"; what a signal already aborted when
// execute() is entered gets they do not say. Upstream resolves ABORTED_BEFORE_DISPATCH.
check('CAN-25', 'a pre-aborted call never runs the body and resolves ABORTED_BEFORE_DISPATCH, announced once', async ({ harness, tools }) => {
  const probe = probeTool('slow')
  tools.register(probe.definition)
  const stages = recordStages(harness)

  const result = await tools.execute(call('slow', { path: 'a' }, { signal: abortedSignal() }))

  expectCode(result, 'ABORTED_BEFORE_DISPATCH')
  expect(probe.bodyCalls, 'body calls').toBe(0)
  expect(stages.count('result'), 'tools/result fires once').toBe(1)
})

// CAN-21: the seeds skip "a not-yet-started body" and materialize arguments "before policy", but do not say
// that an abort already raised at entry short-circuits every policy stage, after materialization (open point OP-51).
check('CAN-21', 'a pre-aborted call runs no stage but tools/result, with arguments still materialized and frozen', async ({ harness, tools }) => {
  const probe = probeTool('slow')
  tools.register(probe.definition)
  const stages = recordStages(harness)

  await tools.execute(call('slow', { path: 'a', list: [1] }, { signal: abortedSignal() }))

  expect(stages.order, 'stage order').toEqual(['result'])
  const exec = stages.results[0]?.exec
  expect(exec?.arguments).toEqual({ path: 'a', list: [1] })
  expect(isDeepFrozen(exec?.arguments), 'deep-frozen').toBe(true)
})

check('CAN-03', 'an argument failure wins over a pre-aborted signal', async ({ harness, tools }) => {
  tools.register(probeTool('slow').definition)
  const stages = recordStages(harness)

  const result = await tools.execute(call('slow', { at: new Date(0) }, { signal: abortedSignal() }))

  expectPlainFailure(result)
  expect(stages.order, 'stage order').toEqual(['result'])
})

check('CAN-04', 'an abort while pre-execute is pending turns a later allow into ABORTED_BEFORE_DISPATCH without entering tools/execute', async (t) => {
  const g = gate()
  const probe = probeTool('slow')
  t.tools.register(probe.definition)
  t.harness.on('tools/pre-execute', async (_exec, next) => {
    await g.pass()
    return next()
  })
  const stages = recordStages(t.harness)

  const result = await abortAt(t, g)

  expectAbort(result, 'ABORTED_BEFORE_DISPATCH')
  expect(probe.bodyCalls, 'body calls').toBe(0)
  expectNoWrappers(stages.count('execute'))
  expectPostRouting('POST-25', stages.count('post'))
})

// CAN-22: the seeds recheck cancellation once the pre-execute gates settle and skip the body; that the
// tools/execute wrappers are skipped too, rather than run with a base next() resolving ABORTED_BEFORE_DISPATCH,
// is upstream's (open point OP-52).
check('CAN-22', 'a call cancelled while pre-execute was pending never enters tools/execute', async (t) => {
  const g = gate()
  t.tools.register(probeTool('slow').definition)
  t.harness.on('tools/pre-execute', async (_exec, next) => {
    await g.pass()
    return next()
  })
  const stages = recordStages(t.harness)

  await abortAt(t, g)

  expect(stages.count('execute'), 'execute stage runs').toBe(0)
})

// That the deny is kept (rather than replaced by ABORTED_BEFORE_DISPATCH) is CAN-09's: CAN-04's quotes only recheck.
check('CAN-09', 'an abort while pre-execute is pending keeps a later deny', async (t) => {
  const g = gate()
  t.tools.register(probeTool('slow').definition)
  t.harness.on('tools/pre-execute', async () => {
    await g.pass()
    return { kind: 'deny', reason: 'not now' }
  })

  const result = await abortAt(t, g)

  expectDenial(result, 'not now')
})

// The seeds name only allowed-once ("`ask` runs only after an approval service returns `allowed-once` and otherwise
// denies"): every other answer ends the call without the body, whichever failure it gives after the abort (PRE-09's).
// Whether the registry waits for an answer after the abort at all is open (OP-69, PRE-32's): these tests hold either way.
const lateApprovals: [answer: ApprovalOutcome, title: string][] = [
  ...(['rejected', 'cancelled', 'unavailable'] as const).map(
    (answer) => [answer, `an approval answered ${answer} after the caller aborted ends the call without the body`] as [ApprovalOutcome, string],
  ),
  ['allowed-once', 'an approval granted allowed-once after the caller aborted yields ABORTED_BEFORE_DISPATCH without entering tools/execute'],
]

for (const [answer, title] of lateApprovals) {
  check(
    'CAN-04',
    title,
    async (t) => {
      const agent = await t.scope()
      const g = gate()
      const probe = probeTool('slow')
      t.tools.register(probe.definition)
      t.harness.on('tools/pre-execute', () => ({ kind: 'ask' }))
      t.setApproval(
        approvalStub(async () => {
          await g.pass()
          return answer
        }),
      )
      const stages = recordStages(t.harness)
      const controller = new AbortController()

      const pending = t.tools.execute(call('slow', {}, { agent: agent.agent, signal: controller.signal }))
      await g.abortThenRelease(controller)
      const result = await pending

      expect(probe.bodyCalls, 'body calls').toBe(0)
      if (answer === 'allowed-once') expectNoWrappers(stages.count('execute'))
      if (answer === 'allowed-once') {
        expectAbort(result, 'ABORTED_BEFORE_DISPATCH')
        expectPostRouting('POST-25', stages.count('post'))
      } else {
        // Any other answer denies, and cancellation "replaces only a successful accepted outcome": the seeds
        // allow that denial to stand; upstream reports the abort instead for a cancelled approval (PRE-09).
        expect(result.isError, `an approval answered ${answer} ends the call as a failure`).toBe(true)
        // That a failure has no value key at all is RES-12's.
        incidental('RES-12', () => expect('value' in result, 'a failure carries no value key (RES-12)').toBe(false))
        if (answer === 'cancelled') {
          incidental('PRE-09', () => {
            expectCode(result, 'ABORTED_BEFORE_DISPATCH')
            expect(stages.count('post'), 'post stage runs (PRE-09)').toBe(1)
          })
        }
      }
    },
    { needs: ['approval', 'scopes'] },
  )
}

check('CAN-05', 'an abort while a wrapper waits before next() skips the body with ABORTED_BEFORE_DISPATCH', async (t) => {
  const g = gate()
  const probe = probeTool('slow')
  t.tools.register(probe.definition)
  t.harness.on('tools/execute', async (_exec, next) => {
    await g.pass()
    return next()
  })

  const result = await abortAt(t, g)

  expectAbort(result, 'ABORTED_BEFORE_DISPATCH')
  expect(probe.bodyCalls, 'body calls').toBe(0)
})

check(
  ['CAN-05', 'EXE-10'],
  'an abort while a wrapper that installed a live replacement signal waits before next() skips the body with ABORTED_BEFORE_DISPATCH',
  async (t) => {
    const g = gate()
    const probe = probeTool('slow')
    t.tools.register(probe.definition)
    const replacement = new AbortController()
    t.harness.on('tools/execute', async (exec, next) => {
      const own = exec.signal
      exec.signal = replacement.signal
      try {
        await g.pass()
        return await next()
      } finally {
        exec.signal = own
      }
    })
    const seenByPost = recordPost(t)

    const result = await abortAt(t, g)

    expectAbort(result, 'ABORTED_BEFORE_DISPATCH')
    expect(probe.bodyCalls, 'body calls').toBe(0)
    expect(seenByPost.map((r) => r.error?.info?.code)).toEqual(['ABORTED_BEFORE_DISPATCH'])
  },
)

check('CAN-19', 'a wrapper installing an already-aborted signal skips the body with ABORTED_BEFORE_DISPATCH', async ({ harness, tools }) => {
  const probe = probeTool('slow')
  tools.register(probe.definition)
  harness.on('tools/execute', async (exec, next) => {
    const own = exec.signal
    exec.signal = abortedSignal()
    try {
      return await next()
    } finally {
      exec.signal = own
    }
  })

  const result = await tools.execute(call('slow'))

  expectAbort(result, 'ABORTED_BEFORE_DISPATCH')
  expect(probe.bodyCalls, 'body calls').toBe(0)
})

check('CAN-06', 'a short-circuit success settling after a caller abort becomes ABORTED_BEFORE_DISPATCH', async (t) => {
  const g = gate()
  const probe = probeTool('slow')
  t.tools.register(probe.definition)
  t.harness.on('tools/execute', async () => {
    await g.pass()
    return { isError: false, value: 'cached', content: [], additionalContexts: [contextMessage('wrapper')] }
  })
  const seenByPost = recordPost(t)

  const result = await abortAt(t, g)

  expectPostSawSuccessOr(seenByPost, 'ABORTED_BEFORE_DISPATCH')
  expectAbort(result, 'ABORTED_BEFORE_DISPATCH')
  expect(probe.bodyCalls, 'body calls').toBe(0)
  expectDeferredKept(result.additionalContexts, [], [contextMessage('wrapper')])
})

check('CAN-07', 'a body success returned after the caller aborted becomes ABORTED', async (t) => {
  const g = gate()
  t.tools.register(
    probeTool('slow', {
      body: async () => {
        await g.pass()
        return 'done'
      },
    }).definition,
  )

  const result = await abortAt(t, g)

  expectAbort(result, 'ABORTED')
})

check('CAN-07', 'a caller abort while a wrapper finishes after the body turns the success into ABORTED with deferred contexts', async (t) => {
  const g = gate()
  t.tools.register(
    probeTool('slow', {
      body: (_args, exec) => {
        exec.deferContext(contextMessage('from body'))
        return 'done'
      },
    }).definition,
  )
  t.harness.on('tools/execute', async (_exec, next) => {
    const result = await next()
    await g.pass()
    return result
  })
  const seenByPost = recordPost(t)

  const result = await abortAt(t, g)

  expectPostSawSuccessOr(seenByPost, 'ABORTED')
  expectAbort(result, 'ABORTED')
  incidental('CTX-02', () => expectDeferredKept(result.additionalContexts, [contextMessage('from body')]))
})

for (const entered of [true, false]) {
  check(
    'CAN-18',
    `a success the caller aborted under while tools/execute was settling reaches post-execute already as ${entered ? 'ABORTED' : 'ABORTED_BEFORE_DISPATCH'}`,
    async (t) => {
      const g = gate()
      t.tools.register(probeTool('slow').definition)
      t.harness.on('tools/execute', async (_exec, next) => {
        const result: ToolExecutionResult = entered ? await next() : { isError: false, value: 'cached', content: [] }
        await g.pass()
        return result
      })
      const seenByPost = recordPost(t)

      const result = await abortAt(t, g)

      expect(seenByPost.map((r) => r.error?.info?.code)).toEqual([entered ? 'ABORTED' : 'ABORTED_BEFORE_DISPATCH'])
      expectCode(result, entered ? 'ABORTED' : 'ABORTED_BEFORE_DISPATCH')
    },
  )
}

check('CAN-08', "a caller abort during post-execute turns an accepted success into ABORTED, keeping the body's deferred contexts", async (t) => {
  const g = gate()
  t.tools.register(
    probeTool('slow', {
      body: (_args, exec) => {
        exec.deferContext(contextMessage('body'))
        return 'done'
      },
    }).definition,
  )
  t.harness.on('tools/post-execute', async () => {
    await g.pass()
    return { kind: 'accept', additionalContexts: [contextMessage('post')] }
  })

  const result = await abortAt(t, g)

  expectAbort(result, 'ABORTED')
  incidental('CTX-02', () => expectDeferredKept(result.additionalContexts, [contextMessage('body')], [contextMessage('post')]))
})

check('CAN-08', 'a caller abort during post-execute after a short-circuit success gives ABORTED_BEFORE_DISPATCH', async (t) => {
  const g = gate()
  t.tools.register(probeTool('slow').definition)
  t.harness.on('tools/execute', () => ({ isError: false, value: 'cached', content: [] }))
  t.harness.on('tools/post-execute', async (_exec, _result, next) => {
    await g.pass()
    return next()
  })

  const result = await abortAt(t, g)

  expectAbort(result, 'ABORTED_BEFORE_DISPATCH')
})

// CAN-20: the seeds keep what the body deferred ("until this tool's final result reaches the agent loop"), but
// say nothing of contexts a wrapper result or a post-execute decision brought when cancellation replaces the
// result (open point OP-50).
check('CAN-20', 'a cancellation keeps the contexts of the wrapper result and the post-execute decision it replaces', async (t) => {
  const g = gate()
  t.tools.register(probeTool('slow').definition)
  t.harness.on('tools/execute', () => ({ isError: false, value: 'cached', content: [], additionalContexts: [contextMessage('wrapper')] }))
  t.harness.on('tools/post-execute', async () => {
    await g.pass()
    return { kind: 'accept', additionalContexts: [contextMessage('post')] }
  })

  const result = await abortAt(t, g)

  expect(result.isError, 'the success is replaced by a cancellation').toBe(true)
  expect(new Set(result.additionalContexts?.map((c) => c.content))).toEqual(new Set(['wrapper', 'post']))
})

check('CAN-09', 'a wrapper throw after the caller aborted is kept', async (t) => {
  const g = gate()
  t.tools.register(probeTool('slow').definition)
  t.harness.on('tools/execute', async (_exec, next) => {
    await next()
    await g.pass()
    throw new Error('wrapper gave up')
  })

  const result = await abortAt(t, g)

  expectNotCancellation(result)
  expectKeptThrownMessage(result, 'wrapper gave up')
})

check('CAN-09', 'a body throw caused by the abort is kept', async (t) => {
  const g = gate()
  const drained = drainedBody()
  t.tools.register(
    probeTool('slow', {
      body: async (_args, exec) => {
        await g.pass()
        await drained.ending()
        if (exec.signal.aborted) throw new Error('stopped by signal')
        return 'done'
      },
    }).definition,
  )

  const result = await abortAt(t, g)
  drained.expectDrained()

  expectNotCancellation(result)
  expectKeptThrownMessage(result, 'stopped by signal')
})

check('CAN-09', 'an output failure after the caller aborted is kept', async (t) => {
  const g = gate()
  const drained = drainedBody()
  t.tools.register(
    probeTool('slow', {
      schema: { type: 'string' },
      body: async () => {
        await g.pass()
        await drained.ending()
        return 7
      },
    }).definition,
  )

  const result = await abortAt(t, g)
  drained.expectDrained()

  expectCode(result, 'INVALID_TOOL_OUTPUT')
})

check('CAN-09', 'a post-execute throw after the caller aborted is kept', async (t) => {
  const g = gate()
  t.tools.register(probeTool('slow').definition)
  t.harness.on('tools/post-execute', async () => {
    await g.pass()
    throw new Error('post gave up')
  })

  const result = await abortAt(t, g)

  expectNotCancellation(result)
  expectKeptThrownMessage(result, 'post gave up')
})

check('CAN-09', 'a block decided after the caller aborted is kept', async (t) => {
  const g = gate()
  t.tools.register(probeTool('slow').definition)
  t.harness.on('tools/post-execute', async () => {
    await g.pass()
    return { kind: 'block', feedback: [text('blocked anyway')] }
  })

  const result = await abortAt(t, g)

  expectPolicyFailure(result)
  expect(result.content, 'the block is kept').toEqual(expect.arrayContaining([text('blocked anyway')]))
  incidental('POST-29', () => expect(result.content, 'the feedback exactly (POST-29)').toEqual([text('blocked anyway')]))
})

check('CAN-10', 'a wrapper success after the body was entered is ABORTED, not ABORTED_BEFORE_DISPATCH', async (t) => {
  const g = gate()
  const probe = probeTool('slow')
  t.tools.register(probe.definition)
  t.harness.on('tools/execute', async (_exec, next) => {
    await next()
    await g.pass()
    return { isError: false, value: 'fresh from wrapper', content: [] }
  })

  const result = await abortAt(t, g)

  expect(probe.bodyCalls, 'body calls').toBe(1)
  expectAbort(result, 'ABORTED')
})

check('CAN-10', 'the same late abort gives ABORTED_BEFORE_DISPATCH when the body was never entered', async (t) => {
  const g = gate()
  const probe = probeTool('slow')
  t.tools.register(probe.definition)
  t.harness.on('tools/execute', async () => {
    await g.pass()
    return { isError: false, value: 'fresh from wrapper', content: [] }
  })

  const result = await abortAt(t, g)

  expect(probe.bodyCalls, 'body calls').toBe(0)
  expectAbort(result, 'ABORTED_BEFORE_DISPATCH')
})

check('CAN-11', "a body succeeding after only the wrapper's signal aborted yields ABORTED", async ({ harness, tools }) => {
  const g = gate()
  const wrapperController = new AbortController()
  tools.register(
    probeTool('slow', {
      body: async () => {
        await g.pass()
        return 'done'
      },
    }).definition,
  )
  harness.on('tools/execute', async (exec, next) => {
    const own = exec.signal
    exec.signal = wrapperController.signal
    try {
      return await next()
    } finally {
      exec.signal = own
    }
  })

  const pending = tools.execute(call('slow'))
  await g.abortThenRelease(wrapperController)
  const result = await pending

  expectAbort(result, 'ABORTED')
})

check('CAN-11', 'a wrapper signal aborted after the body does not cancel: only the caller signal counts', async ({ harness, tools }) => {
  tools.register(probeTool('slow').definition)
  let lateAborts = 0
  harness.on('tools/execute', async (exec, next) => {
    const wrapperController = new AbortController()
    exec.signal = wrapperController.signal
    const result = await next()
    // Deliberately left installed: the later checks must still look at the caller signal.
    wrapperController.abort(new Error('wrapper timer fired late'))
    lateAborts += 1
    return result
  })

  const result = await tools.execute(call('slow'))

  expect(lateAborts, 'the wrapper ran and aborted its signal after the body').toBe(1)
  expectSuccess(result)
})

check('CAN-12', 'a caller abort raised inside finalizeContent does not change the outcome', async ({ tools }) => {
  const controller = new AbortController()
  tools.register(
    probeTool('slow', {
      finalizeContent: () => {
        controller.abort()
        return undefined
      },
    }).definition,
  )

  const result = await tools.execute(call('slow', {}, { signal: controller.signal }))

  expectSuccess(result)
})

check('CAN-12', 'a caller abort raised inside a tools/result observer does not change the outcome', async ({ harness, tools }) => {
  const controller = new AbortController()
  tools.register(probeTool('slow').definition)
  const observed: unknown[] = []
  harness.on('tools/result', (_exec, result) => {
    observed.push(result)
    controller.abort()
  })

  const result = await tools.execute(call('slow', {}, { signal: controller.signal }))

  expectSuccess(result)
  expect(observed).toEqual([result])
})

check('CAN-13', 'execute() waits for an entered body to settle even after the caller aborted', async ({ tools }) => {
  const entered = deferred()
  const finish = deferred()
  let bodySettled = false
  tools.register(
    probeTool('slow', {
      body: async () => {
        entered.resolve()
        await finish.promise
        bodySettled = true
        return 'done'
      },
    }).definition,
  )
  const controller = new AbortController()
  let executeSettled = false

  const pending = tools.execute(call('slow', {}, { signal: controller.signal })).finally(() => {
    executeSettled = true
  })
  await entered.promise
  controller.abort()
  await settle()
  expect(executeSettled).toBe(false)
  finish.resolve()
  const result = await pending

  expect(bodySettled).toBe(true)
  expectAbort(result, 'ABORTED')
})

/** One result of each cancellation: a pre-aborted call (`before`) and an abort while the body runs (`after`). */
async function bothAborts(t: CheckContext): Promise<{ before: ToolExecutionResult; after: ToolExecutionResult }> {
  t.tools.register(probeTool('slow').definition)
  const before = await t.tools.execute(call('slow', {}, { signal: abortedSignal() }))
  const g = gate()
  t.tools.register(
    probeTool('slow-2', {
      body: async () => {
        await g.pass()
        return 'done'
      },
    }).definition,
  )
  const after = await abortAt(t, g, 'slow-2')
  return { before, after }
}

check('CAN-15', 'the cancellation messages', async (t) => {
  const { before, after } = await bothAborts(t)

  expect(before.error?.message).toBe('tool call aborted before dispatch')
  expect(after.error?.message).toBe('tool call aborted')
  expectEnveloped(before)
  expectEnveloped(after)
})

check('CAN-16', 'both cancellation failures carry info.name AbortError', async (t) => {
  const { before, after } = await bothAborts(t)

  // Which code each gets is CAN-10's; this rule is only about the name.
  expect(before.error?.info?.name, 'the result of a pre-aborted call').toBe('AbortError')
  expect(after.error?.info?.name, 'the result of an abort during the body').toBe('AbortError')
})

check(
  'CAN-14',
  'a collapsed call whose signal is already aborted is ABORTED_BEFORE_DISPATCH, not UNKNOWN_TOOL',
  async ({ tools }) => {
    const probe = probeTool('echo')
    tools.register(probe.definition)
    expectCode(await tools.execute(call('echo', {}, { signal: abortedSignal() })), 'ABORTED_BEFORE_DISPATCH')
    expectCode(await tools.execute(call('echo')), 'UNKNOWN_TOOL')
    expect(probe.bodyCalls).toBe(0)
  },
  { deployment: { mode: 'code' } },
)

check(
  'CAN-14',
  'the same holds for a scope presenting code under a native deployment',
  async ({ tools, scope, presentAs }) => {
    tools.register(probeTool('echo').definition)
    const coded = await scope()
    presentAs(coded, 'code')
    expectCode(await tools.execute(call('echo', {}, { agent: coded.agent, signal: abortedSignal() })), 'ABORTED_BEFORE_DISPATCH')
  },
  { needs: ['scopes'] },
)
