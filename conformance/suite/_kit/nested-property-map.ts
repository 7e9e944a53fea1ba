/**
 * A deep parameter map for the DSL-11 / DSL-13 depth tests (dsl.test.ts and
 * dsl.deep-args.test.ts): `levels` nested required objects under key `n`,
 * closed by `additionalProperties: false`, around a required string `leaf`;
 * and arguments that follow it all the way down to `leaf`.
 */
export function nestedPropertyMap(levels: number, leaf: unknown): { spec: Record<string, unknown>; args: Record<string, unknown> } {
  let spec: Record<string, unknown> = { leaf: { type: 'string', required: true } }
  let args: Record<string, unknown> = { leaf }
  for (let i = 0; i < levels; i++) {
    spec = { n: { type: 'object', additionalProperties: false, required: true, properties: spec } }
    args = { n: args }
  }
  return { spec, args }
}
