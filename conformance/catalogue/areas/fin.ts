import { defineArea } from '../define.ts'

/** FIN rules. Tests: conformance/suite/fin.test.ts. */
export const FIN_RULES = defineArea('FIN', [])
