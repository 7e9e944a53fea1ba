/**
 * Laws about projections and the schema functions: schemas() allowlist and
 * detachment (E-10), DSL required soundness (E-29), subset validator
 * soundness (E-30), subset assertion completeness (E-31).
 */
import { $Array, $JSON, $Object } from '../conformance/suite/_kit/intrinsics.ts'
import fc from 'fast-check'
import { expect } from 'vitest'
import type { JsonSchemaNode, ToolDefinition } from '../conformance/spec/types.ts'
import type { RuleId } from '../conformance/catalogue/index.ts'
import { expectExactPlacement, expectPathsCovered, expectSchemaCode, expectUpstreamPathForm } from '../conformance/suite/_kit/schema-errors.ts'
import { probeTool } from '../conformance/suite/_kit/tools.ts'
import { incidental } from '../conformance/suite/_kit/incidental.ts'
import { reportOf } from '../conformance/suite/_kit/verdicts.ts'
import { isLossless } from './_kit/json.ts'
import { law } from './_kit/law.ts'
import { losslessJson, losslessObject } from './_kit/values.ts'

const RESERVED = new Set(['name', 'description', 'parameters', '__proto__'])

law('E-10', ['SCH-01', 'SCH-02'], 'schemas() entries hold exactly name, description and parameters, and editing them changes nothing', {
  arbitrary: fc.record({
    parameters: losslessObject,
    extra: fc.dictionary(
      fc.string({ minLength: 1, maxLength: 8 }).filter((k) => !RESERVED.has(k)),
      fc.oneof(
        losslessJson,
        fc.constant(() => 1),
      ),
      { maxKeys: 3 },
    ),
    timeoutMs: fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: undefined }),
  }),
  interesting: 'the definition carries extra own fields',
  threshold: 0.3,
  run: async (r, { parameters, extra, timeoutMs }) => {
    const definition = { ...probeTool('tool', { parameters, ...(timeoutMs === undefined ? {} : { timeoutMs }) }).definition, ...extra } as ToolDefinition
    r.tools.register(definition)
    if ($Object.keys(extra).length > 0 || timeoutMs !== undefined) r.interesting()

    const [first] = r.tools.schemas()
    expect($Object.keys(first ?? {}).sort(), 'the projection has exactly name, description and parameters').toEqual(['description', 'name', 'parameters'])
    expect(first?.parameters, "the projected parameters equal the definition's").toEqual(parameters)
    // Vandalise the projection; the next one must not notice.
    if (first !== undefined) {
      ;(first as { name: string }).name = 'changed'
      const params = first.parameters as Record<string, unknown>
      for (const key of $Object.keys(params)) delete params[key]
      params.injected = true
    }
    expect(r.tools.schemas()[0], 'a later projection is unaffected by changes to an earlier one').toEqual({
      name: 'tool',
      description: definition.description,
      parameters,
    })
  },
})

type Leaf = { readonly type: 'string' | 'number' | 'integer' | 'boolean' }
type ObjectSpec = { readonly type: 'object'; readonly additionalProperties: boolean; readonly properties: ParamMap }
type Prop = (Leaf | ObjectSpec) & { readonly required?: true }
type ParamMap = { readonly [key: string]: Prop }

const key = fc.constantFrom('a', 'b', 'c', 'path', 'mode')
const leaf = fc.constantFrom<Leaf>({ type: 'string' }, { type: 'number' }, { type: 'integer' }, { type: 'boolean' })
const withRequired = <T extends object>(arb: fc.Arbitrary<T>): fc.Arbitrary<T & { required?: true }> =>
  fc.tuple(arb, fc.boolean()).map(([spec, required]) => (required ? { ...spec, required: true as const } : spec))
const paramMap = fc.letrec<{ map: ParamMap; prop: Prop }>((tie) => ({
  map: fc.dictionary(key, tie('prop'), { maxKeys: 3 }) as fc.Arbitrary<ParamMap>,
  prop: withRequired(
    fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.record({ type: fc.constant('object' as const), additionalProperties: fc.boolean(), properties: tie('map') as fc.Arbitrary<ParamMap> }),
    ),
  ) as fc.Arbitrary<Prop>,
})).map

function sampleValue(prop: Prop): unknown {
  if (prop.type === 'object') return sampleArgs(prop.properties)
  return prop.type === 'string' ? 's' : prop.type === 'boolean' ? true : 1
}
function sampleArgs(map: ParamMap): Record<string, unknown> {
  return $Object.fromEntries($Object.entries(map).map(([k, p]) => [k, sampleValue(p)]))
}

