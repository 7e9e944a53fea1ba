import { $Array, $JSON, $Number, $Object, $Promise, $Reflect } from './_kit/intrinsics.ts'
import { expect } from 'vitest'
import type { ScopeHandle } from '../adapter/contract.ts'
import { check, type CheckContext } from './_kit/check.ts'
import { forRules } from './_kit/for-rules.ts'
import { expectGuardConsulted } from './_kit/guard-means.ts'
import { unknownNameResolvesFirst } from './_kit/unknown-names.ts'
import { expectArgumentsDeepFrozen } from './_kit/frozen-arguments.ts'
import { incidental, precondition } from './_kit/incidental.ts'
import { abortedSignal, call } from './_kit/inputs.ts'
import { deferred, settle } from './_kit/deferred.ts'
import { expectCode, expectSuccess } from './_kit/result-assertions.ts'
import { probeTool } from './_kit/tools.ts'
import { approvalStub } from './_kit/approval.ts'
import { abortAwaitingTool, at, mountScripted, runCode, traceStages } from './_kit/code-mode.ts'
import type { CodeBindingFunction, CodeRunRequest, CodeRuntime, ContentBlock, ToolExecution, ToolExecutionResult } from '../spec/types.ts'

const CODE = { mode: 'code' } as const
const BOTH = { mode: 'both' } as const
const names = (list: readonly { name: string }[]): string[] => list.map((s) => s.name)
const text = (t: string): ContentBlock => ({ type: 'text', text: t })

/** Messages of everything `promise` rejects with; resolves `undefined` when it fulfils. */
async function rejection(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise
    return undefined
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

/**
 * Whether `value` is lossless JSON: null, a boolean, a finite number, a string, or a dense array or a plain record
 * (of any realm, null prototype included) of data properties holding such values (ARG-05's boundary).
 */
function isLosslessJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true
  if (typeof value === 'number') return $Number.isFinite(value)
  if (typeof value !== 'object') return false
  const keys = $Reflect.ownKeys(value)
  const own = (key: string | symbol) => $Reflect.getOwnPropertyDescriptor(value, key)
  const dataOnly = (key: string | symbol) => typeof key === 'string' && own(key)?.enumerable === true && 'value' in (own(key) ?? {})
  if ($Array.isArray(value)) {
    const items = keys.filter((key) => key !== 'length')
    return items.length === value.length && items.every((key) => dataOnly(key) && isLosslessJson(own(key)?.value))
  }
  const prototype = $Reflect.getPrototypeOf(value)
  if (prototype !== null && $Reflect.getPrototypeOf(prototype) !== null) return false
  return keys.every((key) => dataOnly(key) && isLosslessJson(own(key)?.value))
}

// ---------------------------------------------------------------- transport, reservation, collapse

check(
  'CM-01',
  'run_code cannot be registered globally or in a scope, nor restricted',
  async ({ tools, scope }) => {
    const agent = await scope()
    const definition = { ...probeTool('run_code').definition }
    expect(() => tools.register(definition), 'global registration').toThrow()
    expect(() => agent.tools.register(definition), 'scoped registration').toThrow()
    tools.register(probeTool('echo').definition)
    expect(() => agent.tools.restrict({ deny: ['run_code'] }), 'deny').toThrow()
    expect(() => agent.tools.restrict({ allow: ['echo', 'run_code'] }), 'allow').toThrow()
    expect(tools.get('run_code', agent.agent)).not.toBe(definition)
  },
  { deployment: CODE },
)

check('PRES-11', 'every scope that sees run_code sees the same definition object, whatever mode shows it', async ({ tools, scope, presentAs }) => {
  const a = await scope()
  const b = await scope()
  const c = await scope()
  presentAs(a, 'code')
  presentAs(b, 'both')
  const transport = tools.get('run_code', a.agent)
  expect(transport).toBeDefined()
  expect(tools.get('run_code', b.agent)).toBe(transport)
  presentAs(c, 'code')
  expect(tools.get('run_code', c.agent)).toBe(transport)
  expect(tools.get('run_code', a.agent)).toBe(transport)
})

check('CM-02', 'under the default deployment run_code is not visible', ({ tools }) => {
  expect(tools.get('run_code')).toBeUndefined()
  expect(names(tools.schemas())).not.toContain('run_code')
})

check(
  'CM-02',
  'an explicitly native deployment shows no run_code',
  ({ tools }) => {
    expect(tools.get('run_code')).toBeUndefined()
  },
  { deployment: { mode: 'native' } },
)

for (const [label, deployment] of [
  ['code', CODE],
  ['both', BOTH],
] as const) {
  check(
    'CM-02',
    `a ${label} deployment shows run_code`,
    ({ tools }) => {
      expect(tools.get('run_code')).toBeDefined()
      expect(names(tools.schemas())).toContain('run_code')
    },
    { deployment },
  )
}

check(
  ['CM-03', 'CM-30'],
  'under code a model-direct call of a visible tool is UNKNOWN_TOOL before any policy stage',
  async ({ tools, harness, codeMode }) => {
    const probe = probeTool('echo')
    tools.register(probe.definition)
    let guarded = 0
    tools.guard(() => {
      guarded += 1
      return undefined
    })
    const trace = traceStages(harness)
    const result = await tools.execute(call('echo'))
    expectCode(result, 'UNKNOWN_TOOL')
    expect(
      trace.filter((entry) => !entry.startsWith('result:')),
      'stages before tools/result',
    ).toEqual([])
    expect(probe.bodyCalls, 'body').toBe(0)
    expect(guarded, 'guards').toBe(0)
    // Control: run_code itself is not collapsed, so the trace does see its pre-execute.
    const runtime = await mountScripted(codeMode)
    expectSuccess(await tools.execute(runCode(runtime.program(() => 'done'))))
    expect(trace, 'the trace listeners ran for the uncollapsed run_code call').toContain('pre:run_code')
    forRules('CM-30', () => {
      expect(result.error?.message).toBe('unknown tool "echo": only `run_code` is callable directly — call `echo` from inside a `run_code` program instead')
    })
  },
  { deployment: CODE },
)

check(
  'CM-03',
  'a collapsed call never asks the approval service',
  async ({ tools, scope, setApproval, codeMode }) => {
    const agent = await scope()
    tools.register(probeTool('echo').definition)
    const approval = approvalStub('allowed-once')
    setApproval(approval)
    agent.on('tools/pre-execute', () => ({ kind: 'ask', reason: 'check' }))
    const result = await tools.execute(call('echo', {}, { agent: agent.agent }))
    expectCode(result, 'UNKNOWN_TOOL')
    expect(approval.requests).toHaveLength(0)
    // Control: run_code itself is not collapsed, so the same listener's ask does reach the service.
    const runtime = await mountScripted(codeMode)
    expectSuccess(
      await tools.execute(
        runCode(
          runtime.program(() => 'done'),
          { agent: agent.agent },
        ),
      ),
    )
    expect(
      approval.requests.map((request) => request.toolName),
      'the ask of the uncollapsed run_code call',
    ).toEqual(['run_code'])
  },
  { deployment: CODE, needs: ['approval', 'scopes'] },
)

check(
  'CM-03',
  'under code a name that is not visible at all ends as UNKNOWN_TOOL',
  async ({ tools, harness }) => {
    const trace = traceStages(harness)
    const result = await tools.execute(call('nowhere'))
    expectCode(result, 'UNKNOWN_TOOL')
    // Before or after tools/pre-execute is open (OP-10): upstream's ordinary path is VIS-25's.
    incidental('VIS-25', () => expect(trace, 'the ordinary unknown-tool path through tools/pre-execute').toContain('pre:nowhere'))
  },
  { deployment: CODE },
)

check(
  'CM-40',
  'under both a model-direct call runs the whole pipeline',
  async ({ tools, harness }) => {
    const probe = probeTool('echo')
    tools.register(probe.definition)
    const trace = traceStages(harness)
    const result = await tools.execute(call('echo'))
    expectSuccess(result)
    expect(probe.bodyCalls).toBe(1)
    expect(trace).toEqual(['pre:echo', 'execute:echo', 'post:echo', 'result:echo'])
  },
  { deployment: BOTH },
)

check(
  'CM-03',
  'under code a model-direct run_code call is not collapsed',
  async ({ tools, codeMode }) => {
    const runtime = await mountScripted(codeMode)
    const result = await tools.execute(runCode(runtime.program(() => 'done')))
    expectSuccess(result)
    expect(runtime.requests).toHaveLength(1)
  },
  { deployment: CODE },
)

check(
  'CM-04',
  'in a native deployment only the scope that declared code collapses; its sibling and the global context run natively',
  async ({ tools, scope, presentAs }) => {
    tools.register(probeTool('echo').definition)
    const coded = await scope()
    const sibling = await scope()
    presentAs(coded, 'code')
    expectCode(await tools.execute(call('echo', {}, { agent: coded.agent })), 'UNKNOWN_TOOL')
    expectSuccess(await tools.execute(call('echo', {}, { agent: sibling.agent })))
    expectSuccess(await tools.execute(call('echo')))
  },
)

check(
  'CM-04',
  'in a code deployment a scope that declared native does not collapse, the others do',
  async ({ tools, scope, presentAs }) => {
    tools.register(probeTool('echo').definition)
    const native = await scope()
    const other = await scope()
    presentAs(native, 'native')
    expectSuccess(await tools.execute(call('echo', {}, { agent: native.agent })))
    expectCode(await tools.execute(call('echo', {}, { agent: other.agent })), 'UNKNOWN_TOOL')
    expectCode(await tools.execute(call('echo')), 'UNKNOWN_TOOL')
  },
  { deployment: CODE },
)

check(
  ['CM-04', 'PRES-08'],
  "a code declaration on a parent scope collapses its child, not the parent's sibling",
  async ({ tools, scope, presentAs }) => {
    tools.register(probeTool('echo').definition)
    const preset = await scope()
    const child = await scope(preset)
    const sibling = await scope()
    presentAs(preset, 'code')
    expectCode(await tools.execute(call('echo', {}, { agent: child.agent })), 'UNKNOWN_TOOL')
    expect(tools.get('run_code', child.agent)).toBeDefined()
    expectSuccess(await tools.execute(call('echo', {}, { agent: sibling.agent })))
    expect(tools.get('run_code', sibling.agent)).toBeUndefined()
  },
  { needs: ['scopeParents'] },
)

// ---------------------------------------------------------------- the run_code definition

check(
  'CM-05',
  'run_code projects required string parameters code and description',
  ({ tools }) => {
    const schema = tools.schemas().find((s) => s.name === 'run_code')
    expect(schema).toBeDefined()
    const parameters = schema?.parameters as { type?: string; properties?: Record<string, { type?: string }>; required?: string[] }
    expect(parameters.type).toBe('object')
    expect(parameters.properties?.code?.type).toBe('string')
    expect(parameters.properties?.description?.type).toBe('string')
    expect([...(parameters.required ?? [])].sort()).toEqual(['code', 'description'])
  },
  { deployment: CODE },
)

check(
  'CM-05',
  'arguments of the wrong shape fail as INVALID_ARGS and the runtime is not asked to run',
  async ({ tools, codeMode }) => {
    const runtime = await mountScripted(codeMode)
    const program = runtime.program(() => 1)
    expectCode(await tools.execute(call('run_code', { code: 1, description: 'x' })), 'INVALID_ARGS')
    expectCode(await tools.execute(call('run_code', { code: program })), 'INVALID_ARGS')
    expectCode(await tools.execute(call('run_code', { description: 'x' })), 'INVALID_ARGS')
    expect(runtime.requests).toHaveLength(0)
  },
  { deployment: CODE },
)

check(
  'CM-05',
  'the value is { logs, result }, result absent for undefined and present for null',
  async ({ tools, codeMode }) => {
    const runtime = await mountScripted(codeMode)
    const withValue = await tools.execute(
      runCode(
        runtime.program(({ log }) => {
          log('one')
          log('two')
          return { a: [1, 'x'] }
        }),
      ),
    )
    expectSuccess(withValue)
    expect(withValue.isError ? undefined : withValue.value).toEqual({ logs: ['one', 'two'], result: { a: [1, 'x'] } })
    const nothing = await tools.execute(runCode(runtime.program(() => undefined)))
    expectSuccess(nothing)
    const empty = nothing.isError ? undefined : (nothing.value as Record<string, unknown>)
    expect(empty).toEqual({ logs: [] })
    expect($Object.hasOwn(empty ?? {}, 'result'), 'no result key for undefined').toBe(false)
    const nulled = await tools.execute(runCode(runtime.program(() => null)))
    expect(nulled.isError ? undefined : nulled.value).toEqual({ logs: [], result: null })
  },
  { deployment: CODE },
)

check(
  ['CM-06', 'CM-31'],
  'an empty or whitespace-only description fails before the runtime runs',
  async ({ tools, codeMode }) => {
    const runtime = await mountScripted(codeMode)
    const program = runtime.program(() => 1)
    const messages: (string | undefined)[] = []
    for (const description of ['', '   ', '\n\t ']) {
      const result = await tools.execute(runCode(program, {}, description))
      expect(result.isError, $JSON.stringify(description)).toBe(true)
      messages.push(result.error?.message)
    }
    expect(runtime.requests).toHaveLength(0)
    forRules('CM-31', () => {
      for (const message of messages) expect(message).toBe('invalid description: expected a non-empty string')
    })
  },
  { deployment: CODE },
)

