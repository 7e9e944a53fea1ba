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
 * fixtures/choices/choices.test.ts would catch it. The Stryker run judges at
 * the upstream profile with those failures as known: a test of an upstream
 * rule the group's sides leave alone passes unmutated, and a mutant that
 * makes it fail is killed, as in the main run.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs'
import { afterEach } from 'vitest'
import { getRule, isRuleId } from '../conformance/catalogue/index.ts'
import { suiteSettings, useSuiteSettings } from '../conformance/suite/_kit/settings.ts'

if (process.env.DSH_TCK_MUTATION_ADAPTER) {
  const record = process.env.DSH_TCK_RECORD_TOLERATED
  const expectFile = process.env.DSH_TCK_EXPECT_TOLERATED
  // One line per tolerated test: its name, a tab, and the rules its failure concerned.
  const lines = expectFile !== undefined && existsSync(expectFile) ? readFileSync(expectFile, 'utf8').split('\n').filter(Boolean) : undefined
  const expected = lines === undefined ? undefined : new Map(lines.map((line) => [line.split('\t')[0]!, line.split('\t')[1] ?? '']))
  // Under a mutant, only the upstream-level failures recorded unmutated are tolerated (as known, by test title and
  // rule): an upstream test that passed unmutated under the group, its sides leaving it alone, and fails now, or a
  // test that fails now on a rule it did not fail on unmutated (say the rule the group fails stopped failing, and an
  // incidental check further on that the group also fails now shows), has caught the mutant.
  // A failure whose rules were not recorded is matched by its test alone.
  // Keyed by title (the verdict policy sees no file): tests of two files sharing a title pool their rules, which can
  // only tolerate more, never count a kill that is not one.
  const failing = new Map<string, Set<string> | undefined>()
  for (const [name, rules] of expected ?? []) {
    const title = name.slice(name.indexOf(' > [') + 3)
    const before = failing.get(title)
    const all = rules === '' || (failing.has(title) && before === undefined) ? undefined : new Set([...(before ?? []), ...rules.split(',')])
    failing.set(title, all)
  }
  const asUnmutated = (rule: string, test: string): boolean => failing.has(test) && (failing.get(test)?.has(rule) ?? true)
  const known = (rule: string, test: string): string | undefined =>
    asUnmutated(rule, test) && isRuleId(rule) && getRule(rule).level !== 'must' ? 'a failure under the other side, as unmutated' : undefined
  useSuiteSettings({ ...suiteSettings(), verdictPolicy: expected === undefined ? { profile: 'spec' } : { profile: 'upstream', known } })
  afterEach((ctx) => {
    const name = `${ctx.task.file.name} > ${ctx.task.fullName ?? ctx.task.name}`
    const tolerated = ctx.task.meta.toleratedFailure !== undefined
    // A failure of the body itself concerns the test's own rules (ruleIds), unless it was marked for others.
    const rules = [...(ctx.task.meta.toleratedFailure?.rules ?? ctx.task.meta.rules ?? [])].sort().join(',')
    if (record && tolerated) appendFileSync(record, `${name}\t${rules}\n`)
    if (expected?.has(name) && !tolerated && (ctx.task.result?.errors ?? []).length === 0) {
      throw new Error(`expected to fail under the other side, as it does unmutated (${ctx.task.meta.rules?.join(', ') ?? 'its rules'}), but it passed`)
    }
  })
}