/** Every (path of keys, required key) pair in the map, outermost first. */
function requiredKeys(map: ParamMap, at: readonly string[] = []): { at: readonly string[]; key: string }[] {
  const out: { at: readonly string[]; key: string }[] = []
  for (const [k, p] of $Object.entries(map)) {
    if (p.required === true) out.push({ at, key: k })
    if (p.type === 'object') out.push(...requiredKeys(p.properties, [...at, k]))
  }
  return out
}

function compiledRequired(schema: JsonSchemaNode, map: ParamMap, at: string): void {
  const expected = $Object
    .keys(map)
    .filter((k) => map[k]?.required === true)
    .sort()
  expect([...(schema.required ?? [])].sort(), `required at ${at}`).toEqual(expected)
  for (const [k, p] of $Object.entries(map)) {
    if (p.type === 'object') compiledRequired(schema.properties?.[k] ?? {}, p.properties, `${at}.${k}`)
  }
}

// E-29 generates object specs whose properties carry required markers, a form the seeds show only on the parameter
// map (OP-22); it therefore checks upstream's DSL-36 (requiredness at every level), and DSL-38 (upstream's reporting
// form, violations naming the key) incidentally. The must side of DSL-01, DSL-13 and DSL-20 is checked by the
// root-marked properties of conformance/suite/dsl.test.ts.
law('E-29', ['DSL-36'], "compiled parameter maps keep every level's required keys, sample arguments validate, and dropping a required key is reported", {
  arbitrary: fc.record({ map: paramMap, drop: fc.nat() }),
  interesting: 'a nested object spec has a required key',
  threshold: 0.15,
  needs: ['schema'],
  run: async (r, { map, drop }) => {
    const schema = r.schema
    const required = requiredKeys(map)
    if (required.some((x) => x.at.length > 0)) r.interesting()

    const compiled = schema.parameterSchemaSpecToJsonSchema(map)
    schema.assertSupportedJsonSchema(compiled)
    compiledRequired(compiled, map, 'arguments')
    const args = sampleArgs(map)
    expect(
      reportOf('DSL-38', () => schema.validateArgs(map, args)),
      'arguments built to satisfy the spec',
    ).toEqual([])
    const victim = required[drop % Math.max(required.length, 1)]
    if (victim === undefined) return
    let holder = args as Record<string, unknown>
    for (const k of victim.at) holder = holder[k] as Record<string, unknown>
    delete holder[victim.key]
    const violations = reportOf('DSL-38', () => schema.validateArgs(map, args))
    const dropped = [...victim.at, victim.key].join('.')
    expect(violations.length, `dropping required "${dropped}" fails`).toBeGreaterThan(0)
    incidental('DSL-38', () =>
      expect(
        violations.some((v) => v.includes(victim.key)),
        `dropping required "${dropped}" is reported by name (got ${$JSON.stringify(violations)})`,
      ).toBe(true),
    )
  },
})

const BRANCHES: readonly JsonSchemaNode[] = [
  { type: 'number' },
  { type: 'integer' },
  { type: 'string' },
  { type: 'number', enum: [1, 2] },
  { type: 'integer', const: 1 },
  { type: 'array', items: { type: 'integer' } },
  { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
  { type: 'object', properties: { inner: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] } }, required: ['inner'] },
]
const VALUES: readonly unknown[] = [
  1,
  1.5,
  -0,
  Number.NaN,
  'a',
  true,
  null,
  undefined,
  [1],
  [1.5],
  {},
  { a: 1 },
  { inner: {} },
  { inner: { a: 1 } },
  { inner: { a: 'x' } },
  [{ a: 1 }],
]

/** When validation accepted `value`, every required key of every object level it reached is present. */
function requiredHonoured(schema: JsonSchemaNode, value: unknown): boolean {
  if (schema.type !== 'object' || typeof value !== 'object' || value === null || $Array.isArray(value)) return true
  const record = value as Record<string, unknown>
  if ((schema.required ?? []).some((k) => !$Object.hasOwn(record, k))) return false
  return $Object.entries(schema.properties ?? {}).every(([k, s]) => !$Object.hasOwn(record, k) || requiredHonoured(s, record[k]))
}

