/**
 * The other sides of the open points, as reference/choices.ts implements them
 * (conformance/catalogue/open-points.ts describes each side; RegistryChoices
 * documents the option that takes it). fixtures/choices grades the reference
 * under these sides, but no conformance test may pin a side that is not
 * upstream's at must level, so the details of each side are checked here: if a
 * side degenerated (the pointer form lost its escaping, `throws` stopped
 * throwing for one validator), the kit's claim to grade both sides of an open
 * point would be weaker than stated. Each test names its open point.
 *
 * Not pinned here, listed in conformance/adequacy/equivalent-mutants.ts instead:
 * the `stack.length > 0` bound of OP-27's walk and its `'value' in slot` guard
 * (an empty pop or an accessor's missing value ends the same way), and OP-45's
 * object test before the top-level freeze (Object.freeze returns a primitive,
 * null or undefined as it is).
 */
import { describe, expect, test } from 'vitest'
import {
  assertSupportedUnder,
  bindingArgument,
  bindingRejection,
  cancellationContexts,
  checkDeferredContext,
  countedParent,
  encodeCompiled,
  errorInfoOf,
  failureBlocks,
  firstSubCallNumber,
  guardDenialReason,
  guardDenies,
  hasExtraDecisionFields,
  losslessFailure,
  missingRuntimeError,
  outputSnapshot,
  ownKeySchema,
  pointerPath,
  presentationChanged,
  recodeSchemaError,
  refuseUnordinaryRecords,
  rejectsOnApprovalFailure,
  reportViolations,
  schemaUnderChoices,
  stageError,
  stageFailurePrefix,
  withAbsentKeys,
} from './choices.ts'
import { HarnessError, JsonSchemaError, ToolArgsError } from './errors.ts'
import { assertObjectJsonSchema, assertSupportedJsonSchema, validateJsonSchemaValue } from './json-schema/index.ts'
import { parameterSchemaSpecToJsonSchema, valueSchemaSpecToJsonSchema } from './schema-dsl/index.ts'
import type { ToolExecutionResult, UserMessage } from '../conformance/spec/types.ts'

/** What `run` throws (fails the test when it returns). */
function thrownBy(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}

/** A schema read back, walked without checks (the assertions check what is there). */
interface Tree {
  [key: string]: Tree
}

/** A record with no prototype holding `entries`. */
function bare(entries: Record<string, unknown> = {}): Record<string, unknown> {
  return Object.assign(Object.create(null) as Record<string, unknown>, entries)
}

describe('OP-20 (schemaPathSyntax: pointer): a violation’s leading path as a JSON Pointer', () => {
  test('OP-20: root token, `.key` and `[i]` segments become `#/…`, `~` and `/` escaped as ~0 and ~1, the rest kept', () => {
    expect(pointerPath('schema.a[10].b/c~d must be a string')).toBe('#/a/10/b~1c~0d must be a string')
    expect(pointerPath('parameters.properties.x.type must be one of the subset types')).toBe('#/properties/x/type must be one of the subset types')
    expect(pointerPath('schema.oneOf[3] must be an object')).toBe('#/oneOf/3 must be an object')
  })

  test('OP-20: the root alone is `#`, and a path that is the whole violation is converted too', () => {
    expect(pointerPath('schema must be an object')).toBe('# must be an object')
    expect(pointerPath('schema.properties.a')).toBe('#/properties/a')
  })

  test('OP-20: a violation without a leading path, or whose first word only starts like one, is unchanged', () => {
    for (const violation of [
      'the schema.properties.a node must be an object',
      'unsupported keyword in schema.a',
      'schemata.a must be an object',
      'schema.a[x] must be an object',
    ]) {
      expect(pointerPath(violation)).toBe(violation)
    }
  })

  test('OP-20: a rejection re-thrown under pointer alone keeps its code and writes every path as a pointer', () => {
    const error = thrownBy(() =>
      recodeSchemaError({ schemaPathSyntax: 'pointer' }, () => {
        throw new JsonSchemaError(['schema.properties.a/b.type must be a string', 'schema.items[12] must be an object'])
      }),
    )
    expect(error).toBeInstanceOf(JsonSchemaError)
    expect((error as JsonSchemaError).violations).toEqual(['#/properties/a~1b/type must be a string', '#/items/12 must be an object'])
    expect((error as JsonSchemaError).code).toBe('UNSUPPORTED_SCHEMA')
  })

  test('OP-01, OP-20: a re-coded rejection keeps its paths unless pointer is chosen too; anything else thrown passes through', () => {
    const reject = () => {
      throw new JsonSchemaError(['schema.a must be a string'])
    }
    const recoded = thrownBy(() => recodeSchemaError({ schemaErrorCode: 'INVALID_SCHEMA' }, reject)) as JsonSchemaError
    expect([recoded.code, ...recoded.violations]).toEqual(['INVALID_SCHEMA', 'schema.a must be a string'])
    const both = thrownBy(() => recodeSchemaError({ schemaErrorCode: 'INVALID_SCHEMA', schemaPathSyntax: 'pointer' }, reject)) as JsonSchemaError
    expect([both.code, ...both.violations]).toEqual(['INVALID_SCHEMA', '#/a must be a string'])
    const other = new TypeError('not a schema rejection')
    expect(
      thrownBy(() =>
        recodeSchemaError({ schemaPathSyntax: 'pointer' }, () => {
          throw other
        }),
      ),
    ).toBe(other)
    expect(recodeSchemaError({ schemaPathSyntax: 'pointer' }, () => 7)).toBe(7)
  })
})

