/**
 * Internal: a detached copy of a value made only of JSON (null, booleans,
 * finite numbers, strings, dense arrays, plain objects with enumerable own
 * string keys), or `undefined` when the value is anything else. Meant for the
 * small completion values of scripted programs; it recurses.
 */
export function losslessJsonCopy(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value !== 'object') return undefined
  if (Array.isArray(value)) {
    const copy: unknown[] = []
    for (let index = 0; index < value.length; index++) {
      if (!Object.hasOwn(value, index)) return undefined
      const item = losslessJsonCopy(value[index])
      if (item === undefined) return undefined
      copy.push(item)
    }
    return copy
  }
  const proto: unknown = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return undefined
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    const item = losslessJsonCopy((value as Record<string, unknown>)[key])
    if (item === undefined) return undefined
    // defineProperty, so a key named `__proto__` stays an ordinary own key.
    Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true })
  }
  return copy
}
