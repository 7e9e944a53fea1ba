import { $Object, $Reflect } from './_kit/intrinsics.ts'
import { expect } from 'vitest'
import type { Harness, ToolRuntimeApi } from '../adapter/contract.ts'
import type { PreToolDecision, ToolGuard } from '../spec/types.ts'
import { approvalStub } from './_kit/approval.ts'
import { check } from './_kit/check.ts'
import { forRules } from './_kit/for-rules.ts'
import { incidental, precondition } from './_kit/incidental.ts'
import { deferred, settle } from './_kit/deferred.ts'
import { call } from './_kit/inputs.ts'
import {
  expectDenial,
  expectDenialFor,
  expectEnveloped,
  expectGuardDenial,
  expectNoInfo,
  expectPlainFailure,
  expectPolicyFailure,
  expectSuccess,
  expectThrownMessage,
  isDeepFrozen,
} from './_kit/result-assertions.ts'
import { recordStages } from './_kit/stages.ts'
import { expectGuardConsulted, expectGuardDenied, expectGuardEndedStages, expectTraceAsideGuard, guardDeniesControl } from './_kit/guard-means.ts'
import { probeTool } from './_kit/tools.ts'

check('GRD-02', 'a prepended pre-execute listener that forces allow cannot bypass a guard', async ({ harness, tools }) => {
  const probe = probeTool('write')
  tools.register(probe.definition)
  tools.guard(() => 'writes are frozen')
  // The means: the guard denies an ordinary call (GRD-07's), before the forcing listener is added.
  await guardDeniesControl(tools, call('write'), 'writes are frozen')
  let forced = 0
  harness.on(
    'tools/pre-execute',
    async () => {
      forced += 1
      return { kind: 'allow' }
    },
    { prepend: true },
  )
  // It delegates, so the prepended listener runs whichever of the two is outermost (the order is open, OP-32).
  harness.on('tools/pre-execute', async (_exec, next) => next())

  const result = await tools.execute(call('write'))

  expect(forced, 'the prepended listener ran and forced allow').toBe(1)
  expectGuardDenial(result, 'writes are frozen')
  expect(probe.bodyCalls, 'body calls').toBe(0)
})

check(
  'GRD-03',
  'global guards run before scope guards, farthest ancestor first, and the first denial stops evaluation',
  async ({ tools, scope }) => {
    const parent = await scope()
    const child = await scope(parent)
    const probe = probeTool('read')
    tools.register(probe.definition)
    const seen: string[] = []
    child.tools.guard(() => {
      seen.push('child')
      return 'child says no'
    })
    parent.tools.guard(() => {
      seen.push('parent')
      return undefined
    })
    tools.guard(() => {
      seen.push('global')
      return undefined
    })
    parent.tools.guard(() => {
      seen.push('parent-2')
      return 'parent says no'
    })

    const result = await tools.execute(call('read', {}, { agent: child.agent }))

    expect(seen, 'guards called').toEqual(['global', 'parent', 'parent-2'])
    expectGuardDenial(result, 'parent says no')
  },
  { needs: ['scopes', 'scopeParents'] },
)

check('GRD-03', 'global guards run in registration order and the first non-undefined return stops evaluation', async ({ tools }) => {
  const probe = probeTool('read')
  tools.register(probe.definition)
  const seen: string[] = []
  tools.guard(() => {
    seen.push('first')
    return undefined
  })
  tools.guard(() => {
    seen.push('second')
    return 'second says no'
  })
  tools.guard(() => {
    seen.push('third')
    return 'third says no'
  })

  const result = await tools.execute(call('read'))

  expect(seen, 'guards called').toEqual(['first', 'second'])
  expectGuardDenial(result, 'second says no')
  expect(probe.bodyCalls, 'body calls').toBe(0)
})

check('GRD-07', 'a guard denial skips the body but still reaches tools/post-execute and tools/result', async ({ harness, tools }) => {
  const probe = probeTool('read')
  tools.register(probe.definition)
  tools.guard(() => 'blocked by guard')
  const stages = recordStages(harness)

  const result = await tools.execute(call('read'))

  expectGuardDenial(result, 'blocked by guard')
  expect(probe.bodyCalls, 'body calls').toBe(0)
  expectGuardEndedStages(stages, 'POST-28')
})

