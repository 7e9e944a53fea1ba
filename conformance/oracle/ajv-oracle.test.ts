/**
 * Kit self-test of the REFERENCE (not a conformance test of adapters): the
 * reference `validateJsonSchemaValue` agrees with ajv (JSON Schema draft
 * 2020-12) on valid/invalid for every fixture schema inside the subset and
 * for generated schema/value pairs. Cases a known difference applies to are
 * excluded explicitly and counted (known-differences.ts).
 */
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { ValidateFunction } from 'ajv'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { loadJsonSchemaFixtures } from '../fixtures/json-schema-fixtures.ts'
import type { JsonSchemaNode } from '../spec/types.ts'
import { assertSupportedJsonSchema, validateJsonSchemaValue } from '../../reference/json-schema/index.ts'
import { differenceFor, KNOWN_DIFFERENCES } from './known-differences.ts'

// ownProperties: JSON objects have no prototype chain, so only own keys may count (required, properties).
const ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: true, ownProperties: true })

function ajvValidator(schema: unknown): ValidateFunction {
  return ajv.compile(schema as object)
}

interface Tally {
  compared: number
  agreed: number
  /** Compared cases the reference judged valid. */
  valid: number
  excluded: Map<string, number>
  disagreements: string[]
}

const newTally = (): Tally => ({ compared: 0, agreed: 0, valid: 0, excluded: new Map(), disagreements: [] })

function compare(tally: Tally, label: string, schema: unknown, data: unknown, validator: ValidateFunction): void {
  const difference = differenceFor(schema, data)
  if (difference !== undefined) {
    tally.excluded.set(difference.id, (tally.excluded.get(difference.id) ?? 0) + 1)
    return
  }
  tally.compared++
  const ours = validateJsonSchemaValue(schema as JsonSchemaNode, data).length === 0
  const theirs = validator(data)
  if (ours) tally.valid++
  if (ours === theirs) tally.agreed++
  else
    tally.disagreements.push(
      `${label}: reference says ${ours ? 'valid' : 'invalid'}, ajv says ${theirs ? 'valid' : 'invalid'} for ${safeJson(data)} against ${safeJson(schema)}`,
    )
}

function safeJson(value: unknown): string {
  try {
    const text = JSON.stringify(value)
    return text === undefined ? String(value) : text.length > 300 ? `${text.slice(0, 300)}…` : text
  } catch {
    return '<cyclic>'
  }
}

/** Shallow fixtures only: ajv compiles recursively, so the 5,000-level cases are left to the suite. */
function depth(value: unknown, limit: number): number {
  let max = 0
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length > 0) {
    const [node, d] = stack.pop()!
    if (d > max) max = d
    if (max > limit) return max
    if (typeof node === 'object' && node !== null) for (const child of Object.values(node)) stack.push([child, d + 1])
  }
  return max
}

describe('the reference agrees with ajv (draft 2020-12)', () => {
  it('on every fixture schema inside the subset', () => {
    const tally = newTally()
    const differencesSeen = new Set<string>()
    let tooDeep = 0
    for (const group of loadJsonSchemaFixtures().validation) {
      const schema = group.schema.build()
      assertSupportedJsonSchema(schema)
      if (depth(schema, 200) > 200 || group.tests.some((t) => depth(t.data.build(), 200) > 200)) {
        tooDeep += group.tests.length
        continue
      }
      let validator: ValidateFunction
      try {
        validator = ajvValidator(schema)
      } catch (error) {
        tally.disagreements.push(`${group.file}#${group.pointer}: ajv cannot compile the schema: ${(error as Error).message}`)
        continue
      }
      for (const test of group.tests) {
        const data = test.data.build()
        const difference = differenceFor(schema, data)
        // Where a difference applies, it must really show, or the entry is stale.
        if (difference !== undefined && (validateJsonSchemaValue(schema, data).length === 0) !== validator(data)) differencesSeen.add(difference.id)
        compare(tally, `${test.file}#${test.pointer}`, schema, data, validator)
        // The fixture's own verdict is the reference's too.
        if (difference === undefined) expect(validator(data), `${test.file}#${test.pointer} (ajv vs fixture)`).toBe(test.valid)
      }
    }
    report('fixtures', tally, tooDeep)
    expect(tally.disagreements).toEqual([])
    expect(tally.compared).toBeGreaterThan(150)
    expect([...differencesSeen].sort()).toEqual(KNOWN_DIFFERENCES.map((d) => d.id).sort())
  })

  it('on 2,000 generated schema/value pairs (fixed seed)', () => {
    const tally = newTally()
    const samples = fc.sample(pairArbitrary, { seed: 20260821, numRuns: 2000 })
    for (const [index, { schema, values }] of samples.entries()) {
      assertSupportedJsonSchema(schema)
      const validator = ajvValidator(schema)
      for (const value of values) compare(tally, `sample ${index}`, schema, value, validator)
    }
    report('generated', tally, 0)
    expect(tally.disagreements.slice(0, 10)).toEqual([])
    expect(tally.compared).toBeGreaterThanOrEqual(1000)
    // Both outcomes must be well represented, or the comparison proves little.
    expect(tally.valid / tally.compared).toBeGreaterThan(0.25)
    expect(tally.valid / tally.compared).toBeLessThan(0.75)
  })
})

