import { expect } from 'vitest'
import { TOOL_ORDER_REST, type Harness, type PromptAssembly, type ToolRuntimeApi, type ToolsContextApi } from '../adapter/contract.ts'
import type { PostToolDecision, ToolDefinition, ToolExecutionResult } from '../spec/types.ts'
import { check } from './_kit/check.ts'
import { call } from './_kit/inputs.ts'
import { trackListeners } from './_kit/listeners.ts'
import { readTool } from './_kit/read-tool.ts'
import { expectMetaFrom, projectFrom } from './_kit/projected-meta.ts'
import { incidental } from './_kit/incidental.ts'
import { expectNoMeta, expectSuccess } from './_kit/result-assertions.ts'
import { probeTool, text } from './_kit/tools.ts'
import { countChanges } from './_kit/changes.ts'
import { abortAwaitingTool, mountScripted, runCode } from './_kit/code-mode.ts'
import { settle } from './_kit/deferred.ts'
import { createScriptedRuntime } from '../code-runtime/scripted-runtime.ts'

/** Adds presenters that count their calls and throw, so any registry call is both counted and disruptive. */
function withHostilePresenters(definition: ToolDefinition): { calls: string[] } {
  const calls: string[] = []
  definition.presentCall = () => {
    calls.push('presentCall')
    throw new Error('presentCall must not be called by the registry')
  }
  definition.presentResult = () => {
    calls.push('presentResult')
    throw new Error('presentResult must not be called by the registry')
  }
  return { calls }
}

check('PRES-01', 'a definition without presenters registers, is looked up and executes', async ({ tools }) => {
  const plain = probeTool('plain')
  expect('presentCall' in plain.definition || 'presentResult' in plain.definition, 'the probe has no presenters').toBe(false)
  tools.register(plain.definition)

  expect(tools.get('plain')?.name).toBe('plain')
  expect(tools.schemas().some((schema) => schema.name === 'plain')).toBe(true)
  expectSuccess(await tools.execute(call('plain')))
})

// PRES-17: the seeds say a UI calls the presenters, live and on replay, but not that the registry never does.
check('PRES-17', 'registering, looking up, projecting, classifying and executing never call the presenters', async ({ harness, tools }) => {
  const ok = probeTool('ok', { isConcurrencySafe: () => true })
  const failing = probeTool('failing', {
    body: () => {
      throw new Error('body broke')
    },
  })
  const denied = probeTool('denied')
  const replaced = probeTool('replaced')
  const blocked = probeTool('blocked', { countFinalize: true })
  const presenters = [ok, failing, denied, replaced, blocked].map((p) => withHostilePresenters(p.definition))
  for (const p of [ok, failing, denied, replaced, blocked]) tools.register(p.definition)
  const listeners = trackListeners(harness)
  listeners.on('tools/pre-execute', (exec, next) => (exec.name === 'denied' ? { kind: 'deny', reason: 'no' } : next()))
  listeners.on('tools/post-execute', (exec, _result, next) => {
    if (exec.name === 'replaced') return { kind: 'accept', value: { replaced: true } }
    if (exec.name === 'blocked') return { kind: 'block', feedback: [text('blocked')] }
    return next()
  })

  tools.get('ok')
  tools.schemas()
  tools.executionMode(call('ok'))
  const success = await tools.execute(call('ok', { path: 'a' }))
  for (const name of ['failing', 'denied', 'replaced', 'blocked']) await tools.execute(call(name))

  expectSuccess(success)
  expect(listeners.silent(), 'the denying and replacing listeners never ran').toEqual([])
  expect(presenters.flatMap((p) => p.calls)).toEqual([])
})

