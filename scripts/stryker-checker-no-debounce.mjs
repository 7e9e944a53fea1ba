// Stryker plugin module (stryker.config.mjs `appendPlugins`): makes the
// TypeScript checker answer as soon as the compiler is done.
//
// @stryker-mutator/typescript-checker drives TypeScript's watch-mode solution
// builder: it writes a mutant into its in-memory file system and waits for the
// rebuild. The watch host batches file changes behind a fixed 250 ms timer
// (`scheduleBuildInvalidatedProject`), so every check of every mutant group
// sleeps a quarter of a second before compiling. With ~2,400 mutants that is
// most of the checker's time, and while it checks only one test runner runs.
//
// Only one writer changes files here, one group at a time, so batching buys
// nothing: timers the builder asks for are started at once. What the checker
// decides (which mutants do not compile) is unchanged; only the wait goes.
// Stryker loads plugin modules in every child process; in a test runner
// nothing uses TypeScript's `sys`, so the patch is inert there.
import ts from 'typescript'

const schedule = ts.sys.setTimeout
if (typeof schedule === 'function') {
  ts.sys.setTimeout = (callback, _ms, ...args) => schedule(callback, 0, ...args)
}

/** Contributes no plugin of its own; loading the module is the point. */
export const strykerPlugins = []
