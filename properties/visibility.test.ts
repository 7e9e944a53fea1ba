/**
 * Laws about views: visibility consistency (E-07), restriction intersection
 * against a model (E-08), fail-closed scheduling (E-11), scoped event routing
 * (E-26), registration reversibility (E-27), guards invisible to the
 * catalogue (E-28), own-layer exemption and shadowing (E-09).
 */
import { $Array, $JSON } from '../conformance/suite/_kit/intrinsics.ts'
import fc from 'fast-check'
import { expect } from 'vitest'
import type { FeatureName, Harness, ScopeHandle, ToolsContextApi } from '../conformance/adapter/contract.ts'
import type { RuleId } from '../conformance/catalogue/index.ts'
import type { Agent, ToolExecutionResult, ToolGuard, ToolRestriction } from '../conformance/spec/types.ts'
import { incidental } from '../conformance/suite/_kit/incidental.ts'
import { call } from '../conformance/suite/_kit/inputs.ts'
import { probeTool } from '../conformance/suite/_kit/tools.ts'
import type { ToolProbe } from '../conformance/suite/_kit/tools.ts'
import { inheritedReadings } from './_kit/inherited-readings.ts'
import { law } from './_kit/law.ts'
import type { LawRun } from './_kit/law.ts'

const NAMES = ['a', 'b', 'c', 'd'] as const

/**
 * Filters with at least one list, and no empty list: the seeds say "Empty filters … fail", which a registry may
 * read as `{ deny: [] }` too, so what an empty list does is left to VIS-12's example tests.
 */
const restriction = fc
  .record({
    allow: fc.option(fc.subarray([...NAMES], { minLength: 1 }), { nil: undefined }),
    deny: fc.option(fc.subarray([...NAMES], { minLength: 1 }), { nil: undefined }),
  })
  .filter((f) => f.allow !== undefined || f.deny !== undefined)

function admits(f: ToolRestriction, name: string): boolean {
  return (f.allow === undefined || f.allow.includes(name)) && (f.deny === undefined || !f.deny.includes(name))
}

/** `f` with each list cut down to the names `keep` admits; a list left empty is dropped, and undefined when both are. */
function narrowFilter(f: ToolRestriction, keep: (name: string) => boolean): ToolRestriction | undefined {
  const allow = f.allow?.filter(keep)
  const deny = f.deny?.filter(keep)
  const out = { ...(allow === undefined || allow.length === 0 ? {} : { allow }), ...(deny === undefined || deny.length === 0 ? {} : { deny }) }
  return out.allow === undefined && out.deny === undefined ? undefined : out
}

/**
 * Installs `filter` on `scope`, whose parent's view is `parentView` (undefined: the global view, for a root scope).
 * Returns the disposer, or undefined when the registry refused a filter naming a name only an ancestor registered
 * (seed 000's prose lets a restriction name it, its JSDoc "global tools" not: upstream's acceptance is VIS-31's) or
 * a name the parent does not see (whether a name an ancestor's restriction hides still counts as inherited is open:
 * upstream's acceptance is VIS-26's), charged incidentally. Any other refusal is rethrown.
 */
function restrictUnlessHidden(r: LawRun, scope: ScopeHandle, filter: ToolRestriction, parentView: Agent | undefined): (() => void) | undefined {
  try {
    return scope.tools.restrict(filter)
  } catch (error) {
    const names = [...(filter.allow ?? []), ...(filter.deny ?? [])]
    if (names.some((n) => r.tools.get(n) === undefined)) {
      incidental('VIS-31', () => {
        throw new Error(`restrict(${$JSON.stringify(filter)}) refused a name only an ancestor registered (VIS-31: it is restrictable): ${String(error)}`)
      })
      return undefined
    }
    if (!names.some((n) => r.tools.get(n, parentView) === undefined)) throw error
    incidental('VIS-26', () => {
      throw new Error(`restrict(${$JSON.stringify(filter)}) refused a name an ancestor's restriction hides (VIS-26: it is still inherited): ${String(error)}`)
    })
    return undefined
  }
}

