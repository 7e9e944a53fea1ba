import { defineArea } from '../define.ts'

/** MODE rules. Tests: conformance/suite/mode.test.ts. */
export const MODE_RULES = defineArea('MODE', [])
