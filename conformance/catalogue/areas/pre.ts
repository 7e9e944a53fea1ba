import { defineArea } from '../define.ts'

/** PRE rules. Tests: conformance/suite/pre.test.ts. */
export const PRE_RULES = defineArea('PRE', [])
