/**
 * Setup file of the choices pass of `npm run mutation` only
 * (scripts/mutation-choices.ts), listed after the provided settings. Under a
 * group of other sides the rules pinning upstream's sides fail by design, so
 * the run judges as a grade at the spec profile does: a failure that would
 * not fail that profile (it concerns only upstream or should rules) skips
 * its test (conformance/suite/_kit/verdict-policy.ts).
 *
 * Those expected failures are tests too. The pass first runs the group
 * without mutants and records every test whose failure was tolerated
 * (DSH_TCK_RECORD_TOLERATED, a file it appends the tests' names to); the
 * Stryker run then expects each of them to keep failing
 * (DSH_TCK_EXPECT_TOLERATED, that file): one that passes under a mutant
 * fails instead, naming the rule that no longer fails, so a mutant that
 * takes the other side back to upstream's is killed, as
 * fixtures/choices/choices.test.ts would catch it.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs'
import { afterEach } from 'vitest'
import { suiteSettings, useSuiteSettings } from '../conformance/suite/_kit/settings.ts'

if (process.env.DSH_TCK_MUTATION_ADAPTER) {
  useSuiteSettings({ ...suiteSettings(), verdictPolicy: { profile: 'spec' } })
  const record = process.env.DSH_TCK_RECORD_TOLERATED
  const expectFile = process.env.DSH_TCK_EXPECT_TOLERATED
  const expected = expectFile !== undefined && existsSync(expectFile) ? new Set(readFileSync(expectFile, 'utf8').split('\n').filter(Boolean)) : undefined
  afterEach((ctx) => {
    const name = `${ctx.task.file.name} > ${ctx.task.fullName ?? ctx.task.name}`
    const tolerated = ctx.task.meta.toleratedFailure !== undefined
    if (record && tolerated) appendFileSync(record, `${name}\n`)
    if (expected?.has(name) && !tolerated && (ctx.task.result?.errors ?? []).length === 0) {
      throw new Error(`expected to fail under the other side, as it does unmutated (${ctx.task.meta.rules?.join(', ') ?? 'its rules'}), but it passed`)
    }
  })
}
