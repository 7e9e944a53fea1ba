/**
 * Model-based sequences (issue item 2): `fc.commands` over register /
 * unregister / restrict / lift / guard / unguard / dispose-scope / execute
 * across a random scope forest. After every command, `get()` and `schemas()`
 * of every live view, and the outcome of every execute, must match a small
 * model of layers, restrictions and guards written here from the rules
 * (VIS-01 view resolution, VIS-07 restrictability, GRD-03/04 guard order and
 * reach), not from any registry's code.
 *
 * Where the seeds leave a choice open the model accepts every reading and
 * charges upstream's incidentally (./_kit/inherited-readings.ts): which of
 * several ancestors' entries is inherited is VIS-30's, whether restrictions
 * filter ancestors' registrations (and whether a name only an ancestor
 * registered may be restricted) VIS-31's, whether an ancestor's restriction
 * narrows its descendants' views VIS-32's, whether it hides what that
 * ancestor passes down of its own (and whether a name it hides may still be
 * restricted) VIS-26's; whether a name outside the view meets the guards, so
 * that a guard denial decides it rather than UNKNOWN_TOOL, VIS-25's; whether a
 * scope may register a name an ancestor scope holds, REG-27's (OP-09).
 *
 * Disposing a scope takes its whole subtree out of the sequence: how a
 * parent's disposal affects child scopes is not pinned by the spec, and a
 * scope's layers only ever affect itself and its descendants, so the rest of
 * the forest stays fully checked.
 */
import { $JSON } from '../conformance/suite/_kit/intrinsics.ts'
import fc from 'fast-check'
import { expect } from 'vitest'
import type { ScopeHandle, ToolsContextApi } from '../conformance/adapter/contract.ts'
import type { Agent, ToolExecutionResult } from '../conformance/spec/types.ts'
import type { RuleId } from '../conformance/catalogue/index.ts'
import { call } from '../conformance/suite/_kit/inputs.ts'
import { incidental } from '../conformance/suite/_kit/incidental.ts'
import { probeTool } from '../conformance/suite/_kit/tools.ts'
import type { ToolProbe } from '../conformance/suite/_kit/tools.ts'
import { expectIs } from './_kit/expect-is.ts'
import { inheritedReadings } from './_kit/inherited-readings.ts'
import type { InheritedReadings } from './_kit/inherited-readings.ts'
import { law, lawCommandsReplay } from './_kit/law.ts'
import type { LawRun } from './_kit/law.ts'

const NAMES = ['a', 'b', 'c'] as const
type Name = (typeof NAMES)[number]
/** A layer: `'g'` is global, a number is a scope of the forest. */
type Layer = 'g' | number

interface Effect {
  readonly id: number
  readonly layer: Layer
  live: boolean
}
interface Registration extends Effect {
  readonly name: Name
  readonly probe: ToolProbe
}
interface Restriction extends Effect {
  readonly allow: readonly Name[] | undefined
  readonly deny: readonly Name[] | undefined
}
interface Guard extends Effect {
  readonly target: Name
  readonly reason: string
}

/** The independent model: which effects are live in which layer, in creation order. */
class Model {
  readonly parents: readonly (number | undefined)[]
  /** Scopes taken out of the sequence (disposed, or under a disposed scope). */
  readonly gone: boolean[]
  readonly registrations: Registration[] = []
  readonly restrictions: Restriction[] = []
  readonly guards: Guard[] = []
  nextId = 0
  /** A removal command actually removed something that was live. */
  removed = false
  /** An execute from a scope got an outcome that only layered state explains. */
  layered = false

  constructor(parents: readonly (number | undefined)[]) {
    this.parents = parents
    this.gone = parents.map(() => false)
  }

  get size(): number {
    return this.parents.length
  }

  /** Scope `s` and its ancestors, farthest ancestor first. */
  chain(s: number): number[] {
    const out: number[] = []
    for (let at: number | undefined = s; at !== undefined; at = this.parents[at]) out.unshift(at)
    return out
  }

  /** The view of `layer` ('g' = the global view) still takes part. */
  alive(layer: Layer): boolean {
    return layer === 'g' || this.gone[layer] === false
  }

  liveRegistration(layer: Layer, name: Name): Registration | undefined {
    return this.registrations.find((x) => x.live && x.layer === layer && x.name === name)
  }

