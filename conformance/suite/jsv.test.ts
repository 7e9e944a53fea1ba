import { $Array, $JSON, $Object } from './_kit/intrinsics.ts'
import { expect } from 'vitest'
import type { SchemaApi } from '../adapter/contract.ts'
import type { JsonSchemaNode } from '../spec/types.ts'
import { nestingDepth } from '../fixtures/nesting-depth.ts'
import { check } from './_kit/check.ts'
import { BEYOND_CALL_STACK } from './_kit/depth.ts'
import { forRules } from './_kit/for-rules.ts'
import { incidental } from './_kit/incidental.ts'
import { inForeignRealm } from './_kit/realm.ts'
import { namesExactPath, namesPath, namesPathOrBelow } from './_kit/schema-errors.ts'
import { asserted, declareValidationFixtures, integerRefusesFractions, isSharded, validate } from './_kit/validation-fixtures.ts'

const accepts = (schema: SchemaApi, node: unknown, value: unknown): boolean => validate(schema, asserted(schema, node), value).length === 0

/**
 * JavaScript values that are not lossless JSON (ARG-05). Class instances and
 * array subclasses are left out: whether they are is open (OP-27, JSV-17's
 * test). An array with a
 * non-enumerable element is not among them: JSON.stringify keeps the element
 * and the round trip is equal, and the seeds do not define lossless JSON
 * finely enough to call it lossy.
 */
function lossyValues(): [string, unknown][] {
  const cyclic: Record<string, unknown> = { a: 1 }
  cyclic.self = cyclic
  const sparse: unknown[] = [1]
  sparse[2] = 3
  return [
    ['undefined', undefined],
    ['a function', () => 1],
    ['a symbol', Symbol('s')],
    ['a bigint', 1n],
    ['NaN', Number.NaN],
    ['Infinity', Infinity],
    ['-Infinity', -Infinity],
    ['-0', -0],
    ['a Map', new Map()],
    ['a Date', new Date(0)],
    ['a sparse array', sparse],
    ['a decorated array', Object.assign([1], { extra: 2 })],
    ['an object with a symbol key', { [Symbol('k')]: 1 }],
    ['an object with a non-enumerable key', Object.defineProperty({}, 'hidden', { value: 1, enumerable: false })],
    ['an object holding undefined', { a: undefined }],
    ['an array holding undefined', [undefined]],
    ['a nested function', { a: [{ b: () => 1 }] }],
    ['a cyclic object', cyclic],
    ['a proxied array that hides an index to list a decoration', hidingDecoratedArray()],
    ['a proxied decorated array that lists its decoration before length', reorderedDecoratedArray()],
  ]
}

/**
 * An array decorated with an own enumerable `x`, proxied so that its key list
 * reads `0, x, length`: as long as an undecorated array of length 2, but
 * index 1 is missing from it and a non-index key took its place.
 */
function hidingDecoratedArray(): unknown[] {
  const target = Object.assign([1, 2], { x: 3 })
  return new Proxy(target, { ownKeys: () => ['0', 'x', 'length'] })
}

/**
 * `[1]` decorated with an own enumerable `x`, proxied so that its key list
 * reads `0, x, length`: the index keys are all there, but one key too many
 * precedes `length`.
 */
function reorderedDecoratedArray(): unknown[] {
  const target = Object.assign([1], { x: 3 })
  return new Proxy(target, { ownKeys: () => ['0', 'x', 'length'] })
}

// ---------------------------------------------------------------------------
// JSV-01 total, never throws

/** Hostile values under schemas they could otherwise meet: each is not lossless JSON, so none may be accepted. */
function hostileCases(): [unknown, unknown][] {
  const getterThrows = Object.defineProperty({}, 'a', {
    enumerable: true,
    get() {
      throw new Error('getter exploded')
    },
  })
  const trapThrows = new Proxy(
    {},
    {
      ownKeys() {
        throw new Error('ownKeys exploded')
      },
      getPrototypeOf() {
        throw new Error('prototype exploded')
      },
    },
  )
  const revocable = Proxy.revocable({}, {})
  revocable.revoke()
  const schemas = [
    {},
    { type: 'object' },
    { type: 'object', properties: { a: { type: 'string' } } },
    { type: 'array', items: {} },
    { oneOf: [{ type: 'object' }, { type: 'null' }] },
  ]
  return schemas.flatMap((node) =>
    [getterThrows, trapThrows, revocable.proxy, [getterThrows], { nested: trapThrows }].map((value): [unknown, unknown] => [node, value]),
  )
}

