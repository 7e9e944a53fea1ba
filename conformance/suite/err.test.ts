import { $JSON, $Object } from './_kit/intrinsics.ts'
import { incidental, precondition } from './_kit/incidental.ts'
import { expect } from 'vitest'
import type { Harness, ToolRuntimeApi } from '../adapter/contract.ts'
import type { ToolDefinition, ToolExecutionInput, ToolExecutionResult } from '../spec/types.ts'
import { check } from './_kit/check.ts'
import type { CheckContext } from './_kit/check.ts'
import { approvalStub } from './_kit/approval.ts'
import { abortedSignal, call } from './_kit/inputs.ts'
import {
  expectCode,
  expectDenial,
  expectEnveloped,
  expectErrorIdentity,
  expectGuardDenial,
  expectNoInfo,
  expectPlainFailure,
  expectPolicyFailure,
  expectSuccess,
  expectThrownMessage,
} from './_kit/result-assertions.ts'
import { MALFORMED_OUTCOMES } from './_kit/malformed-outcomes.ts'
import { recordStages } from './_kit/stages.ts'
import { expectLookupStages } from './_kit/lookup.ts'
import { probeTool, renderJson, text } from './_kit/tools.ts'
import { readTool } from './_kit/read-tool.ts'
import { mountScripted, runCode } from './_kit/code-mode.ts'

/** Registers `thrower`, whose body throws `thrown`, and returns the failure it produces. */
async function failureOf(tools: ToolRuntimeApi, thrown: unknown) {
  tools.register(
    probeTool('thrower', {
      body: () => {
        throw thrown
      },
    }).definition,
  )
  return tools.execute(call('thrower'))
}

/**
 * The failure a thrown `Error(message)` becomes when nothing else (contexts, meta) applies: ERR-01's
 * message; its missing info (ERR-14), its enveloped content (ERR-19) and that it carries no empty context list
 * (CTX-05) are charged incidentally.
 */
function expectThrownFailure(result: ToolExecutionResult, message: string): void {
  expect(result.isError, 'isError').toBe(true)
  expect('value' in result, 'a failure carries no value').toBe(false)
  expectThrownMessage(result, message)
  expectNoInfo(result, 'ERR-14')
  expectEnveloped(result)
  incidental('CTX-05', () => {
    expect($Object.keys(result), 'a plain failure has no additionalContexts key (CTX-05)').not.toContain('additionalContexts')
  })
}

check('ERR-01', 'a thrown Error becomes a failure whose message carries no envelope', async ({ tools }) => {
  const result = await failureOf(tools, new Error('disk full'))

  expectThrownFailure(result, 'disk full')
})

check('ERR-01', 'a throwing pre-execute listener is normalized the same way', async ({ harness, tools }) => {
  tools.register(probeTool('tool').definition)
  harness.on('tools/pre-execute', () => {
    throw new Error('policy broke')
  })

  const result = await tools.execute(call('tool'))

  expectThrownFailure(result, 'policy broke')
})

check('ERR-01', 'a throwing tools/execute listener is normalized the same way', async ({ harness, tools }) => {
  tools.register(probeTool('tool').definition)
  harness.on('tools/execute', () => {
    throw new Error('wrapper broke')
  })

  expectThrownFailure(await tools.execute(call('tool')), 'wrapper broke')
})

check('ERR-01', 'a throwing post-execute listener is normalized the same way', async ({ harness, tools }) => {
  tools.register(probeTool('tool').definition)
  harness.on('tools/post-execute', () => {
    throw new Error('post hook broke')
  })

  expectThrownFailure(await tools.execute(call('tool')), 'post hook broke')
})

class CustomError extends Error {}

const messages: { name: string; thrown: () => unknown; message: string }[] = [
  { name: 'an Error subclass', thrown: () => new CustomError('custom'), message: 'custom' },
  { name: 'a string', thrown: () => 'kaboom', message: 'kaboom' },
  { name: 'an object with a message', thrown: () => ({ message: 'denied by object' }), message: 'denied by object' },
  { name: 'an object inheriting a message', thrown: () => Object.create({ message: 'inherited' }), message: 'inherited' },
  { name: 'an object with a non-string message', thrown: () => ({ message: 5 }), message: '[object Object]' },
  { name: 'a plain object', thrown: () => ({}), message: '[object Object]' },
  { name: 'a number', thrown: () => 42, message: '42' },
  { name: 'null', thrown: () => null, message: 'null' },
  { name: 'undefined', thrown: () => undefined, message: 'undefined' },
]

