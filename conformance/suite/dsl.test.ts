import { $Array, $JSON, $Object } from './_kit/intrinsics.ts'
import fc from 'fast-check'
import { expect } from 'vitest'
import type { SchemaApi } from '../adapter/contract.ts'
import type { JsonSchemaNode, ToolRunContext } from '../spec/types.ts'
import { nestingDepth } from '../fixtures/nesting-depth.ts'
import { check } from './_kit/check.ts'
import { incidental } from './_kit/incidental.ts'
import { atOrBelowSchemaPath, expectSchemaCode, expectUpstreamPathForm } from './_kit/schema-errors.ts'
import { reportOf } from './_kit/verdicts.ts'
import { nestedPropertyMap } from './_kit/nested-property-map.ts'
import { call } from './_kit/inputs.ts'
import { expectSuccess } from './_kit/result-assertions.ts'
import { probeTool, renderJson } from './_kit/tools.ts'
import { integerRefusesFractions } from './_kit/validation-fixtures.ts'

// ---- helpers ----------------------------------------------------------------

interface SchemaFailure {
  readonly code: unknown
  readonly violations: readonly string[]
}

/** Runs `compile`, which must throw a schema rejection with a non-empty list of string violations (its code is JSS-13's, OP-01). */
function rejection(compile: () => unknown): SchemaFailure {
  let thrown: unknown
  try {
    compile()
  } catch (error) {
    thrown = error
  }
  expect(thrown, 'expected a JsonSchemaError, but nothing was thrown').toBeDefined()
  const { code, violations } = thrown as { code?: unknown; violations?: unknown }
  expect(
    $Array.isArray(violations) && violations.length > 0 && violations.every((v) => typeof v === 'string'),
    `violations is a non-empty list of strings; threw ${String(thrown)}`,
  ).toBe(true)
  expectSchemaCode(code)
  return { code, violations: violations as string[] }
}

/** A value spec that must be refused by valueSchemaSpecToJsonSchema. */
function rejectsValue(schema: SchemaApi, spec: unknown): readonly string[] {
  return rejection(() => schema.valueSchemaSpecToJsonSchema(spec)).violations
}

/** A parameter map that must be refused by parameterSchemaSpecToJsonSchema. */
function rejectsParameters(schema: SchemaApi, spec: unknown): readonly string[] {
  return rejection(() => schema.parameterSchemaSpecToJsonSchema(spec)).violations
}

const ANY_CONTEXT = {} as ToolRunContext

/** defineTool options with a JSON output; `extra` overrides any field. */
function toolOptions(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'read',
    description: 'reads a file',
    parameters: { path: { type: 'string', required: true } },
    output: { schema: { type: 'json' }, render: renderJson },
    execute: async () => 'ok',
    ...extra,
  }
}

/** A defineTool tool whose body counts its calls. */
function countingTool(schema: SchemaApi, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const calls: unknown[] = []
  const definition = schema.defineTool(
    toolOptions({
      parameters,
      execute: async (args: unknown) => {
        calls.push(args)
        return 'ran'
      },
      ...extra,
    }),
  )
  return { definition, calls }
}

/** Settles whatever `run` produces (a sync throw counts as a rejection). */
async function outcome(run: () => unknown): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await run() }
  } catch (error) {
    return { ok: false, error }
  }
}

/** `levels` nested oneOf specs, innermost a string. */
function nestedOneOf(levels: number): unknown {
  let spec: unknown = { type: 'string' }
  for (let i = 0; i < levels; i++) spec = { oneOf: [{ type: 'null' }, spec] }
  return spec
}

/** DSL-32, charged incidentally: an object spec without properties compiles to exactly { type, additionalProperties }. */
function expectUpstreamObjectShape(compiled: unknown): void {
  incidental('DSL-32', () => {
    expect(compiled, 'an object spec without properties emits no properties key (DSL-32)').toEqual({ type: 'object', additionalProperties: true })
  })
}

/** DSL-34, charged incidentally: `compiled` is exactly upstream's encoding of its spec (OP-24). */
function expectUpstreamEncoding(compiled: unknown, expected: unknown): void {
  incidental('DSL-34', () => expect(compiled, "upstream's encoding of the spec (DSL-34)").toEqual(expected))
}

/**
 * The required set of a compiled object node (OP-24 leaves its order, and
 * whether an empty one is left out or emitted as [], open): its names, sorted.
 */
function requiredSet(node: JsonSchemaNode): string[] {
  const required = (node as { required?: unknown }).required
  if (required === undefined) return []
  expect($Array.isArray(required), `required is a list: ${$JSON.stringify(required)}`).toBe(true)
  return [...(required as string[])].sort()
}

/** An object node open to undeclared keys: type object, additionalProperties absent or true (OP-24). */
function expectOpenObject(node: JsonSchemaNode): void {
  expect(node.type, 'an object root').toBe('object')
  const open = node.additionalProperties
  expect(open === undefined || open === true, `open to undeclared keys (additionalProperties ${$JSON.stringify(open)})`).toBe(true)
}

/** validateArgs' report: the list it returns, or one entry standing for a throw (OP-26); upstream's form is DSL-38's, charged incidentally. */
function argsReport(schema: SchemaApi, spec: unknown, args: unknown): string[] {
  return reportOf('DSL-38', () => schema.validateArgs(spec, args))
}

// ---- compilation --------------------------------------------------------------

check('DSL-01', 'a property map compiles to an open object root whose required set is the marked keys', ({ schema }) => {
  const compiled = schema.parameterSchemaSpecToJsonSchema({
    b: { type: 'string' },
    a: { type: 'integer', required: true },
    c: { type: 'boolean', required: true },
  })

  expectOpenObject(compiled)
  expect(compiled.properties).toEqual({ b: { type: 'string' }, a: { type: 'integer' }, c: { type: 'boolean' } })
  expect(requiredSet(compiled)).toEqual(['a', 'c'])
  expectUpstreamEncoding(compiled, {
    type: 'object',
    properties: { b: { type: 'string' }, a: { type: 'integer' }, c: { type: 'boolean' } },
    required: ['a', 'c'],
  })
})

check('DSL-01', 'an empty or all-optional property map requires nothing', ({ schema }) => {
  const empty = schema.parameterSchemaSpecToJsonSchema({})
  const optional = schema.parameterSchemaSpecToJsonSchema({ q: { type: 'string' } })

  for (const compiled of [empty, optional]) {
    expectOpenObject(compiled)
    expect(requiredSet(compiled)).toEqual([])
  }
  expect(empty.properties ?? {}).toEqual({})
  expectUpstreamEncoding(empty, { type: 'object', properties: {} })
  expectUpstreamEncoding(optional, { type: 'object', properties: { q: { type: 'string' } } })
})

check('DSL-02', 'required markers never reach the emitted property nodes', ({ schema }) => {
  const compiled = schema.parameterSchemaSpecToJsonSchema({
    path: { type: 'string', required: true },
    config: { type: 'object', additionalProperties: false, properties: { host: { type: 'string' } } },
  })
  const properties = compiled.properties as Record<string, Record<string, unknown>>

  expect(properties.path).toEqual({ type: 'string' })
  // An object node's own required list is no marker: whether an empty one is emitted as [] is open (OP-24).
  expect(requiredSet(properties.config as JsonSchemaNode), 'no marker on the object property').toEqual([])
})

// How an object spec's properties mark requiredness is open (OP-22): upstream's per-property marker is DSL-36's.
check('DSL-36', 'nested properties compile like a parameter map with their own required list', ({ schema }) => {
  const compiled = schema.parameterSchemaSpecToJsonSchema({
    config: {
      type: 'object',
      additionalProperties: false,
      required: true,
      properties: { host: { type: 'string', required: true }, port: { type: 'integer' } },
    },
  })
  const config = (compiled.properties as Record<string, JsonSchemaNode>).config!

  expect(requiredSet(compiled)).toEqual(['config'])
  expect(requiredSet(config)).toEqual(['host'])
  expect('required' in (config.properties as Record<string, object>).host!, 'the marker is not emitted').toBe(false)
  expectUpstreamEncoding(compiled, {
    type: 'object',
    properties: {
      config: {
        type: 'object',
        additionalProperties: false,
        properties: { host: { type: 'string' }, port: { type: 'integer' } },
        required: ['host'],
      },
    },
    required: ['config'],
  })
})

