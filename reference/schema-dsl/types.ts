/**
 * Author-facing types of the schema DSL (seed 000 §统一的 JSON 值 schema DSL;
 * DSL-17..19). One vocabulary describes both tool parameters and
 * canonical output values; `InferValue`/`InferArgs` turn a declaration into
 * the TypeScript type the runtime validation admits.
 */
import type { ContentBlock, JsonValue, ToolExecution, ToolExecutionResult, ToolResult, ToolRunContext } from '../../conformance/spec/types.ts'

/** Annotations any value spec may carry; they are copied to the compiled schema and never constrain values. */
export interface ValueSchemaAnnotations {
  readonly description?: string
  readonly title?: string
  readonly default?: JsonValue
  readonly examples?: JsonValue
}

/** A JSON string, optionally restricted to `enum` members or one `const`. */
export interface StringValueSchemaSpec extends ValueSchemaAnnotations {
  readonly type: 'string'
  readonly enum?: readonly string[]
  readonly const?: string
}

/** A finite JSON number (never NaN, ±Infinity or -0). */
export interface NumberValueSchemaSpec extends ValueSchemaAnnotations {
  readonly type: 'number'
  readonly enum?: readonly number[]
  readonly const?: number
}

/** A JSON number that is an integer. */
export interface IntegerValueSchemaSpec extends ValueSchemaAnnotations {
  readonly type: 'integer'
  readonly enum?: readonly number[]
  readonly const?: number
}

export interface BooleanValueSchemaSpec extends ValueSchemaAnnotations {
  readonly type: 'boolean'
  readonly enum?: readonly boolean[]
  readonly const?: boolean
}

export interface NullValueSchemaSpec extends ValueSchemaAnnotations {
  readonly type: 'null'
  readonly enum?: readonly null[]
  readonly const?: null
}

/** A JSON array; without `items` its elements are any lossless JSON. */
export interface ArrayValueSchemaSpec extends ValueSchemaAnnotations {
  readonly type: 'array'
  readonly items?: ValueSchemaSpec
}

/**
 * A JSON object. Openness is mandatory: `additionalProperties` says whether
 * undeclared keys are accepted. `properties` is a property map like a tool's
 * parameters, with its own `required: true` markers.
 */
export interface ObjectValueSchemaSpec extends ValueSchemaAnnotations {
  readonly type: 'object'
  readonly properties?: ParameterSchemaSpec
  readonly additionalProperties: boolean
}

/** Any lossless JSON value. Author-side only: it compiles to an annotation-only schema. */
export interface JsonValueSchemaSpec extends ValueSchemaAnnotations {
  readonly type: 'json'
}

/** A value matching exactly one of at least two branches. */
export interface OneOfValueSchemaSpec extends ValueSchemaAnnotations {
  readonly oneOf: readonly [ValueSchemaSpec, ValueSchemaSpec, ...ValueSchemaSpec[]]
  readonly type?: never
}

/** One author-facing schema for any lossless JSON value root. */
export type ValueSchemaSpec =
  | StringValueSchemaSpec
  | NumberValueSchemaSpec
  | IntegerValueSchemaSpec
  | BooleanValueSchemaSpec
  | NullValueSchemaSpec
  | ArrayValueSchemaSpec
  | ObjectValueSchemaSpec
  | JsonValueSchemaSpec
  | OneOfValueSchemaSpec

/** One entry of a property map: a value spec, optionally marked `required: true`. */
export type ParameterPropertySpec = ValueSchemaSpec & { required?: true }

/**
 * A tool's parameters (and an object spec's `properties`): an implicitly
 * open object whose keys are the property names. Symbol keys are refused.
 */
export type ParameterSchemaSpec = {
  [key: string]: ParameterPropertySpec
  [key: symbol]: never
}

// ---- Inference ------------------------------------------------------------

/**
 * Nesting levels inferred exactly (DSL-17, DSL-31). Every array, object and
 * `oneOf` node a path passes through is one level; whatever sits below
 * `MaxDepth` levels, a scalar or a container, is `JsonValue`. So a literal
 * inside 15 nested containers survives, 16 nested containers keep their shape
 * around `JsonValue`, and a recursive or wide spec type cannot send
 * inference into an unbounded regress.
 */
type MaxDepth = 16
type Deeper<D extends unknown[]> = [...D, unknown]

type InferScalar<S, P> = S extends { readonly const: infer C extends P } ? C : S extends { readonly enum: readonly (infer E extends P)[] } ? E : P

/** `oneOf` branches; `D` already counts the `oneOf` node. */
type InferBranches<B, D extends unknown[]> = B extends readonly (infer V)[] ? (V extends unknown ? InferValueAt<V, D> : never) : JsonValue

