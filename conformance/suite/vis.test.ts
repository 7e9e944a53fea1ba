import { $Object } from './_kit/intrinsics.ts'
import { expect } from 'vitest'
import type { ScopeHandle, Subscribe, ToolEventListeners, ToolRuntimeApi, ToolsContextApi } from '../adapter/contract.ts'
import type { Agent } from '../spec/types.ts'
import { countChanges } from './_kit/changes.ts'
import { check } from './_kit/check.ts'
import { incidental } from './_kit/incidental.ts'
import { call } from './_kit/inputs.ts'
import { expectCode, expectEnveloped, expectSuccess } from './_kit/result-assertions.ts'
import { expectTool } from './_kit/same-tool.ts'
import { thrownBy, thrownMessage } from './_kit/thrown.ts'
import { probeTool } from './_kit/tools.ts'
import type { ToolProbe } from './_kit/tools.ts'

/** Registers one probe per name through `layer`; returns them by name. */
function registerAll(layer: ToolsContextApi, ...names: string[]): Record<string, ToolProbe> {
  const probes: Record<string, ToolProbe> = {}
  for (const name of names) {
    probes[name] = probeTool(name)
    layer.register(probes[name].definition)
  }
  return probes
}

/** Names `agent` sees through `get`, among `candidates`. */
function seen(tools: ToolRuntimeApi, agent: Agent | undefined, candidates: readonly string[]): string[] {
  return candidates.filter((name) => tools.get(name, agent) !== undefined)
}

type ScopedStage = 'pre' | 'execute' | 'post' | 'result'

/** Pass-through listeners on the four scope-filtered events, counting calls by name. */
function listen(on: Subscribe): { readonly seen: Record<ScopedStage, string[]> } {
  const log: Record<ScopedStage, string[]> = { pre: [], execute: [], post: [], result: [] }
  on('tools/pre-execute', (exec, next) => {
    log.pre.push(exec.callId)
    return next()
  })
  on('tools/execute', (exec, next) => {
    log.execute.push(exec.callId)
    return next()
  })
  on('tools/post-execute', (exec, _result, next) => {
    log.post.push(exec.callId)
    return next()
  })
  on('tools/result', (exec) => {
    log.result.push(exec.callId)
  })
  return { seen: log }
}

// ---------------------------------------------------------------- VIS-01

check('VIS-01', 'own registrations shadow inherited ones and escape restrictions that hide the rest', async ({ tools, scope }) => {
  const globals = registerAll(tools, 'a', 'b', 'c')
  const s = await scope()
  s.tools.restrict({ deny: ['a', 'b'] })
  const ownB = probeTool('b')
  s.tools.register(ownB.definition)

  expect(tools.get('a', s.agent)).toBeUndefined()
  // That the scope's own registration escapes its restrictions is VIS-11's (one owner, issue 39).
  incidental('VIS-11', () => expectTool(tools.get('b', s.agent), ownB))
  expectTool(tools.get('c', s.agent), globals.c)
})

check(
  'VIS-01',
  "an ancestor's registration shadows a global one for its descendants, and the scope's own entry, if it may register one, shadows both",
  async ({ tools, scope }) => {
    tools.register(probeTool('x').definition)
    const parent = await scope()
    const child = await scope(parent)
    const parentX = probeTool('x')
    parent.tools.register(parentX.definition)

    expectTool(tools.get('x', child.agent), parentX)
    const childX = probeTool('x')
    // Whether a scope may repeat a name its parent holds is open (OP-09): upstream lets it (REG-27).
    let registered = true
    try {
      child.tools.register(childX.definition)
    } catch {
      registered = false
    }
    incidental('REG-27', () => expect(registered, 'the child registers a name its parent holds (REG-27)').toBe(true))
    expectTool(tools.get('x', child.agent), registered ? childX : parentX)
    expectTool(tools.get('x', parent.agent), parentX)
  },
  { needs: ['scopeParents'] },
)

// Which of two ancestors' same-name entries a scope inherits is open (OP-37): upstream's nearest is VIS-30's.
check(
  'VIS-30',
  "a nearer ancestor's entry replaces a farther ancestor's of the same name",
  async ({ tools, scope }) => {
    const grandparent = await scope()
    const parent = await scope(grandparent)
    const child = await scope(parent)
    grandparent.tools.register(probeTool('x').definition)
    const parentX = probeTool('x')
    parent.tools.register(parentX.definition)

    expectTool(tools.get('x', child.agent), parentX)
  },
  { needs: ['scopeParents'] },
)

// ---------------------------------------------------------------- VIS-02

check('VIS-02', 'get() returns the registered definition or undefined', ({ tools }) => {
  const probe = probeTool('echo')
  tools.register(probe.definition)
  expectTool(tools.get('echo'), probe)
  expect(tools.get('nowhere')).toBeUndefined()
})

check(
  'VIS-02',
  'get() without a scope ignores scope-local registrations; get() with one applies its view',
  async ({ tools, scope }) => {
    registerAll(tools, 'g')
    const s = await scope()
    const other = await scope()
    const local = probeTool('local')
    s.tools.register(local.definition)
    s.tools.restrict({ deny: ['g'] })

    expect(tools.get('local')).toBeUndefined()
    expectTool(tools.get('local', s.agent), local)
    expect(tools.get('local', other.agent)).toBeUndefined()
    expect(tools.get('g', s.agent)).toBeUndefined()
    expect(tools.get('g')).toBeDefined()
    expect(tools.get('g', other.agent)).toBeDefined()
  },
  { needs: ['scopes'] },
)

// ---------------------------------------------------------------- VIS-03