  /** Names registered in global and the ancestors of `s` (not `s` itself): what `s` may restrict (VIS-07). */
  inheritedNames(s: number): Set<Name> {
    const layers: Layer[] = ['g', ...this.chain(s).slice(0, -1)]
    return new Set(this.registrations.filter((x) => x.live && layers.includes(x.layer)).map((x) => x.name))
  }

  /**
   * VIS-01: own registration, else what the scope inherits. `entry` is upstream's answer; `open` marks a case the
   * readings of the seeds answer differently (see `readings`).
   */
  resolveAll(
    view: Layer,
    name: Name,
  ): { readonly entry: Registration | undefined; readonly open: boolean; readonly readings?: InheritedReadings<Registration> } {
    if (view === 'g') return { entry: this.liveRegistration('g', name), open: false }
    const own = this.liveRegistration(view, name)
    if (own !== undefined) return { entry: own, open: false }
    const ancestors = this.chain(view).slice(0, -1).reverse()
    const excludedBy = (layer: number): boolean =>
      this.restrictions.some(
        (x) => x.live && x.layer === layer && !((x.allow === undefined || x.allow.includes(name)) && (x.deny === undefined || !x.deny.includes(name))),
      )
    const readings = inheritedReadings({
      ancestorEntries: ancestors.map((layer) => this.liveRegistration(layer, name)),
      globalEntry: this.liveRegistration('g', name),
      excludedByOwn: excludedBy(view),
      excludedByAncestor: ancestors.map(excludedBy),
    })
    return { entry: readings.upstream, open: readings.readings.length > 1, readings }
  }

  /** The entry every reading of the seeds shows, undefined when one hides it (see {@link resolveAll}). */
  resolve(view: Layer, name: Name): Registration | undefined {
    const { entry, open } = this.resolveAll(view, name)
    return open ? undefined : entry
  }

  /** GRD-03/04: global guards, then each chain layer farthest first, each in creation order; the first that objects. */
  firstDenial(view: Layer, name: Name, ownOnly = false): Guard | undefined {
    // `ownOnly`: the other side of OP-03, where a scope's guards apply to that very agent only.
    const layers: Layer[] = view === 'g' ? ['g'] : ownOnly ? ['g', view] : ['g', ...this.chain(view)]
    for (const layer of layers) {
      const hit = this.guards.find((x) => x.live && x.layer === layer && x.target === name)
      if (hit !== undefined) return hit
    }
    return undefined
  }
}

/**
 * The one rule a wrong view of `name` from `view` is charged to, when the registry's `get()` gives `got` (a
 * registration of the model, `'foreign'` for a definition it never registered, `undefined` for nothing) where
 * the model gives `want`: the clause of the rules that decides the model's answer (E-SEQ blames one rule per
 * wrong answer; get(), schemas() and execute() agreeing on a wrong view are all that clause's failure). Where
 * several restrictions are in play, the misreading that explains the registry's whole view decides between
 * VIS-09 (their union instead of their intersection) and VIS-10 (the ancestors' ones left out).
 */