for (const m of messages) {
  check('ERR-02', `the message of ${m.name}`, async ({ tools }) => {
    const result = await failureOf(tools, m.thrown())

    expect(result.error?.message, 'message').toBe(m.message)
    expectEnveloped(result)
  })
}

const unprintables: { name: string; thrown: () => unknown }[] = [
  {
    name: 'an object whose toString throws',
    thrown: () => ({
      toString() {
        throw new Error('no string for you')
      },
    }),
  },
  {
    name: 'a proxy whose traps throw',
    thrown: () =>
      new Proxy(
        {},
        {
          get() {
            throw new Error('trap')
          },
          getPrototypeOf() {
            throw new Error('trap')
          },
          has() {
            throw new Error('trap')
          },
        },
      ),
  },
]

for (const u of unprintables) {
  check('ERR-02', `${u.name} still yields a failure with a string message`, async ({ tools }) => {
    const result = await failureOf(tools, u.thrown())

    expect(result.isError, 'isError').toBe(true)
    expect(typeof result.error?.message).toBe('string')
    expectEnveloped(result)
  })

  check('ERR-11', `${u.name} gets the placeholder message`, async ({ tools }) => {
    const result = await failureOf(tools, u.thrown())

    expect(result.error?.message).toBe('<unprintable thrown value>')
  })
}

check('ERR-14', 'a plain Error or TypeError carries no info', async ({ tools }) => {
  expectPlainFailure(await failureOf(tools, new Error('plain')))
  tools.register(
    probeTool('type-error', {
      body: () => {
        throw new TypeError('bad type')
      },
    }).definition,
  )
  expectPlainFailure(await tools.execute(call('type-error')))
})

check('ERR-14', 'an error that merely looks routable (own code and name) carries no info', async ({ tools }) => {
  class HarnessError extends Error {
    readonly code = 'LOOKALIKE'
    override name = 'HarnessError'
  }
  expectPlainFailure(await failureOf(tools, Object.assign(new Error('io'), { code: 'EIO', name: 'IOError' })))
  tools.register(
    probeTool('lookalike', {
      body: () => {
        throw new HarnessError('not the registry class')
      },
    }).definition,
  )
  expectPlainFailure(await tools.execute(call('lookalike')))
})

// ERR-20: the seeds name info an "Internal error class/code" without declaring its fields (open point OP-08).
check('ERR-20', 'registry-raised HarnessErrors carry exactly { name, code }', async ({ tools }) => {
  tools.register(probeTool('bad-output', { schema: { type: 'string' }, body: () => 1 }).definition)

  const result = await tools.execute(call('bad-output'))

  expect($Object.keys(result.error?.info ?? {}).sort()).toEqual(['code', 'name'])
})

check('ERR-04', 'an unknown tool reports ToolNotFoundError / UNKNOWN_TOOL', async ({ tools }) => {
  const result = await tools.execute(call('nowhere'))

  expectErrorIdentity(result, 'ToolNotFoundError', 'UNKNOWN_TOOL')
})

check('ERR-05', 'an unknown tool resolves a failure and later calls still work', async ({ harness, tools }) => {
  tools.register(probeTool('known').definition)
  const stages = recordStages(harness)

  const unknown = await tools.execute(call('nowhere'))
  const unknownStages = [...stages.order]
  const next = await tools.execute(call('known'))

  expectCode(unknown, 'UNKNOWN_TOOL')
  // Whether the unknown call passes through the policy stages (and post-execute) is VIS-25's.
  expectLookupStages(unknownStages, ['pre', 'execute', 'post', 'result'], 'result')
  expectSuccess(next)
  expect(stages.order.slice(unknownStages.length), 'the later call runs the whole pipeline').toEqual(['pre', 'execute', 'post', 'result'])
})

