/**
 * Internal to `npm run bench`: pure helpers for figures (no timing here).
 */

/** The median of a non-empty list of numbers (the mean of the middle two for an even count). Throws on an empty list. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of an empty list')
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** A per-call cost in microseconds, shown with three significant figures (`0.412 µs`, `56.3 µs`, `1,240 µs`). */
export function formatMicros(us: number): string {
  if (!Number.isFinite(us)) return 'n/a'
  if (us >= 1000) return `${Math.round(us).toLocaleString('en-US')} µs`
  return `${us.toPrecision(3)} µs`
}

/** A ratio as `12.3×`; `n/a` when either side is missing or the base is not positive. */
export function formatRatio(value: number | undefined, base: number | undefined): string {
  if (value === undefined || base === undefined || !(base > 0) || !Number.isFinite(value)) return 'n/a'
  const r = value / base
  return `${r >= 100 ? Math.round(r).toLocaleString('en-US') : r.toPrecision(3)}×`
}

/** Left-aligned first column, right-aligned others, separated by two spaces. */
export function formatTable(rows: readonly (readonly string[])[]): string {
  const widths: number[] = []
  for (const row of rows) {
    for (const [i, cell] of row.entries()) widths[i] = Math.max(widths[i] ?? 0, cell.length)
  }
  return rows
    .map((row) =>
      row
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

/** Reads `--runs N` from argv (a positive whole number); default 3. Throws a message naming the bad value. */
export function parseRuns(argv: readonly string[], fallback = 3): number {
  const at = argv.findIndex((arg) => arg === '--runs' || arg.startsWith('--runs='))
  if (at === -1) return fallback
  const raw = argv[at]!.includes('=') ? argv[at]!.slice('--runs='.length) : argv[at + 1]
  const n = raw === undefined || !/^\d+$/.test(raw) ? NaN : Number(raw)
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`--runs must be a positive whole number (got ${raw === undefined ? 'nothing' : JSON.stringify(raw)})`)
  return n
}
