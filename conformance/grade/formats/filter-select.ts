/**
 * A `<select>` control for the filter form the {@link FILTER_SCRIPT} drives.
 */
import { escapeHtml } from './escape-html.ts'
import type { FILTER_SCRIPT } from './filter-script.ts'

/**
 * A labelled `<select data-filter="<name>">` whose first option, "all"
 * (empty value), keeps every row; then one option per `[value, text]`, in
 * the given order. Rows match an option when their `data-<name>` equals its
 * value (see {@link FILTER_SCRIPT}). The option whose value is `selected`
 * starts selected (else "all"). Every string is escaped.
 */
export function filterSelect(name: string, label: string, options: readonly (readonly [value: string, text: string])[], selected?: string): string {
  const items = options
    .map(([value, text]) => `<option value="${escapeHtml(value)}"${value === selected ? ' selected' : ''}>${escapeHtml(text)}</option>`)
    .join('')
  return `<label>${escapeHtml(label)} <select data-filter="${escapeHtml(name)}" data-testid="filter-${escapeHtml(name)}"><option value="">all</option>${items}</select></label>`
}