describe('OP-26 (validationFailure: throws): the validators throw their violations', () => {
  const violations = ['"a" must be a string', '"b" must be a number']

  test('OP-26: validateArgs throws a ToolArgsError carrying every violation', () => {
    const error = thrownBy(() => reportViolations({ validationFailure: 'throws' }, [...violations], 'validateArgs'))
    expect(error).toBeInstanceOf(ToolArgsError)
    expect((error as ToolArgsError).code).toBe('INVALID_ARGS')
    expect((error as ToolArgsError).violations).toEqual(violations)
  })

  test('OP-26: validateJsonSchemaValue throws a HarnessError coded INVALID_VALUE whose message lists every violation apart', () => {
    const error = thrownBy(() => reportViolations({ validationFailure: 'throws' }, [...violations], 'validateJsonSchemaValue'))
    expect(error).toBeInstanceOf(HarnessError)
    expect(error).not.toBeInstanceOf(ToolArgsError)
    expect((error as HarnessError).code).toBe('INVALID_VALUE')
    const { message } = error as HarnessError
    for (const violation of violations) expect(message).toContain(violation)
    expect(message).not.toContain(violations.join(''))
  })

  test('OP-26: no violations returns the same empty list under throws; the default returns violations untouched', () => {
    const none: string[] = []
    expect(reportViolations({ validationFailure: 'throws' }, none, 'validateArgs')).toBe(none)
    expect(reportViolations({ validationFailure: 'throws' }, none, 'validateJsonSchemaValue')).toBe(none)
    const some = [...violations]
    expect(reportViolations(undefined, some, 'validateArgs')).toBe(some)
    expect(reportViolations({ validationFailure: 'returns' }, some, 'validateJsonSchemaValue')).toBe(some)
  })
})

describe('OP-02 (guardDenialMessage: prefixed)', () => {
  test('OP-02: a string reason is prefixed with `Denied by guard: `, the empty string included', () => {
    expect(guardDenialReason({ guardDenialMessage: 'prefixed' }, 'no network')).toBe('Denied by guard: no network')
    expect(guardDenialReason({ guardDenialMessage: 'prefixed' }, '')).toBe('Denied by guard: ')
  })

  test('OP-02: a reason that is not a string is left as it is, as under the default', () => {
    const reason = { why: 'no' }
    expect(guardDenialReason({ guardDenialMessage: 'prefixed' }, reason)).toBe(reason)
    expect(guardDenialReason({ guardDenialMessage: 'prefixed' }, 42)).toBe(42)
    expect(guardDenialReason(undefined, 'no network')).toBe('no network')
  })
})