// The kit charges ERR-05 wherever a test calls a name outside the caller's view (./_kit/unknown-names.ts), so
// ERR-05 checks such names too: a restricted-away tool, not only one registered nowhere.
check(
  'ERR-05',
  'a tool restricted away from the caller resolves an UNKNOWN_TOOL failure, and later calls still work',
  async ({ tools, scope }) => {
    const caller = await scope()
    tools.register(probeTool('hidden').definition)
    tools.register(probeTool('known').definition)
    caller.tools.restrict({ deny: ['hidden'] })
    // That the deny list hides the tool from the caller's view is VIS-01's.
    precondition('VIS-01', () => expect(tools.get('hidden', caller.agent), 'the denied tool is outside the view (VIS-01)').toBeUndefined())

    const hidden = await tools.execute(call('hidden', {}, { agent: caller.agent }))
    const next = await tools.execute(call('known', {}, { agent: caller.agent }))

    expectCode(hidden, 'UNKNOWN_TOOL')
    expectSuccess(next)
  },
  { needs: ['scopes'] },
)

check('ERR-06', 'pre-execute denials, unanswerable asks, guard denials and blocks carry no info', async ({ harness, tools }) => {
  tools.register(probeTool('denied').definition)
  tools.register(probeTool('asked').definition)
  tools.register(probeTool('guarded').definition)
  tools.register(probeTool('blocked').definition)
  harness.on('tools/pre-execute', (exec, next) => {
    if (exec.name === 'denied') return { kind: 'deny', reason: 'no' }
    if (exec.name === 'asked') return { kind: 'ask', reason: 'please confirm' }
    return next()
  })
  tools.guard((exec) => (exec.name === 'guarded' ? 'guard says no' : undefined))
  harness.on('tools/post-execute', (exec, _result, next) => (exec.name === 'blocked' ? { kind: 'block', feedback: [text('blocked')] } : next()))

  expectDenial(await tools.execute(call('denied')), 'no')
  expectPolicyFailure(await tools.execute(call('asked')))
  expectGuardDenial(await tools.execute(call('guarded')), 'guard says no')
  const blocked = await tools.execute(call('blocked'))
  expectPolicyFailure(blocked)
  expect(blocked.error).toEqual({ message: 'blocked' })
})

check(
  'ERR-06',
  'an ask the user rejects carries no info',
  async ({ harness, tools, scope, setApproval }) => {
    const agent = await scope()
    tools.register(probeTool('asked').definition)
    harness.on('tools/pre-execute', () => ({ kind: 'ask' }))
    setApproval(approvalStub('rejected'))

    const result = await tools.execute(call('asked', {}, { agent: agent.agent }))

    expectPolicyFailure(result)
  },
  { needs: ['approval', 'scopes'] },
)

const pipelineCodes = ['UNKNOWN_TOOL', 'INVALID_ARGS', 'INVALID_TOOL_OUTPUT', 'ABORTED', 'ABORTED_BEFORE_DISPATCH', 'CODE_RUN_FAILED']

check('ERR-07', 'pipeline failures use only the pipeline codes, or no info at all', async ({ harness, tools }) => {
  tools.register(probeTool('ok').definition)
  tools.register(probeTool('bad-output', { schema: { type: 'string' }, body: () => 1 }).definition)
  const controller = new AbortController()
  tools.register(
    probeTool('slow', {
      body: () => {
        controller.abort()
        return 'late'
      },
    }).definition,
  )
  harness.on('tools/post-execute', (exec, _result, next) => (exec.name === 'ok' ? ({ kind: 'accept', value: 1, content: [] } as never) : next()))

  const results = {
    unknown: await tools.execute(call('nowhere')),
    badOutput: await tools.execute(call('bad-output')),
    preAborted: await tools.execute(call('ok', {}, { signal: abortedSignal() })),
    aborted: await tools.execute(call('slow', {}, { signal: controller.signal })),
    badArgs: await tools.execute(call('ok', { n: 10n })),
    badDecision: await tools.execute(call('ok')),
  }

  expect(results.unknown.error?.info?.code).toBe('UNKNOWN_TOOL')
  expect(results.badOutput.error?.info?.code).toBe('INVALID_TOOL_OUTPUT')
  expect(results.preAborted.error?.info?.code).toBe('ABORTED_BEFORE_DISPATCH')
  expect(results.aborted.error?.info?.code).toBe('ABORTED')
  for (const [name, result] of $Object.entries(results)) {
    expect(result.isError, `${name} should fail`).toBe(true)
    const code = result.error?.info?.code
    // The rule allows a failure without info (bad arguments and the malformed decision have none:
    // ARG-06, POST-06 own that); it only forbids codes outside the pipeline's set.
    if (code !== undefined) expect(pipelineCodes, `${name} carries an unexpected code`).toContain(code)
  }
})