check('PRES-17', 'cancelled calls and wrapper-authored outcomes never call the presenters either', async ({ harness, tools }) => {
  const controller = new AbortController()
  const cancelledMid = probeTool('cancelled-mid', {
    body: () => {
      controller.abort(new Error('stopped mid-body'))
      return 'late'
    },
  })
  const probes = [probeTool('cancelled-before'), cancelledMid, probeTool('wrapped-ok'), probeTool('wrapped-fail'), probeTool('wrapped-throw')]
  const presenters = probes.map((p) => withHostilePresenters(p.definition))
  for (const p of probes) tools.register(p.definition)
  harness.on('tools/execute', async (exec, next) => {
    if (exec.name === 'wrapped-ok') return { isError: false, value: 'authored', content: [text('authored')] } as ToolExecutionResult
    if (exec.name === 'wrapped-fail')
      return { isError: true, error: { message: 'wrapper says no' }, content: [text('Error: wrapper says no')] } as ToolExecutionResult
    if (exec.name === 'wrapped-throw') throw new Error('wrapper broke')
    return next()
  })
  const aborted = new AbortController()
  aborted.abort(new Error('cancelled before the call'))

  const results = {
    before: await tools.execute(call('cancelled-before', {}, { signal: aborted.signal })),
    mid: await tools.execute(call('cancelled-mid', {}, { signal: controller.signal })),
    ok: await tools.execute(call('wrapped-ok')),
    fail: await tools.execute(call('wrapped-fail')),
    thrown: await tools.execute(call('wrapped-throw')),
  }

  expect(results.before.isError, 'a call cancelled before dispatch fails').toBe(true)
  expect(results.mid.isError, 'a call cancelled mid-body fails').toBe(true)
  expectSuccess(results.ok)
  expect(results.fail.isError, 'the wrapper-authored failure fails').toBe(true)
  expect(results.thrown.isError, 'the throwing wrapper fails').toBe(true)
  expect(presenters.flatMap((p) => p.calls)).toEqual([])
})

check(
  'PRES-17',
  'Code Mode sub-calls, completed or aborted with the run, never call the presenters',
  async ({ tools, codeMode }) => {
    const done = probeTool('done')
    const { definition: waiting, entered, release } = abortAwaitingTool('waiting')
    const presenters = [done.definition, waiting].map((definition) => withHostilePresenters(definition))
    tools.register(done.definition)
    tools.register(waiting)
    const runtime = await mountScripted(codeMode)

    const pending = tools.execute(
      runCode(
        runtime.program(async ({ tools: bound }) => {
          await bound.done!({})
          void bound.waiting!({}).catch(() => undefined)
          await entered
          return 'left while waiting ran'
        }),
      ),
    )
    await entered
    await settle()
    await settle()
    release() // a run that does not abort its sub-calls when it settles (OP-68) would otherwise wait on this one for good
    const result = await pending

    expectSuccess(result)
    expect(presenters.flatMap((p) => p.calls)).toEqual([])
  },
  { needs: ['codeMode'], deployment: { mode: 'code' } },
)

/** `meta` projector used by the PRES-02/03 tests: records the value it was computed from (./_kit/projected-meta.ts). */
const projectMeta = projectFrom

check('PRES-02', 'a top-level success gets meta from presentationMeta', async ({ tools }) => {
  tools.register(probeTool('meta', { body: () => 'v1', presentationMeta: projectMeta }).definition)

  const result = await tools.execute(call('meta'))

  expectSuccess(result)
  expectMetaFrom(result.meta, 'v1')
})

/** Registers `outer`, whose body calls `meta` as a nested call; returns the nested results as they come. */
function registerOuterCallingMeta(tools: ToolRuntimeApi): ToolExecutionResult[] {
  const nested: ToolExecutionResult[] = []
  tools.register(
    probeTool('outer', {
      body: async (_args, exec) => {
        nested.push(await tools.execute(call('meta', {}, { parent: exec.token, rootCallId: exec.rootCallId })))
        return 'outer done'
      },
    }).definition,
  )
  return nested
}

check('PRES-02', "a nested call carrying its parent's token gets no meta", async ({ tools }) => {
  tools.register(probeTool('meta', { body: () => 'v1', presentationMeta: projectMeta }).definition)
  const nested = registerOuterCallingMeta(tools)

  await tools.execute(call('outer'))

  expect(nested, 'nested results').toHaveLength(1)
  expectSuccess(nested[0]!)
  expectNoMeta(nested[0] as object)
})

// PRES-18: the seeds mark a sub-dispatch by its parent token, but also let callers omit rootCallId "for a root
// execution": a call with a parent and no rootCallId is top-level by one marker and nested by the other.
check('PRES-18', 'a call with a forged parent token and no rootCallId gets no meta', async ({ tools }) => {
  tools.register(probeTool('meta', { body: () => 'v1', presentationMeta: projectMeta }).definition)

  const forged = await tools.execute(call('meta', {}, { parent: Symbol('any parent') }))

  expectSuccess(forged)
  expect('meta' in forged).toBe(false)
})

check('PRES-02', 'a failed call gets no projected meta', async ({ tools }) => {
  tools.register(
    probeTool('meta', {
      body: () => {
        throw new Error('body broke')
      },
      presentationMeta: projectMeta,
    }).definition,
  )

  const result = await tools.execute(call('meta'))

  expect(result.isError, 'isError').toBe(true)
  expectNoMeta(result)
})

