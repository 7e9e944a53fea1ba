/**
 * A deep parameter map for the DSL-11 / DSL-13 depth tests (dsl.test.ts and
 * dsl.deep-args.test.ts): `levels` nested objects under key `n`, closed by
 * `additionalProperties: false`, around a string `leaf`, the root entry
 * required; and arguments that follow it all the way down to `leaf`. Only the
 * map's own entry carries `required: true`: how an object spec marks
 * requiredness is open (OP-22, DSL-36).
 */
export function nestedPropertyMap(levels: number, leaf: unknown): { spec: Record<string, unknown>; args: Record<string, unknown> } {
  let spec: Record<string, unknown> = { leaf: { type: 'string' } }
  let args: Record<string, unknown> = { leaf }
  for (let i = 0; i < levels; i++) {
    spec = { n: { type: 'object', additionalProperties: false, ...(i === levels - 1 ? { required: true } : {}), properties: spec } }
    args = { n: args }
  }
  return { spec, args }
}
