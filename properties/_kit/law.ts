/**
 * `law()`: declares one fast-check property of the pipeline, graded per rule
 * like an example test. It is built on `check()`: the test names its rule IDs,
 * runs through the adapter contract only, and a failure fails every rule it
 * names. What it adds:
 *
 * - one fresh harness per generated case (created from the adapter, disposed
 *   after the case), so no state leaks between runs;
 * - seed and run count from `DSH_TCK_SEED` / `DSH_TCK_RUNS`, replay of one
 *   case from `DSH_TCK_PATH=<law>:<fast-check path>`;
 * - a failure message with the seed, the path, the shrunk counterexample and a
 *   one-line replay command;
 * - vacuity: the body calls `interesting()` when a case reached what the law is
 *   about; when too few cases did, the test is marked `vacuous` (and fails
 *   outside a grading run, so `npm test` cannot pass a vacuous law).
 */
import fc from 'fast-check'
import type { FeatureName, Harness, ScopeHandle, TckAdapter, ToolRuntimeApi } from '../../conformance/adapter/contract.ts'
import type { RuleId } from '../../conformance/catalogue/index.ts'
import type { ApprovalService } from '../../conformance/spec/types.ts'
import { TestRunner } from 'vitest'
import { check } from '../../conformance/suite/_kit/check.ts'
import { REFERENCE_ADAPTER, suiteAdapterPath } from '../../conformance/suite/_kit/adapter.ts'

declare module 'vitest' {
  interface TaskMeta {
    /** Property runs and how many reached the interesting case. */
    vacuity?: { runs: number; interesting: number; threshold: number }
    /** Set when the interesting share fell under the threshold. */
    vacuous?: boolean
    /** The law, its seed and, on failure, the replay path and counterexample. */
    property?: { law: string; seed: number; runs: number; path?: string; counterexample?: string }
  }
}

/** Seed used when `DSH_TCK_SEED` is not set. */
export const DEFAULT_SEED = 20260821
/** Runs per law when `DSH_TCK_RUNS` is not set (a law may scale it). */
export const DEFAULT_RUNS = 50
/** Minimum share of runs that must reach the interesting case, unless a law sets its own. */
export const DEFAULT_THRESHOLD = 0.2

/** One generated case's view of a fresh registry. */
export interface LawRun {
  readonly adapter: TckAdapter
  readonly harness: Harness
  readonly tools: ToolRuntimeApi
  /** Creates an agent scope in this case's registry. */
  scope(parent?: ScopeHandle): Promise<ScopeHandle>
  setApproval(service: ApprovalService | undefined): void
  /** Builds the registry's own coded error (`codedErrors`). */
  harnessError(message: string, code: string): Error
  /** Marks this case as having reached the law's interesting case. */
  interesting(): void
}

export interface LawSpec<T> {
  readonly arbitrary: fc.Arbitrary<T>
  /** Checks one case; throws (e.g. a failed `expect`) when the law does not hold. */
  readonly run: (r: LawRun, input: T) => Promise<void>
  /** What counts as the interesting case, for reports and the README. */
  readonly interesting: string
  /** Minimum share of interesting runs; default {@link DEFAULT_THRESHOLD}. */
  readonly threshold?: number
  /** Multiplies the run count (cheap laws run more, costly ones fewer). */
  readonly scale?: number
  readonly needs?: readonly FeatureName[]
}

export function lawSeed(): number {
  const raw = Number(process.env.DSH_TCK_SEED)
  return process.env.DSH_TCK_SEED !== undefined && process.env.DSH_TCK_SEED !== '' && Number.isInteger(raw) ? raw : DEFAULT_SEED
}

export function lawRuns(scale = 1): number {
  const raw = Number(process.env.DSH_TCK_RUNS)
  const base = Number.isInteger(raw) && raw > 0 ? raw : DEFAULT_RUNS
  return Math.max(1, Math.round(base * scale))
}

/** Everything after `<law>:` in `DSH_TCK_PATH`, if it addresses `law`. */
function addressed(law: string): string | undefined {
  const raw = process.env.DSH_TCK_PATH
  if (raw === undefined || !raw.startsWith(`${law}:`)) return undefined
  return raw.slice(law.length + 1)
}

/** The fast-check path addressed to `law` by `DSH_TCK_PATH=<law>:<path>[@<commands replay>]`, if any. */
export function lawPath(law: string): string | undefined {
  return addressed(law)?.split('@')[0]
}

