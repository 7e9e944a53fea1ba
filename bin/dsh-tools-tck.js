#!/usr/bin/env node
// dsh-tools-tck: the grading command line. Plain JavaScript so that it starts
// on a bare Node 20. In a clone it runs the kit's TypeScript sources
// (conformance/grade/cli.ts); in the installed package, which ships no kit
// sources, the compiled dist/ (`npm run build`, run by `prepack`). Either way
// it registers tsx, for adapters written in TypeScript. See `dsh-tools-tck --help`.
import { existsSync } from 'node:fs'
import { register } from 'tsx/esm/api'
import { register as registerCjs } from 'tsx/cjs/api'

// The sources win whenever they are there, so a stale dist/ in a clone is never run.
const SOURCE_CLI = new URL('../conformance/grade/cli.ts', import.meta.url)
const cli = existsSync(SOURCE_CLI) ? SOURCE_CLI.href : new URL('../dist/conformance/grade/cli.js', import.meta.url).href

// For a grade, loaded before tsx hooks into module loading: through the hooks,
// importing vitest's Node API costs several times the CPU (the kit's modules
// get the cached instance). --help, --version, list-rules, explain, matrix
// and usage errors never load it.
const argv = process.argv.slice(2)
const answersAtOnce = argv.some((arg) => ['-h', '--help', '-v', '--version'].includes(arg)) || !argv.includes('grade')
// A grade's arguments are checked before the engine loads; the preload only makes that load cheaper.
if (!answersAtOnce) await import('vitest/node')
register()
registerCjs()
let runCli
try {
  ;({ runCli } = await import(cli))
} catch (error) {
  // A broken kit installation: say so in one line (the stack with --verbose).
  const message = error instanceof Error ? error.message : String(error)
  process.stderr.write(`dsh-tools-tck: the kit itself failed to load: ${message.split('\n')[0]}\n`)
  if (process.argv.includes('--verbose') && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`)
  process.exit(2)
}

// Adapter code loaded for the pre-flight check may fail in a timer long after
// grading is over: that must neither crash the command nor print a stack.
process.on('unhandledRejection', () => {})
process.on('uncaughtException', () => {})

const status = await runCli(argv)
process.exitCode = status
// A misbehaving adapter can leave timers, sockets or a stuck worker behind;
// exit anyway once the output is written (the timer does not itself hold the
// process open).
setTimeout(() => process.exit(status), 200).unref()
