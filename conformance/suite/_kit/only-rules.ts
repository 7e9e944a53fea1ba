/**
 * Mutation evidence runs only (`npm run mutation:evidence`): when
 * `DSH_TCK_ONLY_RULES` lists rule IDs, every test that names none of them is
 * skipped before its body runs. Stryker then records coverage, and credits
 * kills, to those rules' tests alone. Unset, this file does nothing.
 */
import { beforeEach } from 'vitest'
import { ruleIdsInTestName } from '../../catalogue/test-name.ts'

const only = new Set((process.env.DSH_TCK_ONLY_RULES ?? '').split(',').map((id) => id.trim()).filter((id) => id !== ''))

if (only.size > 0) {
  beforeEach((ctx) => {
    if (!ruleIdsInTestName(ctx.task.name).some((id) => only.has(id))) ctx.skip()
  })
}
