/**
 * `law()`: declares one fast-check property of the pipeline, graded per rule
 * like an example test. It is built on `check()`: the test names its rule IDs,
 * runs through the adapter contract only, and a failure fails every rule it
 * names, except a failure of one of its properties (below). What it adds:
 *
 * - one fresh harness per generated case (created from the adapter, disposed
 *   after the case), so no state leaks between runs;
 * - seed, run count and the replay of one case (`<law>:<fast-check path>`)
 *   from the suite settings (conformance/suite/_kit/settings.ts), which a
 *   grade fills from `--seed` / `--runs` and, in its main process, from
 *   `DSH_TCK_SEED` / `DSH_TCK_RUNS` / `DSH_TCK_PATH`;
 * - a failure message with the seed, the path, the shrunk counterexample and a
 *   one-line replay command;
 * - vacuity: the body calls `interesting()` when a case reached what the law is
 *   about; when too few cases did, the test is marked `vacuous` (and fails
 *   unless the settings say the run is `grading`, so `npm test` cannot pass
 *   a vacuous law);
 * - features: a law uses only the optional capabilities its rules require, its
 *   `needs`, and its `optional` ones the adapter declares (building its cases
 *   from {@link LawRun.has} so it never generates one the adapter cannot run);
 *   reaching for any other fails it as a kit defect, not the registry's;
 * - properties: a law that checks several rules wraps the assertions of each
 *   in `r.holds(ids, block)`. A counterexample to one property fails only
 *   that property's rules: fast-check shrinks it against that property alone,
 *   and the law then goes on checking the other properties over the cases
 *   that property's failure cut short, so no other failure is hidden and no
 *   case passes twice (see {@link law}).
 */
import fc from 'fast-check'
import type { FeatureName, Harness, HarnessOptions, TckAdapter } from '../../conformance/adapter/contract.ts'
import { getRule } from '../../conformance/catalogue/index.ts'
import type { RuleId } from '../../conformance/catalogue/index.ts'
import { TestRunner } from 'vitest'
import { check } from '../../conformance/suite/_kit/check.ts'
import { featureGate, neededFeatures } from '../../conformance/suite/_kit/features.ts'
import { KitDefectError } from '../../conformance/suite/_kit/kit-defect.ts'
import { AdapterTimeoutError, progressed } from '../../conformance/suite/_kit/budget.ts'
import { harnessView } from '../../conformance/suite/_kit/harness-view.ts'
import type { HarnessView } from '../../conformance/suite/_kit/harness-view.ts'
import { REFERENCE_ADAPTER, suiteSettings } from '../../conformance/suite/_kit/settings.ts'
import { tagFailure } from '../../conformance/catalogue/failure-rules.ts'
import { describeThrown } from '../../conformance/suite/_kit/describe-thrown.ts'

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

/** Minimum share of runs that must reach the interesting case, unless a law sets its own. */
export const DEFAULT_THRESHOLD = 0.2

/**
 * One generated case's view of a fresh registry: the same gated view as
 * `check()`'s context (conformance/suite/_kit/harness-view.ts), so optional
 * capabilities are reached only through it, and only those the law may use
 * (see {@link LawRun.has}); reaching for another one fails the law as a kit
 * defect, never as the registry's fault.
 */
export interface LawRun extends Omit<HarnessView, 'adapter' | 'harness'> {
  /** The adapter's identity; its features are read through {@link has}. */
  readonly adapter: Pick<TckAdapter, 'name' | 'version'>
  /** Global listeners of this case's registry. */
  readonly harness: Pick<Harness, 'on'>
  /** A second fresh registry for this case, under the same feature rules, disposed with the case. */
  another(): Promise<LawRun>
  /** Marks this case as having reached the law's interesting case. */
  interesting(): void
  /**
   * Runs `block`, assertions only, as a check of one property of the law, owned
   * by `ids` (rules the law names): when it fails, the law fails those rules
   * only, and goes on checking its other properties (see {@link law}). The
   * same `ids` in several places of a law are one property. An assertion
   * outside every block concerns every rule of the law.
   */
  holds(ids: RuleId | readonly RuleId[], block: () => void): void
}