check('VIS-03', 'a name registered nowhere fails with UNKNOWN_TOOL', async ({ tools }) => {
  registerAll(tools, 'echo')
  expectCode(await tools.execute(call('nowhere')), 'UNKNOWN_TOOL')
})

check(
  'VIS-03',
  "another scope's tool and a restricted-away tool fail with UNKNOWN_TOOL without running",
  async ({ tools, scope }) => {
    const global = registerAll(tools, 'g').g as ToolProbe
    const owner = await scope()
    const stranger = await scope()
    const local = probeTool('local')
    owner.tools.register(local.definition)
    stranger.tools.restrict({ deny: ['g'] })

    expectCode(await tools.execute(call('local', {}, { agent: stranger.agent })), 'UNKNOWN_TOOL')
    expectCode(await tools.execute(call('local')), 'UNKNOWN_TOOL')
    expectCode(await tools.execute(call('g', {}, { agent: stranger.agent })), 'UNKNOWN_TOOL')
    expect([local.bodyCalls, global.bodyCalls]).toEqual([0, 0])
  },
  { needs: ['scopes'] },
)

// ---------------------------------------------------------------- VIS-25

check(
  'VIS-25',
  'an unknown name passes through pre-execute, guards, tools/execute and post-execute before failing as UNKNOWN_TOOL',
  async ({ harness, tools }) => {
    const seenStages: string[] = []
    harness.on('tools/pre-execute', (exec, next) => {
      seenStages.push(`pre:${exec.name}`)
      return next()
    })
    tools.guard((exec) => {
      seenStages.push(`guard:${exec.name}`)
      return undefined
    })
    harness.on('tools/execute', (exec, next) => {
      seenStages.push(`execute:${exec.name}`)
      return next()
    })
    harness.on('tools/post-execute', (exec, result, next) => {
      seenStages.push(`post:${exec.name}:${result.error?.info?.code}`)
      return next()
    })

    const result = await tools.execute(call('ghost'))

    expectCode(result, 'UNKNOWN_TOOL')
    expect(seenStages, 'stage order').toEqual(['pre:ghost', 'guard:ghost', 'execute:ghost', 'post:ghost:UNKNOWN_TOOL'])
  },
)

check('VIS-25', 'a pre-execute deny and a guard denial decide calls naming tools outside the view', async ({ harness, tools }) => {
  harness.on('tools/pre-execute', (exec, next) => (exec.name === 'denied' ? { kind: 'deny', reason: 'pre says no' } : next()))
  tools.guard((exec) => (exec.name === 'guarded' ? 'guard says no' : undefined))

  const denied = await tools.execute(call('denied'))
  const guarded = await tools.execute(call('guarded'))

  expect([denied.isError, denied.error?.message], 'the pre-execute deny decides').toEqual([true, 'pre says no'])
  // A guard denial, not UNKNOWN_TOOL; its message is open (OP-02): that it is the reason is GRD-16's.
  expect([guarded.isError, guarded.error?.info?.code], 'the guard denial decides').toEqual([true, undefined])
  incidental('GRD-16', () => expect(guarded.error?.message, 'the guard denial decides with its reason (GRD-16)').toBe('guard says no'))
})

check(
  'VIS-25',
  'a tool registered only in another scope reaches pre-execute for this agent and ends as UNKNOWN_TOOL at dispatch',
  async ({ harness, tools, scope }) => {
    const owner = await scope()
    const caller = await scope()
    const probe = probeTool('private')
    owner.tools.register(probe.definition)
    const log = listen(harness.on)

    const result = await tools.execute(call('private', {}, { agent: caller.agent, callId: 'c1' }))

    expectCode(result, 'UNKNOWN_TOOL')
    expect(log.seen, 'stages').toEqual({ pre: ['c1'], execute: ['c1'], post: ['c1'], result: ['c1'] })
    expect(probe.bodyCalls, 'body calls').toBe(0)
  },
  { needs: ['scopes'] },
)

// ---------------------------------------------------------------- VIS-04..07

check('VIS-04', 'restrict() through the global context throws and hides nothing', ({ tools }) => {
  registerAll(tools, 'a')
  expect(thrownBy(() => tools.restrict({ deny: ['a'] }))).toBeInstanceOf(Error)
  expect(tools.get('a')).toBeDefined()
})

check('VIS-05', 'restrict() with neither list throws', async ({ tools, scope }) => {
  registerAll(tools, 'a')
  const s = await scope()
  expect(thrownBy(() => s.tools.restrict({}))).toBeInstanceOf(Error)
  expect(thrownBy(() => s.tools.restrict({ allow: undefined, deny: undefined }))).toBeInstanceOf(Error)
})

check('VIS-06', 'restrict() naming run_code throws and installs nothing', async ({ tools, scope }) => {
  registerAll(tools, 'a', 'b')
  const s = await scope()
  expect(thrownBy(() => s.tools.restrict({ allow: ['a', 'run_code'] }))).toBeInstanceOf(Error)
  expect(thrownBy(() => s.tools.restrict({ deny: ['run_code'] }))).toBeInstanceOf(Error)
  expect(seen(tools, s.agent, ['a', 'b'])).toEqual(['a', 'b'])
})

check('VIS-07', 'restrict() rejects a name registered nowhere and a name of its own, and installs nothing', async ({ tools, scope }) => {
  registerAll(tools, 'a', 'b')
  const s = await scope()
  s.tools.register(probeTool('local').definition)

  expect(thrownBy(() => s.tools.restrict({ deny: ['a', 'ghost'] }))).toBeInstanceOf(Error)
  expect(thrownBy(() => s.tools.restrict({ allow: ['a', 'local'] }))).toBeInstanceOf(Error)
  expect(seen(tools, s.agent, ['a', 'b', 'local'])).toEqual(['a', 'b', 'local'])

  s.tools.restrict({ deny: ['a'] })
  expect(seen(tools, s.agent, ['a', 'b', 'local'])).toEqual(['b', 'local'])
})

