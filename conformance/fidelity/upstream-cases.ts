/**
 * Lists the test cases of upstream's own spec files, the population the
 * upstream map (`upstream-map/*.json`, docs/UPSTREAM-MAP.md) must cover
 * exactly.
 *
 * A case is one `it(...)` / `test(...)` call, with any of vitest's modifiers
 * (`.skip`, `.only`, `.todo`, `.concurrent`, `.fails`, ...) and `.each(table)`
 * counted once, as written: a table case is one case whose title is the
 * literal with its `%s` placeholders, not one case per row. Its identity is
 * the chain of enclosing `describe` titles (outermost first, `describe.each`
 * titles as written too) and its own title; its line is the line on which the
 * call starts (the `it` token, also for `it.each([...])(...)`).
 *
 * Titles are read with the TypeScript parser, so quotes, escapes and
 * backticks come out as the string the test runner sees. A template title
 * with substitutions is kept as its source text between the backticks.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

/** Upstream's spec files the map covers (in packages/core/tools/tests/). */
export const MAPPED_SPECS = [
  'tools.spec.ts',
  'scoped.spec.ts',
  'properties.spec.ts',
  'schema.spec.ts',
  'json-schema.spec.ts',
  'execution-mode.spec.ts',
  'execution-signal-types.spec.ts',
  'code-mode.spec.ts',
] as const

export interface UpstreamCase {
  /** The spec file name, e.g. `scoped.spec.ts`. */
  readonly spec: string
  /** Enclosing describe titles, outermost first. */
  readonly describe: readonly string[]
  /** The case's title as written. */
  readonly it: string
  /** 1-based line of the call. */
  readonly line: number
}

const CASE_HEADS = new Set(['it', 'test'])
const SUITE_HEADS = new Set(['describe', 'suite'])

/** The root identifier of `it`, `it.skip`, `it.each(...)`, `it.concurrent.each(...)` and so on, if the callee has that shape. */
function head(callee: ts.Expression): string | undefined {
  let node: ts.Expression = callee
  for (;;) {
    if (ts.isIdentifier(node)) return node.text
    if (ts.isPropertyAccessExpression(node)) node = node.expression
    else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'each') node = node.expression
    else return undefined
  }
}

function titleOf(node: ts.Expression | undefined, file: ts.SourceFile): string | undefined {
  if (node === undefined) return undefined
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  if (ts.isTemplateExpression(node)) return node.getText(file).slice(1, -1)
  return undefined
}

/** The cases of one spec source; `spec` names it in the result and in errors. */
export function extractCases(spec: string, source: string): UpstreamCase[] {
  const file = ts.createSourceFile(spec, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const cases: UpstreamCase[] = []
  const chain: string[] = []
  const lineOf = (node: ts.Node): number => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const name = head(node.expression)
      if (name !== undefined && (CASE_HEADS.has(name) || SUITE_HEADS.has(name))) {
        const title = titleOf(node.arguments[0], file)
        if (title === undefined) {
          throw new Error(`${spec}:${lineOf(node)}: a ${name}() title that is not a string literal cannot be mapped`)
        }
        if (CASE_HEADS.has(name)) {
          cases.push({ spec, describe: [...chain], it: title, line: lineOf(node) })
          return
        }
        chain.push(title)
        for (const argument of node.arguments.slice(1)) visit(argument)
        chain.pop()
        return
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return cases
}

/** The cases of every mapped spec under `testsDir` (upstream's packages/core/tools/tests). */
export function extractUpstreamCases(testsDir: string): UpstreamCase[] {
  return MAPPED_SPECS.flatMap((spec) => extractCases(spec, readFileSync(join(testsDir, spec), 'utf8')))
}