// How validation reports is open (OP-26): `validate` takes a throw as a report, and charges JSV-16 when it throws.
check('JSV-01', 'hostile values are never accepted', ({ schema }) => {
  for (const [node, value] of hostileCases()) expect(validate(schema, asserted(schema, node), value).length).toBeGreaterThan(0)
})

check('JSV-16', 'hostile values are reported as violations, never thrown', ({ schema }) => {
  for (const [node, value] of hostileCases()) {
    const result = schema.validateJsonSchemaValue(asserted(schema, node), value)
    expect($Array.isArray(result) && result.length > 0 && result.every((v) => typeof v === 'string'), $JSON.stringify(node)).toBe(true)
  }
})

check(['JSV-01', 'JSV-02'], 'a hostile value is reported at the node that was reading it', ({ schema }) => {
  const getterThrows = (): object =>
    Object.defineProperty({}, 'a', {
      enumerable: true,
      get() {
        throw new Error('getter exploded')
      },
    })
  const record = { type: 'object', properties: { a: { type: 'string' } } }
  // JSV-01: each hostile value is reported, never thrown.
  const atRoot = [record, { type: 'object' }, {}].map((node) => validate(schema, asserted(schema, node), getterThrows()))
  for (const violations of atRoot) expect(violations.length).toBeGreaterThan(0)
  const nested = validate(schema, asserted(schema, { type: 'object', properties: { inner: record } }), { inner: getterThrows() })
  expect(nested.length).toBeGreaterThan(0)
  // Where the violations point is JSV-02's alone.
  forRules('JSV-02', () => {
    for (const v of atRoot.flat()) expect(namesExactPath(v, 'value'), `"${v}" names "value"`).toBe(true)
    for (const v of nested) expect(namesExactPath(v, 'value.inner'), `"${v}" names "value.inner"`).toBe(true)
  })
})

check(['JSV-01', 'JSV-06'], 'a sparse array of a million holes is rejected, with items or without', ({ schema }) => {
  // 2^20 holes and no element. Larger would only measure speed: a validator
  // may visit every hole (upstream does), and no rule bounds how long it takes.
  const huge: unknown[] = []
  huge.length = 2 ** 20
  for (const node of [
    { type: 'array', items: {} },
    { type: 'array', items: { type: 'integer' } },
    { type: 'array' },
    {},
    { oneOf: [{ type: 'array', items: {} }, { type: 'null' }] },
  ]) {
    const violations = validate(schema, asserted(schema, node), huge)
    expect(violations.length, $JSON.stringify(node)).toBeGreaterThan(0)
    // Where violations point is JSV-02's (any root token accepted here).
    incidental('JSV-02', () => {
      for (const v of violations) expect(namesPathOrBelow(v, 'value'), `"${v}" names "value" or a path below it`).toBe(true)
    })
  }
  const nested = validate(schema, asserted(schema, { type: 'object', properties: { list: { type: 'array', items: { type: 'string' } } } }), { list: huge })
  expect(nested.length).toBeGreaterThan(0)
  incidental('JSV-02', () => {
    for (const v of nested) expect(namesPathOrBelow(v, 'value.list'), `"${v}" names "value.list" or a path below it`).toBe(true)
  })
})

check('JSV-01', 'a conforming value gives an empty list', ({ schema }) => {
  const node = asserted(schema, { type: 'object', properties: { a: { type: 'array', items: { type: 'integer' } } }, required: ['a'] })
  expect(validate(schema, node, { a: [1, 2] })).toEqual([])
})

// ---------------------------------------------------------------------------
// JSV-02 paths

