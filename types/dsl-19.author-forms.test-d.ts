// DSL-19: author forms the DSL refuses at compile time, and defineTool's
// typing of execute / render / presentationMeta by the inferred output value.
// Refusing a short oneOf and mistyped enum/const at type level is DSL-41's.
import { expectType } from 'tsd'
import { defineTool, type ParameterSchemaSpec, type ValueSchemaSpec } from 'dsh-tck-types-under-test'

// An object spec must state its openness.
// @ts-expect-error additionalProperties is mandatory
const noOpenness: ValueSchemaSpec = { type: 'object', properties: {} }
const stated: ValueSchemaSpec = { type: 'object', properties: {}, additionalProperties: false }

// required is only ever `true`.
// @ts-expect-error required: false
const requiredFalse: ParameterSchemaSpec = { a: { type: 'string', required: false } }
const requiredTrue: ParameterSchemaSpec = { a: { type: 'string', required: true } }

// A property map has string keys only.
const key = Symbol('k')
// @ts-expect-error a symbol key in a parameter map
const symbolKey: ParameterSchemaSpec = { [key]: { type: 'string' } }


// execute, render and presentationMeta are typed by the inferred output value.
defineTool({
  name: 'count',
  description: 'counts',
  parameters: { text: { type: 'string', required: true } },
  output: {
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: { n: { type: 'integer', required: true }, unit: { type: 'string', enum: ['chars', 'words'] } },
    },
    render(input, value) {
      expectType<{ text: string }>(input)
      expectType<{ n: number; unit?: 'chars' | 'words' }>(value)
      return [{ type: 'text', text: String(value.n) }]
    },
    presentationMeta(input, value) {
      expectType<{ text: string }>(input)
      expectType<{ n: number; unit?: 'chars' | 'words' }>(value)
      return { n: value.n }
    },
  },
  async execute(input) {
    expectType<{ text: string }>(input)
    return { n: input.text.length }
  },
})

// A body whose value does not fit the output schema does not compile.
defineTool({
  name: 'bad',
  description: 'returns the wrong value',
  parameters: {},
  output: { schema: { type: 'string', enum: ['ok'] }, render: () => [] },
  // @ts-expect-error 'nope' is not in the output enum
  async execute() {
    return 'nope'
  },
})

// A renderer that expects a value the schema does not produce does not compile.
defineTool({
  name: 'bad-render',
  description: 'renders the wrong value',
  parameters: {},
  output: {
    schema: { type: 'number' },
    // @ts-expect-error the value is a number, not a string
    render: (_input: {}, value: string) => [{ type: 'text', text: value }],
  },
  async execute() {
    return 1
  },
})

export { noOpenness, stated, requiredFalse, requiredTrue, symbolKey }
