#!/usr/bin/env node
// dsh-tools-tck: the grading command line. Plain JavaScript so that it starts
// on a bare Node 20: it registers tsx, then loads the TypeScript CLI, and with
// it any adapter written in TypeScript. See `dsh-tools-tck --help`.
import { register } from 'tsx/esm/api'
import { register as registerCjs } from 'tsx/cjs/api'

register()
registerCjs()
const { runCli } = await import('../conformance/grade/cli.ts')

// Adapter code loaded for the pre-flight check may fail in a timer long after
// grading is over: that must neither crash the command nor print a stack.
process.on('unhandledRejection', () => {})
process.on('uncaughtException', () => {})

const status = await runCli(process.argv.slice(2))
process.exitCode = status
// A misbehaving adapter can leave timers, sockets or a stuck worker behind;
// exit anyway once the output is written (the timer does not itself hold the
// process open).
setTimeout(() => process.exit(status), 200).unref()
