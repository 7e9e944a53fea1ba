import { $Array, $JSON, $Object } from './_kit/intrinsics.ts'
import { createContext, runInContext } from 'node:vm'
import { expect } from 'vitest'
import type { SchemaApi } from '../adapter/contract.ts'
import { getRule } from '../catalogue/index.ts'
import type { RuleId } from '../catalogue/index.ts'
import { loadJsonSchemaFixtures, VIOLATION_KIND_OWNERS, VIOLATION_KINDS } from '../fixtures/json-schema-fixtures.ts'
import type { ExpectedViolation, UnsupportedCase } from '../fixtures/json-schema-fixtures.ts'
import { nestingDepth } from '../fixtures/nesting-depth.ts'
import { check } from './_kit/check.ts'
import { incidental } from './_kit/incidental.ts'
import { inForeignRealm } from './_kit/realm.ts'
import {
  atExactSchemaPath,
  atOrBelowSchemaPath,
  atSchemaPath,
  expectAccepted,
  expectExactPlacement,
  expectPathsCovered,
  expectSchemaViolations,
  expectUpstreamPathForm,
  pairUp,
  rejection,
} from './_kit/schema-errors.ts'
import type { PathExpectation } from './_kit/schema-errors.ts'

const assertSupported = (schema: SchemaApi, node: unknown) => () => schema.assertSupportedJsonSchema(node)
const assertObject = (schema: SchemaApi, node: unknown) => () => schema.assertObjectJsonSchema(node)

/** The violations of `node`; that each reads `schema… <text>` is JSS-18's, charged incidentally. */
function violationsOf(schema: SchemaApi, node: unknown): string[] {
  const violations = expectSchemaViolations(assertSupported(schema, node))
  expectUpstreamPathForm(violations)
  return violations
}

/**
 * Expects every path to be reported, at it or below it, and no violation
 * elsewhere (the seeds: "reports every unsupported or malformed schema
 * path"); exactly one violation at each path, as upstream places them, is
 * JSS-19's, charged incidentally.
 */
function expectPaths(violations: readonly string[], paths: readonly string[], optional: readonly PathExpectation[] = []): void {
  expectPathsCovered(violations, paths, optional)
  expectExactPlacement(violations, paths)
}

/** The root-type violation of assertObjectJsonSchema: the seeds do not say whether it sits at the root or at its `type`. */
const rootTypeViolation = (v: string): boolean => atSchemaPath('schema', v) || atOrBelowSchemaPath('schema.type', v)

function throwingProxy(target: object): object {
  return new Proxy(target, {
    ownKeys() {
      throw new Error('ownKeys trap exploded')
    },
    getOwnPropertyDescriptor() {
      throw new Error('descriptor trap exploded')
    },
    getPrototypeOf() {
      throw new Error('prototype trap exploded')
    },
  })
}

/** A revoked proxy: every operation on it, `Array.isArray` included, throws. */
function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {})
  revoke()
  return proxy
}

/** A null-parent object whose own `constructor` is `ctor`: a would-be `Object.prototype`. */
function imitationPrototype(ctor: unknown): object {
  return Object.assign(Object.create(null) as object, { constructor: ctor })
}

/** Points `fn.prototype` at `proto` with the locked slot a native constructor has. */
function lockPrototypeSlot(fn: object, proto: object): void {
  Object.defineProperty(fn, 'prototype', { value: proto, writable: false, enumerable: false, configurable: false })
}

// ---------------------------------------------------------------------------
// JSS-01 the whole subset is accepted

check('JSS-01', 'a schema using every keyword of the subset is accepted', ({ schema }) => {
  const node = {
    type: 'object',
    title: 'everything',
    description: 'uses every keyword',
    default: { name: 'x', tags: [] },
    examples: [{ name: 'y' }],
    properties: {
      name: { type: 'string', enum: ['x', 'y'], const: 'x' },
      count: { type: 'integer', enum: [1, 2] },
      ratio: { type: 'number', const: 0.5 },
      flag: { type: 'boolean', enum: [true] },
      nothing: { type: 'null', const: null },
      tags: { type: 'array', items: { type: 'string' } },
      loose: { type: 'array' },
      any: { description: 'annotation only' },
      empty: {},
      choice: { oneOf: [{ type: 'string' }, { type: 'object', properties: {}, additionalProperties: true }], title: 't' },
    },
    required: ['name', 'count'],
    additionalProperties: false,
  }
  expectAccepted(assertSupported(schema, node))
  expectAccepted(assertObject(schema, node))
})

check('JSS-01', 'each of the seven types and an empty node are accepted as roots', ({ schema }) => {
  for (const type of ['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']) expectAccepted(assertSupported(schema, { type }))
  expectAccepted(assertSupported(schema, {}))
})

// ---------------------------------------------------------------------------
// JSS-02 every violation, with paths

