// Builders for deeply nested specs and the value types they should infer.
// Imported by the depth suites; not a suite itself.

/** A string leaf with a literal constraint, inferred as `'leaf'` while inference is exact. */
export type LiteralLeaf = { readonly type: 'string'; readonly enum: readonly ['leaf'] }

/** `N` nested `{ type: 'array', items }` specs around `Leaf`. */
export type NestedArraySpec<N extends number, Leaf, C extends unknown[] = []> = C['length'] extends N
  ? Leaf
  : { readonly type: 'array'; readonly items: NestedArraySpec<N, Leaf, [...C, unknown]> }

/** `N` nested arrays around `Leaf`: `Leaf[][]…`. */
export type NestedArray<N extends number, Leaf, C extends unknown[] = []> = C['length'] extends N ? Leaf : NestedArray<N, Leaf, [...C, unknown]>[]

/** `N` nested closed objects `{ readonly type: 'object', additionalProperties: false, properties: { next: … required } }` around `Leaf`. */
export type NestedObjectSpec<N extends number, Leaf, C extends unknown[] = []> = C['length'] extends N
  ? Leaf
  : {
      readonly type: 'object'
      readonly additionalProperties: false
      readonly properties: { readonly next: NestedObjectSpec<N, Leaf, [...C, unknown]> & { readonly required: true } }
    }

/** The value of {@link NestedObjectSpec}: `{ next: { next: … Leaf } }`. */
export type NestedObject<N extends number, Leaf, C extends unknown[] = []> = C['length'] extends N ? Leaf : { next: NestedObject<N, Leaf, [...C, unknown]> }
