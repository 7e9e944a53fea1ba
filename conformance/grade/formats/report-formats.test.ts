/**
 * renderJunit(), renderMarkdown() and renderBadge() on one real report (a
 * gallery registry that breaks guards, graded on two areas once), and on
 * synthetic reports derived from it: hostile strings, not-applicable tests,
 * unattributed errors, a report too long for a GitHub comment.
 */
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, test } from 'vitest'
import { grade } from '../grade.ts'
import type { GradeReport, RuleEntry, TestEntry } from '../report.ts'
import { BADGE_COLOURS, renderBadge } from './badge.ts'
import { escapeXmlAttribute, escapeXmlText } from './escape-xml.ts'
import { UNATTRIBUTED_SUITE, UNTESTED_SUITE, renderJunit } from './junit.ts'
import { kitTests } from './distinct-tests.ts'
import type { KitTest } from './distinct-tests.ts'
import { profileOf } from './verdict.ts'
import { failingLevels } from '../../catalogue/types.ts'
import { failureLine } from './failure-line.ts'
import { MARKDOWN_LIMIT, renderMarkdown } from './markdown.ts'
import { markdownCell } from './markdown-cell.ts'
import { validateReport } from './test-support/sample-report.ts'
import { children, parseXml } from './test-support/xml.ts'
import type { XmlNode } from './test-support/xml.ts'

const BROKEN = fileURLToPath(new URL('../../../fixtures/broken/guard-as-listener.ts', import.meta.url))
/** Every character class the formats must neutralise, including ones XML 1.0 forbids. */
const HOSTILE = `<b>&amp; "q" 'a' ]]> | pipe *x* _y_ \`z\` \u0000\u0001\u0008\u000B\u001F end\nline2\ttab`
/** HOSTILE without the characters XML 1.0 forbids. */
const HOSTILE_XML = HOSTILE.replace(/[\u0000-\u0008\u000B\u001F]/g, '')

let report: GradeReport

beforeAll(async () => {
  report = await grade({ adapter: BROKEN, rules: ['GRD-*', 'CAN-*'] })
}, 240_000)

/** A deep copy of `report` with `change` applied to the copy. */
function derive(change: (copy: { -readonly [K in keyof GradeReport]: GradeReport[K] } & Record<string, unknown>) => void): GradeReport {
  const copy = structuredClone(report) as GradeReport & Record<string, unknown>
  change(copy)
  return copy
}

const mutableTests = (rule: RuleEntry): TestEntry[] => rule.tests as TestEntry[]
const suites = (tree: XmlNode): XmlNode[] => children(tree.testsuites as XmlNode, 'testsuite')
const kitSuites = (tree: XmlNode): XmlNode[] => suites(tree).filter((s) => s['@_name'] !== UNATTRIBUTED_SUITE && s['@_name'] !== UNTESTED_SUITE)
const cases = (of: readonly XmlNode[]): XmlNode[] => of.flatMap((s) => children(s, 'testcase'))

describe('the graded report', () => {
  test('is schema-valid and fails some must rules of the two areas', () => {
    expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true)
    expect(report.summary.conforms).toBe(false)
    expect(report.summary.tests.fail).toBeGreaterThan(0)
    expect(report.summary.areas.map((a) => a.area)).toEqual(['GRD', 'CAN'])
  })

  test('kitTests() lists each test once and counts like the summary', () => {
    const tests = kitTests(report)
    const count = (outcome: string): number => tests.filter((t) => t.outcome === outcome).length
    expect(tests.length).toBe(report.summary.tests.total)
    expect(count('fail')).toBe(report.summary.tests.fail)
    expect(count('pass')).toBe(report.summary.tests.pass)
    expect(new Set(tests.map((t) => `${t.file}|${t.name}`)).size).toBe(tests.length)
  })
})

/** The failed tests of `r` whose failure does not decide its profile: JUnit shows them as skipped deviations. */
function deviations(r: GradeReport): KitTest[] {
  return kitTests(r).filter((t) => t.outcome === 'fail' && !failingLevels(profileOf(r)).includes(t.failedLevel ?? 'must'))
}