check('JSS-02', 'independent violations in different subtrees are all reported, each under schema', ({ schema }) => {
  const violations = violationsOf(schema, {
    type: 'object',
    properties: { a: { type: 'string', maxLength: 2 }, b: { type: 'array', items: { type: 'text' } } },
    required: ['a', 'zzz'],
  })
  expectPaths(violations, ['schema.properties.a.maxLength', 'schema.properties.b.items.type', 'schema.required'])
})

// ---------------------------------------------------------------------------
// JSS-03 node shape and type

check('JSS-03', 'nodes that are not object records are violations at their path', ({ schema }) => {
  const violations = violationsOf(schema, { type: 'object', properties: { a: null, b: 'string', c: 5, d: true, e: [{ type: 'string' }] } })
  expectPaths(
    violations,
    ['a', 'b', 'c', 'd', 'e'].map((k) => `schema.properties.${k}`),
  )
  // items is one node schema (items?: JsonSchemaNode), so the tuple form, an array of nodes, is not one.
  expectPaths(violationsOf(schema, { type: 'array', items: [{ type: 'string' }] }), ['schema.items'])
})

// Records beyond JSON are open (OP-28): refusing them, as upstream does, is JSS-21's.
check(
  'JSS-21',
  'records with a foreign or forged prototype, symbol or hidden keys, or a throwing proxy are violations at their path, never a crash',
  ({ schema }) => {
    class Schema {
      type = 'string'
    }
    const symbolKeyed = { type: 'string', [Symbol('extra')]: 1 }
    const hidden = Object.defineProperty({ type: 'string' }, 'title', { value: 't', enumerable: false })
    const forged = Object.create({ type: 'string' }) as object
    const violations = violationsOf(schema, {
      type: 'object',
      properties: { a: new Schema(), b: symbolKeyed, c: hidden, d: forged, e: new Date(0), f: throwingProxy({ type: 'string' }) },
    })
    expectPaths(
      violations,
      ['a', 'b', 'c', 'd', 'e', 'f'].map((k) => `schema.properties.${k}`),
    )
  },
)

check('JSS-21', "a record whose prototype only imitates a realm's Object.prototype is not a schema node", ({ schema }) => {
  const imitations: Record<string, object> = {
    // A null-parent object without a constructor, or with one that is not a function.
    bare: Object.create(null) as object,
    numberCtor: imitationPrototype(1),
    getterCtor: Object.defineProperty(Object.create(null) as object, 'constructor', { get: () => Object, enumerable: true }),
    // The real Object constructor, but its prototype slot points elsewhere.
    borrowedCtor: imitationPrototype(Object),
  }
  // A native function of another realm, not called Object, whose locked prototype slot points back.
  const nativeProto = imitationPrototype(runInContext('parseInt', createContext({})))
  lockPrototypeSlot((nativeProto as { constructor: object }).constructor, nativeProto)
  imitations.otherNative = nativeProto
  // A user function whose source merely ends like native Object source.
  const userProto = imitationPrototype(new Function('// function Object() { [native code]\n'))
  lockPrototypeSlot((userProto as { constructor: object }).constructor, userProto)
  imitations.userCtor = userProto

  const properties: Record<string, unknown> = {}
  for (const [key, proto] of $Object.entries(imitations)) properties[key] = Object.assign(Object.create(proto) as object, { type: 'string' })
  expectPaths(
    violationsOf(schema, { type: 'object', properties }),
    $Object.keys(imitations).map((k) => `schema.properties.${k}`),
  )
})

check('JSS-21', 'a record with a null prototype is a schema node', ({ schema }) => {
  const node = Object.assign(Object.create(null) as object, {
    type: 'object',
    properties: Object.assign(Object.create(null) as object, { a: { type: 'string' } }),
  })
  expectAccepted(assertSupported(schema, node))
})

check('JSS-03', 'type arrays and unknown type names are violations at .type', ({ schema }) => {
  expectPaths(violationsOf(schema, { type: ['string', 'null'] }), ['schema.type'])
  expectPaths(violationsOf(schema, { oneOf: [{ type: 'tuple' }, { type: null }] }), ['schema.oneOf[0].type', 'schema.oneOf[1].type'])
})

// ---------------------------------------------------------------------------
// JSS-04 oneOf

check('JSS-04', 'oneOf must be a dense array of at least two schemas: sparse, one-branch and non-array oneOf are rejected', ({ schema }) => {
  const branch = (): object => ({ type: 'string' })
  const sparse: unknown[] = [branch()]
  sparse[2] = branch()
  for (const oneOf of [sparse, [branch()], [], 'abc', { 0: branch(), 1: branch() }]) {
    expectPaths(violationsOf(schema, { oneOf }), ['schema.oneOf'])
  }
})

// Arrays beyond JSON are open (OP-28): refusing them, as upstream does, is JSS-21's.
check('JSS-21', 'decorated, subclassed and throwing oneOf arrays are rejected', ({ schema }) => {
  const branch = (): object => ({ type: 'string' })
  const decorated = Object.assign([branch(), branch()], { note: 'x' })
  class Branches extends Array<unknown> {}
  const subclass = Branches.from([branch(), branch()])
  const hostile = throwingProxy([branch(), branch()])
  for (const oneOf of [decorated, subclass, hostile]) {
    expectPaths(violationsOf(schema, { oneOf }), ['schema.oneOf'])
  }
})