function blame(m: Model, real: Real, view: Layer, name: Name, want: Registration | undefined, got: Registration | 'foreign' | undefined): RuleId {
  // A disposed registration still seen, or a later one of the same name in its layer lost with it: REG-10.
  if (got !== undefined && got !== 'foreign' && !got.live) return 'REG-10'
  if (want !== undefined && got === undefined && m.registrations.some((x) => !x.live && x.layer === want.layer && x.name === name)) return 'REG-10'
  // A second registration in the same layer took the first one's place: REG-05.
  if (want !== undefined && got !== undefined && got !== 'foreign' && got.layer === want.layer) return 'REG-05'
  if (view === 'g') return 'VIS-02'
  if (want !== undefined && want.layer === view) return 'VIS-11'
  const chain = m.chain(view)
  const onChain = (layer: Layer): boolean => layer === 'g' || chain.includes(layer)
  if (got !== undefined && got !== 'foreign' && !onChain(got.layer)) return 'VIS-01'
  const excludesName = (x: Restriction, n: Name): boolean => !((x.allow === undefined || x.allow.includes(n)) && (x.deny === undefined || !x.deny.includes(n)))
  const excludes = (x: Restriction): boolean => excludesName(x, name)
  const ancestors = chain.slice(0, -1)
  if (want === undefined && got !== undefined && got !== 'foreign') {
    // Restricted away, yet seen: an ancestor's restriction (VIS-10), several or two-list filters (VIS-09),
    // the scope's own one over an ancestor scope's registration (VIS-10).
    const live = m.restrictions.filter((x) => x.live && typeof x.layer === 'number' && chain.includes(x.layer))
    const excluding = live.filter(excludes)
    if (excluding.length > 0) {
      // The names whose visibility here only restrictions decide, and which of them the registry's get() shows.
      const agent = agentOf(real, view)
      const inherited = m.inheritedNames(view)
      const decided = NAMES.filter((n) => m.liveRegistration(view, n) === undefined && inherited.has(n) && !m.resolveAll(view, n).open)
      const explains = (visible: (n: Name) => boolean): boolean => decided.every((n) => (real.r.tools.get(n, agent) !== undefined) === visible(n))
      const allows = live.filter((x) => x.allow !== undefined)
      const union =
        live.length > 1 && explains((n) => (allows.length === 0 || allows.some((x) => x.allow?.includes(n))) && !live.some((x) => x.deny?.includes(n)))
      const ownOnly =
        excluding.some((x) => ancestors.includes(x.layer as number)) && explains((n) => live.every((x) => x.layer !== view || !excludesName(x, n)))
      // Hidden only by filters that both allow and deny it: VIS-09's two-list clause decides.
      if (excluding.every((x) => x.allow?.includes(name) === true && x.deny !== undefined)) return 'VIS-09'
      if (union && !ownOnly) return 'VIS-09'
      if (ownOnly && !union) return 'VIS-10'
      if (excluding.some((x) => ancestors.includes(x.layer as number))) return 'VIS-10'
      if (live.length > 1 || excluding.some((x) => x.allow !== undefined && x.deny !== undefined)) return 'VIS-09'
      if (got.layer !== 'g') return 'VIS-10'
    }
    return 'VIS-01'
  }
  if (want !== undefined && got === undefined) {
    // Admitted, yet hidden: a lifted restriction still in force, or several or two-list ones (VIS-09); a
    // descendant's restriction reaching up (VIS-10).
    if (m.restrictions.some((x) => !x.live && typeof x.layer === 'number' && chain.includes(x.layer) && excludes(x))) return 'VIS-09'
    if (m.restrictions.some((x) => x.live && typeof x.layer === 'number' && !chain.includes(x.layer) && excludes(x))) return 'VIS-10'
    const live = m.restrictions.filter((x) => x.live && typeof x.layer === 'number' && chain.includes(x.layer))
    if (live.length > 1 || live.some((x) => x.allow !== undefined && x.deny !== undefined)) return 'VIS-09'
  }
  return 'VIS-01'
}

/** The model's registration whose definition `definition` is, `'foreign'` for any other, `undefined` for none. */
function registrationOf(m: Model, definition: unknown): Registration | 'foreign' | undefined {
  if (definition === undefined) return undefined
  return m.registrations.find((x) => x.probe.definition === definition) ?? 'foreign'
}

/** The registry side: the case's harness, the forest, and each effect's disposer by model id. */
interface Real {
  readonly r: LawRun
  readonly scopes: readonly ScopeHandle[]
  readonly disposers: Map<number, () => void>
}

const layerApi = (real: Real, layer: Layer): ToolsContextApi => (layer === 'g' ? real.r.tools : (real.scopes[layer] as ScopeHandle).tools)
const agentOf = (real: Real, view: Layer): Agent | undefined => (view === 'g' ? undefined : (real.scopes[view] as ScopeHandle).agent)
const label = (layer: Layer): string => (layer === 'g' ? 'global' : `s${layer}`)

