import { defineArea } from '../define.ts'

/** CTX rules. Tests: conformance/suite/ctx.test.ts. */
export const CTX_RULES = defineArea('CTX', [])
