/**
 * The two ways a grading run can refuse to start. Both carry a message meant
 * to be shown to a person as is: one line, plain words, no stack trace. The
 * CLI exits with status 2 on either.
 */

/** The options of the run are wrong: unknown rule IDs, a bad timeout, an unknown flag. */
export class UsageError extends Error {
  override name = 'UsageError'
}

/**
 * The adapter module cannot be graded: it is missing, does not import, has no
 * default export or the wrong shape, or its `create()` throws, never settles
 * or returns a harness lacking members its declared features need.
 * `cause` keeps the underlying error (for `--verbose`).
 */
export class AdapterError extends Error {
  override name = 'AdapterError'
  /** Absolute path of the adapter module. */
  readonly module: string

  constructor(module: string, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.module = module
  }
}
