/**
 * CM-08: the text of a `run_code` result: the captured logs, then the
 * completion value (a string as is, anything else as JSON indented by two
 * spaces, with indentation capped at ten characters: deeper subtrees are
 * written compactly). Built without recursion, so any depth renders.
 */
import type { ContentBlock, JsonValue } from '../../conformance/spec/types.ts'

const STEP = '  '
const MAX_INDENT = 10
const NO_OUTPUT = '(run_code completed with no output)'

type Piece = { readonly text: string } | { readonly value: JsonValue; readonly depth: number; readonly compact: boolean }

function renderJson(root: JsonValue): string {
  const out: string[] = []
  const stack: Piece[] = [{ value: root, depth: 0, compact: false }]
  while (stack.length > 0) {
    const piece = stack.pop()!
    if ('text' in piece) {
      out.push(piece.text)
      continue
    }
    const { value, depth } = piece
    if (value === null || typeof value !== 'object') {
      out.push(JSON.stringify(value))
      continue
    }
    const entries: [string | undefined, JsonValue][] = Array.isArray(value)
      ? value.map((item) => [undefined, item])
      : Object.keys(value).map((key) => [key, value[key]!])
    const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}']
    if (entries.length === 0) {
      out.push(open + close)
      continue
    }
    const compact = piece.compact || (depth + 1) * STEP.length > MAX_INDENT
    const inner = STEP.repeat(depth + 1)
    // Pushed in reverse: the stack pops them in order.
    stack.push({ text: compact ? close : `\n${STEP.repeat(depth)}${close}` })
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, item] = entries[index]!
      stack.push({ value: item, depth: depth + 1, compact })
      const separator = index === 0 ? '' : ','
      const label = key === undefined ? '' : `${JSON.stringify(key)}:${compact ? '' : ' '}`
      stack.push({ text: compact ? `${separator}${label}` : `${separator}\n${inner}${label}` })
    }
    out.push(open)
  }
  return out.join('')
}

/** The content blocks of a successful run: logs joined by newlines, then the rendered result, or the no-output line. */
export function renderRunCodeOutput(output: { readonly logs: readonly string[]; readonly result?: JsonValue }): ContentBlock[] {
  const parts: string[] = []
  const logs = output.logs.join('\n')
  if (logs.length > 0) parts.push(logs)
  if (output.result !== undefined) {
    const rendered = typeof output.result === 'string' ? output.result : renderJson(output.result)
    if (rendered.length > 0) parts.push(rendered)
  }
  return [{ type: 'text', text: parts.length > 0 ? parts.join('\n') : NO_OUTPUT }]
}