/** An array's items; `D` already counts the array. */
type InferArray<S, D extends unknown[]> = S extends { readonly items: infer I } ? InferValueAt<I, D>[] : JsonValue[]

/** An object's properties and openness; `D` already counts the object. */
type InferObject<S, D extends unknown[]> = S extends { readonly properties: infer P }
  ? S extends { readonly additionalProperties: false }
    ? InferProperties<P, D>
    : InferProperties<P, D> & Record<string, JsonValue>
  : S extends { readonly additionalProperties: false }
    ? Record<string, never>
    : Record<string, JsonValue>

/** Inference of a node below `D` levels (a tuple whose length counts them). */
type InferValueAt<S, D extends unknown[]> = D['length'] extends MaxDepth
  ? JsonValue
  : S extends { readonly oneOf: infer B }
    ? InferBranches<B, Deeper<D>>
    : S extends { readonly type: infer T }
      ? T extends 'string'
        ? InferScalar<S, string>
        : T extends 'number' | 'integer'
          ? InferScalar<S, number>
          : T extends 'boolean'
            ? InferScalar<S, boolean>
            : T extends 'null'
              ? null
              : T extends 'array'
                ? InferArray<S, Deeper<D>>
                : T extends 'object'
                  ? InferObject<S, Deeper<D>>
                  : JsonValue
      : JsonValue

type RequiredKeys<P> = { [K in keyof P]-?: P[K] extends { readonly required: true } ? K : never }[keyof P] & string
type OptionalKeys<P> = Exclude<keyof P & string, RequiredKeys<P>>
type Flatten<T> = { [K in keyof T]: T[K] }

type InferProperties<P, D extends unknown[]> = Flatten<
  { -readonly [K in RequiredKeys<P>]: InferValueAt<P[K], D> } & { -readonly [K in OptionalKeys<P>]?: InferValueAt<P[K], D> }
>

/**
 * The TypeScript type of the values a value spec accepts. A scalar's `const`
 * literal wins over its `enum` members, which win over the primitive; an
 * object's openness follows its literal `additionalProperties`; `oneOf` is
 * the union of its branches. Exact for 16 levels of arrays, objects and
 * `oneOf` (see `MaxDepth`), then `JsonValue`.
 */
export type InferValue<S> = InferValueAt<S, []>

/** The argument object a parameter map accepts: `required: true` keys are required, the rest optional. */
export type InferArgs<S> = InferProperties<S, []>

// ---- defineTool -----------------------------------------------------------

/** The canonical output declaration of a `defineTool` tool, typed by its schema. */
export interface DefineToolOutput<S extends ParameterSchemaSpec, O extends ValueSchemaSpec> {
  readonly schema: O
  /** Pure projection of the validated value to model content. Arguments are not re-validated. */
  render(args: InferArgs<NoInfer<S>>, value: InferValue<NoInfer<O>>): ContentBlock[]
  /** Pure replayable projection computed for top-level calls only. */
  presentationMeta?(args: InferArgs<NoInfer<S>>, value: InferValue<NoInfer<O>>): JsonValue
}

/**
 * What an author hands to `defineTool`. `S` and `O` are inferred as `const`
 * type parameters, so literal `enum`/`const` members survive into the
 * argument and value types.
 */
export interface DefineToolOptions<S extends ParameterSchemaSpec, O extends ValueSchemaSpec> {
  readonly name: string
  readonly description: string
  readonly parameters: S
  readonly output: DefineToolOutput<S, O>
  /** Cooperative deadline in milliseconds; must be a positive finite number when given. */
  readonly timeoutMs?: number
  /** Called only with arguments that pass validation; invalid arguments classify as exclusive. */
  isConcurrencySafe?(args: InferArgs<NoInfer<S>>): boolean
  /** The body. It runs only after the arguments passed validation. */
  execute(args: InferArgs<NoInfer<S>>, exec: ToolRunContext): Promise<InferValue<NoInfer<O>>>
  /** Passed through untouched: it sees every outcome, including invalid input, so its arguments are untyped. */
  finalizeContent?(exec: Readonly<ToolExecution>, result: Readonly<ToolExecutionResult>): ContentBlock[] | undefined
  /** UI render intent for a pending call; not called for arguments that fail validation. */
  presentCall?(args: InferArgs<NoInfer<S>>): unknown
  /** UI render intent for a completed call; not called for arguments that fail validation. */
  presentResult?(args: InferArgs<NoInfer<S>>, result: ToolResult): unknown
}
