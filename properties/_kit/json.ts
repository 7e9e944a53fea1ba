import { $Array, $Number, $Object, $Reflect } from '../../conformance/suite/_kit/intrinsics.ts'

/** The lossless-JSON boundary (ARG-05), written for the laws: a yes/no check, no copy. */
export function isLossless(value: unknown): boolean {
  const stack: unknown[] = [value]
  const path = new Set<object>()
  // Cycle detection over an explicit stack: a marker pops the object off the current path.
  const EXIT = Symbol('exit')
  const exits: object[] = []
  while (stack.length > 0) {
    const item = stack.pop()
    if (item === EXIT) {
      path.delete(exits.pop() as object)
      continue
    }
    if (item === null || typeof item === 'boolean' || typeof item === 'string') continue
    if (typeof item === 'number') {
      if (!$Number.isFinite(item) || $Object.is(item, -0)) return false
      continue
    }
    if (typeof item !== 'object') return false
    if (path.has(item)) return false
    const proto: unknown = $Object.getPrototypeOf(item)
    const keys = $Reflect.ownKeys(item)
    if ($Array.isArray(item)) {
      if (proto !== $Array.prototype) return false
      for (let i = 0; i < item.length; i += 1) if (!$Object.hasOwn(item, i)) return false
      if (keys.length !== item.length + 1) return false
    } else {
      if (proto !== $Object.prototype && proto !== null) return false
      for (const key of keys) {
        if (typeof key !== 'string' || !$Object.getOwnPropertyDescriptor(item, key)?.enumerable) return false
      }
    }
    path.add(item)
    exits.push(item)
    stack.push(EXIT)
    for (const key of $Array.isArray(item) ? item.keys() : $Object.keys(item)) {
      const child = (item as Record<string | number, unknown>)[key]
      if (child === undefined) return false
      stack.push(child)
    }
  }
  return true
}