/** Executes `name` from `view` and compares the outcome with the model: first denying guard, else UNKNOWN_TOOL, else that definition's body. */
async function expectExecution(m: Model, real: Real, view: Layer, name: Name, after: string): Promise<void> {
  const denial = m.firstDenial(view, name)
  const target = settled(m, real, view, name)
  const totalBodies = (): number => m.registrations.reduce((n, x) => n + x.probe.bodyCalls, 0)
  const before = totalBodies()
  const targetBefore = target?.probe.bodyCalls ?? 0
  const agent = agentOf(real, view)
  // What the registry's own get() shows: an execution that agrees with it shares get()'s blame.
  const looked = registrationOf(m, real.r.tools.get(name, agent))
  const counts = new Map(m.registrations.map((x) => [x, x.probe.bodyCalls]))
  const result = await real.r.tools.execute(call(name, {}, agent === undefined ? {} : { agent }))
  const seen = result.isError ? `failure ${$JSON.stringify(result.error)}` : 'success'
  const what = `after ${after}: execute("${name}") from ${label(view)}`

  if (view !== 'g') {
    const registeredOnChain = ['g' as Layer, ...m.chain(view)].some((l) => m.liveRegistration(l, name) !== undefined)
    if ((denial !== undefined && denial.layer !== 'g') || (denial === undefined && (target === undefined ? registeredOnChain : target.layer !== 'g')))
      m.layered = true
  }
  // The registration whose body this call ran, if any.
  const ran = m.registrations.find((x) => x.probe.bodyCalls > (counts.get(x) ?? 0))
  // Whether an ancestor's guard applies to this call is open (OP-03): when only one does, upstream's yes is VIS-27's.
  const open = denial !== undefined && m.firstDenial(view, name, true) === undefined
  const execution: Execution = { m, real, view, name, result, denial, target, looked, targetBefore, before, what, seen, ran }
  const judge = (): void => judgeExecution(execution, totalBodies)
  if (open) incidental('VIS-27', judge)
  else judge()
}

interface Execution {
  readonly m: Model
  readonly real: Real
  readonly view: Layer
  readonly name: Name
  readonly result: ToolExecutionResult
  readonly denial: Guard | undefined
  readonly target: Registration | undefined
  /** The registration the registry's get() showed just before the call. */
  readonly looked: Registration | 'foreign' | undefined
  readonly targetBefore: number
  readonly before: number
  readonly what: string
  readonly seen: string
  readonly ran: Registration | undefined
}

/**
 * The rule a wrong execution outcome is charged to: a guard's rule when a guard decides (or wrongly decides) it,
 * else, when the registry's get() showed what the call did, get()'s blame ({@link blame}); when it did not,
 * VIS-03 for a name outside the view that still ran, VIS-15 for a looked-up definition that did not run.
 */
function executionOwner({ m, real, view, name, result, denial, target, looked, ran: bodyRan }: Execution): RuleId {
  if (denial !== undefined && target !== undefined) return denial.layer === 'g' ? 'GRD-01' : 'GRD-04'
  const guardLike = result.isError && result.error?.info?.code !== 'UNKNOWN_TOOL' && bodyRan === undefined
  if (denial === undefined && guardLike) {
    const chain = view === 'g' ? [] : m.chain(view)
    const elsewhere = m.guards.some((x) => x.target === name && x.live && x.layer !== 'g' && !chain.includes(x.layer))
    if (elsewhere) return 'GRD-04'
    if (m.guards.some((x) => x.target === name && !x.live)) return 'GRD-01'
  }
  const seenAs = bodyRan ?? (result.isError ? undefined : 'foreign')
  const agrees = looked === seenAs
  if (agrees) return blame(m, real, view, name, target, looked)
  return target === undefined ? 'VIS-03' : 'VIS-15'
}

