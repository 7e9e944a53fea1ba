import { $Array, $Object, $Reflect, $structuredClone } from './_kit/intrinsics.ts'
import { expect } from 'vitest'
import type { ToolRuntimeApi } from '../adapter/contract.ts'
import type { Agent } from '../spec/types.ts'
import { nestingDepth } from '../fixtures/nesting-depth.ts'
import { check } from './_kit/check.ts'
import { BEYOND_CALL_STACK } from './_kit/depth.ts'
import { thrownBy } from './_kit/thrown.ts'
import { probeTool } from './_kit/tools.ts'
import { mountScripted } from './_kit/code-mode.ts'

/** `[name, description]` of every projected schema, in order. */
function listing(tools: ToolRuntimeApi, agent?: Agent): [string, string][] {
  return tools.schemas(agent).map((s) => [s.name, s.description])
}

/** Parameters that are not lossless JSON (NaN has no JSON form). */
function lossyParameters(): Record<string, unknown> {
  return { type: 'object', properties: { n: { type: 'number', default: Number.NaN } } }
}

check('SCH-01', 'a schema carries exactly name, description and parameters', ({ tools }) => {
  const probe = probeTool('full', {
    description: 'does everything',
    parameters: { type: 'object', properties: { q: { type: 'string' } } },
    countFinalize: true,
    timeoutMs: 1000,
    isConcurrencySafe: () => true,
    presentationMeta: () => null,
  })
  Object.assign(probe.definition, {
    presentCall: () => undefined,
    presentResult: () => undefined,
    secret: 'internal',
    [Symbol('hidden')]: true,
  })
  tools.register(probe.definition)

  const [schema] = tools.schemas()
  expect($Reflect.ownKeys(schema ?? {}).sort()).toEqual(['description', 'name', 'parameters'])
  expect(schema).toEqual({
    name: 'full',
    description: 'does everything',
    parameters: { type: 'object', properties: { q: { type: 'string' } } },
  })
})

check('SCH-02', 'editing a projected schema affects neither the registry nor later projections', ({ tools }) => {
  const parameters = { type: 'object', properties: { q: { type: 'string', enum: ['a', 'b'] } } }
  const probe = probeTool('search', { parameters })
  tools.register(probe.definition)
  const pristine = $structuredClone(parameters)

  const first = tools.schemas()[0]?.parameters as typeof parameters
  const second = tools.schemas()[0]?.parameters as typeof parameters
  expect(first, 'a copy of parameters').not.toBe(parameters)
  expect(first.properties, 'a copy of properties').not.toBe(parameters.properties)
  expect(first.properties.q.enum, 'a copy of enum').not.toBe(parameters.properties.q.enum)
  expect(first, 'a new copy per call').not.toBe(second)
  expect(first.properties.q, 'a new copy per call').not.toBe(second.properties.q)

  first.properties.q.enum.push('c')
  first.properties.q.type = 'number'
  ;(first as Record<string, unknown>).extra = true

  expect(parameters).toEqual(pristine)
  expect(tools.get('search')?.parameters).toEqual(pristine)
  expect(tools.schemas()[0]?.parameters).toEqual(pristine)
  expect(second).toEqual(pristine)
})

check('SCH-03', 'parameters nested oneOf levels deeper than the call stack are projected whole', ({ tools }) => {
  const depth = nestingDepth(BEYOND_CALL_STACK)
  let node: Record<string, unknown> = { type: 'string' }
  for (let i = 0; i < depth; i += 1) node = { oneOf: [node, { type: 'null' }] }
  tools.register(probeTool('deep', { parameters: { type: 'object', properties: { v: node } } }).definition)

  const projected = tools.schemas()[0]?.parameters as { properties: { v: Record<string, unknown> } }
  let levels = 0
  let intact = true
  let cursor = projected.properties.v
  while ($Array.isArray(cursor.oneOf)) {
    const nullable = cursor.oneOf[1] as Record<string, unknown> | undefined
    intact &&= cursor.oneOf.length === 2 && $Object.keys(cursor).length === 1 && nullable?.type === 'null' && $Object.keys(nullable).length === 1
    cursor = cursor.oneOf[0] as Record<string, unknown>
    levels += 1
  }
  expect(intact, 'every level is { oneOf: [<next>, { type: "null" }] }').toBe(true)
  expect(levels, 'nullable levels').toBe(depth)
  expect(cursor).toEqual({ type: 'string' })
})

check('SCH-04', 'one tool with lossy parameters makes the whole projection throw', ({ tools }) => {
  tools.register(probeTool('fine').definition)
  const dispose = tools.register(probeTool('lossy', { parameters: lossyParameters() }).definition)

  expect(() => tools.schemas()).toThrow()

  dispose()
  expect(tools.schemas().map((s) => s.name)).toEqual(['fine'])
})

check(
  'SCH-04',
  'lossy parameters only break the views that contain the tool',
  async ({ tools, scope }) => {
    tools.register(probeTool('fine').definition)
    const owner = await scope()
    const other = await scope()
    owner.tools.register(probeTool('lossy', { parameters: lossyParameters() }).definition)

    expect(() => tools.schemas(owner.agent)).toThrow()
    expect(tools.schemas().map((s) => s.name)).toEqual(['fine'])
    expect(tools.schemas(other.agent).map((s) => s.name)).toEqual(['fine'])
  },
  { needs: ['scopes'] },
)

