import { $Array, $JSON, $Object } from './_kit/intrinsics.ts'
import { expect } from 'vitest'
import type { ToolDefinition } from '../spec/types.ts'
import { countChanges } from './_kit/changes.ts'
import { check } from './_kit/check.ts'
import { call } from './_kit/inputs.ts'
import { expectSuccess } from './_kit/result-assertions.ts'
import { incidental } from './_kit/incidental.ts'
import { expectTool } from './_kit/same-tool.ts'
import { thrownBy } from './_kit/thrown.ts'
import { probeTool } from './_kit/tools.ts'

/** A valid probe definition with some fields overridden (or replaced by invalid values). */
function definition(name: string, overrides: Record<string, unknown> = {}): ToolDefinition {
  return { ...probeTool(name).definition, ...overrides } as ToolDefinition
}

/** An output declaration whose schema falls outside the enforced subset. */
function unsupportedOutput(): ToolDefinition['output'] {
  return { schema: { type: 'string', pattern: '^a' } as never, render: () => [] }
}

function errorCode(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code
}

/** Definitions that do not declare an output (REG-01). */
const undeclaredOutputs: Record<string, unknown> = {
  'no output': undefined,
  'output is null': null,
}

/** Declared outputs whose render or presentationMeta is unusable: refusing them at registration is open (OP-29), REG-24's. */
const malformedOutputs: Record<string, unknown> = {
  'output is a string': 'text',
  'render missing': { schema: {} },
  'render is not a function': { schema: {}, render: 'text' },
  'presentationMeta is not a function': { schema: {}, render: () => [], presentationMeta: { kind: 'meta' } },
}

check('REG-01', 'a definition that does not declare output is rejected', ({ tools }) => {
  const absent = definition('output key absent')
  delete (absent as { output?: unknown }).output
  const cases: [string, ToolDefinition][] = [
    ...$Object.entries(undeclaredOutputs).map(([label, output]): [string, ToolDefinition] => [label, definition(label, { output })]),
    ['output key absent', absent],
  ]
  for (const [label, bad] of cases) {
    // That it throws; which class it throws is REG-20's.
    expect(
      rejects(() => tools.register(bad)),
      `${label} rejected`,
    ).toBe(true)
    expect(tools.get(label), `${label}: entry after`).toBeUndefined()
  }
  tools.register(definition('good', { output: { schema: {}, render: () => [] } }))
  expect(tools.get('good')).toBeDefined()
})

check(
  'REG-24',
  'a declared output without a usable render or presentationMeta is rejected',
  ({ tools, has }) => {
    // The presentationMeta cases only where the registry implements presentation metadata.
    const meta = has('presentationMeta')
    for (const [label, output] of $Object.entries(malformedOutputs)) {
      if (label.startsWith('presentationMeta') && !meta) continue
      expect(
        rejects(() => tools.register(definition(label, { output }))),
        `${label} rejected`,
      ).toBe(true)
      expect(tools.get(label), `${label}: entry after`).toBeUndefined()
    }
    tools.register(definition('good', { output: { schema: {}, render: () => [], ...(meta ? { presentationMeta: () => null } : {}) } }))
    expect(tools.get('good')).toBeDefined()
  },
  { optional: ['presentationMeta'] },
)

// The seeds name no code for the rejection (OP-01): that it is UNSUPPORTED_SCHEMA is REG-23's, charged incidentally.
check('REG-02', 'an output schema outside the enforced subset is rejected', ({ tools }) => {
  for (const schema of [{ type: 'string', pattern: '^a' }, { type: ['string', 'null'] }, { anyOf: [{ type: 'string' }] }]) {
    const label = $JSON.stringify(schema)
    const error = thrownBy(() => tools.register(definition(label, { output: { schema, render: () => [] } })))
    expect(tools.get(label), `${label}: no entry after`).toBeUndefined()
    incidental('REG-23', () => expect(errorCode(error), `${label}: the rejection is coded UNSUPPORTED_SCHEMA (REG-23)`).toBe('UNSUPPORTED_SCHEMA'))
  }
})

