/**
 * CM-28, SCH-07: the model-facing text of `run_code`, per runtime language,
 * read when the schema is projected. Only the opening words of each text are
 * pinned by upstream; the rest is ours.
 */

export interface RunCodeFlavor {
  /** The tool's `description`. */
  readonly description: string
  /** The description of the `code` parameter. */
  readonly codeDescription: string
}

const FLAVORS: Readonly<Record<string, RunCodeFlavor>> = Object.freeze({
  typescript: {
    description:
      'Execute a TypeScript program that calls the available tools. `code` is the body of an async function ' +
      '(`await` and `return` work at top level); `description` says in a few words what it does. Call a tool as ' +
      '`await tools.<name>(args)`. Only what the program prints or returns is shown: keep it short.',
    codeDescription: 'The program: the body of an async TypeScript function.',
  },
  python: {
    description:
      'Execute a Python program that calls the available tools. `code` is the body of an async function ' +
      '(`await` and `return` work at top level); `description` says in a few words what it does. Call a tool as ' +
      '`await tools.<name>(args)`. Only what the program prints or returns is shown: keep it short.',
    codeDescription: 'The program: the body of an async Python function.',
  },
})

/** The description of the `description` parameter: the same for every language. */
export const DESCRIPTION_PARAMETER_TEXT = 'What this program does, in 5 to 10 words of active voice (shown in the UI).'

/**
 * The flavor for `language`; TypeScript when no runtime is mounted
 * (`undefined`). An unknown language throws, naming the known ones.
 */
export function flavorFor(language: string | undefined): RunCodeFlavor {
  if (language === undefined) return FLAVORS.typescript!
  if (!Object.hasOwn(FLAVORS, language)) {
    const known = Object.keys(FLAVORS)
      .map((name) => JSON.stringify(name))
      .join(', ')
    throw new Error(`dsh-tools: no run_code schema flavor registered for runtime language ${JSON.stringify(language)} (known: ${known})`)
  }
  return FLAVORS[language]!
}
