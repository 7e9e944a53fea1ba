/**
 * The built-ins the kit judges with, captured when the kit loads, before any
 * adapter code runs (as test262's harness captures its own). A registry, or a
 * module it imports, may patch a global (`Object.freeze` a no-op and
 * `Object.isFrozen` always true, a lenient `Array.isArray`, a
 * `JSON.stringify` that rewrites what it prints); the suite, the laws and
 * the grade keep judging with the originals, so the registry gets the
 * verdict its behaviour earns, not the one its patch claims.
 *
 * Contract: this module has no imports and must be evaluated before the
 * adapter module in every process that loads one: it is the first import of
 * the suite's first setup file (provided-settings.ts), of the module that
 * imports the adapter in a test worker (adapter.ts), of the grade's
 * `loadAdapter()` and of the `dsh-tools-tck/vitest` embedding. The copies are
 * kept in one non-writable, non-configurable slot of `globalThis`, so a
 * second evaluation of this module (a fresh module graph in the same realm,
 * after the adapter has loaded) still gets the first, unpatched copies.
 *
 * vitest's matchers (`toBe`, `toEqual`, ...) read the globals when they run
 * (`Object.is`, `Array.isArray`, `Object.getOwnPropertyDescriptor`,
 * `Object.prototype.toString`, ...): {@link judgeWithIntrinsics} puts the
 * captured built-ins back on their globals while a judgement runs
 * (impartial-matchers.ts wraps every matcher in it).
 *
 * Only these functions are captured: a patched prototype method
 * (`Array.prototype.map`, a getter) is not guarded against, as in test262.
 */

/** Captures the built-ins from the current globals; called once per realm. */
function capture() {
  const { Object: O, Array: A, JSON: J, Reflect: R, Number: N, Promise: P } = globalThis
  return O.freeze({
    Object: O.freeze({
      isFrozen: O.isFrozen,
      isExtensible: O.isExtensible,
      freeze: O.freeze,
      keys: O.keys,
      values: O.values,
      entries: O.entries,
      fromEntries: O.fromEntries,
      getPrototypeOf: O.getPrototypeOf,
      getOwnPropertyDescriptor: O.getOwnPropertyDescriptor,
      getOwnPropertyNames: O.getOwnPropertyNames,
      getOwnPropertySymbols: O.getOwnPropertySymbols,
      defineProperty: O.defineProperty,
      hasOwn: O.hasOwn,
      is: O.is,
      prototype: O.prototype,
    }),
    Array: O.freeze({ isArray: A.isArray, from: A.from.bind(A), prototype: A.prototype }),
    JSON: O.freeze({ stringify: J.stringify, parse: J.parse }),
    Reflect: O.freeze({
      apply: R.apply,
      defineProperty: R.defineProperty,
      deleteProperty: R.deleteProperty,
      get: R.get,
      getOwnPropertyDescriptor: R.getOwnPropertyDescriptor,
      getPrototypeOf: R.getPrototypeOf,
      has: R.has,
      isExtensible: R.isExtensible,
      ownKeys: R.ownKeys,
      set: R.set,
    }),
    Number: O.freeze({ isFinite: N.isFinite, isInteger: N.isInteger, isSafeInteger: N.isSafeInteger }),
    Promise: O.freeze({
      all: P.all.bind(P) as PromiseConstructor['all'],
      allSettled: P.allSettled.bind(P) as PromiseConstructor['allSettled'],
      race: P.race.bind(P) as PromiseConstructor['race'],
      resolve: P.resolve.bind(P) as PromiseConstructor['resolve'],
    }),
    structuredClone: globalThis.structuredClone,
    restorable: O.freeze(restorable()),
  })
}

/** A global home of a built-in and the property as the kit loaded it (`undefined`: the home had no such property). */
interface Restorable {
  readonly home: object
  readonly key: PropertyKey
  readonly descriptor: PropertyDescriptor | undefined
}

/**
 * The built-ins {@link judgeWithIntrinsics} restores, with their original
 * descriptors: the namespaces on `globalThis` first, then their members, so
 * a replaced `globalThis.Object` is put back before its functions are. The
 * `Symbol.toStringTag` of `Object.prototype` and `Array.prototype` is
 * listed too: added, it makes `Object.prototype.toString` (how vitest's
 * `toEqual` tells an array) call an array-like object an array.
 */