export interface LawSpec<T> {
  /**
   * The cases. A law with `optional` features builds them from {@link LawRun.has}
   * (the same answers the run gets), so that it generates only cases the
   * adapter supports.
   */
  readonly arbitrary: fc.Arbitrary<T> | ((has: (feature: FeatureName) => boolean) => fc.Arbitrary<T>)
  /** Checks one case; throws (e.g. a failed `expect`) when the law does not hold. */
  readonly run: (r: LawRun, input: T) => Promise<void>
  /** What counts as the interesting case, for reports and the README. */
  readonly interesting: string
  /** Minimum share of interesting runs; default {@link DEFAULT_THRESHOLD}. */
  readonly threshold?: number
  /** Multiplies the run count (cheap laws run more, costly ones fewer). */
  readonly scale?: number
  /** Features needed beyond those the law's rules require: without them the law is not applicable. */
  readonly needs?: readonly FeatureName[]
  /** Features the law uses when the adapter declares them and does without otherwise. */
  readonly optional?: readonly FeatureName[]
  /**
   * The deployment configuration each case's harnesses are created with
   * (passed to `adapter.create()`); only for laws that may use `codeMode`.
   * Without it, harnesses are created with no options.
   */
  readonly deployment?: (input: T) => HarnessOptions
}

export function lawSeed(): number {
  return suiteSettings().seed
}

export function lawRuns(scale = 1): number {
  return Math.max(1, Math.round(suiteSettings().runs * scale))
}

/** Everything after `<law>:` in the settings' `replay`, if it addresses `law`. */
function addressed(law: string): string | undefined {
  const raw = suiteSettings().replay
  if (raw === undefined || !raw.startsWith(`${law}:`)) return undefined
  return raw.slice(law.length + 1)
}

/**
 * The replay addressed to `law` (`DSH_TCK_PATH`): `<law>:[<property>:]<path>[@<commands replay>]`, the
 * property being the rule IDs of one of its `holds()` blocks joined by `+` (a failing property's replay line
 * names it, so that the case is checked against that property alone).
 */
function addressedCase(law: string): { readonly property: string | undefined; readonly path: string } | undefined {
  const head = addressed(law)?.split('@')[0]
  if (head === undefined) return undefined
  const colon = head.indexOf(':')
  const first = colon < 0 ? head : head.slice(0, colon)
  return /^[A-Z]/.test(first) ? { property: first, path: colon < 0 ? '' : head.slice(colon + 1) } : { property: undefined, path: head }
}