/** Compares one execution's outcome with the model's: first denying guard, else UNKNOWN_TOOL, else that definition's body. */
function judgeExecution(execution: Execution, totalBodies: () => number): void {
  const { result, denial, target, targetBefore, before, what, seen, real } = execution
  // Each assertion is charged to the one rule that explains a wrong outcome (see executionOwner).
  let owner: RuleId | undefined
  const holds = (block: () => void): void => {
    owner = owner ?? executionOwner(execution)
    real.r.holds(owner, block)
  }
  if (denial !== undefined && target === undefined) {
    // The name is outside the view: the seeds pin UNKNOWN_TOOL or nothing more; upstream lets its guards decide (VIS-25).
    // A guard denial is recognised by structure (a failure without UNKNOWN_TOOL): its message is open (OP-02, GRD-16).
    const denied = result.isError && result.error?.info?.code !== 'UNKNOWN_TOOL'
    holds(() => {
      if (!denied)
        expectIs(result.error?.info?.code, 'UNKNOWN_TOOL', () => `${what}: the name is outside the view, so a guard denial or UNKNOWN_TOOL; got ${seen}`)
    })
    incidental('VIS-25', () =>
      expectIs(denied, true, () => `${what}: a name outside the view still meets the guards, so ${denial.reason} decides (VIS-25); got ${seen}`),
    )
    holds(() => expectIs(totalBodies(), before, () => `${what}: no body runs for a name outside the view`))
  } else if (denial !== undefined) {
    holds(() => expectIs(result.isError, true, () => `${what}: a guard (${denial.reason}) denies; got ${seen}`))
    // Which guard decides is GRD-03's, that the message is its reason verbatim GRD-16's (OP-02), that it carries no info ERR-06's.
    incidental('GRD-03', () => expectIs(result.error?.message, denial.reason, () => `${what}: the first denying guard (${denial.reason}) decides; got ${seen}`))
    incidental('ERR-06', () => expectIs(result.error !== undefined && 'info' in result.error, false, () => `${what}: a guard denial carries no info`))
    holds(() => expectIs(totalBodies(), before, () => `${what}: no body runs under a guard denial`))
  } else if (target === undefined) {
    holds(() => {
      expectIs(result.error?.info?.code, 'UNKNOWN_TOOL', () => `${what}: the name is outside the view; got ${seen}`)
      expectIs(totalBodies(), before, () => `${what}: no body runs for an unknown tool`)
    })
  } else {
    holds(() => {
      expectIs(result.isError, false, () => `${what}: the definition from ${label(target.layer)} should run; got ${seen}`)
      expectIs(target.probe.bodyCalls, targetBefore + 1, () => `${what}: the body of the definition from ${label(target.layer)} ran`)
      expectIs(totalBodies(), before + 1, () => `${what}: exactly one body ran`)
    })
  }
}

/**
 * The definition `name` resolves to from `view`: the model's, or in a case the seeds leave open the answer of the
 * reading get() reports (get() and execution agree whatever the reading, VIS-15); upstream's when get() reports
 * an answer no reading gives.
 */
function settled(m: Model, real: Real, view: Layer, name: Name): Registration | undefined {
  const { entry, open, readings } = m.resolveAll(view, name)
  if (!open || readings === undefined) return entry
  const got = real.r.tools.get(name, agentOf(real, view))
  return readings.readings.includes(undefined) && got === undefined
    ? undefined
    : (readings.readings.find((x) => x !== undefined && x.probe.definition === got) ?? entry)
}

/** After every command: each live view's get() and schemas() match the model, and so does executing each name from it. */
async function checkViews(m: Model, real: Real, after: string): Promise<void> {
  const views: Layer[] = ['g', ...m.parents.map((_, i) => i).filter((i) => m.alive(i))]
  for (const view of views) {
    const agent = agentOf(real, view)
    const expected: string[] = []
    for (const name of NAMES) {
      const { entry, open, readings } = m.resolveAll(view, name)
      const want = settled(m, real, view, name)
      if (open && readings !== undefined) {
        // Upstream's reading, charged to the rule(s) that pin it where the reading get() showed departs from it.
        const others = want === entry ? readings.readings.filter((x) => x !== entry) : [want]
        const rules = new Set(others.flatMap((x) => readings.rulesFor(x)))
        for (const rule of rules) {
          incidental(rule, () =>
            expectIs(
              want,
              entry,
              () =>
                `after ${after}: get("${name}", ${label(view)}) should show ${entry === undefined ? 'nothing' : `the entry of ${label(entry.layer)}`}, upstream's reading (${rule})`,
            ),
          )
        }
      }
      if (want !== undefined) expected.push(name)
      const got = real.r.tools.get(name, agent)
      if (got !== want?.probe.definition) {
        const gotLabel = got === undefined ? 'nothing' : want === undefined ? 'a definition' : 'another definition'
        real.r.holds(blame(m, real, view, name, want, registrationOf(m, got)), () =>
          expect(
            got === want?.probe.definition,
            `after ${after}: get("${name}", ${label(view)}) returned ${gotLabel}; the model expects ${want === undefined ? 'nothing' : `the one registered in ${label(want.layer)}`}`,
          ).toBe(true),
        )
      }
    }
    const listed = real.r.tools
      .schemas(agent)
      .map((s) => s.name)
      .sort()
    expected.sort()
    if (listed.length !== expected.length || listed.some((n, i) => n !== expected[i])) {
      // The first name listed wrongly: when get() shows it the same way, get()'s blame; else the one view's (VIS-15).
      const wrong = NAMES.find((n) => listed.includes(n) !== expected.includes(n)) as Name
      const want = settled(m, real, view, wrong)
      const looked = registrationOf(m, real.r.tools.get(wrong, agent))
      const owner = (looked !== undefined) === listed.includes(wrong) ? blame(m, real, view, wrong, want, looked) : 'VIS-15'
      real.r.holds(owner, () => expect(listed, `after ${after}: schemas(${label(view)})`).toEqual(expected))
    }
    for (const name of NAMES) await expectExecution(m, real, view, name, after)
  }
}

