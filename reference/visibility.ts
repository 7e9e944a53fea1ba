/**
 * View resolution: which definitions a scope sees (VIS-01). Everything that
 * looks a tool up goes through `resolveView`, so the announced surface and the
 * executable surface always agree (VIS-15). Nothing is cached: every lookup
 * reads the live layers (VIS-16).
 */
import type { ToolDefinition } from '../conformance/spec/types.ts'
import type { LayerStore, RestrictionEntry } from './layers.ts'
import { chainFarthestFirst, type ScopeNode } from './scopes.ts'

/** The reserved Code Mode transport name (REG-04, VIS-06, VIS-13). */
export const RUN_CODE_NAME = 'run_code'

/** VIS-09: a name passes a restriction iff it is in `allow` (when given) and not in `deny`. */
function admits(restriction: RestrictionEntry, name: string): boolean {
  if (restriction.allow !== undefined && !restriction.allow.has(name)) return false
  if (restriction.deny !== undefined && restriction.deny.has(name)) return false
  return true
}

/**
 * VIS-01 step 1: global entries, then each ancestor layer farthest to nearest.
 * A nearer entry replaces a farther one and keeps its position (Map.set on an
 * existing key does exactly that). The scope's own layer is not included.
 */
export function inheritedTools(store: LayerStore, node: ScopeNode | undefined): Map<string, ToolDefinition> {
  const view = new Map<string, ToolDefinition>()
  for (const [name, entry] of store.global.tools) view.set(name, entry.definition)
  if (node === undefined) return view
  for (const ancestor of chainFarthestFirst(node.parent)) {
    const layer = store.layerOf(ancestor)
    if (layer === undefined) continue
    for (const [name, entry] of layer.tools) view.set(name, entry.definition)
  }
  return view
}

/**
 * The view of `node` (or the global view when `undefined`, VIS-02), in
 * iteration order (SCH-05). Code Mode is not implemented, so `run_code` is
 * never appended (VIS-01 step 4 is a no-op here).
 */
export function resolveView(store: LayerStore, node: ScopeNode | undefined): Map<string, ToolDefinition> {
  const view = inheritedTools(store, node)
  if (node === undefined) return view // VIS-02: the global view has no restrictions

  // VIS-01 step 2, VIS-10: every restriction on the chain, own included, filters inherited names.
  const restrictions: RestrictionEntry[] = []
  for (const scope of chainFarthestFirst(node)) {
    const layer = store.layerOf(scope)
    if (layer !== undefined) restrictions.push(...layer.restrictions)
  }
  for (const name of [...view.keys()]) {
    if (!restrictions.every((restriction) => admits(restriction, name))) view.delete(name)
  }

  // VIS-01 step 3, VIS-11: own registrations are never filtered and shadow inherited ones.
  const own = store.layerOf(node)
  if (own !== undefined) for (const [name, entry] of own.tools) view.set(name, entry.definition)
  return view
}

/** VIS-15: the one lookup used by `get`, dispatch, wrapper normalisation and value replacement. */
export function resolveTool(store: LayerStore, node: ScopeNode | undefined, name: unknown): ToolDefinition | undefined {
  if (typeof name !== 'string') return undefined
  return resolveView(store, node).get(name)
}