describe('OP-04, OP-05, OP-56: how stage failures are normalised', () => {
  test('OP-04: stage-prefixed names the stage before the message; the default adds nothing', () => {
    expect(stageFailurePrefix({ stageFailureMessage: 'stage-prefixed' }, 'finalizeContent')).toBe('finalizeContent failed: ')
    expect(stageFailurePrefix({ stageFailureMessage: 'stage-prefixed' }, 'policy check')).toBe('policy check failed: ')
    expect(stageFailurePrefix(undefined, 'finalizeContent')).toBe('')
  })

  test('OP-05: coded turns the materialisation error into a HarnessError RESULT_NOT_LOSSLESS of its message', () => {
    const cause = new TypeError('a bigint is not JSON')
    const coded = losslessFailure({ losslessFailureInfo: 'coded' }, cause)
    expect(coded).toBeInstanceOf(HarnessError)
    expect((coded as HarnessError).code).toBe('RESULT_NOT_LOSSLESS')
    expect((coded as HarnessError).message).toBe('a bigint is not JSON')
    expect(losslessFailure({ losslessFailureInfo: 'coded' }, 'not an Error')).toBe('not an Error')
    expect(losslessFailure(undefined, cause)).toBe(cause)
  })

  test('OP-56: dropped turns a coded stage error into a plain Error of its message; others pass through', () => {
    const coded = new HarnessError('listener refused', 'POLICY_BROKEN')
    const dropped = stageError({ stageErrorInfo: 'dropped' }, coded)
    expect(dropped).not.toBe(coded)
    expect(dropped).toBeInstanceOf(Error)
    expect(dropped).not.toBeInstanceOf(HarnessError)
    expect((dropped as Error).message).toBe('listener refused')
    expect((dropped as { code?: unknown }).code).toBeUndefined()
    const plain = new Error('plain')
    expect(stageError({ stageErrorInfo: 'dropped' }, plain)).toBe(plain)
    expect(stageError(undefined, coded)).toBe(coded)
  })
})

describe('OP-54 (deferContextCheck: on-call)', () => {
  test('OP-54: a context that is not lossless JSON throws at the deferContext call, with an error naming it', () => {
    const error = thrownBy(() => checkDeferredContext({ deferContextCheck: 'on-call' }, { role: 'user', content: [{ type: 'text', text: 1n }] }))
    expect(error).toBeInstanceOf(TypeError)
    // DEVELOPERS.md: bad input gets a clear error that names what was wrong and where.
    expect((error as Error).message).toMatch(/deferContext/)
    expect((error as Error).message).toMatch(/lossless/)
  })

  test('OP-54: a lossless context passes on-call; the default never checks', () => {
    expect(() => checkDeferredContext({ deferContextCheck: 'on-call' }, { role: 'user', content: [{ type: 'text', text: 'x' }] })).not.toThrow()
    expect(() => checkDeferredContext(undefined, { bad: 1n })).not.toThrow()
  })
})

describe('OP-60, OP-62, OP-72, OP-73: Code Mode’s other sides', () => {
  test('OP-60: message rejects a binding with the message itself, the default with an Error of it', () => {
    expect(bindingRejection({ bindingFailure: 'message' }, 'boom')).toBe('boom')
    const error = bindingRejection(undefined, 'boom')
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toBe('boom')
  })

  test('OP-62: from-0 numbers a run’s first sub-call 0, the default 1', () => {
    expect(firstSubCallNumber({ subCallNumbering: 'from-0' })).toBe(0)
    expect(firstSubCallNumber(undefined)).toBe(1)
  })

  test('OP-72: coded throws a HarnessError CODE_RUNTIME_MISSING with the message; the default a plain Error', () => {
    const coded = missingRuntimeError({ missingRuntime: 'coded' }, 'no code runtime')
    expect(coded).toBeInstanceOf(HarnessError)
    expect((coded as HarnessError).code).toBe('CODE_RUNTIME_MISSING')
    expect(coded.message).toBe('no code runtime')
    const plain = missingRuntimeError(undefined, 'no code runtime')
    expect(plain).not.toBeInstanceOf(HarnessError)
    expect(plain.message).toBe('no code runtime')
  })

  test('OP-73: json-round-trip hands on the JSON round trip, a missing argument as {}; it throws where stringify does', () => {
    const when = new Date(0)
    expect(bindingArgument({ bindingArguments: 'json-round-trip' }, { when, f: () => 1, u: undefined, n: [1] })).toEqual({ when: when.toJSON(), n: [1] })
    expect(bindingArgument({ bindingArguments: 'json-round-trip' }, undefined)).toEqual({})
    expect(bindingArgument({ bindingArguments: 'json-round-trip' }, () => 1)).toEqual({})
    expect(() => bindingArgument({ bindingArguments: 'json-round-trip' }, { n: 1n })).toThrow(TypeError)
    const raw = { when }
    expect(bindingArgument(undefined, raw)).toBe(raw)
    expect(bindingArgument(undefined, undefined)).toBeUndefined()
  })
})

