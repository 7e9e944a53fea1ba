import { defineArea } from '../define.ts'

/** POST rules. Tests: conformance/suite/post.test.ts. */
export const POST_RULES = defineArea('POST', [])
