/**
 * Laws about what a tool's output becomes: the post-execute replacement
 * algebra (E-16), the output contract against output schemas of the subset
 * (E-24), and meta only on top-level calls (E-25).
 */
import { $Array, $JSON, $Number, $Object } from '../conformance/suite/_kit/intrinsics.ts'
import fc from 'fast-check'
import { expect } from 'vitest'
import type { JsonSchemaNode, JsonValue, PostToolDecision, ToolExecutionResult } from '../conformance/spec/types.ts'
import { call } from '../conformance/suite/_kit/inputs.ts'
import { incidental } from '../conformance/suite/_kit/incidental.ts'
import { expectBlockContexts, expectNoInfo, expectSucceeds } from '../conformance/suite/_kit/result-assertions.ts'
import { contextMessage, probeTool, text } from '../conformance/suite/_kit/tools.ts'
import { isLossless } from './_kit/json.ts'
import { law } from './_kit/law.ts'
import { buildLossy, losslessJson, lossySpec } from './_kit/values.ts'

const contents = (r: { additionalContexts?: readonly unknown[] }): unknown[] => (r.additionalContexts ?? []).map((c) => (c as { content: unknown }).content)

type Decision =
  | { readonly kind: 'content'; readonly texts: readonly string[]; readonly contexts: boolean }
  | { readonly kind: 'value'; readonly n: number; readonly contexts: boolean }
  | { readonly kind: 'invalid-value'; readonly value: JsonValue }
  | { readonly kind: 'block'; readonly texts: readonly string[]; readonly contexts: boolean }

const texts = fc.array(fc.string({ maxLength: 6 }), { minLength: 1, maxLength: 3 })
const decision: fc.Arbitrary<Decision> = fc.oneof(
  fc.record({ kind: fc.constant('content' as const), texts, contexts: fc.boolean() }),
  fc.record({ kind: fc.constant('value' as const), n: fc.integer({ min: -5, max: 5 }), contexts: fc.boolean() }),
  // No fraction for the integer: that an integer node refuses one is JSV-07's (issue 39); a string stands for a
  // value of the wrong type.
  fc.record({ kind: fc.constant('invalid-value' as const), value: fc.constantFrom<JsonValue>({}, { n: 'one' }, 'n', null, [1]) }),
  // Block messages are checked for text feedback whose joined text is non-empty (the empty default is wording, POST-21).
  fc.record({ kind: fc.constant('block' as const), texts: texts.filter((t) => t.join('\n') !== ''), contexts: fc.boolean() }),
)

