/**
 * Internal: where a grade keeps the suite's transformed modules between
 * runs (vitest's `experimental.fsModuleCache`).
 *
 * Each `grade()` starts a fresh vitest, and without a cache every one of
 * them transforms the whole suite again: about 1.5 s of CPU per grade on the
 * 2-core build machine, a third of a `--rules` run and a sixth of a full
 * one. Entries are keyed by vitest on each module's path and content, the
 * vite configuration and vitest's version, and the folder is emptied when
 * the kit's lockfile changes, so an edited adapter or kit file is never
 * served stale. The cache only changes how fast modules load, never what
 * they do: a grade with or without it gives the same verdicts.
 */
import { createHash } from 'node:crypto'
import { accessSync, constants as fsConstants, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Environment variable that moves the cache: a folder path, or `off` for none. */
export const CACHE_DIR_ENV = 'DSH_TCK_CACHE_DIR'

/**
 * The cache folder for the kit at `kitRoot` (version `version`), created if
 * needed, or `undefined` when caching is off or the folder cannot be written
 * (grading then transforms every module, as without a cache).
 *
 * Default: `<os tmpdir>/dsh-tools-tck-cache/<hash of kit root and version>`,
 * one folder per kit installation, like Jest's cache in the temporary
 * folder; `DSH_TCK_CACHE_DIR` names another folder, `DSH_TCK_CACHE_DIR=off`
 * turns the cache off, as does `enabled: false` (`--no-cache`).
 */
export function transformCacheDir(kitRoot: string, version: string, enabled = true, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const chosen = env[CACHE_DIR_ENV]
  if (!enabled || chosen === 'off') return undefined
  const key = createHash('sha1').update(`${kitRoot}\0${version}`).digest('hex').slice(0, 16)
  const dir = chosen !== undefined && chosen !== '' ? chosen : join(tmpdir(), 'dsh-tools-tck-cache', key)
  try {
    mkdirSync(dir, { recursive: true })
    accessSync(dir, fsConstants.W_OK)
    return dir
  } catch {
    return undefined
  }
}