function metaToolWithPost(harness: Harness, tools: ToolsContextApi, decision: PostToolDecision): void {
  tools.register(probeTool('meta', { body: () => 'v1', presentationMeta: projectMeta }).definition)
  harness.on('tools/post-execute', () => decision)
}

check('PRES-03', 'a content replacement keeps meta', async ({ harness, tools }) => {
  metaToolWithPost(harness, tools, { kind: 'accept', content: [text('new content')] })

  const result = await tools.execute(call('meta'))

  expect(result.content, 'the content was replaced').toEqual([text('new content')])
  expectMetaFrom(result.meta, 'v1')
})

check('PRES-03', 'a value replacement recomputes meta', async ({ harness, tools }) => {
  metaToolWithPost(harness, tools, { kind: 'accept', value: 'v2' })

  const result = await tools.execute(call('meta'))

  expectSuccess(result)
  expectMetaFrom(result.meta, 'v2')
})

// PRES-19: the seeds say a block "removes the value"; a failure may carry meta (ToolExecutionFailure.meta), so
// whether a block keeps it is open (open point OP-57).
check('PRES-19', 'a block drops meta', async ({ harness, tools }) => {
  metaToolWithPost(harness, tools, { kind: 'block', feedback: [text('blocked')] })

  const result = await tools.execute(call('meta'))

  expect(result.isError, 'isError').toBe(true)
  expect('meta' in result).toBe(false)
})

// The seeds run the projectors on the body's value and say only that a wrapper returns a ToolExecutionResult: a
// wrapper-authored success may keep its own meta, get it recomputed or have none; that it is recomputed is PRES-16's.
check('PRES-16', 'a wrapper-authored success gets meta recomputed from its value, not its own meta', async ({ harness, tools }) => {
  tools.register(probeTool('meta', { body: () => 'v1', presentationMeta: projectMeta }).definition)
  harness.on('tools/execute', () => ({ isError: false, value: 'from wrapper', content: [], meta: { bogus: true } }))

  const result = await tools.execute(call('meta'))

  expectSuccess(result)
  expect(result.meta).toEqual({ from: 'from wrapper' })
})

check('PRES-16', 'a wrapper-authored success without meta gets meta projected from its value', async ({ harness, tools }) => {
  tools.register(probeTool('meta', { body: () => 'v1', presentationMeta: projectMeta }).definition)
  harness.on('tools/execute', () => ({ isError: false, value: 'from wrapper', content: [] }))

  const result = await tools.execute(call('meta'))

  expectSuccess(result)
  expect(result.meta).toEqual({ from: 'from wrapper' })
})

check('PRES-19', 'a wrapper-authored failure keeps the meta it was given', async ({ harness, tools }) => {
  tools.register(probeTool('meta', { body: () => 'v1', presentationMeta: projectMeta }).definition)
  harness.on('tools/execute', () => ({ isError: true, error: { message: 'wrapper failed' }, content: [text('x')], meta: { kept: 1 } }))

  const result = await tools.execute(call('meta'))

  expect(result.isError, 'isError').toBe(true)
  expect(result.meta).toEqual({ kept: 1 })
})

check(
  'PRES-03',
  'a content replacement on a wrapper-authored failure keeps its meta',
  async ({ harness, tools }) => {
    tools.register(probeTool('meta', { body: () => 'v1', presentationMeta: projectMeta }).definition)
    harness.on('tools/execute', () => ({ isError: true, error: { message: 'wrapper failed' }, content: [text('x')], meta: { kept: 1 } }))
    const before: unknown[] = []
    harness.on('tools/post-execute', (_exec, result) => {
      before.push(result.meta)
      return { kind: 'accept', content: [text('explained')] }
    })

    const result = await tools.execute(call('meta'))

    expect(result.isError, 'isError').toBe(true)
    expect(result.content).toEqual([text('explained')])
    expect(before, 'post-execute ran once').toHaveLength(1)
    expect(result.meta, 'the meta the failure had before the replacement').toEqual(before[0])
    incidental('PRES-19', () => expect(result.meta, 'a wrapper-authored failure keeps the meta it was given (PRES-19)').toEqual({ kept: 1 }))
  },
  { needs: ['presentationMeta'] },
)

check('PRES-02', 'a value replacement on a nested call gives it no meta', async ({ harness, tools }) => {
  tools.register(probeTool('meta', { body: () => 'v1', presentationMeta: projectMeta }).definition)
  harness.on('tools/post-execute', (exec, _result, next) => (exec.parent === undefined ? next() : { kind: 'accept', value: 'v2' }))
  const nested = registerOuterCallingMeta(tools)

  expectSuccess(await tools.execute(call('outer')))

  expect(nested).toHaveLength(1)
  expectSuccess(nested[0]!)
  expect(nested[0]!.isError ? undefined : nested[0]!.value, 'the replaced value').toBe('v2')
  expectNoMeta(nested[0]!)
})

