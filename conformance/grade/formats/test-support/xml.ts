/**
 * Test support for the XML outputs: a real XML parser's verdict and tree.
 * Not a test file itself.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { expect } from 'vitest'

/** An element as fast-xml-parser gives it: attributes under `@_name`, text under `#text`. */
export type XmlNode = Record<string, unknown>

const ARRAYS = new Set(['testsuite', 'testcase', 'property', 'text', 'rect', 'stop'])

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  // Also decodes numeric character references (`&#10;`).
  htmlEntities: true,
  isArray: (name) => ARRAYS.has(name),
})

/** Asserts `xml` is well-formed XML (fast-xml-parser's validator) and returns its parsed tree. */
export function parseXml(xml: string): XmlNode {
  const valid = XMLValidator.validate(xml)
  expect(valid, JSON.stringify(valid)).toBe(true)
  return parser.parse(xml) as XmlNode
}

/** `node[key]` as an array of elements (empty when absent). */
export function children(node: XmlNode | undefined, key: string): XmlNode[] {
  const value = node?.[key]
  if (value === undefined) return []
  return (Array.isArray(value) ? value : [value]) as XmlNode[]
}
