/**
 * Defensive readers for schema-side containers. Each reads a container's own
 * properties exactly once and never lets a hostile object (throwing proxy,
 * throwing getter, revoked proxy) escape as an exception: they answer
 * `undefined` instead, which the caller reports as a malformed keyword.
 */

import { denseIndexKeys, isIntrinsicArrayPrototype, isIntrinsicObjectPrototype } from './intrinsics.ts'

/** Value of an own property through its descriptor: one read, getters run once. */
function readSlot(source: object, key: string): { value: unknown } | undefined {
  const slot = Object.getOwnPropertyDescriptor(source, key)
  if (slot === undefined || !slot.enumerable) return undefined
  return { value: 'value' in slot ? slot.value : slot.get === undefined ? undefined : slot.get.call(source) }
}

/**
 * Reads a schema record: a non-array object whose prototype is `null` or a
 * realm's intrinsic `Object.prototype` and whose own keys are all enumerable
 * strings. Returns its entries in own-key order, or `undefined` when the
 * value is not such a record or reading it threw.
 */
export function readSchemaRecord(value: unknown): Map<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  try {
    if (Array.isArray(value)) return undefined
    const proto = Object.getPrototypeOf(value) as object | null
    if (proto !== null && !isIntrinsicObjectPrototype(proto)) return undefined
    const entries = new Map<string, unknown>()
    for (const key of Reflect.ownKeys(value)) {
      if (typeof key !== 'string') return undefined
      const slot = readSlot(value, key)
      if (slot === undefined) return undefined
      entries.set(key, slot.value)
    }
    return entries
  } catch {
    return undefined
  }
}

/**
 * Reads the elements of a dense, undecorated array whose prototype is a
 * realm's intrinsic `Array.prototype`, or returns `undefined` for anything
 * else (sparse, extra keys, subclass, throwing proxy).
 */
export function readPlainArray(value: unknown): unknown[] | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  try {
    if (!Array.isArray(value)) return undefined
    const proto = Object.getPrototypeOf(value) as object | null
    if (proto === null || !isIntrinsicArrayPrototype(proto)) return undefined
    const keys = denseIndexKeys(value)
    if (keys === undefined) return undefined
    const elements: unknown[] = []
    for (const key of keys) {
      const slot = readSlot(value, key)
      if (slot === undefined) return undefined
      elements.push(slot.value)
    }
    return elements
  } catch {
    return undefined
  }
}
