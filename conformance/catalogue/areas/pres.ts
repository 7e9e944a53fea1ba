import { defineArea } from '../define.ts'

/** PRES rules. Tests: conformance/suite/pres.test.ts. */
export const PRES_RULES = defineArea('PRES', [])