check('JSS-21', 'an array whose prototype is another array, or that is sparse and decorated behind a proxy, is not a oneOf array', ({ schema }) => {
  const branch = (): object => ({ type: 'string' })
  // Dense and undecorated itself, but its prototype is an ordinary array, not a realm's Array.prototype.
  const arrayProto = Object.setPrototypeOf([branch(), branch()], []) as unknown[]
  // A hole at index 1 and an extra key `x`, with the proxy listing `length` last.
  const holey: unknown[] = [branch()]
  holey.length = 2
  Object.assign(holey, { x: branch() })
  const reordered = new Proxy(holey, { ownKeys: () => ['0', 'x', 'length'] })
  for (const oneOf of [arrayProto, reordered]) expectPaths(violationsOf(schema, { oneOf }), ['schema.oneOf'])
  expectPaths(violationsOf(schema, { type: 'object', properties: { a: {} }, required: Object.setPrototypeOf(['a'], []) }), ['schema.required'])
})

check('JSS-04', 'type beside oneOf is one violation and the branches are not examined', ({ schema }) => {
  expectPaths(violationsOf(schema, { type: 'object', oneOf: [{ type: 'nope' }, null] }), ['schema'])
})

check('JSS-04', 'branches are checked at their index and constraint keywords beside oneOf are violations', ({ schema }) => {
  const violations = violationsOf(schema, { oneOf: [{ type: 'string' }, { type: 'number', items: {} }], enum: ['a'], const: 'a' })
  expectPaths(violations, ['schema.oneOf[1].items', 'schema.enum', 'schema.const'])
})

// ---------------------------------------------------------------------------
// JSS-05 keyword placement

check('JSS-05', 'every keyword outside the subset is a violation of its own', ({ schema }) => {
  const unknown = ['anyOf', 'allOf', 'not', 'pattern', 'minimum', 'maxLength', '$ref', 'if', 'nullable']
  const node: Record<string, unknown> = { type: 'string' }
  for (const key of unknown) node[key] = key === 'not' ? {} : 1
  expectPaths(
    violationsOf(schema, node),
    unknown.map((k) => `schema.${k}`),
  )
})

check('JSS-05', 'constraint keywords are violations on a type that does not take them and on a node without type', ({ schema }) => {
  expectPaths(violationsOf(schema, { type: 'string', properties: {}, items: {} }), ['schema.properties', 'schema.items'])
  expectPaths(violationsOf(schema, { items: { type: 'string' }, required: [] }), ['schema.items', 'schema.required'])
})

// ---------------------------------------------------------------------------
// JSS-06 object keywords

check('JSS-06', 'properties must be a record of schemas, each checked at its key', ({ schema }) => {
  expectPaths(violationsOf(schema, { type: 'object', properties: [] }), ['schema.properties'])
  expectPaths(violationsOf(schema, { type: 'object', properties: 'a' }), ['schema.properties'])
  // A Map is a record beyond JSON (OP-28): upstream refuses it as properties too (JSS-21).
  incidental('JSS-21', () => expectPaths(violationsOf(schema, { type: 'object', properties: new Map() }), ['schema.properties']))
  expectPaths(violationsOf(schema, { type: 'object', properties: { ok: {}, bad: { type: 'object', properties: { deeper: 1 } } } }), [
    'schema.properties.bad.properties.deeper',
  ])
})

check('JSS-06', 'required must be a dense array of strings naming own keys of properties', ({ schema }) => {
  const sparse: unknown[] = ['a']
  sparse[2] = 'a'
  for (const required of [sparse, ['a', 2], 'a']) {
    expectPaths(violationsOf(schema, { type: 'object', properties: { a: {} }, required }), ['schema.required'])
  }
  incidental('JSS-21', () => expectPaths(violationsOf(schema, { type: 'object', properties: { a: {} }, required: throwingProxy(['a']) }), ['schema.required']))
  const inherited = violationsOf(schema, { type: 'object', properties: { a: {} }, required: ['a', 'toString', 'hasOwnProperty'] })
  expectPaths(inherited, ['schema.required', 'schema.required'])
})

check('JSS-06', 'additionalProperties must be a boolean', ({ schema }) => {
  for (const additionalProperties of [{}, 'false', 0, null]) {
    expectPaths(violationsOf(schema, { type: 'object', additionalProperties }), ['schema.additionalProperties'])
  }
  expectAccepted(assertSupported(schema, { type: 'object', additionalProperties: true }))
})

// ---------------------------------------------------------------------------
// JSS-07 enum and const

check('JSS-07', 'number enum and const exclude NaN, ±Infinity and -0', ({ schema }) => {
  for (const bad of [Number.NaN, Infinity, -Infinity, -0]) {
    expectPaths(violationsOf(schema, { type: 'number', enum: [1, bad] }), ['schema.enum'])
    expectPaths(violationsOf(schema, { type: 'number', const: bad }), ['schema.const'])
  }
})