law(
  'E-08',
  ['VIS-09', 'VIS-10', 'VIS-08'],
  'an inherited tool is visible exactly when every restriction on the chain admits it, before and after lifting any subset',
  {
    arbitrary: fc.record({
      restrictions: fc.array(fc.record({ on: fc.constantFrom('parent', 'child'), filter: restriction }), { maxLength: 5 }),
      lift: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
    }),
    interesting: 'intersecting and merging-by-union the restrictions give different views',
    threshold: 0.2,
    run: async (r, { restrictions, lift }) => {
      for (const n of NAMES) r.tools.register(probeTool(n).definition)
      const parent = await r.scope()
      const child = await r.scope(parent)
      const scopes = { parent, child }
      const lifts = restrictions.map((x) => restrictUnlessHidden(r, scopes[x.on], x.filter, x.on === 'child' ? parent.agent : undefined))
      const installed = restrictions.filter((_, i) => lifts[i] !== undefined)
      const chain = { parent: ['parent'], child: ['parent', 'child'] }

      /**
       * The one rule a wrong answer for `n` seen from `s` is charged to: after a lift VIS-09 (a disposer lifts only
       * its restriction); from the child, a parent's restriction the child does not inherit VIS-10 (when the parent
       * itself sees `n` rightly; otherwise the parent's answer's rule); several restrictions, or a filter with both
       * lists, VIS-09; else that a restriction applies at all, VIS-08.
       */
      const owe = (active: typeof restrictions, when: string, s: 'parent' | 'child', n: string): RuleId => {
        if (when !== 'with every restriction') return 'VIS-09'
        const onChain = active.filter((x) => chain[s].includes(x.on))
        const excluding = onChain.filter((x) => !admits(x.filter, n))
        if (s === 'child' && excluding.length > 0 && excluding.every((x) => x.on === 'parent')) {
          const parentRight = (r.tools.get(n, parent.agent) !== undefined) === active.filter((x) => x.on === 'parent').every((x) => admits(x.filter, n))
          return parentRight ? 'VIS-10' : owe(active, when, 'parent', n)
        }
        const layer = onChain.filter((x) => x.on === s)
        return layer.length > 1 || excluding.some((x) => x.filter.allow !== undefined && x.filter.deny !== undefined) ? 'VIS-09' : 'VIS-08'
      }
      const checkViews = (active: typeof restrictions, when: string): void => {
        for (const s of ['parent', 'child'] as const) {
          for (const n of NAMES) {
            const onChain = active.filter((x) => chain[s].includes(x.on))
            const excludedOn = (layer: 'parent' | 'child'): boolean => active.some((x) => x.on === layer && !admits(x.filter, n))
            // Whether the parent's restriction narrows the child's view is open (OP-39): upstream's yes is VIS-32's.
            const readings = inheritedReadings({
              ancestorEntries: s === 'child' ? [undefined] : [],
              globalEntry: true,
              excludedByOwn: excludedOn(s),
              excludedByAncestor: s === 'child' ? [excludedOn('parent')] : [],
            })
            const got = r.tools.get(n, scopes[s].agent) !== undefined
            if (readings.readings.length > 1) {
              for (const rule of readings.rulesFor(readings.upstream === undefined ? true : undefined))
                incidental(rule, () => expect(got, `${when}: "${n}" visible to ${s}, upstream's reading (${rule})`).toBe(readings.upstream === true))
              if (readings.readings.includes(got ? true : undefined)) continue
            }
            const expected = onChain.every((x) => admits(x.filter, n))
            // What a registry that merges each scope's restrictions by union would show.
            const union = chain[s].every((layer) => {
              const own = onChain.filter((x) => x.on === layer)
              return own.length === 0 || own.some((x) => admits(x.filter, n))
            })
            if (union !== expected) r.interesting()
            if (got !== expected) {
              const owner = owe(active, when, s, n)
              r.holds(owner, () => expect(got, `${when}: "${n}" visible to ${s}`).toBe(expected))
            }
          }
        }
      }
      checkViews(installed, 'with every restriction')
      restrictions.forEach((_, i) => {
        if (lift[i] === true) lifts[i]?.()
      })
      checkViews(
        restrictions.filter((_, i) => lift[i] !== true && lifts[i] !== undefined),
        'after lifting some',
      )
    },
  },
)