check('JSV-02', 'violations name the path below the given label', ({ schema }) => {
  const node = asserted(schema, { type: 'object', properties: { list: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } } } })
  const value = { list: [{ id: 1 }, { id: 'two' }] }
  expect(validate(schema, node, value).some((v) => namesExactPath(v, 'value.list[1].id'))).toBe(true)
  expect(validate(schema, node, value, 'result').some((v) => namesExactPath(v, 'result.list[1].id'))).toBe(true)
  expect(validate(schema, node, value, '').some((v) => namesExactPath(v, 'list[1].id'))).toBe(true)
})

check('JSV-02', 'under the empty label the root is called arguments', ({ schema }) => {
  const violations = validate(schema, asserted(schema, { type: 'object' }), 'not an object', '')
  expect(violations.length).toBeGreaterThan(0)
  expect(violations.every((v) => namesExactPath(v, 'arguments'))).toBe(true)
})

// ---------------------------------------------------------------------------
// JSV-03 unconstrained nodes

check('JSV-03', 'an annotation-only node accepts lossless JSON, from any realm too', ({ schema }) => {
  const bare = Object.assign(Object.create(null) as object, { a: [1, { b: null }] })
  // description and title are annotations, ignored for validation.
  for (const node of [{ description: 'anything' }, { title: 'Anything' }]) {
    for (const value of [null, 0, 'x', [], {}, { a: [1, 'b', { c: false }] }, inForeignRealm({ a: [1, { b: 'c' }] })]) {
      expect(accepts(schema, node, value), $JSON.stringify(node)).toBe(true)
    }
    // Whether a null-prototype record is lossless JSON is open (OP-27): upstream's acceptance is JSV-17's.
    incidental('JSV-17', () => expect(accepts(schema, node, bare), `${$JSON.stringify(node)}: a null-prototype record`).toBe(true))
  }
})

check('JSV-03', 'an annotation-only node rejects every value that is not lossless JSON', ({ schema }) => {
  for (const [what, value] of lossyValues()) expect(accepts(schema, {}, value), what).toBe(false)
})

// ---------------------------------------------------------------------------
// JSV-04 oneOf

check('JSV-04', 'exactly one branch must match: none or two (number and integer for 1) is rejected', ({ schema }) => {
  const node = { oneOf: [{ type: 'number' }, { type: 'integer' }] }
  // That 1.5 matches the number branch only is JSV-07's.
  integerRefusesFractions(schema)
  expect(accepts(schema, node, 1.5)).toBe(true)
  expect(accepts(schema, node, 1)).toBe(false)
  expect(accepts(schema, node, 'one')).toBe(false)
})

