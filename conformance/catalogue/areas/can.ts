import { defineArea } from '../define.ts'

/** CAN rules. Tests: conformance/suite/can.test.ts. */
export const CAN_RULES = defineArea('CAN', [])