/** Records stages, then registers a probe tool `name`. */
function setup(harness: Harness, tools: ToolRuntimeApi, name = 'write') {
  const stages = recordStages(harness)
  const probe = probeTool(name)
  tools.register(probe.definition)
  return { stages, probe }
}

check('GRD-01', 'the disposer returned by guard() lifts exactly that guard', async ({ tools }) => {
  const probe = probeTool('write')
  tools.register(probe.definition)
  const dispose = tools.guard(() => 'writes are frozen')

  const before = await tools.execute(call('write'))
  dispose()
  const after = await tools.execute(call('write'))

  // That a guard's reason denies is GRD-07's: here it only shows the guard is in force.
  expectGuardDenied(before, 'writes are frozen')
  expectSuccess(after)
  expect(probe.bodyCalls, 'body calls').toBe(1)
})

check(
  'GRD-01',
  'adding and removing a guard emits no tools/change',
  async ({ harness, tools }) => {
    tools.register(probeTool('write').definition)
    let changes = 0
    harness.on('tools/change', () => {
      changes += 1
    })

    const dispose = tools.guard(() => 'no')
    dispose()

    expect(changes, 'tools/change count').toBe(0)
    // Control: a registration, which does change the tool set, reaches the same listener.
    tools.register(probeTool('read').definition)
    expect(changes, 'tools/change count after a registration').toBeGreaterThan(0)
  },
  { needs: ['changeEvents'] },
)

check(
  'GRD-01',
  'a guard added through a scope lands in that scope only',
  async ({ tools, scope }) => {
    const owner = await scope()
    const other = await scope()
    tools.register(probeTool('write').definition)
    const dispose = owner.tools.guard(() => 'scope guard')

    const own = await tools.execute(call('write', {}, { agent: owner.agent }))
    const elsewhere = await tools.execute(call('write', {}, { agent: other.agent }))
    dispose()
    const afterDispose = await tools.execute(call('write', {}, { agent: owner.agent }))

    // Which calls a scoped guard judges is GRD-04's; GRD-01's is that its disposer lifts exactly it.
    precondition('GRD-04', () => expectGuardDenial(own, 'scope guard'))
    incidental('GRD-04', () => expectSuccess(elsewhere))
    expectSuccess(afterDispose)
  },
  { needs: ['scopes'] },
)

check('GRD-02', 'guards run after every pre-execute listener has finished and before tools/execute', async ({ harness, tools }) => {
  tools.register(probeTool('write').definition)
  const log: string[] = []
  harness.on('tools/pre-execute', async (_exec, next) => {
    const decision = await next()
    log.push('pre:after-next')
    return decision
  })
  tools.guard(() => {
    log.push('guard')
    return undefined
  })
  harness.on('tools/execute', (_exec, next) => {
    log.push('execute')
    return next()
  })

  await tools.execute(call('write'))

  expectTraceAsideGuard(log, ['pre:after-next', 'guard', 'execute'], 'call order')
})

check('GRD-02', 'guards are not evaluated when pre-execute denies', async ({ harness, tools }) => {
  tools.register(probeTool('write').definition)
  let guardCalls = 0
  tools.guard(() => {
    guardCalls += 1
    return undefined
  })
  harness.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'policy says no' }))

  const result = await tools.execute(call('write'))

  expectDenial(result, 'policy says no')
  expect(guardCalls, 'guard calls').toBe(0)
})

check(
  'GRD-02',
  'an ask granted allowed-once still meets the guards',
  async ({ harness, tools, scope, setApproval }) => {
    const agent = (await scope()).agent
    const probe = probeTool('write')
    tools.register(probe.definition)
    tools.guard(() => 'guard after approval')
    // The means: the guard denies an ordinary call (GRD-07's), before the ask is added.
    await guardDeniesControl(tools, call('write', {}, { agent }), 'guard after approval')
    const approval = approvalStub('allowed-once')
    setApproval(approval)
    harness.on('tools/pre-execute', () => ({ kind: 'ask' }))

    const result = await tools.execute(call('write', {}, { agent }))

    expect(
      approval.requests.map((request) => request.toolName),
      'the ask reached the approval service',
    ).toEqual(['write'])
    expectGuardDenial(result, 'guard after approval')
    expect(probe.bodyCalls, 'body calls').toBe(0)
  },
  { needs: ['approval', 'scopes'] },
)

