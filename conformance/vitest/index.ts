/**
 * `dsh-tools-tck/vitest`: the conformance suite inside the implementer's own
 * vitest run. See {@link conformance} and docs/ADAPTER.md.
 */
export { conformance } from './conformance.ts'
export type { ConformanceOptions } from './conformance.ts'