check('JSS-07', 'integer enum and const need integral values', ({ schema }) => {
  expectPaths(violationsOf(schema, { type: 'integer', enum: [1, 2.5] }), ['schema.enum'])
  expectPaths(violationsOf(schema, { type: 'integer', const: 2.5 }), ['schema.const'])
  expectAccepted(assertSupported(schema, { type: 'integer', enum: [1, 2], const: 2 }))
})

// The seeds ask only that enum and const match the node type ("标量 enum 和 const 值必须与节点类型匹配");
// that const must also be one of a well-formed enum is upstream's (JSS-20).
check('JSS-20', 'a const outside a well-formed enum is a violation at .const', ({ schema }) => {
  expectPaths(violationsOf(schema, { type: 'integer', enum: [1, 2], const: 3 }), ['schema.const'])
  expectPaths(violationsOf(schema, { type: 'string', enum: ['a', 'b'], const: 'c' }), ['schema.const'])
  // A malformed enum hides the check: only the enum is reported.
  expectPaths(violationsOf(schema, { type: 'string', enum: [1], const: 'c' }), ['schema.enum'])
})

check('JSS-07', 'null enum and const admit only null', ({ schema }) => {
  for (const bad of [0, false, '', 'null', {}]) {
    expectPaths(violationsOf(schema, { type: 'null', enum: [null, bad] }), ['schema.enum'])
    expectPaths(violationsOf(schema, { type: 'null', const: bad }), ['schema.const'])
  }
  expectAccepted(assertSupported(schema, { type: 'null', enum: [null], const: null }))
})

check('JSS-07', 'enum must be a dense array', ({ schema }) => {
  const sparse: unknown[] = ['a']
  sparse[2] = 'b'
  for (const members of [sparse, 'a', { 0: 'a' }]) {
    expectPaths(violationsOf(schema, { type: 'string', enum: members }), ['schema.enum'])
  }
  // Decorated and throwing arrays are beyond JSON (OP-28): upstream refuses them (JSS-21).
  incidental('JSS-21', () => {
    for (const members of [Object.assign(['a'], { extra: true }), throwingProxy(['a'])])
      expectPaths(violationsOf(schema, { type: 'string', enum: members }), ['schema.enum'])
  })
})

// Whether an empty enum is allowed is open (OP-21): upstream refuses it (JSS-22).
check('JSS-22', 'an empty enum is a violation at .enum', ({ schema }) => {
  for (const type of ['string', 'number', 'integer', 'boolean', 'null']) expectPaths(violationsOf(schema, { type, enum: [] }), ['schema.enum'])
})

// ---------------------------------------------------------------------------
// Keywords present with the value undefined (the validator reads them as absent, JSV-08; the assertion does not)

check(['JSS-06', 'JSS-07', 'JSS-03', 'JSS-04'], 'a keyword holding undefined is a malformed keyword, not an absent one', ({ schema }) => {
  const cases: [unknown, string][] = [
    [{ type: 'object', properties: undefined }, 'schema.properties'],
    [{ type: 'object', required: undefined }, 'schema.required'],
    [{ type: 'object', additionalProperties: undefined }, 'schema.additionalProperties'],
    [{ type: 'string', enum: undefined }, 'schema.enum'],
    [{ type: 'string', const: undefined }, 'schema.const'],
    [{ type: 'array', items: undefined }, 'schema.items'],
    [{ type: undefined }, 'schema.type'],
    [{ oneOf: undefined }, 'schema.oneOf'],
  ]
  for (const [node, path] of cases) expectPaths(violationsOf(schema, node), [path])
})

check(['JSS-06', 'JSS-02'], 'required names are still checked when properties is malformed, and none of them is declared', ({ schema }) => {
  expectPaths(violationsOf(schema, { type: 'object', properties: undefined, required: ['missing'] }), ['schema.properties', 'schema.required'])
  expectPaths(violationsOf(schema, { type: 'object', properties: [], required: ['a', 'b'] }), ['schema.properties', 'schema.required', 'schema.required'])
})

// ---------------------------------------------------------------------------
// JSS-08 annotations

check('JSS-08', 'default and examples must be lossless JSON data', ({ schema }) => {
  const cyclic: Record<string, unknown> = {}
  cyclic.self = cyclic
  // biome-ignore lint/suspicious/noSparseArray: a sparse array is one of the lossy defaults under test.
  const lossy = [undefined, () => 1, new Map(), new Date(0), Number.NaN, -0, 10n, [1, , 3], cyclic, throwingProxy({})]
  for (const value of lossy) {
    expectPaths(violationsOf(schema, { type: 'string', default: value }), ['schema.default'])
    expectPaths(violationsOf(schema, { examples: value }), ['schema.examples'])
  }
})