describe('renderJunit', () => {
  test("is valid XML whose totals and kit-test cases match the report's test counts", () => {
    const tree = parseXml(renderJunit(report))
    const root = tree.testsuites as XmlNode
    const kit = cases(kitSuites(tree))
    const { tests } = report.summary
    expect(kit).toHaveLength(tests.total)
    const deviating = deviations(report).length
    expect(deviating, 'the sample has should-level deviations').toBeGreaterThan(0)
    expect(kit.filter((c) => c.failure !== undefined)).toHaveLength(tests.fail - deviating)
    expect(kit.filter((c) => c.skipped !== undefined)).toHaveLength(tests.notApplicable + tests.skipped + deviating)
    const all = cases(suites(tree))
    expect(root['@_tests']).toBe(String(all.length))
    expect(root['@_failures']).toBe(String(all.filter((c) => c.failure !== undefined).length))
    expect(root['@_errors']).toBe(String(all.filter((c) => c.error !== undefined).length))
    expect(root['@_skipped']).toBe(String(all.filter((c) => c.skipped !== undefined).length))
    for (const suite of suites(tree)) {
      const own = children(suite, 'testcase')
      expect(suite['@_tests'], String(suite['@_name'])).toBe(String(own.length))
      expect(suite['@_failures']).toBe(String(own.filter((c) => c.failure !== undefined).length))
    }
    // One suite per file, in order of first appearance.
    expect(kitSuites(tree).map((s) => s['@_name'])).toEqual([...new Set(kitTests(report).map((t) => t.file))])
    expect(kitSuites(tree).map((s) => s['@_name'])).toContain('conformance/suite/grd.test.ts')
  })

  test('each test case names its rules and level as properties; a test of several rules appears once with each', () => {
    const tree = parseXml(renderJunit(report))
    const kit = cases(kitSuites(tree))
    const rulesOf = (c: XmlNode): string[] =>
      children(c.properties as XmlNode, 'property')
        .filter((p) => p['@_name'] === 'rule')
        .map((p) => String(p['@_value']))
    for (const c of kit) {
      expect(rulesOf(c).length, String(c['@_name'])).toBeGreaterThan(0)
      expect(
        children(c.properties as XmlNode, 'property')
          .filter((p) => p['@_name'] === 'level')
          .map((p) => p['@_value']),
      ).toHaveLength(1)
    }
    for (const rule of report.rules) {
      for (const t of rule.tests) {
        const found = kit.filter((c) => c['@_name'] === t.name && c['@_classname'] === t.file.replace(/\.test\.ts$/, '').replace(/\//g, '.'))
        expect(found, t.name).toHaveLength(1)
        expect(rulesOf(found[0] as XmlNode)).toContain(rule.id)
      }
    }
    const shared = kit.find((c) => rulesOf(c).length > 1)
    expect(shared, 'the two areas have a test of several rules').toBeDefined()
  })

  test('a failed test carries its message as attribute and message, at and diff as text, typed by its kind', () => {
    const failed = kitTests(report).find((t) => t.outcome === 'fail' && t.failure?.at !== undefined)
    expect(failed).toBeDefined()
    const c = cases(kitSuites(parseXml(renderJunit(report)))).find((x) => x['@_name'] === failed?.name)
    const failure = c?.failure as XmlNode
    expect(failure['@_message']).toBe(failed?.failure?.message)
    expect(failure['@_type']).toBe(failed?.failure?.kind)
    expect(String(failure['#text'])).toContain(failed?.failure?.message)
    expect(String(failure['#text'])).toContain(`at ${failed?.failure?.at}`)
  })

  test('hostile strings are escaped in attributes and text, forbidden characters removed, and read back unchanged', () => {
    const hostile = derive((r) => {
      r.adapter = { ...r.adapter, name: HOSTILE }
      const rule = r.rules.find((x) => x.status === 'fail') as RuleEntry
      const t = mutableTests(rule).findIndex((x) => x.outcome === 'fail')
      const old = rule.tests[t] as TestEntry
      // Renamed under every rule listing it, so it stays one test.
      for (const other of r.rules)
        for (const [i, x] of other.tests.entries())
          if (x.name === old.name && x.file === old.file) mutableTests(other)[i] = { ...x, name: `${x.name} ${HOSTILE}` }
      mutableTests(rule)[t] = {
        ...(rule.tests[t] as TestEntry),
        failure: { message: HOSTILE, kind: 'assertion', diff: HOSTILE, at: 'conformance/suite/grd.test.ts:1' },
      }
    })
    const xml = renderJunit(hostile)
    expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/)
    expect(xml).not.toContain(']]>')
    const tree = parseXml(xml)
    expect((tree.testsuites as XmlNode)['@_name']).toBe(`dsh-tools-tck: ${HOSTILE_XML}`)
    const c = cases(kitSuites(tree)).find((x) => String(x['@_name']).endsWith(HOSTILE_XML))
    expect(c, 'the renamed test case, its name read back exactly').toBeDefined()
    const failure = c!.failure as XmlNode
    expect(failure['@_message']).toBe(HOSTILE_XML)
    expect(String(failure['#text'])).toContain(HOSTILE_XML)
    expect(cases(kitSuites(tree))).toHaveLength(report.summary.tests.total)
  })

  test('not-applicable and suite-skipped tests are skipped, unattributed errors and untested failing rules get their own suites', () => {
    const changed = derive((r) => {
      const [first, second] = kitTests(report)
      for (const rule of r.rules) {
        for (const [i, x] of rule.tests.entries()) {
          if (x.name === first?.name)
            mutableTests(rule)[i] = { name: x.name, file: x.file, outcome: 'not-applicable', durationMs: null, missingFeatures: ['scopes', 'approval'] }
          if (x.name === second?.name) mutableTests(rule)[i] = { name: x.name, file: x.file, outcome: 'skipped', durationMs: null }
        }
      }
      r.rules = [...r.rules, { ...(r.rules[0] as RuleEntry), id: 'GRD-99', status: 'fail', reason: 'the suite has no test for this rule', tests: [] }]
      r.unattributedErrors = [{ kind: 'suite-file', message: `boom ${HOSTILE}`, file: 'conformance/suite/grd.test.ts' }]
    })
    const tree = parseXml(renderJunit(changed))
    const kit = cases(kitSuites(tree))
    const skippedMessages = kit.filter((c) => c.skipped !== undefined).map((c) => (c.skipped as XmlNode)['@_message'])
    expect(skippedMessages).toContain('not applicable: needs scopes, approval')
    expect(skippedMessages).toContain('skipped by the suite')
    const errors = suites(tree).find((s) => s['@_name'] === UNATTRIBUTED_SUITE)
    expect(errors?.['@_errors']).toBe('1')
    const error = children(errors, 'testcase')[0]?.error as XmlNode
    expect(error['@_type']).toBe('suite-file')
    expect(error['@_message']).toBe(`boom ${HOSTILE_XML}`)
    const untested = children(
      suites(tree).find((s) => s['@_name'] === UNTESTED_SUITE),
      'testcase',
    )
    expect(untested).toHaveLength(1)
    expect((untested[0]!.failure as XmlNode)['@_message']).toContain('GRD-99')
    expect((tree.testsuites as XmlNode)['@_errors']).toBe('1')
    const skipped = 2 + deviations(changed).length
    expect((tree.testsuites as XmlNode)['@_skipped']).toBe(String(skipped))
    expect(kitSuites(tree).reduce((n, x) => n + Number(x['@_skipped']), 0)).toBe(skipped)
  })

  test('a test failing only rules of a level that does not decide the profile is a skipped deviation, so the XML agrees with the exit status', () => {
    const [deviation] = deviations(report)
    expect(deviation, 'a should-level failure in the sample').toBeDefined()
    const kit = cases(kitSuites(parseXml(renderJunit(report))))
    const c = kit.find((x) => x['@_name'] === deviation?.name)
    expect(c, "the deviation's test case").toBeDefined()
    expect(c!.failure).toBeUndefined()
    expect(String((c!.skipped as XmlNode)['@_message'])).toMatch(
      new RegExp(`^${deviation?.failedLevel}-level deviation \\(does not fail the spec profile\\): `),
    )
    expect(String(c!['system-out'])).toContain(deviation?.failure?.message ?? '?')
    // Only the deviations: a grade whose every failure is below the deciding level has no <failure> at all.
    const onlyDeviations = derive((r) => {
      r.rules = r.rules.map((rule) => (rule.level !== 'should' && rule.status === 'fail' ? { ...rule, status: 'pass' } : rule))
      for (const rule of r.rules) {
        if (rule.level === 'should') continue
        for (const [i, x] of rule.tests.entries())
          if (x.outcome === 'fail') mutableTests(rule)[i] = { name: x.name, file: x.file, outcome: 'pass', durationMs: x.durationMs }
      }
    })
    const xml = parseXml(renderJunit(onlyDeviations))
    expect((xml.testsuites as XmlNode)['@_failures']).toBe('0')
    expect(Number((xml.testsuites as XmlNode)['@_skipped'])).toBeGreaterThan(0)
  })

  test('a test failing only some of its rules (passing under the others) is one failed test case', () => {
    // Two must rules (a failure of an upstream- or should-level rule is a deviation at the spec profile, skipped in JUnit).
    const isMust = (id: string | undefined): boolean => report.rules.find((rule) => rule.id === id)?.level === 'must'
    const shared = kitTests(report).find((t) => t.rules.length > 1 && t.outcome === 'pass' && isMust(t.rules[0]) && isMust(t.rules[1]))
    expect(shared, 'a passing test of several rules').toBeDefined()
    const [firstRule, secondRule] = shared?.rules ?? []
    const changed = derive((r) => {
      for (const rule of r.rules) {
        if (rule.id !== secondRule) continue
        for (const [i, x] of rule.tests.entries()) {
          if (x.name === shared?.name)
            mutableTests(rule)[i] = { ...x, outcome: 'fail', failedRules: [rule.id], failure: { message: `${rule.id} (must): only mine`, kind: 'assertion' } }
        }
      }
    })
    expect(firstRule).toBeDefined()
    const listed = cases(kitSuites(parseXml(renderJunit(changed)))).filter((c) => c['@_name'] === shared?.name)
    expect(listed).toHaveLength(1)
    expect((listed[0]!.failure as XmlNode)['@_message']).toBe(`${secondRule} (must): only mine`)
  })
})

describe('renderMarkdown', () => {
  test('has the verdict, the counts, one area row each and a row for each failing rule', () => {
    const md = renderMarkdown(report)
    expect(md).toContain('**Verdict: fails**')
    expect(md).toContain(`**must**: ${report.summary.must.pass} of ${report.summary.must.rules} rules pass, ${report.summary.must.fail} fail`)
    expect(md).toContain('**Verdict: fails** (spec profile)')
    for (const level of ['must', 'upstream', 'should'] as const) expect(md).toContain(`- **${level}**: `)
    for (const a of report.summary.areas) {
      const up = a.upstream ?? { pass: 0, fail: 0, blocked: 0, notApplicable: 0 }
      const bold = (n: number): string => (n === 0 ? '0' : `**${n}**`)
      expect(md).toContain(
        `| ${a.area} | ${markdownCell(a.title)} | ${a.must.pass} | ${bold(a.must.fail)} | ${bold(a.must.blocked)} | ${a.must.notApplicable} | ${up.pass} | ${up.fail} | ${up.blocked} | ${up.notApplicable} | ${a.should.pass} | ${a.should.fail} |`,
      )
    }
    const failing = report.rules.filter((r) => r.status === 'fail')
    expect(failing.length).toBeGreaterThan(0)
    for (const rule of failing) expect(md).toMatch(new RegExp(`^\\| ${rule.id} \\| ${rule.level} \\| `, 'm'))
    for (const rule of report.rules.filter((r) => r.status !== 'fail')) expect(md).not.toMatch(new RegExp(`^\\| ${rule.id} \\|`, 'm'))
    expect(md).toMatch(/\|\n\n### Failing must rules \(\d+\)\n\n/)
    // The failure shown is one raised for the rule itself when it has one, in short (failureLine).
    for (const rule of failing) {
      const own = rule.tests.find((t) => t.failure?.message.startsWith(`${rule.id} `))?.failure
      if (own !== undefined) expect(md).toContain(`| ${markdownCell(failureLine(own, 200))} |`)
    }
  })

  test('a conforming report says so', () => {
    const passing = derive((r) => {
      r.summary = { ...r.summary, conforms: true }
      r.rules = r.rules.filter((x) => x.status !== 'fail')
    })
    const md = renderMarkdown(passing)
    expect(md).toContain('**Verdict: conforms**')
    expect(md).not.toContain('### Failing must rules')
  })

  test("a rule's row shows the first failure raised for that rule, not one raised for another rule of a shared test", () => {
    const rule = report.rules.find((r) => r.status === 'fail') as RuleEntry
    const changed = derive((r) => {
      const target = r.rules.find((x) => x.id === rule.id) as RuleEntry
      const fail = (message: string): TestEntry => ({
        name: `[X] ${message}`,
        file: 'conformance/suite/grd.test.ts',
        outcome: 'fail',
        durationMs: 1,
        failure: { message, kind: 'assertion' },
      })
      mutableTests(target).splice(0, target.tests.length, fail('OTHER-01 (must): not this one'), fail(`${rule.id} (must): this one`))
    })
    const row = renderMarkdown(changed)
      .split('\n')
      .find((line) => line.startsWith(`| ${rule.id} |`))
    expect(row).toContain('| this one |')
  })

  test('hostile statements and messages cannot break a table row or inject HTML', () => {
    const hostile = derive((r) => {
      r.rules = r.rules.map((rule) =>
        rule.status === 'fail'
          ? { ...rule, statement: HOSTILE, tests: rule.tests.map((t) => (t.failure === undefined ? t : { ...t, failure: { ...t.failure, message: HOSTILE } })) }
          : rule,
      )
    })
    const md = renderMarkdown(hostile)
    expect(md).not.toContain('<b>')
    expect(md).not.toMatch(/[\u0000\u0001\u0008]/)
    const rows = md.split('\n').filter((line) => /^\| [A-Z]+-\d+ \| (must|upstream|should) \| /.test(line))
    expect(rows.length).toBeGreaterThan(0)
    // Five cells: six unescaped pipes.
    for (const row of rows) expect(row.match(/(?<!\\)\|/g), row).toHaveLength(6)
    expect(markdownCell('a|b\nc <d> & `e`')).toBe('a\\|b c &lt;d&gt; &amp; \\`e\\`')
  })

  test("long lists are folded, and a huge report stays under GitHub's comment limit with a note", () => {
    const template = report.rules.find((r) => r.status === 'fail') as RuleEntry
    const huge = derive((r) => {
      r.rules = Array.from({ length: 3000 }, (_, i) => ({ ...template, id: `GRD-${1000 + i}` as RuleEntry['id'], statement: 'x'.repeat(400) }))
    })
    const md = renderMarkdown(huge)
    expect(md.length).toBeLessThanOrEqual(MARKDOWN_LIMIT)
    expect(md).toContain('<details><summary>show all 3000</summary>')
    expect(md).toMatch(/_\d+ rows left out to stay under 60000 characters \(GitHub's comment limit is 65,536\)/)
    expect(md).toContain('| GRD-1000 |')
  })
})

describe('renderBadge', () => {
  const svgOf = (r: GradeReport): XmlNode => parseXml(renderBadge(r)).svg as XmlNode
  const texts = (svg: XmlNode): string[] => children(children(svg, 'g')[1], 'text').map((t) => String(t['#text']))

  test('an SVG whose texts give passed/applicable must rules, red when the report fails', () => {
    const svg = svgOf(report)
    const { must } = report.summary
    const message = `${must.pass}/${must.pass + must.fail + must.vacuous} must`
    expect(svg['@_xmlns']).toBe('http://www.w3.org/2000/svg')
    expect(texts(svg)).toEqual(['dsh-tools-tck', 'dsh-tools-tck', message, message])
    expect(svg['@_aria-label']).toBe(`dsh-tools-tck: ${message}`)
    expect(svg['@_data-colour']).toBe('fails')
    expect(renderBadge(report)).toContain(`fill="${BADGE_COLOURS.fails}"`)
    expect(String(svg.title)).toContain(`${must.pass} of ${must.pass + must.fail + must.vacuous} applicable must rules pass`)
  })

  test('yellow, not red, when a baseline records every deciding failure (the run exits 0); red when it does not', () => {
    const baselined = (ok: boolean) =>
      derive((r) => {
        r.baseline = { file: 'known.json', ok, line: ok ? 'BASELINE OK' : 'BASELINE FAILED', known: [] }
      })
    const known = svgOf(baselined(true))
    expect(known['@_data-colour']).toBe('known')
    expect(renderBadge(baselined(true))).toContain(`fill="${BADGE_COLOURS.known}"`)
    expect(String(known.title)).toContain('fails only where the baseline known.json records it')
    expect(svgOf(baselined(false))['@_data-colour']).toBe('fails')
  })

  test('green when conforming, orange with vacuous passes, grey with nothing applicable; wider for a longer message', () => {
    const withMust = (counts: Partial<GradeReport['summary']['must']>, conforms: boolean): GradeReport =>
      derive((r) => {
        r.summary = { ...r.summary, conforms, must: { ...r.summary.must, pass: 0, fail: 0, vacuous: 0, ...counts } }
      })
    const green = svgOf(withMust({ pass: 7 }, true))
    expect(green['@_data-colour']).toBe('conforms')
    expect(renderBadge(withMust({ pass: 7 }, true))).toContain(`fill="${BADGE_COLOURS.conforms}"`)
    expect(texts(green)[2]).toBe('7/7 must')
    expect(svgOf(withMust({ pass: 7, vacuous: 1 }, true))['@_data-colour']).toBe('vacuous')
    expect(svgOf(withMust({}, true))['@_data-colour']).toBe('none')
    const wide = svgOf(withMust({ pass: 12345, fail: 67890 }, false))
    expect(Number(wide['@_width'])).toBeGreaterThan(Number(green['@_width']))
    // Each half is its text's estimated width plus padding; the estimate is Verdana-like (5 to 8 px a character).
    for (const svg of [green, wide]) {
      const [label, , message] = children(children(svg, 'g')[1], 'text')
      const rects = children(children(svg, 'g')[0], 'rect')
      for (const [text, rect] of [
        [label, rects[0]],
        [message, rects[1]],
      ] as const) {
        const chars = [...String(text?.['#text'])].length
        const length = Number(text?.['@_textLength'])
        expect(length).toBeGreaterThanOrEqual(5 * chars)
        expect(length).toBeLessThanOrEqual(8 * chars)
        expect(Number(rect?.['@_width'])).toBe(length + 10)
      }
      expect(Number(rects[0]?.['@_width']) + Number(rects[1]?.['@_width'])).toBe(Number(svg['@_width']))
    }
  })

  test('a hostile adapter name is escaped in the title', () => {
    const svg = svgOf(derive((r) => (r.adapter = { ...r.adapter, name: HOSTILE })))
    expect(String(svg.title)).toContain(HOSTILE_XML)
  })
})

describe('escapeXml', () => {
  test('text keeps quotes and newlines; attributes turn them into references; forbidden characters go', () => {
    expect(escapeXmlText('a<b>&"\'\n\u0000\uFFFF\uD800x')).toBe('a&lt;b&gt;&amp;"\'\nx')
    expect(escapeXmlAttribute('a<b>&"\'\n\t\r\u0007')).toBe('a&lt;b&gt;&amp;&quot;&apos;&#10;&#9;&#13;')
    expect(escapeXmlText('\uD83D\uDE00')).toBe('\uD83D\uDE00')
  })
})
