/**
 * `npm run api-report`: writes docs/api/<entry>.api.md, the public surface
 * of every entry point (scripts/internal/api-report.ts). Review the diff;
 * scripts/api-report.test.ts fails until it is current.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { apiReports } from './internal/api-report.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const dir = join(root, 'docs/api')
mkdirSync(dir, { recursive: true })
for (const name of readdirSync(dir)) if (name.endsWith('.api.md')) rmSync(join(dir, name))
for (const [name, text] of apiReports(root)) {
  writeFileSync(join(dir, name), text)
  process.stdout.write(`docs/api/${name}\n`)
}
