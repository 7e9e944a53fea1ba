/**
 * The console rendering of a report.
 */
import { expect, test } from 'vitest'
import { RULES } from '../../catalogue/index.ts'
import type { Profile, Rule } from '../../catalogue/index.ts'
import { buildReport } from '../engine/build-report.ts'
import { KNOWN_FEATURES } from '../engine/known-features.ts'
import type { RawTest } from '../engine/run-suite.ts'
import { failureLine } from './failure-line.ts'
import { renderConsole } from './render-console.ts'
import type { AdapterInfo, GradeReport } from '../report.ts'

const must = RULES.find((r) => r.level === 'must' && r.untestable === undefined && (r.requires ?? []).length === 0 && r.divergence !== undefined)
const should = RULES.find((r) => r.level === 'should' && r.untestable === undefined && (r.requires ?? []).length === 0)
if (must === undefined || should === undefined) throw new Error('the catalogue lacks the rules this test needs')

function failed(id: string, message: string): RawTest {
  const file = `conformance/suite/${id.split('-')[0]!.toLowerCase()}.test.ts`
  return {
    moduleId: `/kit/${file}`,
    file,
    name: `[${id}] does the thing`,
    fullName: `[${id}] does the thing`,
    state: 'failed',
    metaRules: [id],
    durationMs: 2,
    errors: [{ message, stack: 'Error: x\n    at place (file.ts:1:1)' }],
  }
}

function report(verbose = false): GradeReport {
  return buildReport({
    rules: [must!, should!],
    adapter: {
      name: 'acme registry',
      version: '1.2.3',
      module: '/x/adapter.ts',
      features: Object.fromEntries(KNOWN_FEATURES.map((f) => [f, f === 'scopes'])) as AdapterInfo['features'],
    },
    run: { tests: [failed(must!.id, 'expected a denial'), failed(should!.id, 'wording differs')], moduleProblems: [], unhandled: [] },
    kit: { name: 'dsh-tools-tck', version: '9.9.9' },
    options: { rules: null, profile: 'spec', timeoutMs: 5000, stallLimitMs: 120_000, verbose },
    runtime: { node: 'v20', vitest: '4', platform: 'linux-x64' },
    timing: { startedAt: '2020-01-01T00:00:00.000Z', durationMs: 1234 },
    fixtures: { files: 0, validationTests: 0, unsupportedCases: 0 },
  })
}

