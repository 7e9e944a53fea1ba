/**
 * View resolution: which definitions a scope sees (VIS-01). `schemas` lists
 * `resolveView`; everything that looks one name up goes through `resolveTool`,
 * which answers exactly what the view holds under that name, so the announced
 * surface and the executable surface agree (VIS-15). Nothing is cached: every
 * lookup reads the live layers (VIS-16). `resolveTool` visits only the scope
 * chain, never every tool or restriction: each layer is indexed by name.
 */
import type { ToolDefinition } from '../conformance/spec/types.ts'
import { RUN_CODE_NAME } from './code-mode/name.ts'
import { effectiveMode } from './code-mode/presentation.ts'
import type { LayerStore } from './layers.ts'
import { chainFarthestFirst, type ScopeNode } from './scopes.ts'

export { RUN_CODE_NAME }

/** CM-02, PRES-11: `run_code` belongs to the view of `node` iff its mode in force is not native. */
function presentsTransport(store: LayerStore, node: ScopeNode | undefined): boolean {
  return effectiveMode(store, node) !== 'native'
}

/**
 * VIS-09, VIS-10, VIS-32: `name`, inherited by `node`, passes every restriction on its chain, its own layer's
 * included (OP-39: or only its own layer's). VIS-31: restrictions filter an ancestor's entry as well as a global
 * one (OP-38: or the global tools only).
 */
function admittedOnChain(store: LayerStore, node: ScopeNode, name: string): boolean {
  if (store.choices.restrictionTargets === 'global-only' && fromAncestor(store, node, name)) return true
  // VIS-26: an ancestor's restriction filters its own registrations too (OP-07: `own-exempt` leaves them alone).
  const owner = store.choices.ancestorOwnEntries === 'own-exempt' ? inheritedFrom(store, node, name) : undefined
  for (let scope: ScopeNode | undefined = node; scope !== undefined; scope = scope.parent) {
    const layer = store.layerOf(scope)
    if (layer !== undefined && scope !== owner && !layer.restrictions.admits(name)) return false // `owner` exists only on OP-07's other side of the choices
    if (store.choices.restrictionReach === 'own-scope') break
  }
  return true
}

/** OP-07: the ancestor whose own registration of `name` `node` inherits (VIS-30, OP-37), if any. */
function inheritedFrom(store: LayerStore, node: ScopeNode, name: string): ScopeNode | undefined {
  let found: ScopeNode | undefined
  for (let scope = node.parent; scope !== undefined; scope = scope.parent) {
    if (store.layerOf(scope)?.tools.has(name) !== true) continue
    found = scope
    if (store.choices.ancestorPrecedence !== 'farthest') return found
  }
  return found
}

/** Whether an ancestor of `node` registers `name` (an ancestor's entry shadows a global one, VIS-01). */
export function fromAncestor(store: LayerStore, node: ScopeNode, name: string): boolean {
  for (let scope = node.parent; scope !== undefined; scope = scope.parent) if (store.layerOf(scope)?.tools.has(name) === true) return true
  return false
}

/** The ancestors of `node`, in the order their entries are laid down: the last one laid wins (VIS-30; OP-37). */
function ancestorsInPrecedence(store: LayerStore, node: ScopeNode | undefined): ScopeNode[] {
  const farthestFirst = chainFarthestFirst(node)
  return store.choices.ancestorPrecedence === 'farthest' ? farthestFirst.reverse() : farthestFirst
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
  for (const ancestor of ancestorsInPrecedence(store, node.parent)) {
    const layer = store.layerOf(ancestor)
    if (layer === undefined) continue
    for (const [name, entry] of layer.tools) view.set(name, entry.definition)
  }
  return view
}

/**
 * The view of `node` (or the global view when `undefined`, VIS-02), in
 * iteration order (SCH-05). VIS-01 step 4, CM-01, CM-02: the shared `run_code`
 * transport comes last, outside every filter, when the mode in force presents it.
 */
export function resolveView(store: LayerStore, node: ScopeNode | undefined): Map<string, ToolDefinition> {
  const view = capabilityView(store, node)
  if (presentsTransport(store, node)) view.set(RUN_CODE_NAME, store.presentation.transport())
  return view
}

/** VIS-01 steps 1–3: the registered tools `node` sees. */
function capabilityView(store: LayerStore, node: ScopeNode | undefined): Map<string, ToolDefinition> {
  const view = inheritedTools(store, node)
  if (node === undefined) return view // VIS-02: the global view has no restrictions

  // VIS-01 step 2, VIS-10: every restriction on the chain, own included, filters inherited names.
  for (const name of [...view.keys()]) {
    if (!admittedOnChain(store, node, name)) view.delete(name)
  }

  // VIS-01 step 3, VIS-11: own registrations are never filtered and shadow inherited ones.
  const own = store.layerOf(node)
  if (own !== undefined) for (const [name, entry] of own.tools) view.set(name, entry.definition)
  return view
}

/**
 * VIS-15: the one lookup used by `get`, dispatch, wrapper normalisation and
 * value replacement. It answers what `resolveView(store, node).get(name)`
 * answers, visiting only the layers on the chain.
 */
export function resolveTool(store: LayerStore, node: ScopeNode | undefined, name: unknown): ToolDefinition | undefined {
  if (typeof name !== 'string') return undefined
  // CM-01: never stored in a layer (registration refuses the name), so only the mode decides.
  if (name === RUN_CODE_NAME) return presentsTransport(store, node) ? store.presentation.transport() : undefined
  // VIS-11: an own registration is never filtered (for the global view, the global layer is its own).
  const own = store.layerOf(node)?.tools.get(name)
  if (own !== undefined) return own.definition
  if (node === undefined) return undefined
  const inherited = nearestInherited(store, node, name)
  return inherited !== undefined && admittedOnChain(store, node, name) ? inherited : undefined
}

/** VIS-01 step 1 for one name: the nearest ancestor's entry (VIS-30; OP-37: or the farthest's), else the global one. */
function nearestInherited(store: LayerStore, node: ScopeNode, name: string): ToolDefinition | undefined {
  let found: ToolDefinition | undefined
  for (let scope = node.parent; scope !== undefined; scope = scope.parent) {
    const entry = store.layerOf(scope)?.tools.get(name)
    if (entry === undefined) continue
    found = entry.definition
    if (store.choices.ancestorPrecedence !== 'farthest') return found
  }
  return found ?? store.global.tools.get(name)?.definition
}