/** The fast-check path addressed to `law` by the replay `<law>:[<property>:]<path>[@<commands replay>]` (`DSH_TCK_PATH`), if any. */
export function lawPath(law: string): string | undefined {
  return addressedCase(law)?.path
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

/** The key of a property: its rule IDs joined by `+`, as the replay path names it. */
const keyOf = (ids: readonly string[]): string => ids.join('+')

/** Which property a failure thrown inside a `holds()` block belongs to. */
const propertyOf = new WeakMap<object, string>()

/** Stands for "every rule of the law": a failure outside every `holds()` block. */
const WHOLE_LAW = '*'

/** One failed fast-check run of a law: the property it refutes (or {@link WHOLE_LAW}) and its replay data. */
interface Refutation {
  readonly key: string
  readonly ids: readonly RuleId[]
  readonly details: fc.RunDetails<[unknown]>
  readonly path: string
  readonly counterexample: string
}

/**
 * Declares property `law` (its law number, e.g. `E-12`) for the rules `ids`
 * (primary first).
 *
 * A law whose assertions sit in `r.holds(ids, block)` blocks checks one
 * property per block owner. The first case that refutes property P stops
 * there and fast-check shrinks it against P alone (any other failure of a
 * smaller case counts as a pass); the law then runs again from that case on,
 * skipping P, until a run passes: each property gets its own shrunk
 * counterexample, every case is checked against every property that still
 * holds, and a passing law runs its cases once, as before. The law's failure
 * is marked with the failed properties' rules only (conformance/catalogue/
 * failure-rules.ts), so grading fails those and passes the others. A failure
 * outside every block, a hang or a kit defect still fails every rule.
 */
export function law<T>(name: string, ids: readonly RuleId[], title: string, spec: LawSpec<T>): void {
  check(
    ids,
    `${name} ${title}`,
    async (t) => {
      // check() keeps vitest's context to itself; the running test carries the meta the report reads.
      const meta = TestRunner.getCurrentTest()?.meta ?? {}
      const seed = lawSeed()
      const replay = addressedCase(name)
      const path = replay?.path
      const numRuns = lawRuns(spec.scale)
      const threshold = spec.threshold ?? DEFAULT_THRESHOLD
      let runs = 0
      let hits = 0
      const gate = featureGate(
        neededFeatures(
          ids.map((id) => getRule(id)),
          spec.needs,
        ),
        spec.optional ?? [],
        t.adapter.features,
      )
      const arbitrary = typeof spec.arbitrary === 'function' ? spec.arbitrary(gate.has) : spec.arbitrary
      if (spec.deployment !== undefined && !gate.has('codeMode')) {
        throw new KitDefectError(`kit defect: law ${name} configures the deployment but may not use codeMode (the registry is not at fault)`)
      }
      let hang: AdapterTimeoutError | undefined
      // The properties already refuted, and the one the current run shrinks a counterexample of (undefined before its first failure).
      const refuted = new Set<string>()
      let focus: string | undefined = replay?.property
      // Cases (by index) every property still unrefuted has passed: a later run starts after them.
      let skip = 0
      let index = 0
      let failedAt = 0
      const holds = (owners: RuleId | readonly RuleId[], block: () => void): void => {
        const list: readonly RuleId[] = typeof owners === 'string' ? [owners] : owners
        const foreign = list.filter((id) => !ids.includes(id))
        if (list.length === 0 || foreign.length > 0) {
          throw new KitDefectError(`kit defect: law ${name} checks a property of [${list.join(', ')}], not all among its rules (the registry is not at fault)`)
        }
        const key = keyOf(list)
        if (refuted.has(key) || (focus !== undefined && focus !== WHOLE_LAW && focus !== key)) return
        let returned: unknown
        try {
          returned = block()
        } catch (error) {
          if (error instanceof AdapterTimeoutError || error instanceof KitDefectError) throw error
          const carrier = typeof error === 'object' && error !== null ? error : new Error(String(error))
          propertyOf.set(carrier, key)
          throw carrier
        }
        // An asynchronous block would escape the property it names.
        if (typeof (returned as { then?: unknown } | undefined)?.then === 'function') {
          throw new KitDefectError(
            `kit defect: a property block of law ${name} returned a promise; it may only assert synchronously (the registry is not at fault)`,
          )
        }
      }
      const property = fc.asyncProperty(arbitrary, async (input) => {
        // After a hang, fast-check's shrinking would wait a budget per smaller case: let them pass, keeping the case that hung.
        if (hang !== undefined) return
        const at = index
        if (focus === undefined) index += 1
        // Checked against every unrefuted property by an earlier run of this law.
        if (focus === undefined && at < skip) return
        // The test's budget is per case: a new case is progress (budget.ts).
        progressed()
        const opened: Harness[] = []
        let hit = false
        const open = async (): Promise<LawRun> => {
          const harness = await (spec.deployment === undefined ? t.adapter.create() : t.adapter.create(spec.deployment(input)))
          opened.push(harness)
          const interesting = (): void => {
            hit = true
          }
          // Each case's capability is gated as check() gates its own; a hang is left to the budget of the whole law.
          return Object.assign(harnessView(t.adapter, harness, gate), { another: open, interesting, holds })
        }
        try {
          await spec.run(await open(), input)
        } catch (error) {
          if (error instanceof AdapterTimeoutError) hang = error
          const key = (typeof error === 'object' && error !== null ? propertyOf.get(error) : undefined) ?? WHOLE_LAW
          if (hang === undefined && focus !== undefined && focus !== WHOLE_LAW && key !== focus) return // not a counterexample of the property being shrunk
          if (focus === undefined) {
            focus = hang === undefined ? key : WHOLE_LAW
            failedAt = at
          }
          throw error
        } finally {
          for (const harness of opened) await harness.dispose?.()
        }
        if (focus !== undefined) return // a shrinking step, not one of the law's runs
        runs += 1
        if (hit) hits += 1
      })
      const refutations: Refutation[] = []
      // Each run either passes or refutes one more property (or the whole law), so this ends.
      for (;;) {
        const details = await fc.check(property, { seed, numRuns, ...(path === undefined ? {} : { path, endOnFailure: true }) })
        meta.property = { law: name, seed, runs: details.numRuns }
        if (!details.failed) break
        // A hang, even one met while shrinking a property, concerns the whole law.
        const key = details.errorInstance instanceof AdapterTimeoutError ? WHOLE_LAW : (focus ?? WHOLE_LAW)
        const owners = key === WHOLE_LAW ? ids : (key.split('+') as RuleId[])
        const counterexample = details.counterexample === null ? '<none>' : details.counterexample.map((v) => fc.stringify(v)).join(', ')
        // A shrunk fc.commands value prints its own replay token; the path must carry it too.
        const commandsReplay = /replayPath="([^"]*)"/.exec(counterexample)?.[1]
        const fullPath = `${name}:${key === WHOLE_LAW ? '' : `${key}:`}${details.counterexamplePath ?? ''}${commandsReplay === undefined ? '' : `@${commandsReplay}`}`
        refutations.push({ key, ids: owners, details: details as fc.RunDetails<[unknown]>, path: fullPath, counterexample })
        if (key === WHOLE_LAW || path !== undefined) break
        refuted.add(key)
        skip = failedAt
        index = 0
        focus = undefined
      }
      const first = refutations[0]
      if (first !== undefined) {
        meta.property = { ...(meta.property ?? { law: name, seed, runs: 0 }), path: first.path, counterexample: first.counterexample }
        // A hang stays a hang (failure kind `timeout`), never an assertion of the law's rules.
        const Failure = refutations.some((x) => x.details.errorInstance instanceof AdapterTimeoutError) ? AdapterTimeoutError : Error
        const message = refutations.map((x) => failureMessage(name, x.ids, x.key !== WHOLE_LAW, title, x.details, seed, x.path, x.counterexample)).join('\n')
        const error = withFramesOf(new Failure(message), first.details.errorInstance)
        if (refutations.some((x) => x.key === WHOLE_LAW)) throw error
        // Only the refuted properties' rules fail: the law's other rules held on every case.
        throw tagFailure(error, [...new Set(refutations.flatMap((x) => x.ids))], describeThrown)
      }
      if (path !== undefined) return // a replay of one case says nothing about vacuity
      meta.vacuity = { runs, interesting: hits, threshold }
      if (runs === 0 || hits / runs < threshold) {
        meta.vacuous = true
        if (!suiteSettings().grading) {
          throw new Error(
            `${name} is vacuous: only ${hits} of ${runs} runs reached its interesting case (${spec.interesting}); the threshold is ${Math.round(threshold * 100)}%`,
          )
        }
      }
    },
    { assertsOwnWay: true, ...(spec.needs === undefined ? {} : { needs: spec.needs }), ...(spec.optional === undefined ? {} : { optional: spec.optional }) },
  )
}