// A block's message (POST-10's), its missing info (ERR-06's) and whether it drops the deferred context (CTX-04's; the
// seeds leave it open) are charged incidentally.
law('E-16', ['POST-04', 'POST-05', 'POST-09', 'POST-03'], 'content, value and block decisions replace exactly what they say on a successful dispatch result', {
  arbitrary: fc.record({ n: fc.integer({ min: -5, max: 5 }), concludes: fc.boolean(), decision }),
  interesting: 'the decision differs observably from the dispatch result (new content, a different value, or a block dropping the deferred context)',
  threshold: 0.3,
  optional: ['presentationMeta'],
  run: async (r, { n, concludes, decision: d }) => {
    const projects = r.has('presentationMeta')
    r.tools.register(
      probeTool('tool', {
        schema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
        render: (_args, value) => [text(`n=${(value as { n: number }).n}`)],
        // Meta from the value's n; the call's arguments ({}) have none. The projector's argument order is OUT-05's,
        // not this law's, so a projector handed them swapped still finds n.
        ...(projects ? { presentationMeta: (args: unknown, value: JsonValue) => ({ twice: (nOf(value) ?? nOf(args) ?? 0) * 2 }) } : {}),
        body: (_args, exec) => {
          exec.deferContext(contextMessage('deferred'))
          if (concludes) exec.concludeTurn()
          return { n }
        },
      }).definition,
    )
    let dispatched: Readonly<ToolExecutionResult> | undefined
    const post = d.kind !== 'invalid-value' && d.contexts ? [contextMessage('post')] : []
    r.harness.on('tools/post-execute', async (_exec, result): Promise<PostToolDecision> => {
      dispatched = result
      const extra = post.length === 0 ? {} : { additionalContexts: post }
      switch (d.kind) {
        case 'content':
          return { kind: 'accept', content: d.texts.map(text), ...extra }
        case 'value':
          return { kind: 'accept', value: { n: d.n }, ...extra }
        case 'invalid-value':
          return { kind: 'accept', value: d.value }
        case 'block':
          return { kind: 'block', feedback: d.texts.map(text), ...extra }
      }
    })

    const result = await r.tools.execute(call('tool'))

    expect(dispatched?.isError, 'the dispatch result was a success').toBe(false)
    if (dispatched === undefined || dispatched.isError) return
    const kept = dispatched
    const seen = result.isError ? `failure ${$JSON.stringify(result.error)}` : 'success'
    // One property per decision kind (issue 39): a content accept is POST-04's, a value accept POST-05's (the
    // contexts it keeps and attaches included), a block POST-09's; the contexts a content accept attaches POST-03's.
    if (d.kind === 'content') {
      if ($JSON.stringify(d.texts.map(text)) !== $JSON.stringify(dispatched.content)) r.interesting()
      r.holds('POST-04', () => {
        expect(result.isError, `a content replacement keeps the success; got ${seen}`).toBe(false)
        expect(result.content, "content is the decision's").toEqual(d.texts.map(text))
        expect(result.isError ? undefined : result.value, 'value is kept').toEqual(kept.value)
        // That meta is kept too is PRES-03's (POST-04 defers it), judged where the adapter projects meta at all.
        if (projects) incidental('PRES-03', () => expect(result.meta, 'meta is kept (PRES-03)').toEqual(kept.meta))
        // Whether an absent meta is a left-out key or one set to undefined is OP-40's; upstream leaves it out (RES-12).
        const hadMeta = 'meta' in kept
        incidental('RES-12', () => expect('meta' in result, 'meta presence is kept (RES-12)').toBe(hadMeta))
        expect(result.isError ? undefined : result.concludesTurn, 'concludesTurn is kept').toBe(kept.concludesTurn)
      })
      r.holds('POST-03', () => {
        expect(contents(result), "contexts are the result's then the decision's").toEqual(['deferred', ...post.map((c) => c.content)])
      })
    } else if (d.kind === 'value') {
      if (d.n !== n) r.interesting()
      r.holds('POST-05', () => {
        expect(result.isError, `a valid value replacement keeps the success; got ${seen}`).toBe(false)
        expect(result.isError ? undefined : result.value, "value is the decision's").toEqual({ n: d.n })
        expect(result.content, 'content is re-rendered from the new value').toEqual([text(`n=${d.n}`)])
        if (projects) expect(result.meta, 'meta is re-projected from the new value').toEqual({ twice: d.n * 2 })
        expect(contents(result), "contexts are the result's then the decision's").toEqual(['deferred', ...post.map((c) => c.content)])
      })
    } else if (d.kind === 'invalid-value') {
      r.holds('POST-05', () => {
        expect(result.error?.info?.code, `an invalid value replacement is an output failure; got ${seen}`).toBe('INVALID_TOOL_OUTPUT')
        expect('value' in result, 'the failure has no value').toBe(false)
      })
    } else {
      r.interesting()
      r.holds('POST-09', () => {
        expect(result.isError, `a block is a failure; got ${seen}`).toBe(true)
        expect(result.content, 'content carries the feedback').toEqual(expect.arrayContaining(d.texts.map(text)))
        // That it is the feedback exactly is POST-29's (OP-48).
        incidental('POST-29', () => expect(result.content, 'content is the feedback exactly (POST-29)').toEqual(d.texts.map(text)))
        incidental('POST-10', () => expect(result.error?.message, 'error.message is the joined feedback text (POST-10)').toBe(d.texts.join('\n')))
        expectNoInfo(result, 'ERR-06')
        expectBlockContexts(
          result,
          contents(result),
          ['deferred'],
          post.map((c) => c.content),
        )
      })
    }
  },
})

