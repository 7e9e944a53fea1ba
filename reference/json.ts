/**
 * Lossless-JSON primitives the pipeline materialises values with (ARG-04,
 * ARG-05, ARG-08, ARG-15): a validating deep copy, the same check without the
 * copy, and an in-place deep freeze. All three walk with an explicit stack so
 * that nesting depth is bounded by memory, not by the call stack.
 */

import type { JsonValue } from '../conformance/spec/types.ts'
import { denseIndexKeys, isIntrinsicArrayPrototype, isIntrinsicObjectPrototype } from './json-schema/internal/intrinsics.ts'

/** One container being walked: its own keys were read once, up front. */
interface Frame {
  readonly source: object
  readonly keys: readonly string[]
  readonly array: boolean
  /** The detached copy under construction; `undefined` when only checking. */
  readonly target: Record<string, unknown> | unknown[] | undefined
  next: number
}

/** Up to this many containers deep, a walk finds cycles by scanning its path rather than through a set. */
const SCANNED_PATH_DEPTH = 16

/** Signals "not lossless" out of the walk; never escapes this module. */
const REJECT: unique symbol = Symbol('reject')

/**
 * The mark of every container of every frozen snapshot this module builds.
 * Such a container is lossless JSON for good: it is frozen, holds only data
 * properties, and everything below it is another marked container or a
 * primitive. So a check that meets one (`isJsonValue`, the output schema's
 * lossless check of a value just snapshotted) need not look inside it
 * again. A snapshot still copies it: only a check may skip.
 *
 * The mark is a private field, installed through a base constructor that
 * returns the object it is given: reflection and proxies cannot see it, only
 * this module can set or test it, and it costs a fraction of a `WeakSet`
 * insertion (which, per container, was a large part of a call's cost).
 */
class ReturnsItsArgument {
  // biome-ignore-start lint/correctness/noConstructorReturn: returning the argument is how the subclass installs its private mark on an existing object.
  constructor(target: object) {
    return target as ReturnsItsArgument
  }
  // biome-ignore-end lint/correctness/noConstructorReturn: the mark's base constructor ends here.
}
class FrozenSnapshotMark extends ReturnsItsArgument {
  #snapshot = true
  /** Marks a container of a snapshot under construction; call once, before freezing it. */
  static add(container: object): void {
    new FrozenSnapshotMark(container)
  }
  static has(value: object): boolean {
    return #snapshot in value
  }
}

/** `value` is (a part of) a frozen snapshot built here, and so lossless JSON that cannot change. */
export function isFrozenSnapshot(value: unknown): boolean {
  return typeof value === 'object' && value !== null && FrozenSnapshotMark.has(value)
}

/**
 * Opens a container for walking, or returns `REJECT` when its shape alone is
 * not lossless. Hostile proxies may throw here; that propagates. With
 * `ordinaryOnly` (OP-35's other side), only this realm's ordinary objects and
 * arrays are containers: a null prototype or another realm's is refused.
 */
function openFrame(value: object, copy: boolean, ordinaryOnly: boolean): Frame | typeof REJECT {
  const proto = Object.getPrototypeOf(value) as object | null
  if (Array.isArray(value)) {
    if (proto === null || !isIntrinsicArrayPrototype(proto) || (ordinaryOnly && proto !== Array.prototype)) return REJECT
    const keys = denseIndexKeys(value)
    if (keys === undefined) return REJECT
    return { source: value, keys, array: true, target: copy ? [] : undefined, next: 0 }
  }
  if (ordinaryOnly ? proto !== Object.prototype : proto !== null && !isIntrinsicObjectPrototype(proto)) return REJECT
  // Every own key, enumerable or not; a symbol key is not plain data. (A proxy may list keys in any order, so all are looked at.)
  const keys = Reflect.ownKeys(value)
  for (const key of keys) if (typeof key !== 'string') return REJECT
  return { source: value, keys: keys as string[], array: false, target: copy ? {} : undefined, next: 0 }
}

/**
 * Adds one copied entry to a copy as an own data property. A key the fresh
 * copy already has is inherited (`__proto__`, or a setter a tampered realm put
 * on `Object.prototype` or `Array.prototype`): it is defined rather than
 * assigned, so no setter runs on a copy under construction, which is marked
 * and frozen once complete. Not defended against: a realm whose intrinsic
 * prototypes themselves were replaced or given a proxy as their prototype.
 * Such a realm could as well replace `push` or `Object.defineProperty`, which
 * this module calls, and defining every key (which would close the proxy case
 * only) costs a `defineProperty` per copied entry on every call.
 */
function store(frame: Frame, key: string, value: unknown): void {
  const target = frame.target
  if (target === undefined) return
  if (key in target) {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true })
  } else if (frame.array) {
    ;(target as unknown[]).push(value)
  } else {
    ;(target as Record<string, unknown>)[key] = value
  }
}

/**
 * The single walk behind the public checks. Returns the copy (or the input
 * itself when not copying) or `REJECT`; with `freeze`, each container of the
 * copy is frozen once it is complete. Each own property is read exactly
 * once, through its descriptor, so a getter runs once and its throw escapes.
 */