// CM-07: the seed says only that tool and listener failures resolve as results; which failure each fault gives is
// not the seeds' (a runtime's failed run is CM-09's, no runtime mounted CM-55's), nor whether a runtime's own
// exception is a failure of run_code at all.
check(
  'CM-07',
  'run_code resolves a failure, never a rejection, when its runtime or a listener on its call throws',
  async ({ tools, harness, codeMode }) => {
    const unmounted = await tools.execute(runCode('return 1'))
    if (unmounted.isError) expect('value' in unmounted, 'a failure with no runtime mounted carries no value').toBe(false)
    const throwing: CodeRuntime = {
      language: 'typescript',
      run: () => Promise.reject(new Error('the runtime itself broke')),
    }
    await codeMode.setRuntime(throwing)
    // The seeds never mention a runtime: its exception may fail run_code or be reported in run_code's result. Either way
    // the call resolves (awaiting it throws on a rejection), and a failure carries no value.
    const broken = await tools.execute(runCode('anything'))
    if (broken.isError) expect('value' in broken, 'a failure when the runtime throws').toBe(false)
    // A working runtime from here on, so that only the throwing listener can fail the call.
    const working = await mountScripted(codeMode)
    const program = working.program(() => 1)
    harness.on('tools/pre-execute', (exec, next) => {
      if (exec.callId === 'listened' && exec.name === 'run_code') throw new Error('pre-execute broke')
      return next()
    })
    const denied = await tools.execute(runCode(program, { callId: 'listened' }))
    expect(denied.isError, 'a throwing tools/pre-execute listener').toBe(true)
    expect('value' in denied).toBe(false)
    harness.on('tools/execute', (exec, next) => {
      if (exec.callId === 'wrapped' && exec.name === 'run_code') throw new Error('wrapper broke')
      return next()
    })
    const wrapped = await tools.execute(runCode(program, { callId: 'wrapped' }))
    expect(wrapped.isError, 'a throwing tools/execute wrapper').toBe(true)
    expect('value' in wrapped).toBe(false)
  },
  { deployment: CODE },
)

// CM-55: the seeds never mention a code runtime, so not what run_code does without one (OP-72).
check(
  ['CM-55', 'CM-31'],
  'with no runtime mounted run_code resolves a plain failure',
  async ({ tools }) => {
    const result = await tools.execute(runCode('return 1'))
    expect(result.isError).toBe(true)
    expect('value' in result).toBe(false)
    // That it carries no info is checked by the next test (CM-55 alone), so a coded failure (OP-72) fails CM-55 only.
    forRules('CM-31', () => expect(result.error?.message).toContain('requires a code runtime'))
  },
  { deployment: CODE },
)

check(
  'CM-55',
  'unmounting the runtime makes run_code fail again',
  async ({ tools, codeMode }) => {
    const runtime = await mountScripted(codeMode)
    const program = runtime.program(() => 1)
    expectSuccess(await tools.execute(runCode(program)))
    await codeMode.setRuntime(undefined)
    const result = await tools.execute(runCode(program))
    expect(result.isError).toBe(true)
    expect('value' in result).toBe(false)
    expect(result.error !== undefined && 'info' in result.error, 'a plain failure carries no info').toBe(false)
    expect(runtime.requests).toHaveLength(1)
  },
  { deployment: CODE },
)

check(
  'CM-08',
  'renders logs then the result: strings raw, other values as two-space JSON, a placeholder for nothing',
  async ({ tools, codeMode }) => {
    const runtime = await mountScripted(codeMode)
    const cases: [unknown, string[], string][] = [
      ['plain text', ['a', 'b'], 'a\nb\nplain text'],
      [{ x: [1, { y: null }] }, [], $JSON.stringify({ x: [1, { y: null }] }, null, 2)],
      [null, ['log'], 'log\nnull'],
      [undefined, ['only logs'], 'only logs'],
      [undefined, [], '(run_code completed with no output)'],
      ['', [], '(run_code completed with no output)'],
      // Empty containers stay on one line; below 10 characters of indentation the rest is compact.
      [
        { empty: {}, none: [], deep: { a: { b: { c: { d: { e: { f: [1, { g: true }] } } } } } } },
        [],
        '{\n  "empty": {},\n  "none": [],\n  "deep": {\n    "a": {\n      "b": {\n        "c": {\n          "d": {"e":{"f":[1,{"g":true}]}}\n        }\n      }\n    }\n  }\n}',
      ],
    ]
    for (const [value, logs, expected] of cases) {
      const result = await tools.execute(
        runCode(
          runtime.program(({ log }) => {
            for (const line of logs) log(line)
            return value
          }),
        ),
      )
      expect(result.content, $JSON.stringify({ value, logs })).toEqual([text(expected)])
    }
  },
  { deployment: CODE },
)

check(
  ['CM-09', 'CM-32'],
  'a failed run is CODE_RUN_FAILED carrying the kind, the message and the captured output',
  async ({ tools, codeMode }) => {
    const runtime = await mountScripted(codeMode)
    const withLogs = await tools.execute(runCode(runtime.outcome(() => ({ logs: ['first', 'second'], error: { kind: 'timeout', message: 'took too long' } }))))
    expectCode(withLogs, 'CODE_RUN_FAILED')
    const message = withLogs.error?.message ?? ''
    for (const part of ['timeout', 'took too long', 'first', 'second']) expect(message).toContain(part)
    const bare = await tools.execute(runCode(runtime.outcome(() => ({ logs: [], error: { kind: 'exception', message: 'boom' } }))))
    expectCode(bare, 'CODE_RUN_FAILED')
    expect(bare.error?.message).toContain('exception')
    expect(bare.error?.message).toContain('boom')
    forRules('CM-32', () => {
      expect(withLogs.error?.message).toBe('code run failed (timeout): took too long\nCaptured output:\nfirst\nsecond')
      expect(bare.error?.message).toBe('code run failed (exception): boom')
    })
  },
  { deployment: CODE },
)

check(
  'CM-09',
  'a program that throws is CODE_RUN_FAILED',
  async ({ tools, codeMode }) => {
    const runtime = await mountScripted(codeMode)
    const result = await tools.execute(
      runCode(
        runtime.program(() => {
          throw new Error('the program broke')
        }),
      ),
    )
    expectCode(result, 'CODE_RUN_FAILED')
    expect(result.error?.message).toContain('the program broke')
  },
  { deployment: CODE },
)

check(
  'CM-10',
  'run_code presents the call as a generic execute card and has no result presenter',
  ({ tools }) => {
    const transport = tools.get('run_code')
    expect(transport?.presentCall?.({ code: 'the program', description: 'what it does' })).toEqual({
      card: 'generic',
      title: 'what it does',
      kind: 'execute',
      rawInput: 'the program',
    })
    expect(transport?.presentResult).toBeUndefined()
  },
  { deployment: CODE },
)

for (const deployment of [CODE, BOTH]) {
  check(
    'CM-11',
    `programs cannot reach run_code under ${deployment.mode}`,
    async ({ tools, codeMode }) => {
      tools.register(probeTool('echo').definition)
      const runtime = await mountScripted(codeMode)
      const result = await tools.execute(
        runCode(
          runtime.program(({ tools: bound }) => ({
            own: $Object.hasOwn(bound, 'run_code'),
            reached: typeof (bound as Record<string, unknown>).run_code,
          })),
        ),
      )
      expectSuccess(result)
      expect(result.isError ? undefined : result.value).toEqual({ logs: [], result: { own: false, reached: 'undefined' } })
      for (const namespace of runtime.requests[0]?.bindings ?? []) {
        expect($Object.hasOwn(namespace.functions, 'run_code'), namespace.global).toBe(false)
        expect((namespace.functions as Record<string, unknown>).run_code, namespace.global).toBeUndefined()
      }
    },
    { deployment },
  )
}

// ---------------------------------------------------------------- bindings

check(
  ['CM-12', 'CM-33'],
  "the runtime gets the program, a null-prototype tools namespace of the calling agent's view, and a signal",
  async ({ tools, scope, codeMode }) => {
    tools.register(probeTool('echo').definition)
    tools.register(probeTool('hidden').definition)
    tools.register(probeTool('__proto__', { body: () => 'proto ran' }).definition)
    const agent = await scope()
    agent.tools.restrict({ deny: ['hidden'] })
    agent.tools.register(probeTool('local').definition)
    const runtime = await mountScripted(codeMode)
    // biome-ignore lint/suspicious/noProto: the program calls the tool registered as `__proto__`, not the prototype accessor.
    const program = runtime.program(async ({ tools: bound }) => bound.__proto__?.({}))
    const result = await tools.execute(runCode(program, { agent: agent.agent }))
    expectSuccess(result)
    expect(result.isError ? undefined : result.value).toEqual({ logs: [], result: 'proto ran' })
    const request = runtime.requests[0] as CodeRunRequest
    expect(request.program).toBe(program)
    expect(request.signal).toBeInstanceOf(AbortSignal)
    const namespaces = request.bindings.filter((binding) => binding.global === 'tools')
    expect(namespaces).toHaveLength(1)
    const functions = namespaces[0]!.functions
    expect($Object.getPrototypeOf(functions)).toBeNull()
    const expected = names(tools.schemas(agent.agent))
      .filter((name) => name !== 'run_code')
      .sort()
    expect($Object.keys(functions).sort()).toEqual(expected)
    expect(expected).toEqual(['__proto__', 'echo', 'local'].sort())
    for (const name of expected) {
      expect($Object.getOwnPropertyDescriptor(functions, name)?.enumerable, name).toBe(true)
      expect(typeof functions[name], name).toBe('function')
    }
    forRules('CM-33', () => expect(namespaces[0]!.errorClass).toEqual({ name: 'ToolCallError', memberNameProperty: 'toolName' }))
  },
  { deployment: CODE },
)

check(
  'CM-12',
  "the global context's program sees the global view",
  async ({ tools, codeMode }) => {
    tools.register(probeTool('b').definition)
    tools.register(probeTool('a').definition)
    const runtime = await mountScripted(codeMode)
    expectSuccess(await tools.execute(runCode(runtime.program(() => 1))))
    const functions = runtime.requests[0]?.bindings.find((binding) => binding.global === 'tools')?.functions ?? {}
    expect($Object.keys(functions).sort()).toEqual(['a', 'b'])
  },
  { deployment: CODE },
)

/**
 * Runs a program that calls `echo` with each of `bad` and then once with
 * `{ fine: true }`, and checks what every such run must show: each bad call
 * rejected inside the program before dispatch, and the good call, numbered
 * 1, the only one with stages, a body run and records. Returns the messages.
 */
async function rejectedBeforeDispatch(t: CheckContext, bad: readonly unknown[]): Promise<(string | undefined)[]> {
  const probe = probeTool('echo')
  t.tools.register(probe.definition)
  const agent = await t.scope()
  const trace = traceStages(t.harness)
  const subCalls: string[] = []
  t.harness.on('tools/pre-execute', (exec, next) => {
    if (exec.name === 'echo') subCalls.push(String(exec.callId))
    return next()
  })
  const runtime = await mountScripted(t.codeMode)
  const messages: (string | undefined)[] = []
  const program = runtime.program(async ({ tools: bound }) => {
    const echo = bound.echo as CodeBindingFunction
    for (const args of bad) messages.push(await rejection(echo(args)))
    await echo({ fine: true })
    return null
  })
  expectSuccess(await t.tools.execute(runCode(program, { agent: agent.agent, callId: 'outer' })))
  expect(messages).toHaveLength(bad.length)
  expect(probe.bodyCalls).toBe(1)
  expect(probe.bodyArgs).toEqual([{ fine: true }])
  expect(subCalls, 'only the accepted call reaches tools/pre-execute').toHaveLength(1)
  expect(
    trace.filter((entry) => entry.endsWith(':echo') && !entry.startsWith('result:')),
    'no policy stage sees a refused call',
  ).toEqual(['pre:echo', 'execute:echo', 'post:echo'])
  // How the refusal reaches the program, numbering and records are open (OP-67): upstream's reading is CM-46's.
  // The first number is OP-62's (CM-41 pins 1) and what the settle record carries OP-66's (CM-44 pins the start
  // fields): whichever they are, the accepted call takes the first number and the only records.
  incidental('CM-46', () => {
    for (const message of messages) expect(typeof message, 'each bad call rejects').toBe('string')
    expect(subCalls, 'the accepted call is the first numbered one').toHaveLength(1)
    expect(subCalls[0], 'the accepted call is the first numbered one').toMatch(/^outer:code:[01]$/)
    expect(trace.filter((entry) => entry.endsWith(':echo'))).toEqual(['pre:echo', 'execute:echo', 'post:echo', 'result:echo'])
    const records = t.codeMode.records()
    expect(records.map((record) => record.type)).toEqual(['tool/code-dispatch-start', 'tool/code-dispatch'])
    expect(records[0]?.data.subCallId, "the start record is the accepted call's").toBe(subCalls[0])
  })
  return messages
}