describe('OP-24 (compiledEncoding: empty-required)', () => {
  test('OP-24: every node with properties and no required list gets `required: []`, in properties, items and oneOf', () => {
    const compiled = {
      type: 'object',
      properties: {
        list: { type: 'array', items: { type: 'object', properties: { x: { type: 'string' } }, additionalProperties: true } },
        either: { oneOf: [{ type: 'object', properties: {}, additionalProperties: false }, { type: 'string' }] },
        kept: { type: 'object', properties: { y: { type: 'number' } }, required: ['y'], additionalProperties: false },
      },
    }
    expect(encodeCompiled({ compiledEncoding: 'empty-required' }, compiled)).toEqual({
      type: 'object',
      properties: {
        list: { type: 'array', items: { type: 'object', properties: { x: { type: 'string' } }, additionalProperties: true, required: [] } },
        either: { oneOf: [{ type: 'object', properties: {}, additionalProperties: false, required: [] }, { type: 'string' }] },
        kept: { type: 'object', properties: { y: { type: 'number' } }, required: ['y'], additionalProperties: false },
      },
      required: [],
    })
    expect(compiled.properties.list.items).not.toHaveProperty('required')
  })

  test('OP-24: the encoding stays equivalent: what is no schema node (null, a scalar, an array) is left as it is', () => {
    const odd = { type: 'object', properties: { n: null, s: 'text', list: [1] } }
    expect(encodeCompiled({ compiledEncoding: 'empty-required' }, odd)).toEqual({ type: 'object', properties: { n: null, s: 'text', list: [1] }, required: [] })
    expect(encodeCompiled({ compiledEncoding: 'empty-required' }, null)).toBeNull()
    expect(encodeCompiled({ compiledEncoding: 'empty-required' }, 'text')).toBe('text')
  })

  test('OP-24: the default emits the compiled schema itself', () => {
    const compiled = { type: 'object', properties: { x: { type: 'string' } } }
    expect(encodeCompiled(undefined, compiled)).toBe(compiled)
    expect(encodeCompiled({ compiledEncoding: 'upstream' }, compiled)).toBe(compiled)
    expect(compiled).not.toHaveProperty('required')
  })

  test('OP-24: the schema functions under the choice compile what the defaults compile, as the same JSON', () => {
    const spec = { a: { type: 'string', required: true }, b: { type: 'object', additionalProperties: false, properties: { c: { type: 'number' } } } }
    const under = schemaUnderChoices({ compiledEncoding: 'empty-required' })
    expect(under.parameterSchemaSpecToJsonSchema(spec)).toEqual(parameterSchemaSpecToJsonSchema(spec))
  })
})

describe('OP-27 (validatedRecords: object-prototype): a null-prototype record is refused', () => {
  const choices = { validatedRecords: 'object-prototype' } as const

  test('OP-27: one violation more, at the root named as the validator names it (`value` by default, `arguments` for the empty path)', () => {
    expect(refuseUnordinaryRecords(choices, bare({ a: 1 }), [])).toEqual(['"value" must be a record with a prototype'])
    expect(refuseUnordinaryRecords(choices, bare(), ['"x" kept'], '')).toEqual(['"x" kept', '"arguments" must be a record with a prototype'])
    expect(refuseUnordinaryRecords(choices, bare(), [], 'input')).toEqual(['"input" must be a record with a prototype'])
  })

  test('OP-27: a nested null-prototype record is found through records and arrays, at its path', () => {
    expect(refuseUnordinaryRecords(choices, { a: [{}, { b: bare() }] }, [])).toEqual(['"value.a[1].b" must be a record with a prototype'])
    expect(refuseUnordinaryRecords(choices, [[bare()]], [], 'list')).toEqual(['"list[0][0]" must be a record with a prototype'])
  })

  test('OP-27: ordinary records and arrays add nothing, and the violations come back as they are', () => {
    const violations = ['"value.a" must be a string']
    expect(refuseUnordinaryRecords(choices, { a: [1, { b: {} }], c: null }, violations)).toBe(violations)
    const cyclic: Record<string, unknown> = { x: 1 }
    cyclic.self = cyclic
    expect(refuseUnordinaryRecords(choices, cyclic, [])).toEqual([])
  })

  test('OP-27: only own data properties are read: a getter is not run', () => {
    let reads = 0
    const value = Object.defineProperty({}, 'hidden', {
      enumerable: true,
      get: () => {
        reads++
        return bare()
      },
    })
    expect(refuseUnordinaryRecords(choices, value, [])).toEqual([])
    expect(reads).toBe(0)
  })

  test('OP-27: the default adds nothing, even for a null-prototype record', () => {
    const violations: string[] = []
    expect(refuseUnordinaryRecords(undefined, bare(), violations)).toBe(violations)
    expect(validateJsonSchemaValue({ type: 'object' }, bare())).toEqual([])
  })
})