/** Calls `present`, answering what it returned, or `'threw'`. */
function attempt(present: () => unknown): unknown {
  try {
    return present()
  } catch {
    return 'threw'
  }
}

check('PRES-04', "defineTool presenters never hand invalid arguments to the author's presenters and pass valid ones through", ({ schema }) => {
  const seen: unknown[] = []
  const { definition } = readTool(schema, {
    presentCall: (args: { path: string }) => {
      seen.push(args)
      return { card: 'generic', title: `read ${args.path}` }
    },
    presentResult: (args: { path: string }, result: { isError: boolean }) => {
      seen.push(args)
      return { card: 'generic', title: result.isError ? 'failed' : `read ${args.path}` }
    },
  })
  const result = { content: [], isError: false }
  const logged = [
    undefined,
    null,
    'a.txt',
    { limit: 1 },
    { path: 5 },
    new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('trap')
        },
      },
    ),
  ]

  for (const args of logged) {
    attempt(() => definition.presentCall?.(args))
    attempt(() => definition.presentResult?.(args, result))
  }
  expect(seen, 'author presenter calls').toEqual([])
  expect(definition.presentCall?.({ path: 'a.txt' })).toEqual({ card: 'generic', title: 'read a.txt' })
  expect(definition.presentResult?.({ path: 'a.txt' }, result)).toEqual({ card: 'generic', title: 'read a.txt' })
  expect(seen, 'author presenter calls').toEqual([{ path: 'a.txt' }, { path: 'a.txt' }])
})

// PRES-20: the seeds do not say whether a defineTool presenter answers undefined (a generic fallback) or throws for
// arguments that fail validation.
check('PRES-20', 'defineTool presenters answer undefined, never throwing, for invalid arguments', ({ schema }) => {
  const { definition } = readTool(schema, {
    presentCall: (args: { path: string }) => ({ card: 'generic', title: `read ${args.path}` }),
    presentResult: (args: { path: string }) => ({ card: 'generic', title: `read ${args.path}` }),
  })
  const result = { content: [], isError: false }
  const trap = new Proxy(
    {},
    {
      ownKeys: () => {
        throw new Error('trap')
      },
    },
  )

  for (const args of [undefined, null, 'a.txt', { limit: 1 }, { path: 5 }, trap]) {
    expect(
      attempt(() => definition.presentCall?.(args)),
      `presentCall(${String(args)})`,
    ).toBeUndefined()
    expect(
      attempt(() => definition.presentResult?.(args, result)),
      `presentResult(${String(args)})`,
    ).toBeUndefined()
  }
})

check('PRES-05', 'presenters the author omits are absent from the definition', ({ schema }) => {
  const { definition } = readTool(schema)

  expect(typeof definition.presentCall).toBe('undefined')
  expect(typeof definition.presentResult).toBe('undefined')
  expect('presentCall' in definition).toBe(false)
  expect('presentResult' in definition).toBe(false)
})

/** True when `agent`'s model-direct call of the registered tool `echo` is collapsed (its mode in force is code). */
async function collapsesEcho(tools: Harness['tools'], agent?: object): Promise<boolean> {
  const result = await tools.execute(call('echo', {}, agent === undefined ? {} : { agent }))
  return result.isError && result.error?.info?.code === 'UNKNOWN_TOOL'
}

// PRES-21: the seeds name "the deployment default" and the `mode` config field, but not that field's default.
check('PRES-21', 'a scope declaring nothing follows the deployment mode, which is native by default', async ({ tools, scope }) => {
  tools.register(probeTool('echo').definition)
  const handle = await scope()
  expect(tools.get('run_code', handle.agent)).toBeUndefined()
  expect(await collapsesEcho(tools, handle.agent)).toBe(false)
})

check(
  'PRES-08',
  'a scope declaring nothing in a code deployment is in code',
  async ({ tools, scope }) => {
    tools.register(probeTool('echo').definition)
    const handle = await scope()
    expect(tools.get('run_code', handle.agent)).toBeDefined()
    expect(await collapsesEcho(tools, handle.agent)).toBe(true)
  },
  { deployment: { mode: 'code' } },
)