check('DSL-36', 'object specs under a property and under array items each get their own required list', ({ schema }) => {
  const open = { type: 'object', additionalProperties: true } as const
  const compiled = schema.parameterSchemaSpecToJsonSchema({
    config: { ...open, properties: { host: { type: 'string' }, port: { type: 'number' } } },
    servers: { type: 'array', items: { ...open, properties: { host: { type: 'string', required: true }, port: { type: 'number' } } } },
  })
  const properties = compiled.properties as Record<string, JsonSchemaNode>

  expect(requiredSet(compiled), 'nothing required at the root').toEqual([])
  expect(requiredSet(properties.config!), 'nothing required in an all-optional object').toEqual([])
  expect(requiredSet(properties.servers!.items!)).toEqual(['host'])
  expectUpstreamEncoding(compiled, {
    type: 'object',
    properties: {
      config: { ...open, properties: { host: { type: 'string' }, port: { type: 'number' } } },
      servers: { type: 'array', items: { ...open, properties: { host: { type: 'string' }, port: { type: 'number' } }, required: ['host'] } },
    },
  })
})

// The other form OP-22 names, an object-level required list, is one upstream refuses wherever it appears (DSL-36).
check('DSL-36', 'an object-level required list on a parameter-map entry is refused', ({ schema }) => {
  rejectsParameters(schema, { config: { type: 'object', additionalProperties: true, required: ['host'], properties: { host: { type: 'string' } } } })
  rejectsParameters(schema, { config: { type: 'object', additionalProperties: true, required: [], properties: { host: { type: 'string' } } } })
})

check('DSL-36', 'an object-level required list on a value root, a nested object spec or array items is refused', ({ schema }) => {
  const listing = { type: 'object', additionalProperties: true, required: ['host'], properties: { host: { type: 'string' } } }
  rejectsValue(schema, listing)
  rejectsValue(schema, { type: 'object', additionalProperties: true, properties: { config: listing } })
  rejectsValue(schema, { type: 'array', items: listing })
  rejectsParameters(schema, { config: { type: 'object', additionalProperties: true, properties: { inner: listing } } })
})

// DSL-42 (upstream): whether another value is refused or read as absent is open (OP-76).
check('DSL-42', 'a required marker other than true is refused', ({ schema }) => {
  for (const marker of [false, 'yes', 1, null]) {
    rejectsParameters(schema, { path: { type: 'string', required: marker } })
  }
  rejectsValue(schema, { type: 'object', additionalProperties: true, properties: { p: { type: 'string', required: false } } })
  // An object entry too: a value that is neither true nor a list of property names (OP-22's other side) is no marker.
  for (const marker of [false, 'yes']) {
    rejectsParameters(schema, { config: { type: 'object', additionalProperties: true, required: marker, properties: { host: { type: 'string' } } } })
  }
})

// A required marker is a parameter-map entry's key alone (ParameterPropertySpec): elsewhere it is outside the vocabulary.
check('DSL-08', 'a required marker on items, a oneOf branch or a value root is refused', ({ schema }) => {
  rejectsParameters(schema, { tags: { type: 'array', items: { type: 'string', required: true } } })
  rejectsParameters(schema, { id: { oneOf: [{ type: 'string', required: true }, { type: 'integer' }] } })
  rejectsValue(schema, { type: 'string', required: true })
})

check('DSL-03', 'an object spec carries additionalProperties: false, and true leaves it open', ({ schema }) => {
  // The seeds fix additionalProperties ("显式对象节点始终声明 additionalProperties"), not whether true is emitted or left
  // out (OP-24, DSL-34), nor whether an object spec without properties emits an empty properties record (DSL-32).
  const open = schema.valueSchemaSpecToJsonSchema({ type: 'object', additionalProperties: true })
  expectOpenObject(open)
  expect(
    $Object.keys(open).filter((k) => k !== 'type' && k !== 'additionalProperties' && k !== 'properties'),
    'no other keyword is emitted',
  ).toEqual([])
  if ('properties' in open) expect(open.properties, 'an emitted properties record is empty').toEqual({})
  expectUpstreamObjectShape(open)
  const closed = schema.valueSchemaSpecToJsonSchema({ type: 'object', additionalProperties: false, properties: {} })
  expect(closed.type).toBe('object')
  expect(closed.additionalProperties, 'false is carried into the schema').toBe(false)
  expect(closed.properties ?? {}).toEqual({})
  expectUpstreamEncoding(closed, { type: 'object', additionalProperties: false, properties: {} })
})

check('DSL-03', 'an object spec whose additionalProperties is not a boolean is refused', ({ schema }) => {
  for (const additionalProperties of ['no', 0, null, {}]) {
    rejectsValue(schema, { type: 'object', additionalProperties })
    rejectsParameters(schema, { options: { type: 'object', additionalProperties, properties: {} } })
  }
})

// Whether a missing additionalProperties, or a missing type, is refused at run time is open (OP-23, OP-25): upstream refuses both.
check('DSL-35', 'an object spec without additionalProperties is refused', ({ schema }) => {
  rejectsValue(schema, { type: 'object' })
  rejectsValue(schema, { type: 'object', properties: { a: { type: 'string' } } })
  rejectsParameters(schema, { options: { type: 'object', properties: {} } })
})

check('DSL-35', 'a spec with neither type nor oneOf is refused', ({ schema }) => {
  rejectsValue(schema, {})
  rejectsValue(schema, { description: 'no type' })
  rejectsParameters(schema, { x: { title: 'no type' } })
})

check('DSL-32', 'an object spec without properties emits no properties key', ({ schema }) => {
  expect(schema.valueSchemaSpecToJsonSchema({ type: 'object', additionalProperties: true })).toEqual({ type: 'object', additionalProperties: true })
  expect(schema.valueSchemaSpecToJsonSchema({ type: 'object', additionalProperties: false, title: 't' })).toEqual({
    type: 'object',
    additionalProperties: false,
    title: 't',
  })
})

check('DSL-04', 'json compiles to an annotation-only node that accepts any lossless JSON value', ({ schema }) => {
  const json = schema.valueSchemaSpecToJsonSchema({ type: 'json', description: 'anything' })
  const bare = schema.valueSchemaSpecToJsonSchema({ type: 'json' })

  expect(json).toEqual({ description: 'anything' })
  expect('type' in json).toBe(false)
  expect(bare).toEqual({})
  expect(schema.validateJsonSchemaValue(bare, { any: ['lossless', 1, null] })).toEqual([])
  expect(schema.validateJsonSchemaValue(json, [1, 'x', { y: [null] }])).toEqual([])
})

// DSL-34: the seeds let a raw node leave items out ("absent accepts any JSON item"), but never say a DSL array spec may;
// upstream accepts one and leaves items out (OP-24 names the encodings a registry may choose instead).
check('DSL-34', 'an array spec without items is accepted and compiles to { type: "array" }, which accepts any item', ({ schema }) => {
  const array = schema.valueSchemaSpecToJsonSchema({ type: 'array' })

  expect(array).toEqual({ type: 'array' })
  expect(schema.validateJsonSchemaValue(array, [1, 'x', { y: [null] }])).toEqual([])
})

check('DSL-05', 'oneOf compiles branch by branch', ({ schema }) => {
  const compiled = schema.valueSchemaSpecToJsonSchema({ oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'integer' } }], title: 'id' })

  expect(compiled.oneOf).toEqual([{ type: 'string' }, { type: 'array', items: { type: 'integer' } }])
  expect('type' in compiled).toBe(false)
  expectUpstreamEncoding(compiled, { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'integer' } }], title: 'id' })
})

check('DSL-05', 'oneOf beside type, a non-array oneOf and a one-branch oneOf are refused', ({ schema }) => {
  rejectsValue(schema, { type: 'string', oneOf: [{ type: 'string' }, { type: 'null' }] })
  rejectsValue(schema, { oneOf: { 0: { type: 'string' }, 1: { type: 'null' } } })
  rejectsValue(schema, { oneOf: [{ type: 'string' }] })
  // biome-ignore lint/suspicious/noSparseArray: a oneOf with a hole must be refused, so the test builds one.
  rejectsValue(schema, { oneOf: [{ type: 'string' }, , { type: 'null' }] })
})

/** Whether `compiled` admits `value`: no violations, returned or thrown (how the validator reports is OP-26's). */
function admits(schema: SchemaApi, compiled: JsonSchemaNode, value: unknown): boolean {
  return reportOf('JSV-16', () => schema.validateJsonSchemaValue(compiled, value)).length === 0
}

