import { $Object, $Promise } from './_kit/intrinsics.ts'
import { expect } from 'vitest'
import { check } from './_kit/check.ts'
import { call } from './_kit/inputs.ts'
import { readTool } from './_kit/read-tool.ts'
import { probeTool } from './_kit/tools.ts'
import { mountScripted, runCode } from './_kit/code-mode.ts'
import { deferred, settle } from './_kit/deferred.ts'
import type { Deferred } from './_kit/deferred.ts'
import { settlesWithinIdle } from './_kit/budget.ts'
import { suiteSettings } from './_kit/settings.ts'

const parallel = { kind: 'parallel' }
const exclusive = { kind: 'exclusive' }

check('MODE-01', 'a classifier returning true for these arguments makes the call parallel', ({ tools }) => {
  tools.register(probeTool('always', { isConcurrencySafe: () => true }).definition)
  tools.register(probeTool('reads', { isConcurrencySafe: (args) => (args as { write?: boolean }).write !== true }).definition)

  expect(tools.executionMode(call('always'))).toEqual(parallel)
  expect(tools.executionMode(call('reads', { write: false }))).toEqual(parallel)
  expect(tools.executionMode(call('reads', { write: true }))).toEqual(exclusive)
})

check(
  'MODE-01',
  'the classifier consulted is the one of the definition the calling scope would execute',
  async ({ tools, scope }) => {
    tools.register(probeTool('fetch', { isConcurrencySafe: () => true }).definition)
    const shadowing = await scope()
    const plain = await scope()
    shadowing.tools.register(probeTool('fetch', { isConcurrencySafe: () => false }).definition)
    plain.tools.register(probeTool('local', { isConcurrencySafe: () => true }).definition)

    expect(tools.executionMode(call('fetch', {}, { agent: shadowing.agent }))).toEqual(exclusive)
    expect(tools.executionMode(call('fetch', {}, { agent: plain.agent }))).toEqual(parallel)
    expect(tools.executionMode(call('local', {}, { agent: plain.agent }))).toEqual(parallel)
    expect(tools.executionMode(call('fetch'))).toEqual(parallel)
  },
  { needs: ['scopes'] },
)

check('MODE-02', 'anything short of a classifier returning exactly true is exclusive, and nothing throws', ({ tools }) => {
  const answers: Record<string, () => unknown> = {
    false: () => false,
    yes: () => 'yes',
    one: () => 1,
    object: () => ({ parallel: true }),
    throws: () => {
      throw new Error('classifier broke')
    },
  }
  for (const [name, answer] of $Object.entries(answers)) {
    tools.register(probeTool(name, { isConcurrencySafe: answer as () => boolean }).definition)
  }
  tools.register(probeTool('undeclared').definition)

  for (const name of [...Object.keys(answers), 'undeclared', 'unknown']) {
    expect(tools.executionMode(call(name)), name).toEqual(exclusive)
  }
})

check(
  'MODE-02',
  'a tool hidden from the calling scope is exclusive even if its classifier says true',
  async ({ tools, scope }) => {
    tools.register(probeTool('fetch', { isConcurrencySafe: () => true }).definition)
    const other = await scope()
    other.tools.register(probeTool('theirs', { isConcurrencySafe: () => true }).definition)
    const s = await scope()
    s.tools.restrict({ deny: ['fetch'] })

    expect(tools.executionMode(call('fetch', {}, { agent: s.agent }))).toEqual(exclusive)
    expect(tools.executionMode(call('theirs', {}, { agent: s.agent }))).toEqual(exclusive)
    expect(tools.executionMode(call('theirs'))).toEqual(exclusive)
  },
  { needs: ['scopes'] },
)

// The same classification seen through the registry's own scheduler: Code Mode runs sub-calls classified parallel
// side by side and the others one at a time, so a truthy answer that counted as true would let them overlap. That
// Code Mode schedules by mode at all is upstream's (CM-17, OP-61): the seeds give scheduling by mode to the agent loop.
// Each run calls one tool twice and holds the first body: a second body that starts meanwhile overlapped it.
check(
  'CM-17',
  'sub-calls whose classifier answers a truthy value other than true never overlap in Code Mode',
  async ({ tools, codeMode }) => {
    const answers: Record<string, unknown> = { safe: true, yes: 'yes', one: 1, object: { parallel: true } }
    const runs = new Map<string, { calls: number; first: Deferred<void>; second: Deferred<void>; gate: Deferred<void> }>()
    for (const [name, answer] of $Object.entries(answers)) {
      const run = { calls: 0, first: deferred(), second: deferred(), gate: deferred() }
      runs.set(name, run)
      tools.register(
        probeTool(name, {
          isConcurrencySafe: (() => answer) as () => boolean,
          body: async () => {
            run.calls += 1
            if (run.calls > 1) run.second.resolve()
            else {
              run.first.resolve()
              // The pair classified parallel is released by its partner starting; every other first body by the test.
              await (name === 'safe' ? $Promise.race([run.second.promise, run.gate.promise]) : run.gate.promise)
            }
            return name
          },
        }).definition,
      )
    }
    const runtime = await mountScripted(codeMode)

    const overlapped: string[] = []
    for (const [name, run] of runs) {
      const result = tools.execute(runCode(runtime.program(async ({ tools: bound }) => $Promise.all([bound[name]!({}), bound[name]!({})]))))
      await run.first.promise
      if (name === 'safe') {
        // Control: the scheduler does overlap a pair classified parallel, so the silence below is the classification's.
        // A registry that hands bodies to later macrotasks gets the idle-time budget to start the second one.
        const started = await settlesWithinIdle(run.second.promise, suiteSettings().timeoutMs / 2)
        expect(started, 'two parallel sub-calls overlapped').toBe(true)
      } else {
        await settle()
        await settle()
        if (run.calls > 1) overlapped.push(name)
      }
      run.gate.resolve()
      expect((await result).isError, `the run calling ${name} twice`).toBe(false)
    }

    expect(overlapped, 'truthy non-true classifiers that ran side by side').toEqual([])
  },
  { needs: ['codeMode'], deployment: { mode: 'code', maxParallelSubCalls: 2 } },
)

