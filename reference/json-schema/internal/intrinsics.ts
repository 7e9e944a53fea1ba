/**
 * Recognition of the built-in `Object.prototype` / `Array.prototype` of any
 * JS realm (the current one, a `node:vm` context, an iframe). Shared by the
 * lossless-JSON walker and the schema subset, which both accept plain data
 * from foreign realms but nothing with a user-defined or forged prototype.
 */

// Verified foreign prototypes are remembered so the structural check runs once per realm.
const objectPrototypes = new WeakSet<object>([Object.prototype])
const arrayPrototypes = new WeakSet<object>([Array.prototype])

const functionSource = Function.prototype.toString
const NATIVE_FUNCTION = /^function (\w+)\(\) \{\s*\[native code\]\s*\}$/

/**
 * True when `proto.constructor` is a realm's native constructor called `name`
 * whose locked `prototype` slot points back at `proto`. User code cannot make
 * a function print as native source under its own name, so this is hard to forge.
 */
function isNativePrototypeOf(proto: object, name: string): boolean {
  const ctorSlot = Object.getOwnPropertyDescriptor(proto, 'constructor')
  if (ctorSlot === undefined || !('value' in ctorSlot) || typeof ctorSlot.value !== 'function') return false
  const ctor: unknown = ctorSlot.value
  const protoSlot = Object.getOwnPropertyDescriptor(ctor, 'prototype')
  if (protoSlot === undefined || protoSlot.value !== proto || protoSlot.writable || protoSlot.configurable) return false
  const match = NATIVE_FUNCTION.exec(functionSource.call(ctor))
  return match !== null && match[1] === name
}

/** `proto` is some realm's intrinsic `Object.prototype`. May throw on a hostile proxy. */
export function isIntrinsicObjectPrototype(proto: object): boolean {
  if (objectPrototypes.has(proto)) return true
  if (Object.getPrototypeOf(proto) !== null || !isNativePrototypeOf(proto, 'Object')) return false
  objectPrototypes.add(proto)
  return true
}

/** `proto` is some realm's intrinsic `Array.prototype`. May throw on a hostile proxy. */
export function isIntrinsicArrayPrototype(proto: object): boolean {
  if (arrayPrototypes.has(proto)) return true
  // The intrinsic Array.prototype is itself an array exotic object; a subclass prototype is not.
  if (!Array.isArray(proto)) return false
  const parent = Object.getPrototypeOf(proto) as object | null
  if (parent === null || !isIntrinsicObjectPrototype(parent) || !isNativePrototypeOf(proto, 'Array')) return false
  arrayPrototypes.add(proto)
  return true
}

/**
 * Own keys of a dense, undecorated array: exactly `'0'..'length-1'` followed by
 * `'length'`. Returns the index keys, or `undefined` for sparse or decorated
 * arrays (extra string or symbol keys). May throw on a hostile proxy.
 */
export function denseIndexKeys(array: readonly unknown[]): string[] | undefined {
  // One listing of every own key (a symbol key included): an ordinary array
  // lists its indices in order, then 'length', then any other key.
  const keys = Reflect.ownKeys(array)
  const length = array.length
  if (keys.length !== length + 1 || keys[length] !== 'length') return undefined
  for (let i = 0; i < length; i++) {
    if (keys[i] !== String(i)) return undefined
  }
  keys.pop() // drops the trailing 'length'; cheaper than truncating through `keys.length`
  return keys as string[]
}