check('JSV-04', 'overlapping object branches reject a value that satisfies both', ({ schema }) => {
  const node = {
    oneOf: [
      { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
      { type: 'object', properties: { b: { type: 'string' } }, required: ['b'] },
    ],
  }
  expect(accepts(schema, node, { a: 'x' })).toBe(true)
  expect(accepts(schema, node, { a: 'x', b: 'y' })).toBe(false)
})

check('JSV-14', 'exact-one holds through oneOf nested deeper than the call stack allows', ({ schema }) => {
  const depth = nestingDepth(BEYOND_CALL_STACK)
  let node: JsonSchemaNode = { type: 'string' }
  for (let i = 0; i < depth; i++) node = { oneOf: [node, { type: 'null' }] }
  const deep = asserted(schema, node)

  expect(validate(schema, deep, 'leaf'), 'the leaf matches the innermost branch at every level').toEqual([])
  // null matches both branches of every level but the innermost; 42 matches no branch anywhere.
  expect(validate(schema, deep, null).length).toBeGreaterThan(0)
  expect(validate(schema, deep, 42).length).toBeGreaterThan(0)
})

// ---------------------------------------------------------------------------
// JSV-05 objects

check('JSV-05', 'only records are objects: a Date, a Map, arrays and scalars are not', ({ schema }) => {
  const node = { type: 'object' }
  for (const value of [new Date(0), new Map([['a', 1]]), [], null, 'x']) expect(accepts(schema, node, value)).toBe(false)
  expect(accepts(schema, node, { a: [1] })).toBe(true)
})

// Which objects are records beyond this realm's ordinary ones is open (OP-27): upstream's boundary is JSV-17's.
check('JSV-17', 'null-prototype and cross-realm records are objects, class instances and array subclasses are not', ({ schema }) => {
  class Box {
    a = 1
  }
  class List extends Array<unknown> {}
  for (const node of [{ type: 'object' }, {}]) {
    expect(accepts(schema, node, new Box()), 'a class instance').toBe(false)
    expect(accepts(schema, node, Object.assign(Object.create({ inherited: 1 }) as object, { a: 1 })), 'a record with a record prototype').toBe(false)
    expect(accepts(schema, node, Object.assign(Object.create(null) as object, { a: 1 })), 'a null-prototype record').toBe(true)
    expect(accepts(schema, node, inForeignRealm({ a: [1] })), 'a record of another realm').toBe(true)
  }
  for (const node of [{ type: 'array' }, {}]) expect(accepts(schema, node, List.from([1])), 'an array subclass').toBe(false)
})

check('JSV-05', 'a required key holding undefined counts as missing, an optional one as absent', ({ schema }) => {
  const node = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['a'] }
  const missing = validate(schema, asserted(schema, node), { a: undefined, b: 'x' })
  expect(missing.length).toBeGreaterThan(0)
  // The seeds are silent on keys holding undefined (the record is not lossless either way): reporting
  // the key as missing, at value.a, is JSV-13's.
  incidental('JSV-13', () =>
    expect(
      missing.some((v) => namesPath(v, 'value.a')),
      `a missing-property violation at value.a (JSV-13): ${$JSON.stringify(missing)}`,
    ).toBe(true),
  )
  // An optional key holding undefined is skipped by the property check but still not lossless.
  expect(accepts(schema, node, { a: 'x', b: undefined })).toBe(false)
  expect(accepts(schema, node, { a: 'x' })).toBe(true)
})

check('JSV-05', 'required is enforced at every depth', ({ schema }) => {
  const leaf = { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] }
  const node = {
    type: 'object',
    properties: { outer: { type: 'object', properties: { inner: leaf }, required: ['inner'] }, list: { type: 'array', items: leaf } },
  }
  expect(accepts(schema, node, { outer: { inner: { id: 1 } }, list: [{ id: 2 }] })).toBe(true)
  expect(accepts(schema, node, { outer: { inner: {} } })).toBe(false)
  expect(accepts(schema, node, { outer: {} })).toBe(false)
  expect(accepts(schema, node, { list: [{ id: 1 }, { other: 1 }] })).toBe(false)
})

check('JSV-05', 'additionalProperties false rejects undeclared own keys only', ({ schema }) => {
  const node = { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false }
  expect(accepts(schema, node, { a: 1 })).toBe(true)
  const violations = validate(schema, asserted(schema, node), { a: 1, extra: true })
  expect(violations.length).toBeGreaterThan(0)
  // Where violations point is JSV-02's.
  incidental('JSV-02', () =>
    expect(
      violations.some((v) => namesExactPath(v, 'value.extra')),
      $JSON.stringify(violations),
    ).toBe(true),
  )
})

check('JSV-05', 'an object whose undeclared members are not lossless is rejected', ({ schema }) => {
  const node = { type: 'object', properties: { a: { type: 'integer' } } }
  for (const [what, value] of [
    ['a function member', { a: 1, f: () => 1 }],
    ['a NaN member', { a: 1, n: Number.NaN }],
    ['a symbol key', { a: 1, [Symbol('s')]: 1 }],
  ] as [string, unknown][]) {
    expect(accepts(schema, node, value), what).toBe(false)
  }
})

// ---------------------------------------------------------------------------
// JSV-06 arrays

