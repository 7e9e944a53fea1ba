/**
 * The suite revision: stable for the same sources, changed by any change to
 * a file that decides a verdict, and carried by every report.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { KIT_ROOT, kitInfo } from './kit-info.ts'
import { REVISION_SOURCES, computeSuiteRevision } from './suite-revision.ts'

test('the same sources give the same revision; a changed suite file, catalogue entry or fixture gives another', () => {
  const copy = mkdtempSync(join(tmpdir(), 'dsh-tck-revision-'))
  try {
    for (const dir of REVISION_SOURCES) cpSync(join(KIT_ROOT, dir), join(copy, dir), { recursive: true })
    const revision = computeSuiteRevision(copy)
    expect(revision).toMatch(/^sha256:[0-9a-f]{12}$/)
    expect(revision).toBe(computeSuiteRevision(KIT_ROOT))
    expect(kitInfo().suiteRevision).toBe(revision)
    writeFileSync(join(copy, 'conformance/suite/added.test.ts'), '// a new suite file\n')
    expect(computeSuiteRevision(copy)).not.toBe(revision)
  } finally {
    rmSync(copy, { recursive: true, force: true })
  }
})

test('CHANGELOG.md names the current version and suite revision (a change that can turn a verdict needs an entry there)', () => {
  const changelog = readFileSync(join(KIT_ROOT, 'CHANGELOG.md'), 'utf8')
  const version = /^## \[([^\]]+)\]/m.exec(changelog)?.[1]
  expect(version, 'the newest CHANGELOG.md heading is the package version').toBe(kitInfo().version)
  const recorded = /^Suite revision: `(sha256:[0-9a-f]{12})`/m.exec(changelog)?.[1]
  expect(recorded, `the suite changed: record what it changes in CHANGELOG.md and set its suite revision to ${kitInfo().suiteRevision}`).toBe(
    kitInfo().suiteRevision,
  )
})
