/**
 * The published package, as a new user gets it: `npm pack` (which builds
 * dist/ through `prepack`), then a temporary project that holds nothing but
 * `npm install <tarball>` (and typescript, for its own tsc). From there:
 * the CLI starts, grades the reference with its type rules, grades a
 * TypeScript adapter of the project (deliberately broken), the public types
 * check under a strict consumer tsc, plain JavaScript imports the library,
 * and the suite embeds in the project's own vitest. The tarball itself holds
 * none of the kit's development files.
 *
 * Slow by nature (pack, install, a full grade): one file, steps in order,
 * generous timeouts. Nothing is skipped: without npm or the registry it fails.
 */
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

const KIT = fileURLToPath(new URL('..', import.meta.url))
// A ceiling per npm or CLI step against a hang, never a verdict; a busy machine stretches each step several times.
const STEP_MS = 600_000

interface Ran {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/**
 * The environment of every child: none of this run's vitest or kit variables
 * (the children are not workers of it), and none of the outer npm's package
 * and lifecycle variables, which would point npm at the kit.
 */
function childEnv(): NodeJS.ProcessEnv {
  const keep = new Set(['npm_config_registry', 'npm_config_cache', 'npm_config_userconfig'])
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && !key.startsWith('DSH_TCK_') && (!key.startsWith('npm_') || keep.has(key)) && key !== 'NODE_OPTIONS'),
  )
  return { ...env, NO_COLOR: '1', FORCE_COLOR: '0', CI: process.env.CI ?? '1' }
}

function run(command: string, args: readonly string[], cwd: string): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(command, [...args], { cwd, env: childEnv(), maxBuffer: 64 * 1024 * 1024, timeout: STEP_MS }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1
      resolve({ code, stdout, stderr })
    })
  })
}

/** Fails with the command's output when it did not exit with `code`. */
function expectExit(ran: Ran, code: number, what: string): void {
  if (ran.code !== code) throw new Error(`${what}: exit ${ran.code}, expected ${code}\n--- stdout\n${ran.stdout.slice(-4000)}\n--- stderr\n${ran.stderr.slice(-4000)}`)
}

const json = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'))

interface ReportShape {
  readonly reportVersion: string
  readonly options: { readonly types?: string }
  readonly rules: readonly { readonly id: string; readonly status: string; readonly tests: readonly { readonly name: string }[] }[]
}

interface VitestJson {
  readonly testResults: readonly {
    readonly name: string
    readonly status: string
    readonly message?: string
    readonly assertionResults: readonly { readonly title: string; readonly status: string }[]
  }[]
}

// The consumer project's files.
const ADAPTER = `import { defineAdapter } from 'dsh-tools-tck'
import { createToolRegistry } from 'dsh-tools-tck/reference'

// Deliberately broken: tools.get() never finds a tool.
export default defineAdapter({
  name: 'consumer registry (get is broken)',
  features: { scopes: true, scopeParents: true },
  create() {
    const registry = createToolRegistry()
    return { ...registry, tools: { ...registry.tools, get: () => undefined } }
  },
})
`

const USES_TYPES = `import { defineAdapter, grade, RULES, REPORT_VERSION } from 'dsh-tools-tck'
import type { GradeReport, Harness, RuleId, TckAdapter, ToolExecutionResult } from 'dsh-tools-tck'
import { createToolRegistry } from 'dsh-tools-tck/reference'
import type { ToolRegistry } from 'dsh-tools-tck/reference'
import { conformance } from 'dsh-tools-tck/vitest'
import type { ConformanceOptions } from 'dsh-tools-tck/vitest'
import schema from 'dsh-tools-tck/report.schema.json' with { type: 'json' }

const registry: ToolRegistry = createToolRegistry()
const adapter: TckAdapter = defineAdapter({ name: 'typed', features: {}, create: (): Harness => registry })
const id: RuleId = RULES[0]!.id
const options: ConformanceOptions = { rules: [id], timeout: 1000 }
const schemaId: string = schema.$id
const pending: Promise<GradeReport> = grade({ rules: [id] })
declare const result: ToolExecutionResult
export { adapter, options, schemaId, pending, result, conformance, REPORT_VERSION }
`

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023', 'DOM'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    skipLibCheck: false,
    noEmit: true,
    types: [],
  },
  include: ['uses-types.ts', 'adapter.ts'],
}

