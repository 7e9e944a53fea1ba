/**
 * The published package, as a new user gets it: `npm pack` (which builds
 * dist/ through `prepack`), then a temporary project that holds nothing but
 * `npm install <tarball>` (and typescript, for its own tsc). From there:
 * the CLI starts, grades the reference with its type rules, grades a
 * TypeScript adapter of the project (deliberately broken), the public types
 * check under a strict consumer tsc, plain JavaScript imports the library,
 * and the suite embeds in the project's own vitest. Every report format
 * agrees with the exit status (a should-level deviation, a baselined
 * failure), and the commands that answer at once load no vitest (the
 * console report of a registry failing about a hundred must rules is
 * checked in process, fixtures/adapters/deaf-listeners.test.ts). The tarball itself holds none of the kit's development files.
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
import { computeSuiteRevision } from '../conformance/grade/index.ts'

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
    Object.entries(process.env).filter(
      ([key]) => !key.startsWith('VITEST') && !key.startsWith('DSH_TCK_') && (!key.startsWith('npm_') || keep.has(key)) && key !== 'NODE_OPTIONS',
    ),
  )
  return { ...env, NO_COLOR: '1', FORCE_COLOR: '0', CI: process.env.CI ?? '1' }
}

function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(command, [...args], { cwd, env: { ...childEnv(), ...env }, maxBuffer: 64 * 1024 * 1024, timeout: STEP_MS }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1
      resolve({ code, stdout, stderr })
    })
  })
}

/** Fails with the command's output when it did not exit with `code`. */
function expectExit(ran: Ran, code: number, what: string): void {
  if (ran.code !== code)
    throw new Error(`${what}: exit ${ran.code}, expected ${code}\n--- stdout\n${ran.stdout.slice(-4000)}\n--- stderr\n${ran.stderr.slice(-4000)}`)
}

const json = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'))

interface ReportShape {
  readonly reportVersion: string
  readonly kit: { readonly version: string; readonly suiteRevision?: string }
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

await conformance(adapter, { rules: ['REG-01', 'REG-08'], baseline: 'tck/known.json', report: 'gated-report.json' })
`
const KNOWN = { baselineVersion: '1', entries: [{ rule: 'REG-01', reason: 'not-implemented', kind: 'assertion' }] }

// A baseline entry for REG-02, which this adapter passes: stale, so the file fails at its end.
const EMBED_STALE = `import { conformance } from 'dsh-tools-tck/vitest'
import adapter from '../adapter.ts'

await conformance(adapter, { rules: ['REG-01', 'REG-02'], baseline: 'tck/stale.json' })
`
const STALE = { baselineVersion: '1', entries: [...KNOWN.entries, { rule: 'REG-02', reason: 'not-implemented', kind: 'assertion' }] }

/** The kit's reference adapter, wrapped: the consumer adapters below each break one thing of it. */
const WRAP_REFERENCE = `import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

const entry = join(dirname(createRequire(import.meta.url).resolve('dsh-tools-tck/reference')), 'adapter.js')
export const reference = (await import(pathToFileURL(entry).href)).default
`

// A should-level deviation only (POST-23): a tools/post-execute decision of unknown kind is taken as accept.
const SHOULD_ONLY = `import { defineAdapter } from 'dsh-tools-tck'
import { reference } from './wrap-reference.ts'

export default defineAdapter({
  ...reference,
  name: 'consumer registry (unknown post decisions accepted)',
  features: {},
  async create(options: any) {
    const harness: any = await reference.create(options)
    const on = harness.on
    const lenient = (listener: any) => async (...args: any[]) => {
      const decision = await listener(...args)
      const kind = typeof decision === 'object' && decision !== null ? decision.kind : undefined
      return kind !== undefined && kind !== 'accept' && kind !== 'block' ? { kind: 'accept' } : decision
    }
    return { ...harness, on: (event: string, listener: any, opts: any) => on(event, event === 'tools/post-execute' ? lenient(listener) : listener, opts) }
  },
})
`

const EMBED_SHOULD = `import { conformance } from 'dsh-tools-tck/vitest'
import adapter from '../should-only.ts'

await conformance(adapter, { rules: ['POST-23'], report: 'should-report.json' })
`

/**
 * Preloaded with --import: records every module of vitest, tsx, tsd or ajv
 * that the process resolves, one URL a line, in the file TRACE_FILE names.
 */
const TRACE = `import { register } from 'node:module'

register('data:text/javascript,' + encodeURIComponent(\`
import { appendFileSync } from 'node:fs'
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context)
  if (/[\\\\/]node_modules[\\\\/](vitest|tsx|tsd|ajv)[\\\\/]/.test(resolved.url)) appendFileSync(process.env.TRACE_FILE, resolved.url + '\\\\n')
  return resolved
}
\`))
`

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
    entries = listed.stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => line.replace(/^package\//, ''))
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
    writeFileSync(join(project, 'wrap-reference.ts'), WRAP_REFERENCE)
    writeFileSync(join(project, 'should-only.ts'), SHOULD_ONLY)
    writeFileSync(join(project, 'tck', 'should.test.ts'), EMBED_SHOULD)
    writeFileSync(join(project, 'trace.mjs'), TRACE)
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
        (entry.endsWith('.ts') && !entry.endsWith('.d.ts') && !entry.startsWith('dist/types/')),
    )
    expect(development).toEqual([])
  })