/**
 * The `fc.commands` replay token addressed to `law` (the part after `@`), if
 * any: a law over command sequences passes it as `replayPath` to
 * `fc.commands`, since the fast-check path alone cannot rebuild a shrunk
 * command list.
 */
export function lawCommandsReplay(law: string): string | undefined {
  const rest = addressed(law)
  const at = rest?.indexOf('@') ?? -1
  return rest === undefined || at < 0 ? undefined : rest.slice(at + 1)
}

/**
 * Declares property `law` (its digest number, e.g. `E-12`) for the rules `ids`
 * (primary first).
 */
export function law<T>(name: string, ids: readonly RuleId[], title: string, spec: LawSpec<T>): void {
  check(
    ids,
    `${name} ${title}`,
    async (t) => {
      // check() keeps vitest's context to itself; the running test carries the meta the report reads.
      const meta = TestRunner.getCurrentTest()?.meta ?? {}
      const seed = lawSeed()
      const path = lawPath(name)
      const numRuns = lawRuns(spec.scale)
      const threshold = spec.threshold ?? DEFAULT_THRESHOLD
      let runs = 0
      let hits = 0
      const property = fc.asyncProperty(spec.arbitrary, async (input) => {
        const harness = await t.adapter.create()
        let hit = false
        const view: LawRun = {
          adapter: t.adapter,
          harness,
          tools: harness.tools,
          scope: async (parent) => {
            if (harness.createScope === undefined) throw new Error('the adapter declares scopes but its harness has no createScope()')
            return harness.createScope(parent === undefined ? undefined : { parent })
          },
          setApproval: (service) => {
            if (harness.setApproval === undefined) throw new Error('the adapter declares approval but its harness has no setApproval()')
            harness.setApproval(service)
          },
          harnessError: (message, code) => t.harnessError(message, code),
          interesting: () => {
            hit = true
          },
        }
        try {
          await spec.run(view, input)
        } finally {
          await harness.dispose?.()
        }
        runs += 1
        if (hit) hits += 1
      })
      const details = await fc.check(property, { seed, numRuns, ...(path === undefined ? {} : { path, endOnFailure: true }) })
      meta.property = { law: name, seed, runs: details.numRuns }
      if (details.failed) {
        const counterexample = details.counterexample === null ? '<none>' : details.counterexample.map((v) => fc.stringify(v)).join(', ')
        // A shrunk fc.commands value prints its own replay token; the path must carry it too.
        const commandsReplay = /replayPath="([^"]*)"/.exec(counterexample)?.[1]
        const fullPath = `${name}:${details.counterexamplePath ?? ''}${commandsReplay === undefined ? '' : `@${commandsReplay}`}`
        meta.property = { ...meta.property, path: fullPath, counterexample }
        throw new Error(failureMessage(name, ids, title, details as fc.RunDetails<[unknown]>, seed, fullPath, counterexample))
      }
      if (path !== undefined) return // a replay of one case says nothing about vacuity
      meta.vacuity = { runs, interesting: hits, threshold }
      if (runs === 0 || hits / runs < threshold) {
        meta.vacuous = true
        if (process.env.DSH_TCK_GRADING !== '1') {
          throw new Error(
            `${name} is vacuous: only ${hits} of ${runs} runs reached its interesting case (${spec.interesting}); the threshold is ${Math.round(threshold * 100)}%`,
          )
        }
      }
    },
    spec.needs === undefined ? {} : { needs: spec.needs },
  )
}

function failureMessage(
  name: string,
  ids: readonly RuleId[],
  title: string,
  details: fc.RunDetails<[unknown]>,
  seed: number,
  fullPath: string,
  counterexample: string,
): string {
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)
  const adapter = suiteAdapterPath()
  const adapterFlag = adapter === REFERENCE_ADAPTER ? '' : ` --adapter ${adapter}`
  return [
    `property ${name} (${title}) failed after ${details.numRuns} run(s), shrunk ${details.numShrinks} time(s)`,
    `  seed: ${seed}    path: ${fullPath}`,
    `  counterexample: ${counterexample}`,
    `  violation: ${cause.split('\n').join('\n    ')}`,
    `  replay: DSH_TCK_SEED=${seed} DSH_TCK_PATH=${/^[\w:.-]*$/.test(fullPath) ? fullPath : `'${fullPath}'`} npx dsh-tools-tck grade --rules ${ids[0]}${adapterFlag}`,
  ].join('\n')
}