// VIS-36: the seeds fail "unknown names" without saying unknown to whom; a name only a sibling scope registered is
// known to the registry but not inherited by the caller. Upstream refuses it.
check('VIS-36', 'restrict() rejects a name only another, non-ancestor scope registered, and installs nothing', async ({ tools, scope }) => {
  registerAll(tools, 'a', 'b')
  const s = await scope()
  const sibling = await scope()
  sibling.tools.register(probeTool('theirs').definition)

  expect(thrownBy(() => s.tools.restrict({ deny: ['a', 'theirs'] }))).toBeInstanceOf(Error)
  expect(seen(tools, s.agent, ['a', 'b'])).toEqual(['a', 'b'])
})

// Seed 000's prose lets a restriction act on ancestors' registrations, its JSDoc on global tools only (OP-38): upstream's is VIS-31's.
check(
  'VIS-31',
  'a name registered by an ancestor scope is restrictable',
  async ({ tools, scope }) => {
    const parent = await scope()
    const child = await scope(parent)
    parent.tools.register(probeTool('p').definition)
    child.tools.restrict({ deny: ['p'] })
    expect(tools.get('p', child.agent)).toBeUndefined()
  },
  { needs: ['scopeParents'] },
)

// VIS-31's restrict() part alone: a registry may accept the name and still leave the ancestor's entry alone (OP-38's
// other side filters the global tools only), which the filtering tests judge.
check(
  'VIS-31',
  'restrict() accepts a name only an ancestor scope registered',
  async ({ tools, scope }) => {
    const parent = await scope()
    const child = await scope(parent)
    parent.tools.register(probeTool('p').definition)
    expect(() => child.tools.restrict({ deny: ['p'] }), 'as a denied name').not.toThrow()
    expect(() => child.tools.restrict({ allow: ['p'] }), 'as an allowed name').not.toThrow()
    expect(seen(tools, parent.agent, ['p'])).toEqual(['p'])
  },
  { needs: ['scopeParents'] },
)

// ---------------------------------------------------------------- VIS-08..12

check('VIS-08', 'an allow list keeps later inherited tools hidden; a deny list lets them through', async ({ tools, scope }) => {
  registerAll(tools, 'a')
  const allowing = await scope()
  const denying = await scope()
  allowing.tools.restrict({ allow: ['a'] })
  denying.tools.restrict({ deny: ['a'] })

  registerAll(tools, 'later')

  expect(seen(tools, allowing.agent, ['a', 'later'])).toEqual(['a'])
  expect(seen(tools, denying.agent, ['a', 'later'])).toEqual(['later'])
})

check('VIS-08', 'mutating the lists after restrict() changes nothing', async ({ tools, scope }) => {
  registerAll(tools, 'a', 'b', 'c')
  const s = await scope()
  const deny = ['a']
  s.tools.restrict({ deny })
  deny.push('b')
  deny[0] = 'c'

  expect(seen(tools, s.agent, ['a', 'b', 'c'])).toEqual(['b', 'c'])
})

check('VIS-09', 'allow and deny combine, restrictions intersect, and each disposer lifts only its own', async ({ tools, scope }) => {
  registerAll(tools, 'a', 'b', 'c')
  const combined = await scope()
  combined.tools.restrict({ allow: ['a', 'b'], deny: ['b'] })
  expect(seen(tools, combined.agent, ['a', 'b', 'c'])).toEqual(['a'])

  const layered = await scope()
  const liftAllow = layered.tools.restrict({ allow: ['a', 'b'] })
  const liftDeny = layered.tools.restrict({ deny: ['a'] })
  expect(seen(tools, layered.agent, ['a', 'b', 'c'])).toEqual(['b'])
  liftDeny()
  expect(seen(tools, layered.agent, ['a', 'b', 'c'])).toEqual(['a', 'b'])
  liftAllow()
  expect(seen(tools, layered.agent, ['a', 'b', 'c'])).toEqual(['a', 'b', 'c'])
})

check('VIS-10', "a child's restriction of global tools narrows the child's view only, not its parent's or the global view", async ({ tools, scope }) => {
  registerAll(tools, 'g1', 'g2', 'g3')
  const parent = await scope()
  const child = await scope(parent)
  child.tools.restrict({ deny: ['g1'] })

  expect(seen(tools, child.agent, ['g1', 'g2', 'g3'])).toEqual(['g2', 'g3'])
  expect(seen(tools, parent.agent, ['g1', 'g2', 'g3'])).toEqual(['g1', 'g2', 'g3'])
  expect(seen(tools, undefined, ['g1', 'g2', 'g3'])).toEqual(['g1', 'g2', 'g3'])
})

check('VIS-31', "a child's restriction narrows ancestor registrations for the child only", async ({ tools, scope }) => {
  const parent = await scope()
  const child = await scope(parent)
  registerAll(parent.tools, 'p')
  child.tools.restrict({ deny: ['p'] })

  expect(tools.get('p', child.agent)).toBeUndefined()
  expect(tools.get('p', parent.agent)).toBeDefined()
})

check(
  'VIS-31',
  "a child's restriction of a global name also hides its parent's registration of that name",
  async ({ tools, scope }) => {
    tools.register(probeTool('x').definition)
    const parent = await scope()
    const child = await scope(parent)
    const fromParent = probeTool('x')
    parent.tools.register(fromParent.definition)
    // 'x' is a global name, so restrict() accepts it on either side of OP-38; only what it filters differs.
    child.tools.restrict({ deny: ['x'] })

    expectTool(tools.get('x', parent.agent), fromParent, "the parent's own entry")
    expect(tools.get('x', child.agent), "the child sees neither the parent's entry nor the global one").toBeUndefined()
  },
  { needs: ['scopeParents'] },
)

