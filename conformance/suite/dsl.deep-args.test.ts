// DSL shard "deep-args": one slow case, in a file of its own so it runs in parallel with the rest
// (conformance/grade/engine/slow-first.ts starts it first). A validator that re-walks every subtree it
// accepts, as upstream's does, is quadratic in the depth of a valid chain: 10 s or more at 5,000 levels.
import { expect } from 'vitest'
import { nestingDepth } from '../fixtures/nesting-depth.ts'
import { check } from './_kit/check.ts'
import { nestedPropertyMap } from './_kit/nested-property-map.ts'

check(
  'JSV-14',
  'validateArgs accepts arguments that follow a 5,000-level property map to its leaf',
  ({ schema }) => {
    const { spec, args } = nestedPropertyMap(nestingDepth(5000), 'x')

    expect(schema.validateArgs(spec, args)).toEqual([])
  },
  { heavy: true },
)
