/**
 * The JSON-Schema validation fixtures (fixtures/json-schema/validation/) as
 * conformance tests, and the validation helpers the JSV suite files share.
 *
 * The JSV area's tests live in `jsv.test.ts` and in `jsv.<shard>.test.ts`
 * files: vitest runs files in parallel and the tests of one file one after
 * another, so each slow fixture group (the 5,000-level ones, which take a slow
 * validator tens of seconds) gets a file of its own. {@link SHARDS} says which
 * group goes where; every other group stays in `jsv.test.ts`.
 */
import { $Object } from './intrinsics.ts'
import { expect } from 'vitest'
import type { SchemaApi } from '../../adapter/contract.ts'
import { getRule } from '../../catalogue/index.ts'
import type { RuleId } from '../../catalogue/index.ts'
import type { JsonSchemaNode } from '../../spec/types.ts'
import { loadJsonSchemaFixtures } from '../../fixtures/json-schema-fixtures.ts'
import type { FixtureOrigin, ValidationGroup, ValidationTest } from '../../fixtures/json-schema-fixtures.ts'
import { check } from './check.ts'
import { precondition } from './incidental.ts'
import { inForeignRealm } from './realm.ts'
import { namesExactPath } from './schema-errors.ts'
import { reportOf } from './verdicts.ts'

/**
 * Validates: the violations returned, or one entry standing for a throw (how
 * validation reports is open, OP-26; that it returns strings and never throws
 * is JSV-16's, charged incidentally by {@link reportOf}).
 */
export function validate(schema: SchemaApi, node: unknown, value: unknown, label?: string): string[] {
  return reportOf('JSV-16', () =>
    label === undefined ? schema.validateJsonSchemaValue(node as JsonSchemaNode, value) : schema.validateJsonSchemaValue(node as JsonSchemaNode, value, label),
  )
}

/** Asserts the schema first, as every caller of validation must. */
export function asserted(schema: SchemaApi, node: unknown): JsonSchemaNode {
  schema.assertSupportedJsonSchema(node)
  return node as JsonSchemaNode
}

/**
 * A precondition owned by JSV-07 (seed 000 §已强制执行的原始 JSON Schema 子集:
 * an `integer` node accepts only integral numbers): the validator rejects 1.5
 * for `{ type: 'integer' }`. For a test that uses a fraction as a value an
 * integer node refuses, as a means to check something else (which oneOf
 * branches match, that every array item is validated, that validateArgs
 * checks each property): a validator that takes `integer` for `number` then
 * fails JSV-07, whose own tests catch it, rather than those rules (issue 39).
 */
export function integerRefusesFractions(schema: SchemaApi): void {
  precondition('JSV-07', () => expect(validate(schema, asserted(schema, { type: 'integer' }), 1.5), 'an integer node rejects 1.5 (JSV-07)').not.toEqual([]))
}

/** Fixture groups declared in a suite file of their own: shard name → the group's file and pointer. */
export const SHARDS: Readonly<Record<string, FixtureOrigin>> = {
  'deep-arrays': { file: 'validation/deep.json', pointer: '/0' },
  'deep-objects': { file: 'validation/deep.json', pointer: '/1' },
}

const sameOrigin = (a: FixtureOrigin, b: FixtureOrigin): boolean => a.file === b.file && a.pointer === b.pointer

/** True when `group` belongs to one of the {@link SHARDS}. */
export function isSharded(group: FixtureOrigin): boolean {
  return $Object.values(SHARDS).some((origin) => sameOrigin(origin, group))
}

/** Selects the groups of one shard; throws for an unknown shard name. */
export function inShard(name: string): (group: FixtureOrigin) => boolean {
  const origin = SHARDS[name]
  if (origin === undefined) throw new Error(`no validation fixture shard named "${name}"`)
  return (group) => sameOrigin(origin, group)
}

const jsvMust = (ids: readonly RuleId[]): RuleId[] => {
  // must and upstream rules (those that fail registries under some profile), never should ones.
  const must = ids.filter((id) => id.startsWith('JSV-') && getRule(id).level !== 'should' && id !== 'JSV-02')
  return must.length > 0 ? must : ['JSV-01']
}

function runTest(schema: SchemaApi, g: ValidationGroup, t: ValidationTest, foreign: boolean): string[] {
  const node = foreign ? inForeignRealm(g.schema.build()) : g.schema.build()
  const data = foreign ? inForeignRealm(t.data.build()) : t.data.build()
  return validate(schema, asserted(schema, node), data, t.label)
}

/** Declares the tests of every validation fixture group that `select` picks, as `check()` tests. */
export function declareValidationFixtures(select: (group: ValidationGroup) => boolean): void {
  const groups = loadJsonSchemaFixtures().validation.filter(select)
  if (groups.length === 0) throw new Error('declareValidationFixtures selected no fixture group')
  for (const g of groups) {
    // A sharded group is one of the 5,000-level ones: its tests may compute for the whole stall limit (check.ts, `heavy`).
    const weight = isSharded(g) ? ({ heavy: true } as const) : {}
    for (const t of g.tests) {
      const title = `fixture ${t.file}#${t.pointer}: ${g.description}: ${t.description}`
      check(
        jsvMust(t.rules),
        `${title} is ${t.valid ? 'valid' : 'invalid'}`,
        ({ schema }) => {
          expect(runTest(schema, g, t, false).length === 0).toBe(t.valid)
        },
        weight,
      )
      if (g.foreignRealm) {
        // The assertion side of other realms (JSS-09) is checked in jss.test.ts; here the JSV rules promise any realm.
        check(
          jsvMust(t.rules),
          `${title} is ${t.valid ? 'valid' : 'invalid'} (foreign realm)`,
          ({ schema }) => {
            expect(runTest(schema, g, t, true).length === 0).toBe(t.valid)
          },
          weight,
        )
      }
      const paths = t.paths
      if (paths !== undefined) {
        // Only where violations point: whether enough are reported is the validity test's business (and its rules').
        check(
          'JSV-02',
          `${title}: violations name ${paths.join(', ')}`,
          ({ schema }) => {
            for (const v of runTest(schema, g, t, false))
              expect(
                paths.some((p) => namesExactPath(v, p)),
                `"${v}" names none of ${paths.join(', ')}`,
              ).toBe(true)
          },
          weight,
        )
      }
      const messages = t.messages
      if (messages !== undefined) {
        check(
          'JSV-11',
          `${title}: violation texts`,
          ({ schema }) => {
            expect([...runTest(schema, g, t, false)].sort()).toEqual([...messages].sort())
          },
          weight,
        )
      }
      if (t.rules.includes('JSV-12')) {
        // Order is judged by the paths (listed in the expected order), so wording differences do not count here.
        check(
          'JSV-12',
          `${title}: violation order`,
          ({ schema }) => {
            const order = paths ?? []
            const violations = runTest(schema, g, t, false)
            expect(violations.map((v) => order.findIndex((p) => namesExactPath(v, p)))).toEqual(order.map((_, i) => i))
          },
          weight,
        )
      }
    }
  }
}