// Whether an ancestor's restriction narrows its descendants' views is open (OP-39): upstream's yes is VIS-32's.
check('VIS-32', "an ancestor's restriction narrows what every descendant inherits through it", async ({ tools, scope }) => {
  registerAll(tools, 'g1', 'g2')
  const grandparent = await scope()
  const parent = await scope(grandparent)
  const child = await scope(parent)
  const grandchild = await scope(child)
  parent.tools.restrict({ allow: ['g2'] })

  expect(seen(tools, grandparent.agent, ['g1', 'g2'])).toEqual(['g1', 'g2'])
  expect(seen(tools, parent.agent, ['g1', 'g2'])).toEqual(['g2'])
  expect(seen(tools, child.agent, ['g1', 'g2'])).toEqual(['g2'])
  expect(seen(tools, grandchild.agent, ['g1', 'g2'])).toEqual(['g2'])
})

// VIS-26: whether an ancestor's restriction reaches the ancestor's own registrations as its descendants inherit them.
check(
  'VIS-26',
  "an ancestor's restriction hides the ancestor's own registrations from its descendants, not from itself",
  async ({ tools, scope }) => {
    registerAll(tools, 'g1', 'g2')
    const parent = await scope()
    const child = await scope(parent)
    const { p } = registerAll(parent.tools, 'p') as { p: ToolProbe }
    parent.tools.restrict({ allow: ['g2'] })

    expect(seen(tools, parent.agent, ['g1', 'g2', 'p'])).toEqual(['g2', 'p'])
    expect(seen(tools, child.agent, ['g1', 'g2', 'p'])).toEqual(['g2'])
    expectCode(await tools.execute(call('p', {}, { agent: child.agent })), 'UNKNOWN_TOOL')
    expect(p.bodyCalls, 'body calls from the child').toBe(0)
  },
  { needs: ['scopeParents'] },
)

check(
  'VIS-26',
  "a grandparent's restriction hides a parent's registration from the grandchild",
  async ({ tools, scope }) => {
    registerAll(tools, 'g')
    const grandparent = await scope()
    const parent = await scope(grandparent)
    const child = await scope(parent)
    registerAll(parent.tools, 'p')
    // The grandparent does not inherit 'p', so it can only hide it by allow-listing around it.
    grandparent.tools.restrict({ allow: ['g'] })

    expect(seen(tools, parent.agent, ['g', 'p'])).toEqual(['g', 'p'])
    expect(seen(tools, child.agent, ['g', 'p'])).toEqual(['g'])
  },
  { needs: ['scopeParents'] },
)

check(
  'VIS-26',
  "a descendant may restrict a name an ancestor's restriction hides from it",
  async ({ tools, scope }) => {
    registerAll(tools, 'g1', 'g2')
    const parent = await scope()
    const child = await scope(parent)
    const liftParent = parent.tools.restrict({ deny: ['g1'] })

    const liftChild = child.tools.restrict({ deny: ['g1'] })
    expect(seen(tools, child.agent, ['g1', 'g2'])).toEqual(['g2'])
    liftParent()
    expect(seen(tools, child.agent, ['g1', 'g2']), "the child's own deny stays in force").toEqual(['g2'])
    liftChild()
    expect(seen(tools, child.agent, ['g1', 'g2'])).toEqual(['g1', 'g2'])
  },
  { needs: ['scopeParents'] },
)

check(
  'VIS-26',
  "a grandparent's restriction hides its own registration from the grandchild too",
  async ({ tools, scope }) => {
    registerAll(tools, 'g')
    const grandparent = await scope()
    const parent = await scope(grandparent)
    const child = await scope(parent)
    registerAll(grandparent.tools, 'p')
    grandparent.tools.restrict({ allow: ['g'] })

    // The grandchild's parent holds nothing of its own: its view is the first VIS-26 test's case.
    expect(seen(tools, grandparent.agent, ['g', 'p'])).toEqual(['g', 'p'])
    expect(seen(tools, child.agent, ['g', 'p'])).toEqual(['g'])
  },
  { needs: ['scopeParents'] },
)

check(
  'VIS-26',
  "a parent's restriction hides its own entry of a name a grandparent registers too",
  async ({ tools, scope }) => {
    const grandparent = await scope()
    const parent = await scope(grandparent)
    const child = await scope(parent)
    // The nearer entry first: a registry refusing a name an ancestor registers (OP-09) still takes these two.
    registerAll(parent.tools, 'p')
    registerAll(grandparent.tools, 'p')
    // The parent inherits the grandparent's 'p', so it may restrict the name.
    parent.tools.restrict({ deny: ['p'] })

    expect(seen(tools, parent.agent, ['p'])).toEqual(['p'])
    expect(seen(tools, child.agent, ['p']), "neither the parent's entry nor the grandparent's").toEqual([])
  },
  { needs: ['scopeParents'] },
)

