/**
 * The fidelity lane's data and judgement, checked without upstream: the
 * expected-failure list against the catalogue and the seeds, docs/ADAPTER.md's
 * table against the list, and the comparison on synthetic reports.
 */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { getRule, isRuleId } from '../catalogue/index.ts'
import { SEEDS } from '../catalogue/types.ts'
import type { GradeReport, RuleEntry, RuleStatus } from '../grade/report.ts'
import { compareWithExpected, renderFidelityVerdict } from './compare.ts'
import {
  TABLE_END,
  TABLE_START,
  UPSTREAM_EXPECTED_FAILURES,
  expectedFailingRules,
  renderExpectedFailuresTable,
  seedProse,
  type ExpectedFailure,
} from './expected-failures.ts'

const KIT = fileURLToPath(new URL('../../', import.meta.url))
const SEED_DIR = process.env.DSH_TCK_SEEDS || `${KIT}../shared/seeds`

describe('the expected-failure list', () => {
  test('names each must rule once, and each has a divergence note', () => {
    const ids = expectedFailingRules()
    expect(new Set(ids).size, 'no rule listed twice').toBe(ids.length)
    for (const id of ids) {
      expect(isRuleId(id), `${id} is a catalogue rule`).toBe(true)
      const rule = getRule(id)
      expect(rule.level, `${id} is a must rule`).toBe('must')
      expect(rule.divergence, `${id} records the divergence in the catalogue`).toBeTypeOf('string')
    }
  })

  test.skipIf(!existsSync(SEED_DIR))(`quotes each seed passage verbatim (seeds from ${SEED_DIR})`, () => {
    for (const entry of UPSTREAM_EXPECTED_FAILURES) {
      const prose = seedProse(readFileSync(`${SEED_DIR}/${SEEDS[entry.seedPassage.seed]}`, 'utf8'))
      expect(prose.includes(entry.seedPassage.quote), `${entry.rules.join(', ')}: quote found in seed ${entry.seedPassage.seed}`).toBe(true)
    }
  })

  test('docs/ADAPTER.md shows exactly the list (regenerate with npm run fidelity -- --write-docs)', () => {
    const doc = readFileSync(`${KIT}docs/ADAPTER.md`, 'utf8')
    const start = doc.indexOf(TABLE_START)
    const end = doc.indexOf(TABLE_END)
    expect(start, 'start marker').toBeGreaterThan(0)
    expect(end, 'end marker after the start marker').toBeGreaterThan(start)
    expect(doc.slice(start + TABLE_START.length, end).trim()).toBe(renderExpectedFailuresTable())
  })
})

describe('seedProse', () => {
  test('reads diff lines and doc comments as running prose', () => {
    expect(seedProse('+/**\n+ * Tool and\n+ * listener failures\n+ */\n+plain line')).toBe(' Tool and listener failures plain line')
  })
})

/** A report with just the fields the comparison reads. */
function report(statuses: Record<string, [RuleEntry['level'], RuleStatus]>): GradeReport {
  const rules = Object.entries(statuses).map(([id, [level, status]]) => ({
    id,
    level,
    status,
    tests: status === 'fail' ? [{ name: `[${id}] t`, file: 'f', outcome: 'fail', durationMs: 1, failure: { message: `${id} broke\nmore` } }] : [],
  }))
  return { kit: { version: '0.0.0', suiteRevision: 'sha256:test' }, rules } as unknown as GradeReport
}

const list: readonly ExpectedFailure[] = [{ rules: ['PRE-15'], kitRequires: 'k', upstreamDoes: 'u', seedPassage: { seed: '000', quote: 'q' } }]

describe('compareWithExpected', () => {
  test('passes when exactly the listed must rules fail, whatever should rules do', () => {
    const verdict = compareWithExpected([report({ 'PRE-15': ['must', 'fail'], 'GRD-01': ['must', 'pass'], 'PRE-22': ['should', 'fail'] })], list)
    expect(verdict.ok).toBe(true)
    expect(verdict.shouldDeviations).toEqual(['PRE-22'])
  })

  test('fails on a must failure that is not listed, naming its first failure', () => {
    const verdict = compareWithExpected([report({ 'PRE-15': ['must', 'fail'], 'GRD-01': ['must', 'fail'] })], list)
    expect(verdict.ok).toBe(false)
    expect(verdict.unexpected).toEqual([{ id: 'GRD-01', firstFailure: 'GRD-01 broke' }])
  })

  test('fails on a listed rule that passes or was not graded (stale)', () => {
    expect(compareWithExpected([report({ 'PRE-15': ['must', 'pass'] })], list).stale).toEqual([{ id: 'PRE-15', status: 'pass' }])
    expect(compareWithExpected([report({ 'GRD-01': ['must', 'pass'] })], list).stale).toEqual([{ id: 'PRE-15', status: 'not graded' }])
  })

  test('fails on a vacuous must rule and on an error no test owns', () => {
    const vacuous = compareWithExpected([report({ 'PRE-15': ['must', 'fail'], 'GRD-02': ['must', 'vacuous'] })], list)
    expect(vacuous.ok).toBe(false)
    expect(vacuous.vacuous).toEqual(['GRD-02'])
    const stray = {
      ...report({ 'PRE-15': ['must', 'fail'] }),
      unattributedErrors: [{ kind: 'stray-rejection', message: 'boom\nstack' }],
    } as unknown as GradeReport
    const unattributed = compareWithExpected([stray], list)
    expect(unattributed.ok).toBe(false)
    expect(unattributed.unattributed).toEqual(['stray-rejection: boom'])
  })

  test('fails on any upstream-level failure: upstream must pass the rules that pin its own behaviour, so both profiles agree', () => {
    const verdict = compareWithExpected([report({ 'PRE-15': ['must', 'fail'], 'GRD-03': ['upstream', 'fail'], 'GRD-05': ['upstream', 'pass'] })], list)
    expect(verdict.ok).toBe(false)
    expect(verdict.unexpected).toEqual([])
    expect(verdict.upstreamLevelFailures).toEqual([{ id: 'GRD-03', firstFailure: 'GRD-03 broke\nmore' }])
    expect(renderFidelityVerdict(verdict, 1)).toContain('UPSTREAM-LEVEL failure GRD-03')
  })

  test('fails when repeated grades disagree on any rule', () => {
    const first = report({ 'PRE-15': ['must', 'fail'], 'JSV-01': ['must', 'pass'] })
    const second = report({ 'PRE-15': ['must', 'fail'], 'JSV-01': ['must', 'fail'] })
    const verdict = compareWithExpected([first, first, second], list)
    expect(verdict.ok).toBe(false)
    expect(verdict.unstable).toEqual([{ id: 'JSV-01', statuses: ['pass', 'pass', 'fail'] }])
  })
})
