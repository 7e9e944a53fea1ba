/**
 * Observing the schema functions of an adapter: what an assertion threw,
 * recognised by `code` and `violations` (never by class), and which
 * violations name which paths.
 */
import { expect } from 'vitest'
import { describeThrown } from './describe-thrown.ts'

/** What an assertion threw, read defensively; `undefined` when it returned. */
export interface Rejection {
  readonly thrown: unknown
  readonly code: unknown
  readonly violations: unknown
  readonly message: unknown
}

export function rejection(run: () => void): Rejection | undefined {
  try {
    run()
  } catch (thrown) {
    const read = (key: string): unknown => {
      try {
        return typeof thrown === 'object' && thrown !== null ? (thrown as Record<string, unknown>)[key] : undefined
      } catch {
        return undefined
      }
    }
    return { thrown, code: read('code'), violations: read('violations'), message: read('message') }
  }
  return undefined
}

/** The violations of an `UNSUPPORTED_SCHEMA` error, or a description of what was thrown instead. */
export function schemaViolations(run: () => void): { ok: true; violations: string[] } | { ok: false; problem: string } {
  const r = rejection(run)
  if (r === undefined) return { ok: false, problem: 'the assertion returned; an UNSUPPORTED_SCHEMA error was expected' }
  if (r.code !== 'UNSUPPORTED_SCHEMA') return { ok: false, problem: `threw ${describeThrown(r.thrown)} with code ${String(r.code)}, not UNSUPPORTED_SCHEMA` }
  const list = r.violations
  if (!Array.isArray(list) || list.some((v) => typeof v !== 'string')) return { ok: false, problem: 'the error has no `violations` list of strings' }
  return { ok: true, violations: [...(list as string[])] }
}

/** Asserts `run` throws `UNSUPPORTED_SCHEMA` and returns the violations. */
export function expectSchemaViolations(run: () => void): string[] {
  const result = schemaViolations(run)
  if (!result.ok) throw new Error(result.problem)
  return result.violations
}

/** Asserts `run` returns without throwing (the schema is inside the subset). */
export function expectAccepted(run: () => void): void {
  const r = rejection(run)
  expect(r === undefined ? undefined : `the schema was rejected: ${describeThrown(r.thrown)}`, 'the schema is accepted').toBeUndefined()
}


/**
 * Pairs expected items with actual violations, each actual used once.
 * Returns what stayed unmatched on both sides.
 */
export function pairUp<E>(expected: readonly E[], actual: readonly string[], matches: (e: E, violation: string) => boolean): { missing: E[]; extra: string[] } {
  const left = [...actual]
  const missing: E[] = []
  for (const e of expected) {
    const i = left.findIndex((v) => matches(e, v))
    if (i < 0) missing.push(e)
    else left.splice(i, 1)
  }
  return { missing, extra: left }
}

/** A schema violation located at `path`: the message is `<path> <text>`. */
export function atSchemaPath(path: string, violation: string): boolean {
  return violation.startsWith(`${path} `)
}

const PATH_CHAR = /[\w$.[\]]/

/** A value violation that names `path` as a whole (so `value.a` does not name `value` or `value.ab`). */
export function namesPath(violation: string, path: string): boolean {
  for (let at = violation.indexOf(path); at >= 0; at = violation.indexOf(path, at + 1)) {
    const before = at === 0 ? '' : violation[at - 1]!
    const after = violation[at + path.length] ?? ''
    const cleanBefore = before === '' || !PATH_CHAR.test(before) || before === '"'
    const cleanAfter = after === '' || !PATH_CHAR.test(after)
    if (cleanBefore && cleanAfter) return true
  }
  return false
}