check(
  ['VIS-10', 'VIS-03'],
  "a child's restriction of a global tool takes it off the child's schemas and execution, not its parent's",
  async ({ tools, scope }) => {
    const parent = await scope()
    const child = await scope(parent)
    const { bash } = registerAll(tools, 'bash', 'read') as { bash: ToolProbe }
    expect(tools.schemas(child.agent).map((s) => s.name)).toEqual(['bash', 'read'])
    child.tools.restrict({ deny: ['bash'] })

    expect(tools.schemas(child.agent).map((s) => s.name)).toEqual(['read'])
    expectCode(await tools.execute(call('bash', {}, { agent: child.agent })), 'UNKNOWN_TOOL')
    expect(bash.bodyCalls, 'body calls from the child').toBe(0)
    expect(tools.schemas(parent.agent).map((s) => s.name)).toEqual(['bash', 'read'])
    expectSuccess(await tools.execute(call('bash', {}, { agent: parent.agent })))
    expect(bash.bodyCalls, 'body calls from the parent').toBe(1)
  },
)

check('VIS-11', "own registrations stay visible under the scope's own allow and deny lists", async ({ tools, scope }) => {
  registerAll(tools, 'a', 'x')
  const s = await scope()
  const report = probeTool('report')
  const ownX = probeTool('x')
  s.tools.register(report.definition)
  s.tools.register(ownX.definition)
  s.tools.restrict({ allow: ['a'] })
  s.tools.restrict({ deny: ['x'] })

  expectTool(tools.get('report', s.agent), report)
  expectTool(tools.get('x', s.agent), ownX)
  expectSuccess(await tools.execute(call('report', {}, { agent: s.agent })))
})

check(
  'VIS-11',
  "own registrations stay visible under an ancestor's allow list",
  async ({ tools, scope }) => {
    registerAll(tools, 'a')
    const parent = await scope()
    const child = await scope(parent)
    parent.tools.restrict({ allow: ['a'] })
    const report = probeTool('report')
    child.tools.register(report.definition)

    expectTool(tools.get('report', child.agent), report)
  },
  { needs: ['scopeParents'] },
)

check('VIS-12', '{ allow: [] } hides every inherited tool and { deny: [] } hides none', async ({ tools, scope }) => {
  registerAll(tools, 'a', 'b')
  const nothing = await scope()
  const everything = await scope()
  nothing.tools.restrict({ allow: [] })
  everything.tools.restrict({ deny: [] })

  expect(seen(tools, nothing.agent, ['a', 'b'])).toEqual([])
  expect(seen(tools, everything.agent, ['a', 'b'])).toEqual(['a', 'b'])
})

check('VIS-12', 'a restriction outlives the tool it names', async ({ tools, scope }) => {
  const disposeA = tools.register(probeTool('a').definition)
  const s = await scope()
  const lift = s.tools.restrict({ deny: ['a'] })
  disposeA()
  tools.register(probeTool('a').definition)

  expect(tools.get('a', s.agent)).toBeUndefined()
  lift()
  expect(tools.get('a', s.agent)).toBeDefined()
})

// ---------------------------------------------------------------- VIS-14

check('VIS-14', 'installing and lifting a restriction each emit tools/change', async ({ harness, tools, scope }) => {
  registerAll(tools, 'a')
  const s = await scope()
  const changes = countChanges(harness)

  const lift = s.tools.restrict({ deny: ['a'] })
  const afterInstall = changes.count
  lift()

  expect(afterInstall).toBeGreaterThanOrEqual(1)
  expect(changes.count, 'tools/change count').toBeGreaterThan(afterInstall)
})

// Seed 000 §tools/change ties the event to a change of the available tool set, read as one event per change (as
// REG-11 reads it for registrations): a disposer called a second time changes nothing and announces nothing.
check('VIS-14', 'installing and lifting a restriction emit one tools/change each; lifting it again emits none', async ({ harness, tools, scope }) => {
  registerAll(tools, 'a')
  const s = await scope()
  const changes = countChanges(harness)

  const lift = s.tools.restrict({ deny: ['a'] })
  expect(changes.count, 'tools/change count after the install').toBe(1)
  lift()
  expect(changes.count, 'tools/change count after the lift').toBe(2)
  lift()
  expect(changes.count, 'tools/change count after lifting again').toBe(2)
  expect(tools.get('a', s.agent), 'the lifted restriction stays lifted').toBeDefined()
})

check('VIS-14', 'adding and removing guards emits no tools/change', async ({ harness, tools, scope }) => {
  registerAll(tools, 'a')
  const s = await scope()
  const changes = countChanges(harness)

  tools.guard(() => undefined)()
  s.tools.guard(() => 'no')()

  expect(changes.count, 'tools/change count').toBe(0)
  // Control: a restriction, which does change the tool set, reaches the same listener.
  s.tools.restrict({ deny: ['a'] })
  expect(changes.count, 'tools/change count after a restriction').toBeGreaterThan(0)
})

// ---------------------------------------------------------------- VIS-15

/** For one viewer: which names get() and schemas() list and which execute() runs (probe bodies always succeed). */
async function surfaces(tools: ToolRuntimeApi, agent: Agent | undefined, names: readonly string[]) {
  const projected = new Set(tools.schemas(agent).map((s) => s.name))
  const executable: string[] = []
  for (const name of names) {
    const result = await tools.execute(call(name, {}, agent === undefined ? {} : { agent }))
    if (!result.isError) executable.push(name)
  }
  return { get: seen(tools, agent, names), schemas: names.filter((n) => projected.has(n)), execute: executable }
}

check('VIS-15', 'get, schemas and execute agree on the global view as it changes', async ({ tools }) => {
  const disposeB = tools.register(probeTool('b').definition)
  registerAll(tools, 'a')
  const before = await surfaces(tools, undefined, ['a', 'b', 'zz'])
  disposeB()
  const after = await surfaces(tools, undefined, ['a', 'b', 'zz'])

  for (const view of [before, after]) {
    expect(view.schemas).toEqual(view.get)
    expect(view.execute).toEqual(view.get)
  }
  expect([before.get, after.get]).toEqual([['a', 'b'], ['a']])
})