/**
 * A random scope forest: scope i's parent is an earlier scope or none. Without
 * `scopeParents` every scope is a root, so a law that may use parents
 * generates only forests the adapter can build.
 */
const forestFor = (has: (feature: FeatureName) => boolean) =>
  fc
    .array(fc.option(fc.nat(), { nil: undefined }), { minLength: 1, maxLength: 4 })
    .map((parents) => parents.map((p, i) => (p === undefined || i === 0 || !has('scopeParents') ? undefined : p % i)))

async function buildForest(r: LawRun, parents: readonly (number | undefined)[]): Promise<ScopeHandle[]> {
  const scopes: ScopeHandle[] = []
  for (const p of parents) scopes.push(await r.scope(p === undefined ? undefined : scopes[p]))
  return scopes
}

/** Indices of scope i and its ancestors, nearest first. */
function chainOf(parents: readonly (number | undefined)[], i: number): number[] {
  const out: number[] = []
  for (let at: number | undefined = i; at !== undefined; at = parents[at]) out.push(at)
  return out
}

law('E-07', ['VIS-15', 'VIS-02', 'VIS-03'], 'get(), schemas() and execute() agree in every scope of a random forest', {
  arbitrary: (has) =>
    fc.record({
      parents: forestFor(has),
      registrations: fc.array(fc.record({ name: fc.constantFrom(...NAMES), layer: fc.option(fc.nat(3), { nil: undefined }) }), { maxLength: 8 }),
      restrictions: fc.array(fc.record({ on: fc.nat(3), filter: restriction }), { maxLength: 3 }),
    }),
  interesting: 'a tool registered somewhere is hidden from some scope while another is visible to it',
  threshold: 0.3,
  run: async (r, { parents, registrations, restrictions }) => {
    const scopes = await buildForest(r, parents)
    const probes: { probe: ToolProbe; layer: number | undefined }[] = []
    const globalNames = new Set<string>()
    for (const reg of registrations) {
      const layer = reg.layer === undefined ? undefined : reg.layer % scopes.length
      const target: ToolsContextApi = layer === undefined ? r.tools : (scopes[layer] as ScopeHandle).tools
      const probe = probeTool(reg.name)
      try {
        target.register(probe.definition)
      } catch {
        continue // a duplicate in one layer; a failed registration changes nothing
      }
      probes.push({ probe, layer })
      if (layer === undefined) globalNames.add(reg.name)
    }
    for (const x of restrictions) {
      const filter = narrowFilter(x.filter, (n) => globalNames.has(n))
      if (filter === undefined) continue
      const on = x.on % scopes.length
      const parent = parents[on]
      restrictUnlessHidden(r, scopes[on] as ScopeHandle, filter, parent === undefined ? undefined : scopes[parent]?.agent)
    }
    const views: (Agent | undefined)[] = [undefined, ...scopes.map((s) => s.agent)]
    const registered = new Set(probes.map((p) => p.probe.definition.name))
    for (const agent of views) {
      const listed = r.tools.schemas(agent).map((s) => s.name)
      let hidden = false
      let shown = false
      for (const n of NAMES) {
        const definition = r.tools.get(n, agent)
        expect(definition !== undefined, `get("${n}") and schemas() agree`).toBe(listed.includes(n))
        if (definition === undefined && registered.has(n)) hidden = true
        if (definition !== undefined) shown = true
        const owner = probes.find((p) => p.probe.definition === definition)
        const before = owner?.probe.bodyCalls ?? 0
        const result: ToolExecutionResult = await r.tools.execute(call(n, {}, agent === undefined ? {} : { agent }))
        if (definition === undefined) {
          expect(result.error?.info?.code, `"${n}" is not in the view, so executing it is UNKNOWN_TOOL`).toBe('UNKNOWN_TOOL')
        } else {
          expect(owner?.probe.bodyCalls, `"${n}": the body of the definition get() returned runs`).toBe(before + 1)
        }
      }
      if (hidden && shown) r.interesting()
    }
  },
  needs: ['scopes'],
  optional: ['scopeParents'],
})

