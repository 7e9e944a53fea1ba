/**
 * Deep-frozen arguments have one owner (issue 39): that exec.arguments is a
 * deep-frozen copy, the one every stage and the body see, is ARG-04's (seed
 * 000 §执行 (ToolExecution): "Parsed arguments cross one lossless-JSON
 * materialization boundary before policy and are deep-frozen"). The rules
 * that meet the arguments in another place (a stage, the body, a tools/result
 * observer, a Code Mode sub-call) charge ARG-04 rather than failing
 * themselves, so a registry that freezes only the top level fails ARG-04,
 * not every rule that looks at an argument:
 *
 * - {@link expectArgumentsDeepFrozen}: an incidental check, for a test that
 *   goes on checking its own rule;
 * - {@link argumentsDeepFrozenFirst}: a precondition, for a test whose own
 *   rule cannot be judged on arguments that are not deep-frozen (a write
 *   through them that must fail).
 */
import { expect } from 'vitest'
import { incidental, precondition } from './incidental.ts'
import { isDeepFrozen } from './result-assertions.ts'

/** ARG-04's, charged incidentally: `args` (what `where` saw) is deep-frozen. */
export function expectArgumentsDeepFrozen(args: unknown, where: string): void {
  incidental('ARG-04', () => expect(isDeepFrozen(args), `${where}: the arguments are deep-frozen (ARG-04)`).toBe(true))
}

/**
 * A precondition owned by ARG-04: `args` (what `where` saw, checked once the
 * call has settled) is deep-frozen. When it is not, the test is blocked by
 * ARG-04 rather than failing its own rules.
 */
export function argumentsDeepFrozenFirst(args: unknown, where: string): void {
  precondition('ARG-04', () => expect(isDeepFrozen(args), `${where}: the arguments are deep-frozen (ARG-04)`).toBe(true))
}
