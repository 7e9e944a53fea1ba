import { defineArea } from '../define.ts'

/** ARG rules. Tests: conformance/suite/arg.test.ts. */
export const ARG_RULES = defineArea('ARG', [])