// DSL-06: the seeds fix what scalar enum and const allow, not how they are encoded (emitted as given is DSL-34's).
check('DSL-06', 'scalar enum and const admit exactly the values they allow', ({ schema }) => {
  const both = schema.valueSchemaSpecToJsonSchema({ type: 'string', enum: ['r', 'w'], const: 'r' })
  const single = schema.valueSchemaSpecToJsonSchema({ type: 'integer', const: 3 })
  const listed = schema.valueSchemaSpecToJsonSchema({ type: 'string', enum: ['r', 'w'] })
  const nothing = schema.valueSchemaSpecToJsonSchema({ type: 'null', enum: [null] })

  expect([admits(schema, both, 'r'), admits(schema, both, 'w'), admits(schema, both, 'x')]).toEqual([true, false, false])
  expect([admits(schema, single, 3), admits(schema, single, 4)]).toEqual([true, false])
  expect([admits(schema, listed, 'r'), admits(schema, listed, 'w'), admits(schema, listed, 'rw')]).toEqual([true, true, false])
  expect([admits(schema, nothing, null), admits(schema, nothing, 0)]).toEqual([true, false])
})

check('DSL-34', 'scalar enum and const are emitted as given', ({ schema }) => {
  expect(schema.valueSchemaSpecToJsonSchema({ type: 'string', enum: ['r', 'w'], const: 'r' })).toEqual({ type: 'string', enum: ['r', 'w'], const: 'r' })
  expect(schema.valueSchemaSpecToJsonSchema({ type: 'integer', const: 3 })).toEqual({ type: 'integer', const: 3 })
  expect(schema.valueSchemaSpecToJsonSchema({ type: 'null', enum: [null] })).toEqual({ type: 'null', enum: [null] })
})

check('DSL-06', 'mistyped enum and const are refused', ({ schema }) => {
  rejectsValue(schema, { type: 'string', enum: [1, 2] })
  rejectsValue(schema, { type: 'integer', enum: [1.5] })
  rejectsValue(schema, { type: 'boolean', enum: [true, 'false'] })
  rejectsValue(schema, { type: 'number', const: 'one' })
  rejectsParameters(schema, { mode: { type: 'string', enum: 'read' } })
})

// Whether an empty enum is allowed is open (OP-21): upstream refuses it, by the assertion the compilers emit through (JSS-22).
check('JSS-22', 'the compilers refuse an empty enum', ({ schema }) => {
  rejectsValue(schema, { type: 'boolean', enum: [] })
  rejectsParameters(schema, { mode: { type: 'string', enum: [] } })
})

// The seeds ask only that enum and const match the node type; that const must be one of the enum is upstream's (JSS-20).
check('JSS-20', 'the compilers refuse a const outside the enum', ({ schema }) => {
  rejectsValue(schema, { type: 'string', enum: ['a', 'b'], const: 'c' })
  rejectsParameters(schema, { mode: { type: 'integer', enum: [1, 2], const: 3 } })
})

// Whether annotations of kinds other than json reach the emitted schema is open (OP-24): upstream copies the own ones (DSL-34).
check('DSL-34', 'present annotations are emitted and absent ones are not', ({ schema }) => {
  const compiled = schema.valueSchemaSpecToJsonSchema({
    type: 'integer',
    description: 'line number',
    title: 'Line',
    default: 1,
    examples: [1, 20],
  })
  const plain = schema.valueSchemaSpecToJsonSchema({ type: 'integer' })

  expect(compiled).toEqual({ type: 'integer', description: 'line number', title: 'Line', default: 1, examples: [1, 20] })
  for (const key of ['description', 'title', 'default', 'examples']) expect(key in plain, `${key} is absent`).toBe(false)
})

check('DSL-07', 'non-lossless default/examples and non-string description/title are refused', ({ schema }) => {
  rejectsValue(schema, { type: 'json', default: undefined })
  rejectsValue(schema, { type: 'number', default: Number.NaN })
  rejectsValue(schema, { type: 'json', examples: [new Date(0)] })
  rejectsValue(schema, { type: 'string', description: 5 })
  rejectsValue(schema, { type: 'string', title: null })
})

check('DSL-08', 'keys outside the node vocabulary are refused', ({ schema }) => {
  rejectsValue(schema, { type: 'string', pattern: '^a' })
  rejectsValue(schema, { type: 'integer', minimum: 0 })
  rejectsValue(schema, { type: 'string', items: { type: 'string' } })
  rejectsValue(schema, { type: 'array', additionalProperties: false })
  rejectsValue(schema, { type: 'json', enum: [1] })
  rejectsValue(schema, { oneOf: [{ type: 'string' }, { type: 'null' }], enum: ['a'] })
  rejectsParameters(schema, { path: { type: 'string', $ref: '#/x' } })
})

// Whether such a spec is refused or compiled unconstrained is open (OP-25, upstream refuses it: DSL-35); it is one of the two.
check('DSL-08', 'a spec with neither type nor oneOf is refused with a schema rejection or compiles, never another error', ({ schema }) => {
  const compiles = (compile: () => unknown): void => {
    let compiled: unknown
    try {
      compiled = compile()
    } catch (error) {
      rejection(() => {
        throw error
      })
      return
    }
    expect(typeof compiled === 'object' && compiled !== null, 'a compiled spec is a schema object').toBe(true)
  }
  for (const spec of [{}, { description: 'no type' }, { title: 'T', default: 1, examples: [1] }]) {
    compiles(() => schema.valueSchemaSpecToJsonSchema(spec))
    compiles(() => schema.parameterSchemaSpecToJsonSchema({ x: spec }))
  }
})

check('DSL-08', 'an unknown type is refused', ({ schema }) => {
  rejectsValue(schema, { type: 'weird' })
  rejectsValue(schema, { type: 5 })
  rejectsValue(schema, { type: ['string', 'null'] })
  rejectsParameters(schema, { x: { type: 'any' } })
})

check('DSL-09', 'spec nodes that are not records of own enumerable string keys are refused', ({ schema }) => {
  const hidden = Object.defineProperty({ type: 'string' }, 'description', { value: 'x', enumerable: false })
  for (const node of [null, 'string', 5, [{ type: 'string' }], { type: 'string', [Symbol('k')]: 1 }, hidden]) {
    rejectsValue(schema, node)
    rejectsParameters(schema, { p: node })
  }
})

check('DSL-09', 'property maps that are not records of own enumerable string keys are refused', ({ schema }) => {
  for (const map of [null, 'p', [{ type: 'string' }], { p: { type: 'string' }, [Symbol('k')]: { type: 'string' } }]) {
    rejectsParameters(schema, map)
    rejectsValue(schema, { type: 'object', additionalProperties: true, properties: map })
  }
})

check('DSL-09', 'a property map with a non-enumerable key is refused, not compiled without it', ({ schema }) => {
  const hiddenKey = (): object => Object.defineProperty({ shown: { type: 'string' } }, 'hidden', { value: { type: 'number' }, enumerable: false })
  rejectsParameters(schema, hiddenKey())
  rejectsValue(schema, { type: 'object', additionalProperties: false, properties: hiddenKey() })
})

check('DSL-09', 'sparse spec arrays are refused', ({ schema }) => {
  const sparse = [{ type: 'string' }, { type: 'null' }]
  sparse.length = 3
  rejectsValue(schema, { oneOf: sparse })
  const holey: unknown[] = ['a']
  holey[2] = 'b'
  rejectsValue(schema, { type: 'string', enum: holey })
})

check('DSL-09', 'the same sub-spec reused by siblings compiles', ({ schema }) => {
  const shared = { type: 'string', description: 'shared' }
  const compiled = schema.parameterSchemaSpecToJsonSchema({ a: shared, b: shared })
  expect(compiled.properties).toEqual({ a: shared, b: shared })
  expectUpstreamEncoding(compiled, { type: 'object', properties: { a: shared, b: shared } })
  expect(
    schema.valueSchemaSpecToJsonSchema({
      oneOf: [
        { type: 'array', items: shared },
        { type: 'object', additionalProperties: true, properties: { s: shared } },
      ],
    }),
  ).toBeDefined()
})

// Records with another prototype, decorated arrays and specs containing themselves are open (OP-28): upstream refuses them (DSL-37).
check('DSL-37', 'class instances, Maps, decorated arrays and a spec containing itself are refused', ({ schema }) => {
  class Spec {
    type = 'string'
  }
  rejectsValue(schema, new Spec())
  rejectsParameters(schema, { p: new Spec() })
  rejectsParameters(schema, new Map([['p', { type: 'string' }]]))
  rejectsValue(schema, { type: 'object', additionalProperties: true, properties: new Map([['p', { type: 'string' }]]) })
  rejectsValue(schema, { oneOf: Object.assign([{ type: 'string' }, { type: 'null' }], { extra: true }) })
  rejectsValue(schema, { type: 'string', enum: Object.assign(['a'], { extra: true }) })
  const list: Record<string, unknown> = { type: 'array' }
  list.items = list
  const map: Record<string, unknown> = {}
  map.self = { type: 'object', additionalProperties: false, properties: map }
  rejectsValue(schema, list)
  rejectsParameters(schema, map)
})