law('E-11', ['MODE-01', 'MODE-02'], 'executionMode() is parallel exactly for a visible tool whose classifier returns true, and never throws', {
  arbitrary: fc.record({
    visible: fc.boolean(),
    classifier: fc.oneof(
      fc.constant({ kind: 'absent' as const }),
      fc.constant({ kind: 'returns' as const, value: true as unknown }),
      fc.record({ kind: fc.constant('returns' as const), value: fc.anything() }),
      fc.constant({ kind: 'throws' as const }),
    ),
  }),
  interesting: 'the classifier returned a value other than exactly true, or threw',
  threshold: 0.3,
  run: async (r, { visible, classifier }) => {
    const probe = probeTool('tool', {
      ...(classifier.kind === 'absent'
        ? {}
        : {
            isConcurrencySafe: () => {
              if (classifier.kind === 'throws') throw new Error('classifier broke')
              return classifier.value as boolean
            },
          }),
    })
    if (visible) r.tools.register(probe.definition)
    if (classifier.kind === 'throws' || (classifier.kind === 'returns' && classifier.value !== true)) r.interesting()

    let mode: unknown
    expect(() => {
      mode = r.tools.executionMode(call('tool', { path: 'x' }))
    }, 'executionMode() throws').not.toThrow()
    const parallel = visible && classifier.kind === 'returns' && classifier.value === true
    expect(mode, 'parallel only for a visible tool whose classifier returns true').toEqual({ kind: parallel ? 'parallel' : 'exclusive' })
  },
})

law('E-26', ['VIS-18', 'RES-06'], "a scope listener hears its own agent's calls and no other scope's but its descendants'; a global one hears all", {
  arbitrary: (has) => fc.record({ parents: forestFor(has), calls: fc.array(fc.option(fc.nat(3), { nil: undefined }), { minLength: 1, maxLength: 5 }) }),
  interesting: 'a call came from a strict descendant of a listening scope (without scopeParents: from a scope while another scope listens)',
  threshold: 0.3,
  optional: ['scopeParents'],
  run: async (r, { parents, calls }) => {
    const scopes = await buildForest(r, parents)
    r.tools.register(probeTool('tool').definition)
    const heard = new Map<string, string[]>()
    const listen = (on: Harness['on'], tag: string): void => {
      const note = (stage: string, callId: string): void => {
        const list = heard.get(callId) ?? []
        list.push(`${stage}@${tag}`)
        heard.set(callId, list)
      }
      on('tools/pre-execute', (exec, next) => {
        note('pre', exec.callId)
        return next()
      })
      on('tools/execute', (exec, next) => {
        note('execute', exec.callId)
        return next()
      })
      on('tools/post-execute', (exec, _result, next) => {
        note('post', exec.callId)
        return next()
      })
      on('tools/result', (exec) => note('result', exec.callId))
    }
    listen(r.harness.on, 'global')
    for (const [i, s] of scopes.entries()) listen(s.on, `s${i}`)

    for (const [k, c] of calls.entries()) {
      const at = c === undefined ? undefined : c % scopes.length
      const callId = `call-${k}`
      await r.tools.execute(call('tool', {}, { callId, ...(at === undefined ? {} : { agent: (scopes[at] as ScopeHandle).agent }) }))
      const chain = at === undefined ? [] : chainOf(parents, at)
      if (r.has('scopeParents') ? chain.length > 1 : chain.length === 1 && scopes.length > 1) r.interesting()
      const expected = ['global', ...chain.map((i) => `s${i}`)]
      // Whether an ancestor's listeners hear the call is open (OP-03): upstream's yes is VIS-27's, charged incidentally.
      const ancestors = chain.filter((i) => i !== at).map((i) => `s${i}`)
      for (const stage of ['pre', 'execute', 'post', 'result']) {
        const got = (heard.get(callId) ?? []).filter((e) => e.startsWith(`${stage}@`)).map((e) => e.slice(stage.length + 1))
        const what = `${stage} listeners that heard a call from ${at === undefined ? 'no agent' : `s${at}`}`
        // One property per rule (issue 39): tools/result's routing is RES-06's, the other events' VIS-18's.
        r.holds(stage === 'result' ? 'RES-06' : 'VIS-18', () => {
          expect(got.filter((tag) => !ancestors.includes(tag)).sort(), what).toEqual(expected.filter((tag) => !ancestors.includes(tag)).sort())
          if (ancestors.length > 0) incidental('VIS-27', () => expect(got.sort(), `${what}, its ancestors' included (VIS-27)`).toEqual(expected.sort()))
        })
      }
    }
  },
})

