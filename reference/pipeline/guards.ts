/**
 * Guard evaluation (GRD-02..11). Only `execute` consults guards; views,
 * `schemas` and `executionMode` never do (GRD-12).
 */
import type { GuardEntry } from '../layers.ts'
import { chainFarthestFirst } from '../scopes.ts'
import type { Run } from './run.ts'
import { guardDenies } from '../choices.ts'

/**
 * GRD-06: iterate one table live. A Set visits entries added during
 * iteration and skips entries removed before their turn.
 */
function firstDenial(table: Set<GuardEntry>, run: Run): { readonly reason: unknown } | undefined {
  for (const entry of table) {
    const guard = entry.guard
    // GRD-08: synchronous; the return value is used as is (a promise is not awaited).
    const verdict: unknown = guard(run.exec)
    // GRD-10, GRD-18: a string denies, and so does anything else but `undefined` (OP-31: or only a string).
    if (guardDenies(run.registry.choices, verdict)) return { reason: verdict }
  }
  return undefined
}

/**
 * GRD-03: global guards first, then (for calls with an agent) each layer on
 * the agent's chain from the farthest ancestor to the scope itself, each in
 * registration order. The first denial wins and later guards are not called.
 * A throwing guard propagates (GRD-09). Tables are looked up as evaluation
 * reaches them, so a drained table's replacement waits for the next run.
 */
export function evaluateGuards(run: Run): { readonly reason: unknown } | undefined {
  const { store } = run.registry
  const denied = firstDenial(store.global.guards, run)
  if (denied !== undefined) return denied
  if (run.exec.agent === undefined) return undefined // GRD-04: agent-less calls see global guards only
  // OP-03: under `exact-agent` a scope's guards hear only calls made for that very agent.
  const chain = run.registry.choices.listenerRouting === 'exact-agent' ? (run.target === undefined ? [] : [run.target]) : chainFarthestFirst(run.target)
  for (const node of chain) {
    const layer = store.layerOf(node)
    if (layer === undefined) continue
    const scoped = firstDenial(layer.guards, run)
    if (scoped !== undefined) return scoped
  }
  return undefined
}