// Whether the guard applies to a descendant's call is open (OP-03): upstream's yes is VIS-27's, charged incidentally.
check(
  'GRD-04',
  'a scoped guard applies to its own agent, not to other agents or agent-less calls',
  async ({ tools, scope, has }) => {
    const guarded = await scope()
    // A descendant (scopeParents, optional here) only feeds the incidental VIS-27 check.
    const child = has('scopeParents') ? await scope(guarded) : undefined
    const bystander = await scope()
    const probe = probeTool('write')
    tools.register(probe.definition)
    const agentsSeen: unknown[] = []
    guarded.tools.guard((exec) => {
      agentsSeen.push(exec.agent)
      return 'scoped guard'
    })

    const own = await tools.execute(call('write', {}, { agent: guarded.agent }))
    const descendant = child === undefined ? undefined : await tools.execute(call('write', {}, { agent: child.agent }))
    const other = await tools.execute(call('write', {}, { agent: bystander.agent }))
    const agentless = await tools.execute(call('write'))

    expectGuardDenial(own, 'scoped guard')
    expectSuccess(other)
    expectSuccess(agentless)
    expect(agentsSeen.filter((agent) => child === undefined || agent !== child.agent)).toEqual([guarded.agent])
    if (child !== undefined && descendant !== undefined)
      incidental('VIS-27', () => {
        expectGuardDenial(descendant, 'scoped guard')
        expect(agentsSeen).toEqual([guarded.agent, child.agent])
      })
  },
  { optional: ['scopeParents'] },
)

// OP-03: upstream reads the guards along the scope chain (VIS-27). GRD-04 charges that only incidentally, beside
// GRD-16's verbatim message, so this test judges the routing alone: a denial, whatever its message.
check(
  'VIS-27',
  'a scoped guard also applies to calls of a child agent',
  async ({ tools, scope }) => {
    const probe = probeTool('write')
    tools.register(probe.definition)
    const parent = await scope()
    const child = await scope(parent)
    const agentsSeen: unknown[] = []
    parent.tools.guard((exec) => {
      agentsSeen.push(exec.agent)
      return 'parent guard'
    })

    const result = await tools.execute(call('write', {}, { agent: child.agent }))

    expect(agentsSeen, "the parent's guard saw the child's call").toEqual([child.agent])
    expect(result.isError, "the child's call is denied").toBe(true)
    expect(probe.bodyCalls, 'body calls').toBe(0)
  },
  { needs: ['scopeParents'] },
)

// GRD-17 (open point OP-30): the seeds do not say that a scope's disposal ends its guards; upstream's does.
check('GRD-17', 'disposing the scope removes its guard', async ({ tools, scope }) => {
  const guarded = await scope()
  tools.register(probeTool('write').definition)
  let guardCalls = 0
  guarded.tools.guard(() => {
    guardCalls += 1
    return 'scoped guard'
  })

  const before = await tools.execute(call('write', {}, { agent: guarded.agent }))
  await guarded.dispose()
  await tools.execute(call('write', {}, { agent: guarded.agent }))

  expectGuardDenial(before, 'scoped guard')
  expect(guardCalls, 'guard calls').toBe(1)
})

check('GRD-05', 'the same guard function added twice stays in force until both registrations are disposed', async ({ tools }) => {
  const probe = probeTool('write')
  tools.register(probe.definition)
  const deny = (): string => 'twice registered'
  const first = tools.guard(deny)
  const second = tools.guard(deny)

  first()
  const afterOne = await tools.execute(call('write'))
  second()
  const afterBoth = await tools.execute(call('write'))

  expectGuardDenial(afterOne, 'twice registered')
  expectSuccess(afterBoth)
})

check('GRD-14', 'a guard disposer called again keeps the other registration of the same function', async ({ tools }) => {
  const probe = probeTool('write')
  tools.register(probe.definition)
  const deny = (): string => 'twice registered'
  const first = tools.guard(deny)
  const second = tools.guard(deny)

  first()
  first()
  const afterRepeat = await tools.execute(call('write'))
  second()
  second()
  const afterBoth = await tools.execute(call('write'))

  expectGuardDenial(afterRepeat, 'twice registered')
  expectSuccess(afterBoth)
})