type Effect =
  | { readonly kind: 'register'; readonly layer: number | undefined; readonly name: 'c' | 'd' | 'a' }
  | { readonly kind: 'restrict'; readonly layer: number; readonly filter: ToolRestriction }
  | { readonly kind: 'guard'; readonly layer: number | undefined; readonly fn: number }

const effect: fc.Arbitrary<Effect> = fc.oneof(
  fc.record({
    kind: fc.constant('register' as const),
    layer: fc.option(fc.nat(1), { nil: undefined }),
    name: fc.constantFrom('c' as const, 'd' as const, 'a' as const),
  }),
  fc.record({
    kind: fc.constant('restrict' as const),
    layer: fc.nat(1),
    filter: fc
      .record({ allow: fc.option(fc.subarray(['a', 'b']), { nil: undefined }), deny: fc.option(fc.subarray(['a', 'b']), { nil: undefined }) })
      .filter((f) => f.allow !== undefined || f.deny !== undefined),
  }),
  fc.record({ kind: fc.constant('guard' as const), layer: fc.option(fc.nat(1), { nil: undefined }), fn: fc.nat(1) }),
)

/** Guard functions shared between effects, so one function can be registered twice (GRD-05). */
const GUARDS: readonly ToolGuard[] = [(exec) => (exec.name === 'a' ? 'no a' : undefined), (exec) => (exec.name === 'c' ? 'no c' : undefined)]

interface World {
  readonly tools: ToolsContextApi & Pick<Harness['tools'], 'get' | 'schemas' | 'executionMode' | 'execute'>
  readonly scopes: ScopeHandle[]
}

async function world(r: LawRun): Promise<World> {
  const scopes: ScopeHandle[] = []
  for (let i = 0; i < 2; i += 1) scopes.push(await r.scope())
  // 'a' and 'b' are permanent global tools, so every restriction stays valid.
  r.tools.register(probeTool('a').definition)
  r.tools.register(probeTool('b').definition)
  return { tools: r.tools, scopes }
}

/** Applies an effect; the disposer, or undefined when the effect was refused. */
function apply(w: World, e: Effect, definitions: Map<string, ReturnType<typeof probeTool>>): (() => void) | undefined {
  const target = (layer: number | undefined): ToolsContextApi => (layer === undefined ? w.tools : (w.scopes[layer] as ScopeHandle).tools)
  try {
    if (e.kind === 'register') {
      const key = `${e.layer ?? 'g'}:${e.name}`
      const probe = definitions.get(key) ?? probeTool(e.name)
      definitions.set(key, probe)
      return target(e.layer).register(probe.definition)
    }
    if (e.kind === 'restrict') return target(e.layer).restrict(e.filter)
    return target(e.layer).guard(GUARDS[e.fn] as ToolGuard)
  } catch {
    return undefined
  }
}

async function observe(w: World): Promise<unknown> {
  const out: unknown[] = []
  for (const agent of [undefined, ...w.scopes.map((s) => s.agent)]) {
    out.push(
      w.tools
        .schemas(agent)
        .map((s) => s.name)
        .sort(),
    )
    for (const n of ['a', 'b', 'c', 'd']) {
      const result = await w.tools.execute(call(n, {}, agent === undefined ? {} : { agent }))
      out.push([
        n,
        w.tools.get(n, agent) !== undefined,
        w.tools.executionMode(call(n, {}, agent === undefined ? {} : { agent })).kind,
        result.isError,
        result.error?.message,
      ])
    }
  }
  return out
}

