/**
 * Keeps the upstream map (upstream-map/*.json, docs/UPSTREAM-MAP.md)
 * consistent with the catalogue, with the tests the kit declares and, when
 * the upstream checkout is present, with upstream's spec files themselves.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { isRuleId } from '../catalogue/index.ts'
import { kitTestNames } from './kit-test-names.ts'
import { UPSTREAM_RELEASE_COMMIT, upstreamBuildFolder } from '../spec/upstream-release.ts'
import { extractCases, extractUpstreamCases, MAPPED_SPECS } from './upstream-cases.ts'
import type { UpstreamCase } from './upstream-cases.ts'
import { caseKey, caseLabel, loadUpstreamMap, MapFormatError, parseMapFile, ruleIdsOfTestName } from './upstream-map.ts'
import type { MapFile, MappedCase } from './upstream-map.ts'

/** The upstream release the map describes (shared/upstream/README.md). */
const UPSTREAM_COMMIT = UPSTREAM_RELEASE_COMMIT

/** Upstream's build folder ({@link upstreamBuildFolder}); its spec files are under repo/packages/core/tools/tests. */
function upstreamTests(): { readonly dir: string } | { readonly skip: string } {
  const explicit = process.env.DSH_UPSTREAM
  const root = upstreamBuildFolder()
  const dir = join(root, 'repo', 'packages', 'core', 'tools', 'tests')
  if (existsSync(dir)) return { dir }
  const how = explicit === undefined || explicit === '' ? `the default ${root}` : `DSH_UPSTREAM=${explicit}`
  return {
    skip: `the map is not compared with upstream's spec files: ${how} has no repo/packages/core/tools/tests (build it with shared/upstream/build-upstream.sh, or point DSH_UPSTREAM at the build folder)`,
  }
}

/** Each entry of a case that names rules and tests: the case itself and each subcase. */
function entriesOf(c: MappedCase): { readonly what: string; readonly rules: readonly string[]; readonly tests: readonly string[] }[] {
  if (c.rules === undefined || c.tests === undefined) return []
  return [
    { what: 'the case', rules: c.rules, tests: c.tests },
    ...(c.subcases ?? []).map((s) => ({ what: `subcase "${s.what}"`, rules: s.rules, tests: s.tests })),
  ]
}

describe('the upstream map', () => {
  let files: MapFile[] = []
  let loadError: unknown

  beforeAll(() => {
    try {
      files = loadUpstreamMap()
    } catch (error) {
      loadError = error
    }
  })

  const each = (visit: (file: MapFile, c: MappedCase, where: string) => void): void => {
    for (const file of files) for (const c of file.cases) visit(file, c, `${file.file}: ${caseLabel(file.spec, c)}`)
  }

  it('has the documented shape in every file', () => {
    expect(loadError === undefined ? undefined : String(loadError)).toBeUndefined()
    expect(files.length, 'map files in conformance/fidelity/upstream-map/').toBeGreaterThan(0)
    const problems: string[] = []
    for (const file of files) {
      if (!(MAPPED_SPECS as readonly string[]).includes(file.spec))
        problems.push(`${file.file}: spec "${file.spec}" is not one of the mapped spec files ${MAPPED_SPECS.join(', ')}`)
      if (file.upstreamCommit !== UPSTREAM_COMMIT)
        problems.push(`${file.file}: upstreamCommit "${file.upstreamCommit}" is not the mapped release ${UPSTREAM_COMMIT}`)
      const stem = file.spec.replace(/\.ts$/, '')
      if (file.file !== `${file.spec}.json` && !(file.file.startsWith(`${stem}.`) && /^\w+\.json$/.test(file.file.slice(stem.length + 1)))) {
        problems.push(`${file.file}: a file for ${file.spec} is named ${file.spec}.json or ${stem}.<part>.json`)
      }
    }
    expect(problems).toEqual([])
  })

  it('names only catalogue rules', () => {
    const unknown: string[] = []
    each((_file, c, where) => {
      for (const entry of entriesOf(c))
        for (const id of entry.rules) if (!isRuleId(id)) unknown.push(`${where}, ${entry.what}: rule "${id}" is not in the catalogue`)
    })
    expect(unknown).toEqual([])
  })

  describe('against the tests the kit declares', () => {
    let declared = new Set<string>()
    beforeAll(async () => {
      declared = await kitTestNames()
    }, 120_000)

    it('names only tests that exist', () => {
      expect(declared.size, 'kit tests collected').toBeGreaterThan(0)
      const missing: string[] = []
      each((_file, c, where) => {
        for (const entry of entriesOf(c))
          for (const test of entry.tests) if (!declared.has(test)) missing.push(`${where}, ${entry.what}: no kit test is named "${test}"`)
      })
      expect(missing).toEqual([])
    })
  })

  it('ties every listed test to a rule of its entry, and every rule of an entry to one of its tests', () => {
    const problems: string[] = []
    each((_file, c, where) => {
      for (const entry of entriesOf(c)) {
        const carried = entry.tests.map(ruleIdsOfTestName)
        entry.tests.forEach((test, i) => {
          if (!(carried[i] ?? []).some((id) => entry.rules.includes(id)))
            problems.push(`${where}, ${entry.what}: test "${test}" checks none of the rules ${entry.rules.join(', ')}`)
        })
        for (const id of entry.rules) if (!carried.some((ids) => ids.includes(id))) problems.push(`${where}, ${entry.what}: no listed test checks ${id}`)
      }
    })
    expect(problems).toEqual([])
  })

  it('lists no case twice', () => {
    const seen = new Map<string, string>()
    const twice: string[] = []
    each((file, c, where) => {
      const key = caseKey(file.spec, c.describe, c.it)
      const earlier = seen.get(key)
      if (earlier !== undefined) twice.push(`${where} is also listed as ${earlier}`)
      else seen.set(key, where)
    })
    expect(twice).toEqual([])
  })

  const upstream = upstreamTests()
  it.skipIf('skip' in upstream)(
    `covers exactly the cases of upstream's ${MAPPED_SPECS.length} spec files${'skip' in upstream ? ` (skipped: ${upstream.skip})` : ''}`,
    () => {
      if (!('dir' in upstream)) return
      const actual = new Map<string, UpstreamCase>()
      for (const c of extractUpstreamCases(upstream.dir)) actual.set(caseKey(c.spec, c.describe, c.it), c)
      const mapped = new Map<string, { file: MapFile; c: MappedCase }>()
      for (const file of files) for (const c of file.cases) mapped.set(caseKey(file.spec, c.describe, c.it), { file, c })

      const missing = [...actual].filter(([key]) => !mapped.has(key)).map(([, c]) => `not in the map: ${caseLabel(c.spec, c)}`)
      const extra = [...mapped].filter(([key]) => !actual.has(key)).map(([, m]) => `${m.file.file}: upstream has no case ${caseLabel(m.file.spec, m.c)}`)
      const moved = [...mapped]
        .filter(([key, m]) => actual.has(key) && actual.get(key)?.line !== m.c.line)
        .map(([key, m]) => `${m.file.file}: ${caseLabel(m.file.spec, m.c)} is on line ${actual.get(key)?.line} upstream`)
      expect({ missing, extra, moved }).toEqual({ missing: [], extra: [], moved: [] })
    },
  )
})