check(
  'GRD-14',
  'a guard disposer called again neither throws nor lifts another guard',
  async ({ tools, scope }) => {
    const probe = probeTool('write')
    tools.register(probe.definition)
    const owner = await scope()
    const globalLifted = tools.guard(() => 'global lifted')
    let globalStays = 0
    tools.guard(() => {
      globalStays += 1
      return undefined
    })
    const scopedLifted = owner.tools.guard(() => 'scoped lifted')
    owner.tools.guard(() => 'scoped stays')

    globalLifted()
    scopedLifted()
    expect(() => globalLifted(), 'second call of a global guard disposer').not.toThrow()
    expect(() => scopedLifted(), 'second call of a scoped guard disposer').not.toThrow()

    expectSuccess(await tools.execute(call('write')))
    expectGuardDenial(await tools.execute(call('write', {}, { agent: owner.agent })), 'scoped stays')
    expect(globalStays, 'calls of the global guard that stays').toBe(2)
  },
  { needs: ['scopes'] },
)

check('GRD-06', 'a guard added during evaluation to a non-empty layer is evaluated in the same run', async ({ tools }) => {
  const probe = probeTool('write')
  tools.register(probe.definition)
  let added = false
  tools.guard(() => {
    if (!added) {
      added = true
      tools.guard(() => 'added mid-run')
    }
    return undefined
  })

  const result = await tools.execute(call('write'))

  expectGuardDenial(result, 'added mid-run')
  expect(probe.bodyCalls, 'body calls').toBe(0)
})

check('GRD-06', 'a replacement added after a guard empties its layer applies from the next execution', async ({ tools }) => {
  const probe = probeTool('write')
  tools.register(probe.definition)
  const disposeSelf = tools.guard(() => {
    disposeSelf()
    tools.guard(() => 'replacement')
    return undefined
  })

  const first = await tools.execute(call('write'))
  const second = await tools.execute(call('write'))

  expectSuccess(first)
  expectGuardDenial(second, 'replacement')
})

check('GRD-08', 'a guard receives the pipeline execution: same token as pre-execute, resolved identity, deep-frozen arguments', async ({ harness, tools }) => {
  tools.register(probeTool('write').definition)
  const tokens: symbol[] = []
  harness.on('tools/pre-execute', (exec, next) => {
    tokens.push(exec.token)
    return next()
  })
  const seen: unknown[] = []
  const frozen: { frozen: boolean; write: boolean }[] = []
  tools.guard((exec) => {
    tokens.push(exec.token)
    const args = exec.arguments as { list: number[] }
    seen.push({ name: exec.name, callId: exec.callId, rootCallId: exec.rootCallId, args })
    frozen.push({ frozen: isDeepFrozen(args), write: $Reflect.set(args.list, 0, 9) })
    return undefined
  })

  await tools.execute(call('write', { list: [1] }, { callId: 'call-g' }))

  // That the arguments every stage sees are deep-frozen is ARG-04's.
  incidental('ARG-04', () =>
    expect(
      frozen.filter((seen) => !$Object.is(seen.frozen, true) || !$Object.is(seen.write, false)),
      'the arguments the guard saw are deep-frozen (ARG-04)',
    ).toEqual([]),
  )
  expect(seen, 'what the guard saw').toEqual([{ name: 'write', callId: 'call-g', rootCallId: 'call-g', args: { list: [1] } }])
  expect(tokens, 'tokens seen').toHaveLength(2)
  expect(typeof tokens[0]).toBe('symbol')
  expect(tokens[1], 'same token both times').toBe(tokens[0])
})

check('GRD-19', 'a guard returning a promise of undefined is not awaited, so the call never reaches the body', async ({ tools }) => {
  const probe = probeTool('write')
  tools.register(probe.definition)
  tools.guard((() => Promise.resolve(undefined)) as unknown as ToolGuard)

  const result = await tools.execute(call('write'))

  expect(result.isError, 'isError').toBe(true)
  expect(probe.bodyCalls, 'body calls').toBe(0)
})