/**
 * The one rule E-27 charges a registry that does not look as if only the live effects were applied: by the
 * first view entry that differs. A guard outcome (the view agrees, the denial does not) is a guard disposer's:
 * GRD-14 when a guard's disposer ran more than once, else GRD-05. A name the view gets wrong is a restriction
 * disposer's (VIS-09) when only restrictions decide it ('b', or the global 'a' seen from a scope without an own
 * registration of it disposed), else a registration disposer's (REG-10). A listing (schemas()) that differs
 * while every entry agrees is REG-10's.
 */
function disposalOwner(
  observed: unknown,
  expected: unknown,
  effects: readonly Effect[],
  disposers: readonly ((() => void) | undefined)[],
  disposals: readonly number[],
): RuleId {
  const got = observed as unknown[]
  const want = expected as unknown[]
  const at = got.findIndex((x, i) => $Array.isArray(x) && typeof x[0] === 'string' && x.length === 5 && $JSON.stringify(x) !== $JSON.stringify(want[i]))
  if (at < 0) return 'REG-10'
  // observe() lists, per view, its schemas then one entry per name: the view is the block the entry falls in.
  const view = Math.floor(at / 5)
  const layer = view === 0 ? undefined : view - 1
  const [name, seen] = got[at] as [string, boolean]
  const [, shown] = want[at] as [string, boolean]
  if (seen === shown) {
    const times = new Map<number, number>()
    for (const d of disposals) times.set(d % effects.length, (times.get(d % effects.length) ?? 0) + 1)
    const repeated = effects.some((e, i) => e.kind === 'guard' && disposers[i] !== undefined && (times.get(i) ?? 0) > 1)
    return repeated ? 'GRD-14' : 'GRD-05'
  }
  const ownDisposed = effects.some(
    (e, i) =>
      e.kind === 'register' &&
      e.name === name &&
      e.layer === layer &&
      layer !== undefined &&
      disposers[i] !== undefined &&
      disposals.some((d) => d % effects.length === i),
  )
  if (name === 'b' || (name === 'a' && layer !== undefined && !ownDisposed)) return 'VIS-09'
  return 'REG-10'
}

law(
  'E-27',
  ['REG-10', 'GRD-05', 'GRD-14', 'VIS-09'],
  'after any disposers run (in any order, any number of times) the registry looks as if only the remaining effects were applied',
  {
    arbitrary: fc.record({ effects: fc.array(effect, { minLength: 1, maxLength: 6 }), disposals: fc.array(fc.nat(5), { maxLength: 8 }) }),
    interesting: 'a disposer ran twice, or a disposed guard shares its function with a live one',
    threshold: 0.2,
    run: async (r, { effects, disposals }) => {
      const live = await world(r)
      const definitions = new Map<string, ReturnType<typeof probeTool>>()
      const disposers = effects.map((e) => apply(live, e, definitions))
      const disposed = new Set<number>()
      let repeated = false
      for (const d of disposals) {
        const i = d % effects.length
        if (disposed.has(i)) repeated = true
        disposed.add(i)
        disposers[i]?.()
      }
      const sharedGuard = effects.some(
        (e, i) =>
          e.kind === 'guard' &&
          disposed.has(i) &&
          effects.some((o, j) => j !== i && o.kind === 'guard' && o.fn === e.fn && !disposed.has(j) && disposers[j] !== undefined),
      )
      if (repeated || sharedGuard) r.interesting()

      const replay = await world(await r.another())
      const replayDefinitions = new Map(definitions)
      effects.forEach((e, i) => {
        if (disposers[i] !== undefined && !disposed.has(i)) apply(replay, e, replayDefinitions)
      })
      const observed = await observe(live)
      const expected = await observe(replay)
      if ($JSON.stringify(observed) !== $JSON.stringify(expected)) {
        r.holds(disposalOwner(observed, expected, effects, disposers, disposals), () =>
          expect(observed, 'the registry after disposals equals one built from the live effects only').toEqual(expected),
        )
      }
    },
  },
)

