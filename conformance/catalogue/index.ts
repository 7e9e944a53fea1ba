/**
 * The rule catalogue: the single list every test, report, gallery registry and
 * property refers to by ID.
 */
import type { Area, Rule, RuleId } from './types.ts'
import { REG_RULES } from './areas/reg.ts'
import { VIS_RULES } from './areas/vis.ts'
import { SCH_RULES } from './areas/sch.ts'
import { MODE_RULES } from './areas/mode.ts'
import { ARG_RULES } from './areas/arg.ts'
import { PRE_RULES } from './areas/pre.ts'
import { GRD_RULES } from './areas/grd.ts'
import { EXE_RULES } from './areas/exe.ts'
import { OUT_RULES } from './areas/out.ts'
import { POST_RULES } from './areas/post.ts'
import { FIN_RULES } from './areas/fin.ts'
import { RES_RULES } from './areas/res.ts'
import { CAN_RULES } from './areas/can.ts'
import { ERR_RULES } from './areas/err.ts'
import { CTX_RULES } from './areas/ctx.ts'
import { PRES_RULES } from './areas/pres.ts'
import { DSL_RULES } from './areas/dsl.ts'
import { JSS_RULES } from './areas/jss.ts'
import { JSV_RULES } from './areas/jsv.ts'
import { TYP_RULES } from './areas/typ.ts'
import { CM_RULES } from './areas/cm.ts'

/** Every rule, in area order, then ID order as written. */
export const RULES: readonly Rule[] = [
  ...REG_RULES,
  ...VIS_RULES,
  ...SCH_RULES,
  ...MODE_RULES,
  ...ARG_RULES,
  ...PRE_RULES,
  ...GRD_RULES,
  ...EXE_RULES,
  ...OUT_RULES,
  ...POST_RULES,
  ...FIN_RULES,
  ...RES_RULES,
  ...CAN_RULES,
  ...ERR_RULES,
  ...CTX_RULES,
  ...PRES_RULES,
  ...CM_RULES,
  ...DSL_RULES,
  ...JSS_RULES,
  ...JSV_RULES,
  ...TYP_RULES,
]

const byId = new Map<string, Rule>()
for (const rule of RULES) {
  if (byId.has(rule.id)) throw new Error(`duplicate rule id ${rule.id} in the catalogue`)
  byId.set(rule.id, rule)
}

/** True when `id` names a catalogue rule. */
export function isRuleId(id: string): id is RuleId {
  return byId.has(id)
}

/** The rule with this ID; throws naming the ID when there is none. */
export function getRule(id: string): Rule {
  const rule = byId.get(id)
  if (rule === undefined) throw new Error(`unknown rule id "${id}": not in conformance/catalogue`)
  return rule
}

/** Rules of one area, in catalogue order. */
export function rulesOfArea(area: Area): readonly Rule[] {
  return RULES.filter((r) => r.area === area)
}

export { AREAS, LEVELS, PROFILES, SEEDS, failingLevels } from './types.ts'
export type { Area, Level, Profile, Rule, RuleId, RuleSource, SeedQuote, UpstreamEvidence } from './types.ts'