check('GRD-09', 'a throwing guard ends the call as a failure without tools/execute or body', async ({ harness, tools }) => {
  const { stages, probe } = setup(harness, tools)
  let calls = 0
  tools.guard(() => {
    calls += 1
    throw new Error('guard broke')
  })

  const result = await tools.execute(call('write'))

  expectGuardConsulted(calls)
  expectPlainFailure(result)
  expectThrownMessage(result, 'guard broke', 'ERR-13')
  expectEnveloped(result)
  expectGuardEndedStages(stages, 'POST-24')
  expect(probe.bodyCalls, 'body calls').toBe(0)
})

check('GRD-10', 'an empty-string reason denies and undefined leaves the call as it was', async ({ harness, tools }) => {
  const probe = probeTool('write')
  tools.register(probe.definition)
  // Returns "", except undefined for a call passing `{ pass: true }` (the control below) and a non-empty reason for
  // one passing `{ control: true }`: that a non-empty reason denies at all is GRD-07's, checked first.
  tools.guard((exec) => {
    const { pass, control } = exec.arguments as { pass?: boolean; control?: boolean }
    return pass === true ? undefined : control === true ? 'control' : ''
  })
  await guardDeniesControl(tools, call('write', { control: true }), 'control')
  const stages = recordStages(harness)

  const result = await tools.execute(call('write'))

  // That the message is "" rather than a readable default is GRD-15's.
  expectDenialFor(result, '', 'GRD-15')
  expectGuardEndedStages(stages, 'POST-28')
  expect(probe.bodyCalls, 'body calls').toBe(0)
  expectSuccess(await tools.execute(call('write', { pass: true })))
  expect(probe.bodyCalls, 'body calls once the guard returns undefined').toBe(1)
})

// GRD-18, GRD-19 (open point OP-31): ToolGuard returns `string | undefined`; what other returns do is upstream's.
for (const [label, value] of [
  ['null', null],
  ['false', false],
  ['0', 0],
] as const) {
  check('GRD-18', `a guard returning ${label} denies`, async ({ harness, tools }) => {
    const { stages, probe } = setup(harness, tools)
    // Returns `value`, except undefined for a call passing `{ pass: true }`: the control below.
    tools.guard(((exec) => ((exec.arguments as { pass?: boolean }).pass === true ? undefined : value)) as ToolGuard)

    const result = await tools.execute(call('write'))

    expectPolicyFailure(result)
    expect(stages.count('execute'), 'execute stage runs').toBe(0)
    expect(probe.bodyCalls, 'body calls').toBe(0)
    // Control: a call the guard leaves unchanged does reach tools/execute, exactly once.
    expectSuccess(await tools.execute(call('write', { pass: true })))
    expect(stages.count('execute'), 'execute stage runs once the guard returns undefined').toBe(1)
  })
}

for (const [label, value] of [
  ['a function', () => 'no'],
  ['a promise', Promise.resolve('no')],
] as const) {
  check('GRD-19', `a guard returning ${label} ends the call as a failure without tools/execute or body`, async ({ harness, tools }) => {
    const { stages, probe } = setup(harness, tools)
    tools.guard((() => value) as unknown as ToolGuard)

    const result = await tools.execute(call('write'))

    expect(result.isError, 'isError').toBe(true)
    expectGuardEndedStages(stages, 'POST-24')
    expect(probe.bodyCalls, 'body calls').toBe(0)
  })
}

check('GRD-11', 'a guard still runs after the caller aborted during pre-execute, and its denial beats ABORTED_BEFORE_DISPATCH', async ({ harness, tools }) => {
  const probe = probeTool('write')
  tools.register(probe.definition)
  let guardCalls = 0
  tools.guard(() => {
    guardCalls += 1
    return 'guard wins'
  })
  const entered = deferred()
  const gate = deferred<PreToolDecision>()
  harness.on('tools/pre-execute', () => {
    entered.resolve()
    return gate.promise
  })
  const controller = new AbortController()

  const pending = tools.execute(call('write', {}, { signal: controller.signal }))
  await entered.promise
  controller.abort()
  await settle()
  gate.resolve({ kind: 'allow' })
  const result = await pending

  expect(guardCalls, 'guard calls').toBe(1)
  expectGuardDenial(result, 'guard wins')
  expect(probe.bodyCalls, 'body calls').toBe(0)
})

