/**
 * Layers: what one context contributed. There is one global layer and at most
 * one layer per scope. Each holds named tool registrations, restrictions and
 * guards.
 */
import type { ToolDefinition, ToolGuard, ToolPresentationMode } from '../conformance/spec/types.ts'
import type { ScopeNode } from './scopes.ts'
import type { RegistryChoices } from './choices.ts'

/** One registration. A fresh object per `register` call, so disposers remove exactly their own entry (REG-10). */
export interface ToolEntry {
  readonly definition: ToolDefinition
}

/** One restriction, with its filters copied into sets at creation (VIS-08). */
export interface RestrictionEntry {
  readonly allow: ReadonlySet<string> | undefined
  readonly deny: ReadonlySet<string> | undefined
}

/**
 * The restrictions of one layer, indexed by name (VIS-09, VIS-10): whether a
 * name passes them all costs the same however many there are. A name passes
 * iff every allow list holds it and no deny list does.
 */
export class RestrictionIndex {
  private readonly entries = new Set<RestrictionEntry>()
  private allowLists = 0
  /** How many allow lists / deny lists of this layer hold each name. */
  private readonly allowedBy = new Map<string, number>()
  private readonly deniedBy = new Map<string, number>()

  get size(): number {
    return this.entries.size
  }

  add(entry: RestrictionEntry): void {
    this.entries.add(entry)
    this.count(entry, 1)
  }

  /** False when `entry` was not (or no longer) here. */
  delete(entry: RestrictionEntry): boolean {
    if (!this.entries.delete(entry)) return false
    this.count(entry, -1)
    return true
  }

  admits(name: string): boolean {
    return !this.deniedBy.has(name) && (this.allowedBy.get(name) ?? 0) === this.allowLists
  }

  private count(entry: RestrictionEntry, delta: 1 | -1): void {
    if (entry.allow !== undefined) {
      this.allowLists += delta
      tally(this.allowedBy, entry.allow, delta)
    }
    if (entry.deny !== undefined) tally(this.deniedBy, entry.deny, delta)
  }
}

/** Adds `delta` to the count of each name; a count that reaches zero is removed. */
function tally(counts: Map<string, number>, names: ReadonlySet<string>, delta: 1 | -1): void {
  for (const name of names) {
    const next = (counts.get(name) ?? 0) + delta
    if (next === 0) counts.delete(name)
    else counts.set(name, next)
  }
}

/** One guard registration; the same function registered twice gives two entries (GRD-05). */
export interface GuardEntry {
  readonly guard: ToolGuard
}

export interface Layer {
  /** Insertion-ordered: view order follows it (SCH-05). */
  readonly tools: Map<string, ToolEntry>
  /** Always empty in the global layer: restricting needs a scope (VIS-04). */
  readonly restrictions: RestrictionIndex
  /**
   * GRD-06: a "generation" of guards. Evaluation iterates this Set live, so a
   * guard added mid-run is seen. When the Set drains it is swapped for a new
   * one, so a replacement registered after draining waits for the next run.
   */
  guards: Set<GuardEntry>
  /** PRES-08: this scope's `presentAs` declaration; always `undefined` in the global layer. */
  mode: ToolPresentationMode | undefined
}

function emptyLayer(): Layer {
  return { tools: new Map(), restrictions: new RestrictionIndex(), guards: new Set(), mode: undefined }
}

function isEmpty(layer: Layer): boolean {
  return layer.tools.size === 0 && layer.restrictions.size === 0 && layer.guards.size === 0 && layer.mode === undefined
}

/** Code Mode's presentation infrastructure, owned by the registry and outside every layer (CM-01). */
export interface Presentation {
  /** PRES-08: the deployment's mode, for scopes on whose chain none is declared. */
  readonly defaultMode: ToolPresentationMode
  /** CM-01: the one shared `run_code` definition, built on first need. */
  transport(): ToolDefinition
}

/** The global layer plus per-scope layers. `node === undefined` addresses the global layer. */
export class LayerStore {
  readonly global: Layer = emptyLayer()
  private scoped = new Map<ScopeNode, Layer>()

  constructor(
    readonly presentation: Presentation,
    /** The open-point choices that shape views (OP-37..39). */
    readonly choices: RegistryChoices = {},
  ) {}

  /** Read-only lookup: never creates a layer (REG-12). */
  layerOf(node: ScopeNode | undefined): Layer | undefined {
    return node === undefined ? this.global : this.scoped.get(node)
  }

  /** The layer to write into, created on demand. */
  ensureLayer(node: ScopeNode | undefined): Layer {
    if (node === undefined) return this.global
    let layer = this.scoped.get(node)
    if (layer === undefined) {
      layer = emptyLayer()
      this.scoped.set(node, layer)
    }
    return layer
  }

  /** REG-12: drop a scoped layer once its last contribution is gone. */
  discardIfEmpty(node: ScopeNode | undefined, layer: Layer): void {
    if (node === undefined) return
    if (this.scoped.get(node) === layer && isEmpty(layer)) this.scoped.delete(node)
  }

  /** Remove one guard entry; a drained table starts a new generation (GRD-06). */
  removeGuard(node: ScopeNode | undefined, layer: Layer, entry: GuardEntry): void {
    if (!layer.guards.delete(entry)) return
    if (layer.guards.size === 0) layer.guards = new Set()
    this.discardIfEmpty(node, layer)
  }

  /** Forget every scoped layer and empty the global one (registry disposal). */
  clear(): void {
    this.scoped = new Map()
    this.global.tools.clear()
    this.global.guards = new Set()
  }
}
