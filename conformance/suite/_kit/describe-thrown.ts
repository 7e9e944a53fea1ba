/** A thrown value as one line for a failure message; never throws itself (proxies, hostile toString). */
export function describeThrown(value: unknown): string {
  try {
    if (value instanceof Error) return `${value.name}: ${value.message}`
    return String(value)
  } catch {
    return '<unprintable value>'
  }
}