  test(
    '--help exits 0',
    async () => {
      const ran = await run('npx', ['dsh-tools-tck', '--help'], project)
      expectExit(ran, 0, 'dsh-tools-tck --help')
      expect(ran.stdout).toMatch(/Usage: dsh-tools-tck grade/)
    },
    STEP_MS,
  )

  test(
    '--help, --version, list-rules, explain and a usage error answer without loading vitest, tsx, tsd or ajv',
    async () => {
      const bin = join(project, 'node_modules', 'dsh-tools-tck', 'bin', 'dsh-tools-tck.js')
      const trace = join(work, 'trace.txt')
      for (const [args, code] of [
        [['--help'], 0],
        [['--version'], 0],
        [['list-rules', '--json'], 0],
        [['explain', 'GRD-03', 'CAN-*'], 0],
        [['grade', '--rules', 'NOPE-*'], 2],
      ] as const) {
        writeFileSync(trace, '')
        const ran = await run(process.execPath, ['--import', './trace.mjs', bin, ...args], project, { TRACE_FILE: trace })
        expectExit(ran, code, `dsh-tools-tck ${args.join(' ')}`)
        expect(readFileSync(trace, 'utf8'), `modules loaded by dsh-tools-tck ${args.join(' ')}`).toBe('')
      }
      // The trace does catch a load: a grade loads vitest.
      writeFileSync(trace, '')
      expectExit(
        await run(process.execPath, ['--import', './trace.mjs', bin, 'grade', '--rules', 'GRD-03'], project, { TRACE_FILE: trace }),
        0,
        'grade --rules GRD-03',
      )
      expect(readFileSync(trace, 'utf8')).toMatch(/node_modules[\\/]vitest[\\/]/)
      // explain lists the tests from the installed package.
      const explained = await run('npx', ['dsh-tools-tck', 'explain', 'GRD-03'], project)
      expect(explained.stdout).toMatch(/\ntests \([1-9]\d*\):\n {2}\[GRD-03\] /)
      expect(explained.stdout).toContain('conformance/suite/grd.test.js')
    },
    STEP_MS,
  )

  test(
    'a should-level deviation exits 0, and its JUnit has no <failure>',
    async () => {
      const ran = await run(
        'npx',
        ['dsh-tools-tck', 'grade', '--adapter', 'should-only.ts', '--rules', 'POST-*', '--json', 'should.json', '--junit', 'should.xml'],
        project,
      )
      expectExit(ran, 0, 'grade --adapter should-only.ts')
      const report = json(join(project, 'should.json')) as ReportShape
      expect(report.rules.filter((rule) => rule.status === 'fail').map((rule) => rule.id)).toEqual(['POST-23'])
      const xml = readFileSync(join(project, 'should.xml'), 'utf8')
      expect(xml).not.toContain('<failure')
      expect(xml).toContain('<skipped message="should-level deviation')
    },
    STEP_MS,
  )

  test(
    'a baselined run exits 0, and its JUnit, Markdown, badge and HTML say so too',
    async () => {
      const outputs = ['--junit', 'known.xml', '--markdown', 'known.md', '--badge', 'known.svg', '--html', 'known.html']
      const ran = await run(
        'npx',
        ['dsh-tools-tck', 'grade', '--adapter', 'adapter.ts', '--rules', 'REG-01', '--baseline', 'tck/known.json', ...outputs],
        project,
      )
      expectExit(ran, 0, 'grade --baseline tck/known.json')
      const read = (name: string) => readFileSync(join(project, name), 'utf8')
      expect(read('known.xml')).not.toContain('<failure')
      expect(read('known.xml')).toContain('<skipped message="known failure (recorded in the baseline)')
      expect(read('known.md')).toContain('☑️ known failures only')
      expect(read('known.md')).not.toContain('❌')
      expect(read('known.svg')).toContain('data-colour="known"')
      expect(read('known.html')).toMatch(/data-testid="verdict"[^>]*data-known="true">KNOWN FAILURES ONLY</)
    },
    STEP_MS,
  )