check('JSS-08', 'default and examples holding a hidden or symbol key, an undefined item or an infinity are not lossless JSON', ({ schema }) => {
  const lossy = [Object.defineProperty({}, 'hidden', { value: true }), { [Symbol('hidden')]: true }, [undefined], Number.POSITIVE_INFINITY]
  for (const value of lossy) {
    expectPaths(violationsOf(schema, { type: 'string', default: value }), ['schema.default'])
    expectPaths(violationsOf(schema, { examples: value }), ['schema.examples'])
  }
})

check('JSS-08', 'description and title must be strings', ({ schema }) => {
  expectPathsCovered(violationsOf(schema, { type: 'string', description: 1, title: { text: 't' } }), ['schema.description', 'schema.title'])
  expectPathsCovered(violationsOf(schema, { type: 'string', description: undefined }), ['schema.description'])
})

// ---------------------------------------------------------------------------
// JSS-09 other realms

check('JSS-09', 'records and arrays from another realm are accepted, and their defects still found', ({ schema }) => {
  const node = inForeignRealm({
    type: 'object',
    properties: { list: { type: 'array', items: { oneOf: [{ type: 'string', enum: ['a'] }, { type: 'null' }] } } },
    required: ['list'],
    default: { list: [] },
  })
  expectAccepted(assertSupported(schema, node))
  expectAccepted(assertObject(schema, node))
  expectPaths(violationsOf(schema, inForeignRealm({ type: 'object', properties: { x: { type: 'array', minItems: 1 } } })), ['schema.properties.x.minItems'])
})

// ---------------------------------------------------------------------------
// JSS-10 cycles

check('JSS-10', 'cycles through items, properties and oneOf are violations at the repeating path', ({ schema }) => {
  const list: Record<string, unknown> = { type: 'array' }
  list.items = list
  expectPaths(violationsOf(schema, list), ['schema.items'])

  const props: Record<string, unknown> = {}
  const tree = { type: 'object', properties: props }
  props.child = tree
  expectPaths(violationsOf(schema, tree), ['schema.properties.child'])

  const branches: unknown[] = [{ type: 'string' }]
  const choice = { oneOf: branches }
  branches.push(choice)
  expectPaths(violationsOf(schema, choice), ['schema.oneOf[1]'])
})

check('JSS-10', 'a cycle through a shared oneOf array or properties record is one circular violation, without a hang', ({ schema }) => {
  // Distinct nodes sharing one container: the container repeats first, its node one level later.
  const branches: unknown[] = [{ type: 'string' }]
  branches.unshift({ oneOf: branches })
  const viaOneOf = violationsOf(schema, { oneOf: branches })
  expect(viaOneOf).toHaveLength(1)
  expect(['schema.oneOf[0].oneOf', 'schema.oneOf[0].oneOf[0]'].filter((p) => atSchemaPath(p, viaOneOf[0]!))).toHaveLength(1)

  const props: Record<string, unknown> = {}
  props.a = { type: 'object', properties: props }
  const viaProperties = violationsOf(schema, { type: 'object', properties: props })
  expect(viaProperties).toHaveLength(1)
  expect(['schema.properties.a.properties', 'schema.properties.a.properties.a'].filter((p) => atSchemaPath(p, viaProperties[0]!))).toHaveLength(1)
})

check('JSS-10', 'the same sub-schema reused by siblings and in several branches is accepted', ({ schema }) => {
  const point = { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] }
  const branches = [point, { type: 'null' }]
  expectAccepted(
    assertSupported(schema, {
      type: 'object',
      properties: { from: point, to: point, path: { type: 'array', items: point }, a: { oneOf: branches }, b: { oneOf: branches } },
    }),
  )
})

// ---------------------------------------------------------------------------
// JSS-11 depth

function nested(depth: number, leaf: unknown, wrap: (inner: unknown) => unknown): unknown {
  let node = leaf
  for (let i = 0; i < depth; i++) node = wrap(node)
  return node
}

check('JSS-11', 'schemas 5,000 levels deep through items, properties and oneOf are accepted', ({ schema }) => {
  const depth = nestingDepth(5000)
  expectAccepted(
    assertSupported(
      schema,
      nested(depth, { type: 'string' }, (inner) => ({ type: 'array', items: inner })),
    ),
  )
  expectAccepted(
    assertSupported(
      schema,
      nested(depth, {}, (inner) => ({ type: 'object', properties: { n: inner }, required: ['n'] })),
    ),
  )
  expectAccepted(
    assertSupported(
      schema,
      nested(depth, { type: 'null' }, (inner) => ({ oneOf: [inner, { type: 'string' }] })),
    ),
  )
})

check('JSS-11', 'a defect 5,000 levels down is found at its full path', ({ schema }) => {
  const depth = nestingDepth(5000)
  const violations = violationsOf(
    schema,
    nested(depth, { type: 'strng' }, (inner) => ({ type: 'array', items: inner })),
  )
  expectPaths(violations, [`schema${'.items'.repeat(depth)}.type`])
})

check('JSS-11', 'a cycle 5,000 levels down is found without a hang', ({ schema }) => {
  const depth = nestingDepth(5000)
  const bottom: Record<string, unknown> = { type: 'array' }
  const root = nested(depth - 1, bottom, (inner) => ({ type: 'array', items: inner }))
  bottom.items = root
  expectPaths(violationsOf(schema, root), [`schema${'.items'.repeat(depth)}`])
})

