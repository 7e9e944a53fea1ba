/**
 * Every assertion in a property law carries a label (`expect(x, 'label')`),
 * as example tests do: a failing law's report then says which check broke
 * ("violation: the body runs once: expected +0 to be 1"), not just the values.
 * A static scan of properties/*.test.ts with the TypeScript parser.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { expect, test } from 'vitest'

const DIR = fileURLToPath(new URL('../../properties/', import.meta.url))

/** `file:line: text` of every `expect(...)` call with fewer than two arguments in `source`. */
function unlabelled(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'expect' && node.arguments.length < 2) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source))
      found.push(`${file}:${line + 1}: ${node.getText(source).slice(0, 80)}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

test('the scan finds an unlabelled expect', () => {
  expect(unlabelled('x.test.ts', "expect(a).toBe(1)\nexpect(b, 'labelled').toBe(2)\nif (c) expect(d).toEqual(e)\n")).toEqual([
    'x.test.ts:1: expect(a)',
    'x.test.ts:3: expect(d)',
  ])
})

test('every expect in a property law file has a label', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.test.ts'))
  expect(files.length, 'property law files found').toBeGreaterThan(0)
  const missing = files.flatMap((f) => unlabelled(`properties/${f}`, readFileSync(`${DIR}${f}`, 'utf8')))
  expect(missing, 'unlabelled assertions in property laws').toEqual([])
})