// CM-52: a binding that hands on the program's argument as it is gets a bigint or a throwing getter refused by
// execute()'s snapshot; one that converts it first is as good a reading of the seeds (OP-73).
check(
  ['CM-52', 'CM-34'],
  'a binding argument no lossless JSON snapshot can carry rejects before dispatch, consumes no sub-call number and logs nothing',
  async (t) => {
    const getterThrows = {
      get broken(): never {
        throw new Error('getter exploded')
      },
    }
    const messages = await rejectedBeforeDispatch(t, [getterThrows, { big: 10n }, 10n])
    forRules('CM-34', () => {
      expect(messages[0]?.startsWith('tool arguments must be lossless JSON')).toBe(true)
      expect(messages[0]).toContain('getter exploded')
      expect(messages[1]?.startsWith('tool arguments must be lossless JSON')).toBe(true)
      expect(messages[2]?.startsWith('tool arguments must be lossless JSON')).toBe(true)
    })
  },
  { deployment: CODE },
)

// CM-52: the seeds do not say how a binding hands the program's argument to execute(); one that normalises it (a JSON
// round trip) or defaults a missing one to {} would not refuse these.
check(
  ['CM-52', 'CM-34'],
  'undefined, a Date or a function as a binding argument, bare or nested, rejects before dispatch and consumes no sub-call number',
  async (t) => {
    const messages = await rejectedBeforeDispatch(t, [undefined, new Date(0), () => 1, { when: new Date(0) }, { callback: () => 1 }])
    forRules('CM-34', () => {
      expect(messages[0]).toBe('tool arguments must be lossless JSON (call the tool with an arguments object, e.g. `{}`)')
      for (const message of messages.slice(1)) expect(message?.startsWith('tool arguments must be lossless JSON')).toBe(true)
    })
  },
  { deployment: CODE },
)

// CM-13: whatever the binding does with the program's argument, what reaches a sub-call's stages and body has
// crossed execute()'s boundary: a frozen lossless-JSON snapshot, not the program's object (how the binding hands
// it on is OP-73's, CM-52's upstream).
check(
  'CM-13',
  "a sub-call's stages and body see only a deep-frozen lossless-JSON snapshot, never the program's object, whatever the program passes",
  async ({ tools, harness, scope, codeMode }) => {
    const probe = probeTool('echo')
    tools.register(probe.definition)
    const agent = await scope()
    const seen: { stage: string; args: unknown }[] = []
    harness.on('tools/pre-execute', (exec, next) => {
      if (exec.name === 'echo') seen.push({ stage: 'tools/pre-execute', args: exec.arguments })
      return next()
    })
    let guardSawRun = false
    tools.guard((exec) => {
      if (exec.name === 'echo') seen.push({ stage: 'guard', args: exec.arguments })
      if (exec.name === 'run_code') guardSawRun = true
      return undefined
    })
    harness.on('tools/execute', (exec, next) => {
      if (exec.name === 'echo') seen.push({ stage: 'tools/execute', args: exec.arguments })
      return next()
    })
    const getterThrows = {
      get broken(): never {
        throw new Error('getter exploded')
      },
    }
    const accepted = { nested: { list: [1, 2] } }
    const passed: readonly unknown[] = [getterThrows, { big: 10n }, 10n, accepted]
    const runtime = await mountScripted(codeMode)
    const program = runtime.program(async ({ tools: bound }) => {
      for (const args of passed) await rejection((bound.echo as CodeBindingFunction)(args))
      return null
    })
    await tools.execute(runCode(program, { agent: agent.agent }))
    // The means: the guard is consulted at all (GRD-08's), as the run_code call itself shows.
    precondition('GRD-08', () => expect(guardSawRun, 'the guard judged the run_code call (GRD-08)').toBe(true))
    precondition('CM-15', () => expect(probe.bodyCalls, 'the lossless-JSON argument reaches the body').toBeGreaterThan(0))
    precondition('CM-15', () => {
      for (const stage of ['tools/pre-execute', 'guard', 'tools/execute'])
        expect(
          seen.some((s) => s.stage === stage),
          `the accepted sub-call meets ${stage}`,
        ).toBe(true)
    })
    for (const args of probe.bodyArgs) seen.push({ stage: 'body', args })
    for (const { stage, args } of seen) {
      expect(passed.includes(args), `${stage} sees a snapshot, not the program's object`).toBe(false)
      expectArgumentsDeepFrozen(args, stage)
      expect(isLosslessJson(args), `${stage} sees lossless JSON`).toBe(true)
    }
  },
  { deployment: CODE },
)

// CM-52: a binding hands the program's argument on as it is (OP-73); the start record's copy is CM-46's.
check(
  ['CM-52', 'CM-46'],
  "the tool and the start record get equal, separate copies of the program's argument",
  async ({ tools, scope, codeMode }) => {
    const probe = probeTool('echo')
    tools.register(probe.definition)
    const agent = await scope()
    const runtime = await mountScripted(codeMode)
    const argument = { nested: { list: [1, 2] } }
    const program = runtime.program(async ({ tools: bound }) => {
      await bound.echo?.(argument)
      return null
    })
    expectSuccess(await tools.execute(runCode(program, { agent: agent.agent })))
    const received = probe.bodyArgs[0]
    const start = codeMode.records().find((record) => record.type === 'tool/code-dispatch-start')
    expect(received).toEqual({ nested: { list: [1, 2] } })
    forRules('CM-46', () => {
      expect(start?.data.arguments).toEqual({ nested: { list: [1, 2] } })
      expect(start?.data.arguments).not.toBe(received)
    })
  },
  { deployment: CODE },
)

check(
  'CM-14',
  'sub-calls carry <callId>:code:<n>, the outer root, agent and token, and the run signal',
  async ({ tools, harness, scope, codeMode }) => {
    tools.register(probeTool('echo').definition)
    const agent = await scope()
    const subs: ToolExecution[] = []
    let outerToken: symbol | undefined
    harness.on('tools/pre-execute', (exec, next) => {
      if (exec.name === 'echo') subs.push(exec)
      if (exec.name === 'run_code') outerToken = exec.token
      return next()
    })
    const runtime = await mountScripted(codeMode)
    const program = runtime.program(async ({ tools: bound }) => {
      await bound.echo?.({ n: 1 })
      await bound.echo?.({ n: 2 })
      return null
    })
    const outer = new AbortController()
    expectSuccess(await tools.execute(runCode(program, { agent: agent.agent, callId: 'outer-7', rootCallId: 'root-3', signal: outer.signal })))
    const ids = subs.map((exec) => String(exec.callId))
    expect(ids).toHaveLength(2)
    for (const id of ids) expect(id, 'the sub-call id has the form <outer callId>:code:<n>').toMatch(/^outer-7:code:\d+$/)
    expect(new Set(ids).size, 'n tells the sub-calls apart').toBe(2)
    expect(outerToken).toBeDefined()
    for (const exec of subs) {
      expect(exec.rootCallId).toBe('root-3')
      expect(exec.parent).toBe(outerToken)
    }
    expect(outer.signal.aborted, "the caller's own signal is left alone").toBe(false)
    incidental('CM-41', () => {
      expect(ids, 'n counts from 1').toEqual(['outer-7:code:1', 'outer-7:code:2'])
      for (const exec of subs) {
        expect(exec.agent, 'the outer agent').toBe(agent.agent)
        expect(exec.signal, "the run's signal, not the caller's").not.toBe(outer.signal)
        expect(exec.signal.aborted, 'the run signal is aborted once the run settled').toBe(true)
      }
    })
  },
  { deployment: CODE },
)

check(
  'CM-41',
  'each run numbers its own sub-calls from 1',
  async ({ tools, harness, codeMode }) => {
    tools.register(probeTool('echo').definition)
    const ids: string[] = []
    harness.on('tools/pre-execute', (exec, next) => {
      if (exec.name === 'echo') ids.push(String(exec.callId))
      return next()
    })
    const runtime = await mountScripted(codeMode)
    const program = runtime.program(async ({ tools: bound }) => {
      await bound.echo?.({})
      await bound.echo?.({})
      return null
    })
    expectSuccess(await tools.execute(runCode(program, { callId: 'first' })))
    expectSuccess(await tools.execute(runCode(program, { callId: 'second' })))
    expect(ids).toEqual(['first:code:1', 'first:code:2', 'second:code:1', 'second:code:2'])
  },
  { deployment: CODE },
)

check(
  'CM-14',
  "without an explicit root the sub-calls' root is the outer execution's, and without an agent they have none",
  async ({ tools, harness, codeMode }) => {
    tools.register(probeTool('echo').definition)
    const subs: ToolExecution[] = []
    let outerRoot: unknown
    harness.on('tools/pre-execute', (exec, next) => {
      if (exec.name === 'echo') subs.push(exec)
      if (exec.name === 'run_code') outerRoot = exec.rootCallId
      return next()
    })
    const runtime = await mountScripted(codeMode)
    expectSuccess(
      await tools.execute(
        runCode(
          runtime.program(async ({ tools: bound }) => bound.echo?.({})),
          { callId: 'solo' },
        ),
      ),
    )
    expect(subs).toHaveLength(1)
    expect(String(subs[0]?.callId)).toMatch(/^solo:code:\d+$/)
    expect(subs[0]?.rootCallId, "the outer execution's rootCallId").toBe(outerRoot)
    incidental('CM-41', () => {
      expect(subs[0]?.callId).toBe('solo:code:1')
      expect(subs[0]?.rootCallId, 'a root execution is its own root').toBe('solo')
      expect(subs[0]?.agent).toBeUndefined()
    })
  },
  { deployment: CODE },
)

check(
  ['CM-14', 'CM-15'],
  "a sub-call runs in the outer agent's scope and under the outer root, as its scoped guard and tools/result see it",
  async ({ tools, harness, scope, codeMode }) => {
    const agent = await scope()
    const local = probeTool('local')
    agent.tools.register(local.definition)
    const guarded: { agent: unknown; rootCallId: unknown; parent: unknown }[] = []
    const consulted: string[] = []
    agent.tools.guard((exec) => {
      consulted.push(exec.name)
      if (exec.name === 'local') guarded.push({ agent: exec.agent, rootCallId: exec.rootCallId, parent: exec.parent })
      return undefined
    })
    const observed = new Map<string, { agent: unknown; rootCallId: unknown; token: unknown; parent: unknown }>()
    harness.on(
      'tools/result',
      (exec) => void observed.set(String(exec.name), { agent: exec.agent, rootCallId: exec.rootCallId, token: exec.token, parent: exec.parent }),
    )
    const runtime = await mountScripted(codeMode)

    const result = await tools.execute(
      runCode(
        runtime.program(async ({ tools: bound }) => bound.local!({})),
        { agent: agent.agent, callId: 'child-call', rootCallId: 'the-root' },
      ),
    )

    // The means: the agent's scoped guard judges the agent's own call, run_code itself (GRD-04's).
    precondition('GRD-04', () => expect(consulted, "the agent's scoped guard saw its run_code call (GRD-04)").toContain('run_code'))
    expectSuccess(result)
    expect(local.bodyCalls, 'the scope-local tool ran for the sub-call').toBe(1)
    expect(guarded, "the agent's scoped guard saw the sub-call with the outer agent and root").toEqual([
      { agent: agent.agent, rootCallId: 'the-root', parent: observed.get('run_code')?.token },
    ])
    expect(observed.get('local')?.agent, 'tools/result sees the outer agent').toBe(agent.agent)
    expect(observed.get('local')?.rootCallId, 'tools/result sees the outer root, not the outer call id').toBe('the-root')
  },
  { deployment: CODE },
)

// ---------------------------------------------------------------- the pipeline per sub-call

check(
  'CM-15',
  'a sub-call runs pre-execute, guards, wrappers, body, post-execute, finalizeContent and tools/result',
  async ({ tools, harness, codeMode }) => {
    const probe = probeTool('echo', { countFinalize: true })
    tools.register(probe.definition)
    const guarded: string[] = []
    tools.guard((exec) => {
      guarded.push(exec.name)
      return undefined
    })
    const trace = traceStages(harness)
    const runtime = await mountScripted(codeMode)
    expectSuccess(await tools.execute(runCode(runtime.program(async ({ tools: bound }) => bound.echo?.({})))))
    // The means: the guard judges the outer call, run_code itself (GRD-08's).
    expectGuardConsulted(guarded.filter((name) => name === 'run_code').length)
    const echo = trace.filter((entry) => entry.endsWith(':echo'))
    expect(echo).toEqual(['pre:echo', 'execute:echo', 'post:echo', 'result:echo'])
    expect(guarded).toContain('echo')
    expect(probe.bodyCalls).toBe(1)
    expect(probe.finalizeCalls).toHaveLength(1)
    expect(at(trace, 'result:echo')).toBeLessThan(at(trace, 'result:run_code'))
  },
  { deployment: CODE },
)

