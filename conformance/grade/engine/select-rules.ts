/**
 * Internal: the `--rules` selection. Entries are rule IDs (`GRD-03`) or whole
 * areas (`CAN-*`), case-insensitive; anything else is a usage error.
 */
import { RULES, isRuleId } from '../../catalogue/index.ts'
import { AREAS } from '../../catalogue/types.ts'
import type { Rule } from '../../catalogue/types.ts'
import { UsageError } from '../errors.ts'

/**
 * The catalogue rules `patterns` select, in catalogue order; every rule when
 * `patterns` is undefined.
 * @throws UsageError naming every entry that is neither a known rule ID nor
 *   `AREA-*` of a known area, or when the selection is empty.
 */
export function selectRules(patterns: readonly string[] | undefined): readonly Rule[] {
  if (patterns === undefined) return RULES
  const ids = new Set<string>()
  const areas = new Set<string>()
  const bad: string[] = []
  for (const raw of patterns) {
    const entry = raw.trim().toUpperCase()
    if (entry === '') continue
    if (entry.endsWith('-*') && Object.hasOwn(AREAS, entry.slice(0, -2))) areas.add(entry.slice(0, -2))
    else if (isRuleId(entry)) ids.add(entry)
    else bad.push(raw.trim())
  }
  if (bad.length > 0) {
    const known = Object.keys(AREAS).join(', ')
    throw new UsageError(
      `--rules: ${bad.map((b) => `"${b}"`).join(', ')} ${bad.length === 1 ? 'is' : 'are'} not a rule ID of the catalogue or AREA-* (areas: ${known})`,
    )
  }
  const selected = RULES.filter((rule) => ids.has(rule.id) || areas.has(rule.area))
  if (selected.length === 0) throw new UsageError('--rules selects no rule')
  return selected
}

/**
 * A test-name pattern that matches exactly the tests whose `[IDs]` prefix
 * names one of `rules`, whatever describe blocks or file name precede it.
 */
export function namePatternFor(rules: readonly Rule[]): RegExp {
  const alternatives = rules.map((rule) => rule.id.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')).join('|')
  return new RegExp(`\\[(?:[^\\]]*, )?(?:${alternatives})(?:, [^\\]]*)?\\]`)
}
