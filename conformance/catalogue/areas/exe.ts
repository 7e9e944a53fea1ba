import { defineArea } from '../define.ts'

/** EXE rules. Tests: conformance/suite/exe.test.ts. */
export const EXE_RULES = defineArea('EXE', [])