/**
 * `error` with the stack frames of `cause` (the law's own failed assertion)
 * instead of its own, which would point at this wrapper: the report's `at`
 * and `--verbose` then name the assertion in the law's file.
 */
function withFramesOf(error: Error, cause: unknown): Error {
  const stack = cause instanceof Error ? cause.stack : undefined
  const frames = stack?.split('\n').filter((line) => /^\s+at /.test(line))
  if (frames !== undefined && frames.length > 0) error.stack = [`${error.name}: ${error.message}`, ...frames].join('\n')
  return error
}

function failureMessage(
  name: string,
  ids: readonly RuleId[],
  ofProperty: boolean,
  title: string,
  details: fc.RunDetails<[unknown]>,
  seed: number,
  fullPath: string,
  counterexample: string,
): string {
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)
  // The embedding drives an adapter object, whose module the line cannot know: it says where to name it,
  // since a replay without --adapter grades the reference.
  const { adapter } = suiteSettings()
  const adapterFlag = typeof adapter !== 'string' ? ' --adapter <your adapter module>' : adapter === REFERENCE_ADAPTER ? '' : ` --adapter ${adapter}`
  const property = ofProperty ? `, its property of ${ids.join(', ')},` : ''
  return [
    `property ${name} (${title})${property} failed after ${details.numRuns} run(s), shrunk ${details.numShrinks} time(s)`,
    `  seed: ${seed}    path: ${fullPath}`,
    `  counterexample: ${counterexample}`,
    `  violation: ${cause.split('\n').join('\n    ')}`,
    `  replay: DSH_TCK_SEED=${seed} DSH_TCK_PATH=${/^[\w:.-]*$/.test(fullPath) ? fullPath : `'${fullPath}'`} npx dsh-tools-tck grade --rules ${ids[0]}${adapterFlag}`,
  ].join('\n')
}
