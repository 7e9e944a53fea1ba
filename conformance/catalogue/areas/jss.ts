import { defineArea } from '../define.ts'

/** JSS rules. Tests: conformance/suite/jss.test.ts. */
export const JSS_RULES = defineArea('JSS', [])
