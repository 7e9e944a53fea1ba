/**
 * Read-side projections of a view: `get` (VIS-02), `schemas` (SCH) and
 * `executionMode` (MODE).
 */
import type { ToolDefinition, ToolExecutionInput, ToolExecutionMode, ToolSchema } from '../conformance/spec/types.ts'
import { snapshotJsonValue } from './json.ts'
import type { LayerStore } from './layers.ts'
import type { ScopeNode } from './scopes.ts'
import { collapses } from './code-mode/presentation.ts'
import { resolveTool, resolveView } from './visibility.ts'

/** VIS-02: the definition `node` sees under `name` (the registered object itself, REG-09). */
export function getTool(store: LayerStore, node: ScopeNode | undefined, name: string): ToolDefinition | undefined {
  return resolveTool(store, node, name)
}

/**
 * SCH-01..05: the model-facing projection, in view order. Exactly
 * `{ name, description, parameters }`; `parameters` is a fresh lossless
 * copy on every call (SCH-02), built iteratively, so arbitrarily deep (SCH-03). One lossy definition fails the
 * whole call (SCH-04); a throw while reading parameters fails it with that very error (SCH-09).
 */
export function projectSchemas(store: LayerStore, node: ScopeNode | undefined): ToolSchema[] {
  const schemas: ToolSchema[] = []
  for (const [name, definition] of resolveView(store, node)) {
    // SCH-09: a throwing getter's error propagates as is.
    const parameters = snapshotJsonValue<Record<string, unknown>>(definition.parameters)
    if (parameters === undefined) throw new Error(`tool "${name}" parameters must be lossless JSON before schema projection`)
    schemas.push({ name, description: definition.description, parameters })
  }
  return schemas
}

const PARALLEL: () => ToolExecutionMode = () => ({ kind: 'parallel' })
const EXCLUSIVE: () => ToolExecutionMode = () => ({ kind: 'exclusive' })

/**
 * MODE-01, MODE-02: `parallel` only when the tool the caller may execute has a
 * classifier that returns exactly `true` for the raw arguments (MODE-04).
 * Anything else, including any throw, is `exclusive`.
 */
export function classifyExecution(
  store: LayerStore,
  nodeOf: (agent: unknown) => ScopeNode | undefined,
  input: ToolExecutionInput,
  /** OP-36: the parent the call counts as having. */
  parentOf: (parent: unknown) => unknown = (parent) => parent,
): ToolExecutionMode {
  try {
    const node = nodeOf(input.agent)
    const definition = resolveTool(store, node, input.name)
    if (definition === undefined || typeof definition.isConcurrencySafe !== 'function') return EXCLUSIVE()
    // MODE-05: a call the collapse ends at entry can only be exclusive.
    if (collapses(store, node, input.name, parentOf(input.parent))) return EXCLUSIVE()
    return definition.isConcurrencySafe(input.arguments) === true ? PARALLEL() : EXCLUSIVE()
  } catch {
    return EXCLUSIVE()
  }
}
