// DSL-41 (upstream): what DSL-18 and DSL-19 asserted beyond their quotes. The
// seeds bind argument inference to validation and execute, and state the
// oneOf arity and the enum/const typing without saying the type system
// enforces them; upstream's types do both.
import { expectType } from 'tsd'
import { defineTool, type ValueSchemaSpec } from 'dsh-tck-types-under-test'

// oneOf needs at least two branches.
// @ts-expect-error a one-branch oneOf
const oneBranch: ValueSchemaSpec = { oneOf: [{ type: 'string' }] }
// @ts-expect-error an empty oneOf
const noBranch: ValueSchemaSpec = { oneOf: [] }
const twoBranches: ValueSchemaSpec = { oneOf: [{ type: 'string' }, { type: 'null' }] }

// enum and const values must fit the node type.
// @ts-expect-error numbers in a string enum
const wrongEnum: ValueSchemaSpec = { type: 'string', enum: [1, 2] }
// @ts-expect-error a string const on an integer node
const wrongConst: ValueSchemaSpec = { type: 'integer', const: 'one' }

// defineTool hands the same inferred arguments to the classifier and the presenters.
defineTool({
  name: 'present',
  description: 'presents',
  parameters: { path: { type: 'string', required: true }, n: { type: 'number' } },
  output: { schema: { type: 'null' }, render: () => [] },
  async execute() {
    return null
  },
  isConcurrencySafe(input) {
    expectType<{ path: string; n?: number }>(input)
    return true
  },
  presentCall(input) {
    expectType<{ path: string; n?: number }>(input)
    return { card: 'generic', title: input.path }
  },
  presentResult(input) {
    expectType<{ path: string; n?: number }>(input)
    return { card: 'generic', title: input.path }
  },
})

export { oneBranch, noBranch, twoBranches, wrongEnum, wrongConst }