/** A plain Error (no HarnessError) carrying a string `code` of its own, as Node system errors do. */
function codedPlainError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code })
}

/** Fails unless `result` failed with no code, or with one of the pipeline's own codes. */
function expectPipelineCodeOrNone(name: string, result: ToolExecutionResult): void {
  expect(result.isError, `${name} should fail`).toBe(true)
  const code = result.error?.info?.code
  if (code !== undefined) expect(pipelineCodes, `${name} carries an unexpected code`).toContain(code)
}

check('ERR-07', 'guard-, listener- and wrapper-authored failures gain no code outside the pipeline set', async ({ harness, tools }) => {
  for (const name of ['guard-denies', 'guard-throws', 'pre-throws', 'wrapper-throws', 'wrapper-fails', 'body-throws']) {
    tools.register(
      probeTool(
        name,
        name === 'body-throws'
          ? {
              body: () => {
                throw codedPlainError('body broke', 'EBODY')
              },
            }
          : {},
      ).definition,
    )
  }
  tools.guard((exec) => {
    if (exec.name === 'guard-throws') throw codedPlainError('guard broke', 'EGUARD')
    return exec.name === 'guard-denies' ? 'not allowed' : undefined
  })
  harness.on('tools/pre-execute', (exec, next) => {
    if (exec.name === 'pre-throws') throw codedPlainError('listener broke', 'ELISTENER')
    return next()
  })
  harness.on('tools/execute', async (exec, next) => {
    if (exec.name === 'wrapper-throws') throw codedPlainError('wrapper broke', 'EWRAPPER')
    if (exec.name === 'wrapper-fails')
      return { isError: true, error: { message: 'wrapper says no' }, content: [text('Error: wrapper says no')] } as ToolExecutionResult
    return next()
  })

  for (const name of ['guard-denies', 'guard-throws', 'pre-throws', 'wrapper-throws', 'wrapper-fails', 'body-throws']) {
    expectPipelineCodeOrNone(name, await tools.execute(call(name)))
  }
})

check(
  'ERR-07',
  'a defineTool body given invalid arguments fails with INVALID_ARGS, a pipeline code',
  async ({ schema, tools }) => {
    const { definition } = readTool(schema)
    tools.register(definition)
    const result = await tools.execute(call('read', { limit: 'ten' }))
    expectPipelineCodeOrNone('invalid arguments', result)
    expectCode(result, 'INVALID_ARGS')
  },
  { needs: ['schema'] },
)

check(
  'ERR-07',
  'run_code failures (bad arguments, a failed run) use only pipeline codes',
  async ({ tools, codeMode }) => {
    const runtime = await mountScripted(codeMode)
    const badArgs = await tools.execute(call('run_code', { code: 1, description: 'a test program' }))
    const failedRun = await tools.execute(
      runCode(
        runtime.program(() => {
          throw new Error('the program broke')
        }),
      ),
    )
    expectPipelineCodeOrNone('run_code with bad arguments', badArgs)
    expectPipelineCodeOrNone('a failed run', failedRun)
    expect(failedRun.error?.info?.code, 'a failed run').toBe('CODE_RUN_FAILED')
  },
  { needs: ['codeMode'], deployment: { mode: 'code' } },
)

