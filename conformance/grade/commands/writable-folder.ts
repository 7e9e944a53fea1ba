/**
 * Internal: refusing an output file whose folder cannot be written, before
 * any work is spent on what would go into it.
 */
import { constants as fsConstants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { UsageError } from '../errors.ts'

/**
 * Resolves with the absolute path of `file` (relative to `cwd`) when its
 * folder exists and is writable and `file` is not itself an existing
 * directory; otherwise rejects with a {@link UsageError} naming `flag` and
 * the folder (or `` `flag`: <path> is a directory ``). An empty or blank
 * `file` is a usage error too. Does not create or open the file, nor check
 * that an existing file is writable.
 */
export async function writableTarget(flag: string, file: string, cwd: string): Promise<string> {
  if (file.trim() === '') throw new UsageError(`${flag} needs a file name`)
  const target = resolve(cwd, file)
  const folder = dirname(target)
  try {
    await access(folder, fsConstants.W_OK)
  } catch {
    throw new UsageError(`${flag}: cannot write into the folder ${folder} (missing or not writable)`)
  }
  const existing = await stat(target).catch(() => undefined)
  if (existing?.isDirectory() === true) throw new UsageError(`${flag}: ${target} is a directory`)
  return target
}
