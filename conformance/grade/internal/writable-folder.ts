/**
 * Internal: refusing an output file whose folder cannot be written, before
 * any work is spent on what would go into it.
 */
import { constants as fsConstants } from 'node:fs'
import { access } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { UsageError } from '../errors.ts'

/**
 * Resolves with the absolute path of `file` (relative to `cwd`) when its
 * folder exists and is writable; otherwise rejects with a {@link UsageError}
 * naming `flag` and the folder. An empty or blank `file` is a usage error
 * too. Does not create, open or check the file itself.
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
  return target
}
