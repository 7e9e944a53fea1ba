/**
 * The tsd suites pass against the reference's types, and each wrong type
 * declaration of the gallery (fixtures/broken-types/) fails the rules it
 * targets, with tsd's diagnostic.
 */
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { getRule } from '../catalogue/index.ts'
import type { BrokenTypesEntry } from '../../fixtures/broken-types/_entry.ts'
import { formatTypeDiagnostic, resolveTypesEntry, runTypeSuites, runTypeSuitesBatch, typeRuleIds, typeSuiteFiles, type TypeRunResult } from './run-types.ts'

const galleryDir = fileURLToPath(new URL('../../fixtures/broken-types/', import.meta.url))
const gallery = readdirSync(galleryDir).filter((f) => f.endsWith('.ts') && !f.startsWith('_'))

describe('tsd suites', () => {
  it('name one gradable catalogue rule per file', () => {
    expect(typeSuiteFiles().length).toBeGreaterThan(0)
    for (const id of typeRuleIds()) expect(getRule(id).untestable, `${id} is graded by types/ but marked untestable`).toBeUndefined()
  })

  it('pass every type rule against the reference types', async () => {
    const run = await runTypeSuites()
    const failures = run.rules.flatMap((r) => r.files.flatMap((f) => f.diagnostics.map(formatTypeDiagnostic)))
    expect(failures).toEqual([])
    expect(run.unattributed.map(formatTypeDiagnostic)).toEqual([])
    expect(run.rules.map((r) => r.rule).sort()).toEqual(typeRuleIds().sort())
  })

  it('refuse a types entry that does not exist or is not TypeScript', () => {
    expect(() => resolveTypesEntry('no/such/entry.ts')).toThrow(/does not exist/)
    expect(() => resolveTypesEntry('package.json', fileURLToPath(new URL('../../', import.meta.url)))).toThrow(/\.ts/)
  })
})

describe('wrong type declarations (fixtures/broken-types)', () => {
  it('has entries', () => expect(gallery.length).toBeGreaterThanOrEqual(10))

  // One batch for the whole gallery: the entries share the reference's
  // sources, which are then checked once. Started by the first test that needs it.
  let batch: Promise<{ file: string; entry: BrokenTypesEntry; run: TypeRunResult }[]> | undefined
  const graded = () =>
    (batch ??= (async () => {
      const entries = await Promise.all(gallery.map(async (file) => ((await import(galleryDir + file)) as { entry: BrokenTypesEntry }).entry))
      const runs = await runTypeSuitesBatch(gallery.map((file, n) => ({ entry: galleryDir + file, rules: entries[n]?.violates ?? [] })))
      return gallery.map((file, n) => ({ file, entry: entries[n] as BrokenTypesEntry, run: runs[n] as TypeRunResult }))
    })())

  for (const file of gallery) {
    it(`${file} fails the rules it targets`, async () => {
      const found = (await graded()).find((g) => g.file === file)
      if (found === undefined) throw new Error(`${file} was not graded`)
      const { entry, run } = found
      for (const rule of entry.violates) {
        const result = run.rules.find((r) => r.rule === rule)
        expect(result?.status, `${file} (${entry.bug}) should fail ${rule}`).toBe('fail')
        expect(result?.files.flatMap((f) => f.diagnostics).length).toBeGreaterThan(0)
      }
    })
  }
})