/** Failure sources for ERR-08; each resolves to a failure and notifies once. */
const failureSources: {
  name: string
  /** The rule the case belongs to, when not ERR-08. */
  owner?: 'ERR-22'
  needs?: readonly ('approval' | 'scopes' | 'presentationMeta')[]
  arrange: (h: Harness, tools: ToolRuntimeApi, agent?: object) => ToolExecutionInput
}[] = [
  {
    name: 'a body that throws synchronously',
    arrange: (_h, tools) => {
      const definition: ToolDefinition = {
        name: 'sync-thrower',
        description: 'throws before returning a promise',
        parameters: { type: 'object', properties: {} },
        output: { schema: {}, render: renderJson },
        execute() {
          throw new Error('sync throw')
        },
      }
      tools.register(definition)
      return call('sync-thrower')
    },
  },
  {
    name: 'a throwing renderer',
    arrange: (_h, tools) => {
      tools.register(
        probeTool('bad-render', {
          render: () => {
            throw new Error('render broke')
          },
        }).definition,
      )
      return call('bad-render')
    },
  },
  {
    name: 'a throwing presentationMeta',
    needs: ['presentationMeta'],
    arrange: (_h, tools) => {
      tools.register(
        probeTool('bad-meta', {
          presentationMeta: () => {
            throw new Error('meta broke')
          },
        }).definition,
      )
      return call('bad-meta')
    },
  },
  {
    name: 'a throwing guard',
    owner: 'ERR-22',
    arrange: (_h, tools) => {
      tools.register(probeTool('tool').definition)
      tools.guard(() => {
        throw new Error('guard broke')
      })
      return call('tool')
    },
  },
  {
    name: 'a rejecting pre-execute listener',
    arrange: (h, tools) => {
      tools.register(probeTool('tool').definition)
      h.on('tools/pre-execute', async () => {
        throw new Error('async policy broke')
      })
      return call('tool')
    },
  },
  {
    name: 'a throwing tools/execute listener',
    arrange: (h, tools) => {
      tools.register(probeTool('tool').definition)
      h.on('tools/execute', () => {
        throw new Error('wrapper broke')
      })
      return call('tool')
    },
  },
  {
    name: 'a throwing post-execute listener',
    arrange: (h, tools) => {
      tools.register(probeTool('tool').definition)
      h.on('tools/post-execute', async () => {
        throw new Error('post broke')
      })
      return call('tool')
    },
  },
  {
    name: 'a throwing finalizer',
    owner: 'ERR-22',
    arrange: (_h, tools) => {
      tools.register(
        probeTool('tool', {
          finalizeContent: () => {
            throw new Error('finalizer broke')
          },
        }).definition,
      )
      return call('tool')
    },
  },
  {
    name: 'an approval service that rejects',
    owner: 'ERR-22',
    needs: ['approval', 'scopes'],
    arrange: (h, tools, agent) => {
      tools.register(probeTool('tool').definition)
      h.on('tools/pre-execute', () => ({ kind: 'ask' }))
      h.setApproval?.({
        request: () => Promise.reject(new Error('no open turn')),
      })
      return call('tool', {}, { agent })
    },
  },
]

/** execute() resolves a failure for `source`, announced once. */
async function expectResolvedFailure({ harness, tools, scope }: CheckContext, source: (typeof failureSources)[number]): Promise<void> {
  const agent = source.needs?.includes('scopes') ? (await scope()).agent : undefined
  const input = source.arrange(harness, tools, agent)
  const stages = recordStages(harness)

  const result = await tools.execute(input)

  expect(result.isError, 'isError').toBe(true)
  expect(stages.count('result'), 'result stage runs').toBe(1)
}

for (const source of failureSources.filter((s) => s.owner === undefined)) {
  check(
    'ERR-08',
    `execute() resolves a failure for ${source.name}`,
    (t) => expectResolvedFailure(t, source),
    source.needs === undefined ? {} : { needs: source.needs },
  )
}

// ERR-22: the seeds resolve "Tool and listener failures" as error results; a guard is no listener, a finalizer
// "must not throw", and an approval service that fails is not said to resolve either (open point OP-58).
for (const source of failureSources.filter((s) => s.owner === 'ERR-22')) {
  check(
    'ERR-22',
    `execute() resolves a failure for ${source.name}`,
    (t) => expectResolvedFailure(t, source),
    source.needs === undefined ? {} : { needs: source.needs },
  )
}