function walk(value: unknown, copy: boolean, freeze = false, ordinaryOnly = false): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  // -0 is refused: for arguments that is upstream's ARG-24 (the seeds leave it open there).
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0) ? value : REJECT
  if (typeof value !== 'object') return REJECT
  // Checking only: a frozen snapshot is lossless as it is. A copy is always
  // built anew, since a copy must be detached and duplicate shared parts (ARG-04, ARG-05, OUT-02).
  const checkOnly = !copy
  if (checkOnly && FrozenSnapshotMark.has(value)) return value

  const rootFrame = openFrame(value, copy, ordinaryOnly)
  if (rootFrame === REJECT) return REJECT
  // The containers on the current path are the sources of the open frames:
  // revisiting one is a cycle, while a sub-object reached twice through
  // different paths is merely shared. A short path is scanned; from
  // SCANNED_PATH_DEPTH on, a set keeps deep values linear.
  const stack: Frame[] = [rootFrame]
  let onPath: Set<object> | undefined
  const isOnPath = (container: object): boolean => {
    if (onPath !== undefined) return onPath.has(container)
    for (const open of stack) if (open.source === container) return true
    return false
  }

  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!
    if (frame.next >= frame.keys.length) {
      stack.pop()
      onPath?.delete(frame.source)
      // Complete, so freezing it now freezes a finished copy: every child was frozen when its own frame closed.
      if (freeze) {
        FrozenSnapshotMark.add(frame.target!)
        Object.freeze(frame.target)
      }
      continue
    }
    const key = frame.keys[frame.next++]!
    const slot = Object.getOwnPropertyDescriptor(frame.source, key)
    // A vanished key (a getter deleted it) or a hidden one is not plain data.
    if (slot === undefined || !slot.enumerable) return REJECT
    const child: unknown = 'value' in slot ? slot.value : slot.get === undefined ? undefined : slot.get.call(frame.source)

    if (child === null || typeof child === 'string' || typeof child === 'boolean') {
      store(frame, key, child)
    } else if (typeof child === 'number') {
      if (!Number.isFinite(child) || Object.is(child, -0)) return REJECT
      store(frame, key, child)
    } else if (typeof child === 'object') {
      if (checkOnly && FrozenSnapshotMark.has(child)) {
        store(frame, key, child)
        continue
      }
      if (isOnPath(child)) return REJECT
      const childFrame = openFrame(child, copy, ordinaryOnly)
      if (childFrame === REJECT) return REJECT
      store(frame, key, childFrame.target)
      stack.push(childFrame)
      if (onPath !== undefined) onPath.add(child)
      else if (stack.length > SCANNED_PATH_DEPTH) onPath = new Set(stack.map((open) => open.source))
    } else {
      return REJECT
    }
  }
  return copy ? rootFrame.target : value
}

/**
 * Validates that `value` is lossless JSON and returns a detached deep copy of
 * it, or `undefined` when it is not.
 *
 * Lossless means: `null`, booleans, strings, finite numbers other than `-0`,
 * dense arrays whose prototype is some realm's intrinsic `Array.prototype`
 * and which carry no own keys besides their indices and `length`, and objects
 * whose prototype is `null` or some realm's intrinsic `Object.prototype` and
 * whose own keys are all enumerable strings, nested to any depth without
 * cycles. Anything else (`undefined` anywhere, functions, symbols, bigint,
 * non-finite numbers, `-0`, Map/Set/Date/class instances, array subclasses,
 * sparse or decorated arrays, symbol or non-enumerable keys) yields `undefined`.
 *
 * Every own property is read exactly once; getters run once and whatever they
 * throw propagates to the caller. `toJSON` is ignored. Sub-objects shared by
 * several paths are copied once per path. The copy is built from ordinary
 * objects and arrays of the current realm (null-prototype inputs included),
 * and an own `__proto__` key stays an own data property. Under
 * `ordinaryOnly` (OP-35's and OP-75's other side), a container whose prototype
 * is not this realm's Object.prototype or Array.prototype yields `undefined`.
 */
export function snapshotJsonValue<T = JsonValue>(value: unknown, ordinaryOnly = false): T | undefined {
  const result = walk(value, true, false, ordinaryOnly)
  return result === REJECT ? undefined : (result as T)
}

/**
 * {@link snapshotJsonValue}, with every object and array of the copy frozen:
 * the same as `deepFreeze(snapshotJsonValue(value))`, in one walk. Even a
 * value that is already such a snapshot is copied: a snapshot is detached,
 * and it duplicates shared parts (ARG-04, ARG-05, OUT-02). With
 * `ordinaryOnly`, a container whose prototype is not this realm's
 * `Object.prototype` or `Array.prototype` is refused too (OP-35).
 */
export function frozenSnapshotJsonValue<T = JsonValue>(value: unknown, ordinaryOnly = false): T | undefined {
  const result = walk(value, true, true, ordinaryOnly)
  return result === REJECT ? undefined : (result as T)
}

/**
 * True when `value` is lossless JSON by exactly the rules of
 * {@link snapshotJsonValue}, without building a copy. Getter throws propagate.
 */
export function isJsonValue(value: unknown): boolean {
  return walk(value, false) !== REJECT
}

function isAbortSignal(value: object): boolean {
  return typeof AbortSignal === 'function' && value instanceof AbortSignal
}

/**
 * Freezes `value` and everything reachable from it through own enumerable
 * data properties (string or symbol keyed), in place, and returns it.
 * Cycles and shared objects are visited once. Getters are not invoked.
 * `AbortSignal` instances are left unfrozen, along with what they reference,
 * because the runtime must still be able to abort them.
 */
export function deepFreeze<T>(value: T): T {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return value
  const seen = new WeakSet<object>()
  const stack: object[] = [value]
  while (stack.length > 0) {
    const current = stack.pop()!
    if (seen.has(current)) continue
    seen.add(current)
    if (isAbortSignal(current)) continue
    Object.freeze(current)
    for (const key of Reflect.ownKeys(current)) {
      const slot = Object.getOwnPropertyDescriptor(current, key)
      if (slot === undefined || !slot.enumerable || !('value' in slot)) continue
      const child: unknown = slot.value
      if (((typeof child === 'object' && child !== null) || typeof child === 'function') && !seen.has(child)) {
        stack.push(child)
      }
    }
  }
  return value
}