  test(
    'grades the reference, type rules included: every rule passes',
    async () => {
      const ran = await run('npx', ['dsh-tools-tck', 'grade', '--json', 'reference.json'], project)
      expectExit(ran, 0, 'dsh-tools-tck grade')
      fullReport = json(join(project, 'reference.json')) as ReportShape
      // The installed kit reports the revision of the sources it was built from.
      expect(fullReport.kit.suiteRevision).toBe(computeSuiteRevision(KIT))
      expect(fullReport.options.types).toMatch(/node_modules[\\/]dsh-tools-tck[\\/]dist[\\/]reference[\\/]index\.d\.ts$/)
      const typ = fullReport.rules.filter((rule) => rule.id.startsWith('TYP-'))
      expect(typ.length).toBeGreaterThan(0)
      expect(typ.map((rule) => rule.status)).toEqual(typ.map(() => 'pass'))
      expect(fullReport.rules.filter((rule) => rule.status === 'fail').map((rule) => rule.id)).toEqual([])
    },
    STEP_MS,
  )

  test(
    "grades the project's TypeScript adapter: its bug fails, exit 1",
    async () => {
      const ran = await run('npx', ['dsh-tools-tck', 'grade', '--adapter', 'adapter.ts', '--rules', 'REG-01,REG-05', '--json', 'broken.json'], project)
      expectExit(ran, 1, 'dsh-tools-tck grade --adapter adapter.ts')
      const report = json(join(project, 'broken.json')) as ReportShape
      expect(report.rules.find((rule) => rule.id === 'REG-01')?.status).toBe('fail')
    },
    STEP_MS,
  )

  test(
    'the public types check under a strict consumer tsc (skipLibCheck off)',
    async () => {
      const ran = await run('npx', ['tsc', '-p', 'tsconfig.json'], project)
      expectExit(ran, 0, 'consumer tsc --noEmit')
      expect(ran.stdout).toBe('')
    },
    STEP_MS,
  )

  test(
    'plain JavaScript imports the library',
    async () => {
      const ran = await run(process.execPath, ['plain.mjs'], project)
      expectExit(ran, 0, 'node plain.mjs')
      const seen = JSON.parse(ran.stdout) as Record<string, unknown>
      expect(seen).toMatchObject({ grade: 'function', defineAdapter: 'function', createToolRegistry: 'function', conformance: 'function' })
      expect(seen.rules).toBeGreaterThan(0)
      expect(seen.schemaId).toBe(`urn:dsh-tools-tck:report:${String(seen.reportVersion)}`)
    },
    STEP_MS,
  )

  test(
    "embeds in the project's vitest: one test per kit test of the rules, under the kit's names",
    async () => {
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
      expect(
        skipped.some((t) => /\[(?:[^\]]*, )?REG-01(?:, [^\]]*)?\]/.test(t.title)),
        'a REG-01 test skipped as known',
      ).toBe(true)
      expect(
        skipped.some((t) => /\[(?:[^\]]*, )?REG-08(?:, [^\]]*)?\]/.test(t.title)),
        'a REG-08 test skipped as a deviation',
      ).toBe(true)
      // The gated file's report grades the skipped failures as what they were; the baseline decides.
      const gatedReport = json(join(project, 'gated-report.json')) as ReportShape & { baseline?: { ok: boolean } }
      expect(Object.fromEntries(gatedReport.rules.map((rule) => [rule.id, rule.status]))).toEqual({ 'REG-01': 'fail', 'REG-08': 'fail' })
      expect(gatedReport.baseline?.ok).toBe(true)
      // A should-level deviation passes the run, and its report says it failed.
      const should = results.testResults.find((f) => f.name.endsWith('tck/should.test.ts'))
      expect(should?.status, should?.message).toBe('passed')
      expect(should?.assertionResults.some((t) => t.status === 'skipped' || t.status === 'pending')).toBe(true)
      const shouldReport = json(join(project, 'should-report.json')) as ReportShape & { summary: { conforms: boolean } }
      expect(shouldReport.rules.map((rule) => [rule.id, rule.status])).toEqual([['POST-23', 'fail']])
      expect(shouldReport.summary.conforms).toBe(true)
      // A stale entry fails the file, as it fails a grade.
      const stale = results.testResults.find((f) => f.name.endsWith('tck/stale.test.ts'))
      expect(stale?.status).toBe('failed')
      expect(JSON.stringify(stale)).toContain('REG-02: recorded as failing, but it did not fail')
    },
    STEP_MS,
  )
})
