/**
 * Where the enforced subset deliberately differs from JSON Schema (draft
 * 2020-12, as ajv implements it). The ajv oracle excludes exactly the cases
 * these predicates select, counts them per difference, and checks that each
 * difference still shows in the fixtures (so a stale entry is noticed).
 *
 * Every difference is at the lossless-JSON boundary: the subset validates
 * JavaScript values and accepts only those that survive a JSON round trip
 * unchanged, whereas JSON Schema describes JSON texts' data model.
 *
 * Not a difference, but also not compared: fixtures nested deeper than 200
 * levels (the 5,000-level cases), because ajv's compiler recurses; the oracle
 * reports how many it left out. ajv runs with `ownProperties: true`, the
 * faithful reading of JSON objects in JavaScript (no inherited keys).
 */

export interface KnownDifference {
  readonly id: string
  /** What differs, and why the subset is right to differ. */
  readonly reason: string
  /** Whether this difference can decide the outcome for `schema` and `data`. */
  applies(schema: unknown, data: unknown): boolean
}

/** True when `test` holds for some node of `value` (objects and arrays walked, cycles skipped). */
function someNode(value: unknown, test: (node: unknown, key: string | undefined) => boolean): boolean {
  const seen = new Set<object>()
  const stack: [unknown, string | undefined][] = [[value, undefined]]
  while (stack.length > 0) {
    const [node, key] = stack.pop()!
    if (test(node, key)) return true
    if (typeof node === 'object' && node !== null && !seen.has(node)) {
      seen.add(node)
      for (const k of Object.keys(node)) stack.push([(node as Record<string, unknown>)[k], k])
    }
  }
  return false
}

export const KNOWN_DIFFERENCES: readonly KnownDifference[] = [
  {
    id: 'negative-zero',
    reason:
      'JSON Schema has one zero, so ajv accepts -0 wherever 0 is valid; the subset rejects JavaScript -0 (as data, and in enum/const) because it does not survive a JSON round trip (it serialises as 0), and validation only ever accepts lossless JSON (JSV-07, JSV-10).',
    applies: (schema, data) => someNode(data, (n) => Object.is(n, -0)) || someNode(schema, (n) => Object.is(n, -0)),
  },
  {
    id: 'non-finite-number',
    reason:
      'NaN and ±Infinity cannot appear in JSON text (1e400 overflows to Infinity in a double-based reader); ajv still counts them as numbers (and Infinity as an integer), while the subset rejects them as not lossless JSON (JSV-07, JSV-10).',
    applies: (_schema, data) => someNode(data, (n) => typeof n === 'number' && !Number.isFinite(n)),
  },
  {
    id: 'proto-property-name',
    reason:
      'ajv reads a property called "__proto__" by ordinary member access, which yields the prototype rather than an own "__proto__" key, so it misjudges such keys; the subset treats "__proto__" as an ordinary own property (JSV-08).',
    applies: (schema, data) => someNode(data, (_n, k) => k === '__proto__') || someNode(schema, (_n, k) => k === '__proto__'),
  },
]

/** The first known difference that applies, if any. */
export function differenceFor(schema: unknown, data: unknown): KnownDifference | undefined {
  return KNOWN_DIFFERENCES.find((d) => d.applies(schema, data))
}
