/**
 * `list-rules` and `explain`, in process: the catalogue as text and JSON,
 * filtered by area and level; one rule with its tests (collected by a child
 * `vitest list`) and gallery registries; and their usage errors (exit 2, one
 * line and a pointer to --help).
 */
import { describe, expect, test } from 'vitest'
import { RULES, getRule } from '../catalogue/index.ts'
import { describeSource } from '../catalogue/describe-source.ts'
import { loadEvidence } from '../adequacy/evidence.ts'
import { expectUsageError, runInProcess as run } from './test-support/run-cli.ts'
import { renderRuleExplanation } from './commands/rule-explanation.ts'

/** The rule IDs at the start of the listing's rule lines. */
function listedIds(stdout: string): string[] {
  return stdout
    .split('\n')
    .map((line) => /^([A-Z]+-\d+) /.exec(line)?.[1])
    .filter((id): id is string => id !== undefined)
}

describe('list-rules', () => {
  test('prints every rule with its level, statement and sources, and the count', async () => {
    const result = await run(['list-rules'])
    expect(result.code).toBe(0)
    expect(result.stderr).toBe('')
    expect(listedIds(result.stdout)).toEqual(RULES.map((r) => r.id))
    const rule = getRule('GRD-03')
    const line = result.stdout.split('\n').find((l) => l.startsWith('GRD-03 '))
    expect(line).toMatch(new RegExp(`^GRD-03 +${rule.level} +${rule.statement.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
    for (const source of rule.sources) expect(result.stdout).toContain(`source: ${describeSource(source)}`)
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe(`${RULES.length} rules`)
  })

  test('--area and --level filter, case-insensitively and together', async () => {
    const area = await run(['list-rules', '--area', 'grd'])
    expect(listedIds(area.stdout)).toEqual(RULES.filter((r) => r.area === 'GRD').map((r) => r.id))
    const should = await run(['list-rules', '--level', 'should'])
    expect(listedIds(should.stdout)).toEqual(RULES.filter((r) => r.level === 'should').map((r) => r.id))
    expect(listedIds(should.stdout).length).toBeGreaterThan(0)
    const both = await run(['list-rules', '--area', 'JSV', '--level', 'MUST'])
    expect(listedIds(both.stdout)).toEqual(RULES.filter((r) => r.area === 'JSV' && r.level === 'must').map((r) => r.id))
  })

  test('--json prints an array of {id, area, level, statement, sources, quotes, evidence, requires, untestable, divergence}', async () => {
    const result = await run(['list-rules', '--json', '--level', 'must'])
    expect(result.code).toBe(0)
    const listed = JSON.parse(result.stdout) as unknown
    expect(listed).toEqual(
      RULES.filter((r) => r.level === 'must').map((r) => ({
        id: r.id,
        area: r.area,
        level: r.level,
        statement: r.statement,
        sources: r.sources.map(describeSource),
        quotes: r.quotes ?? [],
        evidence: r.evidence ?? [],
        requires: r.requires ?? [],
        ...(r.untestable === undefined ? {} : { untestable: r.untestable }),
        ...(r.divergence === undefined ? {} : { divergence: r.divergence }),
      })),
    )
  })
})

test('explain GRD-03: statement, level, source, features, its tests with their files, the gallery registries', async () => {
  const rule = getRule('GRD-03')
  const result = await run(['explain', 'grd-03'])
  expect(result.stderr).toBe('')
  expect(result.code).toBe(0)
  const text = result.stdout
  expect(text.split('\n')[0]).toBe(`GRD-03  ${rule.level}  (area GRD)`)
  expect(text).toContain(rule.statement)
  for (const source of rule.sources) expect(text).toContain(`  ${describeSource(source)}`)
  expect(text).toContain('requires: (no optional feature)')
  // Its example tests in the area's file, each with its file (law E-SEQ checks it only incidentally, so it is not listed).
  const tests = text.slice(text.indexOf('tests ('), text.indexOf('gallery registries'))
  expect(tests).toMatch(/\n {2}\[GRD-03\] [^\n]+\n {4}conformance\/suite\/grd\.test\.ts\n/)
  const names = [...tests.matchAll(/\n {2}(\[[^\n]+)/g)].map((m) => m[1]!)
  expect(names.length).toBe(Number(/tests \((\d+)\)/.exec(tests)?.[1]))
  for (const name of names) expect(name).toMatch(/^\[([^\]]*, )?GRD-03(, [^\]]*)?\] /)
  const gallery = loadEvidence().gallery['GRD-03'] ?? []
  expect(gallery.length, 'the evidence lists a gallery registry violating GRD-03').toBeGreaterThan(0)
  expect(text).toContain(`gallery registries that violate it (${gallery.length}):\n${gallery.map((g) => `  fixtures/${g}`).join('\n')}\n`)
})

test('explain takes several IDs and AREA-*: each rule once, in catalogue order, with its own tests', async () => {
  const result = await run(['explain', 'MODE-*', 'grd-03', 'MODE-01'])
  expect(result.stderr).toBe('')
  expect(result.code).toBe(0)
  const wanted = RULES.filter((r) => r.area === 'MODE' || r.id === 'GRD-03').map((r) => r.id)
  const headers = result.stdout
    .split('\n')
    .filter((line) => /^[A-Z]+-\d+ {2}(must|upstream|should) {2}\(area /.test(line))
    .map((line) => line.split(' ')[0])
  expect(headers).toEqual(wanted)
  // Each rule lists only tests naming it.
  for (const part of result.stdout.split(/\n(?=[A-Z]+-\d+ {2})/)) {
    const id = part.split(' ')[0]!
    const names = [...part.matchAll(/\n {2}(\[[^\n]+)/g)].map((m) => m[1]!)
    expect(names.length, `${id} has tests`).toBeGreaterThan(0)
    for (const name of names) expect(name).toMatch(new RegExp(`^\\[([^\\]]*, )?${id}(, [^\\]]*)?\\] `))
  }
})

describe('bad input exits 2 with a one-line reason', () => {
  test.each([
    [['list-rules', '--area', 'FOO'], '--area: unknown area "FOO" (areas: REG, '],
    [['list-rules', '--level', 'may'], '--level expects must, upstream, should, got "may"'],
    [['list-rules', '--json=x'], 'list-rules: --json takes no value (got "x")'],
    [['list-rules', '--adapter', 'x.ts'], 'list-rules does not take --adapter'],
    [['list-rules', 'GRD'], 'unexpected argument "GRD"'],
    [['list-rules', '--bogus'], "Unknown option '--bogus'"],
    [['explain'], 'explain needs a rule ID'],
    [['explain', 'GRD-999'], 'explain: unknown rule "GRD-999"'],
    [['explain', 'GRD-03', 'NOPE-*'], 'explain: unknown rule "NOPE-*"'],
    [['explain', 'GRD-03', '--level', 'must'], 'explain does not take --level; it takes no option'],
    [['grade', '--area', 'GRD'], 'grade does not take --area'],
  ])('%j', async (argv, fragment) => {
    expectUsageError(await run(argv), fragment)
  })
})

test('--help documents the commands, their options and --quiet', async () => {
  const result = await run(['--help'])
  expect(result.code).toBe(0)
  for (const word of ['list-rules', 'explain <RULE|AREA-*>', '--area <AREA>', '--level <level>', '--quiet', 'progress']) expect(result.stdout).toContain(word)
})

test('an explanation shows divergence, required features and the untestable reason when the catalogue sets them, and says why a list is missing', () => {
  const withAll = RULES.find((r) => r.divergence !== undefined && (r.requires ?? []).length > 0)
  const untestable = RULES.find((r) => r.untestable !== undefined)
  if (withAll === undefined || untestable === undefined) throw new Error('the catalogue lacks the rules this test needs')
  const text = renderRuleExplanation({ rule: withAll, tests: [], gallery: { error: 'cannot read evidence.json' } })
  expect(text).toContain(`divergence:\n  ${withAll.divergence}\n`)
  expect(text).toContain(`requires: ${withAll.requires!.join(', ')}\n`)
  expect(text).not.toContain('untestable:')
  expect(text).toContain('tests (0):\n  (none)\n')
  expect(text).toContain('gallery registries that violate it: could not be read: cannot read evidence.json')
  const other = renderRuleExplanation({ rule: untestable, tests: { error: 'vitest list failed: boom' }, gallery: [] })
  expect(other).toContain(`untestable:\n  ${untestable.untestable}\n`)
  expect(other).toContain('tests: could not be listed: vitest list failed: boom')
  expect(other).toContain('gallery registries that violate it (0):\n  (none)')
})
