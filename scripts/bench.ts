/**
 * `npm run bench`: figures, never assertions (the machines are shared and noisy).
 *
 * 1. Pipeline overhead of the reference: one tool call through `execute()`
 *    (materialise, policy, dispatch, output validation, finalise, notify)
 *    against calling the same body directly, as a ratio measured in one run.
 * 2. A full grade of the reference: wall time, tests run, peak memory.
 */
import { performance } from 'node:perf_hooks'
import { grade } from '../conformance/grade/grade.ts'
import { createToolRegistry } from '../reference/index.ts'

const CALLS = 20_000

async function pipelineOverhead(): Promise<void> {
  const body = async (args: unknown): Promise<unknown> => ({ echoed: args })
  const registry = createToolRegistry()
  registry.tools.register({
    name: 'echo',
    description: 'echoes its arguments',
    parameters: { type: 'object' },
    output: { schema: { type: 'object' }, render: (_args, value) => [{ type: 'text', text: JSON.stringify(value) }] },
    execute: body,
  })
  registry.on('tools/pre-execute', (_exec, next) => next())
  registry.on('tools/post-execute', (_exec, _result, next) => next())
  const signal = new AbortController().signal
  const args = { path: 'a.txt', lines: [1, 2, 3], options: { follow: true } }

  // Warm both paths before measuring.
  for (let i = 0; i < 2_000; i++) {
    await body(args)
    await registry.tools.execute({ callId: `w${i}`, name: 'echo', arguments: args, signal })
  }
  let start = performance.now()
  for (let i = 0; i < CALLS; i++) await body(args)
  const direct = performance.now() - start
  start = performance.now()
  for (let i = 0; i < CALLS; i++) await registry.tools.execute({ callId: `c${i}`, name: 'echo', arguments: args, signal })
  const piped = performance.now() - start

  console.log(`pipeline: ${CALLS} calls`)
  console.log(`  direct body call      ${((direct * 1000) / CALLS).toFixed(2)} µs/call`)
  console.log(`  through execute()     ${((piped * 1000) / CALLS).toFixed(2)} µs/call`)
  console.log(`  overhead ratio        ${(piped / direct).toFixed(1)}x`)
}

async function fullGrade(): Promise<void> {
  const start = performance.now()
  const report = await grade()
  const wall = performance.now() - start
  const tests = report.rules.reduce((n, rule) => n + rule.tests.length, 0)
  console.log(`grade of the reference: ${(wall / 1000).toFixed(1)} s wall, ${report.rules.length} rules, ${tests} test entries`)
  console.log(`  verdict ${report.summary.conforms ? 'conforms' : 'does not conform'}`)
  console.log(`  peak RSS of this process ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB (workers not included)`)
}

await pipelineOverhead()
await fullGrade()
