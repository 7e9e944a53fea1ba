// DSL-17: InferValue over every node kind of the value schema DSL.
import { expectAssignable, expectError, expectType } from 'tsd'
import type { InferValue, JsonValue } from 'dsh-tck-types-under-test'

declare function infer<const S>(spec: S): InferValue<S>

// Scalars map to their primitive.
expectType<string>(infer({ type: 'string' }))
expectType<number>(infer({ type: 'number' }))
expectType<number>(infer({ type: 'integer' }))
expectType<boolean>(infer({ type: 'boolean' }))
expectType<null>(infer({ type: 'null' }))

// Literal constraints survive: const over enum over the primitive.
expectType<'a' | 'b'>(infer({ type: 'string', enum: ['a', 'b'] }))
expectType<1 | 2>(infer({ type: 'integer', enum: [1, 2] }))
expectType<true>(infer({ type: 'boolean', enum: [true] }))
expectType<'fixed'>(infer({ type: 'string', const: 'fixed' }))
expectType<'b'>(infer({ type: 'string', enum: ['a', 'b'], const: 'b' }))
expectType<3>(infer({ type: 'number', const: 3 }))

// Arrays: typed items, or any JSON item without `items`.
expectType<string[]>(infer({ type: 'array', items: { type: 'string' } }))
expectType<('x' | 'y')[]>(infer({ type: 'array', items: { type: 'string', enum: ['x', 'y'] } }))
expectType<JsonValue[]>(infer({ type: 'array' }))

// Objects: openness follows the literal additionalProperties.
const closed = infer({
  type: 'object',
  additionalProperties: false,
  properties: { id: { type: 'integer', required: true }, label: { type: 'string' } },
})
expectType<{ id: number; label?: string }>(closed)
expectError<typeof closed>({ id: 1, extra: 'no' })

const open = infer({
  type: 'object',
  additionalProperties: true,
  properties: { id: { type: 'integer', required: true } },
})
expectAssignable<typeof open>({ id: 1, extra: ['any', { json: null }] })
expectError<typeof open>({ extra: 1 })
expectType<number>(open.id)
expectType<JsonValue>(open['extra'])

expectType<Record<string, JsonValue>>(infer({ type: 'object', additionalProperties: true }))
expectType<Record<string, never>>(infer({ type: 'object', additionalProperties: false }))

// json is any lossless JSON value.
expectType<JsonValue>(infer({ type: 'json' }))
expectType<JsonValue>(infer({ type: 'json', description: 'anything' }))

// oneOf is the union of its branches.
expectType<string | number>(infer({ oneOf: [{ type: 'string' }, { type: 'number' }] }))
expectType<'on' | null | boolean[]>(
  infer({ oneOf: [{ type: 'string', const: 'on' }, { type: 'null' }, { type: 'array', items: { type: 'boolean' } }] }),
)

// Annotations never change the inferred type.
expectType<string>(infer({ type: 'string', title: 't', description: 'd', default: 'x', examples: ['y'] }))
