import { defineArea } from '../define.ts'

/** ERR rules. Tests: conformance/suite/err.test.ts. */
export const ERR_RULES = defineArea('ERR', [])