check(
  'PRES-08',
  'the closest declaring scope wins: a child declaring native under a code parent is native, its own child inherits native',
  async ({ tools, scope, presentAs }) => {
    tools.register(probeTool('echo').definition)
    const parent = await scope()
    const child = await scope(parent)
    const grandchild = await scope(child)
    const sibling = await scope(parent)
    presentAs(parent, 'code')
    presentAs(child, 'native')
    expect(await collapsesEcho(tools, child.agent)).toBe(false)
    expect(await collapsesEcho(tools, grandchild.agent)).toBe(false)
    expect(tools.get('run_code', grandchild.agent)).toBeUndefined()
    expect(await collapsesEcho(tools, sibling.agent)).toBe(true)
  },
  { needs: ['scopeParents'] },
)

check('PRES-09', 'presentAs from the global context throws and changes nothing', ({ tools, presentAs }) => {
  expect(() => presentAs(undefined, 'code')).toThrow()
  expect(tools.get('run_code')).toBeUndefined()
})

check('PRES-09', 'after its disposal a scope accepts a new declaration', async ({ tools, scope, presentAs }) => {
  const handle = await scope()
  const dispose = presentAs(handle, 'code')
  expect(tools.get('run_code', handle.agent)).toBeDefined()
  dispose()
  // Code again, not both: a mode presenting both is upstream's (OP-63, CM-40).
  const again = presentAs(handle, 'code')
  expect(tools.get('run_code', handle.agent)).toBeDefined()
  again()
})

// PRES-26: the seed says "one declaration per scope" but not that a second one fails; it could replace the first.
check('PRES-26', 'a second declaration in the same scope throws and leaves the first in force', async ({ tools, scope, presentAs }) => {
  const handle = await scope()
  const dispose = presentAs(handle, 'code')
  expect(() => presentAs(handle, 'native')).toThrow()
  expect(() => presentAs(handle, 'code')).toThrow()
  expect(tools.get('run_code', handle.agent)).toBeDefined()
  dispose()
})

check(
  'PRES-08',
  "a declaration outlives the scope's other contributions: registering and unregistering a tool there keeps the mode",
  async ({ tools, scope, presentAs }) => {
    tools.register(probeTool('echo').definition)
    const handle = await scope()
    presentAs(handle, 'code')
    const unregister = handle.tools.register(probeTool('local').definition)
    unregister()
    expect(tools.get('run_code', handle.agent), 'run_code still presented').toBeDefined()
    expect(await collapsesEcho(tools, handle.agent), 'still collapsed').toBe(true)
  },
)

check(
  'PRES-09',
  'a presentAs disposer is idempotent: called again after a new declaration it leaves that declaration alone',
  async ({ tools, scope, presentAs }) => {
    tools.register(probeTool('echo').definition)
    const handle = await scope()
    // A scoped tool keeps the scope's contributions alive between the declarations.
    handle.tools.register(probeTool('local').definition)
    const first = presentAs(handle, 'native')
    first()
    presentAs(handle, 'code')
    first()
    expect(tools.get('run_code', handle.agent), 'the second declaration is still in force').toBeDefined()
    expect(await collapsesEcho(tools, handle.agent)).toBe(true)
  },
)

check(
  'PRES-09',
  'the disposer restores the inherited mode',
  async ({ tools, scope, presentAs }) => {
    tools.register(probeTool('echo').definition)
    const handle = await scope()
    const dispose = presentAs(handle, 'native')
    expect(await collapsesEcho(tools, handle.agent)).toBe(false)
    expect(tools.get('run_code', handle.agent)).toBeUndefined()
    dispose()
    expect(await collapsesEcho(tools, handle.agent)).toBe(true)
    expect(tools.get('run_code', handle.agent)).toBeDefined()
  },
  { deployment: { mode: 'code' } },
)

// PRES-22: the seeds list tools/change for registrations and restrictions, not for presentation declarations.
check(
  'PRES-22',
  'declaring and disposing a presentation each emit tools/change',
  async ({ harness, scope, presentAs }) => {
    const handle = await scope()
    const changes = countChanges(harness)
    const dispose = presentAs(handle, 'code')
    expect(changes.count, 'declaring').toBeGreaterThanOrEqual(1)
    const afterDeclare = changes.count
    dispose()
    expect(changes.count, 'disposing').toBeGreaterThan(afterDeclare)
  },
  { needs: ['changeEvents'] },
)