/** The `n` of a `{ n }` value, if `x` is one. */
function nOf(x: unknown): number | undefined {
  return typeof x === 'object' && x !== null && typeof (x as { n?: unknown }).n === 'number' ? (x as { n: number }).n : undefined
}

/** Output schemas inside the enforced subset, small enough to read in a counterexample. */
const schema: fc.Arbitrary<JsonSchemaNode> = fc.letrec<{ node: JsonSchemaNode; object: JsonSchemaNode; array: JsonSchemaNode; oneOf: JsonSchemaNode }>(
  (tie) => ({
    node: fc.oneof(
      { depthSize: 'small', maxDepth: 3 },
      fc.constantFrom<JsonSchemaNode>(
        { type: 'string' },
        { type: 'number' },
        { type: 'integer' },
        { type: 'boolean' },
        { type: 'null' },
        {},
        { type: 'string', enum: ['x', 'y'] },
      ),
      tie('object'),
      tie('array'),
      tie('oneOf'),
    ),
    object: fc
      .record({
        properties: fc.dictionary(fc.constantFrom('p', 'q', 'r'), tie('node'), { maxKeys: 3 }),
        required: fc.subarray(['p', 'q', 'r']),
        closed: fc.boolean(),
      })
      .map(
        ({ properties, required, closed }) =>
          ({
            type: 'object',
            properties,
            required: required.filter((k) => k in properties),
            ...(closed ? { additionalProperties: false } : {}),
          }) as JsonSchemaNode,
      ),
    array: tie('node').map((items) => ({ type: 'array', items }) as JsonSchemaNode),
    oneOf: fc.tuple(tie('node'), tie('node')).map(([a, b]) => ({ oneOf: [a, b] }) as JsonSchemaNode),
  }),
).node

type Node = {
  type?: string
  enum?: unknown[]
  properties?: Record<string, Node>
  required?: string[]
  additionalProperties?: boolean
  items?: Node
  oneOf?: Node[]
}

/** Values meant to satisfy `s` (oneOf branches may overlap, so not always). */
function sample(s: Node): fc.Arbitrary<unknown> {
  if (s.oneOf !== undefined) return fc.oneof(...s.oneOf.map(sample))
  switch (s.type) {
    case 'string':
      return s.enum === undefined ? fc.string({ maxLength: 4 }) : fc.constantFrom(...s.enum)
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => ($Object.is(x, -0) ? 0 : x))
    case 'integer':
      return fc.integer({ min: -9, max: 9 })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'object': {
      const props = s.properties ?? {}
      // Ordinary records only: whether a null-prototype record is a lossless output is open (OP-75, ARG-25's).
      return fc.record($Object.fromEntries($Object.entries(props).map(([k, v]) => [k, sample(v)])), {
        requiredKeys: s.required ?? [],
        noNullPrototype: true,
      })
    }
    case 'array':
      return fc.array(sample(s.items ?? {}), { maxLength: 3 })
    default:
      return losslessJson
  }
}

/** The subset's verdict for a lossless value, written for this law (JSV-03..07), independent of any registry. */
function valid(s: Node, v: unknown): boolean {
  if (s.oneOf !== undefined) return s.oneOf.filter((b) => valid(b, v)).length === 1
  switch (s.type) {
    case 'string':
      return typeof v === 'string' && (s.enum === undefined || s.enum.includes(v))
    case 'number':
      return typeof v === 'number'
    case 'integer':
      return $Number.isInteger(v)
    case 'boolean':
      return typeof v === 'boolean'
    case 'null':
      return v === null
    case 'object': {
      if (typeof v !== 'object' || v === null || $Array.isArray(v)) return false
      const record = v as Record<string, unknown>
      const props = s.properties ?? {}
      if ((s.required ?? []).some((k) => !$Object.hasOwn(record, k))) return false
      if ($Object.entries(props).some(([k, p]) => $Object.hasOwn(record, k) && !valid(p, record[k]))) return false
      return s.additionalProperties !== false || $Object.keys(record).every((k) => $Object.hasOwn(props, k))
    }
    case 'array':
      return $Array.isArray(v) && v.every((item) => valid(s.items ?? {}, item))
    default:
      return true
  }
}

