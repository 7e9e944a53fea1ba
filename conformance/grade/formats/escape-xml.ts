/**
 * Escaping for the XML outputs (`--junit`, `--badge`).
 */

/** Characters XML 1.0 does not allow anywhere, not even as a character reference: C0 controls other than tab, newline and carriage return, lone surrogates, U+FFFE and U+FFFF. */
const ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

const TEXT: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' }
const ATTRIBUTE: Readonly<Record<string, string>> = { ...TEXT, '"': '&quot;', "'": '&apos;', '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' }

/**
 * `value` (turned into a string with `String()`) as XML character data:
 * `&`, `<` and `>` become entities (so `]]>` cannot occur either), and the
 * characters XML 1.0 forbids are removed. Newlines and tabs are kept.
 */
export function escapeXmlText(value: unknown): string {
  return String(value)
    .replace(ILLEGAL, '')
    .replace(/[&<>]/g, (c) => TEXT[c] as string)
}

/**
 * `value` (turned into a string with `String()`) for a quoted attribute
 * value (either quote): as {@link escapeXmlText}, and also both quotes,
 * tab, newline and carriage return become references, so a parser reads
 * the value back unchanged (attribute-value normalisation would otherwise
 * turn them into spaces).
 */
export function escapeXmlAttribute(value: unknown): string {
  return String(value)
    .replace(ILLEGAL, '')
    .replace(/[&<>"'\t\n\r]/g, (c) => ATTRIBUTE[c] as string)
}
