/**
 * Internal: where a grade keeps the suite's transformed modules between
 * runs (vitest's `experimental.fsModuleCache`), and which modules it keeps.
 *
 * Each `grade()` starts a fresh vitest, and without a cache every one of
 * them transforms the whole suite again, a large share of a `--rules` run's
 * CPU. vitest keys an entry on
 * the module's path and content and the vite configuration, and stores the
 * code with its imports already resolved; it empties the folder when the
 * lockfile it finds from the kit root changes. So only the kit's own modules
 * are cached ({@link isKitModule}): they import by explicit paths and
 * package names, which a lockfile change covers. An adapter and whatever it
 * imports (extensionless or folder imports, `package.json` `imports`, an
 * `npm link`) are transformed afresh on every grade, so a change there is
 * never served stale. A run that trips over the cache folder itself (removed
 * or cleared mid-run) is graded again without it (see grade.ts).
 */
import { $JSON } from '../../suite/_kit/intrinsics.ts'
import { createHash } from 'node:crypto'
import { accessSync, constants as fsConstants, lstatSync, mkdirSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join, sep } from 'node:path'

/** Environment variable that moves the cache: a folder path, or `off` for none. */
export const CACHE_DIR_ENV = 'DSH_TCK_CACHE_DIR'

/** The kit's module folders under its root (the same in a clone and in the built package's dist/). */
const KIT_MODULE_FOLDERS = ['conformance', 'properties', 'reference', 'types']

/**
 * True when the module `id` (a file path, possibly with a query) is one of
 * the kit's own modules under `kitRoot`, which may be cached; anything else
 * (an adapter, the gallery's registries, a user's files) may not.
 */
export function isKitModule(kitRoot: string, id: string): boolean {
  const root = kitRoot.endsWith(sep) || kitRoot.endsWith('/') ? kitRoot : `${kitRoot}/`
  return KIT_MODULE_FOLDERS.some((folder) => id.startsWith(`${root}${folder}/`))
}

/** This user, for the name of the default folder: the uid where there is one. */
function userTag(): string {
  const uid = process.getuid?.()
  if (uid !== undefined) return String(uid)
  try {
    return userInfo().username.replace(/[^A-Za-z0-9_.-]/g, '_')
  } catch {
    return 'user'
  }
}

/**
 * True when `dir` is a real folder (not a link) that only this user can
 * write: the default folder sits in the shared temporary folder, where
 * another user could otherwise plant modules for the grade to run.
 */
function privateFolder(dir: string): boolean {
  const stat = lstatSync(dir)
  if (!stat.isDirectory()) return false
  const uid = process.getuid?.()
  if (uid === undefined) return true // no POSIX ownership to check (Windows): the per-user temp folder
  return stat.uid === uid && (stat.mode & 0o022) === 0
}

/**
 * The cache folder for the kit at `kitRoot` (version `version`), created if
 * needed, or `undefined` when caching is off or the folder is unusable
 * (grading then transforms every module, as without a cache).
 *
 * Default: `<os tmpdir>/dsh-tools-tck-cache-<uid>/<hash of kit root and
 * version>`, one folder per user and kit installation, used only when it is
 * a folder of this user's that no one else may write. `DSH_TCK_CACHE_DIR`
 * names another folder (used when writable), `DSH_TCK_CACHE_DIR=off` turns
 * the cache off, as does `enabled: false` (`--no-cache`).
 */
export function transformCacheDir(kitRoot: string, version: string, enabled = true, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const chosen = env[CACHE_DIR_ENV]
  if (!enabled || chosen === 'off') return undefined
  try {
    if (chosen !== undefined && chosen !== '') {
      mkdirSync(chosen, { recursive: true })
      accessSync(chosen, fsConstants.W_OK)
      return chosen
    }
    const base = join(tmpdir(), `dsh-tools-tck-cache-${userTag()}`)
    mkdirSync(base, { recursive: true, mode: 0o700 })
    if (!privateFolder(base)) return undefined
    const dir = join(base, createHash('sha1').update(`${kitRoot}\0${version}`).digest('hex').slice(0, 16))
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    accessSync(dir, fsConstants.W_OK)
    return dir
  } catch {
    return undefined
  }
}

/** The error codes of a file the cache could not read or write (Node's messages start with them). */
const FILE_ERROR = /^(ENOENT|EISDIR|ENOTDIR|EACCES|EPERM|ENOSPC|EMFILE)\b/

/**
 * True when a suite run may have tripped over the cache folder: anything in
 * it names the folder, or a suite file or a stray error failed with a file
 * error (vitest's read of an entry does not always name the file). A false
 * alarm only costs a second, uncached run.
 */
export function runTouchedCache(
  run: { readonly moduleProblems: readonly { readonly message: string }[]; readonly unhandled: readonly { readonly error: { readonly message: string } }[] },
  cacheDir: string,
): boolean {
  if (run.moduleProblems.some((p) => FILE_ERROR.test(p.message)) || run.unhandled.some((u) => FILE_ERROR.test(u.error.message))) return true
  try {
    return $JSON.stringify(run).includes($JSON.stringify(cacheDir).slice(1, -1))
  } catch {
    return false
  }
}