const PLAIN_JS = `const kit = await import('dsh-tools-tck')
const reference = await import('dsh-tools-tck/reference')
const { conformance } = await import('dsh-tools-tck/vitest')
const schema = (await import('dsh-tools-tck/report.schema.json', { with: { type: 'json' } })).default
console.log(JSON.stringify({
  grade: typeof kit.grade, defineAdapter: typeof kit.defineAdapter, rules: kit.RULES.length, reportVersion: kit.REPORT_VERSION,
  createToolRegistry: typeof reference.createToolRegistry, conformance: typeof conformance, schemaId: schema.$id,
}))
`

const VITEST_CONFIG = `import { defineConfig } from 'vitest/config'

export default defineConfig({ test: { include: ['tck/*.test.ts'] } })
`

const EMBED_REFERENCE = `import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { conformance } from 'dsh-tools-tck/vitest'

// The kit's reference adapter, by path: it sits next to dsh-tools-tck/reference's entry.
const referenceAdapter = join(dirname(createRequire(import.meta.url).resolve('dsh-tools-tck/reference')), 'adapter.js')

await conformance(referenceAdapter, { rules: ['GRD-*'] })
`

const EMBED_BROKEN = `import { conformance } from 'dsh-tools-tck/vitest'
import adapter from '../adapter.ts'

await conformance(adapter, { rules: ['REG-01'], timeout: 2000 })
`

// The same broken adapter, gated as grade gates it: REG-01 (must) is a known failure, REG-08 (upstream) a deviation under spec.
const EMBED_GATED = `import { conformance } from 'dsh-tools-tck/vitest'
import adapter from '../adapter.ts'

await conformance(adapter, { rules: ['REG-01', 'REG-08'], baseline: 'tck/known.json' })
`
const KNOWN = { baselineVersion: '1', entries: [{ rule: 'REG-01', reason: 'not-implemented', kind: 'assertion' }] }

// A baseline entry for REG-02, which this adapter passes: stale, so the file fails at its end.
const EMBED_STALE = `import { conformance } from 'dsh-tools-tck/vitest'
import adapter from '../adapter.ts'

await conformance(adapter, { rules: ['REG-01', 'REG-02'], baseline: 'tck/stale.json' })
`
const STALE = { baselineVersion: '1', entries: [...KNOWN.entries, { rule: 'REG-02', reason: 'not-implemented', kind: 'assertion' }] }