for (const source of MALFORMED_OUTCOMES) {
  check('ERR-08', `execute() resolves, and never rejects, for ${source.name}`, async ({ harness, tools }) => {
    const input = source.arrange(harness, tools)
    const stages = recordStages(harness)

    const settled = await tools.execute(input).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    )

    expect('error' in settled ? settled.error : undefined, 'execute() rejected').toBeUndefined()
    expect(stages.count('result'), 'result stage runs').toBe(1)
  })
}

check('ERR-09', 'registry-raised failures name their concrete error class', async ({ tools }) => {
  tools.register(probeTool('bad-output', { schema: { type: 'string' }, body: () => 1 }).definition)

  const unknown = await tools.execute(call('nowhere'))
  const badOutput = await tools.execute(call('bad-output'))

  expectErrorIdentity(unknown, 'ToolNotFoundError', 'UNKNOWN_TOOL')
  expectErrorIdentity(badOutput, 'ToolOutputError', 'INVALID_TOOL_OUTPUT')
})

/** An otherwise well-formed input for `tool` whose field `key` is replaced by `descriptor`. */
function malformed(key: string, descriptor: PropertyDescriptor): ToolExecutionInput {
  const input = call('tool') as unknown as Record<string, unknown>
  Object.defineProperty(input, key, { enumerable: true, configurable: true, ...descriptor })
  return input as unknown as ToolExecutionInput
}

function throwing(field: string): PropertyDescriptor {
  return {
    get() {
      throw new Error(`${field} getter exploded`)
    },
  }
}

const malformedInputs: { name: string; input: () => ToolExecutionInput }[] = [
  { name: 'a throwing callId getter', input: () => malformed('callId', throwing('callId')) },
  { name: 'a throwing name getter', input: () => malformed('name', throwing('name')) },
  { name: 'a throwing agent getter', input: () => malformed('agent', throwing('agent')) },
  { name: 'a throwing parent getter', input: () => malformed('parent', throwing('parent')) },
  { name: 'a throwing signal getter', input: () => malformed('signal', throwing('signal')) },
  { name: 'a missing signal', input: () => malformed('signal', { value: undefined }) },
  { name: 'a null signal', input: () => malformed('signal', { value: null }) },
]

for (const m of malformedInputs) {
  check('ERR-10', `execute() resolves a failure and notifies once for ${m.name}`, async ({ harness, tools }) => {
    const probe = probeTool('tool')
    tools.register(probe.definition)
    const stages = recordStages(harness)

    const outcome = await tools.execute(m.input()).then(
      (result) => ({ resolved: true as const, result }),
      (error: unknown) => ({ resolved: false as const, error }),
    )

    expect(outcome.resolved, 'execute() rejected').toBe(true)
    if (outcome.resolved) expect(outcome.result.isError).toBe(true)
    expect(stages.count('result'), 'result stage runs').toBe(1)
    expect(probe.bodyCalls, 'body calls').toBe(0)
  })
}

check('ERR-12', 'the unknown-tool message', async ({ tools }) => {
  const result = await tools.execute(call('nowhere'))

  expect(result.error?.message).toBe('unknown tool "nowhere"')
  expectEnveloped(result)
})

/** Failures the registry builds itself, one per kind ERR-13 names (argument and output failures without the schema feature). */
const registryBuilt: { name: string; arrange: (t: CheckContext) => ToolExecutionInput }[] = [
  {
    name: 'a thrown Error',
    arrange: ({ tools }) => {
      tools.register(probeTool('thrower', { body: () => Promise.reject(new Error('disk full')) }).definition)
      return call('thrower')
    },
  },
  {
    name: 'a pre-execute denial',
    arrange: ({ harness, tools }) => {
      tools.register(probeTool('tool').definition)
      harness.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'not here' }))
      return call('tool')
    },
  },
  { name: 'an unknown tool', arrange: () => call('nowhere') },
  {
    name: 'an output that fails its schema',
    arrange: ({ tools }) => {
      tools.register(probeTool('bad-output', { schema: { type: 'string' }, body: () => 1 }).definition)
      return call('bad-output')
    },
  },
  {
    name: 'arguments that are not lossless',
    arrange: ({ tools }) => {
      tools.register(probeTool('tool').definition)
      return call('tool', { at: new Date(0) })
    },
  },
  {
    name: 'a pre-aborted call',
    arrange: ({ tools }) => {
      tools.register(probeTool('tool').definition)
      return call('tool', {}, { signal: abortedSignal() })
    },
  },
]

