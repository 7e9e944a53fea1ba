// DSL-17: exact inference for 16 container levels, JsonValue beyond, and no
// "excessively deep" instantiation error for much deeper specs.
import { expectType } from 'tsd'
import type { InferValue, JsonValue } from 'dsh-tck-types-under-test'
import type { NestedArray, NestedArraySpec, NestedObject, NestedObjectSpec } from './_nest.ts'

type Str = { readonly type: 'string' }

// 16 array levels: exact down to the leaf.
declare const arrays16: InferValue<NestedArraySpec<16, Str>>
expectType<NestedArray<16, string>>(arrays16)
// Deep instantiations can compare as related when they are not: check the leaf too.
expectType<string>(arrays16[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0])

// 17 array levels: the 17th container is no longer inferred exactly.
declare const arrays17: InferValue<NestedArraySpec<17, Str>>
expectType<NestedArray<16, JsonValue>>(arrays17)
expectType<JsonValue>(arrays17[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0])

// 16 object levels: exact, closed at every level.
declare const objects16: InferValue<NestedObjectSpec<16, Str>>
expectType<NestedObject<16, string>>(objects16)
expectType<string>(objects16.next.next.next.next.next.next.next.next.next.next.next.next.next.next.next.next)

// 17 object levels: the 17th object is any JSON value.
declare const objects17: InferValue<NestedObjectSpec<17, Str>>
expectType<NestedObject<16, JsonValue>>(objects17)
expectType<JsonValue>(objects17.next.next.next.next.next.next.next.next.next.next.next.next.next.next.next.next)

// Far deeper specs still type-check and stay JSON-shaped.
declare const arrays50: InferValue<NestedArraySpec<50, Str>>
expectType<NestedArray<16, JsonValue>>(arrays50)
expectType<JsonValue>(arrays50[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0])
declare const objects50: InferValue<NestedObjectSpec<50, Str>>
expectType<NestedObject<16, JsonValue>>(objects50)
expectType<JsonValue>(objects50.next.next.next.next.next.next.next.next.next.next.next.next.next.next.next.next)
