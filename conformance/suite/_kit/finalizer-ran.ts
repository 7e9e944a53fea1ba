/**
 * A finalizer used as a means (issue 39): tests of what finalizeContent is
 * handed, or of what its content does to a failure, need it to have run for
 * the call at all, which is FIN-02's (seed 000 §执行: finalizeContent runs
 * "for every normalized outcome, including pipeline failures that bypass
 * `tools/post-execute`"). A registry that skips it for some outcome fails
 * FIN-02 (its own tests cover every kind of outcome), not every rule whose
 * test meets such an outcome.
 */
import { expect } from 'vitest'
import { incidental, precondition } from './incidental.ts'

/** A precondition owned by FIN-02: the finalizer ran once for the call (`calls` are its calls). */
export function finalizerRanFirst(calls: readonly unknown[], outcome: string): void {
  precondition('FIN-02', () => expect(calls, `finalizeContent ran once for ${outcome} (FIN-02)`).toHaveLength(1))
}

/** FIN-02's, charged incidentally: the finalizer ran once for the call (`calls` are its calls). */
export function expectFinalizerRan(calls: readonly unknown[], outcome: string): void {
  incidental('FIN-02', () => expect(calls, `finalizeContent ran once for ${outcome} (FIN-02)`).toHaveLength(1))
}