check(
  'CM-15',
  "an agent's scoped listeners, guards and observers see that agent's sub-calls, and another agent's see none",
  async ({ tools, scope, codeMode }) => {
    tools.register(probeTool('echo').definition)
    const mine = await scope()
    const other = await scope()
    /** `<stage>:<name>` for every call a scope's listeners and observer receive, with `guard:<name>` for its guard. */
    const listen = (s: ScopeHandle): string[] => {
      const seen: string[] = traceStages(s)
      s.tools.guard((exec) => {
        seen.push(`guard:${exec.name}`)
        return undefined
      })
      return seen
    }
    const seenByMine = listen(mine)
    const seenByOther = listen(other)
    const runtime = await mountScripted(codeMode)

    expectSuccess(
      await tools.execute(
        runCode(
          runtime.program(async ({ tools: bound }) => bound.echo?.({})),
          { agent: mine.agent },
        ),
      ),
    )

    // The means: for the agent's own call, run_code itself, its scoped listeners and guard hear it (VIS-18's, GRD-04's)
    // in pipeline order (GRD-02's), and another agent's hear nothing (VIS-18's, GRD-04's).
    const outer = (seen: readonly string[]): string[] => seen.filter((entry) => entry.endsWith(':run_code'))
    const guards = (seen: readonly string[]): string[] => seen.filter((entry) => entry.startsWith('guard:'))
    const listeners = (seen: readonly string[]): string[] => seen.filter((entry) => !entry.startsWith('guard:'))
    precondition('GRD-04', () => expect(guards(outer(seenByOther)), "another agent's guard does not judge the call").toEqual([]))
    precondition('VIS-18', () => expect(listeners(outer(seenByOther)), "another agent's listeners do not hear the call").toEqual([]))
    precondition('GRD-04', () => expect(guards(outer(seenByMine)), "the agent's guard judges its call").toEqual(['guard:run_code']))
    precondition('VIS-18', () =>
      expect(listeners(outer(seenByMine)), "the agent's listeners hear its call").toEqual([
        'pre:run_code',
        'execute:run_code',
        'post:run_code',
        'result:run_code',
      ]),
    )
    precondition('GRD-02', () =>
      expect(outer(seenByMine), 'the guard runs after pre-execute').toEqual([
        'pre:run_code',
        'guard:run_code',
        'execute:run_code',
        'post:run_code',
        'result:run_code',
      ]),
    )
    expect(
      seenByMine.filter((entry) => entry.endsWith(':echo')),
      "the agent's own stages for its sub-call",
    ).toEqual(['pre:echo', 'guard:echo', 'execute:echo', 'post:echo', 'result:echo'])
    expect(seenByOther, "another agent's listeners see neither the program nor its sub-call").toEqual([])
  },
  { deployment: CODE, needs: ['scopes'] },
)

check(
  ['CM-15', 'CM-18'],
  'a guard refusal and a throwing pre-execute listener settle the sub-call as a rejection without running the body',
  async ({ tools, harness, codeMode }) => {
    const guardedProbe = probeTool('guarded')
    const brokenProbe = probeTool('broken')
    tools.register(guardedProbe.definition)
    tools.register(brokenProbe.definition)
    const consulted: string[] = []
    tools.guard((exec) => (consulted.push(exec.name), exec.name === 'guarded' ? 'guard says no' : undefined))
    harness.on('tools/pre-execute', (exec, next) => {
      if (exec.name === 'broken') throw new Error('listener broke')
      return next()
    })
    const finals = new Map<string, ToolExecutionResult>()
    harness.on('tools/result', (exec, result) => void finals.set(exec.name, result))
    const posted: string[] = []
    harness.on('tools/post-execute', (exec, _result, next) => {
      if (exec.name !== 'run_code') posted.push(exec.name)
      return next()
    })
    const runtime = await mountScripted(codeMode)
    const result = await tools.execute(
      runCode(runtime.program(async ({ tools: bound }) => [await rejection(bound.guarded!({})), await rejection(bound.broken!({}))])),
    )
    // The means: the guard judges the outer call, run_code itself (GRD-08's).
    expectGuardConsulted(consulted.filter((name) => name === 'run_code').length)
    expectSuccess(result)
    expect(guardedProbe.bodyCalls + brokenProbe.bodyCalls).toBe(0)
    // Which of the two reach post-execute is open: upstream's routing is POST-28's (OP-06) and POST-24's.
    expect(
      posted.filter((name) => name !== 'guarded' && name !== 'broken'),
      'only the two sub-calls reach post-execute',
    ).toEqual([])
    incidental('POST-28', () => expect(posted.includes('guarded'), 'a guard denial goes on to post-execute (POST-28)').toBe(true))
    incidental('POST-24', () => expect(posted.includes('broken'), 'a throwing pre-execute listener skips post-execute (POST-24)').toBe(false))
    expect(finals.get('guarded')?.isError).toBe(true)
    expect(finals.get('broken')?.isError).toBe(true)
    expect(result.isError ? undefined : (result.value as { logs: unknown }).logs, 'the program logged nothing').toEqual([])
    // That each binding rejects with its sub-call's final error message is CM-18's.
    forRules('CM-18', () =>
      expect(result.isError ? undefined : result.value).toEqual({
        logs: [],
        result: [finals.get('guarded')?.error?.message, finals.get('broken')?.error?.message],
      }),
    )
  },
  { deployment: CODE },
)

check(
  'CM-16',
  'commits follow submission order when bodies complete out of order; bodies overlap',
  async ({ tools, harness, codeMode }) => {
    const gates = { a: deferred<void>(), b: deferred<void>() }
    const entered = { a: deferred<void>(), b: deferred<void>() }
    for (const name of ['a', 'b'] as const) {
      tools.register(
        probeTool(name, {
          isConcurrencySafe: () => true,
          body: async () => {
            entered[name].resolve()
            await gates[name].promise
            return name
          },
        }).definition,
      )
    }
    const trace = traceStages(harness)
    const runtime = await mountScripted(codeMode)
    const outer = tools.execute(runCode(runtime.program(async ({ tools: bound }) => $Promise.all([bound.a!({}), bound.b!({})]))))
    await entered.a.promise
    await entered.b.promise
    gates.b.resolve()
    await settle()
    await settle()
    expect(trace, 'b commits only after a').not.toContain('post:b')
    gates.a.resolve()
    const result = await outer
    expect(result.isError ? undefined : result.value).toEqual({ logs: [], result: ['a', 'b'] })
    expect(at(trace, 'pre:a')).toBeLessThan(at(trace, 'pre:b'))
    expect(at(trace, 'post:a')).toBeLessThan(at(trace, 'post:b'))
    expect(at(trace, 'result:a')).toBeLessThan(at(trace, 'result:b'))
  },
  { deployment: { mode: 'code', maxParallelSubCalls: 2 } },
)

check(
  'CM-16',
  "a slow pre-execute of one sub-call delays the next sub-call's start",
  async ({ tools, harness, codeMode }) => {
    for (const name of ['a', 'b']) tools.register(probeTool(name, { isConcurrencySafe: () => true }).definition)
    const hold = deferred<void>()
    const inPre = deferred<void>()
    const trace = traceStages(harness)
    harness.on(
      'tools/pre-execute',
      async (exec, next) => {
        if (exec.name === 'a') {
          inPre.resolve()
          await hold.promise
        }
        return next()
      },
      { prepend: true },
    )
    const runtime = await mountScripted(codeMode)
    const outer = tools.execute(runCode(runtime.program(async ({ tools: bound }) => $Promise.all([bound.a!({}), bound.b!({})]))))
    await inPre.promise
    await settle()
    await settle()
    expect(trace, "b starts only after a's pre-execute finished").not.toContain('pre:b')
    hold.resolve()
    expectSuccess(await outer)
    expect(at(trace, 'pre:a')).toBeLessThan(at(trace, 'pre:b'))
  },
  { deployment: { mode: 'code', maxParallelSubCalls: 4 } },
)

check(
  'CM-17',
  'parallel sub-calls overlap up to maxParallelSubCalls',
  async ({ tools, codeMode }) => {
    const gates = [deferred<void>(), deferred<void>(), deferred<void>()]
    const entered = [deferred<void>(), deferred<void>(), deferred<void>()]
    const inBody: number[] = []
    gates.forEach((gate, index) => {
      tools.register(
        probeTool(`p${index}`, {
          isConcurrencySafe: () => true,
          body: async () => {
            inBody.push(index)
            entered[index]!.resolve()
            await gate.promise
            return index
          },
        }).definition,
      )
    })
    const runtime = await mountScripted(codeMode)
    const outer = tools.execute(runCode(runtime.program(async ({ tools: bound }) => $Promise.all([bound.p0!({}), bound.p1!({}), bound.p2!({})]))))
    await entered[0]!.promise
    await entered[1]!.promise
    await settle()
    await settle()
    expect(inBody, 'the third waits for a free slot').toEqual([0, 1])
    gates[0]!.resolve()
    await entered[2]!.promise
    gates[1]!.resolve()
    gates[2]!.resolve()
    const result = await outer
    expect(result.isError ? undefined : result.value).toEqual({ logs: [], result: [0, 1, 2] })
  },
  { deployment: { mode: 'code', maxParallelSubCalls: 2 } },
)

check(
  'CM-17',
  'an exclusive sub-call waits for running ones and holds its barrier through post-execute',
  async ({ tools, harness, codeMode }) => {
    const gateP = deferred<void>()
    const enteredP = deferred<void>()
    const holdPost = deferred<void>()
    const inPost = deferred<void>()
    tools.register(
      probeTool('p', {
        isConcurrencySafe: () => true,
        body: async () => {
          enteredP.resolve()
          await gateP.promise
          return 'p'
        },
      }).definition,
    )
    tools.register(probeTool('x', { body: () => 'x' }).definition)
    tools.register(probeTool('q', { isConcurrencySafe: () => true, body: () => 'q' }).definition)
    const trace = traceStages(harness)
    harness.on(
      'tools/post-execute',
      async (exec, _result, next) => {
        if (exec.name === 'x') {
          inPost.resolve()
          await holdPost.promise
        }
        return next()
      },
      { prepend: true },
    )
    const runtime = await mountScripted(codeMode)
    const outer = tools.execute(runCode(runtime.program(async ({ tools: bound }) => $Promise.all([bound.p!({}), bound.x!({}), bound.q!({})]))))
    await enteredP.promise
    await settle()
    await settle()
    expect(trace, 'x waits for p').not.toContain('execute:x')
    gateP.resolve()
    await inPost.promise
    await settle()
    await settle()
    expect(
      trace.some((entry) => entry.endsWith(':q')),
      "q waits for x's commit",
    ).toBe(false)
    holdPost.resolve()
    const result = await outer
    expect(result.isError ? undefined : result.value).toEqual({ logs: [], result: ['p', 'x', 'q'] })
    expect(at(trace, 'result:x')).toBeLessThan(at(trace, 'pre:q'))
  },
  { deployment: { mode: 'code', maxParallelSubCalls: 4 } },
)

check(
  'CM-17',
  'sub-calls of tools without a classifier never overlap',
  async ({ tools, harness, codeMode }) => {
    const gate = deferred<void>()
    const entered = deferred<void>()
    tools.register(
      probeTool('a', {
        body: async () => {
          entered.resolve()
          await gate.promise
          return 'a'
        },
      }).definition,
    )
    tools.register(probeTool('b', { body: () => 'b' }).definition)
    const trace = traceStages(harness)
    const runtime = await mountScripted(codeMode)
    const outer = tools.execute(runCode(runtime.program(async ({ tools: bound }) => $Promise.all([bound.a!({}), bound.b!({})]))))
    await entered.promise
    await settle()
    await settle()
    expect(trace).not.toContain('execute:b')
    gate.resolve()
    expectSuccess(await outer)
    expect(at(trace, 'result:a')).toBeLessThan(at(trace, 'execute:b'))
  },
  { deployment: { mode: 'code', maxParallelSubCalls: 4 } },
)

check(
  'CM-18',
  'a binding resolves the final value after post-execute, not the content',
  async ({ tools, harness, codeMode }) => {
    tools.register(probeTool('echo', { body: () => ({ from: 'body' }), render: () => [text('rendered content')] }).definition)
    harness.on('tools/post-execute', (exec, _result, next) => (exec.name === 'echo' ? { kind: 'accept', value: { from: 'post' } } : next()))
    const runtime = await mountScripted(codeMode)
    const result = await tools.execute(runCode(runtime.program(async ({ tools: bound }) => bound.echo!({}))))
    expect(result.isError ? undefined : result.value).toEqual({ logs: [], result: { from: 'post' } })
  },
  { deployment: CODE },
)

check(
  'CM-18',
  'a failing sub-call gives the program its final error message and no value, a denial too',
  async ({ tools, harness, codeMode }) => {
    tools.register(
      probeTool('bad', {
        body: () => {
          throw new Error('the tool failed')
        },
      }).definition,
    )
    tools.register(probeTool('denied').definition)
    harness.on('tools/pre-execute', (exec, next) => (exec.name === 'denied' ? { kind: 'deny', reason: 'not today' } : next()))
    const finals = new Map<string, ToolExecutionResult>()
    harness.on('tools/result', (exec, result) => void finals.set(exec.name, result))
    const runtime = await mountScripted(codeMode)
    /** What the program got: how (rejected with an Error, rejected, resolved) and the message or value. */
    const seen = async (binding: CodeBindingFunction): Promise<unknown> => {
      try {
        return { how: 'resolved', got: await binding({}) }
      } catch (error) {
        return error instanceof Error ? { how: 'Error', got: error.message } : { how: 'rejected', got: error }
      }
    }
    const result = await tools.execute(runCode(runtime.program(async ({ tools: bound }) => [await seen(bound.bad!), await seen(bound.denied!)])))
    expect(finals.get('bad')?.isError).toBe(true)
    expect(finals.get('denied')?.isError).toBe(true)
    const got = (result.isError ? [] : (result.value as { result: { how: string; got: unknown }[] }).result) ?? []
    expect(got, 'one outcome per binding call').toHaveLength(2)
    // Rejecting with an Error (upstream, CM-45), rejecting with the message or resolving with it are all open (OP-60).
    for (const [k, name] of ['bad', 'denied'].entries())
      expect(got[k]?.got, `what the program got for ${name} is its final error message`).toBe(finals.get(name)?.error?.message)
    incidental('CM-45', () => {
      expect(
        got.map((x) => x.how),
        'both bindings reject with an Error',
      ).toEqual(['Error', 'Error'])
      expect(got[1]?.got, "a denial's message is its reason").toBe('not today')
    })
  },
  { deployment: CODE },
)

