// `npm run build` (run by `prepack`): compiles the kit into dist/ with
// tsconfig.build.json, then copies next to the compiled modules the files
// they read at run time, at the same relative places as in the sources:
// the tsd suites (types/), the JSON-Schema fixtures, the committed adequacy
// evidence, the test index and the report schema (with a declaration, for
// the `dsh-tools-tck/report.schema.json` export); and records the suite
// revision of the sources it built from. Plain JavaScript: it runs before
// anything is built.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const dist = join(root, 'dist')

rmSync(dist, { recursive: true, force: true })
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' })

// The suite files declare tests, not API: their declarations would only be noise.
for (const entry of readdirSync(dist, { recursive: true })) if (entry.endsWith('.test.d.ts')) rmSync(join(dist, entry))

const copy = (from, to = from) => {
  mkdirSync(dirname(join(dist, to)), { recursive: true })
  cpSync(join(root, from), join(dist, to), { recursive: true })
}
mkdirSync(join(dist, 'types'), { recursive: true })
for (const name of readdirSync(join(root, 'types'))) if (name.endsWith('.ts')) copy(join('types', name))
copy('fixtures/json-schema')
copy('conformance/adequacy/evidence.json')
copy('conformance/catalogue/readings/readings.json')
copy('conformance/catalogue/sentences/sentences.json')
copy('conformance/grade/commands/test-index.json')
copy('conformance/grade/report.schema.json')
copy('conformance/grade/baseline/baseline.schema.json')
// The revision of the sources, not of the compiled files (see suite-revision.ts), through grade's
// one door, which reads the schemas copied above.
const { computeSuiteRevision } = await import(pathToFileURL(join(dist, 'conformance/grade/index.js')).href)
writeFileSync(join(dist, 'conformance/grade/engine/suite-revision.json'), `${JSON.stringify({ suiteRevision: computeSuiteRevision(root) })}\n`)
writeFileSync(
  join(dist, 'conformance/grade/report.schema.json.d.ts'),
  [
    '/** The JSON Schema (draft 2020-12) of a grade report; its `$id` ends with the report version. */',
    'declare const schema: { readonly $schema: string; readonly $id: `urn:dsh-tools-tck:report:${string}`; readonly [keyword: string]: unknown }',
    'export default schema',
    '',
  ].join('\n'),
)
