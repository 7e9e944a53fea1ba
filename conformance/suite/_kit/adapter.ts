/**
 * Which adapter the suite drives: the module named by `DSH_TCK_ADAPTER`
 * (an absolute path set by the grading CLI), or the reference adapter.
 * Loaded once per test worker; the grading CLI has already checked its shape.
 */
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { TckAdapter } from '../../adapter/contract.ts'

export const REFERENCE_ADAPTER = fileURLToPath(new URL('../../../reference/adapter.ts', import.meta.url))

let loaded: Promise<TckAdapter> | undefined

export function suiteAdapterPath(): string {
  return process.env.DSH_TCK_ADAPTER || REFERENCE_ADAPTER
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
  return Number.isFinite(raw) && raw > 0 ? raw : 5000
}