check(
  'CM-45',
  "a failing sub-call's binding rejects with an Error of its final message; a pre-execute denial's with its reason",
  async ({ tools, harness, codeMode }) => {
    tools.register(
      probeTool('bad', {
        body: () => {
          throw new Error('the tool failed')
        },
      }).definition,
    )
    tools.register(probeTool('denied').definition)
    harness.on('tools/pre-execute', (exec, next) => (exec.name === 'denied' ? { kind: 'deny', reason: 'not today' } : next()))
    let final: ToolExecutionResult | undefined
    harness.on('tools/result', (exec, result) => {
      if (exec.name === 'bad') final = result
    })
    const runtime = await mountScripted(codeMode)
    const seen = async (binding: CodeBindingFunction): Promise<unknown> => {
      try {
        await binding({})
        return 'resolved'
      } catch (error) {
        return { isError: error instanceof Error, message: (error as Error).message }
      }
    }
    const result = await tools.execute(runCode(runtime.program(async ({ tools: bound }) => [await seen(bound.bad!), await seen(bound.denied!)])))
    expect(final?.isError).toBe(true)
    expect(result.isError ? undefined : result.value).toEqual({
      logs: [],
      result: [
        { isError: true, message: final?.error?.message },
        { isError: true, message: 'not today' },
      ],
    })
  },
  { deployment: CODE },
)

check(
  ['CM-12', 'CM-15', 'CM-18', 'ERR-12'],
  'a binding whose tool was unregistered after the run started fails as UNKNOWN_TOOL through the ordinary path, without the body',
  async ({ tools, harness, scope, codeMode }) => {
    // The means: a name outside the view resolves rather than rejects (ERR-05's), checked before the run.
    await unknownNameResolvesFirst(tools)
    const probe = probeTool('ephemeral')
    const unregister = tools.register(probe.definition)
    const agent = await scope()
    const trace = traceStages(harness)
    let final: ToolExecutionResult | undefined
    harness.on('tools/result', (exec, result) => {
      if (exec.name === 'ephemeral') final = result
    })
    const runtime = await mountScripted(codeMode)
    let enumerated = false
    const result = await tools.execute(
      runCode(
        runtime.program(async ({ tools: bound }) => {
          const ephemeral = bound.ephemeral
          enumerated = typeof ephemeral === 'function'
          unregister()
          return (await rejection(ephemeral!({}))) ?? 'resolved'
        }),
        { agent: agent.agent, callId: 'outer' },
      ),
    )
    expectSuccess(result)
    expect(enumerated, 'the binding was enumerated at run start').toBe(true)
    expect(probe.bodyCalls, 'the body').toBe(0)
    expect(final, 'the sub-call reached tools/result').toBeDefined()
    expectCode(final!, 'UNKNOWN_TOOL')
    // Whether the name reaches the policy stages before UNKNOWN_TOOL is open (OP-10); upstream's ordinary path is VIS-25's.
    incidental('VIS-25', () =>
      expect(
        trace.filter((entry) => entry.endsWith(':ephemeral')),
        'the ordinary unknown-tool path',
      ).toEqual(['pre:ephemeral', 'execute:ephemeral', 'post:ephemeral', 'result:ephemeral']),
    )
    const message = result.isError ? undefined : (result.value as { result: unknown }).result
    const settled = codeMode.records().find((record) => record.type === 'tool/code-dispatch')
    incidental('CM-44', () => expect(settled?.data.subCallId).toBe('outer:code:1'))
    expect(settled?.type === 'tool/code-dispatch' ? settled.data.isError : undefined).toBe(true)
    // That the binding rejects with the sub-call's final error message is CM-18's (and ERR-12's, below).
    forRules(['CM-18', 'ERR-12'], () => expect(message, 'the binding rejects with the final error message').toBe(final!.error?.message))
    forRules('ERR-12', () => expect(message).toBe('unknown tool "ephemeral"'))
  },
  { deployment: CODE },
)

// ---------------------------------------------------------------- abort and quiescence

/**
 * A run whose program keeps its bindings and returns at once; then a binding is called after run_code settled.
 * Gives the signal the runtime got (and whether it was aborted while the program ran), the late call's rejection
 * and whether the tool's body ran.
 */
async function callAfterSettling({ tools, scope, codeMode }: CheckContext) {
  const probe = probeTool('echo')
  tools.register(probe.definition)
  const agent = await scope()
  const runtime = await mountScripted(codeMode)
  let kept: Readonly<Record<string, CodeBindingFunction>> | undefined
  let signal: AbortSignal | undefined
  let abortedInside: boolean | undefined
  const result = await tools.execute(
    runCode(
      runtime.program(({ tools: bound, signal: runSignal }) => {
        kept = bound
        signal = runSignal
        abortedInside = runSignal?.aborted
        return 'done'
      }),
      { agent: agent.agent },
    ),
  )
  expectSuccess(result)
  const late = await rejection(kept!.echo!({}))
  return { signal, abortedInside, late, bodyCalls: probe.bodyCalls, records: codeMode.records() }
}

check(
  ['CM-47', 'CM-35'],
  'the run signal aborts when the run settles, and a binding called afterwards rejects without dispatching',
  async (t) => {
    const { signal, abortedInside, late, bodyCalls, records } = await callAfterSettling(t)
    expect(abortedInside).toBe(false)
    expect(signal?.aborted).toBe(true)
    expect(late, 'a late binding call rejects').toBeTypeOf('string')
    expect(bodyCalls).toBe(0)
    expect(records).toEqual([])
    forRules('CM-35', () => {
      expect(signal?.reason).toBe('run_code settled')
      expect(late).toBe('run_code run is over (run_code settled); echo not dispatched')
    })
  },
  { deployment: CODE },
)

// CM-47's late binding on its own, whatever becomes of the run signal (OP-68 leaves that open): the reference's other
// side, which hands on the outer signal, refuses it too, so this holds under that side as well.
check(
  'CM-47',
  'a binding called after the run settled rejects without dispatching, whatever signal the run handed out',
  async (t) => {
    const { late, bodyCalls, records } = await callAfterSettling(t)
    expect(late, 'a late binding call rejects').toBeTypeOf('string')
    expect(bodyCalls, 'body calls').toBe(0)
    expect(records, 'no record for the late call').toEqual([])
  },
  { deployment: CODE },
)

check(
  ['CM-47', 'CM-35'],
  'a sub-call still queued when the run settles is abandoned unlogged; the running one is aborted and drained',
  async ({ tools, harness, scope, codeMode }) => {
    const running = abortAwaitingTool('x')
    tools.register(running.definition)
    const queued = probeTool('y')
    tools.register(queued.definition)
    const agent = await scope()
    const trace = traceStages(harness)
    const runtime = await mountScripted(codeMode)
    const outcomes: Promise<string | undefined>[] = []
    const program = runtime.program(async ({ tools: bound }) => {
      outcomes.push(rejection(bound.x!({})))
      outcomes.push(rejection(bound.y!({})))
      await running.entered
      return 'left early'
    })
    const pending = tools.execute(runCode(program, { agent: agent.agent, callId: 'run' }))
    await running.entered
    await settle()
    await settle()
    running.release() // a run that does not abort x when it settles (OP-68) would otherwise drain it for good
    const result = await pending
    expectSuccess(result)
    expect(running.sawAbort(), 'the running sub-call saw the run abort').toBe(true)
    expect(queued.bodyCalls).toBe(0)
    expect(
      trace.some((entry) => entry.endsWith(':y')),
      'no stage for the abandoned call',
    ).toBe(false)
    incidental('CM-20', () => expect(at(trace, 'result:x'), 'the running sub-call is drained first').toBeLessThan(at(trace, 'result:run_code')))
    const abandoned = await outcomes[1]
    expect(abandoned, 'the abandoned binding rejects').toBeTypeOf('string')
    expect(codeMode.records().map((record) => `${record.type}:${record.data.name}`)).toEqual(['tool/code-dispatch-start:x', 'tool/code-dispatch:x'])
    forRules('CM-35', () => expect(abandoned).toBe('run_code run is over (run_code settled); y tool call abandoned'))
  },
  { deployment: CODE },
)

check(
  ['CM-47', 'CM-35'],
  'aborting the outer signal abandons a sub-call queued behind an exclusive one: no stage, no record, no body',
  async ({ tools, harness, codeMode }) => {
    const running = abortAwaitingTool('x')
    tools.register(running.definition)
    const queued = probeTool('y')
    tools.register(queued.definition)
    const trace = traceStages(harness)
    const runtime = await mountScripted(codeMode)
    const controller = new AbortController()
    const outcomes: Promise<string | undefined>[] = []
    const outer = tools.execute(
      runCode(
        runtime.program(async ({ tools: bound }) => {
          outcomes.push(rejection(bound.x!({})))
          outcomes.push(rejection(bound.y!({})))
          await $Promise.all(outcomes)
          return 'late'
        }),
        { signal: controller.signal },
      ),
    )
    await running.entered
    controller.abort(new Error('user cancelled'))
    expect((await outer).isError, "the run fails (its code is CM-21's)").toBe(true)
    const abandoned = await outcomes[1]
    expect(abandoned, 'the queued binding rejects').toBeTypeOf('string')
    expect(queued.bodyCalls).toBe(0)
    expect(trace, 'the trace sees the sub-call that did run').toContain('execute:x')
    expect(
      trace.filter((entry) => entry.endsWith(':y')),
      'no stage for the queued call',
    ).toEqual([])
    expect(
      codeMode.records().filter((record) => record.data.name === 'y'),
      'no record for the queued call',
    ).toEqual([])
    forRules('CM-35', () => expect(abandoned).toMatch(/^run_code run is over \(.*\); y tool call abandoned$/))
  },
  { deployment: CODE },
)

/**
 * Runs a program whose sub-call `x` waits for its signal, aborts the outer
 * signal while `x` is in flight and, once the run settled, answers whether
 * `x` saw the abort, the signal the runtime was handed, and what the
 * program's binding call settled with (a message, when it rejected).
 */
async function abortMidSubCall({ tools, codeMode }: CheckContext) {
  const running = abortAwaitingTool('x')
  tools.register(running.definition)
  const runtime = await mountScripted(codeMode)
  const controller = new AbortController()
  let discarded: string | undefined
  let runSignal: AbortSignal | undefined
  const outer = tools.execute(
    runCode(
      runtime.program(async ({ tools: bound, signal }) => {
        runSignal = signal
        discarded = await rejection(bound.x!({}))
        return 'late'
      }),
      { signal: controller.signal },
    ),
  )
  await running.entered
  expect(runSignal?.aborted, "the runtime's signal before the abort").toBe(false)
  controller.abort(new Error('user cancelled'))
  await outer
  return { sawAbort: running.sawAbort(), runSignal, discarded }
}

// CM-19: the seed asks async work to "observe or forward `exec.signal`": any observable reaction of the work run_code
// owns, or of the run, will do (OP-74); that both signals are aborted is CM-53's, the run's end and late calls CM-47's.
check(
  'CM-19',
  'an outer abort mid-run reaches the work run_code owns in some way, and the run then settles',
  async ({ tools, codeMode }) => {
    const running = abortAwaitingTool('x')
    tools.register(running.definition)
    const later = probeTool('y')
    tools.register(later.definition)
    const runtime = await mountScripted(codeMode)
    const controller = new AbortController()
    let runSignal: AbortSignal | undefined
    let programDone = false
    let doneAtSettlement = false
    const outer = tools
      .execute(
        runCode(
          runtime.program(async ({ tools: bound, signal }) => {
            runSignal = signal
            await rejection(bound.x!({}))
            await rejection(bound.y!({}))
            programDone = true
            return 'late'
          }),
          { signal: controller.signal },
        ),
      )
      .finally(() => {
        doneAtSettlement = programDone
      })
    await running.entered
    controller.abort(new Error('user cancelled'))
    await settle()
    await settle()
    const signalled = running.sawAbort() || runSignal?.aborted === true
    // A registry that observes the abort without aborting x's signal may wait for x: release it.
    running.release()
    // Without the abort, x released, the program goes on to call y and return 'late'. A failure coded ABORTED shows
    // nothing: CAN-07 makes any success returned after the caller aborted one. Another failure does show the abort.
    const result = await outer
    const reactions = {
      signalled,
      laterCallNotRun: later.bodyCalls === 0,
      settledBeforeTheProgramEnded: !doneAtSettlement,
      endedOtherwiseThanAborted: result.isError === true && result.error?.info?.code !== 'ABORTED',
    }
    expect($Object.values(reactions).some(Boolean), `no reaction to the abort: ${$JSON.stringify(reactions)}`).toBe(true)
  },
  { deployment: CODE },
)