check(
  'PRES-11',
  'run_code is dispatchable only from a scope whose mode in force is not native',
  async ({ tools, scope, presentAs, codeMode }) => {
    const runtime = createScriptedRuntime()
    await codeMode.setRuntime(runtime)
    const program = runtime.program(() => 'ran')
    const coded = await scope()
    const plain = await scope()
    const dispose = presentAs(coded, 'code')
    expectSuccess(await tools.execute(runCode(program, { agent: coded.agent })))
    const fromPlain = await tools.execute(runCode(program, { agent: plain.agent }))
    expect(fromPlain.isError ? fromPlain.error?.info?.code : 'success').toBe('UNKNOWN_TOOL')
    const fromGlobal = await tools.execute(runCode(program))
    expect(fromGlobal.isError ? fromGlobal.error?.info?.code : 'success').toBe('UNKNOWN_TOOL')
    dispose()
    const afterDispose = await tools.execute(runCode(program, { agent: coded.agent }))
    expect(afterDispose.isError ? afterDispose.error?.info?.code : 'success').toBe('UNKNOWN_TOOL')
    expect(runtime.requests).toHaveLength(1)
  },
  { needs: ['scopes'] },
)

check(
  'PRES-11',
  'under a code deployment a scope that presents native can neither see nor dispatch run_code',
  async ({ tools, scope, presentAs, codeMode }) => {
    const runtime = createScriptedRuntime()
    await codeMode.setRuntime(runtime)
    const program = runtime.program(() => 'ran')
    const plain = await scope()
    presentAs(plain, 'native')
    expect(tools.get('run_code', plain.agent)).toBeUndefined()
    expect(tools.schemas(plain.agent).some((schema) => schema.name === 'run_code')).toBe(false)
    const fromPlain = await tools.execute(runCode(program, { agent: plain.agent }))
    expect(fromPlain.isError ? fromPlain.error?.info?.code : 'success').toBe('UNKNOWN_TOOL')
    expect(runtime.requests, 'no program ran').toHaveLength(0)
    expectSuccess(await tools.execute(runCode(program)))
    expect(runtime.requests, "the global context, presenting the deployment's code, runs it").toHaveLength(1)
  },
  { deployment: { mode: 'code' } },
)

check(
  'PRES-11',
  "scopes presenting code and both, and a code deployment's global context, share one transport object",
  async ({ tools, scope, presentAs }) => {
    const coded = await scope()
    const both = await scope()
    presentAs(both, 'both')
    const transport = tools.get('run_code')
    expect(transport).toBeDefined()
    expect(tools.get('run_code', coded.agent)).toBe(transport)
    expect(tools.get('run_code', both.agent)).toBe(transport)
    expect(tools.schemas(both.agent).filter((schema) => schema.name === 'run_code')).toHaveLength(1)
  },
  { needs: ['scopes'], deployment: { mode: 'code' } },
)

// ---------------------------------------------------------------- the system prompt (promptAssembly)

const CODE_ONLY = 'tools:code-only'
const SDK = 'tools:sdk'
const toolNames = (assembly: PromptAssembly): string[] => assembly.tools.map((tool) => tool.name)
/** A section's text; an absent section reads as empty (the prompt drops empty sections either way). */
const sectionText = (assembly: PromptAssembly, name: string): string => assembly.sections.find((section) => section.name === name)?.text ?? ''
const hasSection = (assembly: PromptAssembly, name: string): boolean => assembly.sections.some((section) => section.name === name)

/** Messages of what `promise` rejects with; `undefined` when it fulfils. */
async function rejectionOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise
    return undefined
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

// PRES-10: 'native' is the adapter contract's name for the native presentation (the seeds spell only `mode: 'code'`);
// that the agent then sees the native presentation is read from its prompt offering its tools as schemas.
check(
  'PRES-10',
  'an agent that returns to native under a code deployment is offered its tools as native schemas',
  async ({ tools, scope, presentAs, codeMode, assemblePrompt }) => {
    await mountScripted(codeMode)
    tools.register(probeTool('echo').definition)
    const native = await scope()
    presentAs(native, 'native')
    expect(toolNames(await assemblePrompt(native)), 'the prompt of the agent that returned to native').toContain('echo')
  },
  { deployment: { mode: 'code' } },
)

check(
  'PRES-12',
  'the tools offered follow the mode in force: every visible schema for native, only run_code for code, both for both',
  async ({ tools, scope, presentAs, codeMode, assemblePrompt }) => {
    await mountScripted(codeMode)
    tools.register(probeTool('zed').definition)
    tools.register(probeTool('echo').definition)
    const [code, both, native] = [await scope(), await scope(), await scope()]
    presentAs(code, 'code')
    presentAs(both, 'both')
    expect(toolNames(await assemblePrompt()), 'the native deployment').toEqual(['echo', 'zed'])
    expect(toolNames(await assemblePrompt(native)), 'a scope declaring nothing').toEqual(['echo', 'zed'])
    expect(toolNames(await assemblePrompt(code)), 'a code scope').toEqual(['run_code'])
    expect(toolNames(await assemblePrompt(both)), 'a both scope').toEqual(['echo', 'run_code', 'zed'])
  },
)

