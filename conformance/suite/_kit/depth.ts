/**
 * The nesting depth at which SCH-03 checks that schemas() copies parameters
 * without recursing on the call stack.
 *
 * Upstream's own test uses 5 000 levels of `{ oneOf: [...] }`. A plain
 * recursive copy (two calls a level: the object and its oneOf array)
 * overflows Node.js 20's main-thread stack at about 1 400 levels, but vitest
 * runs the suite in worker threads with a 4 MB stack, where the same copy
 * survives 5 000 levels: such a test cannot tell a recursive copy from an
 * iterative one (fixtures/broken/schemas-copy-recursive.ts is that bug).
 * 20 000 levels (40 000 frames) overflow it there too, and cost the
 * reference's iterative copy well under a second.
 *
 * ARG-15 (upstream; ARG-05 keeps a shallow nesting: the seeds give no depth) tests argument materialisation at 50 000 levels of nested arrays
 * (one call a level), for the same reason. The schema compiler and subset
 * assertion (JSS-11) and the validator (JSV-14) keep upstream's 5 000 levels: they do far more
 * work per level. All three are upstream rules. Mutation runs build all of these shallower
 * (conformance/fixtures/nesting-depth.ts).
 */
export const BEYOND_CALL_STACK = 20_000