function report(what: string, tally: Tally, tooDeep: number): void {
  const excluded = [...tally.excluded].map(([id, n]) => `${id} ${n}`).join(', ') || 'none'
  console.info(
    `ajv oracle (${what}): ${tally.compared} compared (${tally.valid} valid), ${tally.agreed} agreed, excluded by known difference: ${excluded}; too deep for ajv: ${tooDeep}`,
  )
}

// ---------------------------------------------------------------------------
// Generators: schemas inside the subset, and values that often (not always) fit them.

type Node = Record<string, unknown>

const KEYS = ['a', 'b', 'c', 'toString', 'constructor']
const numbers = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(0.5, -1.5, 2.25, 1e21, 9007199254740992))
const integers = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(1e21, 9007199254740992, -9007199254740992))
const strings = fc.constantFrom('', 'a', 'b', 'read', 'write')

const scalarPools: Record<string, fc.Arbitrary<unknown>> = {
  string: strings,
  number: numbers,
  integer: integers,
  boolean: fc.boolean(),
  null: fc.constant(null),
}

/** JSON values as a JSON reader would produce them (fast-check may generate -0, which JSON text cannot hold). */
const json = (maxDepth: number): fc.Arbitrary<unknown> => fc.jsonValue({ maxDepth }).map((v) => JSON.parse(JSON.stringify(v)) as unknown)

const annotations = fc.record({ description: fc.constantFrom('d'), title: fc.constantFrom('t'), default: json(1) }, { requiredKeys: [] })

const scalarSchema: fc.Arbitrary<Node> = fc.constantFrom('string', 'number', 'integer', 'boolean', 'null').chain((type) => {
  const pool = scalarPools[type]!
  return fc
    .record({ enum: fc.uniqueArray(pool, { minLength: 1, maxLength: 3 }), useEnum: fc.boolean(), useConst: fc.boolean(), constIndex: fc.nat() })
    .map(({ enum: members, useEnum, useConst, constIndex }) => {
      const node: Node = { type }
      if (useEnum) node.enum = members
      if (useConst) node.const = members[constIndex % members.length]
      return node
    })
})

const schemaArbitrary: fc.Arbitrary<Node> = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalarSchema,
    annotations.map((a) => ({ ...a }) as Node),
    fc.record({ items: fc.option(tie('node'), { nil: undefined }) }).map(({ items }) => (items === undefined ? { type: 'array' } : { type: 'array', items })),
    fc
      .record({
        properties: fc.dictionary(fc.constantFrom(...KEYS), tie('node'), { maxKeys: 3 }),
        requiredMask: fc.array(fc.boolean(), { minLength: KEYS.length, maxLength: KEYS.length }),
        additional: fc.constantFrom(undefined, true, false),
      })
      .map(({ properties, requiredMask, additional }) => {
        const node: Node = { type: 'object', properties }
        const required = Object.keys(properties).filter((_, i) => requiredMask[i])
        if (required.length > 0) node.required = required
        if (additional !== undefined) node.additionalProperties = additional
        return node
      }),
    fc.array(tie('node'), { minLength: 2, maxLength: 3 }).map((oneOf) => ({ oneOf }) as Node),
  ),
})).node

/** A value shaped by `schema` (so validity is common), with random detours. */
function valueFor(schema: Node, budget: number): fc.Arbitrary<unknown> {
  const random = json(2)
  if (budget <= 0) return random
  let fitting: fc.Arbitrary<unknown>
  if (Array.isArray(schema.oneOf)) {
    fitting = fc.oneof(...(schema.oneOf as Node[]).map((branch) => valueFor(branch, budget - 1)))
  } else if (schema.type === 'object') {
    const properties = (schema.properties ?? {}) as Record<string, Node>
    const entries = Object.keys(properties).map((key) => fc.option(valueFor(properties[key]!, budget - 1), { nil: undefined }).map((v) => [key, v] as const))
    fitting = fc.tuple(fc.tuple(...entries), fc.option(fc.constantFrom('x', 'b'), { nil: undefined }), random).map(([pairs, extraKey, extra]) => {
      const out: Record<string, unknown> = {}
      for (const [key, v] of pairs) if (v !== undefined) Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true })
      if (extraKey !== undefined && !(extraKey in properties)) out[extraKey] = extra
      return out
    })
  } else if (schema.type === 'array') {
    const items = schema.items as Node | undefined
    fitting = fc.array(items === undefined ? random : valueFor(items, budget - 1), { maxLength: 3 })
  } else if (typeof schema.type === 'string') {
    const pool = scalarPools[schema.type]!
    const members = (schema.enum as unknown[] | undefined) ?? (schema.const !== undefined ? [schema.const] : undefined)
    fitting = members === undefined ? pool : fc.oneof(fc.constantFrom(...members), pool)
  } else {
    fitting = random
  }
  return fc.oneof({ weight: 4, arbitrary: fitting }, { weight: 1, arbitrary: random })
}

const pairArbitrary = schemaArbitrary.chain((schema) => fc.array(valueFor(schema, 4), { minLength: 1, maxLength: 2 }).map((values) => ({ schema, values })))
