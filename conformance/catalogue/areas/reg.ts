import { defineArea } from '../define.ts'

/** REG rules. Tests: conformance/suite/reg.test.ts. */
export const REG_RULES = defineArea('REG', [])
