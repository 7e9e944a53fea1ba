import { defineArea } from '../define.ts'

/** SCH rules. Tests: conformance/suite/sch.test.ts. */
export const SCH_RULES = defineArea('SCH', [])
