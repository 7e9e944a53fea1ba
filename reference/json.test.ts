/**
 * The lossless-JSON walker's own contract, below what the conformance suite
 * can see: a frozen snapshot it built is recognised, yet copied anew like
 * anything else (a user-frozen look-alike is checked too), and cycle
 * detection holds on both sides of the depth where it switches to a set.
 */
import { describe, expect, test } from 'vitest'
import { frozenSnapshotJsonValue, isFrozenSnapshot, isJsonValue, snapshotJsonValue } from './json.ts'

const nested = (depth: number): Record<string, unknown> => {
  const root: Record<string, unknown> = {}
  let at = root
  for (let i = 0; i < depth; i++) {
    const next: Record<string, unknown> = {}
    at.child = next
    at = next
  }
  return root
}

describe('frozen snapshots: checked once, copied always', () => {
  test('a frozen snapshot of a frozen snapshot is a new, detached copy that duplicates shared parts', () => {
    const snapshot = frozenSnapshotJsonValue<{ a: { b: number[] } }>({ a: { b: [1, 2] } })!
    expect(isFrozenSnapshot(snapshot)).toBe(true)
    expect(isJsonValue(snapshot)).toBe(true)
    const again = frozenSnapshotJsonValue<{ a: { b: number[] } }>(snapshot)!
    expect(again).toEqual(snapshot)
    expect(again).not.toBe(snapshot)
    expect(again.a).not.toBe(snapshot.a)
    const wrapped = frozenSnapshotJsonValue<{ left: unknown; right: unknown; list: unknown[] }>({ left: snapshot.a, right: snapshot.a, list: [snapshot.a.b] })!
    expect(wrapped.left).not.toBe(snapshot.a)
    expect(wrapped.left).not.toBe(wrapped.right)
    expect(wrapped.list[0]).not.toBe(snapshot.a.b)
    expect(Object.isFrozen(wrapped)).toBe(true)
    expect(Object.isFrozen(wrapped.list)).toBe(true)
  })

  test('a mutable snapshot of a frozen snapshot is still a fresh, unfrozen copy', () => {
    const snapshot = frozenSnapshotJsonValue<{ a: { b: number } }>({ a: { b: 1 } })!
    const copy = snapshotJsonValue<{ a: { b: number } }>(snapshot)!
    expect(copy).toEqual({ a: { b: 1 } })
    expect(copy).not.toBe(snapshot)
    expect(copy.a).not.toBe(snapshot.a)
    expect(Object.isFrozen(copy.a)).toBe(false)
    expect(isFrozenSnapshot(copy)).toBe(false)
  })

  test('a value frozen by its owner is not taken for a snapshot: it is copied, and checked', () => {
    const frozen = Object.freeze({ a: Object.freeze([1]) })
    expect(isFrozenSnapshot(frozen)).toBe(false)
    const copy = frozenSnapshotJsonValue<{ a: number[] }>(frozen)!
    expect(copy).toEqual({ a: [1] })
    expect(copy).not.toBe(frozen)
    expect(copy.a).not.toBe(frozen.a)
    expect(frozenSnapshotJsonValue(Object.freeze({ zero: -0 }))).toBeUndefined()
    expect(frozenSnapshotJsonValue(Object.freeze(Object.defineProperty({}, 'hidden', { value: 1, enumerable: false })))).toBeUndefined()
    let reads = 0
    const getter = Object.freeze(Object.defineProperty({}, 'x', { get: () => ++reads, enumerable: true }))
    expect(frozenSnapshotJsonValue(getter)).toEqual({ x: 1 })
    expect(reads).toBe(1)
    expect(frozenSnapshotJsonValue(Object.freeze(Object.assign(Object.create({ inherited: 1 }) as object, { a: 1 })))).toBeUndefined()
  })

  test('the mark cannot be seen through reflection', () => {
    const snapshot = frozenSnapshotJsonValue<object>({ a: 1 })!
    expect(Reflect.ownKeys(snapshot)).toEqual(['a'])
    expect(JSON.stringify(snapshot)).toBe('{"a":1}')
  })
})

describe('cycles and sharing', () => {
  for (const depth of [3, 15, 16, 17, 40]) {
    test(`a cycle back to the root from ${depth} levels down is rejected, in both walks`, () => {
      const root = nested(depth)
      let leaf = root
      while (leaf.child !== undefined) leaf = leaf.child as Record<string, unknown>
      leaf.back = root
      expect(snapshotJsonValue(root)).toBeUndefined()
      expect(frozenSnapshotJsonValue(root)).toBeUndefined()
    })

    test(`a sub-object shared by two paths ${depth} levels down is accepted`, () => {
      const root = nested(depth)
      let leaf = root
      while (leaf.child !== undefined) leaf = leaf.child as Record<string, unknown>
      const shared = { n: 1 }
      leaf.left = shared
      leaf.right = [shared, { again: shared }]
      const copy = snapshotJsonValue<Record<string, unknown>>(root)
      expect(copy).toEqual(root)
    })
  }

  test('a cycle between two deep siblings, below the set threshold and past it', () => {
    const root = nested(30)
    let at = root
    for (let i = 0; i < 20; i++) at = at.child as Record<string, unknown>
    // A back edge to an ancestor 5 levels up, past the scanned depth.
    let ancestor = root
    for (let i = 0; i < 15; i++) ancestor = ancestor.child as Record<string, unknown>
    at.loop = ancestor
    expect(frozenSnapshotJsonValue(root)).toBeUndefined()
  })

  test('a value 5,000 levels deep is copied', () => {
    const root = nested(5_000)
    const copy = frozenSnapshotJsonValue<Record<string, unknown>>(root)!
    let depth = 0
    for (let at: Record<string, unknown> | undefined = copy; at !== undefined; at = at.child as Record<string, unknown> | undefined) depth++
    expect(depth).toBe(5_001)
  })
})

describe('a tampered realm', () => {
  test('setters on Object.prototype and Array.prototype never run on a copy under construction', () => {
    let calls = 0
    const trap = {
      configurable: true,
      set(this: object) {
        calls++
        Object.defineProperty(this, 'injected', { value: () => undefined, enumerable: true })
      },
    }
    // Own data properties that shadow the setters: the input is plain, lossless JSON.
    const input = JSON.parse('{"x": 1, "list": ["first", {"x": 2}]}') as Record<string, unknown>
    let copies: unknown[]
    // Nothing but the walks runs while the traps are in place (the test's own arrays would trip them).
    Object.defineProperty(Object.prototype, 'x', trap)
    Object.defineProperty(Array.prototype, '0', trap)
    try {
      const copy = snapshotJsonValue(input)
      const frozen = frozenSnapshotJsonValue(input)
      copies = Array.of(copy, frozen)
    } finally {
      delete (Object.prototype as Record<string, unknown>).x
      delete (Array.prototype as unknown as Record<string, unknown>)['0']
    }
    expect(calls).toBe(0)
    for (const copy of copies) {
      expect(JSON.stringify(copy)).toBe('{"x":1,"list":["first",{"x":2}]}')
      expect(Object.getOwnPropertyNames(copy)).toEqual(['x', 'list'])
      expect(isJsonValue(copy)).toBe(true)
    }
    expect(isFrozenSnapshot(copies[1])).toBe(true)
  })
})