/** Resolves a generated layer index against the forest; `undefined` stands for the global layer. */
const layerOf = (m: Model, raw: number | undefined): Layer => (raw === undefined ? 'g' : raw % m.size)

type Cmd = fc.AsyncCommand<Model, Real>

class Register implements Cmd {
  constructor(
    readonly raw: number | undefined,
    readonly name: Name,
  ) {}
  check = (m: Readonly<Model>): boolean => m.alive(layerOf(m as Model, this.raw))
  async run(m: Model, real: Real): Promise<void> {
    const layer = layerOf(m, this.raw)
    const duplicate = m.liveRegistration(layer, this.name) !== undefined
    // Repeating a name an ancestor scope holds is open (OP-09): upstream lets the scope shadow it (REG-27).
    const ancestorHolds =
      layer !== 'g' &&
      m
        .chain(layer)
        .slice(0, -1)
        .some((a) => m.liveRegistration(a, this.name) !== undefined)
    const probe = probeTool(this.name)
    let dispose: (() => void) | undefined
    try {
      dispose = layerApi(real, layer).register(probe.definition)
    } catch {
      dispose = undefined
    }
    if (!duplicate && ancestorHolds) {
      incidental('REG-27', () => expect(dispose !== undefined, `register("${this.name}") in ${label(layer)}, repeating an ancestor's name (REG-27)`).toBe(true))
    } else {
      real.r.holds('REG-05', () =>
        expect(
          dispose === undefined,
          `register("${this.name}") in ${label(layer)} ${duplicate ? 'duplicates a live entry and must throw' : 'must succeed'}`,
        ).toBe(duplicate),
      )
    }
    if (dispose !== undefined) {
      const id = m.nextId++
      m.registrations.push({ id, layer, name: this.name, probe, live: true })
      real.disposers.set(id, dispose)
    }
    await checkViews(m, real, this.toString())
  }
  toString = (): string => `register(${this.raw === undefined ? 'global' : `#${this.raw}`}, ${this.name})`
}