// The seeds say only that a bad path is reported (and not how it is written, OP-20): that the compilers' own errors
// start with the offending node's path is JSS-18's, which also checks upstream's form.
check('JSS-18', 'compile errors start with the path of the offending node', ({ schema }) => {
  const value = rejectsValue(schema, {
    type: 'array',
    items: { type: 'object', additionalProperties: true, properties: { id: { oneOf: [{ type: 'string' }, { type: 'bogus' }] } } },
  })
  const parameters = rejectsParameters(schema, {
    config: { type: 'object', additionalProperties: false, properties: { port: { type: 'integer', required: false } } },
  })
  const root = rejectsValue(schema, { type: 'string', pattern: 'x' })

  // Paths compare after their root token (the seeds name no root and no syntax); upstream's
  // `schema…`/`parameters…` form is JSS-18's.
  expect(atOrBelowSchemaPath('schema.items.properties.id.oneOf[1]', value[0]!), value[0]).toBe(true)
  expect(atOrBelowSchemaPath('parameters.config.properties.port', parameters[0]!), parameters[0]).toBe(true)
  expect(atOrBelowSchemaPath('schema', root[0]!), root[0]).toBe(true)
  expectUpstreamPathForm(value)
  expectUpstreamPathForm(parameters, 'parameters')
  expectUpstreamPathForm(root)
})

check('JSS-18', 'an enum that is not a dense plain array is reported at its node', ({ schema }) => {
  for (const members of ['read', { 0: 'read' }, Object.assign(['read'], { extra: true })]) {
    const violations = rejectsValue(schema, { type: 'array', items: { type: 'string', enum: members } })
    expect(atOrBelowSchemaPath('schema.items', violations[0]!), $JSON.stringify(violations)).toBe(true)
    expectUpstreamPathForm(violations)
  }
})

check('DSL-10', 'a compiled schema outside the subset is reported with every violation', ({ schema }) => {
  const violations = rejectsParameters(schema, {
    mode: { type: 'string', enum: [1] },
    limit: { type: 'integer', const: 'ten' },
  })

  expect(violations.length).toBeGreaterThanOrEqual(2)
  expect(violations.some((v) => v.includes('mode'))).toBe(true)
  expect(violations.some((v) => v.includes('limit'))).toBe(true)
})

// The seeds give compilation no depth guarantee (the only depth they name is the 16-level inference
// bound); DSL-11 checks a nesting any recursive compiler survives, and the 5,000 levels upstream
// compiles without the call stack are JSS-11's.
check('DSL-11', 'a 100-level nested spec compiles intact', ({ schema }) => {
  expectNestedOneOfCompiles(schema, 100)
})

check('JSS-11', 'a 5,000-level nested spec compiles intact', ({ schema }) => {
  expectNestedOneOfCompiles(schema, nestingDepth(5000))
})

function expectNestedOneOfCompiles(schema: SchemaApi, levels: number): void {
  let node = schema.valueSchemaSpecToJsonSchema(nestedOneOf(levels)) as JsonSchemaNode
  let depth = 0
  let intact = true
  while (node.oneOf !== undefined) {
    intact &&= node.oneOf.length === 2 && node.oneOf[0]?.type === 'null' && $Object.keys(node).length === 1
    node = node.oneOf[1]!
    depth += 1
  }

  expect(intact, 'every level is { oneOf: [{ type: "null" }, <next>] }').toBe(true)
  expect(depth).toBe(levels)
  expect(node).toEqual({ type: 'string' })
}

// Reporting a wrong leaf 5,000 levels down walks every level, as accepting a valid chain does. Accepting
// one is checked in dsl.deep-args.test.ts, a file of its own: upstream's validator re-walks every subtree it
// accepts, so a valid 5,000-level chain takes it 10 s or more, and in its own file that runs in parallel.
check('DSL-11', 'nested property maps compile and validate', ({ schema }) => {
  const nested = nestedPropertyMap(50, 7)
  const shallow = nestedPropertyMap(50, 'x')

  expect(() => schema.parameterSchemaSpecToJsonSchema(nested.spec)).not.toThrow()
  const violations = argsReport(schema, nested.spec, nested.args)
  expect(violations, 'the wrong leaf at the bottom is reported').not.toHaveLength(0)
  // That the violations name the leaf is upstream's reporting form (OP-26, DSL-38).
  incidental('DSL-38', () =>
    expect(
      violations.every((v) => v.includes('leaf')),
      $JSON.stringify(violations),
    ).toBe(true),
  )
  expect(argsReport(schema, shallow.spec, shallow.args)).toEqual([])
})

check('JSS-11', 'a 5,000-level property map compiles', ({ schema }) => {
  expect(() => schema.parameterSchemaSpecToJsonSchema(nestedPropertyMap(nestingDepth(5000), 7).spec)).not.toThrow()
})

check('JSV-14', 'validateArgs reports a wrong leaf under a 5,000-level property map', ({ schema }) => {
  const deep = nestedPropertyMap(nestingDepth(5000), 7)
  const shallow = nestedPropertyMap(50, 'x')
  const violations = schema.validateArgs(deep.spec, deep.args)
  expect(violations, 'exactly the wrong leaf at the bottom is reported').toHaveLength(1)
  expect(violations[0]).toContain('leaf')
  expect(schema.validateArgs(shallow.spec, shallow.args)).toEqual([])
})

check('DSL-11', 'a property named __proto__ stays an own property and can be required', ({ schema }) => {
  const spec = $JSON.parse('{"__proto__": {"type": "string", "required": true}, "other": {"type": "integer"}}') as unknown
  const compiled = schema.parameterSchemaSpecToJsonSchema(spec)
  const properties = compiled.properties as Record<string, unknown>

  expect($Object.hasOwn(properties, '__proto__')).toBe(true)
  expect($Object.getOwnPropertyDescriptor(properties, '__proto__')?.value).toEqual({ type: 'string' })
  expect($Object.keys(properties)).toEqual(['__proto__', 'other'])
  expect(compiled.required).toEqual(['__proto__'])
  expect(argsReport(schema, spec, $JSON.parse('{"__proto__": "x"}'))).toEqual([])
  expect(argsReport(schema, spec, {}).length).toBeGreaterThan(0)
})

check(['DSL-09', 'DSL-11'], 'null-prototype specs compile like ordinary ones, a required key named __proto__ included', ({ schema }) => {
  const map = Object.create(null) as Record<string, unknown>
  // biome-ignore lint/suspicious/noProto: on a null-prototype object this defines an own key named __proto__, the key under test.
  map.__proto__ = { type: 'string', required: true }
  const compiled = schema.parameterSchemaSpecToJsonSchema(map)
  const properties = compiled.properties as Record<string, unknown>

  expect($Object.hasOwn(properties, '__proto__')).toBe(true)
  expect($Object.getOwnPropertyDescriptor(properties, '__proto__')?.value).toEqual({ type: 'string' })
  expect(compiled.required).toEqual(['__proto__'])
  const node = Object.assign(Object.create(null) as object, { type: 'string', description: 'bare' })
  expect(schema.valueSchemaSpecToJsonSchema(node)).toEqual({ type: 'string', description: 'bare' })
})

check('DSL-11', 'a property named __proto__ is emitted as an enumerable own data property', ({ schema }) => {
  const spec = $JSON.parse('{"__proto__": {"type": "string"}}') as unknown
  const properties = schema.parameterSchemaSpecToJsonSchema(spec).properties as Record<string, unknown>
  const nested = schema.valueSchemaSpecToJsonSchema({ type: 'object', additionalProperties: false, properties: spec }).properties as Record<string, unknown>

  for (const map of [properties, nested]) {
    // Writable and configurable are not pinned: a registry may freeze what it emits.
    const descriptor = $Object.getOwnPropertyDescriptor(map, '__proto__')
    expect(descriptor).toMatchObject({ value: { type: 'string' }, enumerable: true })
    expect(descriptor?.get ?? descriptor?.set, 'a data property, not an accessor').toBeUndefined()
  }
})

