/**
 * Error classes whose `code` the pipeline routes on. A thrown `HarnessError`
 * keeps `{ name, code }` as `error.info` on the result; anything else does not.
 */

/** Base class of every error that carries a routable `code`. */
export class HarnessError extends Error {
  readonly code: string
  constructor(message: string, code: string, options?: ErrorOptions) {
    super(message, options)
    this.code = code
    this.name = new.target.name
  }
}

/** The named tool is not visible to the caller (code `UNKNOWN_TOOL`). */
export class ToolNotFoundError extends HarnessError {
  /** `detail`, when given, follows the name after a colon (CM-03). */
  constructor(toolName: string, detail?: string) {
    super(detail === undefined ? `unknown tool "${toolName}"` : `unknown tool "${toolName}": ${detail}`, 'UNKNOWN_TOOL')
  }
}

/** The body (or a post-execute value replacement) produced a value outside the output contract (code `INVALID_TOOL_OUTPUT`). */
export class ToolOutputError extends HarnessError {
  readonly violations: readonly string[]
  constructor(toolName: string, violations: readonly string[]) {
    super(`tool "${toolName}" returned invalid output: ${violations.join('; ')}`, 'INVALID_TOOL_OUTPUT')
    this.violations = Object.freeze([...violations])
  }
}

/** Arguments failed a tool's declared parameter schema (code `INVALID_ARGS`). */
export class ToolArgsError extends HarnessError {
  readonly violations: readonly string[]
  constructor(violations: readonly string[]) {
    super(`invalid arguments: ${violations.join('; ')}`, 'INVALID_ARGS')
    this.violations = Object.freeze([...violations])
  }
}

/** A raw schema falls outside the enforced subset (code `UNSUPPORTED_SCHEMA`; another only by choice, OP-01). */
export class JsonSchemaError extends HarnessError {
  readonly violations: readonly string[]
  constructor(violations: readonly string[], code = 'UNSUPPORTED_SCHEMA') {
    super(`unsupported JSON schema: ${violations.join('; ')}`, code)
    this.violations = Object.freeze([...violations])
  }
}
