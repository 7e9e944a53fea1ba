/**
 * The open points' own invariants (./open-points.ts): unique IDs, choices
 * that include upstream's, a pinning rule that exists at the upstream or
 * should level, an other side the reference implements (so that
 * fixtures/choices grades it) or a must rule that decides the point, and
 * quotes that appear verbatim in their seeds.
 */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { getRule, isRuleId } from './index.ts'
import { seedProse } from './internal/seed-prose.ts'
import { OPEN_POINTS } from './open-points.ts'
import { SEEDS } from './types.ts'

const SEED_DIR = process.env.DSH_TCK_SEEDS || fileURLToPath(new URL('../../../shared/seeds', import.meta.url))

describe('open points', () => {
  it('have unique, well-formed IDs, upstream among their choices, a pinning rule at the upstream or should level, and either an other side graded or a must rule that decides them', () => {
    const problems: string[] = []
    const seen = new Set<string>()
    for (const point of OPEN_POINTS) {
      if (!/^OP-\d{2,}$/.test(point.id)) problems.push(`${point.id}: id is not OP-NN`)
      if (seen.has(point.id)) problems.push(`${point.id}: duplicate id`)
      seen.add(point.id)
      if (!point.choices.includes(point.upstream)) problems.push(`${point.id}: upstream's choice "${point.upstream}" is not among its choices`)
      if (point.pinnedBy !== undefined) {
        const level = isRuleId(point.pinnedBy) ? getRule(point.pinnedBy).level : undefined
        if (level !== 'upstream' && level !== 'should') problems.push(`${point.id}: pinned by ${point.pinnedBy}, which is ${level ?? 'no rule'}`)
      }
      if (point.option !== undefined && point.pinnedBy === undefined) problems.push(`${point.id}: graded under its other side, but no rule pins upstream's`)
      if ((point.option === undefined) === (point.decidedBy === undefined))
        problems.push(`${point.id}: needs exactly one of an option (its other side, graded by fixtures/choices) or decidedBy (the must rule that settles it)`)
      if (point.decidedBy !== undefined && !(isRuleId(point.decidedBy) && getRule(point.decidedBy).level === 'must'))
        problems.push(`${point.id}: decided by ${point.decidedBy}, which is not a must rule`)
    }
    expect(problems).toEqual([])
  })

  it.skipIf(!existsSync(SEED_DIR))(`quote their seeds verbatim (seeds from ${SEED_DIR})`, () => {
    const prose = Object.fromEntries(Object.entries(SEEDS).map(([key, file]) => [key, seedProse(readFileSync(`${SEED_DIR}/${file}`, 'utf8'))]))
    const problems = OPEN_POINTS.flatMap((point) =>
      point.quotes
        .filter((q) => q.text.trim().length < 8 || !prose[q.seed]!.includes(q.text))
        .map((q) => `${point.id}: not verbatim in seed ${q.seed}: "${q.text}"`),
    )
    expect(problems).toEqual([])
  })
})
