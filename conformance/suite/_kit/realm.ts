/**
 * Copies of plain data built in another JavaScript realm (a `node:vm`
 * context), for rules that promise records and arrays from any realm work.
 */
import { $Array, $Object } from './intrinsics.ts'
import { createContext, runInContext } from 'node:vm'

const context = createContext({})
const makeObject = runInContext('() => ({})', context) as () => Record<string, unknown>
const makeArray = runInContext('() => []', context) as () => unknown[]

/** The foreign realm's intrinsic constructors, for `instanceof`-style checks in tests. */
export const foreignArray = runInContext('Array', context) as ArrayConstructor
export const foreignObject = runInContext('Object', context) as ObjectConstructor

/** A deep copy whose objects and arrays come from the other realm; shared references and cycles are preserved. */
export function inForeignRealm<T>(value: T): T {
  const copies = new Map<object, unknown>()
  const copy = (node: unknown): unknown => {
    if (typeof node !== 'object' || node === null) return node
    const seen = copies.get(node)
    if (seen !== undefined) return seen
    if ($Array.isArray(node)) {
      const out = makeArray()
      copies.set(node, out)
      for (const item of node) out.push(copy(item))
      return out
    }
    const out = makeObject()
    copies.set(node, out)
    for (const [key, item] of $Object.entries(node)) {
      Object.defineProperty(out, key, { value: copy(item), enumerable: true, writable: true, configurable: true })
    }
    return out
  }
  return copy(value) as T
}
