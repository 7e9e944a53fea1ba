import { defineArea } from '../define.ts'

/** VIS rules. Tests: conformance/suite/vis.test.ts. */
export const VIS_RULES = defineArea('VIS', [])