check('JSV-06', 'only dense ordinary arrays are arrays; other realms are fine', ({ schema }) => {
  class List extends Array<unknown> {}
  const sparse: unknown[] = ['a']
  sparse[2] = 'c'
  for (const node of [{ type: 'array' }, { type: 'array', items: { type: 'string' } }, { type: 'array', items: {} }]) {
    expect(accepts(schema, node, ['a', 'b'])).toBe(true)
    expect(accepts(schema, node, inForeignRealm(['a', 'b']))).toBe(true)
    expect(accepts(schema, node, sparse)).toBe(false)
    expect(accepts(schema, node, List.from(['a']))).toBe(false)
    expect(accepts(schema, node, Object.assign(['a'], { extra: 1 }))).toBe(false)
    expect(accepts(schema, node, { 0: 'a', length: 1 })).toBe(false)
  }
})

check('JSV-06', 'a long dense array is accepted when every item fits', ({ schema }) => {
  const node = asserted(schema, { type: 'array', items: { type: 'integer' } })
  expect(
    validate(
      schema,
      node,
      Array.from({ length: 33_000 }, (_, i) => i),
    ),
  ).toEqual([])
})

check('JSV-06', 'every item is validated against items', ({ schema }) => {
  const node = { type: 'array', items: { type: 'integer' } }
  // That an integer node refuses 4.5 is JSV-07's.
  integerRefusesFractions(schema)
  expect(accepts(schema, node, [1, 2, 3])).toBe(true)
  expect(accepts(schema, node, [1, 'two'])).toBe(false)
  expect(accepts(schema, node, [4.5, 2])).toBe(false)
  const violations = validate(schema, asserted(schema, node), [1, 'two', 3, 4.5])
  expect(violations.length).toBeGreaterThan(0)
  // Where violations point is JSV-02's.
  incidental('JSV-02', () => {
    expect(violations.some((v) => namesExactPath(v, 'value[1]'))).toBe(true)
    expect(violations.some((v) => namesExactPath(v, 'value[3]'))).toBe(true)
    expect(violations.some((v) => namesExactPath(v, 'value[0]') || namesExactPath(v, 'value[2]'))).toBe(false)
  })
})

// ---------------------------------------------------------------------------
// JSV-07 scalars

check('JSV-07', 'number and integer reject NaN, ±Infinity and -0', ({ schema }) => {
  for (const type of ['number', 'integer']) {
    for (const value of [Number.NaN, Infinity, -Infinity, -0]) expect(accepts(schema, { type }, value), `${type} ${String(value)}`).toBe(false)
    expect(accepts(schema, { type }, 0)).toBe(true)
  }
})

check('JSV-07', 'a scalar failing type, enum and const is rejected', ({ schema }) => {
  const node = asserted(schema, { type: 'string', enum: ['a'], const: 'a' })
  for (const value of [5, 'b']) {
    const violations = validate(schema, node, value)
    expect(violations.length, $JSON.stringify(value)).toBeGreaterThan(0)
    // The seeds do not count violations; upstream's one per scalar is JSV-15's.
    incidental('JSV-15', () => expect(violations, 'one violation per scalar (JSV-15)').toHaveLength(1))
  }
})

check('JSV-15', 'a scalar failing type, enum and const reports exactly one violation', ({ schema }) => {
  const node = asserted(schema, { type: 'string', enum: ['a'], const: 'a' })
  expect(validate(schema, node, 5)).toHaveLength(1)
  expect(validate(schema, node, 'b')).toHaveLength(1)
  expect(validate(schema, asserted(schema, { type: 'integer', enum: [1, 2], const: 1 }), 2.5)).toHaveLength(1)
})

check('JSV-07', 'enum and const compare by value within the type', ({ schema }) => {
  expect(accepts(schema, { type: 'integer', enum: [1, 2] }, 2)).toBe(true)
  expect(accepts(schema, { type: 'integer', enum: [1, 2] }, 3)).toBe(false)
  expect(accepts(schema, { type: 'boolean', const: true }, true)).toBe(true)
  expect(accepts(schema, { type: 'boolean', const: true }, false)).toBe(false)
  expect(accepts(schema, { type: 'null', const: null }, null)).toBe(true)
})

// ---------------------------------------------------------------------------
// JSV-08 own-property keyword reads

