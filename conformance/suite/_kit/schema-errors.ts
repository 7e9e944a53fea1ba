/**
 * Observing the schema functions of an adapter: what an assertion threw,
 * recognised by `code` and `violations` (never by class), and which
 * violations name which paths.
 */
import { $Array, $JSON } from './intrinsics.ts'
import { expect } from 'vitest'
import { describeThrown } from './describe-thrown.ts'
import { incidental } from './incidental.ts'

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

/**
 * JSS-13, charged incidentally: a schema rejection's code is upstream's
 * `UNSUPPORTED_SCHEMA`. The seeds name the error (`JsonSchemaError`) but no
 * code (open point OP-01), so a must test recognises a rejection by its
 * structure (a `violations` list of strings), never by its code.
 */
export function expectSchemaCode(code: unknown): void {
  incidental('JSS-13', () => expect(code, 'a schema rejection carries code UNSUPPORTED_SCHEMA (JSS-13)').toBe('UNSUPPORTED_SCHEMA'))
}

/** The violations of a schema rejection (its code is JSS-13's, {@link expectSchemaCode}), or a description of what was thrown instead. */
export function schemaViolations(run: () => void): { ok: true; violations: string[] } | { ok: false; problem: string } {
  const r = rejection(run)
  if (r === undefined) return { ok: false, problem: 'the assertion returned; a schema rejection was expected' }
  const list = r.violations
  if (!$Array.isArray(list) || list.some((v) => typeof v !== 'string'))
    return { ok: false, problem: `threw ${describeThrown(r.thrown)}, which has no \`violations\` list of strings` }
  expectSchemaCode(r.code)
  return { ok: true, violations: [...(list as string[])] }
}

/** Asserts `run` throws a schema rejection and returns the violations. */
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

// ---------------------------------------------------------------------------
// Paths. The seeds say only that a JsonSchemaError reports "每条不受支持或格式错误的
// schema 路径" (every unsupported or malformed schema path): neither the name of the
// root nor the syntax. So a must test compares the segments after the root token,
// whatever that token is (`schema`, `$`, `value`, `parameters`, `arguments`, …),
// with keys written `.key`, `["key"]` or `['key']` and indices `[i]`, or as a JSON
// Pointer after `#` (`#/properties/a`; open point OP-20). Upstream's
// exact form (`<path> <text>` rooted at `schema`/`parameters`) is JSS-18's, checked by
// `expectUpstreamPathForm`.

/** A path as the segments after its root token: `schema.properties.a` and `$["properties"].a` are both `['properties', 'a']`. */
export type PathSegments = readonly string[]

const ROOT_TOKENS = ['$', 'schema', 'value', 'parameters', 'arguments', 'result', 'output', 'input', 'root'] as const

