import { SEEDS } from './types.ts'
import type { RuleSource } from './types.ts'

/** One-line citation of a rule source, e.g. `seed 000_d0264c851c1aa8de.txt §执行`. */
export function describeSource(source: RuleSource): string {
  if (source.kind === 'seed') return `seed ${SEEDS[source.seed]} ${source.heading}`
  return source.note === undefined ? 'upstream 0.1.1-rc.2 behaviour' : `upstream 0.1.1-rc.2 behaviour (${source.note})`
}
