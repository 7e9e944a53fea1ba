import { defineArea } from '../define.ts'

/** GRD rules. Tests: conformance/suite/grd.test.ts. */
export const GRD_RULES = defineArea('GRD', [])
