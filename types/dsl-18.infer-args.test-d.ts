// DSL-18: InferArgs makes `required: true` keys required and every other key
// optional, at the root and inside nested object properties (array items
// included), and defineTool keeps enum/const literals in the argument type it
// gives execute. The classifier's and presenters' argument types are DSL-41's.
import { expectAssignable, expectError, expectType } from 'tsd'
import { defineTool, type InferArgs } from 'dsh-tck-types-under-test'

declare function args<const P>(parameters: P): InferArgs<P>

const flat = args({
  path: { type: 'string', required: true },
  limit: { type: 'integer' },
  mode: { type: 'string', enum: ['r', 'w'] },
})
expectType<{ path: string; limit?: number; mode?: 'r' | 'w' }>(flat)
expectAssignable<typeof flat>({ path: '/a' })
expectError<typeof flat>({ limit: 1 })
expectError<typeof flat>({ path: 1 })

// Requiredness is decided per level.
const nested = args({
  config: {
    type: 'object',
    required: true,
    additionalProperties: false,
    properties: {
      host: { type: 'string', required: true },
      port: { type: 'integer' },
      tls: {
        type: 'object',
        additionalProperties: false,
        properties: { cert: { type: 'string', required: true }, verify: { type: 'boolean' } },
      },
    },
  },
  note: { type: 'string' },
})
expectType<{
  config: { host: string; port?: number; tls?: { cert: string; verify?: boolean } }
  note?: string
}>(nested)
expectAssignable<typeof nested>({ config: { host: 'h' } })
expectAssignable<typeof nested>({ config: { host: 'h', tls: { cert: 'c' } } })
expectError<typeof nested>({})
expectError<typeof nested>({ config: {} })
expectError<typeof nested>({ config: { host: 'h', tls: { verify: true } } })

// An empty parameter map accepts the empty object; all-optional maps accept it too.
expectAssignable<InferArgs<{}>>({})
expectAssignable<InferArgs<{ a: { type: 'string' } }>>({})

// defineTool infers its parameters as const: literals reach the body.
defineTool({
  name: 'pick',
  description: 'picks',
  parameters: {
    color: { type: 'string', enum: ['red', 'green'], required: true },
    level: { type: 'integer', const: 3 },
    items: { type: 'array', items: { type: 'string', const: 'x' } },
  },
  output: { schema: { type: 'null' }, render: () => [] },
  async execute(input) {
    expectType<{ color: 'red' | 'green'; level?: 3; items?: 'x'[] }>(input)
    return null
  },
})

// Array properties infer their items, arrays of open objects included: each
// element keeps its required keys and admits extra JSON members.
const listed = args({
  names: { type: 'array', required: true, items: { type: 'string' } },
  servers: {
    type: 'array',
    items: { type: 'object', additionalProperties: true, properties: { host: { type: 'string', required: true }, port: { type: 'number' } } },
  },
})
expectType<string[]>(listed.names)
expectAssignable<typeof listed>({ names: [] })
expectAssignable<typeof listed>({ names: ['a'], servers: [{ host: 'h' }, { host: 'h', port: 1, extra: [null, { deep: true }] }] })
expectError<typeof listed>({ servers: [] })
expectError<typeof listed>({ names: [1] })
expectError<typeof listed>({ names: [], servers: [{ port: 1 }] })
expectError<typeof listed>({ names: [], servers: [{ host: 'h', extra: () => 1 }] })
