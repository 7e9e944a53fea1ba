/**
 * Internal: a seed file as running prose, the text a verbatim quote is
 * looked up in. Diff markers (`+`), doc-comment delimiters and stars are
 * dropped, lines are joined with a space and white space is folded, so a
 * quote may run across line breaks and out of a doc comment.
 */
export function seedProse(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line
        .replace(/^\+/, '')
        .replace(/^\s*(\/\*\*|\*\/|\*(?=\s|$))?\s*/, '')
        .trimEnd(),
    )
    .join(' ')
    .replace(/\s+/g, ' ')
}