check('DSL-12', 'every kind of value root compiles to a schema of the subset', ({ schema }) => {
  const roots: [unknown, JsonSchemaNode][] = [
    [{ type: 'string' }, { type: 'string' }],
    [{ type: 'null' }, { type: 'null' }],
    [{ type: 'number' }, { type: 'number' }],
    [{ type: 'integer' }, { type: 'integer' }],
    [
      { type: 'number', enum: [0.5, 2] },
      { type: 'number', enum: [0.5, 2] },
    ],
    [
      { type: 'integer', const: 3 },
      { type: 'integer', const: 3 },
    ],
    [
      { type: 'boolean', const: true },
      { type: 'boolean', const: true },
    ],
    [
      { type: 'array', items: { type: 'number' } },
      { type: 'array', items: { type: 'number' } },
    ],
    // How an object spec marks requiredness is open (OP-22, DSL-36), so this one marks none.
    [
      { type: 'object', additionalProperties: false, properties: { n: { type: 'integer' } } },
      { type: 'object', additionalProperties: false, properties: { n: { type: 'integer' } } },
    ],
    [{ type: 'json' }, {}],
    [{ oneOf: [{ type: 'string' }, { type: 'null' }] }, { oneOf: [{ type: 'string' }, { type: 'null' }] }],
  ]
  for (const [spec, expected] of roots) {
    const compiled = schema.valueSchemaSpecToJsonSchema(spec)
    // Inside the subset is DSL-12's; the exact encoding is open (OP-24), upstream's DSL-34's.
    expectUpstreamEncoding(compiled, expected)
    expect(() => schema.assertSupportedJsonSchema(compiled)).not.toThrow()
  }
})

check('DSL-30', 'compiled schemas hold no undefined keys and survive a JSON round trip unchanged', ({ schema }) => {
  const roots: unknown[] = [
    { type: 'string' },
    { type: 'integer', enum: [1, 2] },
    { type: 'boolean', const: true },
    { type: 'null' },
    { type: 'array', items: { type: 'number', description: 'n' } },
    { type: 'object', additionalProperties: false, properties: { s: { type: 'string' }, n: { type: 'number' } } },
    { type: 'json', title: 't' },
    { oneOf: [{ type: 'string' }, { type: 'integer' }] },
  ]
  const compiled = [
    ...roots.map((root) => schema.valueSchemaSpecToJsonSchema(root)),
    schema.parameterSchemaSpecToJsonSchema({ q: { type: 'string', required: true }, n: { type: 'integer' }, flag: { type: 'boolean', default: false } }),
  ]
  for (const node of compiled) expect($JSON.parse($JSON.stringify(node)), $JSON.stringify(node)).toStrictEqual(node)
})

check('DSL-30', 'schemas() projects the parameters of a defineTool tool as compiled', ({ schema, tools }) => {
  const parameters = { q: { type: 'string', required: true }, limit: { type: 'integer' }, mode: { type: 'string', enum: ['a', 'b'] } }
  tools.register(schema.defineTool(toolOptions({ name: 'search', parameters })))

  const projected = tools.schemas().find((entry) => entry.name === 'search')

  expect(projected?.parameters).toStrictEqual(schema.parameterSchemaSpecToJsonSchema(parameters))
})

// ---- validateArgs ------------------------------------------------------------

const FILE_SPEC = {
  path: { type: 'string', required: true },
  config: { type: 'object', additionalProperties: true, properties: { host: { type: 'string', required: true } } },
  tags: { type: 'array', items: { type: 'string' } },
  servers: {
    type: 'array',
    items: { type: 'object', additionalProperties: false, properties: { host: { type: 'string', required: true } } },
  },
}

/** FILE_SPEC without markers inside object specs (OP-22 leaves how they mark requiredness open). */
const ARGS_SPEC = {
  path: { type: 'string', required: true },
  config: { type: 'object', additionalProperties: true, properties: { host: { type: 'string' } } },
  tags: { type: 'array', items: { type: 'string' } },
  servers: { type: 'array', items: { type: 'object', additionalProperties: false, properties: { host: { type: 'string' } } } },
}

check('DSL-13', 'conforming arguments pass, extra root keys included', ({ schema }) => {
  expect(argsReport(schema, ARGS_SPEC, { path: 'a.txt' })).toEqual([])
  expect(argsReport(schema, ARGS_SPEC, { path: 'a.txt', tags: ['x'], servers: [{ host: 'h' }], config: { host: 'h', more: 1 } })).toEqual([])
  expect(argsReport(schema, ARGS_SPEC, { path: 'a.txt', unknown: true })).toEqual([])
})

// How validateArgs reports is open (OP-26): that its violations name the argument path is DSL-38's.
check('DSL-38', 'violations name the offending path', ({ schema }) => {
  const violations = schema.validateArgs(ARGS_SPEC, { config: { host: 5 }, tags: ['a', 2], servers: [{ host: 'h' }, { host: 1 }] })

  for (const path of ['path', 'config.host', 'tags[1]', 'servers[1].host']) {
    expect(
      violations.some((v) => v.includes(path)),
      `a violation names ${path}: ${$JSON.stringify(violations)}`,
    ).toBe(true)
  }
})

check('DSL-13', 'a non-object argument root fails', ({ schema }) => {
  for (const args of [5, 'x', null, true, ['path'], undefined]) {
    expect(argsReport(schema, {}, args).length, `validateArgs({}, ${$JSON.stringify(args)})`).toBeGreaterThan(0)
  }
})

check('DSL-13', 'defaults are not applied: a required key missing or holding undefined fails', ({ schema }) => {
  const spec = { limit: { type: 'integer', default: 10, required: true } }
  const args: Record<string, unknown> = {}

  const missing = argsReport(schema, spec, args)
  expect(missing.length, 'a missing required key fails').toBeGreaterThan(0)
  expect('limit' in args, 'validation does not write defaults into the arguments').toBe(false)
  const held = argsReport(schema, spec, { limit: undefined })
  expect(held.length, 'a required key holding undefined fails').toBeGreaterThan(0)
  // Reporting both as the missing key, by its name, is upstream's (DSL-38).
  incidental('DSL-38', () =>
    expect([...missing, ...held].filter((v) => v.includes('limit')).length, $JSON.stringify([missing, held])).toBeGreaterThanOrEqual(2),
  )
})

check('DSL-38', 'an invalid spec throws a schema rejection on every call', ({ schema }) => {
  for (let i = 0; i < 2; i++) {
    rejection(() => schema.validateArgs({ x: { type: 'weird' } }, {}))
    rejection(() => schema.validateArgs({ mode: { type: 'string', enum: [1] } }, { mode: 'a' }))
  }
})

/** Arguments a validator must not accept: a throwing ownKeys trap, a throwing getter, a bigint item. */
function hostileArguments(): unknown[] {
  const hostile = new Proxy(
    {},
    {
      ownKeys() {
        throw new Error('trap')
      },
      get() {
        throw new Error('trap')
      },
    },
  )
  const getter = Object.defineProperty({}, 'path', {
    enumerable: true,
    get() {
      throw new Error('getter')
    },
  })
  return [hostile, getter, { path: 'p', tags: [1n] }]
}

check('DSL-13', 'hostile arguments are never accepted', ({ schema }) => {
  for (const args of hostileArguments()) expect(argsReport(schema, ARGS_SPEC, args).length).toBeGreaterThan(0)
})

check('DSL-38', 'hostile arguments give violations instead of a throw', ({ schema }) => {
  for (const args of hostileArguments()) expect(schema.validateArgs(FILE_SPEC, args).length).toBeGreaterThan(0)
})

/**
 * DSL-13: `spec` accepts `valid`, and replacing any one key of it by its entry
 * in `wrong` fails; that the violations all name that key's path is DSL-38's.
 */
function expectEachViolationNamed(
  schema: SchemaApi,
  spec: Record<string, unknown>,
  valid: Record<string, unknown>,
  wrong: Record<string, readonly [unknown, string]>,
): void {
  expect(argsReport(schema, spec, valid), 'the valid arguments').toEqual([])
  for (const [key, [value, path]] of $Object.entries(wrong)) {
    const violations = argsReport(schema, spec, { ...valid, [key]: value })
    const label = `${key}: ${$JSON.stringify(value)} gave ${$JSON.stringify(violations)}`
    expect(violations.length, label).toBeGreaterThan(0)
    incidental('DSL-38', () =>
      expect(
        violations.every((v) => v.includes(path)),
        label,
      ).toBe(true),
    )
  }
}

const SCALAR_SPEC = {
  text: { type: 'string' },
  amount: { type: 'number' },
  count: { type: 'integer' },
  flag: { type: 'boolean' },
  nothing: { type: 'null' },
  color: { type: 'string', enum: ['red', 'green'] },
  level: { type: 'number', enum: [1, 2] },
}

check('DSL-13', 'validateArgs type-checks every scalar property and enforces enum membership', ({ schema }) => {
  // That an integer node refuses 1.5 is JSV-07's.
  integerRefusesFractions(schema)
  expectEachViolationNamed(
    schema,
    SCALAR_SPEC,
    { text: 'x', amount: 1.5, count: 2, flag: false, nothing: null, color: 'red', level: 2 },
    {
      text: [1, 'text'],
      amount: ['1', 'amount'],
      count: [1.5, 'count'],
      flag: ['false', 'flag'],
      nothing: [0, 'nothing'],
      color: ['blue', 'color'],
      level: [3, 'level'],
    },
  )
  expect(argsReport(schema, SCALAR_SPEC, {}), 'absent optional properties').toEqual([])
})

