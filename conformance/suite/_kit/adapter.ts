/**
 * Which adapter the suite drives: the module named by `DSH_TCK_ADAPTER`
 * (an absolute path set by the grading CLI), or the reference adapter.
 * Loaded once per test worker; the grading CLI has already checked its shape.
 */
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { TckAdapter } from '../../adapter/contract.ts'
import { DEFAULT_STALL_LIMIT_MS, DEFAULT_TIMEOUT_MS } from '../../limits.ts'

// `.ts` in the clone, `.js` in the built package (dist/ has the same layout).
const EXT = import.meta.url.endsWith('.ts') ? '.ts' : '.js'

export const REFERENCE_ADAPTER = fileURLToPath(new URL(`../../../reference/adapter${EXT}`, import.meta.url))

let loaded: Promise<TckAdapter> | undefined

export function suiteAdapterPath(): string {
  return process.env.DSH_TCK_ADAPTER || REFERENCE_ADAPTER
}

/**
 * The embedding only (`dsh-tools-tck/vitest`): drive `adapter` instead of
 * the module named by DSH_TCK_ADAPTER, for the rest of this worker.
 */
export function useSuiteAdapter(adapter: Promise<TckAdapter>): void {
  loaded = adapter
}

export function suiteAdapter(): Promise<TckAdapter> {
  loaded ??= import(pathToFileURL(suiteAdapterPath()).href).then((mod: { default?: TckAdapter }) => {
    if (mod.default === undefined) throw new Error(`adapter ${suiteAdapterPath()} has no default export`)
    return mod.default
  })
  return loaded
}

/** Per-test budget for adapter calls, in milliseconds (`--timeout`). */
export function suiteTimeout(): number {
  const raw = Number(process.env.DSH_TCK_TIMEOUT)
  return Number.isFinite(raw) && raw > 0 ? raw : DEFAULT_TIMEOUT_MS
}

/** How long a test may compute once its waiting is spent, in milliseconds (`--stall-limit`). */
export function suiteStallLimit(): number {
  const raw = Number(process.env.DSH_TCK_STALL_LIMIT)
  return Number.isFinite(raw) && raw > 0 ? raw : DEFAULT_STALL_LIMIT_MS
}