law('E-30', ['JSV-04', 'JSV-01', 'JSV-10'], 'the subset validator accepts only lossless JSON, and a oneOf accepts exactly-one matches', {
  arbitrary: fc.record({
    branches: fc.uniqueArray(fc.constantFrom(...BRANCHES), { minLength: 2, maxLength: 3 }),
    // 1 and 2 sit in several overlapping branches, so multi-matches are common.
    value: fc.oneof(
      { arbitrary: fc.constantFrom(1, 2), weight: 3 },
      { arbitrary: fc.constantFrom(...VALUES), weight: 3 },
      { arbitrary: fc.anything(), weight: 1 },
    ),
  }),
  interesting: 'the value matches two or more oneOf branches',
  threshold: 0.05,
  needs: ['schema'],
  run: async (r, { branches, value }) => {
    const schema = r.schema
    const root: JsonSchemaNode = { oneOf: [...branches] }
    schema.assertSupportedJsonSchema(root)

    // How validation reports is open (OP-26): a throw is a report; returning strings without throwing is JSV-16's.
    const violations = reportOf('JSV-16', () => schema.validateJsonSchemaValue(root, value))
    // One property per rule (issue 39): that what is accepted is lossless is JSV-10's, the exactly-one match JSV-04's.
    r.holds('JSV-10', () => {
      if (violations.length === 0) expect(isLossless(value), 'an accepted value is lossless JSON').toBe(true)
    })
    const matching = branches.filter((b) => reportOf('JSV-16', () => schema.validateJsonSchemaValue(b, value)).length === 0).length
    if (matching >= 2) r.interesting()
    r.holds('JSV-04', () => expect(violations.length === 0, `oneOf accepts iff exactly one branch matches (${matching} match)`).toBe(matching === 1))
  },
})

const NESTED = BRANCHES[7] as JsonSchemaNode
const nestedValue = fc.oneof(
  { arbitrary: fc.record({ inner: fc.dictionary(fc.constantFrom('a', 'b'), fc.oneof(fc.integer(), fc.string({ maxLength: 2 })), { maxKeys: 2 }) }), weight: 3 },
  { arbitrary: fc.anything(), weight: 1 },
)

law('E-30b', ['JSV-05', 'JSV-01', 'JSV-10'], 'whatever the validator accepts is lossless JSON holding every required key at every level', {
  arbitrary: fc.record({ inArray: fc.boolean(), value: nestedValue }),
  interesting: 'a nested object lacks its required key',
  threshold: 0.15,
  needs: ['schema'],
  run: async (r, { inArray, value }) => {
    const schema = r.schema
    const root: JsonSchemaNode = inArray ? { type: 'array', items: NESTED } : NESTED
    const subject = inArray ? [value] : value
    const inner = (value as { inner?: unknown } | null)?.inner
    if (typeof inner === 'object' && inner !== null && !$Object.hasOwn(inner, 'a')) r.interesting()

    const violations = reportOf('JSV-16', () => schema.validateJsonSchemaValue(root, subject))
    if (violations.length === 0) {
      // One property per rule (issue 39): that what is accepted is lossless is JSV-10's, the required keys JSV-05's.
      r.holds('JSV-10', () => expect(isLossless(subject), 'an accepted value is lossless JSON').toBe(true))
      r.holds('JSV-05', () => expect(requiredHonoured(NESTED, value), `nested required keys are enforced for ${$JSON.stringify(subject)}`).toBe(true))
    }
  },
})

/** Raw nodes built only from the subset's keywords, each in a place it is allowed. */
const subsetNode: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{
  node: Record<string, unknown>
  object: Record<string, unknown>
  oneOf: Record<string, unknown>
}>((tie) => ({
  node: fc
    .tuple(
      fc.oneof(
        { depthSize: 'small', maxDepth: 3 },
        fc.constantFrom<Record<string, unknown>>(
          { type: 'string' },
          { type: 'string', enum: ['x', 'y'], const: 'x' },
          { type: 'number', const: 1.5 },
          { type: 'integer', enum: [1, 2] },
          { type: 'boolean' },
          { type: 'null' },
          {},
          { type: 'array' },
        ),
        tie('object'),
        tie('node').map((items) => ({ type: 'array', items })),
        tie('oneOf'),
      ),
      fc.record(
        {
          description: fc.string({ maxLength: 4 }),
          title: fc.string({ maxLength: 4 }),
          default: losslessJson,
          examples: fc.array(losslessJson, { maxLength: 2 }),
        },
        { requiredKeys: [] },
      ),
    )
    .map(([node, annotations]) => ({ ...node, ...annotations })),
  object: fc
    .record({
      properties: fc.dictionary(fc.constantFrom('p', 'q'), tie('node'), { maxKeys: 2 }),
      required: fc.subarray(['p', 'q']),
      additional: fc.option(fc.boolean(), { nil: undefined }),
    })
    .map(({ properties, required, additional }) => ({
      type: 'object',
      properties,
      required: required.filter((k) => k in properties),
      ...(additional === undefined ? {} : { additionalProperties: additional }),
    })),
  oneOf: fc.array(tie('node'), { minLength: 2, maxLength: 3 }).map((oneOf) => ({ oneOf })),
})).node