check(
  'PRES-12',
  'a code deployment offers only run_code, a both deployment every schema and run_code',
  async ({ tools, codeMode, assemblePrompt, presentAs, scope }) => {
    await mountScripted(codeMode)
    tools.register(probeTool('echo').definition)
    expect(toolNames(await assemblePrompt())).toEqual(['run_code'])
    const both = await scope()
    presentAs(both, 'both')
    expect(toolNames(await assemblePrompt(both))).toEqual(['echo', 'run_code'])
  },
  { deployment: { mode: 'code' } },
)

check(
  'PRES-12',
  'a tool order naming a tool the code presentation does not offer fails the assembly; native accepts it',
  async ({ tools, codeMode, assemblePrompt, presentAs, scope }) => {
    await mountScripted(codeMode)
    tools.register(probeTool('echo').definition)
    tools.register(probeTool('alpha').definition)
    const native = await scope()
    presentAs(native, 'native')
    expect(toolNames(await assemblePrompt(native)), 'the order applies where echo is offered').toEqual(['echo', 'alpha'])
    expect(await rejectionOf(assemblePrompt()), "the code deployment's assembly").toBeDefined()
  },
  { deployment: { mode: 'code', toolOrder: ['echo', TOOL_ORDER_REST] } },
)

check(
  'PRES-12',
  "a tool order may name run_code and a scope's own tool only where the presentation knows them",
  async ({ tools, codeMode, assemblePrompt, presentAs, scope }) => {
    await mountScripted(codeMode)
    tools.register(probeTool('zed').definition)
    tools.register(probeTool('echo').definition)
    const [both, native] = [await scope(), await scope()]
    both.tools.register(probeTool('mine').definition)
    native.tools.register(probeTool('mine').definition)
    presentAs(both, 'both')
    expect(toolNames(await assemblePrompt(both)), 'both knows run_code and its own tool; the rest follows by name').toEqual(['run_code', 'mine', 'echo', 'zed'])
    expect(await rejectionOf(assemblePrompt(native)), 'native does not offer run_code').toBeDefined()
    expect(await rejectionOf(assemblePrompt()), 'the global prompt knows neither').toBeDefined()
  },
  { deployment: { toolOrder: ['run_code', 'mine', TOOL_ORDER_REST] } },
)

check(
  'PRES-12',
  "a code deployment's tool order may list run_code, the one tool it offers",
  async ({ tools, codeMode, assemblePrompt, presentAs, scope }) => {
    await mountScripted(codeMode)
    tools.register(probeTool('echo').definition)
    const both = await scope()
    presentAs(both, 'both')
    expect(toolNames(await assemblePrompt()), 'code').toEqual(['run_code'])
    expect(toolNames(await assemblePrompt(both)), 'both').toEqual(['run_code', 'echo'])
  },
  { deployment: { mode: 'code', toolOrder: ['run_code', TOOL_ORDER_REST] } },
)

check(
  'PRES-13',
  'a non-native assembly without a code runtime fails, naming the mode of the assembling scope; a native one needs none',
  async ({ tools, codeMode, assemblePrompt, presentAs, scope }) => {
    tools.register(probeTool('echo').definition)
    const both = await scope()
    presentAs(both, 'both')
    expect(toolNames(await assemblePrompt()), 'the native deployment needs no runtime').toEqual(['echo'])
    const message = await rejectionOf(assemblePrompt(both))
    expect(message, 'the both scope without a runtime').toBeDefined()
    expect(message).toMatch(/\bboth\b/)
    await mountScripted(codeMode)
    expect(toolNames(await assemblePrompt(both)), 'once a runtime is mounted').toEqual(['echo', 'run_code'])
  },
  { needs: ['scopes'] },
)

check(
  'PRES-13',
  'a code assembly fails without a runtime, and with a runtime whose language has no SDK renderer',
  async ({ tools, codeMode, assemblePrompt }) => {
    tools.register(probeTool('echo').definition)
    expect(await rejectionOf(assemblePrompt()), 'no runtime').toMatch(/\bcode\b/)
    await mountScripted(codeMode, 'cobol')
    expect(await rejectionOf(assemblePrompt()), 'a language with no SDK renderer').toBeDefined()
    await mountScripted(codeMode)
    expect(toolNames(await assemblePrompt()), 'a TypeScript runtime').toEqual(['run_code'])
  },
  { deployment: { mode: 'code' } },
)