/** Reads segments from `text` at `at`: returns them and where they end. */
function readSegments(text: string, at: number): { segments: string[]; end: number } {
  const segments: string[] = []
  let i = at
  for (;;) {
    if (text[i] === '.') {
      const m = /^[^.[\]\s:"',;()]+/.exec(text.slice(i + 1))
      if (m === null) break
      segments.push(m[0])
      i += 1 + m[0].length
    } else if (text[i] === '[') {
      const index = /^\[(\d+)\]/.exec(text.slice(i))
      const quoted = /^\[("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\]/.exec(text.slice(i))
      if (index !== null) {
        segments.push(index[1]!)
        i += index[0].length
      } else if (quoted !== null) {
        const body = quoted[1]!
        let key: string
        try {
          key = body.startsWith('"') ? ($JSON.parse(body) as string) : body.slice(1, -1).replace(/\\(.)/g, '$1')
        } catch {
          key = body.slice(1, -1)
        }
        segments.push(key)
        i += quoted[0].length
      } else break
    } else break
  }
  return { segments, end: i }
}

/** The segments of a path the kit writes (`schema.properties.a`, `value[1]`, `list[1].id`): its first token is the root unless it is a bare key of an empty label. */
export function pathSegments(path: string): PathSegments {
  const m = /^([A-Za-z_$][\w$]*)?/.exec(path)!
  const rootToken = m[0]
  const { segments } = readSegments(path, rootToken.length)
  return (ROOT_TOKENS as readonly string[]).includes(rootToken) || rootToken === '' ? segments : [rootToken, ...segments]
}

/** The root token a path or violation starts with, if any. */
function rootAt(text: string, at: number): string | undefined {
  for (const root of ROOT_TOKENS) {
    if (!text.startsWith(root, at)) continue
    const after = text[at + root.length]
    if (after === undefined || after === '.' || after === '[' || after === ' ' || after === ':' || after === '"' || after === "'") return root
  }
  return undefined
}

/**
 * A leading JSON Pointer (OP-20: the path syntax is open): `#` then `/segment`s
 * (`~1` is `/`, `~0` is `~`), up to the end, a space or a `:`.
 */
function leadingPointer(violation: string): PathSegments | undefined {
  const m = /^#((?:\/[^/\s:]*)*)(?=$|[\s:])/.exec(violation)
  if (m === null) return undefined
  return m[1] === ''
    ? []
    : m[1]!
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
}

/** The path a violation starts with: a root token, segments, then the end, a space or a `:`; or a JSON Pointer (OP-20). */
export function leadingPath(violation: string): PathSegments | undefined {
  if (violation.startsWith('#')) return leadingPointer(violation)
  const root = rootAt(violation, 0)
  if (root === undefined) return undefined
  const { segments, end } = readSegments(violation, root.length)
  const next = violation[end]
  return next === undefined || next === ' ' || next === ':' ? segments : undefined
}

/** Every path a violation names anywhere in its text (upstream quotes value paths mid-sentence). */
export function pathsNamed(violation: string): PathSegments[] {
  const out: PathSegments[] = []
  for (let at = 0; at < violation.length; at++) {
    const before = at === 0 ? '' : violation[at - 1]!
    if (/[\w$.\]]/.test(before)) continue
    const root = rootAt(violation, at)
    if (root === undefined) continue
    const { segments, end } = readSegments(violation, at + root.length)
    if (/[\w$]/.test(violation[end] ?? '')) continue
    out.push(segments)
    at = end - 1
  }
  return out
}

const isPrefix = (prefix: PathSegments, of: PathSegments): boolean => prefix.length <= of.length && prefix.every((s, i) => s === of[i])
const same = (a: PathSegments, b: PathSegments): boolean => a.length === b.length && isPrefix(a, b)

/** A schema violation located exactly at `path` (compared after the root token; separator space or `:`). */
export function atSchemaPath(path: string, violation: string): boolean {
  const at = leadingPath(violation)
  return at !== undefined && same(at, pathSegments(path))
}

/** A schema violation located at `path` or below it. */
export function atOrBelowSchemaPath(path: string, violation: string): boolean {
  const at = leadingPath(violation)
  return at !== undefined && isPrefix(pathSegments(path), at)
}

/** A value violation that names `path` as a whole, anywhere in its text, whatever its root token. */
export function namesPath(violation: string, path: string): boolean {
  const want = pathSegments(path)
  return pathsNamed(violation).some((p) => same(p, want))
}

/** A value violation that names `path` or a path below it. */
export function namesPathOrBelow(violation: string, path: string): boolean {
  const want = pathSegments(path)
  return pathsNamed(violation).some((p) => isPrefix(want, p))
}

/** Upstream's form: the violation is `<path> <text>` with `path` written exactly as given (root token included). */
export function atExactSchemaPath(path: string, violation: string): boolean {
  return violation.startsWith(`${path} `)
}

const PATH_CHAR = /[\w$.[\]]/

/** Upstream's form of a value violation: it names `path` exactly as written, root token included (JSV-02). */
export function namesExactPath(violation: string, path: string): boolean {
  for (let at = violation.indexOf(path); at >= 0; at = violation.indexOf(path, at + 1)) {
    const before = at === 0 ? '' : violation[at - 1]!
    const after = violation[at + path.length] ?? ''
    const cleanBefore = before === '' || !PATH_CHAR.test(before) || before === '"'
    const cleanAfter = after === '' || !PATH_CHAR.test(after)
    if (cleanBefore && cleanAfter) return true
  }
  return false
}

/** An expected location: a path (matched at it or below it) or a predicate over a violation. */
export type PathExpectation = string | ((violation: string) => boolean)

/**
 * A bad `type` may be reported at its node or at the keyword (OP-20; JSS-03 says only that the path is reported):
 * an expectation ending in `.type` is met at that path, below it, or exactly at its node. Upstream's placement at
 * `<path>.type` is JSS-19's.
 */
function coversPath(e: string, v: string): boolean {
  if (atOrBelowSchemaPath(e, v)) return true
  const segments = pathSegments(e)
  if (segments[segments.length - 1] !== 'type') return false
  const at = leadingPath(v)
  return at !== undefined && same(at, segments.slice(0, -1))
}

const covers = (e: PathExpectation, v: string): boolean => (typeof e === 'string' ? coversPath(e, v) : e(v))

/**
 * The must reading of "reports every bad path": each expected defect has a
 * violation at its path or below it, and no violation lies outside the
 * defective paths (`optional` lists locations a registry may, but need not,
 * report: e.g. a root type that is also wrong). How many violations each
 * path gets, and whether at the path or a child, is JSS-19's
 * ({@link expectExactPlacement}).
 */
export function expectPathsCovered(violations: readonly string[], paths: readonly PathExpectation[], optional: readonly PathExpectation[] = []): void {
  const missing = paths.filter((e) => !violations.some((v) => covers(e, v))).map(String)
  const extra = violations.filter((v) => ![...paths, ...optional].some((e) => covers(e, v)))
  expect({ missing, extra }, `violations: ${$JSON.stringify(violations)}`).toEqual({ missing: [], extra: [] })
}

/** JSS-18, charged incidentally: every violation is upstream's `<path> <text>`, rooted at `root` (`schema`, or `parameters` for a parameter map). */
export function expectUpstreamPathForm(violations: readonly string[], root: 'schema' | 'parameters' = 'schema'): void {
  incidental('JSS-18', () => {
    for (const v of violations)
      expect(v, `a violation reads "<path> <text>" with the path rooted at ${root} (JSS-18)`).toMatch(new RegExp(`^${root}(?:[.[][^ ]*)? \\S`))
  })
}

/** JSS-19, charged incidentally: exactly one violation per expected path, at that very path (upstream's placement). */
export function expectExactPlacement(violations: readonly string[], paths: readonly string[]): void {
  incidental('JSS-19', () => {
    const { missing, extra } = pairUp(paths, violations, atSchemaPath)
    expect({ missing, extra }, `one violation at each defective path, none elsewhere (JSS-19); violations: ${$JSON.stringify(violations)}`).toEqual({
      missing: [],
      extra: [],
    })
  })
}