// ERR-13: seed 000 §执行 (ToolFailure) says only that error.message is "without the Native `Error: ` envelope";
// that the content carries the envelope, as exactly one text block, is ERR-19's, charged incidentally.
for (const source of registryBuilt) {
  check('ERR-13', `the message of ${source.name}'s failure carries no "Error: " envelope`, async (t) => {
    const result = await t.tools.execute(source.arrange(t))

    expect(result.isError, 'isError').toBe(true)
    const message = result.error?.message
    expect(typeof message, 'message').toBe('string')
    const unenveloped = (): void => expect(String(message).startsWith('Error: '), `the message ${$JSON.stringify(message)} carries no envelope`).toBe(false)
    // A thrown Error's failure is ERR-01's (one owner per behaviour, issue 39): charged to it incidentally here.
    if (source.name === 'a thrown Error') incidental('ERR-01', unenveloped)
    else unenveloped()
    expectEnveloped(result)
  })
}

// ERR-19: the seeds name the Native envelope only as what error.message is without (ERR-13), not where it is applied
// nor the block structure that carries it (open point OP-55), nor what becomes of content others supply.
check('ERR-19', 'a registry-built failure is exactly one enveloped text block; a wrapper-authored failure keeps its content', async ({ harness, tools }) => {
  tools.register(probeTool('thrower', { body: () => Promise.reject(new Error('disk full')) }).definition)
  tools.register(probeTool('wrapped').definition)
  harness.on('tools/execute', (exec, next) =>
    exec.name === 'wrapped' ? { isError: true, error: { message: 'wrapper says no' }, content: [text('no'), text('really')] } : next(),
  )

  const thrown = await tools.execute(call('thrower'))
  const unknown = await tools.execute(call('nowhere'))
  const wrapped = await tools.execute(call('wrapped'))

  expect(thrown.content).toEqual([text(`Error: ${thrown.error?.message}`)])
  expect(unknown.content).toEqual([text(`Error: ${unknown.error?.message}`)])
  expect(wrapped.content).toEqual([text('no'), text('really')])
})

/** Places a coded throw can come from (pre-execute, guards and post-execute are charged incidentally by PRE-12, GRD-09, POST-12 tests). */
const codedSources: {
  name: string
  needs?: readonly ('approval' | 'scopes')[]
  arrange: (t: CheckContext, thrown: Error) => Promise<ToolExecutionInput>
}[] = [
  {
    name: 'the tool body',
    arrange: async ({ tools }, thrown) => {
      tools.register(probeTool('tool', { body: () => Promise.reject(thrown) }).definition)
      return call('tool')
    },
  },
  {
    name: 'a tools/execute listener',
    arrange: async ({ harness, tools }, thrown) => {
      tools.register(probeTool('tool').definition)
      harness.on('tools/execute', () => {
        throw thrown
      })
      return call('tool')
    },
  },
  {
    name: 'a finalizer',
    arrange: async ({ tools }, thrown) => {
      tools.register(
        probeTool('tool', {
          finalizeContent: () => {
            throw thrown
          },
        }).definition,
      )
      return call('tool')
    },
  },
]

/** A coded error thrown by `source` keeps its identity and message. */
async function expectCodedKept(t: CheckContext, source: (typeof codedSources)[number]): Promise<void> {
  const thrown = t.harnessError('quota exceeded', 'QUOTA')
  const input = await source.arrange(t, thrown)

  const result = await t.tools.execute(input)

  expectErrorIdentity(result, thrown.name, 'QUOTA')
  expectThrownMessage(result, 'quota exceeded', source.name === 'a finalizer' ? 'ERR-13' : 'ERR-01')
}

