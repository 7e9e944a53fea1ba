/**
 * Agent scopes: opaque scope keys with an optional parent, forming a forest.
 *
 * A scope's key is the `agent` object callers put on `exec.agent` and pass to
 * `get`/`schemas`. Parent links are fixed at creation, so chains can never
 * form a cycle (VIS-17).
 */
import type { Agent } from '../conformance/spec/types.ts'

/** One agent scope. `disposers` holds the effects to undo when the scope goes away. */
export interface ScopeNode {
  readonly agent: Agent
  readonly parent: ScopeNode | undefined
  readonly disposers: Set<() => void>
  disposed: boolean
}

/** Maps scope keys to their nodes. Keys are weakly held: a forgotten agent costs nothing. */
export class ScopeTree {
  private readonly nodes = new WeakMap<Agent, ScopeNode>()

  /** Mint a new scope key, optionally under `parent`. */
  create(parent: ScopeNode | undefined, label: string): ScopeNode {
    // The key is a plain frozen object: identity is all that matters.
    const agent: Agent = Object.freeze({ scope: label })
    const node: ScopeNode = { agent, parent, disposers: new Set(), disposed: false }
    this.nodes.set(agent, node)
    return node
  }

  /** The node behind a scope key, or `undefined` for an agent this registry never minted. */
  nodeOf(agent: Agent | undefined): ScopeNode | undefined {
    // WeakMap.get answers undefined for any key it does not hold, undefined, null and primitives included.
    return this.nodes.get(agent as Agent)
  }
}

/** The scope and its ancestors, nearest first (the scope itself is element 0). */
export function chainNearestFirst(node: ScopeNode | undefined): ScopeNode[] {
  const chain: ScopeNode[] = []
  for (let current = node; current !== undefined; current = current.parent) chain.push(current)
  return chain
}

/** The scope and its ancestors, farthest ancestor first (the scope itself last). */
export function chainFarthestFirst(node: ScopeNode | undefined): ScopeNode[] {
  return chainNearestFirst(node).reverse()
}

/** VIS-18: true when `node` is `ancestor` or one of its descendants. */
export function isWithin(node: ScopeNode | undefined, ancestor: ScopeNode): boolean {
  for (let current = node; current !== undefined; current = current.parent) {
    if (current === ancestor) return true
  }
  return false
}