describe('OP-28 (schemaContainers: own-keys): schema containers read by their own keys', () => {
  const choices = { schemaContainers: 'own-keys' } as const
  class Node {
    constructor(fields: Record<string, unknown>) {
      Object.assign(this, fields)
    }
  }

  test('OP-28: a class-instance node, properties map, items node and subclassed oneOf/required arrays become plain copies the assertion accepts', () => {
    class Names extends Array<unknown> {}
    const schema = new Node({
      type: 'object',
      properties: new Node({
        a: new Node({ type: 'array', items: new Node({ type: 'string' }) }),
        b: { oneOf: Names.from([new Node({ type: 'number' }), { type: 'null' }]) },
      }),
      required: Names.from(['a']),
    })
    expect(() => assertSupportedJsonSchema(schema)).toThrow(JsonSchemaError)
    const read = ownKeySchema(choices, schema) as Tree
    expect(read).toEqual({
      type: 'object',
      properties: { a: { type: 'array', items: { type: 'string' } }, b: { oneOf: [{ type: 'number' }, { type: 'null' }] } },
      required: ['a'],
    })
    for (const part of [read, read.properties, read.properties.a, read.properties.a.items, read.properties.b.oneOf[0]]) {
      expect(Object.getPrototypeOf(part)).toBe(Object.prototype)
    }
    expect(Object.getPrototypeOf(read.required)).toBe(Array.prototype)
    expect(Object.getPrototypeOf(read.properties.b.oneOf)).toBe(Array.prototype)
    expect(() => assertSupportedJsonSchema(read)).not.toThrow()
  })

  test('OP-28: a node or properties map shared by two paths is copied on both (only a container on its own path is left as is)', () => {
    const shared = new Node({ type: 'string' })
    const map = new Node({ x: shared })
    const schema = {
      type: 'object',
      properties: { a: { type: 'object', properties: map }, b: { type: 'object', properties: map }, c: shared, d: shared },
    }
    const read = ownKeySchema(choices, schema) as Tree
    for (const part of [read.properties.a.properties, read.properties.b.properties, read.properties.c, read.properties.d, read.properties.b.properties.x]) {
      expect(Object.getPrototypeOf(part)).toBe(Object.prototype)
    }
    expect(() => assertSupportedJsonSchema(read)).not.toThrow()
    const cyclic = { type: 'object', properties: {} } as unknown as Tree
    cyclic.properties.self = cyclic
    const readCyclic = ownKeySchema(choices, cyclic) as Tree
    expect(readCyclic.properties.self).toBe(cyclic)
  })

  test('OP-28: what cannot be read that way (a sparse array, a throwing getter or proxy) is left as it is for the assertion to judge', () => {
    // biome-ignore lint/suspicious/noSparseArray: the sparse array is the case under test
    const sparse = [, { type: 'string' }]
    expect((ownKeySchema(choices, { oneOf: sparse }) as Record<string, unknown>).oneOf).toBe(sparse)
    const throwing = Object.defineProperty({}, 'type', {
      enumerable: true,
      get: () => {
        throw new Error('hostile')
      },
    })
    expect(ownKeySchema(choices, throwing)).toBe(throwing)
    const proxy = new Proxy([{ type: 'string' }], {
      getOwnPropertyDescriptor: () => {
        throw new Error('hostile')
      },
    })
    expect((ownKeySchema(choices, { oneOf: proxy }) as Record<string, unknown>).oneOf).toBe(proxy)
  })

  test('OP-28: the default hands the assertion the schema itself', () => {
    const schema = new Node({ type: 'string' })
    expect(ownKeySchema(undefined, schema)).toBe(schema)
    expect(ownKeySchema({ schemaContainers: 'refused' }, schema)).toBe(schema)
  })
})

