/**
 * Text for one cell of a GitHub-flavoured Markdown table.
 */

/**
 * `value` (turned into a string with `String()`) on one line, safe inside a
 * table cell: runs of whitespace with a line break become one space, `&`,
 * `<` and `>` become entities (no HTML gets through), and `|`, `\`,
 * backtick, `*`, `_`, `[`, `]` and `~` are backslash-escaped, so a
 * statement or message can neither split the row nor turn into markup.
 * Characters that are neither printable nor whitespace are dropped.
 */
export function markdownCell(value: unknown): string {
  return String(value)
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .replace(/\s*[\r\n]\s*/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|~]/g, (c) => `\\${c}`)
}