check('REG-23', 'the rejection of an output schema outside the subset carries code UNSUPPORTED_SCHEMA', ({ tools }) => {
  const error = thrownBy(() => tools.register(definition('bad', { output: unsupportedOutput() })))
  expect(errorCode(error)).toBe('UNSUPPORTED_SCHEMA')
})

/** timeoutMs values that are not a positive finite number. */
const badTimeouts: readonly unknown[] = [0, -1, Number.POSITIVE_INFINITY, Number.NaN, '100']

check('REG-03', 'timeoutMs must be a positive finite number', ({ tools }) => {
  for (const timeoutMs of badTimeouts) {
    // That it throws; which class it throws is REG-20's.
    expect(
      rejects(() => tools.register(definition(`slow ${timeoutMs}`, { timeoutMs }))),
      `timeoutMs ${timeoutMs} rejected`,
    ).toBe(true)
    expect(tools.get(`slow ${timeoutMs}`), `timeoutMs ${timeoutMs}: entry after`).toBeUndefined()
  }
  const dispose = tools.register(definition('slow', { timeoutMs: 0.5 }))
  expect(tools.get('slow')).toBeDefined()
  dispose()
  tools.register(definition('slow', { timeoutMs: 30_000 }))
  expect(tools.get('slow')).toBeDefined()
})

check(
  'REG-20',
  'the output-shape and timeoutMs refusals are TypeErrors',
  ({ tools, has }) => {
    const meta = has('presentationMeta')
    for (const [label, output] of $Object.entries({ ...undeclaredOutputs, ...malformedOutputs })) {
      if (label.startsWith('presentationMeta') && !meta) continue
      expect(
        thrownBy(() => tools.register(definition(label, { output }))),
        label,
      ).toBeInstanceOf(TypeError)
    }
    for (const timeoutMs of badTimeouts) {
      expect(
        thrownBy(() => tools.register(definition(`slow ${timeoutMs}`, { timeoutMs }))),
        `timeoutMs ${timeoutMs}`,
      ).toBeInstanceOf(TypeError)
    }
  },
  { optional: ['presentationMeta'] },
)

check('REG-04', 'run_code cannot be registered globally', ({ tools }) => {
  const error = thrownBy(() => tools.register(definition('run_code')))
  expect(error).toBeInstanceOf(Error)
  expect(tools.get('run_code')).toBeUndefined()
})

check(
  'REG-04',
  'run_code cannot be registered in an agent scope',
  async ({ tools, scope }) => {
    const s = await scope()
    expect(thrownBy(() => s.tools.register(definition('run_code')))).toBeInstanceOf(Error)
    expect(tools.get('run_code', s.agent)).toBeUndefined()
  },
  { needs: ['scopes'] },
)

check('REG-05', 'a duplicate global registration throws and keeps the first definition', async ({ tools }) => {
  const first = probeTool('echo')
  const second = probeTool('echo')
  tools.register(first.definition)

  expect(thrownBy(() => tools.register(second.definition))).toBeInstanceOf(Error)

  expectTool(tools.get('echo'), first)
  expectSuccess(await tools.execute(call('echo')))
  expect([first.bodyCalls, second.bodyCalls]).toEqual([1, 0])
})

check(
  'REG-05',
  'a duplicate registration within one scope throws and keeps the first definition',
  async ({ tools, scope }) => {
    const s = await scope()
    const first = probeTool('echo')
    s.tools.register(first.definition)

    expect(thrownBy(() => s.tools.register(probeTool('echo').definition))).toBeInstanceOf(Error)

    expectTool(tools.get('echo', s.agent), first)
  },
  { needs: ['scopes'] },
)

check('REG-06', 'one name registers once per layer and each scope resolves its own definition', async ({ tools, scope }) => {
  const a = await scope()
  const b = await scope()
  const global = probeTool('echo')
  const scoped = probeTool('echo')
  tools.register(global.definition)
  a.tools.register(scoped.definition)

  expectTool(tools.get('echo'), global)
  expectTool(tools.get('echo', a.agent), scoped)
  expectTool(tools.get('echo', b.agent), global)

  await tools.execute(call('echo', {}, { agent: a.agent }))
  expect([global.bodyCalls, scoped.bodyCalls]).toEqual([0, 1])
})

