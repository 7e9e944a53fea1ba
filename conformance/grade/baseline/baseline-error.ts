/**
 * A baseline file that cannot be used: missing, unreadable, not JSON, or not
 * a valid baseline. The message is meant to be shown to a person as is: it
 * names the file and, for an invalid entry, `entries[<i>] (<rule or test>)`
 * and the field, one problem per line, no stack trace. The CLI exits with
 * status 2 on it, before grading.
 */
export class BaselineError extends Error {
  override name = 'BaselineError'
  /** The file as it was named (the path given on the command line). */
  readonly file: string

  constructor(file: string, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.file = file
  }
}
