/**
 * The committed API reports (docs/api/) describe the public entry points as
 * they are: a change to the public surface shows as a diff of those files,
 * made by `npm run api-report` and reviewed with the change. Every exported
 * value carries a doc comment.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { apiReports } from './internal/api-report.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

test('docs/api/ matches the public entry points (else run `npm run api-report` and review the diff)', () => {
  const reports = apiReports(root)
  expect(
    readdirSync(join(root, 'docs/api'))
      .filter((name) => name.endsWith('.api.md'))
      .sort(),
  ).toEqual([...reports.keys()].sort())
  for (const [name, text] of reports) {
    expect(readFileSync(join(root, 'docs/api', name), 'utf8'), `docs/api/${name} is stale: run \`npm run api-report\` and review the diff`).toBe(text)
  }
})

test('every exported value of every entry point has a doc comment', () => {
  const undocumented = [...apiReports(root)].flatMap(([name, text]) => {
    const lines = text.split('\n')
    return lines.flatMap((line, i) => (line === '// (undocumented)' ? [`${name}: ${lines[i + 1] ?? ''}`] : []))
  })
  expect(undocumented).toEqual([])
})