check(
  'VIS-15',
  'in a scope with shadowing and restrictions, the definition looked up is the one that runs and classifies',
  async ({ tools, scope }) => {
    const globals = {
      a: probeTool('a', { isConcurrencySafe: () => true }),
      b: probeTool('b'),
      c: probeTool('c'),
    }
    for (const probe of $Object.values(globals)) tools.register(probe.definition)
    const s = await scope()
    const ownA = probeTool('a', { isConcurrencySafe: () => false })
    s.tools.register(ownA.definition)
    s.tools.restrict({ deny: ['b'] })

    const view = await surfaces(tools, s.agent, ['a', 'b', 'c', 'zz'])
    expect(view.schemas).toEqual(view.get)
    expect(view.execute).toEqual(view.get)
    expect(view.get).toEqual(['a', 'c'])

    expect([ownA.bodyCalls, globals.a.bodyCalls, globals.b.bodyCalls]).toEqual([1, 0, 0])
    expect(tools.executionMode(call('a', {}, { agent: s.agent }))).toEqual({ kind: 'exclusive' })
    expect(tools.executionMode(call('a'))).toEqual({ kind: 'parallel' })
  },
  { needs: ['scopes'] },
)

check(
  'VIS-15',
  "of two ancestors' entries of one name, the one get() resolves is the one schemas() lists and execute() runs",
  async ({ tools, scope }) => {
    const grandparent = await scope()
    const parent = await scope(grandparent)
    const child = await scope(parent)
    const near = probeTool('x', { description: "the parent's entry" })
    const far = probeTool('x', { description: "the grandparent's entry" })
    // The nearer entry first: a registry refusing a name an ancestor registers (OP-09) still takes both.
    parent.tools.register(near.definition)
    // OP-37's third side may refuse the conflict here: the child then inherits the parent's entry alone.
    try {
      grandparent.tools.register(far.definition)
    } catch {}

    // Which entry the child inherits is open (OP-37, VIS-30); only that every surface agrees is VIS-15's.
    const resolved = tools.get('x', child.agent)
    if (resolved === undefined) {
      // OP-37's third side may leave the conflict unresolved: then no surface offers x.
      expect(
        tools.schemas(child.agent).filter((schema) => schema.name === 'x'),
        'schemas() lists no entry get() does not resolve',
      ).toEqual([])
      expectCode(await tools.execute(call('x', {}, { agent: child.agent })), 'UNKNOWN_TOOL')
      expect([near.bodyCalls, far.bodyCalls], 'no body ran').toEqual([0, 0])
      return
    }
    const winner = resolved.execute === far.definition.execute ? far : near
    expectTool(resolved, winner)
    const listed = tools.schemas(child.agent).filter((schema) => schema.name === 'x')
    expect(
      listed.map((schema) => schema.description),
      'schemas() lists the entry get() resolves',
    ).toEqual([winner.definition.description])
    expectSuccess(await tools.execute(call('x', {}, { agent: child.agent })))
    expect([near.bodyCalls, far.bodyCalls], 'the body that ran').toEqual(winner === near ? [1, 0] : [0, 1])
  },
  { needs: ['scopes', 'scopeParents'] },
)

// ---------------------------------------------------------------- VIS-16

check('VIS-16', 'a tool unregistered during pre-execute fails with UNKNOWN_TOOL at dispatch', async ({ harness, tools }) => {
  const probe = probeTool('echo')
  const dispose = tools.register(probe.definition)
  harness.on('tools/pre-execute', (_exec, next) => {
    dispose()
    return next()
  })

  expectCode(await tools.execute(call('echo')), 'UNKNOWN_TOOL')
  expect(probe.bodyCalls, 'body calls').toBe(0)
})

check(
  'VIS-16',
  'a tool restricted away during pre-execute fails with UNKNOWN_TOOL at dispatch',
  async ({ harness, tools, scope }) => {
    const probe = probeTool('echo')
    tools.register(probe.definition)
    const s = await scope()
    harness.on('tools/pre-execute', (_exec, next) => {
      s.tools.restrict({ deny: ['echo'] })
      return next()
    })

    expectCode(await tools.execute(call('echo', {}, { agent: s.agent })), 'UNKNOWN_TOOL')
    expect(probe.bodyCalls, 'body calls').toBe(0)
  },
  { needs: ['scopes'] },
)

check('VIS-16', 'a post-execute value replacement for a tool removed meanwhile fails with UNKNOWN_TOOL', async ({ harness, tools }) => {
  const probe = probeTool('echo')
  const dispose = tools.register(probe.definition)
  harness.on('tools/post-execute', () => {
    dispose()
    return { kind: 'accept', value: { replaced: true } }
  })

  expectCode(await tools.execute(call('echo')), 'UNKNOWN_TOOL')
  expect(probe.bodyCalls, 'body calls').toBe(1)
})

check('VIS-16', "a wrapper's own success for a tool removed meanwhile fails with UNKNOWN_TOOL", async ({ harness, tools }) => {
  const probe = probeTool('echo')
  const dispose = tools.register(probe.definition)
  harness.on('tools/execute', () => {
    dispose()
    return { isError: false, value: { cached: true }, content: [] }
  })

  expectCode(await tools.execute(call('echo')), 'UNKNOWN_TOOL')
  expect(probe.bodyCalls, 'body calls').toBe(0)
})

check('VIS-16', "a wrapper's own success for a tool removed after next() returned fails with UNKNOWN_TOOL", async ({ harness, tools }) => {
  const probe = probeTool('echo')
  const dispose = tools.register(probe.definition)
  harness.on('tools/execute', async (_exec, next) => {
    await next()
    dispose()
    return { isError: false, value: { late: true }, content: [] }
  })

  expectCode(await tools.execute(call('echo')), 'UNKNOWN_TOOL')
  expect(probe.bodyCalls, 'body calls').toBe(1)
})