// ---------------------------------------------------------------------------
// JSS-12 object roots

check('JSS-12', 'assertObjectJsonSchema rejects non-object roots, but reports only real defects of a broken schema', ({ schema }) => {
  // Where the root-type violation sits (the root or its type), and that it is left out beside other defects, is JSS-19's.
  for (const root of [{ type: 'array' }, { oneOf: [{ type: 'object' }, { type: 'null' }] }]) {
    const violations = expectSchemaViolations(assertObject(schema, root))
    expectPathsCovered(violations, [rootTypeViolation])
    expectExactPlacement(violations, ['schema.type'])
  }
  expectPaths(expectSchemaViolations(assertObject(schema, null)), ['schema'])
  expectPaths(expectSchemaViolations(assertObject(schema, { type: 'number', minimum: 1 })), ['schema.minimum'], [rootTypeViolation])
  expectAccepted(assertObject(schema, { type: 'object' }))
})

// ---------------------------------------------------------------------------
// JSS-13 the error

check('JSS-13', 'the rejection carries code UNSUPPORTED_SCHEMA and a violations list of strings', ({ schema }) => {
  for (const run of [assertSupported(schema, { type: 'text' }), assertObject(schema, { type: 'string' }), assertSupported(schema, null)]) {
    const r = rejection(run)
    expect(r, 'the assertion must throw').toBeDefined()
    expect(r!.code).toBe('UNSUPPORTED_SCHEMA')
    expect($Array.isArray(r!.violations)).toBe(true)
    expect((r!.violations as unknown[]).length).toBeGreaterThan(0)
    for (const v of r!.violations as unknown[]) expect(typeof v).toBe('string')
  }
})

// ---------------------------------------------------------------------------
// JSS-18, JSS-19 upstream's path form and placement (the must tests charge them incidentally)

