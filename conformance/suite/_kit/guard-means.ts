/**
 * A guard used as a means (issue 39): many tests register a guard only to
 * observe a call (a trace entry, a call count) or to deny it, while the rule
 * they check is about something else. Whether a guard is consulted at all is
 * GRD-08's, where it runs in the pipeline GRD-02's, and whether its reason
 * denies the call GRD-07's, so a registry that loses its guards fails those
 * rules, not every test that meets a guard:
 *
 * - {@link expectTraceAsideGuard}: a trace of stages that includes the guard's
 *   entries. The test checks its own order without them; that the guard ran
 *   (GRD-08) and in its place (GRD-02) is charged incidentally, so the test
 *   goes on;
 * - {@link expectGuardCalls}: a count of guard calls; a guard never consulted
 *   is charged to GRD-08 incidentally, any other wrong count is the test's;
 * - {@link expectGuardEndedStages}: the stages of a call a guard ended. That
 *   it skipped tools/execute and reached tools/result is the test's; that
 *   tools/pre-execute ran before the guard is GRD-02's place, charged
 *   incidentally;
 * - {@link guardDeniesControl}: a control call the guard must deny, made
 *   before the test installs what it is about, as a precondition owned by
 *   GRD-07 (seed 000 §执行 (ToolGuard): "Returning a reason denies the call").
 *   GRD-07's own tests fail on every registry where the control fails.
 */
import { expect } from 'vitest'
import type { ToolRuntimeApi } from '../../adapter/contract.ts'
import type { ToolExecutionInput } from '../../spec/types.ts'
import { incidental, precondition } from './incidental.ts'
import { expectGuardDenial } from './result-assertions.ts'
import { expectOrderAsidePost, expectPostRouting } from './routing.ts'
import type { PostRoute } from './routing.ts'
import type { StageLog } from './stages.ts'

/**
 * `trace` is `expected` (each a list of stage entries, the guard's among
 * them): its entries other than the guard's are in `expected`'s order (the
 * test's own assertion, `what`); that the guard's entries are there as often
 * as `expected` has them is GRD-08's, that they stand where `expected` has
 * them (after the whole pre-execute waterfall, before tools/execute) GRD-02's,
 * both charged incidentally.
 */
export function expectTraceAsideGuard<T>(
  trace: readonly T[],
  expected: readonly T[],
  what = 'every stage ran',
  isGuard: (entry: T) => boolean = (entry) => (entry as unknown) === 'guard',
): void {
  const aside = (entries: readonly T[]): T[] => entries.filter((entry) => !isGuard(entry))
  const guards = (entries: readonly T[]): T[] => entries.filter(isGuard)
  incidental('GRD-08', () =>
    expect(guards(trace), `the guard was consulted as often as wanted (GRD-08); the trace was ${String(trace)}`).toEqual(guards(expected)),
  )
  expect(aside(trace), `${what} (the guard's entries aside)`).toEqual(aside(expected))
  if (guards(trace).length === guards(expected).length)
    incidental('GRD-02', () => expect(trace, 'the guard ran after every pre-execute listener and before tools/execute (GRD-02)').toEqual(expected))
}

/**
 * The guard was called `expected` times. When it was never called although
 * `expected` is positive, the guard was not consulted, GRD-08's, charged
 * incidentally; any other count fails the test's own rules.
 */
export function expectGuardCalls(calls: number, expected: number, what = 'guard calls'): void {
  if (expected > 0 && calls === 0) {
    incidental('GRD-08', () => expect(calls, `${what}: the guard was consulted (GRD-08)`).toBe(expected))
    return
  }
  expect(calls, what).toBe(expected)
}

/**
 * Executes `input` as a control call the guards in force must deny with
 * `reason`: a precondition owned by GRD-07, made before the test installs
 * what it is about (a listener, an approval), so that a later call the guard
 * fails to deny says something about the test's own rules. The control call
 * runs the pipeline once: stage and body counts include it.
 */
export async function guardDeniesControl(tools: Pick<ToolRuntimeApi, 'execute'>, input: ToolExecutionInput, reason: string): Promise<void> {
  const result = await tools.execute(input)
  precondition('GRD-07', () => expectGuardDenial(result, reason))
}

/** A precondition owned by GRD-07: `result` is the denial of a guard that returned `reason`. */
export function expectGuardDenied(result: Parameters<typeof expectGuardDenial>[0], reason: string): void {
  precondition('GRD-07', () => expectGuardDenial(result, reason))
}

/**
 * A precondition owned by GRD-08: the guard the test registered was called
 * (`calls` counts its calls) before the test judges what the guard did.
 */
export function expectGuardConsulted(calls: number): void {
  precondition('GRD-08', () => expect(calls, 'the guard was consulted (GRD-08)').toBeGreaterThan(0))
}

/**
 * The stages of a call a guard ended (a denial or a failure): tools/result
 * and no tools/execute, tools/post-execute aside, its routing charged to
 * `route` (./routing.ts expectStagesAside). That tools/pre-execute ran first
 * is where the guard stands in the pipeline, GRD-02's (seed 000 §执行: guards
 * run after the pre-execute waterfall), charged incidentally, so a registry
 * that consults its guards first fails GRD-02, not every test that meets a
 * guard's end.
 */
export function expectGuardEndedStages(stages: StageLog, route: PostRoute): void {
  expectOrderAsidePost(
    stages.order.filter((stage) => stage !== 'pre'),
    ['result'],
    'result',
  )
  expectPostRouting(route, stages.count('post'))
  incidental('GRD-02', () => expectOrderAsidePost(stages.order, ['pre', 'result'], 'result', 'tools/pre-execute ran before the guard (GRD-02)'))
}
