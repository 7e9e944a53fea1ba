/**
 * renderJunit() on hand-edited sample reports (no grade runs): every failing
 * rule appears as a `<failure>`, also when none of its tests failed (all
 * skipped or not applicable), and a rule failing through a failed test is
 * not listed twice.
 */
import { describe, expect, test } from 'vitest'
import type { RuleEntry, TestEntry } from '../report.ts'
import { UNTESTED_SUITE, renderJunit } from './junit.ts'
import { sampleReport } from './test-support/sample-report.ts'
import { children, parseXml } from './test-support/xml.ts'
import type { XmlNode } from './test-support/xml.ts'

/** The test cases of the suite named `name` in the JUnit XML of `xml`. */
function suiteCases(xml: string, name: string): XmlNode[] {
  const suites = children(parseXml(xml).testsuites as XmlNode, 'testsuite')
  return children(
    suites.find((s) => s['@_name'] === name),
    'testcase',
  )
}

describe('renderJunit and failing rules', () => {
  test('a failing rule whose tests were all skipped or not applicable is a failure case', () => {
    const report = sampleReport('skips', [
      { id: 'REG-01', status: 'fail' },
      { id: 'REG-02', status: 'fail' },
      { id: 'REG-03', status: 'pass' },
    ])
    const rules = report.rules as RuleEntry[]
    const skipped: TestEntry = { name: '[REG-02] skipped', file: 'conformance/suite/sample.test.ts', outcome: 'skipped', durationMs: null }
    const notApplicable: TestEntry = {
      name: '[REG-02] n/a',
      file: 'conformance/suite/sample.test.ts',
      outcome: 'not-applicable',
      durationMs: null,
      missingFeatures: ['scopes'],
    }
    rules[1] = { ...(rules[1] as RuleEntry), reason: 'kit defect', tests: [skipped, notApplicable] }
    const xml = renderJunit(report)
    const listed = suiteCases(xml, UNTESTED_SUITE)
    expect(listed.map((c) => c['@_name'])).toEqual(['[REG-02] Statement of REG-02.'])
    const failure = listed[0]?.failure as XmlNode
    expect(failure['@_type']).toBe('no-failed-test')
    expect(failure['@_message']).toBe('REG-02 (must) fails: kit defect')
    // REG-01 failed through its test: one failure there, not a second one here; REG-02 adds one.
    expect((parseXml(xml).testsuites as XmlNode)['@_failures']).toBe('2')
  })

  test('a failing rule with no test at all keeps the no-test type', () => {
    const report = sampleReport('none', [{ id: 'REG-01', status: 'fail' }])
    const rules = report.rules as RuleEntry[]
    const { reason: _reason, ...rule } = rules[0] as RuleEntry
    rules[0] = { ...rule, tests: [] }
    const failure = suiteCases(renderJunit(report), UNTESTED_SUITE)[0]?.failure as XmlNode
    expect(failure['@_type']).toBe('no-test')
    expect(failure['@_message']).toBe('REG-01 (must) fails: the suite has no test for this rule')
  })
})