describe('the packed kit, installed in a project of its own', () => {
  let work: string
  let project: string
  let tarball: string
  let entries: string[]
  let fullReport: ReportShape

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'dsh-tck-tarball-'))
    const packed = await run('npm', ['pack', '--pack-destination', work, '--silent'], KIT)
    expectExit(packed, 0, 'npm pack')
    const tarballs = readdirSync(work).filter((name) => name.endsWith('.tgz'))
    expect(tarballs).toHaveLength(1)
    tarball = join(work, tarballs[0] as string)
    const listed = await run('tar', ['tzf', tarball], work)
    expectExit(listed, 0, 'tar tzf')
    entries = listed.stdout.split('\n').filter((line) => line !== '').map((line) => line.replace(/^package\//, ''))
    console.log(`tarball ${tarballs[0]}: ${(statSync(tarball).size / 1024).toFixed(0)} KiB, ${entries.length} files`)

    project = join(work, 'project')
    mkdirSync(join(project, 'tck'), { recursive: true })
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'tck-consumer', private: true, type: 'module' }, null, 2))
    const installed = await run('npm', ['install', tarball, 'typescript@6.0.3', '--prefer-offline', '--no-audit', '--no-fund'], project)
    expectExit(installed, 0, 'npm install <tarball>')
    writeFileSync(join(project, 'adapter.ts'), ADAPTER)
    writeFileSync(join(project, 'uses-types.ts'), USES_TYPES)
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2))
    writeFileSync(join(project, 'plain.mjs'), PLAIN_JS)
    writeFileSync(join(project, 'vitest.config.ts'), VITEST_CONFIG)
    writeFileSync(join(project, 'tck', 'reference.test.ts'), EMBED_REFERENCE)
    writeFileSync(join(project, 'tck', 'broken.test.ts'), EMBED_BROKEN)
    writeFileSync(join(project, 'tck', 'gated.test.ts'), EMBED_GATED)
    writeFileSync(join(project, 'tck', 'known.json'), JSON.stringify(KNOWN))
    writeFileSync(join(project, 'tck', 'stale.test.ts'), EMBED_STALE)
    writeFileSync(join(project, 'tck', 'stale.json'), JSON.stringify(STALE))
  }, 2 * STEP_MS)

  afterAll(() => {
    if (work !== undefined) rmSync(work, { recursive: true, force: true })
  })

  test('holds what grading needs and none of the kit development files', () => {
    for (const needed of [
      'package.json',
      'LICENSE',
      'README.md',
      'bin/dsh-tools-tck.js',
      'dist/conformance/index.js',
      'dist/conformance/index.d.ts',
      'dist/conformance/vitest/index.js',
      'dist/conformance/grade/cli.js',
      'dist/conformance/grade/report.schema.json',
      'dist/conformance/suite/grd.test.js',
      'dist/properties/sequences.test.js',
      'dist/reference/adapter.js',
      'dist/types/typ-01.pre-decision.test-d.ts',
      'dist/conformance/adequacy/evidence.json',
      'docs/ADAPTER.md',
    ]) {
      expect(entries, needed).toContain(needed)
    }
    expect(entries.some((entry) => entry.startsWith('dist/fixtures/json-schema/validation/'))).toBe(true)
    const development = entries.filter(
      (entry) =>
        // the kit's own tests: only the suite files and the laws, which are the product, are *.test.*
        (/\.test\.[cm]?[jt]s$/.test(entry) && !/^dist\/(conformance\/suite|properties)\/[^/]+\.test\.js$/.test(entry)) ||
        /(^|\/)fixtures\/(broken|broken-types|adapters|withheld|_support)\//.test(entry) ||
        /(^|\/)(stryker|vitest\.mutation|tsconfig)[^/]*$/.test(entry) ||
        /equivalent-mutants|fidelity\/upstream|test-support|(^|\/)oracle\//.test(entry) ||
        /^(scripts|conformance|reference|properties|types|fixtures)\//.test(entry) ||
        entry.endsWith('.ts') && !entry.endsWith('.d.ts') && !entry.startsWith('dist/types/'),
    )
    expect(development).toEqual([])
  })

  test('--help exits 0', async () => {
    const ran = await run('npx', ['dsh-tools-tck', '--help'], project)
    expectExit(ran, 0, 'dsh-tools-tck --help')
    expect(ran.stdout).toMatch(/Usage: dsh-tools-tck grade/)
  }, STEP_MS)

  test('grades the reference, type rules included: every rule passes', async () => {
    const ran = await run('npx', ['dsh-tools-tck', 'grade', '--json', 'reference.json'], project)
    expectExit(ran, 0, 'dsh-tools-tck grade')
    fullReport = json(join(project, 'reference.json')) as ReportShape
    expect(fullReport.options.types).toMatch(/node_modules[\\/]dsh-tools-tck[\\/]dist[\\/]reference[\\/]index\.d\.ts$/)
    const typ = fullReport.rules.filter((rule) => rule.id.startsWith('TYP-'))
    expect(typ.length).toBeGreaterThan(0)
    expect(typ.map((rule) => rule.status)).toEqual(typ.map(() => 'pass'))
    expect(fullReport.rules.filter((rule) => rule.status === 'fail').map((rule) => rule.id)).toEqual([])
  }, STEP_MS)

  test("grades the project's TypeScript adapter: its bug fails, exit 1", async () => {
    const ran = await run('npx', ['dsh-tools-tck', 'grade', '--adapter', 'adapter.ts', '--rules', 'REG-01,REG-05', '--json', 'broken.json'], project)
    expectExit(ran, 1, 'dsh-tools-tck grade --adapter adapter.ts')
    const report = json(join(project, 'broken.json')) as ReportShape
    expect(report.rules.find((rule) => rule.id === 'REG-01')?.status).toBe('fail')
  }, STEP_MS)

  test('the public types check under a strict consumer tsc (skipLibCheck off)', async () => {
    const ran = await run('npx', ['tsc', '-p', 'tsconfig.json'], project)
    expectExit(ran, 0, 'consumer tsc --noEmit')
    expect(ran.stdout).toBe('')
  }, STEP_MS)

  test('plain JavaScript imports the library', async () => {
    const ran = await run(process.execPath, ['plain.mjs'], project)
    expectExit(ran, 0, 'node plain.mjs')
    const seen = JSON.parse(ran.stdout) as Record<string, unknown>
    expect(seen).toMatchObject({ grade: 'function', defineAdapter: 'function', createToolRegistry: 'function', conformance: 'function' })
    expect(seen.rules).toBeGreaterThan(0)
    expect(seen.schemaId).toBe(`urn:dsh-tools-tck:report:${String(seen.reportVersion)}`)
  }, STEP_MS)

  test("embeds in the project's vitest: one test per kit test of the rules, under the kit's names", async () => {
    expect(fullReport, 'the full grade ran first').toBeDefined()
    const ran = await run('npx', ['vitest', 'run', '--reporter=json', '--outputFile=vitest.json'], project)
    // The broken adapter's file fails, so the run does.
    expectExit(ran, 1, 'vitest run')
    const results = json(join(project, 'vitest.json')) as VitestJson
    const file = (name: string) => results.testResults.find((f) => f.name.endsWith(`tck/${name}`))?.assertionResults ?? []

    // The tests whose names name a GRD rule (a test may also report under a GRD rule it checks incidentally; the embedding selects by name).
    const kitGrdTests = [...new Set(fullReport.rules.filter((rule) => rule.id.startsWith('GRD-')).flatMap((rule) => rule.tests.map((t) => t.name)))]
      .filter((name) => /^\[[^\]]*GRD-/.test(name))
      .sort()
    expect(kitGrdTests.length).toBeGreaterThan(0)
    const reference = file('reference.test.ts')
    expect(reference.map((t) => t.title).sort()).toEqual(kitGrdTests)
    expect(reference.filter((t) => t.status !== 'passed')).toEqual([])

    const broken = file('broken.test.ts')
    expect(broken.length).toBeGreaterThan(0)
    expect(broken.every((t) => /\[(?:[^\]]*, )?REG-01(?:, [^\]]*)?\]/.test(t.title))).toBe(true)
    expect(broken.some((t) => t.status === 'failed')).toBe(true)

    // Gated by profile and baseline: the known must failure and the upstream-level deviation are skipped, nothing fails.
    const gated = results.testResults.find((f) => f.name.endsWith('tck/gated.test.ts'))
    expect(gated?.status, gated?.message).toBe('passed')
    expect(gated?.assertionResults.filter((t) => t.status === 'failed')).toEqual([])
    const skipped = gated?.assertionResults.filter((t) => t.status === 'skipped' || t.status === 'pending') ?? []
    expect(skipped.some((t) => /\[(?:[^\]]*, )?REG-01(?:, [^\]]*)?\]/.test(t.title)), 'a REG-01 test skipped as known').toBe(true)
    expect(skipped.some((t) => /\[(?:[^\]]*, )?REG-08(?:, [^\]]*)?\]/.test(t.title)), 'a REG-08 test skipped as a deviation').toBe(true)
    // A stale entry fails the file, as it fails a grade.
    const stale = results.testResults.find((f) => f.name.endsWith('tck/stale.test.ts'))
    expect(stale?.status).toBe('failed')
    expect(JSON.stringify(stale)).toContain('REG-02: recorded as failing, but it did not fail')
  }, STEP_MS)
})