// ---------------------------------------------------------------- VIS-17

check('VIS-17', 'views inherit down the parent chain and never up or sideways', async ({ tools, scope }) => {
  const grand = await scope()
  const parent = await scope(grand)
  const child = await scope(parent)
  const cousin = await scope(grand)
  registerAll(grand.tools, 'g')
  registerAll(parent.tools, 'p')
  registerAll(child.tools, 'c')
  const names = ['g', 'p', 'c']

  expect(seen(tools, child.agent, names)).toEqual(['g', 'p', 'c'])
  expect(seen(tools, parent.agent, names)).toEqual(['g', 'p'])
  expect(seen(tools, grand.agent, names)).toEqual(['g'])
  expect(seen(tools, cousin.agent, names)).toEqual(['g'])
})

// ---------------------------------------------------------------- VIS-18

check('VIS-18', "scope listeners see only their agent's calls; global listeners see all", async ({ harness, tools, scope }) => {
  registerAll(tools, 'echo')
  const s = await scope()
  const other = await scope()
  const scoped = listen(s.on)
  const global = listen(harness.on)

  await tools.execute(call('echo', {}, { agent: s.agent, callId: 'mine' }))
  await tools.execute(call('echo', {}, { agent: other.agent, callId: 'theirs' }))
  await tools.execute(call('echo', {}, { callId: 'agentless' }))

  expect(scoped.seen).toEqual({ pre: ['mine'], execute: ['mine'], post: ['mine'], result: ['mine'] })
  const all = ['mine', 'theirs', 'agentless']
  expect(global.seen).toEqual({ pre: all, execute: all, post: all, result: all })
})

// Whether the parent's listener hears its child's call is open (OP-03): upstream's yes is VIS-27's, charged incidentally.
check(
  'VIS-18',
  "a scope listener sees its own agent's calls but not its ancestors'",
  async ({ tools, scope }) => {
    registerAll(tools, 'echo')
    const parent = await scope()
    const child = await scope(parent)
    const atParent = listen(parent.on)
    const atChild = listen(child.on)

    await tools.execute(call('echo', {}, { agent: child.agent, callId: 'from-child' }))
    await tools.execute(call('echo', {}, { agent: parent.agent, callId: 'from-parent' }))

    expect(atParent.seen.result.filter((id) => id !== 'from-child')).toEqual(['from-parent'])
    expect(atParent.seen.pre.filter((id) => id !== 'from-child')).toEqual(['from-parent'])
    incidental('VIS-27', () => {
      expect(atParent.seen.result, "the parent's listener hears its child's call (VIS-27)").toEqual(['from-child', 'from-parent'])
      expect(atParent.seen.pre, "the parent's listener hears its child's call (VIS-27)").toEqual(['from-child', 'from-parent'])
    })
    expect(atChild.seen.result).toEqual(['from-child'])
    expect(atChild.seen.pre).toEqual(['from-child'])
  },
  { needs: ['scopeParents'] },
)

check(
  'VIS-18',
  'tools/change reaches scope listeners for changes made anywhere',
  async ({ tools, scope }) => {
    const s = await scope()
    const other = await scope()
    const changes = countChanges(s)

    tools.register(probeTool('g').definition)
    const afterGlobal = changes.count
    other.tools.register(probeTool('elsewhere').definition)

    expect(afterGlobal).toBeGreaterThanOrEqual(1)
    expect(changes.count, 'tools/change count').toBeGreaterThan(afterGlobal)
  },
  { needs: ['changeEvents'] },
)

// ---------------------------------------------------------------- should: messages

check('VIS-19', 'UNKNOWN_TOOL names the tool in its message and content', async ({ tools }) => {
  const result = await tools.execute(call('nowhere'))
  expect(result.error?.message).toBe('unknown tool "nowhere"')
  expectEnveloped(result)
})

check('VIS-20', 'unscoped restrict() says it requires a scoped context', ({ tools }) => {
  registerAll(tools, 'a')
  expect(thrownMessage(() => tools.restrict({ deny: ['a'] }))).toMatch(/requires a scoped context/)
})

check('VIS-21', 'restrict({}) is reported as a no-op', async ({ scope }) => {
  const s = await scope()
  expect(thrownMessage(() => s.tools.restrict({}))).toMatch(/no-op/)
})

check('VIS-22', 'restricting run_code is reported as naming the reserved transport', async ({ tools, scope }) => {
  registerAll(tools, 'a')
  const s = await scope()
  expect(thrownMessage(() => s.tools.restrict({ deny: ['run_code'] }))).toMatch(/cannot name reserved Code Mode presentation transport/)
})

check('VIS-23', 'one unknown restricted name is reported with the sorted known names', async ({ tools, scope }) => {
  registerAll(tools, 'zeta', 'alpha')
  const s = await scope()
  expect(thrownMessage(() => s.tools.restrict({ deny: ['ghost'] }))).toBe('tools.restrict() names unknown global tool "ghost"; known global tools: alpha, zeta')
})

check('VIS-23', 'several unknown names are listed together', async ({ tools, scope }) => {
  registerAll(tools, 'alpha')
  const s = await scope()
  expect(thrownMessage(() => s.tools.restrict({ allow: ['ghost', 'alpha', 'spook'] }))).toBe(
    'tools.restrict() names unknown global tools "ghost", "spook"; known global tools: alpha',
  )
})

