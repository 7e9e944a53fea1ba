/**
 * The pre-flight adapter check, in process, on hand-made default exports.
 * (cli.test.ts runs the same kind of failures through the real binary.)
 */
import { describe, expect, test } from 'vitest'
import { checkAdapter } from './check-adapter.ts'
import { AdapterError } from './errors.ts'

const fn = (): void => undefined
const tools = { register: fn, restrict: fn, guard: fn, get: fn, schemas: fn, executionMode: fn, execute: fn }
const harness = (extra: object = {}): object => ({ tools, on: fn, ...extra })

async function problem(exported: unknown, timeoutMs = 200): Promise<string> {
  const error = await checkAdapter({ module: '/x/a.ts', displayName: 'a.ts', exported }, { timeoutMs }).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AdapterError)
  const message = (error as AdapterError).message
  expect(message).toMatch(/^adapter a\.ts: /)
  expect(message).not.toContain('\n')
  return message
}

describe('checkAdapter', () => {
  test('accepts a minimal adapter and disposes the harness it created', async () => {
    let disposed = 0
    const dispose = () => {
      disposed += 1
    }
    const adapter = { name: 'ok', features: { scopes: false }, create: () => harness({ dispose }) }
    await expect(checkAdapter({ module: '/x/a.ts', displayName: 'a.ts', exported: adapter }, { timeoutMs: 200 })).resolves.toBe(adapter)
    expect(disposed).toBe(1)
  })

  test.each([
    ['the default export is null, not an adapter object', null as unknown],
    ['the default export is an array', []],
    ['the default export is a function', () => undefined],
    ['"version" must be a string when present (got a number)', { name: 'x', version: 1, features: {}, create: fn }],
    ['"features" must be an object', { name: 'x', features: [], create: fn }],
    ['feature "scopes" must be true or false', { name: 'x', features: { scopes: 'yes' }, create: fn }],
    ['declares the "schema" feature but lacks schema.defineTool', { name: 'x', features: { schema: true }, create: fn }],
    ['declares the "codedErrors" feature but lacks harnessError', { name: 'x', features: { codedErrors: true }, create: fn }],
    ['create() returned null, not a harness', { name: 'x', features: {}, create: () => null }],
    ['create() rejected: TypeError: nope', { name: 'x', features: {}, create: () => Promise.reject(new TypeError('nope')) }],
    [`the harness's "dispose" must be a function when present`, { name: 'x', features: {}, create: () => harness({ dispose: 'later' }) }],
    ['lacks setApproval (the adapter declares the "approval" feature)', { name: 'x', features: { approval: true }, create: () => harness() }],
    ['lacks warnings (the adapter declares the "warnings" feature)', { name: 'x', features: { warnings: true }, create: () => harness() }],
    [
      'lacks tools.register, tools.restrict, tools.guard, tools.get, tools.schemas, tools.executionMode and tools.execute (every test needs them)',
      { name: 'x', features: {}, create: () => ({ tools: {}, on: fn }) },
    ],
  ])('%s', async (fragment, exported) => {
    expect(await problem(exported)).toContain(fragment)
  })

  test('a default export whose getters throw', async () => {
    const trap = Object.defineProperty({ features: {}, create: fn }, 'name', {
      get() {
        throw new Error('trap')
      },
    })
    expect(await problem(trap)).toContain('reading the default export threw: trap')
  })

  test('a create() that never settles is reported after the budget', async () => {
    expect(await problem({ name: 'x', features: {}, create: () => new Promise(() => undefined) }, 50)).toContain('create() did not settle within 50 ms')
  })

  test('a dispose() that throws or hangs does not make the adapter invalid', async () => {
    const throwing = {
      name: 'x',
      features: {},
      create: () =>
        harness({
          dispose: () => {
            throw new Error('x')
          },
        }),
    }
    const hanging = { name: 'x', features: {}, create: () => harness({ dispose: () => new Promise(() => undefined) }) }
    await expect(checkAdapter({ module: '/x/a.ts', displayName: 'a.ts', exported: throwing }, { timeoutMs: 50 })).resolves.toBe(throwing)
    await expect(checkAdapter({ module: '/x/a.ts', displayName: 'a.ts', exported: hanging }, { timeoutMs: 50 })).resolves.toBe(hanging)
  })
})
