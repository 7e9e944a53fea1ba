/**
 * The node:vm runtime, driven through the reference registry as a user would
 * (the README's example): real programs, real bindings.
 */
import { expect, test } from 'vitest'
import { createToolRegistry, defineTool } from '../index.ts'
import { createVmCodeRuntime } from './vm-runtime.ts'

function registryWithAdd() {
  const registry = createToolRegistry({ mode: 'code' })
  registry.setCodeRuntime(createVmCodeRuntime({ timeoutMs: 200 }))
  registry.tools.register(
    defineTool({
      name: 'add',
      description: 'Adds two numbers.',
      parameters: { a: { type: 'number', required: true }, b: { type: 'number', required: true } },
      output: { schema: { type: 'number' }, render: (_args, sum) => [{ type: 'text', text: String(sum) }] },
      execute: async ({ a, b }) => a + b,
    }),
  )
  return registry
}

const runCode = (registry: ReturnType<typeof registryWithAdd>, code: string) =>
  registry.tools.execute({ callId: 'call-1', name: 'run_code', arguments: { code, description: 'Try the runtime' }, signal: new AbortController().signal })

test('a program calls a tool through its binding, logs, and returns a value', async () => {
  const result = await runCode(registryWithAdd(), 'const sum = await tools.add({ a: 2, b: 3 }); console.log("sum is", sum); return { sum }')
  expect(result.isError).toBe(false)
  expect(result.value).toEqual({ logs: ['sum is 5'], result: { sum: 5 } })
  expect(result.content).toEqual([{ type: 'text', text: 'sum is 5\n{\n  "sum": 5\n}' }])
})

test('a rejected binding throws a ToolCallError naming the tool, with the registry message', async () => {
  const result = await runCode(
    registryWithAdd(),
    'try { await tools.add({ a: "x" }) } catch (e) { return [e.name, e.toolName, e instanceof ToolCallError, e.message.startsWith("invalid arguments")] }',
  )
  expect(result.value).toEqual({ logs: [], result: ['ToolCallError', 'add', true, true] })
})

test('failures resolve as CODE_RUN_FAILED with their kind: exception, timeout, invalid output', async () => {
  const registry = registryWithAdd()
  const thrown = await runCode(registry, 'console.log("before"); throw new Error("boom")')
  expect(thrown.error?.info?.code).toBe('CODE_RUN_FAILED')
  expect(thrown.error?.message).toBe('code run failed (exception): boom\nCaptured output:\nbefore')
  const looping = await runCode(registry, 'for (;;) {}')
  expect(looping.error?.message).toMatch(/^code run failed \(timeout\)/)
  const lossy = await runCode(registry, 'return () => 1')
  expect(lossy.error?.message).toMatch(/^code run failed \(invalid-output\)/)
})

test('the program sees no run_code binding and no host globals', async () => {
  const result = await runCode(registryWithAdd(), 'return [Object.keys(tools), typeof tools.run_code, typeof process, typeof require]')
  expect(result.value).toEqual({ logs: [], result: [['add'], 'undefined', 'undefined', 'undefined'] })
})

test("the README's Code Mode example runs and prints what it says", async () => {
  const { readFileSync, writeFileSync, rmSync } = await import('node:fs')
  const { fileURLToPath } = await import('node:url')
  const root = fileURLToPath(new URL('../../', import.meta.url))
  const readme = readFileSync(`${root}README.md`, 'utf8')
  const block = /<!-- code-mode-example:start -->\s*```ts\n([\s\S]*?)```\s*<!-- code-mode-example:end -->/.exec(readme)
  expect(block, 'the README has the marked example').not.toBeNull()
  const expected = /\/\/ (\{ type: 'text', text: '.*' \})$/m.exec(block![1]!)
  expect(expected, 'the example says what it prints').not.toBeNull()
  // Written beside README.md, so its `./reference/index.ts` import resolves as it does for a reader.
  const file = `${root}.readme-code-mode-example.ts`
  writeFileSync(file, block![1]!)
  const printed: unknown[] = []
  const original = console.log
  console.log = (...values: unknown[]) => void printed.push(values[0])
  try {
    await import(/* @vite-ignore */ file)
  } finally {
    console.log = original
    rmSync(file, { force: true })
  }
  const [, text] = /text: '(.*)'/.exec(expected![1]!)!
  expect(printed).toEqual([{ type: 'text', text: text!.replace(/\\n/g, '\n') }])
})