check('REG-21', 'the output shape is checked before the output schema', ({ tools }) => {
  // The shape error, whatever its class (REG-20's), is not the schema error.
  const error = thrownBy(() => tools.register(definition('bad', { output: { schema: unsupportedOutput().schema } })))
  expect(isSchemaRejection(error), 'the shape error is not the schema rejection').toBe(false)
})

check('REG-21', 'the output schema is checked before timeoutMs', ({ tools }) => {
  const error = thrownBy(() => tools.register(definition('bad', { output: unsupportedOutput(), timeoutMs: 0 })))
  expect(isSchemaRejection(error), 'the schema rejection comes first').toBe(true)
})

/** A schema rejection, known by its structure whatever its code (OP-01): an error with a `violations` list. */
function isSchemaRejection(error: unknown): boolean {
  return typeof error === 'object' && error !== null && $Array.isArray((error as { violations?: unknown }).violations)
}

/** What identifies a thrown error for an order check: its class and message (never its class alone, which is REG-20's). */
function errorIdentity(error: unknown): unknown {
  return [(error as object | null)?.constructor, (error as { message?: unknown } | null)?.message]
}

check('REG-21', 'timeoutMs is checked before the reserved name', ({ tools }) => {
  const reserved = thrownBy(() => tools.register(definition('run_code')))
  const timeoutFirst = thrownBy(() => tools.register(definition('run_code', { timeoutMs: -5 })))
  // Checked the other way round, run_code with a bad timeout would fail as the reserved name does.
  expect(errorIdentity(timeoutFirst), 'run_code with timeoutMs -5 is refused for its timeout, not its name').not.toEqual(errorIdentity(reserved))
})

/** Definitions each rejected by one registration check (when 'echo' is already registered), by what is wrong. */
function rejectedDefinitions(): [string, ToolDefinition][] {
  return [
    ['no output', definition('fresh', { output: null })],
    ['unsupported output schema', definition('fresh', { output: unsupportedOutput() })],
    ['NaN timeoutMs', definition('fresh', { timeoutMs: Number.NaN })],
    ['reserved name', definition('run_code')],
    ['duplicate name', probeTool('echo').definition],
  ]
}

/** Calls `fn`; true when it threw. */
function rejects(fn: () => unknown): boolean {
  try {
    fn()
    return false
  } catch {
    return true
  }
}

check('REG-07', 'a rejected registration leaves nothing behind', ({ tools }) => {
  const original = probeTool('echo')
  tools.register(original.definition)

  for (const [label, candidate] of rejectedDefinitions()) {
    const before = { entry: tools.get(candidate.name), names: tools.schemas().map((s) => s.name) }
    expect(
      rejects(() => tools.register(candidate)),
      `${label} rejected`,
    ).toBe(true)
    expect(tools.get(candidate.name), `${label}: entry after`).toBe(before.entry)
    expect(
      tools.schemas().map((s) => s.name),
      `${label}: names after`,
    ).toEqual(before.names)
  }
  tools.register(probeTool('fresh').definition)
  expect(tools.get('fresh'), 'fresh registers after the rejections').toBeDefined()
})

check(
  'REG-07',
  'a rejected registration emits no tools/change',
  ({ harness, tools }) => {
    tools.register(probeTool('echo').definition)
    const changes = countChanges(harness)

    for (const [label, candidate] of rejectedDefinitions()) {
      const before = changes.count
      expect(
        rejects(() => tools.register(candidate)),
        `${label} rejected`,
      ).toBe(true)
      expect(changes.count, `${label}: tools/change count`).toBe(before)
    }
    // Control: an accepted registration does reach the same listener.
    const before = changes.count
    tools.register(probeTool('fresh').definition)
    expect(changes.count, 'tools/change count after an accepted registration').toBeGreaterThan(before)
  },
  { needs: ['changeEvents'] },
)

