/**
 * Layers: what one context contributed. There is one global layer and at most
 * one layer per scope. Each holds named tool registrations, restrictions and
 * guards.
 */
import type { ToolDefinition, ToolGuard } from '../conformance/spec/types.ts'
import type { ScopeNode } from './scopes.ts'

/** One registration. A fresh object per `register` call, so disposers remove exactly their own entry (REG-10). */
export interface ToolEntry {
  readonly definition: ToolDefinition
}

/** One restriction, with its filters copied into sets at creation (VIS-08). */
export interface RestrictionEntry {
  readonly allow: ReadonlySet<string> | undefined
  readonly deny: ReadonlySet<string> | undefined
}

/** One guard registration; the same function registered twice gives two entries (GRD-05). */
export interface GuardEntry {
  readonly guard: ToolGuard
}

export interface Layer {
  /** Insertion-ordered: view order follows it (SCH-05). */
  readonly tools: Map<string, ToolEntry>
  readonly restrictions: Set<RestrictionEntry>
  /**
   * GRD-06: a "generation" of guards. Evaluation iterates this Set live, so a
   * guard added mid-run is seen. When the Set drains it is swapped for a new
   * one, so a replacement registered after draining waits for the next run.
   */
  guards: Set<GuardEntry>
}

function emptyLayer(): Layer {
  return { tools: new Map(), restrictions: new Set(), guards: new Set() }
}

function isEmpty(layer: Layer): boolean {
  return layer.tools.size === 0 && layer.restrictions.size === 0 && layer.guards.size === 0
}

/** The global layer plus per-scope layers. `node === undefined` addresses the global layer. */
export class LayerStore {
  readonly global: Layer = emptyLayer()
  private scoped = new Map<ScopeNode, Layer>()

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
    this.global.restrictions.clear()
    this.global.guards = new Set()
  }
}
