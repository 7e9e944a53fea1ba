import { defineArea } from '../define.ts'

/** JSV rules. Tests: conformance/suite/jsv.test.ts. */
export const JSV_RULES = defineArea('JSV', [])
