/**
 * `npm run mutation:evidence`: re-checks the rules the adequacy evidence
 * calls weak. Runs Stryker (stryker.evidence.config.mjs) with every test but
 * theirs skipped, then merges the kills into conformance/adequacy/evidence.json
 * next to those of the main run (reports/mutation/mutation.json).
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadEvidence, weakRules } from '../conformance/adequacy/evidence.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const weak = weakRules(loadEvidence()).map((rule) => rule.id)
if (weak.length === 0) {
  process.stdout.write('mutation:evidence: no weak rule, nothing to do\n')
} else {
  process.stdout.write(`mutation:evidence: ${weak.length} weak rules: ${weak.join(' ')}\n`)
  const env = { ...process.env, DSH_TCK_ONLY_RULES: weak.join(',') }
  const stryker = spawnSync('npx', ['stryker', 'run', 'stryker.evidence.config.mjs'], { cwd: root, env, stdio: 'inherit' })
  if (stryker.status !== 0) process.exit(stryker.status ?? 1)
  const merge = spawnSync('npx', ['tsx', 'scripts/adequacy-evidence.ts', '--mutation', 'reports/mutation/mutation.json', '--mutation', 'reports/mutation/evidence.json'], { cwd: root, stdio: 'inherit' })
  process.exit(merge.status ?? 1)
}
