/** Value generators shared by the laws: lossless JSON, lossy values, thrown values. */
import { $Array, $JSON, $Object } from '../../conformance/suite/_kit/intrinsics.ts'
import fc from 'fast-check'
import type { JsonValue } from '../../conformance/spec/types.ts'

/** Replaces -0 (which JSON text cannot hold) by 0, recursively. */
function noNegativeZero(value: JsonValue): JsonValue {
  if (typeof value === 'number') return $Object.is(value, -0) ? 0 : value
  if ($Array.isArray(value)) return value.map(noNegativeZero)
  if (value !== null && typeof value === 'object') {
    const out: Record<string, JsonValue> = {}
    for (const [key, item] of $Object.entries(value)) out[key] = noNegativeZero(item)
    return out
  }
  return value
}

/** Lossless JSON values (ARG-05), plain objects and arrays only. */
export const losslessJson: fc.Arbitrary<JsonValue> = fc.jsonValue({ maxDepth: 3 }).map((v) => noNegativeZero($JSON.parse($JSON.stringify(v)) as JsonValue))

/** Lossless JSON objects, the usual shape of tool arguments. */
export const losslessObject: fc.Arbitrary<Record<string, JsonValue>> = fc
  .dictionary(fc.string({ maxLength: 6 }), losslessJson, { maxKeys: 4 })
  .map((v) => noNegativeZero($JSON.parse($JSON.stringify(v)) as JsonValue) as Record<string, JsonValue>)

/** Names of the lossy ingredients {@link lossyValue} can plant. */
export const LOSSY_KINDS = [
  'undefined',
  'function',
  'symbol',
  'bigint',
  'NaN',
  'Infinity',
  '-0',
  'Map',
  'Date',
  'class instance',
  'cycle',
  'sparse array',
  'symbol key',
  'non-enumerable key',
] as const
export type LossyKind = (typeof LOSSY_KINDS)[number]

class Point {
  x = 1
}

function lossyLeaf(kind: LossyKind): unknown {
  switch (kind) {
    case 'undefined':
      return undefined
    case 'function':
      return () => 1
    case 'symbol':
      return Symbol('s')
    case 'bigint':
      return 1n
    case 'NaN':
      return Number.NaN
    case 'Infinity':
      return Number.POSITIVE_INFINITY
    case '-0':
      return -0
    case 'Map':
      return new Map([['a', 1]])
    case 'Date':
      return new Date(0)
    case 'class instance':
      return new Point()
    case 'cycle': {
      const o: Record<string, unknown> = { a: 1 }
      o.self = o
      return o
    }
    case 'sparse array':
      // biome-ignore lint/suspicious/noSparseArray: the hostile value this case names.
      return [1, , 3]
    case 'symbol key':
      return { a: 1, [Symbol('k')]: 2 }
    case 'non-enumerable key': {
      const o = { a: 1 }
      Object.defineProperty(o, 'hidden', { value: 2, enumerable: false })
      return o
    }
  }
}

/** A description of a lossy value: which ingredient, planted how deep inside lossless JSON. */
export interface LossySpec {
  readonly kind: LossyKind
  /** Keys of the enclosing objects, outermost first; empty means the value itself is lossy. */
  readonly at: readonly string[]
}

export const lossySpec: fc.Arbitrary<LossySpec> = fc.record({
  kind: fc.constantFrom(...LOSSY_KINDS),
  at: fc.array(fc.constantFrom('a', 'b', 'list'), { maxLength: 2 }),
})

/** Builds the lossy value a {@link LossySpec} describes (fresh each call). */
export function buildLossy(spec: LossySpec): unknown {
  let value = lossyLeaf(spec.kind)
  for (const key of [...spec.at].reverse()) value = key === 'list' ? [0, value] : { ok: true, [key]: value }
  return value
}

/** A thrown value, described so a law can compute the expected message (ERR-02). */
export type ThrownSpec =
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'harness'; readonly message: string; readonly code: string }
  /** An Error carrying its own `code` and `name`, but no HarnessError: it gets no info (ERR-14). */
  | { readonly kind: 'coded-lookalike'; readonly message: string; readonly code: string }
  | { readonly kind: 'message-object'; readonly message: string; readonly inherited: boolean }
  | { readonly kind: 'object-non-string-message'; readonly message: number }
  | { readonly kind: 'primitive'; readonly value: string | number | boolean | null | undefined }
  | { readonly kind: 'hostile-proxy' }
  | { readonly kind: 'throwing-to-string' }

const text = fc.string({ maxLength: 12 })

export const thrownSpec: fc.Arbitrary<ThrownSpec> = fc.oneof(
  fc.record({ kind: fc.constant('error' as const), message: text }),
  fc.record({ kind: fc.constant('harness' as const), message: text, code: fc.stringMatching(/^[A-Z_]{1,10}$/) }),
  fc.record({ kind: fc.constant('coded-lookalike' as const), message: text, code: fc.stringMatching(/^[A-Z_]{1,10}$/) }),
  fc.record({ kind: fc.constant('message-object' as const), message: text, inherited: fc.boolean() }),
  fc.record({ kind: fc.constant('object-non-string-message' as const), message: fc.integer() }),
  fc.record({ kind: fc.constant('primitive' as const), value: fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined)) }),
  fc.constant({ kind: 'hostile-proxy' as const }),
  fc.constant({ kind: 'throwing-to-string' as const }),
)

/** Builds the thrown value; `harnessError` builds the registry's coded error (absent: a plain Error stands in). */
export function buildThrown(spec: ThrownSpec, harnessError?: (message: string, code: string) => Error): unknown {
  switch (spec.kind) {
    case 'error':
      return new Error(spec.message)
    case 'harness':
      return harnessError === undefined ? new Error(spec.message) : harnessError(spec.message, spec.code)
    case 'coded-lookalike':
      return Object.assign(new Error(spec.message), { name: 'LookalikeError', code: spec.code })
    case 'message-object':
      return spec.inherited ? Object.create({ message: spec.message }) : { message: spec.message }
    case 'object-non-string-message':
      return { message: spec.message }
    case 'primitive':
      return spec.value
    case 'hostile-proxy':
      return new Proxy(
        {},
        {
          get() {
            throw new Error('trap')
          },
          getPrototypeOf() {
            throw new Error('trap')
          },
          has() {
            throw new Error('trap')
          },
          ownKeys() {
            throw new Error('trap')
          },
          getOwnPropertyDescriptor() {
            throw new Error('trap')
          },
        },
      )
    case 'throwing-to-string':
      return {
        toString() {
          throw new Error('no string for you')
        },
      }
  }
}

/** The best-effort message ERR-02 prescribes, or `undefined` when only "some string" is required (unprintable values). */
export function expectedMessage(spec: ThrownSpec): string | undefined {
  switch (spec.kind) {
    case 'error':
    case 'harness':
    case 'coded-lookalike':
    case 'message-object':
      return spec.message
    case 'object-non-string-message':
      return '[object Object]'
    case 'primitive':
      return String(spec.value)
    case 'hostile-proxy':
    case 'throwing-to-string':
      return undefined
  }
}
