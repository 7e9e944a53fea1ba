#!/usr/bin/env node
// dsh-tools-tck: the grading command line. Plain JavaScript so that it starts
// on a bare Node 20. In a clone it runs the kit's TypeScript sources
// (conformance/grade/cli.ts); in the installed package, which ships no kit
// sources, the compiled dist/ (`npm run build`, run by `prepack`). Either way
// a grade registers tsx, for adapters written in TypeScript. See
// `dsh-tools-tck --help`.
import { existsSync } from 'node:fs'

// Issue 38: however this process ends, its exit status is the command's own,
// or 2 when the command had none yet; never a status adapter code chose.
// Every exit goes through process.reallyExit (process.exit calls it after the
// 'exit' listeners, whatever exitCode they set), so the one captured here,
// before any other code loads, ends the process with `status`. Only the end
// of a command (and a kit that fails to load) sets `status`.
const reallyExit = process.reallyExit.bind(process)
let status
const noVerdict = (code) =>
  process.stderr.write(
    `dsh-tools-tck: the process was ended (exit status ${code}) before the command finished, most likely by adapter code calling process.exit(); no verdict was reached\n`,
  )
process.reallyExit = (code) => {
  if (status === undefined) noVerdict(code)
  reallyExit(status ?? 2)
}
// A process that ends because nothing is left to run, before the command finished.
process.on('exit', (code) => {
  if (status !== undefined) return
  noVerdict(code)
  reallyExit(2)
})

// The sources win whenever they are there, so a stale dist/ in a clone is never run.
const SOURCE_CLI = new URL('../conformance/grade/cli.ts', import.meta.url)
const cli = existsSync(SOURCE_CLI) ? SOURCE_CLI.href : new URL('../dist/conformance/grade/cli.js', import.meta.url).href

// For a grade, vitest's Node API is loaded before tsx hooks into module
// loading: through the hooks, importing it costs several times the CPU (the
// kit's modules get the cached instance). tsx is needed for a grade's
// TypeScript adapter, and in a clone for the kit's own sources.
const argv = process.argv.slice(2)
const registerTsx = async () => {
  ;(await import('tsx/esm/api')).register()
  ;(await import('tsx/cjs/api')).register()
}
const loadEngine = async () => {
  await import('vitest/node')
  await registerTsx()
}
let beforeEngine
if (cli === SOURCE_CLI.href) {
  // A clone: the sources need tsx before anything runs, so a grade's preload comes first.
  const grades = argv.includes('grade') && !argv.some((arg) => ['-h', '--help', '-v', '--version'].includes(arg))
  if (grades) await loadEngine()
  else await registerTsx()
} else {
  // Installed: the command line checks every argument first and loads the
  // engine only for a grade; --help, --version, list-rules, explain, matrix and
  // usage errors never load vitest or tsx.
  beforeEngine = loadEngine
}
let runCli
try {
  ;({ runCli } = await import(cli))
} catch (error) {
  // A broken kit installation: say so in one line (the stack with --verbose).
  const message = error instanceof Error ? error.message : String(error)
  process.stderr.write(`dsh-tools-tck: the kit itself failed to load: ${message.split('\n')[0]}\n`)
  if (process.argv.includes('--verbose') && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`)
  status = 2
  process.exit(2)
}

// Adapter code loaded for the pre-flight check may fail in a timer long after
// grading is over: that must neither crash the command nor print a stack.
process.on('unhandledRejection', () => {})
process.on('uncaughtException', () => {})

status = await runCli(argv, undefined, { beforeEngine })
process.exitCode = status
// A misbehaving adapter can leave timers, sockets or a stuck worker behind, or
// exit listeners of its own: once the output is written, end with `status`.
await new Promise((resolve) => process.stdout.write('', resolve))
await new Promise((resolve) => process.stderr.write('', resolve))
reallyExit(status)