check('SCH-05', 'global tools are listed in registration order', ({ tools }) => {
  for (const name of ['charlie', 'alpha', 'bravo']) tools.register(probeTool(name).definition)
  expect(tools.schemas().map((s) => s.name)).toEqual(['charlie', 'alpha', 'bravo'])
})

check(
  'SCH-05',
  'own tools follow inherited ones, and a shadow keeps the shadowed position unless that entry was restricted away',
  async ({ tools, scope }) => {
    for (const name of ['c', 'a', 'b']) tools.register(probeTool(name).definition)
    const shadowing = await scope()
    shadowing.tools.register(probeTool('z', { description: 'own' }).definition)
    shadowing.tools.register(probeTool('a', { description: 'own' }).definition)
    expect(listing(tools, shadowing.agent)).toEqual([
      ['c', 'test tool c'],
      ['a', 'own'],
      ['b', 'test tool b'],
      ['z', 'own'],
    ])

    const replacing = await scope()
    replacing.tools.restrict({ deny: ['c'] })
    replacing.tools.register(probeTool('c', { description: 'own' }).definition)
    expect(listing(tools, replacing.agent)).toEqual([
      ['a', 'test tool a'],
      ['b', 'test tool b'],
      ['c', 'own'],
    ])
  },
  { needs: ['scopes'] },
)

check(
  'SCH-05',
  "ancestor additions come after global tools and before the scope's own",
  async ({ tools, scope }) => {
    const parent = await scope()
    const child = await scope(parent)
    child.tools.register(probeTool('mine').definition)
    parent.tools.register(probeTool('family').definition)
    tools.register(probeTool('shared').definition)

    expect(tools.schemas(child.agent).map((s) => s.name)).toEqual(['shared', 'family', 'mine'])
  },
  { needs: ['scopes', 'scopeParents'] },
)

check('SCH-08', 'the lossy-parameters error names the tool', ({ tools }) => {
  tools.register(probeTool('lossy', { parameters: lossyParameters() }).definition)
  expect(() => tools.schemas()).toThrow(/^tool "lossy" parameters must be lossless JSON before schema projection$/)
})

check('SCH-09', 'a parameters getter that throws fails schemas() with its own error', ({ tools }) => {
  const boom = new Error('parameters getter exploded')
  const parameters = {
    type: 'object',
    get properties(): never {
      throw boom
    },
  }
  tools.register(probeTool('fine').definition)
  tools.register(probeTool('hostile', { parameters }).definition)

  expect(thrownBy(() => tools.schemas())).toBe(boom)
})

const projectedNames = (tools: ToolRuntimeApi, agent?: Agent): string[] => tools.schemas(agent).map((schema) => schema.name)

for (const mode of ['code', 'both'] as const) {
  check(
    'SCH-06',
    `under a ${mode} deployment schemas() still lists every visible native tool, plus run_code`,
    ({ tools }) => {
      tools.register(probeTool('a').definition)
      tools.register(probeTool('b').definition)
      expect(projectedNames(tools).sort()).toEqual(['a', 'b', 'run_code'])
    },
    { deployment: { mode } },
  )
}

check(
  'SCH-06',
  'a scope presenting code still projects its inherited and own native tools',
  async ({ tools, scope, presentAs }) => {
    tools.register(probeTool('a').definition)
    const handle = await scope()
    handle.tools.register(probeTool('local').definition)
    presentAs(handle, 'code')
    expect(projectedNames(tools, handle.agent).sort()).toEqual(['a', 'local', 'run_code'])
    expect(projectedNames(tools)).toEqual(['a'])
  },
  { needs: ['scopes'] },
)

check(
  'SCH-07',
  'run_code is projected for the runtime mounted when schemas() runs, not the one mounted at an earlier projection',
  async ({ tools, codeMode, adapter }) => {
    const project = (api: ToolRuntimeApi): unknown => {
      const schema = api.schemas().find((entry) => entry.name === 'run_code')
      return { description: schema?.description, parameters: schema?.parameters }
    }
    await mountScripted(codeMode, 'typescript')
    const typescriptFirst = project(tools)
    await mountScripted(codeMode, 'python')
    const pythonAfterSwap = project(tools)
    const fresh = await adapter.create({ mode: 'code' })
    try {
      if (fresh.codeMode === undefined) throw new Error('the adapter declares codeMode but its harness has no codeMode member')
      await mountScripted(fresh.codeMode, 'python')
      expect(pythonAfterSwap, 'after swapping to python').toEqual(project(fresh.tools))
      await mountScripted(fresh.codeMode, 'typescript')
      expect(project(fresh.tools), 'after swapping to typescript').toEqual(typescriptFirst)
    } finally {
      await fresh.dispose?.()
    }
    await mountScripted(codeMode, 'typescript')
    expect(project(tools)).toEqual(typescriptFirst)
  },
  { deployment: { mode: 'code' } },
)