check('REG-08', 'name, description and parameters are taken as given, including keywords outside the enforced subset', ({ tools }) => {
  const parameters = {
    type: 'object',
    properties: { path: { type: 'string', pattern: '^/', format: 'uri-reference' }, mode: { $ref: '#/$defs/mode' } },
    anyOf: [{ required: ['path'] }, { required: ['mode'] }],
    $defs: { mode: { enum: ['r', 'w'] } },
  }
  const odd = probeTool('read file (v2)', { description: '', parameters })
  tools.register(odd.definition)

  expectTool(tools.get('read file (v2)'), odd)
  const [schema] = tools.schemas()
  expect([schema?.name, schema?.description]).toEqual(['read file (v2)', ''])
  expect(schema?.parameters).toEqual(parameters)
})

check('REG-09', 'the registry keeps the very object it was given', async ({ tools }) => {
  const probe = probeTool('kept')
  tools.register(probe.definition)

  expect(tools.get('kept')).toBe(probe.definition)
  expectSuccess(await tools.execute(call('kept')))
  expect(probe.bodyCalls, 'body calls').toBe(1)
})

// What renaming a borrowed definition does is outside the seeds' trusted contract: upstream keys the entry by the name it read (REG-25).
check('REG-25', 'the registry keeps the given object under the name it had at registration', async ({ tools }) => {
  const probe = probeTool('before')
  tools.register(probe.definition)
  ;(probe.definition as { name: string }).name = 'after'

  expect(tools.get('before')).toBe(probe.definition)
  expect(tools.get('after')).toBeUndefined()
  expectSuccess(await tools.execute(call('before')))
  expect(probe.bodyCalls, 'body calls').toBe(1)
})

check('REG-10', 'the disposer removes exactly its own registration', ({ tools }) => {
  const dispose = tools.register(probeTool('echo').definition)
  const other = probeTool('other')
  tools.register(other.definition)

  dispose()
  expect(tools.get('echo')).toBeUndefined()
  expectTool(tools.get('other'), other)
})

// The seeds say nothing of a second call (REG-26).
check('REG-26', 'a disposer called again never removes a later registration of the same name', ({ tools }) => {
  const dispose = tools.register(probeTool('echo').definition)
  const other = probeTool('other')
  tools.register(other.definition)
  dispose()

  const again = probeTool('echo')
  tools.register(again.definition)
  dispose()
  expectTool(tools.get('echo'), again)
  expectTool(tools.get('other'), other)
})

// The seeds tie no register() lifecycle to scope disposal (REG-26).
check(
  'REG-26',
  'disposing a scope removes its registrations and nothing else',
  async ({ tools, scope }) => {
    const doomed = await scope()
    const survivor = await scope()
    const global = probeTool('echo')
    tools.register(global.definition)
    doomed.tools.register(probeTool('echo').definition)
    const doomedLocal = probeTool('local')
    doomed.tools.register(doomedLocal.definition)
    const kept = probeTool('local')
    survivor.tools.register(kept.definition)

    await doomed.dispose()

    expect(tools.get('local', doomed.agent)).toBeUndefined()
    expectTool(tools.get('echo', doomed.agent), global)
    expect((await tools.execute(call('local', {}, { agent: doomed.agent }))).isError).toBe(true)
    expect(doomedLocal.bodyCalls, 'doomedLocal body calls').toBe(0)
    expectTool(tools.get('local', survivor.agent), kept)
  },
  { needs: ['scopes'] },
)

// Whether a scope may repeat a name an ancestor scope registered is open (OP-09): upstream lets it shadow (REG-27).
check(
  'REG-27',
  'a scope registers a name its parent scope registered, and each resolves its own',
  async ({ tools, scope }) => {
    const parent = await scope()
    const child = await scope(parent)
    const inherited = probeTool('echo')
    const own = probeTool('echo')
    parent.tools.register(inherited.definition)

    child.tools.register(own.definition)

    expectTool(tools.get('echo', child.agent), own)
    expectTool(tools.get('echo', parent.agent), inherited)
    expectSuccess(await tools.execute(call('echo', {}, { agent: child.agent })))
    expect([inherited.bodyCalls, own.bodyCalls]).toEqual([0, 1])
  },
  { needs: ['scopeParents'] },
)

