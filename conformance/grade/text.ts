/**
 * Internal: turning arbitrary thrown values into the short, stack-free text
 * the report and the console show.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: ESC (U+001B) opens the terminal colour codes this strips.
const ANSI = /\u001b\[[0-9;]*m/g

/** Removes terminal colour codes (vitest puts them in diffs). */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, '')
}

/**
 * `Name: message` of an error-like value, or its string form. Never throws,
 * even for values whose getters or `toString` do.
 */
export function describeError(value: unknown): string {
  try {
    if (typeof value === 'object' && value !== null) {
      const record = value as { name?: unknown; message?: unknown }
      const message = typeof record.message === 'string' ? record.message : undefined
      if (message !== undefined) {
        const name = typeof record.name === 'string' && record.name !== '' && record.name !== 'Error' ? `${record.name}: ` : ''
        return stripAnsi(name + message)
      }
    }
    return stripAnsi(String(value))
  } catch {
    return '<a value that cannot be printed>'
  }
}

/** {@link describeError} squeezed onto one line and cut to `max` characters. */
export function oneLine(value: unknown, max = 300): string {
  const text = describeError(value)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' | ')
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/** The stack of an error-like value, when it has one. */
export function stackOf(value: unknown): string | undefined {
  try {
    if (typeof value === 'object' && value !== null) {
      const stack = (value as { stack?: unknown }).stack
      if (typeof stack === 'string' && stack !== '') return stripAnsi(stack)
    }
  } catch {
    // a throwing getter: no stack then
  }
  return undefined
}

/** "a, b and c". */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}
