import { defineArea } from '../define.ts'

/** RES rules. Tests: conformance/suite/res.test.ts. */
export const RES_RULES = defineArea('RES', [])
