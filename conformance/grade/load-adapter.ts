/**
 * `loadAdapter()`: find and import an adapter module, and take its default
 * export. Shape checks are {@link checkAdapter}'s job.
 */
// First: the kit's built-ins are captured before the adapter loads (intrinsics.ts).
import '../suite/_kit/intrinsics.ts'
import { stat } from 'node:fs/promises'
import { isAbsolute, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { AdapterError } from './errors.ts'
import { oneLine } from './text.ts'
import { settleWithin } from './engine/settle.ts'
import { guardExit } from './engine/exit-guard.ts'
import { REFERENCE_ADAPTER } from '../suite/_kit/settings.ts'

/** Imports slower than this are reported as hanging (a top-level await that never settles). */
const IMPORT_LIMIT_MS = 30_000

export interface LoadedAdapter {
  /** Absolute path of the module. */
  readonly module: string
  /** How to name the module in messages: relative to `cwd` when inside it, else absolute. */
  readonly displayName: string
  /** The module's default export, unchecked. */
  readonly exported: unknown
}

export interface LoadAdapterOptions {
  /** Directory a relative `specifier` is resolved against. Default: `process.cwd()`. */
  readonly cwd?: string
}

/**
 * Resolves `specifier` (a file path, relative to `cwd`, or a `file:` URL;
 * default: the reference adapter), imports it and returns its default export.
 *
 * Throws an {@link AdapterError} with a one-line message naming the file when
 * the file does not exist or is a directory, when importing it throws, or
 * when it has no default export, and when it calls `process.exit()` while
 * loading (which would otherwise end the calling process). A TypeScript adapter is imported through
 * the calling process's loader when it has one (the CLI registers tsx; vitest
 * has its own); on a plain Node, which refuses the file's extension, through
 * tsx's scoped `tsImport()`.
 */
export async function loadAdapter(specifier: string | undefined, options: LoadAdapterOptions = {}): Promise<LoadedAdapter> {
  const cwd = options.cwd ?? process.cwd()
  const module = specifier === undefined ? REFERENCE_ADAPTER : specifier.startsWith('file:') ? fileURLToPath(specifier) : resolve(cwd, specifier)
  const rel = relative(cwd, module)
  const displayName = rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : module

  let isFile: boolean
  try {
    isFile = (await stat(module)).isFile()
  } catch {
    throw new AdapterError(module, `adapter module ${displayName} not found`)
  }
  if (!isFile) throw new AdapterError(module, `adapter ${displayName} is not a file (--adapter expects the path of a module)`)

  // The module may not end this process as it loads (engine/exit-guard.ts): a silent exit 0 would pass for a grade.
  const guard = guardExit()
  const imported = await settleWithin(() => importModule(module), IMPORT_LIMIT_MS).finally(() => guard.release())
  if (guard.attempts.length > 0) {
    throw new AdapterError(
      module,
      `adapter ${displayName} called ${guard.attempts[0]!} while loading: an adapter module must not end the process (a CLI entry point imported by mistake, or a script without a main guard?)`,
      imported.kind === 'threw' || imported.kind === 'rejected' ? { cause: imported.error } : undefined,
    )
  }
  switch (imported.kind) {
    case 'threw':
    case 'rejected':
      throw new AdapterError(module, `adapter ${displayName} failed to import: ${oneLine(imported.error)}`, { cause: imported.error })
    case 'timeout':
      throw new AdapterError(
        module,
        `adapter ${displayName} did not finish importing within ${IMPORT_LIMIT_MS / 1000} s (a top-level await that never settles?)`,
      )
    case 'value':
      break
  }
  const namespace = imported.value as { default?: unknown } | null
  const exported = typeof namespace === 'object' && namespace !== null ? namespace.default : undefined
  if (exported === undefined) {
    throw new AdapterError(module, `adapter ${displayName} has no default export (expected \`export default defineAdapter({ name, features, create })\`)`)
  }
  return { module, displayName, exported }
}

/** `import()`, falling back to tsx for a TypeScript module that the plain Node loader refuses. */
async function importModule(module: string): Promise<unknown> {
  const url = pathToFileURL(module).href
  try {
    return (await import(url)) as unknown
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== 'ERR_UNKNOWN_FILE_EXTENSION' || !/\.[cm]?tsx?$/.test(module)) throw error
    const { tsImport } = await import('tsx/esm/api')
    return (await tsImport(url, import.meta.url)) as unknown
  }
}
