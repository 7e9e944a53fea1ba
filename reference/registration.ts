/**
 * `register`, `restrict` and `guard`: the three ways a context contributes to
 * its layer (REG, VIS-04..09, GRD-01/05).
 */
import type { ToolDefinition, ToolGuard, ToolRestriction } from '../conformance/spec/types.ts'
import { assertSupportedUnder, type RegistryChoices } from './choices.ts'
import type { GuardEntry, LayerStore, RestrictionEntry, ToolEntry } from './layers.ts'
import type { ScopeNode } from './scopes.ts'
import { fromAncestor, inheritedTools, RUN_CODE_NAME } from './visibility.ts'

/**
 * REG-01..05, in that order (REG-07). Reads `definition.name` once (REG-09).
 * `name`, `description` and `parameters` are deliberately not checked (REG-08).
 */
function validateDefinition(store: LayerStore, node: ScopeNode | undefined, definition: ToolDefinition, choices: RegistryChoices): string {
  const name = definition.name
  const output = definition.output as Partial<ToolDefinition['output']> | null | undefined
  // REG-01 (output declared); REG-24 (an object with a usable render and presentationMeta), unless the choices take
  // the other side of OP-29, where a bad render fails only the call that renders.
  const usable =
    choices.outputCheck === 'declared-only' ||
    (typeof output === 'object' &&
      output !== null &&
      typeof output.render === 'function' &&
      (output.presentationMeta === undefined || typeof output.presentationMeta === 'function'))
  if (output === undefined || output === null || !usable) {
    throw new TypeError(`tool "${name}" must declare output { schema, render, presentationMeta? }`)
  }
  // REG-02: the JsonSchemaError propagates (OP-21: the assertion as the choices shape it).
  assertSupportedUnder(choices, (output as Partial<ToolDefinition['output']>).schema)
  // REG-03
  const timeoutMs = definition.timeoutMs
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw new TypeError(`tool "${name}" timeoutMs must be a positive finite number`)
  }
  // REG-04, CM-01: reserved in every layer, whatever the mode.
  if (name === RUN_CODE_NAME) {
    throw new Error(`tool name "${RUN_CODE_NAME}" is reserved for the Code Mode presentation transport and cannot be registered or shadowed`)
  }
  // REG-05
  if (store.layerOf(node)?.tools.has(name) === true) {
    throw new Error(
      node === undefined
        ? `tool "${name}" is already registered (for a per-agent variant, register through that agent's \`agent.ctx\` instead)`
        : `tool "${name}" is already registered in this scope`,
    )
  }
  // REG-27: a scope may repeat an ancestor scope's name, shadowing it (OP-09: `refused` throws instead).
  if (choices.ancestorNameReuse === 'refused' && node !== undefined && fromAncestor(store, node, name)) {
    throw new Error(`tool "${name}" is already registered by an ancestor scope`)
  }
  return name
}

/**
 * REG-06..11: file the definition (borrowed, not copied) in `node`'s layer.
 * Returns the idempotent disposer of exactly this entry. `changed` emits
 * `tools/change`; if it throws, the registration is rolled back and the
 * error rethrown (REG-11).
 */
export function registerTool(
  store: LayerStore,
  node: ScopeNode | undefined,
  definition: ToolDefinition,
  changed: () => void,
  choices: RegistryChoices = {},
): () => void {
  const name = validateDefinition(store, node, definition, choices)
  const layer = store.ensureLayer(node)
  const entry: ToolEntry = { definition }
  layer.tools.set(name, entry)

  const dispose = (): void => {
    if (layer.tools.get(name) !== entry) return
    layer.tools.delete(name)
    store.discardIfEmpty(node, layer)
    changed()
  }
  return withRollback(dispose, changed)
}

/** VIS-07: the unknown-name message, singular or plural. */
function unknownNamesMessage(unknown: readonly string[], known: readonly string[]): string {
  const listed = unknown.map((name) => `"${name}"`).join(', ')
  const noun = unknown.length === 1 ? 'tool' : 'tools'
  const knownList = known.length === 0 ? '(none)' : [...known].sort().join(', ')
  return `tools.restrict() names unknown global ${noun} ${listed}; known global tools: ${knownList}`
}

/** VIS-04..09: add a live allow/deny mask over the scope's inherited tools. */
export function restrictTools(store: LayerStore, node: ScopeNode | undefined, filter: ToolRestriction, changed: () => void): () => void {
  // VIS-04
  if (node === undefined) throw new Error('tools.restrict() requires a scoped context (an agent scope)')
  // VIS-08: copied now, so later mutation of the caller's arrays has no effect.
  const allow = filter.allow === undefined ? undefined : new Set<string>(filter.allow)
  const deny = filter.deny === undefined ? undefined : new Set<string>(filter.deny)
  // VIS-05; VIS-12: `{ allow: [] }` and `{ deny: [] }` are accepted.
  if (allow === undefined && deny === undefined) throw new Error('tools.restrict({}) names neither allow nor deny: it would be a no-op')
  const named = [...new Set([...(allow ?? []), ...(deny ?? [])])]
  // VIS-06
  if (named.includes(RUN_CODE_NAME)) {
    throw new Error(`tools.restrict() cannot name reserved Code Mode presentation transport "${RUN_CODE_NAME}"`)
  }
  // VIS-07: every name must be inherited right now (own registrations do not count); VIS-36: another, non-ancestor
  // scope's registration does not count either; VIS-31: an ancestor's registration counts (OP-38: not when
  // restrictions filter global tools only).
  const restrictable = store.choices.restrictionTargets === 'global-only' ? [...store.global.tools.keys()] : [...inheritedTools(store, node).keys()]
  const unknown = named.filter((name) => !restrictable.includes(name))
  if (unknown.length > 0) throw new Error(unknownNamesMessage(unknown, restrictable))

  const layer = store.ensureLayer(node)
  const entry: RestrictionEntry = { allow, deny }
  layer.restrictions.add(entry)
  // VIS-14: lifting a restriction changes the visible set too.
  const dispose = (): void => {
    if (!layer.restrictions.delete(entry)) return
    store.discardIfEmpty(node, layer)
    changed()
  }
  return withRollback(dispose, changed)
}

/** GRD-01, GRD-05: add a guard to `node`'s layer. No `tools/change` (VIS-14). */
export function addGuard(store: LayerStore, node: ScopeNode | undefined, guard: ToolGuard): () => void {
  const layer = store.ensureLayer(node)
  const entry: GuardEntry = { guard }
  layer.guards.add(entry)
  return () => {
    store.removeGuard(node, layer, entry)
  }
}

/** REG-11: announce the change; if a listener throws, undo the effect and rethrow. */
function withRollback(dispose: () => void, changed: () => void): () => void {
  try {
    changed()
  } catch (error) {
    try {
      dispose() // emits a second `tools/change`; its own failure must not mask the first
    } catch {
      // ignored on purpose
    }
    throw error
  }
  return dispose
}
