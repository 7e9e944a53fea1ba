// DSL-31: where the 16-level bound of InferValue falls, counted as upstream
// counts it: every array, object and oneOf node is a level, and any node
// inside 16 levels is JsonValue, a scalar leaf included.
import { expectType } from 'tsd'
import type { InferValue, JsonValue } from 'dsh-tck-types-under-test'
import type { LiteralLeaf, NestedArray, NestedArraySpec, NestedObject, NestedObjectSpec } from './_nest.ts'

// The leaf inside 16 nested arrays is past the bound.
declare const arrays16: InferValue<NestedArraySpec<16, LiteralLeaf>>
expectType<NestedArray<16, JsonValue>>(arrays16)
expectType<JsonValue>(arrays16[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0])

// The leaf inside 16 nested objects is past the bound.
declare const objects16: InferValue<NestedObjectSpec<16, LiteralLeaf>>
expectType<NestedObject<16, JsonValue>>(objects16)
expectType<JsonValue>(objects16.next.next.next.next.next.next.next.next.next.next.next.next.next.next.next.next)

// A oneOf is a level of its own: inside 14 arrays its branches are exact, inside 15 they are past the bound.
type Either = { readonly oneOf: readonly [LiteralLeaf, { readonly type: 'null' }] }
declare const either14: InferValue<NestedArraySpec<14, Either>>
expectType<'leaf' | null>(either14[0][0][0][0][0][0][0][0][0][0][0][0][0][0])
declare const either15: InferValue<NestedArraySpec<15, Either>>
expectType<JsonValue>(either15[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0])