check(
  'PRES-14',
  'a code deployment renders the code-only section before a non-empty SDK section; both renders only the SDK',
  async ({ tools, codeMode, assemblePrompt, presentAs, scope }) => {
    await mountScripted(codeMode)
    tools.register(probeTool('echo').definition)
    const global = await assemblePrompt()
    const names = global.sections.map((section) => section.name)
    expect(sectionText(global, CODE_ONLY), 'code: the code-only section').not.toBe('')
    expect(sectionText(global, SDK), 'code: the SDK section').not.toBe('')
    expect(names.indexOf(CODE_ONLY), 'the code-only section (order 99) comes before the SDK (order 150)').toBeLessThan(names.indexOf(SDK))
    const both = await scope()
    presentAs(both, 'both')
    const assembled = await assemblePrompt(both)
    expect(sectionText(assembled, CODE_ONLY), 'both: no code-only text').toBe('')
    expect(sectionText(assembled, SDK), 'both: the SDK section').not.toBe('')
  },
  { deployment: { mode: 'code' }, needs: ['scopes'] },
)

check(
  'PRES-14',
  "an agent that returns to native under a code deployment gets neither section's text",
  async ({ tools, codeMode, assemblePrompt, presentAs, scope }) => {
    await mountScripted(codeMode)
    tools.register(probeTool('echo').definition)
    const native = await scope()
    presentAs(native, 'native')
    expect(sectionText(await assemblePrompt(), SDK), 'the deployment itself renders the SDK').not.toBe('')
    const assembled = await assemblePrompt(native)
    expect(sectionText(assembled, SDK)).toBe('')
    expect(sectionText(assembled, CODE_ONLY)).toBe('')
  },
  { deployment: { mode: 'code' }, needs: ['scopes'] },
)

check(
  'PRES-14',
  'a native deployment registers the sections only for the scope declaring a non-native mode, and its descendants',
  async ({ tools, codeMode, assemblePrompt, presentAs, scope }) => {
    await mountScripted(codeMode)
    tools.register(probeTool('echo').definition)
    const code = await scope()
    const child = await scope(code)
    const sibling = await scope()
    const native = await scope()
    presentAs(code, 'code')
    presentAs(native, 'native')
    for (const [what, assembled] of [
      ['the scope', await assemblePrompt(code)],
      ['its child', await assemblePrompt(child)],
    ] as const) {
      expect(sectionText(assembled, CODE_ONLY), `${what}: code-only`).not.toBe('')
      expect(sectionText(assembled, SDK), `${what}: SDK`).not.toBe('')
    }
    for (const [what, assembled] of [
      ['the global prompt', await assemblePrompt()],
      ['a sibling', await assemblePrompt(sibling)],
      ['a scope declaring native', await assemblePrompt(native)],
    ] as const) {
      expect(hasSection(assembled, CODE_ONLY), `${what}: code-only`).toBe(false)
      expect(hasSection(assembled, SDK), `${what}: SDK`).toBe(false)
    }
  },
  { needs: ['scopes', 'scopeParents'] },
)

check(
  'PRES-14',
  'consecutive assemblies of an unchanged tool set render byte-identical SDK text',
  async ({ tools, codeMode, assemblePrompt }) => {
    await mountScripted(codeMode)
    tools.register(
      probeTool('echo', { parameters: { type: 'object', properties: { b: { type: 'string' }, a: { type: 'number' } }, required: ['a'] } }).definition,
    )
    tools.register(probeTool('alpha').definition)
    const first = sectionText(await assemblePrompt(), SDK)
    expect(first).not.toBe('')
    expect(sectionText(await assemblePrompt(), SDK)).toBe(first)
  },
  { deployment: { mode: 'code' } },
)

check(
  'PRES-15',
  'after the registry is disposed the prompt offers no run_code and has no SDK section',
  async ({ harness, tools, codeMode, assemblePrompt }) => {
    await mountScripted(codeMode)
    tools.register(probeTool('echo').definition)
    const before = await assemblePrompt()
    expect(toolNames(before), 'while the registry is live').toEqual(['run_code'])
    expect(sectionText(before, SDK)).not.toBe('')
    await harness.dispose?.()
    const after = await assemblePrompt()
    expect(toolNames(after)).toEqual([])
    expect(hasSection(after, SDK)).toBe(false)
  },
  { deployment: { mode: 'code' } },
)