const CONTAINER_SPEC = {
  config: {
    type: 'object',
    additionalProperties: true,
    required: true,
    properties: { host: { type: 'string' }, port: { type: 'number' } },
  },
  bag: { type: 'object', additionalProperties: true },
  tags: { type: 'array', items: { type: 'string' } },
  raw: { type: 'array' },
}

check('DSL-13', 'validateArgs type-checks objects without properties and arrays without items, and recurses into the others', ({ schema }) => {
  expectEachViolationNamed(
    schema,
    CONTAINER_SPEC,
    { config: { host: 'h', port: 1, extra: true }, bag: { anything: [1, { deep: null }] }, tags: ['a', 'b'], raw: [1, {}, 'x', null] },
    {
      config: [{ host: 9 }, 'config.host'],
      bag: [5, 'bag'],
      tags: ['nope', 'tags'],
      raw: [{ 0: 1 }, 'raw'],
    },
  )
  const bag = argsReport(schema, CONTAINER_SPEC, { config: { host: 'h' }, bag: [] })
  const tags = argsReport(schema, CONTAINER_SPEC, { config: { host: 'h' }, tags: ['a', 2] })
  expect(bag.length, 'an array is not an object').toBeGreaterThan(0)
  expect(tags.length, 'item 1 is checked').toBeGreaterThan(0)
  incidental('DSL-38', () => {
    expect(
      bag.some((v) => v.includes('bag')),
      $JSON.stringify(bag),
    ).toBe(true)
    expect(
      tags.some((v) => v.includes('tags[1]')),
      $JSON.stringify(tags),
    ).toBe(true)
  })
})

// ---- defineTool --------------------------------------------------------------

/** A thrown value's `code`, read defensively. */
function codeOf(error: unknown): unknown {
  try {
    return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  } catch {
    return undefined
  }
}

check('DSL-14', 'a defineTool tool fails on invalid arguments with INVALID_ARGS, through the ordinary error path', async ({ schema, tools }) => {
  const { definition, calls } = countingTool(schema, ARGS_SPEC)
  const args = { tags: [1] }

  const settled = await outcome(() => definition.execute(args, ANY_CONTEXT))
  expect(settled.ok, 'the body is not entered').toBe(false)
  const error = (settled as { error: unknown }).error
  expect(codeOf(error)).toBe('INVALID_ARGS')
  // Its name and violations are upstream's (DSL-39).
  incidental('DSL-39', () => {
    expect((error as { name?: unknown }).name).toBe('ToolArgsError')
    expect((error as { violations?: unknown }).violations).toEqual(schema.validateArgs(ARGS_SPEC, args))
  })
  tools.register(definition)
  const result = await tools.execute(call('read', args))
  expect(result.isError, 'the call settles as a failure result').toBe(true)
  expect(calls).toEqual([])
})

check('DSL-39', 'a defineTool body rejects invalid arguments with a ToolArgsError carrying the validateArgs violations', async ({ schema }) => {
  const { definition } = countingTool(schema, FILE_SPEC)
  const args = { config: {}, tags: [1] }

  const settled = await outcome(() => definition.execute(args, ANY_CONTEXT))

  expect(settled.ok).toBe(false)
  const error = (settled as { error: { name?: unknown; code?: unknown; violations?: unknown } }).error
  expect(error.name).toBe('ToolArgsError')
  expect(error.code).toBe('INVALID_ARGS')
  expect(error.violations).toEqual(schema.validateArgs(FILE_SPEC, args))
})

check('DSL-15', 'execute validates before the body and passes valid arguments through', async ({ schema }) => {
  const { definition, calls } = countingTool(schema, ARGS_SPEC)

  const invalid = await outcome(() => definition.execute({ tags: 'nope' }, ANY_CONTEXT))
  const valid = await outcome(() => definition.execute({ path: 'a.txt' }, ANY_CONTEXT))

  expect(invalid.ok).toBe(false)
  expect(valid).toEqual({ ok: true, value: 'ran' })
  expect(calls).toEqual([{ path: 'a.txt' }])
})

/** An author callback that records the arguments of each call and returns `returned`. */
function recording(returned: unknown): { readonly callback: (...args: unknown[]) => unknown; readonly calls: unknown[][] } {
  const calls: unknown[][] = []
  const callback = (...args: unknown[]): unknown => {
    calls.push(args)
    return returned
  }
  return { callback, calls }
}

/**
 * DSL-15: `callback`, which the definition carries for `author`, forwards to
 * it: one call with the same two arguments, and the author's result is what
 * it returns. The seeds pin no identity, so a forwarding closure is as good
 * as the author's own function.
 */
function expectForwards(label: string, callback: unknown, author: ReturnType<typeof recording>, returned: unknown): void {
  expect(typeof callback, `${label} is a function`).toBe('function')
  const [first, second] = [{ first: label }, { second: label }]
  expect((callback as (a: unknown, b: unknown) => unknown)(first, second), `${label} returns the author's result`).toBe(returned)
  expect(author.calls.length, `${label}: author calls`).toBe(1)
  expect(author.calls[0]![0], `${label}: first argument`).toBe(first)
  expect(author.calls[0]![1], `${label}: second argument`).toBe(second)
}

check('DSL-15', 'the definition carries compiled schemas and the author callbacks', ({ schema }) => {
  const rendered = [{ type: 'text', text: 'x' }]
  const render = recording(rendered)
  const outputSpec = { type: 'object', additionalProperties: false, properties: { size: { type: 'integer' } } }
  const definition = schema.defineTool(toolOptions({ output: { schema: outputSpec, render: render.callback } }))

  expect(definition.name).toBe('read')
  expect(definition.description).toBe('reads a file')
  expect(definition.parameters).toEqual(schema.parameterSchemaSpecToJsonSchema({ path: { type: 'string', required: true } }))
  expect(definition.output.schema).toEqual(schema.valueSchemaSpecToJsonSchema(outputSpec))
  expectForwards('output.render', definition.output.render, render, rendered)
  // Leaving out what the author did not give is upstream's (DSL-40).
  incidental('DSL-40', () => {
    expect('presentationMeta' in definition.output, 'no presentationMeta key').toBe(false)
    expect('timeoutMs' in definition, 'no timeoutMs key').toBe(false)
  })
})

// The seeds bind execute, render and presentationMeta through defineTool, not finalizeContent: forwarding it is upstream's (DSL-40).
check('DSL-40', 'defineTool forwards finalizeContent and leaves out presentationMeta and timeoutMs not given', ({ schema }) => {
  const finalized = [{ type: 'text', text: 'final' }]
  const finalizeContent = recording(finalized)
  const definition = schema.defineTool(toolOptions({ finalizeContent: finalizeContent.callback }))

  expectForwards('finalizeContent', definition.finalizeContent, finalizeContent, finalized)
  expect('presentationMeta' in definition.output).toBe(false)
  expect('timeoutMs' in definition).toBe(false)
})

check('DSL-15', 'presentationMeta and timeoutMs are kept when given', ({ schema }) => {
  const meta = { shown: true }
  const presentationMeta = recording(meta)
  const definition = schema.defineTool(
    toolOptions({ output: { schema: { type: 'json' }, render: renderJson, presentationMeta: presentationMeta.callback }, timeoutMs: 1500 }),
  )

  expectForwards('output.presentationMeta', definition.output.presentationMeta, presentationMeta, meta)
  expect(definition.timeoutMs).toBe(1500)
})

// The seeds put the timeoutMs check on the registry ("注册表…检查 `timeoutMs` 必须为正有限值"): a bad
// timeoutMs may be refused by defineTool or by register() of what it returns. defineTool refusing it
// itself, as upstream does, is DSL-33's.
check('DSL-15', 'a timeoutMs that is not a positive finite number is refused by defineTool or at registration', ({ schema, tools }) => {
  for (const timeoutMs of [0, -5, Number.NaN, Number.POSITIVE_INFINITY, '100']) {
    let refused = false
    try {
      const definition = schema.defineTool(toolOptions({ name: 'timed', timeoutMs }))
      try {
        tools.register(definition)
      } catch {
        refused = true
      }
    } catch {
      refused = true
    }
    expect(refused, `timeoutMs ${String(timeoutMs)} is refused`).toBe(true)
  }
  expect(() => tools.register(schema.defineTool(toolOptions({ name: 'timed_ok', timeoutMs: 0.5 })))).not.toThrow()
})