describe('OP-21..OP-25: the schema functions under choices do what the defaults do where no choice applies', () => {
  const under = schemaUnderChoices({ emptyEnum: 'accepted' })
  const violationsOf = (run: () => unknown): readonly string[] => (thrownBy(run) as JsonSchemaError).violations

  test('OP-21: assertObjectJsonSchema reports a broken non-object root by its defects alone, as the default does', () => {
    const broken = { type: 'string', minLength: 'long' }
    expect(violationsOf(() => under.assertObjectJsonSchema(broken))).toEqual(violationsOf(() => assertObjectJsonSchema(broken)))
    expect(violationsOf(() => under.assertObjectJsonSchema({ type: 'string' }))).toEqual(violationsOf(() => assertObjectJsonSchema({ type: 'string' })))
    expect(() => under.assertObjectJsonSchema({ type: 'object', properties: { e: { type: 'string', enum: [] } } })).not.toThrow()
    expect(() => assertSupportedUnder(undefined, { type: 'string', enum: [] })).toThrow(JsonSchemaError)
  })

  test('OP-21: the compilers label their paths `parameters` and `schema`, as the defaults do', () => {
    const badParameters = { a: { type: 'string', bogus: 1 } }
    const badValue = { type: 'object', additionalProperties: false, properties: { a: { type: 'nope' } } }
    const parameters = violationsOf(() => under.parameterSchemaSpecToJsonSchema(badParameters))
    expect(parameters).toEqual(violationsOf(() => parameterSchemaSpecToJsonSchema(badParameters)))
    expect(parameters.every((v) => v.startsWith('parameters'))).toBe(true)
    const value = violationsOf(() => under.valueSchemaSpecToJsonSchema(badValue))
    expect(value).toEqual(violationsOf(() => valueSchemaSpecToJsonSchema(badValue)))
    expect(value.every((v) => v.startsWith('schema'))).toBe(true)
    expect(under.validateArgs({ a: { type: 'string', required: true } }, {})).toEqual(['missing required property "a"'])
  })
})

