import { defineArea } from '../define.ts'

/** OUT rules. Tests: conformance/suite/out.test.ts. */
export const OUT_RULES = defineArea('OUT', [])