check('DSL-33', 'defineTool itself refuses a timeoutMs that is not a positive finite number', ({ schema }) => {
  for (const timeoutMs of [0, -5, Number.NaN, Number.POSITIVE_INFINITY, '100']) {
    expect(() => schema.defineTool(toolOptions({ timeoutMs })), `timeoutMs ${String(timeoutMs)}`).toThrow()
  }
  expect(() => schema.defineTool(toolOptions({ timeoutMs: 0.5 }))).not.toThrow()
})

check('DSL-15', 'invalid parameter or output specs make defineTool throw UNSUPPORTED_SCHEMA', ({ schema }) => {
  rejection(() => schema.defineTool(toolOptions({ parameters: { path: { type: 'text' } } })))
  rejection(() => schema.defineTool(toolOptions({ output: { schema: { type: 'object' }, render: renderJson } })))
})

// Parameters inside the subset: whether ones outside it may be registered is REG-08's.
check('DSL-16', 'a raw definition runs its body on arguments that contradict its parameters, unvalidated', async ({ tools }) => {
  const probe = probeTool('mcp_search', {
    parameters: {
      type: 'object',
      properties: { q: { type: 'string', enum: ['a', 'b'] } },
      required: ['q'],
      additionalProperties: false,
    },
  })
  tools.register(probe.definition)

  const result = await tools.execute(call('mcp_search', { q: 42, other: [1] }))

  expectSuccess(result)
  expect(probe.bodyArgs).toEqual([{ q: 42, other: [1] }])
})

// ---- DSL-20: property obligations ----------------------------------------------

type Spec = Record<string, unknown>

const KEYS = ['alpha', 'beta', 'gamma', '__proto__'] as const
const RUNS = { seed: 20_240_503, numRuns: 100 }

/** Builds an object with own data properties, `__proto__` included. */
function record(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of entries) Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true })
  return out
}

const leafSpec: fc.Arbitrary<Spec> = fc.oneof(
  fc.constant({ type: 'string' }),
  fc.constant({ type: 'integer' }),
  fc.constant({ type: 'number', description: 'n' }),
  fc.constant({ type: 'boolean' }),
  fc.constant({ type: 'null' }),
  fc.constant({ type: 'string', enum: ['r', 'w', 'x'] }),
  fc.constant({ type: 'integer', const: 7 }),
  fc.constant({ type: 'json' }),
  fc.constant({ type: 'array' }),
)

/**
 * Specs up to `depth` container levels; oneOf branches have pairwise disjoint types so a generated value matches exactly one.
 * `nestedMarks`: whether the properties of object specs carry required markers (how they mark requiredness is open, OP-22).
 */
function specOf(depth: number, nestedMarks: boolean): fc.Arbitrary<Spec> {
  if (depth === 0) return leafSpec
  const inner = specOf(depth - 1, nestedMarks)
  const branches = fc
    .tuple(
      fc.constant({ type: 'string' }),
      fc.constant({ type: 'boolean' }),
      fc.constant({ type: 'null' }),
      inner.map((items) => ({ type: 'array', items })),
      mapOf(depth - 1, nestedMarks, nestedMarks).map((properties) => ({ type: 'object', additionalProperties: true, properties })),
    )
    .chain((all) => fc.subarray(all, { minLength: 2 }))
  return fc.oneof(
    { arbitrary: leafSpec, weight: 3 },
    inner.map((items) => ({ type: 'array', items })),
    fc
      .tuple(mapOf(depth - 1, nestedMarks, nestedMarks), fc.boolean())
      .map(([properties, open]) => ({ type: 'object', additionalProperties: open, properties })),
    branches.map((oneOf) => ({ oneOf })),
  )
}

/** Property maps with `required: true` on some entries when `marks`; `nestedMarks` as for {@link specOf}. */
function mapOf(depth: number, marks: boolean, nestedMarks: boolean): fc.Arbitrary<Spec> {
  return fc
    .uniqueArray(fc.tuple(fc.constantFrom(...KEYS), specOf(depth, nestedMarks), fc.boolean()), { selector: ([key]) => key, maxLength: 4 })
    .map((entries) => record(entries.map(([key, spec, required]) => [key, marks && required ? { ...spec, required: true } : spec])))
}

/** Parameter maps marking requiredness at the root only: the must rules' vocabulary (OP-22). */
const rootMarkedMap = mapOf(2, true, false)
/** Parameter maps marking requiredness at every level, as upstream's object specs do (DSL-36). */
const everyLevelMarkedMap = mapOf(2, true, true)

const jsonData = fc.jsonValue({ maxDepth: 2 }).map((v) => $JSON.parse($JSON.stringify(v)) as unknown)

/** Values conforming to `spec`. */
function conformingValue(spec: Spec): fc.Arbitrary<unknown> {
  if ($Array.isArray(spec.oneOf)) return fc.oneof(...(spec.oneOf as Spec[]).map(conformingValue))
  if (spec.const !== undefined) return fc.constant(spec.const)
  if ($Array.isArray(spec.enum)) return fc.constantFrom(...(spec.enum as unknown[]))
  switch (spec.type) {
    case 'string':
      return fc.string({ maxLength: 5 })
    case 'integer':
      return fc.integer()
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !$Object.is(n, -0))
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return fc.array(spec.items === undefined ? jsonData : conformingValue(spec.items as Spec), { maxLength: 3 })
    case 'object': {
      const value = argsOf((spec.properties ?? {}) as Spec)
      if (spec.additionalProperties !== true) return value
      return fc.tuple(value, fc.boolean()).map(([v, extra]) => (extra ? record([...Object.entries(v as object), ['extra', 1]]) : v))
    }
    default:
      return jsonData
  }
}

/** Arguments conforming to a property map: required keys always, optional ones sometimes. */
function argsOf(map: Spec): fc.Arbitrary<unknown> {
  const entries = $Object.keys(map).map((key) => {
    const spec = map[key] as Spec
    const value = conformingValue(spec)
    return spec.required === true
      ? value.map((v) => [[key, v]] as [string, unknown][])
      : fc.option(
          value.map((v) => [[key, v]] as [string, unknown][]),
          { nil: [] },
        )
  })
  return fc.tuple(...entries).map((parts) => record(parts.flat()))
}

const specWithArgs = rootMarkedMap.chain((spec) => argsOf(spec).map((args) => ({ spec, args })))

/** Every (property map, compiled object node) pair, root first. */
function mapsOf(spec: Spec, compiled: JsonSchemaNode): [Spec, JsonSchemaNode][] {
  const pairs: [Spec, JsonSchemaNode][] = []
  const stack: [Spec, JsonSchemaNode, boolean][] = [[spec, compiled, true]]
  while (stack.length > 0) {
    const [node, out, isMap] = stack.pop()!
    if (isMap) {
      pairs.push([node, out])
      for (const key of $Object.keys(node)) stack.push([node[key] as Spec, out.properties?.[key] as JsonSchemaNode, false])
    } else if ($Array.isArray(node.oneOf)) {
      for (const [i, branch] of node.oneOf.entries()) stack.push([branch as Spec, out.oneOf![i]!, false])
    } else if (node.type === 'array' && node.items !== undefined) {
      stack.push([node.items as Spec, out.items!, false])
    } else if (node.type === 'object' && node.properties !== undefined) {
      stack.push([node.properties as Spec, out, true])
    }
  }
  return pairs
}

/** Dotted paths of the required keys reachable through plain object nesting in `args`. */
function requiredPaths(map: Spec, args: Record<string, unknown>, prefix = ''): string[] {
  const paths: string[] = []
  for (const key of $Object.keys(map)) {
    const spec = map[key] as Spec
    const path = prefix + key
    if (spec.required === true) paths.push(path)
    const value = $Object.getOwnPropertyDescriptor(args, key)?.value as unknown
    if (spec.type === 'object' && spec.properties !== undefined && typeof value === 'object' && value !== null) {
      paths.push(...requiredPaths(spec.properties as Spec, value as Record<string, unknown>, `${path}.`))
    }
  }
  return paths
}

/** A deep copy of `args` without the key at dotted `path`. */
function without(args: unknown, path: string): unknown {
  const copy = $JSON.parse($JSON.stringify(args)) as Record<string, unknown>
  const keys = path.split('.')
  let target = copy
  for (const key of keys.slice(0, -1)) target = $Object.getOwnPropertyDescriptor(target, key)!.value as Record<string, unknown>
  delete target[keys[keys.length - 1]!]
  return copy
}

check('DSL-20', "generated specs compile, and the root's required set is exactly its required: true keys", ({ schema }) => {
  fc.assert(
    fc.property(rootMarkedMap, (spec) => {
      const compiled = schema.parameterSchemaSpecToJsonSchema(spec)
      const marked = $Object.keys(spec).filter((key) => (spec[key] as Spec).required === true)
      expect(requiredSet(compiled)).toEqual([...marked].sort())
    }),
    RUNS,
  )
})