describe('the other small sides', () => {
  test('OP-31: strings-only denies on a string alone; the default on anything defined', () => {
    expect([guardDenies({ guardReturns: 'strings-only' }, ''), guardDenies({ guardReturns: 'strings-only' }, false)]).toEqual([true, false])
    expect([guardDenies(undefined, false), guardDenies(undefined, undefined)]).toEqual([true, false])
  })

  test('OP-34: refused finds a decision key besides kind and reason; the default none', () => {
    expect(hasExtraDecisionFields({ decisionExtraFields: 'refused' }, { kind: 'deny', reason: 'r', extra: 1 })).toBe(true)
    expect(hasExtraDecisionFields({ decisionExtraFields: 'refused' }, { kind: 'deny', reason: 'r' })).toBe(false)
    expect(hasExtraDecisionFields(undefined, { kind: 'deny', extra: 1 })).toBe(false)
  })

  test('OP-36: live-token counts only a live token as a parent', () => {
    const token = {}
    expect(countedParent({ parentTrust: 'live-token' }, new Set([token]), token)).toBe(token)
    expect(countedParent({ parentTrust: 'live-token' }, new Set(), token)).toBeUndefined()
    expect(countedParent(undefined, new Set(), token)).toBe(token)
  })

  test('OP-58, OP-59: rejects and silent', () => {
    expect([rejectsOnApprovalFailure({ approvalFailure: 'rejects' }), rejectsOnApprovalFailure(undefined)]).toEqual([true, false])
    let calls = 0
    const changed = () => {
      calls++
    }
    presentationChanged({ presentationChange: 'silent' }, changed)()
    expect(calls).toBe(0)
    expect(presentationChanged(undefined, changed)).toBe(changed)
  })

  test('OP-08: class-code names the class under `class`', () => {
    expect(errorInfoOf({ errorInfoShape: 'class-code' }, 'ToolArgsError', 'INVALID_ARGS')).toEqual({ class: 'ToolArgsError', code: 'INVALID_ARGS' })
    expect(errorInfoOf(undefined, 'ToolArgsError', 'INVALID_ARGS')).toEqual({ name: 'ToolArgsError', code: 'INVALID_ARGS' })
  })

  test('OP-55: detail-block adds a second text block naming the code, and none when there is no code', () => {
    expect(failureBlocks({ failureContent: 'detail-block' }, 'bad', 'INVALID_ARGS')).toEqual([
      { type: 'text', text: 'Error: bad' },
      { type: 'text', text: expect.stringContaining('INVALID_ARGS') },
    ])
    expect(failureBlocks({ failureContent: 'detail-block' }, 'bad', undefined)).toEqual([{ type: 'text', text: 'Error: bad' }])
    expect(failureBlocks(undefined, 'bad', 'INVALID_ARGS')).toEqual([{ type: 'text', text: 'Error: bad' }])
  })

  test('OP-40: present sets the optional keys of the result’s kind to undefined, frozen', () => {
    const success = withAbsentKeys({ absentKeys: 'present' }, { content: [], isError: false } as unknown as ToolExecutionResult)
    expect(Object.keys(success).sort()).toEqual(['concludesTurn', 'content', 'isError', 'meta'])
    expect(Object.isFrozen(success)).toBe(true)
    const failure = withAbsentKeys({ absentKeys: 'present' }, { content: [], isError: true } as unknown as ToolExecutionResult)
    expect(Object.keys(failure).sort()).toEqual(['content', 'isError', 'meta'])
    const result = { content: [], isError: false } as unknown as ToolExecutionResult
    expect(withAbsentKeys(undefined, result)).toBe(result)
  })

  test('OP-50: deferred-only keeps the body’s contexts alone', () => {
    const all = [{ role: 'user' }, { role: 'user' }] as unknown as UserMessage[]
    const deferred = all.slice(1)
    expect(cancellationContexts({ cancellationContexts: 'deferred-only' }, all, deferred)).toBe(deferred)
    expect(cancellationContexts(undefined, all, deferred)).toBe(all)
  })

  test('OP-45: top-level freezes the snapshot at its top level only; the default deep', () => {
    const top = outputSnapshot({ freezeDepth: 'top-level' })({ a: { b: 1 } }) as { a: object }
    expect(Object.isFrozen(top)).toBe(true)
    expect(Object.isFrozen(top.a)).toBe(false)
    expect(outputSnapshot({ freezeDepth: 'top-level' })(3)).toBe(3)
    expect(outputSnapshot({ freezeDepth: 'top-level' })(null)).toBeNull()
    expect(outputSnapshot({ freezeDepth: 'top-level' })(1n)).toBeUndefined()
    const deep = outputSnapshot(undefined)({ a: { b: 1 } }) as { a: object }
    expect(Object.isFrozen(deep.a)).toBe(true)
  })

  test('OP-75: ordinary-only refuses what is not this realm’s ordinary containers in outputs, at either freeze depth', () => {
    const nullProto = bare({ a: 1 })
    const nested = { list: [bare({ b: 2 })] }
    for (const freezeDepth of [undefined, 'top-level'] as const) {
      const snapshotOf = outputSnapshot({ outputPrototypes: 'ordinary-only', freezeDepth })
      expect(snapshotOf(nullProto)).toBeUndefined()
      expect(snapshotOf(nested)).toBeUndefined()
      expect(snapshotOf({ a: [1, { b: 'c' }] })).toEqual({ a: [1, { b: 'c' }] })
      // The default takes null-prototype records as the JSON they hold.
      expect(outputSnapshot({ freezeDepth })(nested)).toEqual({ list: [{ b: 2 }] })
    }
    const deep = outputSnapshot({ outputPrototypes: 'ordinary-only' })({ a: { b: 1 } }) as { a: object }
    expect(Object.isFrozen(deep.a)).toBe(true)
    const top = outputSnapshot({ outputPrototypes: 'ordinary-only', freezeDepth: 'top-level' })({ a: { b: 1 } }) as { a: object }
    expect([Object.isFrozen(top), Object.isFrozen(top.a)]).toEqual([true, false])
  })
})