class Restrict implements Cmd {
  constructor(
    readonly raw: number,
    readonly allow: readonly Name[] | undefined,
    readonly deny: readonly Name[] | undefined,
    /** Keep only names the scope can restrict, so the restriction lands; otherwise unknown names must be refused. */
    readonly clamp: boolean,
  ) {}
  check = (m: Readonly<Model>): boolean => m.alive(this.raw % m.size)
  async run(m: Model, real: Real): Promise<void> {
    const layer = this.raw % m.size
    const known = m.inheritedNames(layer)
    // A list the clamp empties is dropped: what an empty list does is left to VIS-12's example tests.
    const keep = (list: readonly Name[] | undefined): Name[] | undefined => {
      const kept = list?.filter((n) => !this.clamp || known.has(n))
      return kept === undefined || kept.length === 0 ? undefined : kept
    }
    const allow = keep(this.allow)
    const deny = keep(this.deny)
    if (allow === undefined && deny === undefined) {
      await checkViews(m, real, this.toString())
      return
    }
    const named = [...(allow ?? []), ...(deny ?? [])]
    const acceptable = named.every((n) => known.has(n))
    // A name only ancestors registered: seed 000's prose lets a restriction name it, its JSDoc ("global tools") not (VIS-31).
    const ancestorOnly = acceptable && named.some((n) => m.liveRegistration('g', n) === undefined)
    // Names the parent does not see under every reading (an ancestor's restriction hides them, or may): upstream
    // still counts them as inherited (VIS-26); a registry may also refuse them as names the scope does not inherit.
    const parent = m.parents[layer]
    const open = acceptable && parent !== undefined && named.some((n) => m.resolve(parent, n) === undefined)
    // Names the scope does not inherit that only scopes outside its chain registered (a sibling's, a descendant's):
    // the seeds do not say whether such a name is "unknown", upstream refuses it (VIS-36). VIS-07 demands the refusal
    // only of a name registered nowhere or only in the calling scope's own layer.
    const foreign = (n: Name): boolean => m.registrations.some((x) => x.live && x.layer !== layer && x.name === n)
    const unknown = named.filter((n) => !known.has(n))
    const onlyForeign = unknown.length > 0 && unknown.every(foreign)
    const filter = { ...(allow === undefined ? {} : { allow }), ...(deny === undefined ? {} : { deny }) }
    let dispose: (() => void) | undefined
    try {
      dispose = (real.scopes[layer] as ScopeHandle).tools.restrict(filter)
    } catch {
      dispose = undefined
    }
    const what = `restrict(${$JSON.stringify(filter)}) on s${layer}, which inherits [${[...known].sort().join(', ')}]`
    if (ancestorOnly) incidental('VIS-31', () => expect(dispose !== undefined, `${what}, naming a name only an ancestor registered (VIS-31)`).toBe(true))
    else if (open) incidental('VIS-26', () => expect(dispose !== undefined, `${what}, naming a name an ancestor's restriction hides (VIS-26)`).toBe(true))
    else if (onlyForeign)
      incidental('VIS-36', () => expect(dispose !== undefined, `${what}, naming only names scopes outside its chain registered (VIS-36)`).toBe(false))
    else real.r.holds('VIS-07', () => expect(dispose !== undefined, what).toBe(acceptable))
    if (dispose !== undefined) {
      const id = m.nextId++
      m.restrictions.push({ id, layer, allow, deny, live: true })
      real.disposers.set(id, dispose)
    }
    await checkViews(m, real, this.toString())
  }
  toString = (): string => `restrict(#${this.raw}, ${$JSON.stringify({ allow: this.allow, deny: this.deny })}${this.clamp ? ', only restrictable names' : ''})`
}

class AddGuard implements Cmd {
  constructor(
    readonly raw: number | undefined,
    readonly target: Name,
  ) {}
  check = (m: Readonly<Model>): boolean => m.alive(layerOf(m as Model, this.raw))
  async run(m: Model, real: Real): Promise<void> {
    const layer = layerOf(m, this.raw)
    const id = m.nextId++
    const reason = `guard ${id} in ${label(layer)} refuses ${this.target}`
    const target = this.target
    const dispose = layerApi(real, layer).guard((exec) => (exec.name === target ? reason : undefined))
    m.guards.push({ id, layer, target, reason, live: true })
    real.disposers.set(id, dispose)
    await checkViews(m, real, this.toString())
  }
  toString = (): string => `guard(${this.raw === undefined ? 'global' : `#${this.raw}`}, refuses ${this.target})`
}

/** Runs the disposer of the `k`-th effect of a kind ever created (possibly again: disposers are idempotent). */
class Dispose implements Cmd {
  constructor(
    readonly kind: 'unregister' | 'lift' | 'unguard',
    readonly k: number,
  ) {}
  private list(m: Readonly<Model>): readonly Effect[] {
    return this.kind === 'unregister' ? m.registrations : this.kind === 'lift' ? m.restrictions : m.guards
  }
  check = (m: Readonly<Model>): boolean => this.list(m).length > 0
  async run(m: Model, real: Real): Promise<void> {
    const list = this.list(m)
    const effect = list[this.k % list.length] as Effect
    if (effect.live) m.removed = true
    real.disposers.get(effect.id)?.()
    effect.live = false
    await checkViews(m, real, this.toString())
  }
  toString = (): string => `${this.kind}(#${this.k})`
}