test('verbose lists the table, the failing must rule with its source and assertion, then should deviations, then the verdict', () => {
  const text = renderConsole(report(), { verbose: true })
  expect(text).not.toMatch(/\u001b\[/)
  expect(text).toContain('dsh-tools-tck 9.9.9: grading acme registry 1.2.3')
  expect(text).toMatch(new RegExp(`\\n${must!.area} +`))
  const mustAt = text.indexOf(`  ${must!.id}  must`)
  const shouldAt = text.indexOf('Should-level deviations (1; these do not fail the registry)')
  expect(mustAt).toBeGreaterThan(0)
  expect(shouldAt).toBeGreaterThan(mustAt)
  expect(text).toContain(`source: ${report().rules[0]!.sources.join('; ')}`.slice(0, 40))
  expect(text).toContain('divergence: ')
  expect(text).toContain(`✗ [${must!.id}] does the thing`)
  expect(text).toContain('expected a denial')
  expect(text).not.toContain('at place (file.ts:1:1)')
  const lines = text.trimEnd().split('\n')
  expect(lines.at(-1)).toBe('FAIL (spec profile): acme registry fails 1 of 1 applicable must rule (1 should-level deviation); likely root cause: REG-04.')
})

test('verbose shows stacks kept in the report; color adds ANSI codes', () => {
  expect(renderConsole(report(true), { verbose: true })).toContain('at place (file.ts:1:1)')
  expect(renderConsole(report(), { color: true })).toMatch(/\u001b\[31m/)
})

test('slow tests are listed with their times, and a test failing only some of its rules says which', () => {
  const base = report()
  const [rule] = base.rules
  const test0 = rule!.tests[0]!
  const text = renderConsole(
    {
      ...base,
      rules: [{ ...rule!, tests: [{ ...test0, failedRules: [must!.id] }] }, ...base.rules.slice(1)],
      slowTests: [{ name: '[JSV-01] fixture deep.json#/0', file: 'conformance/suite/jsv.test.ts', outcome: 'pass', durationMs: 12_345 }],
    },
    { verbose: true },
  )
  expect(text).toContain('Slow tests (1; longer than the 5000 ms budget')
  expect(text).toMatch(/\n +12\.3 s {2}pass {2}\[JSV-01\] fixture deep\.json#\/0 {2}conformance\/suite\/jsv\.test\.ts\n/)
  expect(text).toContain(`✗ [${must!.id}] does the thing  (fails ${must!.id} only; its other rules passed)`)
  expect(renderConsole(base)).not.toContain('Slow tests')
})

/** A property law naming two must rules, failing with its assertion's stack in properties/policy.test.ts. */
function lawReport(): GradeReport {
  const [a, b] = RULES.filter((r) => r.level === 'must' && r.untestable === undefined && (r.requires ?? []).length === 0)
  const name = `[${a!.id}, ${b!.id}] E-99 a law over both`
  const law: RawTest = {
    moduleId: '/kit/properties/policy.test.ts',
    file: 'properties/policy.test.ts',
    name,
    fullName: name,
    state: 'failed',
    metaRules: [a!.id, b!.id],
    durationMs: 3,
    errors: [
      {
        message: 'property E-99 failed after 1 run(s)\n  violation: the body runs once: expected +0 to be 1',
        stack:
          'Error: property E-99 failed\n    at Object.run (/kit/properties/_kit/law.ts:140:9)\n    at run (/kit/properties/policy.test.ts:87:5)\n    at check (/kit/conformance/suite/_kit/check.ts:12:3)',
      },
    ],
  }
  return buildReport({
    rules: [a!, b!],
    adapter: { name: 'acme registry', module: '/x/adapter.ts', features: Object.fromEntries(KNOWN_FEATURES.map((f) => [f, true])) as AdapterInfo['features'] },
    run: { tests: [law], moduleProblems: [], unhandled: [] },
    kit: { name: 'dsh-tools-tck', version: '9.9.9' },
    options: { rules: null, timeoutMs: 5000, stallLimitMs: 120_000, verbose: false },
    runtime: { node: 'v20', vitest: '4', platform: 'linux-x64' },
    timing: { startedAt: '2020-01-01T00:00:00.000Z', durationMs: 1234 },
    fixtures: { files: 0, validationTests: 0, unsupportedCases: 0 },
  })
}

test('a law failing several rules is printed once, with its rules and the file:line of its assertion; the others point back to it', () => {
  const report = lawReport()
  const [a, b] = report.rules
  // The JSON report keeps the test under each rule, with the assertion's frame (not law.ts, not the _kit helper).
  for (const rule of report.rules) expect(rule.tests.map((t) => t.failure?.at)).toEqual(['properties/policy.test.ts:87'])
  const text = renderConsole(report, { verbose: true })
  expect(text.split('violation: the body runs once: expected +0 to be 1')).toHaveLength(2)
  expect(text).toContain(`E-99 a law over both  properties/policy.test.ts:87\n      fails 2 rules: ${a!.id}, ${b!.id}\n`)
  const blockOfB = text.slice(text.indexOf(`  ${b!.id}  must`))
  expect(blockOfB).toMatch(new RegExp(`✗ \\[${a!.id}, ${b!.id}\\] E-99 a law over both {2}\\(failure shown above, under ${a!.id}\\)\\n`))
})

test('by default each failing rule is one line with its first assertion; rules failing on the same assertion are grouped; deviations are ID lists', () => {
  const text = renderConsole(report())
  expect(text).toContain(`\n  ✗ ${must!.id}  expected a denial\n`)
  expect(text).not.toContain('source: ')
  expect(text).toMatch(new RegExp(`Should-level deviations \\(1; these do not fail the registry\\)\\n  ${should!.id}\\n`))
  const law = renderConsole(lawReport())
  const [a, b] = lawReport().rules
  expect(law).toContain(
    `  ✗ 2 rules fail on the same assertion: ${a!.id}, ${b!.id}\n      properties/policy.test.ts:87  property E-99: the body runs once: expected +0 to be 1\n`,
  )
})

test('the short form of an assertion drops the rule prefix and shows both values of a diff from where they differ', () => {
  const failure = {
    message:
      "CTX-01 (must; docs/subsystems/tools.md § Cordis API (register)): contexts kept: expected [ { type: 'text', …(1) } ] to deeply equal [ { type: 'text', …(1) } ]",
    diff: '- Expected\n+ Received\n\n  [\n    {\n-     "text": "a long shared prefix that goes on and on, then: expected",\n+     "text": "a long shared prefix that goes on and on, then: received",\n    },\n  ]',
  }
  expect(failureLine(failure)).toBe('contexts kept: expected …d on, then: expected" } ], received …d on, then: received" } ]')
  expect(failureLine({ message: 'AdapterTimeoutError: CAN-05 (must; x (y)): short-circuited: the test hung' })).toBe(
    'AdapterTimeoutError: short-circuited: the test hung',
  )
  expect(failureLine({ message: 'EXE-02 (must; s): expected undefined to be true // Object.is equality' })).toBe('expected undefined to be true')
  // A thrown error says so (issue 39): its class stays, the rule prefix goes.
  expect(failureLine({ message: 'Error: EXE-06 (must; s): Unknown tool: ghost' })).toBe('Error: Unknown tool: ghost')
  expect(failureLine({ message: 'Error: PRE-05 (must; s): property E-14 (a law) failed after 3 run(s)\n  violation: the ask was allowed' })).toBe(
    'property E-14: the ask was allowed',
  )
})

test('--quiet prints only the failing rules, one line each, and the verdict', () => {
  const full = report()
  const text = renderConsole(full, { quiet: true })
  expect(text.trimEnd().split('\n')).toEqual([
    'Failing must rules (1)',
    `  ${must!.id}  must  its test failed`,
    'Should-level deviations (1; these do not fail the registry)',
    `  ${should!.id}  should  its test failed`,
    'FAIL (spec profile): acme registry fails 1 of 1 applicable must rule (1 should-level deviation); likely root cause: REG-04.',
  ])
})

/** A passing must rule and a failing upstream-level rule (a should rule of the catalogue, relabelled, so the test does not depend on which rules are upstream), graded under `profile`. */
function upstreamReport(profile: Profile): GradeReport {
  const upstream: Rule = { ...should!, level: 'upstream' }
  const passed: RawTest = { ...failed(must!.id, ''), state: 'passed', errors: [] }
  return buildReport({
    rules: [must!, upstream],
    adapter: { name: 'acme registry', module: '/x/adapter.ts', features: Object.fromEntries(KNOWN_FEATURES.map((f) => [f, true])) as AdapterInfo['features'] },
    run: { tests: [passed, failed(upstream.id, 'another exception class')], moduleProblems: [], unhandled: [] },
    kit: { name: 'dsh-tools-tck', version: '9.9.9' },
    options: { rules: null, profile, timeoutMs: 5000, stallLimitMs: 120_000, verbose: false },
    runtime: { node: 'v20', vitest: '4', platform: 'linux-x64' },
    timing: { startedAt: '2020-01-01T00:00:00.000Z', durationMs: 1234 },
    fixtures: { files: 0, validationTests: 0, unsupportedCases: 0 },
  })
}

test('under spec, an upstream-level failure is a deviation: listed apart, the registry passes, and the header and verdict name the profile', () => {
  const text = renderConsole(upstreamReport('spec'))
  expect(text).toContain('\nprofile   spec (the seeds: must rules decide the verdict)\n')
  expect(text).not.toContain('Failing must rules')
  expect(text).toContain('Upstream-level deviations (1; behaviour only upstream 0.1.1-rc.2 pins; these fail the registry only under --profile upstream)')
  expect(text).toContain(`\n  ${should!.id}\n`)
  expect(renderConsole(upstreamReport('spec'), { verbose: true })).toContain(`  ${should!.id}  upstream`)
  expect(text.trimEnd().split('\n').at(-1)).toBe('PASS (spec profile): acme registry meets the 1 applicable must rule (1 upstream-level deviation).')
  expect(renderConsole(upstreamReport('spec'), { quiet: true }).trimEnd().split('\n')).toEqual([
    'Upstream-level deviations (1; behaviour only upstream 0.1.1-rc.2 pins; these fail the registry only under --profile upstream)',
    `  ${should!.id}  upstream  its test failed`,
    'PASS (spec profile): acme registry meets the 1 applicable must rule (1 upstream-level deviation).',
  ])
})

test('under upstream, the same failure fails the registry, among the failing must and upstream rules', () => {
  const text = renderConsole(upstreamReport('upstream'))
  expect(text).toContain('\nprofile   upstream (drop-in compatibility with upstream 0.1.1-rc.2: must and upstream rules decide the verdict)\n')
  expect(text).toContain('Failing must and upstream rules (1)')
  expect(text).not.toContain('deviations')
  expect(text.trimEnd().split('\n').at(-1)).toBe(
    'FAIL (upstream profile): acme registry fails 1 of 2 applicable must and upstream rules; likely root cause: REG-13.',
  )
})

test('the area table has must, upstream and should columns; a report before format 1.9 (no upstream counts, no profile) reads as spec', () => {
  const current = renderConsole(upstreamReport('spec'))
  expect(current).toMatch(/ {3,}must {3,}upstream {3,}should\n/)
  const { upstream: _upstream, ...summary } = report().summary
  const older = {
    ...report(),
    summary: { ...summary, areas: summary.areas.map(({ upstream: _u, ...a }) => a) },
    options: { rules: null, timeoutMs: 5000, stallLimitMs: 120_000, verbose: false },
  } as GradeReport
  const text = renderConsole(older)
  expect(text).toContain('\nprofile   spec (')
  expect(text.trimEnd().split('\n').at(-1)).toBe(
    'FAIL (spec profile): acme registry fails 1 of 1 applicable must rule (1 should-level deviation); likely root cause: REG-04.',
  )
})

test('failing fixture tests are named by rule and level, most first, not only counted (issue 39)', () => {
  const fixtureFail = (id: string, n: number): RawTest => ({
    ...failed(id, 'expected the data to be rejected'),
    name: `[${id}] fixture validation/items.json#/0/tests/${n}: a wrong item`,
    fullName: `[${id}] fixture validation/items.json#/0/tests/${n}: a wrong item`,
  })
  const text = renderConsole(
    buildReport({
      rules: [must!, should!],
      adapter: {
        name: 'acme',
        version: '1',
        module: '/x/a.ts',
        features: Object.fromEntries(KNOWN_FEATURES.map((f) => [f, false])) as AdapterInfo['features'],
      },
      run: { tests: [fixtureFail(should!.id, 0), fixtureFail(must!.id, 1), fixtureFail(must!.id, 2)], moduleProblems: [], unhandled: [] },
      kit: { name: 'dsh-tools-tck', version: '9.9.9' },
      options: { rules: null, profile: 'spec', timeoutMs: 5000, stallLimitMs: 120_000, verbose: false },
      runtime: { node: 'v20', vitest: '4', platform: 'linux-x64' },
      timing: { startedAt: '2020-01-01T00:00:00.000Z', durationMs: 1 },
      fixtures: { files: 1, validationTests: 3, unsupportedCases: 0 },
    }),
  )
  expect(text).toContain('0 fixture tests passed, 3 failed')
  expect(text).toContain(`failing fixture tests by rule: ${must!.id} (must) 2, ${should!.id} (should) 1`)
})