law('E-28', ['GRD-12', 'GRD-01'], 'guards never change get(), schemas(), executionMode() nor emit tools/change', {
  // Scoped guards and the view from a scope only with scopes; tools/change is listened to only with changeEvents.
  arbitrary: (has) =>
    fc.record({
      denies: fc.array(fc.option(fc.constantFrom(...NAMES), { nil: undefined }), { minLength: 1, maxLength: 4 }),
      scoped: has('scopes') ? fc.boolean() : fc.constant(false),
    }),
  interesting: 'some guard denies a registered tool',
  threshold: 0.5,
  optional: ['scopes', 'changeEvents'],
  run: async (r, { denies, scoped }) => {
    for (const n of NAMES) r.tools.register(probeTool(n, { isConcurrencySafe: () => true }).definition)
    const scope = r.has('scopes') ? await r.scope() : undefined
    const views: (Agent | undefined)[] = [undefined, ...(scope === undefined ? [] : [scope.agent])]
    const snapshot = (): unknown =>
      views.map((agent) => [
        r.tools.schemas(agent),
        NAMES.map((n) => [r.tools.get(n, agent)?.name, r.tools.executionMode(call(n, {}, agent === undefined ? {} : { agent })).kind]),
      ])
    const before = snapshot()
    let changes = 0
    if (r.has('changeEvents')) {
      r.harness.on('tools/change', () => {
        changes += 1
      })
    }
    const disposers = denies.map((name) =>
      (scoped && scope !== undefined ? scope.tools : r.tools).guard((exec) => (exec.name === name ? 'guarded' : undefined)),
    )
    if (denies.some((d) => d !== undefined)) r.interesting()
    expect(snapshot(), 'with guards').toEqual(before)
    for (const dispose of disposers) dispose()
    expect(snapshot(), 'after lifting the guards').toEqual(before)
    expect(changes, 'tools/change emissions').toBe(0)
    if (r.has('changeEvents')) {
      // Control: a registration, which does change the tool set, reaches the same listener.
      r.tools.register(probeTool('unguarded-control').definition)
      expect(changes, 'tools/change emissions after a registration').toBeGreaterThan(0)
    }
  },
})

