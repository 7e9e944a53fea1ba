/**
 * The adapter the suite drives, as the suite settings name it (./settings.ts):
 * a module, imported once per test worker (the grade has already checked its
 * shape), or, in the embedding, the adapter object itself.
 */
// First: the kit's built-ins are captured before the adapter loads (intrinsics.ts).
import './intrinsics.ts'
import { pathToFileURL } from 'node:url'
import type { TckAdapter } from '../../adapter/contract.ts'
import { suiteSettings } from './settings.ts'

let loaded: { readonly module: string; readonly adapter: Promise<TckAdapter> } | undefined

export function suiteAdapter(): Promise<TckAdapter> {
  const { adapter } = suiteSettings()
  if (typeof adapter !== 'string') return Promise.resolve(adapter)
  if (loaded?.module !== adapter) {
    loaded = {
      module: adapter,
      adapter: import(pathToFileURL(adapter).href).then((mod: { default?: TckAdapter }) => {
        if (mod.default === undefined) throw new Error(`adapter ${adapter} has no default export`)
        return mod.default
      }),
    }
  }
  return loaded.adapter
}