describe('the upstream case extractor', () => {
  it('follows describe nesting, it and test, modifiers, each tables and quoted or template titles', () => {
    const source = [
      "import { describe, it, test } from 'vitest'",
      "it('top level', () => {})",
      "describe('outer', () => {",
      '  it("double \\"quoted\\" title", async () => {})',
      "  describe.skip('inner \\'one\\'', () => {",
      "    test('a test', () => {})",
      "    it.each([[1], [2]])('row %s', (n) => {})",
      "    it.skip(`template ${'x'} title`, () => {})",
      '  })',
      "  it.concurrent.each([1])('concurrent %i', () => {})",
      "  const helper = () => it('inside a helper', () => {})",
      "  expect(/a/.test('a')).toBe(true)",
      '})',
    ].join('\n')
    expect(extractCases('x.spec.ts', source)).toEqual([
      { spec: 'x.spec.ts', describe: [], it: 'top level', line: 2 },
      { spec: 'x.spec.ts', describe: ['outer'], it: 'double "quoted" title', line: 4 },
      { spec: 'x.spec.ts', describe: ['outer', "inner 'one'"], it: 'a test', line: 6 },
      { spec: 'x.spec.ts', describe: ['outer', "inner 'one'"], it: 'row %s', line: 7 },
      { spec: 'x.spec.ts', describe: ['outer', "inner 'one'"], it: "template ${'x'} title", line: 8 },
      { spec: 'x.spec.ts', describe: ['outer'], it: 'concurrent %i', line: 10 },
      { spec: 'x.spec.ts', describe: ['outer'], it: 'inside a helper', line: 11 },
    ])
  })

  it('refuses a title it cannot read rather than guessing one', () => {
    expect(() => extractCases('x.spec.ts', "const t = 'x'\nit(t, () => {})")).toThrow(/x\.spec\.ts:2: .*not a string literal/)
  })
})

describe('the map file reader', () => {
  const good = { describe: ['d'], it: 'a case', line: 3, rules: ['VIS-01'], tests: ['[VIS-01] t'] }
  const problem = (data: unknown): string => {
    try {
      parseMapFile('x.spec.ts.json', data)
    } catch (error) {
      if (error instanceof MapFormatError) return error.message
      throw error
    }
    return 'accepted'
  }

  it('accepts a case in scope, one with subcases and one out of scope', () => {
    const cases = [
      good,
      { ...good, it: 'b', subcases: [{ what: 'part', rules: ['VIS-02'], tests: ['[VIS-02] u'] }] },
      { describe: [], it: 'c', line: 9, outOfScope: 'Cordis plumbing' },
    ]
    expect(problem({ spec: 'x.spec.ts', upstreamCommit: UPSTREAM_COMMIT, cases })).toBe('accepted')
  })

  it('names the file, the case and the field of a bad entry', () => {
    const file = (cases: unknown[]) => ({ spec: 'x.spec.ts', upstreamCommit: UPSTREAM_COMMIT, cases })
    expect(problem(file([{ ...good, rules: [] }]))).toBe(
      'upstream-map/x.spec.ts.json: cases[0] ("a case") field "rules": must list at least one rule ID (or give an outOfScope reason instead)',
    )
    expect(problem(file([good, { ...good, tests: undefined }]))).toMatch(/^upstream-map\/x\.spec\.ts\.json: cases\[1\] \("a case"\) field "tests": /)
    expect(problem(file([{ ...good, line: 0 }]))).toMatch(/cases\[0\] \("a case"\) field "line"/)
    expect(problem(file([{ ...good, outOfScope: 'hard' }]))).toMatch(/field "rules": must be absent on an out-of-scope case/)
    expect(problem(file([{ ...good, subcases: [{ what: 'x', rules: ['A-01'] }] }]))).toMatch(/field "subcases"\[0\] field "tests"/)
    expect(problem(file([{ ...good, extra: 1 }]))).toMatch(/cases\[0\] \("a case"\): unknown field "extra"/)
    expect(problem({ spec: 'x.spec.ts', cases: [] })).toMatch(/field "upstreamCommit"/)
  })
})
