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
 * Only the functions are captured: a patched prototype method
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
  })
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
