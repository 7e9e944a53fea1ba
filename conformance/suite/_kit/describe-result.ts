/**
 * `describeResult()`: what a registry call returned, in one short line, for
 * failure messages that say what happened (issue 39): `isError`, the code
 * (`error.info.code`), the message cut short, and the kind of the value or
 * of the content. A thrown value reads as its class and message. Never
 * throws (proxies, getters that throw, hostile `toString`), never calls a
 * getter of a value twice, and prints no prose the registry chose in full.
 */
import { $Array, $JSON, $Object } from './intrinsics.ts'
import { describeThrown } from './describe-thrown.ts'

/** Characters of a message shown before it is cut with `…`. */
const MESSAGE_MAX = 80

/**
 * `isError true, code INVALID_TOOL_INPUT, message "bad input", content 1 text block`,
 * `isError false, value object {a, b}`, `a thrown TypeError: boom`; any
 * other value by its kind: `undefined`, `object {ok}`.
 */
export function describeResult(result: unknown): string {
  try {
    if (result instanceof Error) return `a thrown ${describeThrown(result)}`
    if (typeof result !== 'object' || result === null) return kindOf(result)
    const r = result as { isError?: unknown; error?: unknown; value?: unknown; content?: unknown }
    if (!('isError' in r) && !('error' in r) && !('value' in r)) return kindOf(result)
    const parts = [`isError ${typeof r.isError === 'boolean' ? String(r.isError) : kindOf(r.isError)}`]
    if ('error' in r) {
      const error = r.error as { info?: { code?: unknown }; message?: unknown } | undefined
      const code = typeof error === 'object' && error !== null ? error.info?.code : undefined
      parts.push(code === undefined ? 'no code' : `code ${typeof code === 'string' ? code : kindOf(code)}`)
      const message = typeof error === 'object' && error !== null ? error.message : undefined
      parts.push(typeof message === 'string' ? `message ${$JSON.stringify(cut(message))}` : `message ${kindOf(message)}`)
    }
    if ('value' in r) parts.push(`value ${kindOf(r.value)}`)
    if ('content' in r) parts.push(`content ${contentKind(r.content)}`)
    return parts.join(', ')
  } catch {
    return '<a result that could not be read>'
  }
}

/** `null`, `undefined`, `string "ab"` (cut), `number 3`, `array of 2`, `object {a, b}` (first keys), `function`. */
function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if ($Array.isArray(value)) return `array of ${value.length}`
  switch (typeof value) {
    case 'string':
      return `string ${$JSON.stringify(cut(value, 30))}`
    case 'number':
    case 'boolean':
    case 'bigint':
      return `${typeof value} ${String(value)}`
    case 'object': {
      const keys = $Object.keys(value as object)
      const shown = keys.slice(0, 4).join(', ')
      return `object {${shown}${keys.length > 4 ? `, … ${keys.length - 4} more` : ''}}`
    }
    default:
      return typeof value
  }
}

/** `1 text block`, `2 blocks (text, image)`, or the kind of a content that is not an array. */
function contentKind(content: unknown): string {
  if (!$Array.isArray(content)) return kindOf(content)
  const types = content.map((block) => (typeof block === 'object' && block !== null && typeof block.type === 'string' ? block.type : kindOf(block)))
  if (types.length === 0) return 'empty'
  const distinct = [...new Set(types)]
  return distinct.length === 1 ? `${types.length} ${distinct[0]} block${types.length === 1 ? '' : 's'}` : `${types.length} blocks (${distinct.join(', ')})`
}

function cut(text: string, max = MESSAGE_MAX): string {
  const chars = [...text]
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`
}