function restorable(): Restorable[] {
  const { Object: O, Array: A, JSON: J, Reflect: R, Number: N } = globalThis
  const members: [object, readonly PropertyKey[]][] = [
    [globalThis, ['Object', 'Array', 'JSON', 'Reflect', 'Number', 'structuredClone']],
    [O, O.getOwnPropertyNames(O).filter((key) => typeof (O as unknown as Record<string, unknown>)[key] === 'function')],
    [O.prototype, ['toString', 'hasOwnProperty', 'propertyIsEnumerable', Symbol.toStringTag]],
    [A.prototype, [Symbol.toStringTag]],
    [A, ['isArray', 'from']],
    [J, ['stringify', 'parse']],
    [R, O.getOwnPropertyNames(R)],
    [N, ['isFinite', 'isInteger', 'isSafeInteger', 'isNaN']],
  ]
  return members.flatMap(([home, keys]) =>
    keys.map((key) => {
      const descriptor = O.getOwnPropertyDescriptor(home, key)
      return O.freeze({ home, key, descriptor: descriptor === undefined ? undefined : O.freeze(descriptor) })
    }),
  )
}

type Intrinsics = ReturnType<typeof capture>

const SLOT = Symbol.for('dsh-tools-tck.intrinsics')

function intrinsics(): Intrinsics {
  const holder = globalThis as unknown as Record<symbol, Intrinsics | undefined>
  const kept = holder[SLOT]
  if (kept !== undefined) return kept
  const captured = capture()
  captured.Object.defineProperty(globalThis, SLOT, { value: captured, writable: false, enumerable: false, configurable: false })
  return captured
}

const captured = intrinsics()

/** `Object`'s static functions as the kit loaded them. */
export const $Object: Intrinsics['Object'] = captured.Object
/** `Array.isArray` (and `Array.from`) as the kit loaded them. */
export const $Array: Intrinsics['Array'] = captured.Array
/** `JSON` as the kit loaded it: judging and writing reports never go through a patched `JSON.stringify`. */
export const $JSON: Intrinsics['JSON'] = captured.JSON
/** `Reflect`'s functions as the kit loaded them. */
export const $Reflect: Intrinsics['Reflect'] = captured.Reflect
/** `Number`'s predicates as the kit loaded them. */
export const $Number: Intrinsics['Number'] = captured.Number
/** `Promise`'s combinators as the kit loaded them, bound to the intrinsic `Promise`. */
export const $Promise: Intrinsics['Promise'] = captured.Promise
/** `structuredClone` as the kit loaded it. */
export const $structuredClone: Intrinsics['structuredClone'] = captured.structuredClone

/**
 * Runs `judge` (synchronously) with the built-ins as the kit loaded them on
 * their globals, and puts back whatever the registry had patched in,
 * however `judge` ends: vitest's matchers then judge with the originals
 * too. A built-in the registry replaced and made non-configurable cannot be
 * restored: then `judge` is not run and this throws, naming it, so the test
 * fails rather than be judged by the patch.
 * A promise `judge` returns is not waited for: only its synchronous part is
 * covered (vitest's `resolves`/`rejects` call a matcher again, covered in turn).
 */
export function judgeWithIntrinsics<T>(judge: () => T): T {
  const { Object: O, Reflect: R } = captured
  const patched: { readonly home: object; readonly key: PropertyKey; readonly was: PropertyDescriptor | undefined }[] = []
  const unrestorable: PropertyKey[] = []
  for (const { home, key, descriptor } of captured.restorable) {
    const now = O.getOwnPropertyDescriptor(home, key)
    if (descriptor === undefined) {
      if (now === undefined) continue
      if (R.deleteProperty(home, key)) patched.push({ home, key, was: now })
      else unrestorable.push(key)
      continue
    }
    if (now !== undefined && now.value === descriptor.value && now.get === descriptor.get && now.set === descriptor.set) continue
    if (R.defineProperty(home, key, descriptor)) patched.push({ home, key, was: now })
    else unrestorable.push(key)
  }
  if (unrestorable.length > 0) {
    // Judging with the registry's patch would let it decide the verdict: the test fails instead, naming the patch.
    for (let i = patched.length - 1; i >= 0; i -= 1) {
      const { home, key, was } = patched[i]!
      if (was === undefined) R.deleteProperty(home, key)
      else R.defineProperty(home, key, was)
    }
    throw new Error(
      `the registry replaced built-in ${unrestorable.map((key) => String(key)).join(', ')} and made it impossible to restore (non-configurable or frozen): the kit will not judge with a registry's patch`,
    )
  }
  if (patched.length === 0) return judge()
  try {
    return judge()
  } finally {
    for (let i = patched.length - 1; i >= 0; i -= 1) {
      const { home, key, was } = patched[i]!
      if (was === undefined) R.deleteProperty(home, key)
      else R.defineProperty(home, key, was)
    }
  }
}