// Validated without asserting first: upstream's assertion refuses these keywords
// when they hold undefined, but its validator reads them as absent, and JSV-08
// pins the validator.
check('JSV-08', 'keywords holding undefined count as absent', ({ schema }) => {
  const cases: [unknown, unknown][] = [
    [{ type: 'object', properties: undefined, required: undefined, additionalProperties: undefined }, { anything: [1] }],
    [{ type: 'array', items: undefined }, [1, 'x']],
    [{ type: 'string', enum: undefined }, 'x'],
    [{ oneOf: undefined }, { a: [1] }],
    [{ type: undefined }, { a: [1] }],
  ]
  for (const [node, value] of cases) {
    expect(validate(schema, node, value), $JSON.stringify($Object.keys(node as object))).toEqual([])
  }
})

check('JSV-08', 'inherited oneOf and properties are ignored', ({ schema }) => {
  const inheritedOneOf = Object.assign(Object.create({ oneOf: [{ type: 'string' }, { type: 'string' }] }) as object, { type: 'string' })
  expect(validate(schema, inheritedOneOf, 'x')).toEqual([])
  const inheritedProps = Object.assign(Object.create({ properties: { a: { type: 'string' } } }) as object, { type: 'object' })
  expect(validate(schema, inheritedProps, { a: 1 })).toEqual([])
})

check('JSV-08', '__proto__ and toString are ordinary property names', ({ schema }) => {
  const properties = $JSON.parse('{"__proto__": {"type": "string"}, "toString": {"type": "integer"}}') as object
  const node = asserted(schema, { type: 'object', properties, required: ['__proto__'], additionalProperties: false })
  expect(validate(schema, node, $JSON.parse('{"__proto__": "x", "toString": 1}'))).toEqual([])
  expect(validate(schema, node, $JSON.parse('{"__proto__": 1}')).length).toBeGreaterThan(0)
  expect(validate(schema, node, {}).length).toBeGreaterThan(0)
  expect(validate(schema, node, $JSON.parse('{"__proto__": "x", "valueOf": 1}')).length).toBeGreaterThan(0)
})

// ---------------------------------------------------------------------------
// JSV-09 forged type (should)

check('JSV-09', 'a forged type outside the seven throws an unreachable-variant error', ({ schema }) => {
  expect(() => schema.validateJsonSchemaValue({ type: 'tuple' } as unknown as JsonSchemaNode, [])).toThrow(/unreachable variant/)
})

// ---------------------------------------------------------------------------
// JSV-10 acceptance implies lossless JSON

check('JSV-10', 'no schema accepts a value that is not lossless JSON', ({ schema }) => {
  const schemas: unknown[] = [
    {},
    { type: 'object' },
    { type: 'object', properties: { a: {} } },
    { type: 'object', properties: { self: { type: 'object' }, a: {} } },
    { type: 'array' },
    { type: 'array', items: {} },
    { oneOf: [{}, { type: 'null' }] },
    { oneOf: [{ type: 'object' }, { type: 'array' }] },
  ]
  for (const node of schemas) {
    for (const [what, value] of lossyValues()) {
      expect(accepts(schema, node, value), `${$JSON.stringify(node)} accepted ${what}`).toBe(false)
      expect(accepts(schema, node, { a: value }) && typeof value !== 'undefined', `${$JSON.stringify(node)} accepted {a: ${what}}`).toBe(false)
    }
  }
})

// ---------------------------------------------------------------------------
// JSV-13 properties holding undefined

check('JSV-13', 'a declared property holding undefined is never checked against its own schema', ({ schema }) => {
  const node = asserted(schema, { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['a'] })
  const missing = validate(schema, node, { a: undefined, b: 'x' })
  expect(missing, 'only the missing-property violation').toHaveLength(1)
  expect(namesPath(missing[0]!, 'value.a')).toBe(true)
  const optional = validate(schema, node, { a: 'x', b: undefined })
  expect(optional.length, 'the record is still not lossless').toBeGreaterThan(0)
  for (const v of optional) expect(namesPath(v, 'value'), `"${v}" is about the record, not "value.b"`).toBe(true)
})

// ---------------------------------------------------------------------------
// JSV-11..12 wording and order (should)