check('JSS-18', 'violations read "<path> <text>" with the path rooted at schema', ({ schema }) => {
  const violations = expectSchemaViolations(assertSupported(schema, { type: 'object', properties: { a: { type: 'text' } }, pattern: 'x' }))
  expect(violations.length).toBeGreaterThan(0)
  for (const v of violations) expect(v).toMatch(/^schema(?:[.[][^ ]*)? \S/)
  expect(
    violations.some((v) => atExactSchemaPath('schema.properties.a.type', v)),
    $JSON.stringify(violations),
  ).toBe(true)
})

check('JSS-19', 'one violation per defect, at the keyword itself', ({ schema }) => {
  const exactly = (node: unknown, paths: string[], object = false): void => {
    const violations = expectSchemaViolations(object ? assertObject(schema, node) : assertSupported(schema, node))
    expect(pairUp(paths, violations, atSchemaPath), $JSON.stringify(violations)).toEqual({ missing: [], extra: [] })
  }
  exactly({ type: 'string', enum: ['a', 1, 2] }, ['schema.enum'])
  exactly({ type: 'object', properties: { a: {} }, required: ['a', 'b', 'c'] }, ['schema.required', 'schema.required'])
  exactly({ type: 'object', oneOf: [{ type: 'nope' }, null] }, ['schema'])
  exactly({ type: 'number', minimum: 1 }, ['schema.minimum'], true)
  exactly({ oneOf: [{ type: 'object' }, { type: 'null' }] }, ['schema.type'], true)
})

// ---------------------------------------------------------------------------
// JSS-14..16 wording and order (should)

check('JSS-14', 'assertion violations use the upstream texts', ({ schema }) => {
  const cyclic: Record<string, unknown> = { type: 'array' }
  cyclic.items = cyclic
  const cases: [unknown, string[]][] = [
    [null, ['schema must be a schema object']],
    [{ type: ['string'] }, ['schema.type must be a single type string (type arrays are not supported)']],
    [{ type: 'text' }, ['schema.type must be one of object/array/string/number/integer/boolean/null']],
    [{ oneOf: [{}] }, ['schema.oneOf must be an array of at least two schemas']],
    [{ type: 'string', oneOf: [{}, {}] }, ['schema cannot declare both type and oneOf']],
    [{ oneOf: [{}, {}], items: {} }, ['schema.items is not supported beside oneOf']],
    [{ type: 'string', items: {} }, ['schema.items is not supported on type "string"']],
    [{ enum: [1] }, ['schema.enum requires type or oneOf']],
    [{ type: 'object', properties: [] }, ['schema.properties must be an object of schemas']],
    [{ type: 'object', required: 'a' }, ['schema.required must be an array of strings']],
    [{ type: 'object', properties: {}, required: ['a'] }, ['schema.required names "a" which is not in properties']],
    [{ type: 'object', additionalProperties: 1 }, ['schema.additionalProperties must be a boolean']],
    [{ type: 'integer', enum: [0.5] }, ['schema.enum must be a non-empty array of integer values']],
    [{ type: 'boolean', const: 1 }, ['schema.const must be a boolean value']],
    [{ type: 'string', enum: ['a'], const: 'b' }, ['schema.const must be one of schema.enum when both are declared']],
    [{ default: Number.NaN }, ['schema.default annotation must be lossless JSON data']],
    [{ title: 1 }, ['schema.title must be a string']],
    [cyclic, ['schema.items is circular']],
  ]
  for (const [node, expected] of cases) expect(expectSchemaViolations(assertSupported(schema, node))).toEqual(expected)
  expect(expectSchemaViolations(assertSupported(schema, { type: 'string', pattern: 'x' }))[0]).toMatch(/^schema\.pattern is not a supported keyword \(subset: /)
  expect(expectSchemaViolations(assertObject(schema, { type: 'string' }))).toEqual(['schema.type must be "object" (structured output is object-rooted)'])
})

// ---------------------------------------------------------------------------
// JSS-17 values that cannot be inspected (should: not JSON, so beyond the seeds)

check('JSS-17', 'a revoked proxy anywhere in a schema is a violation at its path, not an escaping TypeError', ({ schema }) => {
  const cases: [unknown, string][] = [
    [revokedProxy(), 'schema'],
    [{ type: revokedProxy() }, 'schema.type'],
    [{ type: 'object', properties: { a: revokedProxy() } }, 'schema.properties.a'],
    [{ type: 'object', properties: revokedProxy() }, 'schema.properties'],
    [{ type: 'object', properties: {}, required: revokedProxy() }, 'schema.required'],
    [{ oneOf: revokedProxy() }, 'schema.oneOf'],
    [{ type: 'array', items: revokedProxy() }, 'schema.items'],
    [{ type: 'string', enum: revokedProxy() }, 'schema.enum'],
  ]
  for (const [node, path] of cases) expectPaths(violationsOf(schema, node), [path])
})

check('JSS-15', 'violations come in walk order: node keywords, property subtrees, then required and additionalProperties', ({ schema }) => {
  const violations = expectSchemaViolations(
    assertSupported(schema, {
      additionalProperties: 'no',
      type: 'object',
      pattern: 'x',
      required: ['missing'],
      properties: { a: { type: 'bad' }, b: { oneOf: [{ type: 'array', items: { type: 'bad' } }, { format: 'x' }], const: 1 } },
    }),
  )
  expect(violations.map((v) => v.split(' ')[0])).toEqual([
    'schema.pattern',
    'schema.properties.a.type',
    'schema.properties.b.oneOf[0].items.type',
    'schema.properties.b.oneOf[1].format',
    'schema.properties.b.const',
    'schema.required',
    'schema.additionalProperties',
  ])
})

check('JSS-15', 'keywords without type are reported in the order properties, required, additionalProperties, items, enum, const', ({ schema }) => {
  const violations = expectSchemaViolations(
    assertSupported(schema, { const: 1, enum: [1], items: {}, additionalProperties: true, required: [], properties: {} }),
  )
  expect(violations.map((v) => v.split(' ')[0])).toEqual(['properties', 'required', 'additionalProperties', 'items', 'enum', 'const'].map((k) => `schema.${k}`))
})

check('JSS-16', 'the error message joins the violations after "unsupported JSON schema: "', ({ schema }) => {
  const r = rejection(assertSupported(schema, { type: 'object', properties: { a: { type: 'x' } }, required: ['b'] }))
  expect(r?.message).toBe(
    'unsupported JSON schema: schema.properties.a.type must be one of object/array/string/number/integer/boolean/null; schema.required names "b" which is not in properties',
  )
})

// ---------------------------------------------------------------------------
// Fixtures: fixtures/json-schema/unsupported/ and the schemas of validation/

const fixtures = loadJsonSchemaFixtures()

// Fixture cases name their rules; a test checks those that fail registries under some profile (must, upstream), never should ones.
const isMust = (id: RuleId): boolean => getRule(id).level !== 'should'
const mustRules = (ids: readonly RuleId[]): RuleId[] => {
  const must = ids.filter(isMust)
  return must.length > 0 ? must : ['JSS-02']
}

function runAssertion(schema: SchemaApi, c: UnsupportedCase, node: unknown): () => void {
  return c.assert === 'object' ? assertObject(schema, node) : assertSupported(schema, node)
}

function isObjectTypedRecord(node: unknown): boolean {
  return typeof node === 'object' && node !== null && !$Array.isArray(node) && (node as { type?: unknown }).type === 'object'
}

function expectCase(schema: SchemaApi, c: UnsupportedCase, node: unknown): string[] {
  const run = runAssertion(schema, c, node)
  if (c.violations.length === 0) {
    expectAccepted(run)
    return []
  }
  const violations = expectSchemaViolations(run)
  expectUpstreamPathForm(violations)
  const paths = c.violations.map((v) => v.path)
  // assertObjectJsonSchema on a root that is not `type: "object"`: the root-type violation may sit at the root or
  // at its type, and may be reported beside other defects; upstream's placement (only when nothing else is wrong) is JSS-19's.
  const nonObjectRoot = c.assert === 'object' && !isObjectTypedRecord(node)
  const expected = c.violations.map((v) => (nonObjectRoot && v.kind === 'root-not-object' ? rootTypeViolation : v.path))
  // A defect of a kind another rule owns (VIOLATION_KIND_OWNERS) that the registry misses even when its node is
  // checked alone is that rule's, charged incidentally; missing it only inside the tree stays the case's.
  const missedAlone = c.violations.map((v, i) => {
    const owner = VIOLATION_KIND_OWNERS[v.kind] as RuleId | undefined
    if (owner === undefined || c.rules.includes(owner) || violations.some((found) => atOrBelowSchemaPath(v.path, found))) return undefined
    const alone = nodeOfKeyword(node, v.path)
    return alone !== undefined && rejection(runAssertion(schema, { ...c, assert: 'supported' }, alone)) === undefined
      ? { owner, path: expected[i]! }
      : undefined
  })
  for (const miss of missedAlone)
    if (miss !== undefined) incidental(miss.owner, () => expect(false, `the defect at ${String(miss.path)} is reported, even alone (${miss.owner})`).toBe(true))
  expectPathsCovered(
    violations,
    expected.filter((_, i) => missedAlone[i] === undefined),
    [...(nonObjectRoot ? [rootTypeViolation] : []), ...missedAlone.flatMap((miss) => (miss === undefined ? [] : [miss.path]))],
  )
  // Upstream's placement (JSS-19) presumes every defect of the case is found (where the root-type violation goes
  // depends on the others): a case with a defect charged to its owner above leaves it unjudged.
  if (missedAlone.every((miss) => miss === undefined)) expectExactPlacement(violations, paths)
  return violations
}

/** The schema node holding the keyword at `path` (`schema.a.b[0].kw`) within `root`, or undefined when the path leads nowhere. */
function nodeOfKeyword(root: unknown, path: string): unknown {
  const segments = path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .slice(1, -1)
  let node = root
  for (const segment of segments) {
    if (typeof node !== 'object' || node === null || !$Object.hasOwn(node, segment)) return undefined
    node = (node as Record<string, unknown>)[segment]
  }
  return node
}

const kindMatches = (e: ExpectedViolation, v: string): boolean => atExactSchemaPath(e.path, v) && VIOLATION_KINDS[e.kind].test(v.slice(e.path.length + 1))

for (const c of fixtures.unsupported) {
  const title = `fixture ${c.file}#${c.pointer}: ${c.description}`
  check(mustRules(c.rules), title, ({ schema }) => {
    expectCase(schema, c, c.schema.build())
  })
  if (c.foreignRealm) {
    check(['JSS-09', ...mustRules(c.rules).filter((id) => id !== 'JSS-09')], `${title} (foreign realm)`, ({ schema }) => {
      expectCase(schema, c, inForeignRealm(c.schema.build()))
    })
  }
  if (c.violations.length > 0) {
    check('JSS-14', `${title}: violation texts match their kinds`, ({ schema }) => {
      const violations = expectSchemaViolations(runAssertion(schema, c, c.schema.build()))
      const { missing, extra } = pairUp(c.violations, violations, kindMatches)
      expect({ missing, extra }).toEqual({ missing: [], extra: [] })
    })
    check('JSS-16', `${title}: error message`, ({ schema }) => {
      const r = rejection(runAssertion(schema, c, c.schema.build()))
      expect(r?.message).toBe(`unsupported JSON schema: ${(r?.violations as string[] | undefined)?.join('; ')}`)
    })
  }
  if (c.rules.includes('JSS-15')) {
    check('JSS-15', `${title}: walk order`, ({ schema }) => {
      const violations = expectSchemaViolations(runAssertion(schema, c, c.schema.build()))
      expect(violations.map((v) => c.violations.findIndex((e) => atSchemaPath(e.path, v)))).toEqual(c.violations.map((_, i) => i))
    })
  }
  if (c.validation === 'throws') {
    check('JSV-09', `${title}: validating against the unasserted schema throws`, ({ schema }) => {
      const node = c.schema.build() as Parameters<SchemaApi['validateJsonSchemaValue']>[0]
      expect(() => schema.validateJsonSchemaValue(node, null)).toThrow(/unreachable variant/)
    })
  }
}

for (const g of fixtures.validation) {
  const jss = g.rules.filter((id) => id.startsWith('JSS-') && isMust(id))
  const ids: RuleId[] = jss.length > 0 ? jss : ['JSS-01']
  const title = `fixture validation/${g.file.replace(/^validation\//, '')}#${g.pointer}: the schema of "${g.description}" is accepted`
  check(ids, title, ({ schema }) => {
    expectAccepted(assertSupported(schema, g.schema.build()))
  })
  if (g.foreignRealm) {
    check(['JSS-09', ...ids.filter((id) => id !== 'JSS-09')], `${title} (foreign realm)`, ({ schema }) => {
      expectAccepted(assertSupported(schema, inForeignRealm(g.schema.build())))
    })
  }
}