// CM-47: a result arriving after the run was aborted is discarded (its message is CM-35's).
check(
  ['CM-47', 'CM-35'],
  'a sub-call result arriving after an outer abort mid-run is discarded',
  async (t) => {
    const { discarded } = await abortMidSubCall(t)
    expect(discarded, 'the program does not get a result from a run that is over').toBeTypeOf('string')
    forRules('CM-35', () => expect(discarded).toMatch(/^run_code run is over \(.*\); x result discarded$/))
  },
  { deployment: CODE },
)

check(
  'CM-53',
  "aborting the outer signal mid-run aborts both the runtime's signal and the in-flight sub-call's",
  async (t) => {
    const { sawAbort, runSignal } = await abortMidSubCall(t)
    expect(sawAbort, 'the in-flight sub-call saw the abort').toBe(true)
    expect(runSignal?.aborted, "the runtime's signal is aborted").toBe(true)
  },
  { deployment: CODE },
)

check(
  'CM-20',
  'run_code waits for a sub-call the program did not await before it settles',
  async ({ tools, harness, scope, codeMode }) => {
    const gate = deferred<void>()
    const entered = deferred<void>()
    tools.register(
      probeTool('slow', {
        body: async () => {
          entered.resolve()
          await gate.promise
          return 'slow'
        },
      }).definition,
    )
    const agent = await scope()
    const trace = traceStages(harness)
    const runtime = await mountScripted(codeMode)
    let settled = false
    const outer = tools
      .execute(
        runCode(
          runtime.program(async ({ tools: bound }) => {
            void bound.slow!({}).catch(() => undefined)
            await entered.promise
            return 'returned'
          }),
          { agent: agent.agent },
        ),
      )
      .finally(() => {
        settled = true
      })
    await entered.promise
    await settle()
    await settle()
    expect(settled, 'run_code is still draining').toBe(false)
    gate.resolve()
    expectSuccess(await outer)
    const records = codeMode.records().length
    expect(at(trace, 'result:slow')).toBeLessThan(at(trace, 'result:run_code'))
    await settle()
    expect(codeMode.records()).toHaveLength(records)
    expect(records).toBe(2)
  },
  { deployment: CODE },
)

check(
  'CM-20',
  'a runtime that rejects after starting a binding still leaves no sub-call stage or record after run_code settles',
  async ({ tools, harness, scope, codeMode }) => {
    const slowTool = abortAwaitingTool('slow')
    tools.register(slowTool.definition)
    const agent = await scope()
    const trace = traceStages(harness)
    const rejecting: CodeRuntime = {
      language: 'typescript',
      async run(request) {
        const slow = request.bindings.find((binding) => binding.global === 'tools')?.functions.slow
        void slow?.({}).catch(() => undefined)
        await slowTool.entered
        throw new Error('the runtime itself broke')
      },
    }
    await codeMode.setRuntime(rejecting)
    const pending = tools.execute(runCode('anything', { agent: agent.agent }))
    await slowTool.entered
    await settle()
    await settle()
    // Whether the run's end aborts the sub-call is open (OP-68, upstream's CM-47): either way it is drained first.
    slowTool.release()
    const result = await pending
    expect(result.isError).toBe(true)
    const records = codeMode.records().length
    const traced = trace.length
    expect(at(trace, 'result:slow')).toBeLessThan(at(trace, 'result:run_code'))
    await settle()
    await settle()
    expect(codeMode.records()).toHaveLength(records)
    expect(records).toBe(2)
    expect(trace).toHaveLength(traced)
  },
  { deployment: CODE },
)

/**
 * Starts run_code whose program fires a sub-call of `slow` and returns once
 * that sub-call is held in a tools/post-execute listener; `hold` releases it.
 */
async function commitHeldInPost({ tools, harness, scope, codeMode }: Pick<CheckContext, 'tools' | 'harness' | 'scope' | 'codeMode'>) {
  tools.register(probeTool('slow', { body: () => 'slow' }).definition)
  const agent = await scope()
  const trace = traceStages(harness)
  const inPost = deferred<void>()
  const hold = deferred<void>()
  const seen: { subSignal?: AbortSignal; final?: ToolExecutionResult; settled: boolean } = { settled: false }
  harness.on(
    'tools/post-execute',
    async (exec, _result, next) => {
      if (exec.name === 'slow') {
        seen.subSignal = exec.signal
        inPost.resolve()
        await hold.promise
      }
      return next()
    },
    { prepend: true },
  )
  harness.on('tools/result', (exec, result) => {
    if (exec.name === 'slow') seen.final = result
  })
  const runtime = await mountScripted(codeMode)
  const outer = tools
    .execute(
      runCode(
        runtime.program(async ({ tools: bound }) => {
          void rejection(bound.slow!({}))
          await inPost.promise
          return 'returned'
        }),
        { agent: agent.agent, callId: 'outer' },
      ),
    )
    .finally(() => {
      seen.settled = true
    })
  await inPost.promise
  await settle()
  await settle()
  return { trace, hold, seen, outer }
}

check(
  'CM-20',
  'run_code waits for a sub-call commit still in post-execute when the program returns',
  async (context) => {
    const { trace, hold, seen, outer } = await commitHeldInPost(context)
    expect(seen.settled, 'run_code is still waiting for the commit').toBe(false)
    expect(trace, 'the commit is still pending').not.toContain('result:slow')
    hold.resolve()
    expectSuccess(await outer)
    expect(at(trace, 'result:slow')).toBeLessThan(at(trace, 'result:run_code'))
    const records = context.codeMode.records().length
    await settle()
    expect(context.codeMode.records(), 'nothing is appended after run_code settled').toHaveLength(records)
  },
  { deployment: CODE },
)

check(
  ['CM-24', 'CAN-08'],
  'a sub-call commit still in post-execute when the program returns gets its settle record, and an abort there is applied after it',
  async (context) => {
    const { codeMode } = context
    const { trace, hold, seen, outer } = await commitHeldInPost(context)
    // The means: run_code drains the commit (CM-20's), so the record and the abort can be judged when it settles.
    precondition('CM-20', () => {
      expect(seen.settled, 'run_code is still waiting for the commit (CM-20)').toBe(false)
      expect(trace, 'the commit is still pending (CM-20)').not.toContain('result:slow')
    })
    const abortedInPost = seen.subSignal?.aborted === true
    hold.resolve()
    expectSuccess(await outer)
    const records = codeMode.records()
    const settleRecords = records.filter((record) => record.type === 'tool/code-dispatch')
    expect(settleRecords, 'the settle record is in when run_code resolves').toHaveLength(1)
    // The start record is CM-23's, the fields of the settle record CM-44's (upstream).
    incidental('CM-23', () =>
      expect(records.map((record) => `${record.type}:${String(record.data.subCallId)}`)).toEqual([
        'tool/code-dispatch-start:outer:code:1',
        'tool/code-dispatch:outer:code:1',
      ]),
    )
    const settleRecord = settleRecords[0]
    const final = seen.final
    expect(final, 'the sub-call reached tools/result').toBeDefined()
    expect(settleRecord?.type === 'tool/code-dispatch' ? settleRecord.data.isError : undefined).toBe(final!.isError)
    expect(settleRecord?.type === 'tool/code-dispatch' ? settleRecord.data.content : undefined).toEqual(final!.content)
    // Whether the run's settlement aborts the sub-call's signal is open (OP-68): upstream's run signal is CM-47's.
    incidental('CM-47', () => expect(abortedInPost, "the run's settlement aborted the sub-call's signal during its post-execute").toBe(true))
    // Where it did, that abort came during post-execute and turns the success into ABORTED.
    if (abortedInPost) forRules('CAN-08', () => expectCode(final!, 'ABORTED'))
  },
  { deployment: CODE },
)

check(
  'CM-21',
  'an outer signal aborted after entry, before the body, is ABORTED_BEFORE_DISPATCH and the runtime never runs',
  async ({ tools, harness, codeMode }) => {
    const runtime = await mountScripted(codeMode)
    const controller = new AbortController()
    // Aborted by the first policy stage: after entry (seed 000 §Cordis API execute), before the body starts.
    harness.on('tools/pre-execute', (exec, next) => {
      if (exec.name === 'run_code') controller.abort(new Error('cancelled before the body'))
      return next()
    })
    const result = await tools.execute(
      runCode(
        runtime.program(() => 1),
        { signal: controller.signal },
      ),
    )
    expectCode(result, 'ABORTED_BEFORE_DISPATCH')
    expect(runtime.requests).toHaveLength(0)
  },
  { deployment: CODE },
)

// CAN-25: what a signal already aborted at entry gets the seeds do not say (they speak of cancellation after entry).
check(
  'CAN-25',
  'an outer signal already aborted at entry is ABORTED_BEFORE_DISPATCH for run_code too, and the runtime never runs',
  async ({ tools, codeMode }) => {
    const runtime = await mountScripted(codeMode)
    const result = await tools.execute(
      runCode(
        runtime.program(() => 1),
        { signal: abortedSignal() },
      ),
    )
    expectCode(result, 'ABORTED_BEFORE_DISPATCH')
    expect(runtime.requests).toHaveLength(0)
  },
  { deployment: CODE, needs: ['codeMode'] },
)

/** Runs a program that goes on to return a value after the outer signal aborted mid-run; answers the outcome. */
async function abortThenReturn({ tools, codeMode }: CheckContext): Promise<ToolExecutionResult> {
  const runtime = await mountScripted(codeMode)
  const running = deferred<void>()
  const finish = deferred<void>()
  const controller = new AbortController()
  const outer = tools.execute(
    runCode(
      runtime.program(async () => {
        running.resolve()
        await finish.promise
        return 'value anyway'
      }),
      { signal: controller.signal },
    ),
  )
  await running.promise
  controller.abort(new Error('cancelled mid-run'))
  finish.resolve()
  return outer
}

// CM-21: the seed replaces "a successful started outcome with `ABORTED`" and lets started work keep a tool-owned
// error, so a run_code that settles with its own error is as correct: ABORTED here is CM-54's.
check(
  'CM-21',
  'an outer signal aborted mid-run ends run_code as a failure even though the program returns a value',
  async (t) => {
    const result = await abortThenReturn(t)
    expect(result.isError, 'a failure').toBe(true)
    expect('value' in result, 'a failure carries no value').toBe(false)
  },
  { deployment: CODE },
)

check(
  'CM-54',
  'an outer signal aborted mid-run is ABORTED even though the program returns a value',
  async (t) => expectCode(await abortThenReturn(t), 'ABORTED'),
  { deployment: CODE },
)

check(
  ['CM-20', 'CM-24'],
  'run_code settles only once every settle record is appended, even behind a slow dispatch-log listener',
  async ({ tools, harness, scope, codeMode }) => {
    tools.register(probeTool('echo').definition)
    const agent = await scope()
    const logged: string[] = []
    harness.on('tools/code-dispatch-log', async (dispatch, next) => {
      logged.push(String(dispatch.subCallId))
      await settle()
      await settle()
      return next()
    })
    const runtime = await mountScripted(codeMode)
    const result = await tools.execute(
      runCode(
        runtime.program(async ({ tools: bound }) => {
          await bound.echo!({})
          await bound.echo!({})
          return 'done'
        }),
        { agent: agent.agent, callId: 'slow-log' },
      ),
    )
    expectSuccess(result)
    // Whether the second call starts before the first settle record lands is not pinned; that both are in is.
    const settled = codeMode.records().filter((record) => record.type === 'tool/code-dispatch')
    expect(settled, 'every settle record is in when run_code resolves').toHaveLength(2)
    expect(new Set(logged).size, 'the slow listener ran for each sub-call').toBe(2)
    incidental('CM-44', () =>
      expect(
        settled.map((record) => record.data.subCallId),
        'the records carry the sub-call ids',
      ).toEqual(['slow-log:code:1', 'slow-log:code:2']),
    )
  },
  { deployment: CODE },
)

// ---------------------------------------------------------------- contexts, images, conclusion

check(
  ['CM-22', 'CM-36'],
  'additional contexts and a conclusion of sub-calls reach the outer result (image content too, upstream)',
  async ({ tools, codeMode }) => {
    // An image among other blocks still counts: the whole content is forwarded.
    const image: ContentBlock[] = [text('a caption'), { type: 'image', data: 'AAAA', mimeType: 'image/png' }]
    const note = { role: 'user' as const, content: 'from the tool' }
    tools.register(probeTool('picture', { render: () => image }).definition)
    tools.register(
      probeTool('noting', {
        body: (_args, exec) => {
          exec.deferContext(note)
          return 'noted'
        },
      }).definition,
    )
    tools.register(
      probeTool('ending', {
        body: (_args, exec) => {
          exec.concludeTurn()
          return 'ended'
        },
      }).definition,
    )
    const runtime = await mountScripted(codeMode)
    const result = await tools.execute(
      runCode(
        runtime.program(async ({ tools: bound }) => {
          await bound.picture!({})
          await bound.noting!({})
          await bound.ending!({})
          return 'all'
        }),
      ),
    )
    expectSuccess(result)
    const contexts = result.additionalContexts ?? []
    expect(contexts, "the sub-call's deferred context is ferried").toContainEqual(note)
    expect(result.isError ? undefined : result.concludesTurn).toBe(true)
    // The image context is upstream's (CM-42, OP-64), and so is the order (CM-43, OP-65).
    incidental('CM-42', () => {
      expect(contexts).toHaveLength(2)
      expect(contexts[0]?.content).toEqual(image)
      expect(contexts[1]).toEqual(note)
    })
    // Only these three fields are pinned: a registry may add its own (upstream gives each message an id).
    forRules('CM-36', () => {
      const { role, content, source } = (contexts[0] ?? {}) as { role?: unknown; content?: unknown; source?: unknown }
      expect({ role, content, source }).toEqual({ role: 'user', content: image, source: { kind: 'plugin', plugin: 'tools-code-mode' } })
    })
  },
  { deployment: CODE },
)