check('REG-11', 'registering and unregistering each emit exactly one tools/change', ({ harness, tools }) => {
  const changes = countChanges(harness)
  const dispose = tools.register(probeTool('echo').definition)
  expect(changes.count, 'tools/change count').toBe(1)
  dispose()
  expect(changes.count, 'tools/change count').toBe(2)
  dispose()
  expect(changes.count, 'tools/change count').toBe(2)
})

check('REG-22', 'a throwing tools/change listener fails register() with its error and undoes the registration', ({ harness, tools }) => {
  const boom = new Error('change listener broke')
  let armed = true
  const unsubscribe = harness.on('tools/change', () => {
    if (!armed) return
    armed = false
    throw boom
  })

  expect(thrownBy(() => tools.register(probeTool('echo').definition))).toBe(boom)
  expect(tools.get('echo')).toBeUndefined()

  unsubscribe()
  const retry = probeTool('echo')
  tools.register(retry.definition)
  expectTool(tools.get('echo'), retry)
})

check('REG-22', 'a rolled-back registration leaves no projection behind, and the name registers again exactly once', ({ harness, tools }) => {
  let armed = true
  harness.on('tools/change', () => {
    if (!armed) return
    armed = false
    throw new Error('change listener broke')
  })

  expect(
    rejects(() => tools.register(probeTool('echo').definition)),
    'the first register() throws',
  ).toBe(true)
  expect(tools.schemas(), 'projection after the rollback').toEqual([])

  const dispose = tools.register(probeTool('echo').definition)
  expect(
    tools.schemas().map((s) => s.name),
    'projection after registering again',
  ).toEqual(['echo'])
  dispose()
  expect(tools.get('echo'), 'after the new disposer ran').toBeUndefined()
  expect(tools.schemas(), 'projection after the new disposer ran').toEqual([])
})

check('REG-13', 'the output-shape TypeError names the tool', ({ tools }) => {
  const error = thrownBy(() => tools.register(definition('shapeless', { output: undefined })))
  expect((error as Error).message).toBe('tool "shapeless" must declare output { schema, render, presentationMeta? }')
})

check('REG-14', 'the unsupported output schema error is a JsonSchemaError listing violations', ({ tools }) => {
  const error = thrownBy(() => tools.register(definition('bad', { output: unsupportedOutput() })))
  expect((error as Error).name).toBe('JsonSchemaError')
  expect((error as Error).message.startsWith('unsupported JSON schema: ')).toBe(true)
})

check('REG-15', 'the timeoutMs TypeError names the tool', ({ tools }) => {
  const error = thrownBy(() => tools.register(definition('slow', { timeoutMs: 0 })))
  expect((error as Error).message).toBe('tool "slow" timeoutMs must be a positive finite number')
})

check('REG-16', 'the reserved-name error explains the Code Mode reservation', ({ tools }) => {
  const error = thrownBy(() => tools.register(definition('run_code')))
  expect((error as Error).message).toBe('tool name "run_code" is reserved for the Code Mode presentation transport and cannot be registered or shadowed')
})

check('REG-17', 'the global duplicate error points to per-agent registration', ({ tools }) => {
  tools.register(probeTool('echo').definition)
  const error = thrownBy(() => tools.register(probeTool('echo').definition))
  expect((error as Error).message).toBe('tool "echo" is already registered (for a per-agent variant, register through that agent\'s `agent.ctx` instead)')
})

check('REG-18', 'the scoped duplicate error names the scope', async ({ scope }) => {
  const s = await scope()
  s.tools.register(probeTool('echo').definition)
  const error = thrownBy(() => s.tools.register(probeTool('echo').definition))
  expect((error as Error).message).toBe('tool "echo" is already registered in this scope')
})

check('REG-19', 'tools/change listeners are called without arguments', ({ harness, tools }) => {
  const payloads: unknown[][] = []
  harness.on('tools/change', (...args: unknown[]) => {
    payloads.push(args)
  })
  const dispose = tools.register(probeTool('echo').definition)
  dispose()
  expect(payloads, 'arguments of each tools/change call').toEqual([[], []])
})