const DEFECTS = [
  'unknown keyword',
  'misplaced keyword',
  'bad enum',
  'bad const',
  'required not in properties',
  'non-boolean additionalProperties',
  'cycle',
  'type and oneOf',
  'short oneOf',
  'lossy annotation',
  'non-string description',
] as const
type Defect = (typeof DEFECTS)[number]

/** The rule that owns detecting each planted defect (issue 39: a registry that misses one kind fails that rule only). */
const DEFECT_OWNER: Readonly<Record<Defect, RuleId>> = {
  'unknown keyword': 'JSS-05',
  'misplaced keyword': 'JSS-05',
  'bad enum': 'JSS-07',
  'bad const': 'JSS-07',
  'required not in properties': 'JSS-06',
  'non-boolean additionalProperties': 'JSS-06',
  cycle: 'JSS-10',
  'type and oneOf': 'JSS-04',
  'short oneOf': 'JSS-04',
  'lossy annotation': 'JSS-08',
  'non-string description': 'JSS-08',
}

/** Plants `defect` into a fresh node; returns the node and the location (relative to the node) its violation must name. */
function plant(defect: Defect): { node: Record<string, unknown>; at: string } {
  switch (defect) {
    case 'unknown keyword':
      return { node: { type: 'string', pattern: '^a' }, at: '.pattern' }
    case 'misplaced keyword':
      return { node: { type: 'string', items: { type: 'string' } }, at: '.items' }
    case 'bad enum':
      return { node: { type: 'string', enum: [1] }, at: '.enum' }
    case 'bad const':
      return { node: { type: 'integer', const: 1.5 }, at: '.const' }
    case 'required not in properties':
      return { node: { type: 'object', properties: { p: {} }, required: ['missing'] }, at: '.required' }
    case 'non-boolean additionalProperties':
      return { node: { type: 'object', additionalProperties: 'no' }, at: '.additionalProperties' }
    case 'cycle': {
      const node: Record<string, unknown> = { type: 'object', properties: {} }
      ;(node.properties as Record<string, unknown>).self = node
      return { node, at: '.properties.self' }
    }
    case 'type and oneOf':
      return { node: { type: 'string', oneOf: [{ type: 'string' }, { type: 'null' }] }, at: '' }
    case 'short oneOf':
      return { node: { oneOf: [{ type: 'string' }] }, at: '.oneOf' }
    case 'lossy annotation':
      return { node: { type: 'number', default: Number.NaN }, at: '.default' }
    case 'non-string description':
      return { node: { type: 'null', description: 3 }, at: '.description' }
  }
}

law(
  'E-31',
  ['JSS-01', 'JSS-02', 'JSS-04', 'JSS-05', 'JSS-06', 'JSS-07', 'JSS-08', 'JSS-10'],
  'the assertion accepts every subset node and rejects one planted defect with a coded violation at its path',
  {
    arbitrary: fc.record({
      host: subsetNode,
      defect: fc.option(fc.constantFrom(...DEFECTS), { nil: undefined, freq: 4 }),
      key: fc.constantFrom('p', 'q', 'deep'),
    }),
    interesting: 'a defect was planted below the root of an otherwise valid schema',
    threshold: 0.3,
    needs: ['schema'],
    run: async (r, { host, defect, key }) => {
      const api = r.schema
      if (defect === undefined) {
        r.holds('JSS-01', () => expect(() => api.assertSupportedJsonSchema(host), 'a schema built from the subset is accepted').not.toThrow())
        return
      }
      // The defect goes into a property of an object wrapping the valid host, so the rest stays valid.
      const planted = plant(defect)
      const root = { type: 'object', properties: { host, [key]: planted.node } }
      const where = `schema.properties.${key}${planted.at}`
      r.interesting()
      let thrown: unknown
      try {
        api.assertSupportedJsonSchema(root)
      } catch (error) {
        thrown = error
      }
      // That the defect is caught at all is its owner's; where the violation is reported JSS-02's.
      r.holds(DEFECT_OWNER[defect], () => expect(thrown, `a schema with a ${defect} is rejected`).toBeDefined())
      if (thrown === undefined) return
      const { code, violations } = thrown as { code?: unknown; violations?: unknown }
      expectSchemaCode(code) // JSS-13's, incidentally: the seeds name no code (OP-01)
      r.holds('JSS-02', () => {
        expect($Array.isArray(violations), 'the rejection lists its violations').toBe(true)
        const list = $Array.isArray(violations) ? violations.map(String) : []
        // Paths compare after their root token, at the defect or below it (the seeds fix neither syntax nor
        // granularity); upstream's `<path> <text>` form is JSS-18's, its one violation at the very path JSS-19's.
        expectPathsCovered(list, [where])
        expectUpstreamPathForm(list)
        expectExactPlacement(list, [where])
      })
    },
  },
)