check(
  ['CM-42', 'CM-43'],
  'a sub-call whose image a policy blocked defers no image context; earlier contexts survive a run failure',
  async ({ tools, harness, codeMode }) => {
    const image: ContentBlock[] = [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }]
    const note = { role: 'user' as const, content: 'kept' }
    tools.register(
      probeTool('noting', {
        body: (_args, exec) => {
          exec.deferContext(note)
          return 'noted'
        },
      }).definition,
    )
    tools.register(probeTool('picture', { render: () => image }).definition)
    // The blocked result's own content carries an image too: a failed sub-call defers no image context at all.
    harness.on('tools/post-execute', (exec, _result, next) => (exec.name === 'picture' ? { kind: 'block', feedback: [text('no pictures'), ...image] } : next()))
    const runtime = await mountScripted(codeMode)
    const result = await tools.execute(
      runCode(
        runtime.outcome(async ({ tools: bound }) => {
          await bound.noting!({})
          await rejection(bound.picture!({}))
          return { logs: [], error: { kind: 'exception', message: 'failed after the calls' } }
        }),
      ),
    )
    expect(result.isError, 'the run failed').toBe(true)
    incidental('CM-09', () => expectCode(result, 'CODE_RUN_FAILED'))
    expect(result.additionalContexts).toEqual([note])
  },
  { deployment: CODE },
)

check(
  'CM-42',
  "a post-execute content replacement that removes a sub-call's image defers no image context",
  async ({ tools, harness, codeMode }) => {
    const image: ContentBlock[] = [text('a caption'), { type: 'image', data: 'AAAA', mimeType: 'image/png' }]
    tools.register(probeTool('picture', { render: () => image }).definition)
    harness.on('tools/post-execute', (exec, _result, next) => (exec.name === 'picture' ? { kind: 'accept', content: [text('no picture')] } : next()))
    let final: ToolExecutionResult | undefined
    harness.on('tools/result', (exec, result) => {
      if (exec.name === 'picture') final = result
    })
    const runtime = await mountScripted(codeMode)
    const result = await tools.execute(
      runCode(
        runtime.program(async ({ tools: bound }) => {
          await bound.picture!({})
          return 'done'
        }),
      ),
    )
    expectSuccess(result)
    expect(final?.isError, 'the sub-call succeeded').toBe(false)
    expect(final?.content).toEqual([text('no picture')])
    expect(result.additionalContexts ?? []).toEqual([])
  },
  { deployment: CODE },
)

check(
  'CM-42',
  "a post-execute content replacement that adds an image to a sub-call's content defers that content as an image context",
  async ({ tools, harness, codeMode }) => {
    const replaced: ContentBlock[] = [text('now with a picture'), { type: 'image', data: 'BBBB', mimeType: 'image/png' }]
    tools.register(probeTool('plain', { render: () => [text('plain text')] }).definition)
    harness.on('tools/post-execute', (exec, _result, next) => (exec.name === 'plain' ? { kind: 'accept', content: replaced } : next()))
    const runtime = await mountScripted(codeMode)
    const result = await tools.execute(
      runCode(
        runtime.program(async ({ tools: bound }) => {
          await bound.plain!({})
          return 'done'
        }),
      ),
    )
    expectSuccess(result)
    const contexts = result.additionalContexts ?? []
    expect(contexts).toHaveLength(1)
    expect(contexts[0]?.content).toEqual(replaced)
  },
  { deployment: CODE },
)

const REVERSED = ['first', 'second', 'third'] as const

/**
 * Runs three parallel sub-calls (each deferring `from <name>`) whose bodies complete in reverse submission order, as
 * `agent`'s run_code call `reversed`; returns the outer result, the contents of its contexts and the settle records.
 */
async function reverseCompletion({ tools, scope, codeMode }: CheckContext) {
  const gates = new Map(REVERSED.map((name) => [name, deferred<void>()]))
  const entered = new Map(REVERSED.map((name) => [name, deferred<void>()]))
  for (const name of REVERSED) {
    tools.register(
      probeTool(name, {
        isConcurrencySafe: () => true,
        body: async (_args, exec) => {
          exec.deferContext({ role: 'user', content: `from ${name}` })
          entered.get(name)!.resolve()
          await gates.get(name)!.promise
          return name
        },
      }).definition,
    )
  }
  const agent = await scope()
  const runtime = await mountScripted(codeMode)
  const outer = tools.execute(
    runCode(
      runtime.program(async ({ tools: bound }) => $Promise.all(REVERSED.map((name) => bound[name]!({})))),
      { agent: agent.agent, callId: 'reversed' },
    ),
  )
  for (const name of REVERSED) await entered.get(name)!.promise
  // The last-submitted body lands first, the first-submitted one last.
  for (const name of [...REVERSED].reverse()) {
    gates.get(name)!.resolve()
    await settle()
  }
  const result = await outer
  expectSuccess(result)
  return {
    result,
    contexts: (result.additionalContexts ?? []).map((context) => String(context.content)),
    settled: codeMode.records().filter((record) => record.type === 'tool/code-dispatch'),
  }
}

check(
  ['CM-22', 'CM-24'],
  'when parallel bodies complete in reverse, every context and settle record is there',
  async (context) => {
    const { result, contexts, settled } = await reverseCompletion(context)
    expect(result.isError ? undefined : result.value, 'the program got the values in its own order').toEqual({ logs: [], result: [...REVERSED] })
    // In which order is open (OP-65, OP-66): upstream's submission order is CM-43's and CM-44's.
    expect([...contexts].sort(), 'every context is ferried').toEqual(REVERSED.map((name) => `from ${name}`).sort())
    expect(settled, 'one settle record per sub-call').toHaveLength(REVERSED.length)
    expect(result.isError ? undefined : result.concludesTurn, 'no sub-call concluded the turn').toBeUndefined()
  },
  { deployment: { mode: 'code', maxParallelSubCalls: 3 } },
)

check(
  'CM-43',
  'when parallel bodies complete in reverse, the contexts follow submission order',
  async (context) => {
    const { contexts } = await reverseCompletion(context)
    expect(contexts).toEqual(REVERSED.map((name) => `from ${name}`))
  },
  { deployment: { mode: 'code', maxParallelSubCalls: 3 }, needs: ['scopes'] },
)

check(
  'CM-44',
  'when parallel bodies complete in reverse, the settle records follow submission order, each with the start fields',
  async (context) => {
    const { settled } = await reverseCompletion(context)
    expect(
      settled.map((record) => record.data.name),
      'settle records in submission order',
    ).toEqual([...REVERSED])
    for (const [n, record] of settled.entries()) {
      const { rootCallId, parentCallId, subCallId, name, arguments: args } = record.data
      expect({ rootCallId, parentCallId, subCallId, name, args }, `settle record ${n + 1}`).toEqual({
        rootCallId: 'reversed',
        parentCallId: 'reversed',
        subCallId: `reversed:code:${n + 1}`,
        name: REVERSED[n],
        args: {},
      })
    }
  },
  { deployment: { mode: 'code', maxParallelSubCalls: 3 } },
)

// ---------------------------------------------------------------- durable records

check(
  'CM-23',
  'a start record is appended for each sub-call before its pre-execute, and a settle record once it settles, failures included',
  async ({ tools, harness, scope, codeMode }) => {
    tools.register(probeTool('echo', { render: () => [text('echoed')] }).definition)
    tools.register(
      probeTool('bad', {
        body: () => {
          throw new Error('bad tool')
        },
      }).definition,
    )
    const agent = await scope()
    const startedBeforePre: boolean[] = []
    harness.on('tools/pre-execute', (exec, next) => {
      if (exec.name !== 'run_code') {
        startedBeforePre.push(codeMode.records().some((record) => record.type === 'tool/code-dispatch-start' && record.data.subCallId === exec.callId))
      }
      return next()
    })
    const finals = new Map<string, ToolExecutionResult>()
    harness.on('tools/result', (exec, result) => void finals.set(exec.name, result))
    const runtime = await mountScripted(codeMode)
    const result = await tools.execute(
      runCode(
        runtime.program(async ({ tools: bound }) => {
          await bound.echo!({ n: 1 })
          await rejection(bound.bad!({ n: 2 }))
          return null
        }),
        { agent: agent.agent, callId: 'outer', rootCallId: 'root' },
      ),
    )
    expectSuccess(result)
    expect(startedBeforePre).toEqual([true, true])
    const records = codeMode.records()
    for (const record of records) expect(record.agent).toBe(agent.agent)
    const of = (type: string, subCallId: string): Record<string, unknown>[] =>
      records.filter((record) => record.type === type && record.data.subCallId === subCallId).map((record) => record.data as unknown as Record<string, unknown>)
    expect(records).toHaveLength(4)
    const [start1] = of('tool/code-dispatch-start', 'outer:code:1')
    const [settle1] = of('tool/code-dispatch', 'outer:code:1')
    const [start2] = of('tool/code-dispatch-start', 'outer:code:2')
    const [settle2] = of('tool/code-dispatch', 'outer:code:2')
    const position = (type: string, subCallId: string): number => records.findIndex((record) => record.type === type && record.data.subCallId === subCallId)
    expect(position('tool/code-dispatch-start', 'outer:code:1')).toBeLessThan(position('tool/code-dispatch', 'outer:code:1'))
    expect(position('tool/code-dispatch-start', 'outer:code:2')).toBeLessThan(position('tool/code-dispatch', 'outer:code:2'))
    expect(start1).toEqual({ rootCallId: 'root', parentCallId: 'outer', subCallId: 'outer:code:1', name: 'echo', arguments: { n: 1 } })
    expect(settle1).toEqual({ ...start1, isError: false, content: [text('echoed')] })
    expect(start2).toEqual({ rootCallId: 'root', parentCallId: 'outer', subCallId: 'outer:code:2', name: 'bad', arguments: { n: 2 } })
    expect(settle2).toEqual({ ...start2, isError: true, content: finals.get('bad')?.content })
  },
  { deployment: CODE },
)

check(
  'CM-23',
  'a sub-call abandoned in the queue appends no record, whether the run settled or the outer signal aborted',
  async ({ tools, scope, codeMode }) => {
    const running = abortAwaitingTool('x')
    tools.register(running.definition)
    const queued = probeTool('y')
    tools.register(queued.definition)
    const agent = await scope()
    const runtime = await mountScripted(codeMode)
    const namesIn = (type: string): unknown[] =>
      codeMode
        .records()
        .filter((record) => record.type === type)
        .map((record) => record.data.name)

    // The run settles while y waits behind x.
    const settling = tools.execute(
      runCode(
        runtime.program(async ({ tools: bound }) => {
          void rejection(bound.x!({}))
          void rejection(bound.y!({}))
          await running.entered
          return 'left early'
        }),
        { agent: agent.agent, callId: 'settles' },
      ),
    )
    await running.entered
    await settle()
    await settle()
    running.release() // a run that does not abort x when it settles (OP-68) would otherwise drain it for good
    const settled = await settling
    expectSuccess(settled)
    expect(namesIn('tool/code-dispatch-start'), 'start records once the run settled').toEqual(['x'])
    expect(namesIn('tool/code-dispatch'), 'settle records once the run settled').toEqual(['x'])

    // The outer signal aborts while y waits behind x.
    const again = abortAwaitingTool('x2')
    tools.register(again.definition)
    const controller = new AbortController()
    const outcomes: Promise<string | undefined>[] = []
    const outer = tools.execute(
      runCode(
        runtime.program(async ({ tools: bound }) => {
          outcomes.push(rejection(bound.x2!({})))
          outcomes.push(rejection(bound.y!({})))
          await $Promise.all(outcomes)
          return 'late'
        }),
        { agent: agent.agent, callId: 'aborts', signal: controller.signal },
      ),
    )
    await again.entered
    controller.abort(new Error('user cancelled'))
    await outer
    expect(await outcomes[1], 'the queued binding rejects').toBeTypeOf('string')
    expect(namesIn('tool/code-dispatch-start'), 'start records once the outer signal aborted').toEqual(['x', 'x2'])
    expect(queued.bodyCalls, 'the queued tool never ran').toBe(0)
  },
  { deployment: CODE },
)

