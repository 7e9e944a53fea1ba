/**
 * Internal: writing one output file of the CLI (a report format, a summary)
 * after the grade, turning a failure into a one-line message.
 */
import { appendFile, writeFile } from 'node:fs/promises'
import { oneLine } from '../text.ts'

/**
 * Writes `content` to the absolute path `target` (replacing the file, or
 * appending to it with `append`). Resolves with `undefined` once written, or
 * with a one-line message `cannot write the <what> to <target>: <reason>`
 * when the write fails. Never rejects. Does not create folders (check them
 * before the grade with `writableTarget`).
 */
export async function writeOutputFile(what: string, target: string, content: string, append = false): Promise<string | undefined> {
  try {
    await (append ? appendFile(target, content) : writeFile(target, content))
    return undefined
  } catch (error) {
    return `cannot ${append ? 'append' : 'write'} the ${what} to ${target}: ${oneLine(error)}`
  }
}