law(
  'E-09',
  ['VIS-11', 'VIS-01', 'VIS-09'],
  'a scope always sees its own registration; an inherited name comes from the nearest layer that has it, if admitted',
  {
    arbitrary: (has) =>
      fc.record({
        parents: forestFor(has),
        registrations: fc.array(fc.record({ name: fc.constantFrom(...NAMES), layer: fc.option(fc.nat(3), { nil: undefined, freq: 3 }) }), {
          minLength: 1,
          maxLength: 10,
        }),
        restrictions: fc.array(fc.record({ on: fc.nat(3), filter: restriction }), { maxLength: 3 }),
      }),
    interesting: 'a scope owns a name that a restriction on its chain hides from inheritance',
    threshold: 0.12,
    run: async (r, { parents, registrations, restrictions }) => {
      const scopes = await buildForest(r, parents)
      // layer -1 is global; owners.get(`${layer}:${name}`) is the definition registered there.
      const owners = new Map<string, ToolProbe>()
      for (const reg of registrations) {
        const layer = reg.layer === undefined ? -1 : reg.layer % scopes.length
        if (owners.has(`${layer}:${reg.name}`)) continue
        const probe = probeTool(reg.name)
        const context = layer === -1 ? r.tools : (scopes[layer] as ScopeHandle).tools
        // Repeating a name an ancestor scope holds is open (OP-09): upstream lets the scope shadow it (REG-27).
        if (
          layer !== -1 &&
          chainOf(parents, layer)
            .slice(1)
            .some((l) => owners.has(`${l}:${reg.name}`))
        ) {
          let refused = false
          try {
            context.register(probe.definition)
          } catch {
            refused = true
          }
          incidental('REG-27', () => expect(refused, `s${layer} registers "${reg.name}", which an ancestor holds (REG-27)`).toBe(false))
          if (refused) continue
        } else context.register(probe.definition)
        owners.set(`${layer}:${reg.name}`, probe)
      }
      const applied: { on: number; filter: ToolRestriction }[] = []
      for (const x of restrictions) {
        const on = x.on % scopes.length
        // Only names the scope inherits can be restricted (VIS-07).
        const inherited = (n: string): boolean => [-1, ...chainOf(parents, on).slice(1)].some((l) => owners.has(`${l}:${n}`))
        const filter = narrowFilter(x.filter, inherited)
        if (filter === undefined) continue
        const parent = parents[on]
        if (restrictUnlessHidden(r, scopes[on] as ScopeHandle, filter, parent === undefined ? undefined : scopes[parent]?.agent) !== undefined)
          applied.push({ on, filter })
      }
      for (const [s, scope] of scopes.entries()) {
        const chain = chainOf(parents, s)
        for (const n of NAMES) {
          const admitted = applied.filter((x) => chain.includes(x.on)).every((x) => admits(x.filter, n))
          const own = owners.get(`${s}:${n}`)
          const from = [...chain.slice(1), -1].find((l) => owners.has(`${l}:${n}`))
          const nearest = from === undefined ? undefined : owners.get(`${from}:${n}`)
          if (own !== undefined && !admitted && nearest !== undefined) r.interesting()
          const excludedOn = (layer: number): boolean => applied.some((x) => x.on === layer && !admits(x.filter, n))
          const readings = inheritedReadings({
            ancestorEntries: chain.slice(1).map((l) => owners.get(`${l}:${n}`)),
            globalEntry: owners.get(`-1:${n}`),
            excludedByOwn: excludedOn(s),
            excludedByAncestor: chain.slice(1).map(excludedOn),
          })
          let expected = own ?? readings.upstream
          const got = r.tools.get(n, scope.agent)
          if (own === undefined && readings.readings.length > 1) {
            // Every reading of the seeds is accepted; upstream's is charged to the rule that pins it (VIS-26, VIS-30..32).
            if (got === undefined) expected = readings.readings.includes(undefined) ? undefined : readings.upstream
            else expected = readings.readings.find((p) => p?.definition === got) ?? readings.upstream
            const others = expected === readings.upstream ? readings.readings.filter((p) => p !== readings.upstream) : [expected]
            for (const rule of new Set(others.flatMap((p) => readings.rulesFor(p)))) {
              incidental(rule, () => expect(got === readings.upstream?.definition, `get("${n}", s${s}) shows upstream's reading (${rule})`).toBe(true))
            }
          }
          const which = (p: ToolProbe | undefined): string => {
            if (p === undefined) return 'nothing'
            const key = [...owners].find(([, q]) => q === p)?.[0] ?? '?'
            return key.startsWith('-1:') ? 'the global one' : `the one in s${key.split(':')[0]}`
          }
          const gotProbe = [...owners.values()].find((p) => p.definition === got)
          // The scope's own registration is VIS-11's; an inherited name a filter both allows and denies, shown anyway,
          // VIS-09's (its two-list clause); which inherited entry it sees, if any, VIS-01's.
          const bothListsDeny = applied.some((x) => chain.includes(x.on) && x.filter.allow?.includes(n) === true && x.filter.deny?.includes(n) === true)
          const owner = own !== undefined ? 'VIS-11' : got !== undefined && expected === undefined && bothListsDeny ? 'VIS-09' : 'VIS-01'
          if (got !== expected?.definition) {
            r.holds(owner, () =>
              expect(
                got === expected?.definition,
                `get("${n}", s${s}) gave ${got === undefined ? 'nothing' : which(gotProbe)}, expected ${which(expected)}`,
              ).toBe(true),
            )
          }
        }
      }
    },
    needs: ['scopes'],
    optional: ['scopeParents'],
  },
)