const outputCase = schema.chain((s) =>
  fc.record({
    schema: fc.constant(s),
    value: fc.oneof(
      { arbitrary: sample(s as Node).map((v) => ({ lossy: false as const, v })), weight: 2 },
      { arbitrary: losslessJson.map((v) => ({ lossy: false as const, v })), weight: 2 },
      { arbitrary: lossySpec.map((spec) => ({ lossy: true as const, spec })), weight: 1 },
    ),
  }),
)

law(
  'E-24',
  ['OUT-03', 'OUT-02', 'OUT-07', 'OUT-06'],
  'a body value succeeds exactly when it is lossless and valid for the output schema, and then is the result value',
  {
    arbitrary: outputCase,
    interesting: 'a lossless value was refused by the output schema',
    threshold: 0.1,
    run: async (r, { schema: s, value }) => {
      const returned = value.lossy ? buildLossy(value.spec) : value.v
      r.tools.register(probeTool('tool', { schema: s, body: () => returned }).definition)
      const lossless = isLossless(returned)
      const ok = lossless && valid(s as Node, returned)
      if (lossless && !ok) r.interesting()

      const result = await r.tools.execute(call('tool'))

      const seen = result.isError ? `failure ${$JSON.stringify(result.error)}` : 'success'
      expect(result.isError, `the value ${ok ? 'is valid' : lossless ? 'breaks the schema' : 'is not lossless JSON'}; got ${seen}`).toBe(!ok)
      if (!result.isError) expect(result.value, 'the result value is the returned value').toEqual(returned)
      else {
        expect(result.error.info?.code, 'an output failure is INVALID_TOOL_OUTPUT').toBe('INVALID_TOOL_OUTPUT')
        expect('value' in result, 'an output failure has no value').toBe(false)
      }
    },
  },
)

// A parent is an execution token, an opaque Symbol (seed 000): a fresh symbol, or the token of a real enclosing call.
const parentValue = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 4 }).map((s) => Symbol(s)),
  fc.constant('outer-token' as const),
)

law('E-25', ['PRES-02', 'OUT-05'], "meta is the projector's output on a top-level success and absent on any nested call", {
  arbitrary: fc.record({ parent: parentValue, projector: fc.boolean(), meta: losslessJson }),
  interesting: 'a nested call to a tool that declares a projector',
  threshold: 0.15,
  run: async (r, { parent, projector, meta }) => {
    const probe = probeTool('tool', projector ? { presentationMeta: () => meta } : {})
    r.tools.register(probe.definition)
    if (parent !== undefined && projector) r.interesting()

    let result: ToolExecutionResult
    if (parent === 'outer-token') {
      // A nested dispatch from inside the body of an enclosing call, with that call's own token as its parent.
      let nested: ToolExecutionResult | undefined
      r.tools.register(
        probeTool('outer', {
          body: async (_args, exec) => {
            nested = await r.tools.execute(call('tool', {}, { parent: exec.token, rootCallId: exec.rootCallId }))
            return { ok: true }
          },
        }).definition,
      )
      const outer = await r.tools.execute(call('outer'))
      expect(outer.isError, 'the enclosing call succeeds').toBe(false)
      expect(nested, 'the enclosing call dispatched the nested one').toBeDefined()
      result = nested!
    } else result = await r.tools.execute(call('tool', {}, parent === undefined ? {} : { parent }))

    expectSucceeds(result, 'the call succeeds')
    if (parent === undefined && projector) expect(result.meta, 'a top-level success carries the projection').toEqual(meta)
    else if (parent === undefined || parent === 'outer-token') {
      expect(result.meta, parent === undefined ? 'no projector, no meta' : "a nested call (its parent's token) carries no meta").toBeUndefined()
      // Whether a result without meta leaves the key out is upstream's RES-12 (OP-40).
      incidental('RES-12', () => expect('meta' in result, 'no meta key (RES-12)').toBe(false))
    }
    // A parent value that is no execution's token: upstream treats the call as nested (ARG-21, OP-36).
    else incidental('ARG-21', () => expect(result.meta, 'a call with an arbitrary parent value carries no meta (ARG-21)').toBeUndefined())
  },
  needs: ['presentationMeta'],
})
