/**
 * The kit's adequacy evidence is well-formed and in step with the gallery,
 * a rule is weak exactly when its tests kill no mutant and no gallery
 * registry violates it, and no rule is weak (issue 6): a new rule needs a
 * test that kills a mutant or a gallery registry before it lands. See
 * docs/ADEQUACY.md.
 */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { RULES } from '../catalogue/index.ts'
import { EQUIVALENT_MUTANTS } from './equivalent-mutants.ts'
import { EvidenceError, checkEvidence, loadEvidence, ruleAdequacy, weakRules } from './evidence.ts'
import type { Evidence } from './evidence.ts'
import { galleryDeclarations } from '../../fixtures/_support/gallery-declarations.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

describe('the committed evidence', () => {
  const evidence = loadEvidence()

  test('records the gallery exactly as the fixtures declare it (else run `npm run adequacy`)', async () => {
    expect(evidence.gallery).toEqual(await galleryDeclarations())
  })

  test('comes from a mutation run', () => {
    expect(evidence.mutation, 'no mutation totals: run `npm run mutation`').not.toBeNull()
    expect(evidence.mutationReportAt).not.toBeNull()
    expect(Object.keys(evidence.mutantsKilled).length).toBeGreaterThan(0)
  })

  test('leaves no rule weak (else add a killing test or a gallery registry, then `npm run mutation`)', () => {
    expect(weakRules(evidence).map((rule) => rule.id)).toEqual([])
  })
})

describe('checkEvidence', () => {
  const good: Evidence = { mutationReportAt: null, mutation: null, mutantsKilled: { 'GRD-01': 2 }, gallery: { 'VIS-09': ['broken/restriction-union'] } }

  test('accepts a well-formed file', () => {
    expect(checkEvidence(good, 'x.json')).toEqual(good)
  })

  test.each([
    ['a non-object', 42, 'x.json: the top level is not an object'],
    ['an unknown rule', { ...good, mutantsKilled: { 'NOPE-1': 1 } }, 'mutantsKilled["NOPE-1"] is not a catalogue rule'],
    ['a zero count', { ...good, mutantsKilled: { 'GRD-01': 0 } }, 'mutantsKilled["GRD-01"] is not a positive integer'],
    ['an empty gallery list', { ...good, gallery: { 'VIS-09': [] } }, 'gallery["VIS-09"] is not a non-empty list of names'],
    ['a bad total', { ...good, mutation: { mutants: 1 } }, 'mutation.killed is not a non-negative number'],
  ])('rejects %s, naming the field', (_label, raw, message) => {
    expect(() => checkEvidence(raw, 'x.json')).toThrow(EvidenceError)
    expect(() => checkEvidence(raw, 'x.json')).toThrow(message)
  })

  test('a missing file is an EvidenceError naming it', () => {
    expect(() => loadEvidence('/nonexistent/evidence.json')).toThrow(/\/nonexistent\/evidence\.json/)
  })
})

describe('ruleAdequacy', () => {
  const none: Evidence = { mutationReportAt: null, mutation: null, mutantsKilled: {}, gallery: {} }
  const testable = RULES.find((rule) => rule.untestable === undefined)!
  const untestable = RULES.find((rule) => rule.untestable !== undefined)!

  test('a testable rule with no kill and no gallery bug is weak; either one makes it not weak', () => {
    expect(ruleAdequacy(testable, none).weak).toBe(true)
    expect(ruleAdequacy(testable, { ...none, mutantsKilled: { [testable.id]: 1 } }).weak).toBe(false)
    expect(ruleAdequacy(testable, { ...none, gallery: { [testable.id]: ['broken/x'] } }).weak).toBe(false)
  })

  test('an untestable rule is never weak', () => {
    expect(ruleAdequacy(untestable, none).weak).toBe(false)
  })

  test('weakRules lists exactly the weak ones, in catalogue order', () => {
    const evidence: Evidence = { ...none, mutantsKilled: { [testable.id]: 3 } }
    const weak = weakRules(evidence)
    expect(weak.map((rule) => rule.id)).not.toContain(testable.id)
    expect(weak.map((rule) => rule.id)).not.toContain(untestable.id)
    expect(weak.length).toBe(RULES.filter((rule) => rule.untestable === undefined).length - 1)
  })
})

describe('the equivalent-mutant list', () => {
  test.each(EQUIVALENT_MUTANTS.map((e) => [`${e.file} ${e.mutator} ${JSON.stringify(e.original)}`, e] as const))(
    '%s names existing code and says why it is equivalent',
    (_label, entry) => {
      const file = ROOT + entry.file
      expect(existsSync(file), `${entry.file} exists`).toBe(true)
      const source = readFileSync(file, 'utf8')
      expect(source.includes(entry.original), `${entry.file} still contains ${JSON.stringify(entry.original)}`).toBe(true)
      if (entry.line !== undefined) expect(source.split('\n')[entry.line - 1]).toContain(entry.original.split('\n')[0])
      expect(entry.reason.length, 'the reason is a sentence').toBeGreaterThan(30)
    },
  )
})