check(
  'CM-24',
  'the dispatch-log waterfall shapes only the settle record; the program and the outer result keep the full value',
  async ({ tools, scope, codeMode }) => {
    tools.register(probeTool('echo', { body: () => ({ big: 'payload' }), render: () => [text('full content')] }).definition)
    const agent = await scope()
    const other = await scope()
    const seen: { exec: ToolExecution; agent?: unknown; subCallId: string; name: string; isError: boolean; content: ContentBlock[] }[] = []
    let otherCalls = 0
    other.on('tools/code-dispatch-log', (_dispatch, next) => {
      otherCalls += 1
      return next()
    })
    agent.on('tools/code-dispatch-log', (dispatch) => {
      seen.push({ ...dispatch, subCallId: String(dispatch.subCallId) })
      return [text('shaped preview')]
    })
    const runtime = await mountScripted(codeMode)
    const result = await tools.execute(
      runCode(
        runtime.program(async ({ tools: bound }) => bound.echo!({})),
        { agent: agent.agent, callId: 'outer' },
      ),
    )
    expect(result.isError ? undefined : result.value).toEqual({ logs: [], result: { big: 'payload' } })
    expect(seen).toHaveLength(1)
    expect(seen[0]?.exec.callId).toBe('outer')
    expect(seen[0]?.exec.name).toBe('run_code')
    expect(seen[0]?.agent).toBe(agent.agent)
    expect(seen[0]?.subCallId).toMatch(/^outer:code:\d+$/)
    incidental('CM-41', () => expect(seen[0]?.subCallId).toBe('outer:code:1'))
    expect(seen[0]?.name).toBe('echo')
    expect(seen[0]?.isError).toBe(false)
    expect(seen[0]?.content).toEqual([text('full content')])
    expect(otherCalls, "another scope's listener is not called").toBe(0)
    const settleRecord = codeMode.records().find((record) => record.type === 'tool/code-dispatch')
    expect(settleRecord?.type === 'tool/code-dispatch' ? settleRecord.data.content : undefined).toEqual([text('shaped preview')])
  },
  { deployment: CODE },
)

check(
  'CM-24',
  "another agent's dispatch-log listener neither sees nor shapes this agent's records, failures included",
  async ({ tools, scope, codeMode }) => {
    tools.register(probeTool('echo', { render: () => [text('echo content')] }).definition)
    tools.register(
      probeTool('bad', {
        body: () => {
          throw new Error('bad tool')
        },
      }).definition,
    )
    const mine = await scope()
    const theirs = await scope()
    const seenByMine: string[] = []
    const seenByTheirs: string[] = []
    mine.on('tools/code-dispatch-log', (dispatch, next) => {
      seenByMine.push(String(dispatch.name))
      return next()
    })
    theirs.on('tools/code-dispatch-log', (dispatch) => {
      seenByTheirs.push(String(dispatch.name))
      return [text('shaped by another agent')]
    })
    const runtime = await mountScripted(codeMode)

    expectSuccess(
      await tools.execute(
        runCode(
          runtime.program(async ({ tools: bound }) => {
            await bound.echo!({})
            await rejection(bound.bad!({}))
            return null
          }),
          { agent: mine.agent },
        ),
      ),
    )

    expect(seenByMine, "the calling agent's listener saw both dispatches").toEqual(['echo', 'bad'])
    expect(seenByTheirs, "another agent's listener saw none").toEqual([])
    const settled = codeMode.records().filter((record) => record.type === 'tool/code-dispatch')
    expect(settled, 'one settle record per sub-call, the failure included').toHaveLength(2)
    incidental('CM-44', () => expect(settled.map((record) => record.data.name)).toEqual(['echo', 'bad']))
    for (const record of settled) {
      expect(record.type === 'tool/code-dispatch' ? record.data.content : undefined, `${String(record.data.name)}'s settle record`).not.toEqual([
        text('shaped by another agent'),
      ])
    }
  },
  { deployment: CODE },
)

check(
  'CM-24',
  'the waterfall and the settle record get the final content, after a post-execute replacement',
  async ({ tools, harness, scope, codeMode }) => {
    tools.register(probeTool('echo', { render: () => [text('as rendered')] }).definition)
    tools.register(probeTool('plain', { render: () => [text('plain rendered')] }).definition)
    const agent = await scope()
    harness.on('tools/post-execute', (exec, _result, next) => (exec.name === 'echo' ? { kind: 'accept', content: [text('redacted')] } : next()))
    const finals = new Map<string, ContentBlock[]>()
    harness.on('tools/result', (exec, result) => void finals.set(exec.name, result.content))
    const offered = new Map<string, ContentBlock[]>()
    let kept: ContentBlock[] | undefined
    agent.on('tools/code-dispatch-log', async (dispatch, next) => {
      offered.set(dispatch.name, dispatch.content)
      if (dispatch.name !== 'plain') return dispatch.content
      // Only echo's record is shaped here; plain's goes to the default, whose next() keeps the content unchanged.
      kept = await next()
      return kept
    })
    const runtime = await mountScripted(codeMode)
    expectSuccess(
      await tools.execute(
        runCode(
          runtime.program(async ({ tools: bound }) => {
            await bound.echo!({})
            await bound.plain!({})
            return null
          }),
          { agent: agent.agent },
        ),
      ),
    )
    expect(finals.get('echo')).toEqual([text('redacted')])
    expect(offered.get('echo'), 'the waterfall starts from the final content').toEqual(finals.get('echo'))
    expect(offered.get('plain')).toEqual(finals.get('plain'))
    expect(kept, 'next() keeps the content unchanged').toEqual(finals.get('plain'))
    // Records are told apart by their content: which other fields they carry is CM-44's (OP-66).
    const settled = codeMode.records().flatMap((record) => (record.type === 'tool/code-dispatch' ? [record.data.content] : []))
    expect(settled, 'one settle record per sub-call').toHaveLength(2)
    expect(settled, "echo's settle record").toContainEqual([text('redacted')])
    expect(settled, "plain's settle record").toContainEqual([text('plain rendered')])
  },
  { deployment: CODE },
)

/** Subscribes a `tools/code-dispatch-log` listener on `agent` that always throws; returns how often it has run. */
function throwingDispatchLog(agent: ScopeHandle): () => number {
  let thrown = 0
  agent.on('tools/code-dispatch-log', () => {
    thrown += 1
    throw new Error('log listener broke')
  })
  return () => thrown
}

check(
  'CM-24',
  'a throwing dispatch-log listener is contained: the original content is logged and the run succeeds',
  async ({ tools, scope, codeMode }) => {
    tools.register(probeTool('echo', { render: () => [text('original')] }).definition)
    const agent = await scope()
    const thrown = throwingDispatchLog(agent)
    const runtime = await mountScripted(codeMode)
    const result = await tools.execute(
      runCode(
        runtime.program(async ({ tools: bound }) => bound.echo!({})),
        { agent: agent.agent },
      ),
    )
    expectSuccess(result)
    expect(thrown(), 'the throwing listener ran').toBe(1)
    const settleRecord = codeMode.records().find((record) => record.type === 'tool/code-dispatch')
    expect(settleRecord?.type === 'tool/code-dispatch' ? settleRecord.data.content : undefined).toEqual([text('original')])
  },
  { deployment: CODE },
)

// Without the warnings feature this is not applicable (CM-37 requires it), instead of a clause skipped silently.
check(
  'CM-37',
  'a throwing dispatch-log listener is reported as one warning per failing dispatch',
  async ({ tools, scope, codeMode, warnings }) => {
    tools.register(probeTool('echo', { render: () => [text('original')] }).definition)
    const agent = await scope()
    const thrown = throwingDispatchLog(agent)
    const runtime = await mountScripted(codeMode)
    const before = warnings().length
    const result = await tools.execute(
      runCode(
        runtime.program(async ({ tools: bound }) => {
          await bound.echo!({})
          return bound.echo!({})
        }),
        { agent: agent.agent },
      ),
    )
    expectSuccess(result)
    expect(thrown(), 'the listener ran for both dispatches').toBe(2)
    expect(warnings().length - before, 'warnings for the two contained failures').toBe(2)
  },
  { deployment: CODE },
)

check(
  'CM-25',
  'without an agent sub-calls run, no record is appended and the dispatch-log waterfall does not run',
  async ({ tools, harness, codeMode, has, scope }) => {
    const probe = probeTool('echo', { body: () => 'echoed' })
    tools.register(probe.definition)
    let shaped = 0
    harness.on('tools/code-dispatch-log', (_dispatch, next) => {
      shaped += 1
      return next()
    })
    const runtime = await mountScripted(codeMode)
    const program = runtime.program(async ({ tools: bound }) => bound.echo!({}))
    const result = await tools.execute(runCode(program))
    expect(result.isError ? undefined : result.value).toEqual({ logs: [], result: 'echoed' })
    expect(probe.bodyCalls).toBe(1)
    expect(codeMode.records()).toEqual([])
    expect(shaped, 'dispatch-log listener calls').toBe(0)
    if (has('scopes')) {
      // Control: the same run with an agent does append its records, and the listener runs for the settle record.
      const agent = await scope()
      expectSuccess(await tools.execute(runCode(program, { agent: agent.agent })))
      expect(shaped, 'dispatch-log listener calls once an agent is given').toBe(1)
    }
  },
  { deployment: CODE, optional: ['scopes'] },
)

// ---------------------------------------------------------------- schema flavour and configuration

check(
  'CM-28',
  "the projected run_code description follows the mounted runtime's language",
  async ({ tools, codeMode }) => {
    const description = (): string | undefined => tools.schemas().find((s) => s.name === 'run_code')?.description
    expect(description()).toMatch(/^Execute a TypeScript program/)
    await mountScripted(codeMode, 'python')
    expect(description()).toMatch(/^Execute a Python program/)
    await mountScripted(codeMode, 'typescript')
    expect(description()).toMatch(/^Execute a TypeScript program/)
    await mountScripted(codeMode, 'cobol')
    expect(() => description()).toThrow(/cobol/)
  },
  { deployment: CODE },
)

check(
  'CM-28',
  "the code parameter's description follows the language too, and an unknown language names the known ones",
  async ({ tools, codeMode }) => {
    const codeParameter = (): unknown => {
      const parameters = tools.schemas().find((s) => s.name === 'run_code')?.parameters as
        | { properties?: Record<string, { description?: unknown }> }
        | undefined
      return parameters?.properties?.code?.description
    }
    expect(codeParameter()).toBe('The program: the body of an async TypeScript function.')
    await mountScripted(codeMode, 'python')
    expect(codeParameter()).toBe('The program: the body of an async Python function.')
    await mountScripted(codeMode, 'cobol')
    expect(() => tools.schemas()).toThrow('dsh-tools: no run_code schema flavor registered for runtime language "cobol" (known: "typescript", "python")')
  },
  { deployment: CODE },
)

check('CM-29', 'maxParallelSubCalls that is not a positive integer makes create() fail', async ({ adapter }) => {
  for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
    let created: Awaited<ReturnType<typeof adapter.create>> | undefined
    const error = await Promise.resolve()
      .then(() => adapter.create({ mode: 'code', maxParallelSubCalls: bad }))
      .then(
        (harness) => {
          created = harness
          return undefined
        },
        (thrown: unknown) => thrown,
      )
    await created?.dispose?.()
    expect(error, `maxParallelSubCalls ${bad}`).toBeInstanceOf(Error)
  }
  const fine = await adapter.create({ mode: 'code', maxParallelSubCalls: 1 })
  await fine.dispose?.()
})

// ---------------------------------------------------------------- the SDK prompt section (promptAssembly)

/** The text of the `tools:sdk` section `scope`'s model sees (empty when absent). */
async function sdkText(t: CheckContext, scope?: ScopeHandle): Promise<string> {
  const assembly = await t.assemblePrompt(scope)
  return assembly.sections.find((section) => section.name === 'tools:sdk')?.text ?? ''
}

/** Registers four tools out of name order and hides one from a fresh scope; returns that scope. */
async function sdkFixture(t: CheckContext): Promise<ScopeHandle> {
  for (const name of ['tck_sdk_zeta', 'tck_sdk_alpha', 'tck_sdk_hidden', 'tck_sdk_mid']) t.tools.register(probeTool(name).definition)
  const agent = await t.scope()
  agent.tools.restrict({ deny: ['tck_sdk_hidden'] })
  return agent
}

/** Checks that `sdk` declares the fixture's visible tools in name order, and neither the hidden one nor run_code. */
function expectSdkDeclarations(sdk: string, runCodeDeclared: RegExp): void {
  const at = ['tck_sdk_alpha', 'tck_sdk_mid', 'tck_sdk_zeta'].map((name) => sdk.indexOf(name))
  expect(
    at.every((index) => index >= 0),
    `every visible tool is declared:\n${sdk}`,
  ).toBe(true)
  expect(
    [...at].sort((a, b) => a - b),
    'in lexicographic order',
  ).toEqual(at)
  expect(sdk, 'a tool the scope does not see').not.toContain('tck_sdk_hidden')
  expect(sdk, 'run_code itself').not.toMatch(runCodeDeclared)
}

check(
  'CM-27',
  "the TypeScript SDK declares the scope's visible tools but run_code, in name order, the same on every assembly",
  async (t) => {
    await mountScripted(t.codeMode)
    const agent = await sdkFixture(t)
    const sdk = await sdkText(t, agent)
    expect(sdk).toContain('declare const tools')
    expectSdkDeclarations(sdk, /\brun_code\s*[?:(]/)
    expect(await sdkText(t, agent), 'a second assembly').toBe(sdk)
  },
  { deployment: CODE },
)

check(
  'CM-27',
  "the Python SDK declares the scope's visible tools but run_code as a Tools protocol, in name order",
  async (t) => {
    await mountScripted(t.codeMode, 'python')
    const agent = await sdkFixture(t)
    const sdk = await sdkText(t, agent)
    expect(sdk).toContain('class Tools(Protocol)')
    expectSdkDeclarations(sdk, /def\s+run_code\b/)
  },
  { deployment: BOTH },
)