check('GRD-12', 'a guard that denies everything changes neither get(), schemas() nor executionMode()', async ({ tools }) => {
  const { definition } = probeTool('read', { isConcurrencySafe: () => true })
  tools.register(definition)
  const before = { get: tools.get('read'), schemas: tools.schemas(), mode: tools.executionMode(call('read')) }

  tools.guard(() => 'nothing runs')

  expect(tools.get('read')).toBe(before.get)
  expect(tools.get('read')).toBe(definition)
  expect(tools.schemas()).toEqual(before.schemas)
  expect(tools.schemas().map((s) => s.name)).toEqual(['read'])
  expect(tools.executionMode(call('read'))).toEqual({ kind: 'parallel' })
})

check(
  'GRD-12',
  'a scoped guard leaves that scope view unchanged',
  async ({ tools, scope }) => {
    const agentScope = await scope()
    const { definition } = probeTool('read', { isConcurrencySafe: () => true })
    tools.register(definition)

    agentScope.tools.guard(() => 'nothing runs here')

    expect(tools.get('read', agentScope.agent)).toBe(definition)
    expect(tools.schemas(agentScope.agent).map((s) => s.name)).toEqual(['read'])
    expect(tools.executionMode(call('read', {}, { agent: agentScope.agent }))).toEqual({ kind: 'parallel' })
  },
  { needs: ['scopes'] },
)

check('GRD-13', 'a non-JSON guard return fails with the lossless-JSON message', async ({ tools }) => {
  tools.register(probeTool('write').definition)
  tools.guard((() => () => 'no') as unknown as ToolGuard)

  const result = await tools.execute(call('write'))

  expect(result.error?.message).toBe('tool result must be losslessly JSON-serializable')
  expectNoInfo(result, 'ERR-14')
})

check(
  'GRD-09',
  "a guard that throws a coded error ends the call as a final failure with that error's info",
  async ({ harness, tools, harnessError }) => {
    const { stages, probe } = setup(harness, tools)
    const thrown = harnessError('guard broke', 'GUARD_DOWN')
    let calls = 0
    tools.guard(() => {
      calls += 1
      throw thrown
    })

    const result = await tools.execute(call('write'))

    expectGuardConsulted(calls)
    // That the failure keeps the error's info is ERR-21's alone (OP-56).
    incidental('ERR-21', () => expect(result.error?.info, "the error's info (ERR-21)").toEqual({ name: thrown.name, code: 'GUARD_DOWN' }))
    expectThrownMessage(result, 'guard broke', 'ERR-13')
    expect(
      stages.results.map((seen) => seen.result.error),
      'the failure tools/result observes',
    ).toEqual([result.error])
    // Which stages still run is GRD-09's alone.
    forRules('GRD-09', () => {
      expectGuardEndedStages(stages, 'POST-24')
      expect(probe.bodyCalls, 'body calls').toBe(0)
    })
  },
  { needs: ['codedErrors'] },
)

check('GRD-15', 'a guard returning "" denies with the message ""', async ({ tools }) => {
  const probe = probeTool('write')
  tools.register(probe.definition)
  // Returns "", except a non-empty reason for a call passing `{ control: true }`: that a reason denies at all is GRD-07's.
  tools.guard((exec) => ((exec.arguments as { control?: boolean }).control === true ? 'control' : ''))
  await guardDeniesControl(tools, call('write', { control: true }), 'control')

  const result = await tools.execute(call('write'))

  // That a "" reason denies at all is GRD-10's.
  precondition('GRD-10', () => expect(result.isError, 'the "" reason denies').toBe(true))
  expect(result.error?.message).toBe('')
  expectEnveloped(result)
  expect(probe.bodyCalls, 'body calls').toBe(0)
})

check('GRD-16', "a guard denial's message is the guard's reason verbatim", async ({ tools }) => {
  tools.register(probeTool('write').definition)
  tools.guard(() => 'writes are frozen')

  const result = await tools.execute(call('write'))

  expect(result.isError, 'the guard denies').toBe(true)
  expect(result.error?.message, 'the message is the reason, with no prefix').toBe('writes are frozen')
})