check('MODE-04', "the classifier gets the caller's own arguments object, unfrozen", ({ tools }) => {
  const received: unknown[] = []
  tools.register(
    probeTool('probe', {
      isConcurrencySafe: (args) => {
        received.push(args)
        return true
      },
    }).definition,
  )
  const args = { path: '/tmp', nested: { depth: 1 } }

  tools.executionMode(call('probe', args))

  expect(received, 'classifier calls').toHaveLength(1)
  expect(received[0], "the caller's arguments object").toBe(args)
  expect($Object.isFrozen(args), 'caller arguments frozen').toBe(false)
  expect($Object.isFrozen(args.nested), 'frozen').toBe(false)
})

check('MODE-03', 'a defineTool classifier answers exclusive for invalid arguments without asking the author', ({ schema, tools }) => {
  const asked: unknown[] = []
  const { definition } = readTool(schema, {
    isConcurrencySafe: (args: unknown) => {
      asked.push(args)
      return true
    },
  })
  tools.register(definition)

  expect(tools.executionMode(call('read', { limit: 3 }))).toEqual({ kind: 'exclusive' })
  expect(tools.executionMode(call('read', 'not an object'))).toEqual({ kind: 'exclusive' })
  expect(asked).toEqual([])
  expect(tools.executionMode(call('read', { path: 'a.txt' }))).toEqual({ kind: 'parallel' })
  expect(asked).toEqual([{ path: 'a.txt' }])
})

// What the built classifier returns (false, undefined, or a throw all classify as exclusive) is MODE-07's.
check('MODE-07', 'the classifier defineTool builds returns false for invalid arguments', ({ schema }) => {
  const { definition } = readTool(schema, { isConcurrencySafe: () => true })

  expect(definition.isConcurrencySafe?.({ limit: 3 })).toBe(false)
  expect(definition.isConcurrencySafe?.({ path: 'a.txt' })).toBe(true)
})

check(
  ['MODE-03', 'MODE-01'],
  'a defineTool classifier answers what the author answers for valid arguments, and a tool declaring none is exclusive',
  ({ schema, tools }) => {
    const asked: unknown[] = []
    tools.register(
      readTool(schema, {
        isConcurrencySafe: (args: { path: string }) => {
          asked.push(args)
          return args.path.startsWith('/public/')
        },
      }).definition,
    )
    tools.register(readTool(schema, { name: 'plain' }).definition)

    expect(tools.executionMode(call('read', { path: '/public/a.txt' }))).toEqual(parallel)
    expect(tools.executionMode(call('read', { path: '/private/a.txt' }))).toEqual(exclusive)
    expect(asked).toEqual([{ path: '/public/a.txt' }, { path: '/private/a.txt' }])
    expect(tools.executionMode(call('plain', { path: '/public/a.txt' }))).toEqual(exclusive)
  },
)

check(
  'MODE-05',
  'under code a model-direct call is exclusive even when its classifier says parallel; a call with a parent keeps its class',
  ({ tools }) => {
    tools.register(probeTool('fast', { isConcurrencySafe: () => true }).definition)
    expect(tools.executionMode(call('fast'))).toEqual(exclusive)
    expect(tools.executionMode(call('fast', {}, { parent: Symbol('transport') }))).toEqual(parallel)
  },
  { deployment: { mode: 'code' } },
)

check(
  'MODE-05',
  'only the scope presenting code classifies its model-direct calls exclusive',
  async ({ tools, scope, presentAs }) => {
    tools.register(probeTool('fast', { isConcurrencySafe: () => true }).definition)
    const coded = await scope()
    const both = await scope()
    presentAs(coded, 'code')
    presentAs(both, 'both')
    expect(tools.executionMode(call('fast', {}, { agent: coded.agent }))).toEqual(exclusive)
    expect(tools.executionMode(call('fast', {}, { agent: both.agent }))).toEqual(parallel)
    expect(tools.executionMode(call('fast'))).toEqual(parallel)
  },
  { needs: ['scopes'] },
)
