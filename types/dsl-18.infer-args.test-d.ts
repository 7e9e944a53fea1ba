// DSL-18: InferArgs makes `required: true` keys required and every other key
// optional, at the root and inside nested object properties, and defineTool
// keeps enum/const literals in the argument type.
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