check('JSV-11', 'violation texts quote the path', ({ schema }) => {
  const node = asserted(schema, {
    type: 'object',
    properties: { need: {}, s: { type: 'string' }, list: { type: 'array', items: { type: 'integer' } }, any: {} },
    required: ['need'],
    additionalProperties: false,
  })
  expect(validate(schema, node, { s: 1, list: [1, 'x'], any: () => 1, more: 1 }).sort()).toEqual(
    [
      'missing required property "value.need"',
      '"value.s" must be a string',
      '"value.list[1]" must be an integer',
      '"value.any" must be a lossless JSON value',
      '"value.more" is not a declared property (additionalProperties: false)',
    ].sort(),
  )
  expect(validate(schema, asserted(schema, { type: 'array' }), 'x')).toEqual(['"value" must be an array'])
  expect(validate(schema, asserted(schema, { type: 'array' }), [1, undefined])).toEqual(['"value" must be a dense lossless JSON array'])
  expect(validate(schema, asserted(schema, { type: 'object' }), { a: Number.NaN })).toEqual(['"value" must be a lossless JSON object'])
})

check('JSV-11', 'a record whose prototype is not an intrinsic Object.prototype is reported as not an object', ({ schema }) => {
  // Not a plain record (JSV-05: e.g. a Date): the prototype merely has a
  // null constructor, and reading it throws nothing, so this is a type error.
  const imitation = Object.create(Object.assign(Object.create(null) as object, { constructor: null })) as unknown
  expect(validate(schema, asserted(schema, { type: 'object' }), imitation)).toEqual(['"value" must be an object'])
  expect(validate(schema, asserted(schema, { type: 'object' }), new Date(0))).toEqual(['"value" must be an object'])
})

check('JSV-11', 'undefined roots, undefined properties, item failures in broken arrays and hostile values are worded as upstream words them', ({ schema }) => {
  expect(validate(schema, asserted(schema, { type: 'object' }), undefined)).toEqual(['"value" must be an object'])
  const node = asserted(schema, { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] })
  expect(validate(schema, node, { a: undefined })).toEqual(['missing required property "value.a"'])
  // Item violations are reported alone: the dense-array check runs only when no item failed.
  const items = asserted(schema, { type: 'array', items: { type: 'integer' } })
  expect(validate(schema, items, Object.assign([1, 'x'], { extra: true }))).toEqual(['"value[1]" must be an integer'])
  // A hole is no item: only present elements meet the item schema, and the dense check words the rest.
  const sparse: unknown[] = [1]
  sparse[2] = 3
  expect(validate(schema, items, sparse)).toEqual(['"value" must be a dense lossless JSON array'])
  const sparseBadItem: unknown[] = [1]
  sparseBadItem[2] = 'x'
  expect(validate(schema, items, sparseBadItem)).toEqual(['"value[2]" must be an integer'])
  const getterThrows = Object.defineProperty({}, 'a', {
    enumerable: true,
    get() {
      throw new Error('getter exploded')
    },
  })
  expect(validate(schema, node, getterThrows)).toEqual(['"value" must be a lossless JSON value'])
})

check('JSV-12', 'object violations: required first, then properties in declaration order, then undeclared keys', ({ schema }) => {
  const node = asserted(schema, {
    type: 'object',
    properties: { z: { type: 'string' }, r2: {}, a: { type: 'string' }, r1: {} },
    required: ['r1', 'r2'],
    additionalProperties: false,
  })
  const violations = validate(schema, node, { extra: 1, a: 1, z: 1 })
  const order = ['value.r1', 'value.r2', 'value.z', 'value.a', 'value.extra']
  expect(violations.map((v) => order.findIndex((p) => namesExactPath(v, p)))).toEqual([0, 1, 2, 3, 4])
})

// ---------------------------------------------------------------------------
// Fixtures: fixtures/json-schema/validation/

// Each 5,000-level group of deep.json is declared in a file of its own
// (jsv.deep-*.test.ts), so those slow cases run in parallel workers.
declareValidationFixtures((group) => !isSharded(group))