// Required lists at every level are upstream's (DSL-36); their declaration order, and leaving an empty one out, DSL-34's.
check('DSL-36', 'generated specs compile, and every level keeps exactly its required: true keys', ({ schema }) => {
  fc.assert(
    fc.property(everyLevelMarkedMap, (spec) => {
      for (const [map, compiled] of mapsOf(spec, schema.parameterSchemaSpecToJsonSchema(spec))) {
        const marked = $Object.keys(map).filter((key) => (map[key] as Spec).required === true)
        expect(requiredSet(compiled)).toEqual([...marked].sort())
        incidental('DSL-34', () => {
          expect(compiled.required ?? [], 'in declaration order (DSL-34)').toEqual(marked)
          if (marked.length === 0) expect('required' in compiled, 'an empty required list is left out (DSL-34)').toBe(false)
        })
      }
    }),
    RUNS,
  )
})

check('DSL-20', 'generated conforming arguments pass', ({ schema }) => {
  fc.assert(
    fc.property(specWithArgs, ({ spec, args }) => {
      expect(argsReport(schema, spec, args)).toEqual([])
    }),
    RUNS,
  )
})

check('DSL-20', 'dropping any required key fails', ({ schema }) => {
  fc.assert(
    fc.property(specWithArgs, ({ spec, args }) => {
      for (const path of requiredPaths(spec, args as Record<string, unknown>)) {
        const violations = argsReport(schema, spec, without(args, path))
        expect(violations.length, `dropping ${path}`).toBeGreaterThan(0)
        incidental('DSL-38', () =>
          expect(
            violations.some((v) => v.includes(path)),
            `dropping ${path} gave ${$JSON.stringify(violations)}`,
          ).toBe(true),
        )
      }
    }),
    RUNS,
  )
})

check('DSL-38', 'dropping any required key yields a violation naming it', ({ schema }) => {
  fc.assert(
    fc.property(specWithArgs, ({ spec, args }) => {
      for (const path of requiredPaths(spec, args as Record<string, unknown>)) {
        const violations = schema.validateArgs(spec, without(args, path))
        expect(
          violations.some((v) => v.includes(path)),
          `dropping ${path} gave ${$JSON.stringify(violations)}`,
        ).toBe(true)
      }
    }),
    RUNS,
  )
})

const nonObjectRoot = fc.oneof(fc.string(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.array(jsonData, { maxLength: 3 }))

check('DSL-20', 'every non-object argument root fails', ({ schema }) => {
  fc.assert(
    fc.property(rootMarkedMap, nonObjectRoot, (spec, root) => {
      expect(argsReport(schema, spec, root).length).toBeGreaterThan(0)
    }),
    RUNS,
  )
})

check('DSL-38', 'validateArgs never throws for a valid spec', ({ schema }) => {
  fc.assert(
    fc.property(everyLevelMarkedMap, fc.anything({ maxDepth: 3 }), nonObjectRoot, (spec, anything, root) => {
      expect($Array.isArray(schema.validateArgs(spec, anything))).toBe(true)
      expect(schema.validateArgs(spec, root).length).toBeGreaterThan(0)
    }),
    RUNS,
  )
})

// ---- wording (should) --------------------------------------------------------

check('DSL-21', 'required marker errors are worded as upstream words them', ({ schema }) => {
  expect(rejectsParameters(schema, { path: { type: 'string', required: false } })).toEqual(['parameters.path.required must be true when present'])
  expect(rejectsParameters(schema, { tags: { type: 'array', items: { type: 'string', required: true } } })).toEqual([
    'parameters.tags.items.required is not supported by the value schema DSL',
  ])
  expect(rejectsValue(schema, { type: 'string', required: true })).toEqual(['schema.required is not supported by the value schema DSL'])
})

check('DSL-22', 'a missing additionalProperties is worded as upstream words it', ({ schema }) => {
  expect(rejectsValue(schema, { type: 'object', properties: {} })).toEqual(['schema.additionalProperties must be explicitly true or false'])
})

check('DSL-23', 'oneOf compile errors are worded as upstream words them', ({ schema }) => {
  expect(rejectsValue(schema, { type: 'string', oneOf: [{ type: 'string' }, { type: 'null' }] })).toEqual(['schema cannot declare both type and oneOf'])
  expect(rejectsParameters(schema, { id: { oneOf: 'string' } })).toEqual(['parameters.id.oneOf must be an array of at least two value schemas'])
})

check('DSL-24', 'vocabulary errors are worded as upstream words them', ({ schema }) => {
  expect(rejectsValue(schema, { type: 'array', items: { type: 'string', pattern: 'x' } })).toEqual([
    'schema.items.pattern is not supported by the value schema DSL',
  ])
  expect(rejectsParameters(schema, { x: { type: 'weird' } })).toEqual([
    'parameters.x.type must be string/number/integer/boolean/null/array/object/json, or use oneOf',
  ])
})

check('DSL-25', 'structural errors are worded as upstream words them', ({ schema }) => {
  const list: Record<string, unknown> = { type: 'array' }
  list.items = list

  expect(rejectsValue(schema, { oneOf: [{ type: 'string' }, 'null'] })).toEqual(['schema.oneOf[1] must be a value schema object'])
  expect(rejectsParameters(schema, ['x'])).toEqual(['parameters must be an object of value schemas'])
  expect(rejectsValue(schema, { type: 'object', additionalProperties: true, properties: [] })).toEqual(['schema.properties must be an object of value schemas'])
  expect(rejectsValue(schema, list)).toEqual(['schema.items is circular'])
})

check('DSL-26', 'a compile error carries exactly one violation', ({ schema }) => {
  expect(rejectsParameters(schema, { a: { type: 'weird' }, b: { type: 'string', pattern: 'x' } })).toHaveLength(1)
  expect(rejectsValue(schema, { type: 'object', foo: 1, bar: 2 })).toHaveLength(1)
})

check('DSL-27', 'argument violations are worded as upstream words them', ({ schema }) => {
  expect(schema.validateArgs({}, 5)).toEqual(['"arguments" must be an object'])
  expect(schema.validateArgs({ s: { type: 'string' } }, { s: 1 })).toEqual(['"s" must be a string'])
  expect(schema.validateArgs(FILE_SPEC, { path: 'p', config: {}, tags: ['a', 2], servers: [{ host: 'h' }, {}] })).toEqual([
    'missing required property "config.host"',
    '"tags[1]" must be a string',
    'missing required property "servers[1].host"',
  ])
})

check('DSL-27', 'scalar, enum, container and root violations are worded as upstream words them', ({ schema }) => {
  const required = { path: { type: 'string', required: true } }
  for (const args of [null, 'nope', []]) {
    expect(schema.validateArgs(required, args), $JSON.stringify(args)).toEqual(['"arguments" must be an object'])
  }
  expect(schema.validateArgs(required, {})).toEqual(['missing required property "path"'])
  expect(schema.validateArgs(required, { path: undefined })).toEqual(['missing required property "path"'])
  expect(schema.validateArgs(SCALAR_SPEC, { amount: 'x' })).toEqual(['"amount" must be a number'])
  expect(schema.validateArgs(SCALAR_SPEC, { flag: 'x' })).toEqual(['"flag" must be a boolean'])
  expect(schema.validateArgs(SCALAR_SPEC, { color: 'blue' })).toEqual(['"color" must be one of ["red","green"]'])
  expect(schema.validateArgs(SCALAR_SPEC, { level: 3 })).toEqual(['"level" must be one of [1,2]'])
  const hostRequired = {
    ...CONTAINER_SPEC,
    config: { ...CONTAINER_SPEC.config, properties: { host: { type: 'string', required: true }, port: { type: 'number' } } },
  }
  expect(schema.validateArgs(hostRequired, { config: { port: 9 }, bag: 5 })).toEqual(['missing required property "config.host"', '"bag" must be an object'])
  expect(schema.validateArgs(CONTAINER_SPEC, { config: { host: 'h' }, tags: 'nope' })).toEqual(['"tags" must be an array'])
})

check('DSL-28', 'the ToolArgsError message lists the violations', async ({ schema }) => {
  const { definition } = countingTool(schema, { path: { type: 'string', required: true }, n: { type: 'integer' } })

  const settled = await outcome(() => definition.execute({ n: 'x' }, ANY_CONTEXT))

  expect((settled as { error: Error }).error.message).toBe('invalid arguments: missing required property "path"; "n" must be an integer')
})

check('DSL-29', 'a bad timeoutMs is worded as upstream words it', ({ schema }) => {
  expect(() => schema.defineTool(toolOptions({ name: 'slow', timeoutMs: -1 }))).toThrow(
    new Error('defineTool(slow): timeoutMs must be a positive finite number'),
  )
})