check('VIS-23', 'an empty inherited set is reported as (none)', async ({ scope }) => {
  const s: ScopeHandle = await scope()
  s.tools.register(probeTool('local').definition)
  expect(thrownMessage(() => s.tools.restrict({ deny: ['local'] }))).toBe('tools.restrict() names unknown global tool "local"; known global tools: (none)')
})

// ---------------------------------------------------------------- VIS-24

/** A pass-through pre-execute listener that logs `label` each time it runs. */
function logging(log: string[], label: string): ToolEventListeners['tools/pre-execute'] {
  return (_exec, next) => {
    log.push(label)
    return next()
  }
}

check('VIS-24', "a listener's disposer removes exactly that listener, and a second call removes nothing more", async ({ tools, harness }) => {
  registerAll(tools, 'echo')
  const log: string[] = []
  const disposeFirst = harness.on('tools/pre-execute', logging(log, 'first'))
  harness.on('tools/pre-execute', logging(log, 'second'))
  const disposeThird = harness.on('tools/pre-execute', logging(log, 'third'))
  harness.on('tools/pre-execute', logging(log, 'fourth'))

  disposeFirst()
  disposeFirst()
  expectSuccess(await tools.execute(call('echo')))
  expect(log).toEqual(['second', 'third', 'fourth'])

  log.length = 0
  disposeThird()
  disposeThird()
  disposeFirst()
  expectSuccess(await tools.execute(call('echo')))
  expect(log).toEqual(['second', 'fourth'])
})

check(
  'VIS-24',
  "a scope listener's disposer and the scope's disposal both unsubscribe, leaving other listeners in place",
  async ({ tools, harness, scope }) => {
    registerAll(tools, 'echo')
    const kept = await scope()
    const log: string[] = []
    const disposeGone = kept.on('tools/pre-execute', logging(log, 'gone'))
    kept.on('tools/pre-execute', logging(log, 'kept'))
    disposeGone()
    disposeGone()
    expectSuccess(await tools.execute(call('echo', {}, { agent: kept.agent })))
    expect(log).toEqual(['kept'])

    const doomed = await scope()
    let doomedChanges = 0
    doomed.on('tools/change', () => {
      doomedChanges += 1
    })
    const globalChanges = countChanges(harness)
    await doomed.dispose()
    tools.register(probeTool('later').definition)
    expect(doomedChanges).toBe(0)
    expect(globalChanges.count).toBe(1)
  },
  { needs: ['scopes', 'changeEvents'] },
)

const schemaNames = (tools: ToolRuntimeApi, agent?: Agent): string[] => tools.schemas(agent).map((schema) => schema.name)

/**
 * VIS-13: what `handle` sees of run_code is what `unrestricted` (same presentation, no restriction) sees of it. Where
 * run_code appears in a view at all is CM-02's (get) and SCH-06's (schemas), upstream rules: a registry that keeps the
 * transport out of the view altogether passes, since no restriction can hide it there.
 */
function expectRunCodeUnaffected(tools: ToolRuntimeApi, handle: ScopeHandle, unrestricted: ScopeHandle, label: string): void {
  expect(tools.get('run_code', handle.agent), `${label}: get('run_code') as in an unrestricted scope`).toBe(tools.get('run_code', unrestricted.agent))
  expect(schemaNames(tools, handle.agent).includes('run_code'), `${label}: run_code listed by schemas() as in an unrestricted scope`).toBe(
    schemaNames(tools, unrestricted.agent).includes('run_code'),
  )
}

check(
  'VIS-13',
  'neither an allow list, a deny list nor an attempted scoped registration hides or replaces run_code in a code deployment',
  async ({ tools, scope }) => {
    tools.register(probeTool('echo').definition)
    tools.register(probeTool('other').definition)
    const unrestricted = await scope()
    const allowing = await scope()
    allowing.tools.restrict({ allow: ['echo'] })
    const denying = await scope()
    denying.tools.restrict({ deny: ['echo', 'other'] })
    const shadowing = await scope()
    expect(() => shadowing.tools.register({ ...probeTool('run_code').definition })).toThrow()
    for (const [label, handle] of [
      ['allow', allowing],
      ['deny', denying],
      ['shadow', shadowing],
    ] as const)
      expectRunCodeUnaffected(tools, handle, unrestricted, label)
    expect(schemaNames(tools, allowing.agent)).not.toContain('other')
    expect(schemaNames(tools, denying.agent).filter((name) => name !== 'run_code')).toEqual([])
    incidental('CM-02', () => expect(tools.get('run_code', unrestricted.agent), 'a code deployment shows run_code').toBeDefined())
    incidental('SCH-06', () => expect(schemaNames(tools, unrestricted.agent), 'schemas() lists run_code under code').toContain('run_code'))
  },
  { deployment: { mode: 'code' } },
)

check('VIS-13', 'a scope presenting code under a native deployment keeps run_code under an allow list that omits it', async ({ tools, scope, presentAs }) => {
  tools.register(probeTool('echo').definition)
  tools.register(probeTool('other').definition)
  const unrestricted = await scope()
  presentAs(unrestricted, 'code')
  const handle = await scope()
  presentAs(handle, 'code')
  handle.tools.restrict({ allow: ['echo'] })
  expectRunCodeUnaffected(tools, handle, unrestricted, 'allow')
  expect(schemaNames(tools, handle.agent)).not.toContain('other')
  incidental('CM-02', () => expect(tools.get('run_code', handle.agent), 'a scope presenting code shows run_code').toBeDefined())
  // Whether schemas() under code lists the native tools too is SCH-06's (upstream: presentation-agnostic).
  incidental('SCH-06', () => expect(schemaNames(tools, handle.agent).sort()).toEqual(['echo', 'run_code']))
})
