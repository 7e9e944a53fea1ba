/**
 * Presentation modes (PRES-08, PRES-09) and the Code Mode collapse of
 * model-direct calls (CM-03, CM-04, ARG-13).
 */
import type { ToolPresentationMode } from '../../conformance/spec/types.ts'
import type { RegistryChoices } from '../choices.ts'
import type { LayerStore } from '../layers.ts'
import type { ScopeNode } from '../scopes.ts'
import { RUN_CODE_NAME } from './name.ts'

const MODES: ReadonlySet<unknown> = new Set<ToolPresentationMode>(['native', 'code', 'both'])
/** OP-63's other side: the seeds name native and code only; `both` is upstream's (CM-40). */
const SEED_MODES: ReadonlySet<unknown> = new Set<ToolPresentationMode>(['native', 'code'])

/** PRES-08: the nearest declaration on the chain of `node` (its own first), else the deployment's mode. */
export function effectiveMode(store: LayerStore, node: ScopeNode | undefined): ToolPresentationMode {
  for (let scope = node; scope !== undefined; scope = scope.parent) {
    const mode = store.layerOf(scope)?.mode
    if (mode !== undefined) return mode
  }
  return store.presentation.defaultMode
}

/** A presentation mode of those `choices` offer (OP-63), or an error naming what was given. */
export function checkMode(mode: unknown, where: string, choices?: RegistryChoices): ToolPresentationMode {
  const seedOnly = choices?.presentationModes === 'native-and-code'
  if (!(seedOnly ? SEED_MODES : MODES).has(mode)) {
    const expected = seedOnly ? '"native" or "code"' : '"native", "code" or "both"'
    throw new TypeError(`${where}: mode must be ${expected}, got ${JSON.stringify(mode) ?? String(mode)}`)
  }
  return mode as ToolPresentationMode
}

/**
 * PRES-09: declare `mode` for the scope `node`: scoped only, one declaration
 * per scope. Announces `tools/change` (a listener's throw undoes the
 * declaration and propagates, as for registrations, REG-11). Returns the
 * exact, idempotent disposer, which restores what the chain inherits.
 */
export function declarePresentation(store: LayerStore, node: ScopeNode | undefined, mode: unknown, changed: () => void): () => void {
  if (node === undefined) {
    throw new Error('tools.presentAs() requires a scoped context (an agent scope); the deployment-wide mode is the registry option `mode`')
  }
  const checked = checkMode(mode, 'tools.presentAs()', store.choices)
  const layer = store.ensureLayer(node)
  if (layer.mode !== undefined) {
    throw new Error(`tools.presentAs("${checked}") conflicts with "${layer.mode}" already declared for this scope`)
  }
  layer.mode = checked
  let active = true
  const undo = (): void => {
    layer.mode = undefined
    store.discardIfEmpty(node, layer)
  }
  try {
    changed()
  } catch (error) {
    undo()
    throw error
  }
  return () => {
    if (!active) return
    active = false
    undo()
    changed()
  }
}

/**
 * CM-03, CM-04, ARG-13: a call collapses iff it is model-direct (no
 * `parent`), names something other than `run_code`, and the calling agent's
 * mode is `code`. Whether the name is visible is the caller's check.
 */
export function collapses(store: LayerStore, node: ScopeNode | undefined, name: unknown, parent: unknown): boolean {
  return parent === undefined && name !== RUN_CODE_NAME && effectiveMode(store, node) === 'code'
}