// ERR-03's quotes speak of "a tool-owned structured error"; the coded throws of wrappers and finalizers are ERR-21's
// (open point OP-56).
const [bodySource, ...otherCodedSources] = codedSources
check('ERR-03', `a coded error thrown by ${bodySource!.name} keeps info { name, code }`, (t) => expectCodedKept(t, bodySource!), { needs: ['codedErrors'] })
for (const source of otherCodedSources) {
  check('ERR-21', `a coded error thrown by ${source.name} keeps info { name, code }`, (t) => expectCodedKept(t, source), {
    needs: ['codedErrors', ...(source.needs ?? [])],
  })
}

// The seeds let an ask that the approval service does not grant end as a denial without info: upstream's failure of
// what the service threw is ERR-17's.
check('ERR-17', 'a coded error thrown by the approval service keeps info { name, code }', async ({ harness, tools, scope, setApproval, harnessError }) => {
  const thrown = harnessError('quota exceeded', 'QUOTA')
  const agent = await scope()
  tools.register(probeTool('tool').definition)
  harness.on('tools/pre-execute', () => ({ kind: 'ask' }))
  setApproval({ request: () => Promise.reject(thrown) })

  const result = await tools.execute(call('tool', {}, { agent: agent.agent }))

  expect(result.error).toEqual({ message: 'quota exceeded', info: { name: thrown.name, code: 'QUOTA' } })
})

check(
  'ERR-20',
  'info.name is read from the thrown error, not from its class',
  async ({ tools, harnessError }) => {
    const thrown = harnessError('quota exceeded', 'QUOTA')
    Object.defineProperty(thrown, 'name', { value: 'QuotaError', configurable: true, writable: true })

    const result = await failureOf(tools, thrown)

    expect(result.error?.info).toEqual({ name: 'QuotaError', code: 'QUOTA' })
  },
  { needs: ['codedErrors'] },
)

for (const key of ['name', 'code'] as const) {
  check(
    'ERR-14',
    `a coded error whose ${key} getter throws carries no info but keeps its message`,
    async ({ tools, harnessError }) => {
      const thrown = harnessError('unreadable', 'UNREADABLE')
      Object.defineProperty(thrown, key, {
        configurable: true,
        get() {
          throw new Error(`${key} exploded`)
        },
      })

      const result = await failureOf(tools, thrown)

      expectPlainFailure(result)
      expect(result.error?.message).toBe('unreadable')
      expectEnveloped(result)
    },
    { needs: ['codedErrors'] },
  )
}

check(
  'ERR-16',
  'an empty thrown message stays empty, for an Error and a coded error',
  async ({ tools, harnessError, has }) => {
    const thrown: [string, unknown][] = [['new Error("")', new Error('')]]
    if (has('codedErrors')) thrown.push(['a coded error with message ""', harnessError('', 'EMPTY')])
    for (const [i, [label, value]] of thrown.entries()) {
      tools.register(probeTool(`thrower-${i}`, { body: () => Promise.reject(value) }).definition)
      const result = await tools.execute(call(`thrower-${i}`))

      expect(result.error?.message, `the message for ${label}`).toBe('')
      expectEnveloped(result)
    }
  },
  { optional: ['codedErrors'] },
)

check('ERR-14', 'a plain object with name and code carries no info', async ({ tools }) => {
  expectPlainFailure(await failureOf(tools, { name: 'HarnessError', code: 'DUCK', message: 'duck typed' }))
})

check('ERR-18', 'the failure of a throwing pre-execute listener, guard or finalizer carries the thrown message as it is', async ({ harness, tools }) => {
  const stages = ['pre', 'guard', 'finalizer'] as const
  for (const stage of stages) {
    tools.register(
      probeTool(stage, {
        finalizeContent: (exec) => {
          if (exec.name === 'finalizer') throw new Error('finalizer broke')
          return undefined
        },
      }).definition,
    )
  }
  harness.on('tools/pre-execute', (exec, next) => {
    if (exec.name === 'pre') throw new Error('policy broke')
    return next()
  })
  tools.guard((exec) => {
    if (exec.name === 'guard') throw new Error('guard broke')
    return undefined
  })

  const messages = []
  for (const stage of stages) messages.push((await tools.execute(call(stage))).error?.message)

  expect(messages).toEqual(['policy broke', 'guard broke', 'finalizer broke'])
})
