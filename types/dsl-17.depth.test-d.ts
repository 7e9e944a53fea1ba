// DSL-17: exact inference within 16 container levels, JsonValue beyond, and no
// "excessively deep" instantiation error for much deeper specs. Only what every
// reading of the bound agrees on is checked here; whether the value directly
// inside the 16th container is still exact is DSL-31 (should).
import { expectAssignable, expectType } from 'tsd'
import type { InferValue, JsonValue } from 'dsh-tck-types-under-test'
import type { LiteralLeaf, NestedArray, NestedArraySpec, NestedObject, NestedObjectSpec } from './_nest.ts'

// 15 array levels: exact down to the literal leaf.
declare const arrays15: InferValue<NestedArraySpec<15, LiteralLeaf>>
expectType<NestedArray<15, 'leaf'>>(arrays15)
// Deep instantiations can compare as related when they are not: check the leaf too.
expectType<'leaf'>(arrays15[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0])

// 16 array levels: the 16th container is still an array (of the leaf or of JSON values).
declare const arrays16: InferValue<NestedArraySpec<16, LiteralLeaf>>
expectAssignable<JsonValue[]>(arrays16[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0])

// 17 array levels: the 17th container is no longer inferred exactly.
declare const arrays17: InferValue<NestedArraySpec<17, LiteralLeaf>>
expectType<NestedArray<16, JsonValue>>(arrays17)
expectType<JsonValue>(arrays17[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0])

// 15 object levels: exact, closed at every level.
declare const objects15: InferValue<NestedObjectSpec<15, LiteralLeaf>>
expectType<NestedObject<15, 'leaf'>>(objects15)
expectType<'leaf'>(objects15.next.next.next.next.next.next.next.next.next.next.next.next.next.next.next)

// 16 object levels: the 16th object still has exactly its one required key.
declare const objects16: InferValue<NestedObjectSpec<16, LiteralLeaf>>
declare const keys16: keyof typeof objects16.next.next.next.next.next.next.next.next.next.next.next.next.next.next.next
expectType<'next'>(keys16)
expectAssignable<{ next: JsonValue }>(objects16.next.next.next.next.next.next.next.next.next.next.next.next.next.next.next)

// 17 object levels: the 17th object is any JSON value.
declare const objects17: InferValue<NestedObjectSpec<17, LiteralLeaf>>
expectType<NestedObject<16, JsonValue>>(objects17)
expectType<JsonValue>(objects17.next.next.next.next.next.next.next.next.next.next.next.next.next.next.next.next)

// Far deeper specs still type-check and stay JSON-shaped.
declare const arrays50: InferValue<NestedArraySpec<50, LiteralLeaf>>
expectType<NestedArray<16, JsonValue>>(arrays50)
expectType<JsonValue>(arrays50[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0])
declare const objects50: InferValue<NestedObjectSpec<50, LiteralLeaf>>
expectType<NestedObject<16, JsonValue>>(objects50)
expectType<JsonValue>(objects50.next.next.next.next.next.next.next.next.next.next.next.next.next.next.next.next)
