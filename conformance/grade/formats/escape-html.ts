/**
 * Escaping for the HTML pages (`--html`, `matrix --html`).
 */

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/**
 * `text` with `&`, `<`, `>`, `"` and `'` replaced by entities, so it can be
 * put in element content and in a quoted attribute value as is. Any value is
 * accepted and turned into a string first (`String(value)`); nothing else is
 * changed (no trimming, newlines kept).
 */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c] as string)
}
