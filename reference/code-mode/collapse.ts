/**
 * CM-03: the result of a collapsed model-direct call: `UNKNOWN_TOOL`, with a
 * message that names the way the model must take instead.
 */
import type { ToolExecutionResult } from '../../conformance/spec/types.ts'
import type { RegistryChoices } from '../choices.ts'
import { ToolNotFoundError } from '../errors.ts'
import { normalizedFailure } from '../pipeline/results.ts'
import { RUN_CODE_NAME } from './name.ts'

export function collapsedResult(name: string, choices?: RegistryChoices): ToolExecutionResult {
  const route = `only \`${RUN_CODE_NAME}\` is callable directly — call \`${name}\` from inside a \`${RUN_CODE_NAME}\` program instead`
  return normalizedFailure(new ToolNotFoundError(name, route), [], '', choices)
}