class DisposeScope implements Cmd {
  constructor(readonly raw: number) {}
  check = (m: Readonly<Model>): boolean => m.alive(this.raw % m.size)
  async run(m: Model, real: Real): Promise<void> {
    const s = this.raw % m.size
    await (real.scopes[s] as ScopeHandle).dispose()
    for (let i = 0; i < m.size; i += 1) {
      if (!m.chain(i).includes(s)) continue
      m.gone[i] = true
      for (const e of [...m.registrations, ...m.restrictions, ...m.guards]) {
        if (e.layer !== i || !e.live) continue
        if (i === s) m.removed = true
        e.live = false
      }
    }
    await checkViews(m, real, this.toString())
  }
  toString = (): string => `disposeScope(#${this.raw})`
}

class Execute implements Cmd {
  constructor(
    readonly raw: number | undefined,
    readonly name: Name,
  ) {}
  check = (m: Readonly<Model>): boolean => m.alive(layerOf(m as Model, this.raw))
  async run(m: Model, real: Real): Promise<void> {
    await expectExecution(m, real, layerOf(m, this.raw), this.name, this.toString())
    await checkViews(m, real, this.toString())
  }
  toString = (): string => `execute(${this.raw === undefined ? 'global' : `#${this.raw}`}, ${this.name})`
}

const anyLayer = fc.option(fc.nat(3), { nil: undefined, freq: 3 })
const scopeLayer = fc.nat(3)
const name = fc.constantFrom(...NAMES)
const names = fc.option(fc.subarray([...NAMES], { minLength: 1 }), { nil: undefined })

const commandArbitraries: fc.Arbitrary<Cmd>[] = [
  fc.tuple(anyLayer, name).map(([l, n]) => new Register(l, n)),
  fc.tuple(anyLayer, name).map(([l, n]) => new Register(l, n)),
  fc.nat().map((k) => new Dispose('unregister', k)),
  fc
    .tuple(scopeLayer, names, names, fc.boolean())
    .filter(([, allow, deny]) => allow !== undefined || deny !== undefined)
    .map(([l, allow, deny, clamp]) => new Restrict(l, allow, deny, clamp)),
  fc.nat().map((k) => new Dispose('lift', k)),
  fc.tuple(anyLayer, name).map(([l, n]) => new AddGuard(l, n)),
  fc.nat().map((k) => new Dispose('unguard', k)),
  scopeLayer.map((s) => new DisposeScope(s)),
  fc.tuple(anyLayer, name).map(([l, n]) => new Execute(l, n)),
  fc.tuple(anyLayer, name).map(([l, n]) => new Execute(l, n)),
  fc.tuple(anyLayer, name).map(([l, n]) => new Execute(l, n)),
]
const replayPath = lawCommandsReplay('E-SEQ')
const commands = fc.commands(commandArbitraries, { maxCommands: 25, size: 'max', ...(replayPath === undefined ? {} : { replayPath }) })

/** A forest of 2-4 scopes: scope i's parent is an earlier scope or none. */
const forest = fc
  .array(fc.option(fc.nat(), { nil: undefined, freq: 3 }), { minLength: 2, maxLength: 4 })
  .map((ps) => ps.map((p, i) => (p === undefined || i === 0 ? undefined : p % i)))

law(
  'E-SEQ',
  ['VIS-01', 'VIS-02', 'VIS-03', 'VIS-07', 'VIS-09', 'VIS-10', 'VIS-11', 'VIS-15', 'GRD-01', 'GRD-04', 'REG-05', 'REG-10'],
  'random command sequences over a scope forest keep views, guards and executions in step with an independent model',
  {
    arbitrary: fc.record({ parents: forest, commands }),
    interesting: 'a removal command took a live effect away, and an execute from a scope had an outcome only scope layers explain',
    threshold: 0.2,
    scale: 0.6,
    run: async (r, { parents, commands: cmds }) => {
      const scopes: ScopeHandle[] = []
      for (const p of parents) scopes.push(await r.scope(p === undefined ? undefined : scopes[p]))
      const model = new Model(parents)
      const real: Real = { r, scopes, disposers: new Map() }
      // Every name starts registered globally (later commands may unregister them), so restrictions usually land.
      for (const n of NAMES) {
        const probe = probeTool(n)
        const id = model.nextId++
        real.disposers.set(id, r.tools.register(probe.definition))
        model.registrations.push({ id, layer: 'g', name: n, probe, live: true })
      }
      await fc.asyncModelRun(() => ({ model, real }), cmds)
      if (model.removed && model.layered) r.interesting()
    },
    needs: ['scopes', 'scopeParents'],
  },
)
