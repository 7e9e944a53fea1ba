// JSV fixture shard "deep-objects" (see ./_kit/validation-fixtures.ts): one slow fixture group, in a file of its own so it runs in parallel.
import { declareValidationFixtures, inShard } from './_kit/validation-fixtures.ts'

declareValidationFixtures(inShard('deep-objects'))
