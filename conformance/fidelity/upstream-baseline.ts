/**
 * The fidelity lane's expected failures as a baseline
 * (`upstream.baseline.json` next to this file): the same file format any
 * implementer uses with `grade --baseline`. It is generated from
 * {@link UPSTREAM_EXPECTED_FAILURES} (`npm run fidelity -- --write-docs`
 * rewrites it) and a test keeps the committed file equal to it.
 */
import { fileURLToPath } from 'node:url'
import type { Baseline } from '../grade/index.ts'
import { UPSTREAM_EXPECTED_FAILURES, type ExpectedFailure } from './expected-failures.ts'

/** Absolute path of the committed baseline. */
export const UPSTREAM_BASELINE_FILE = fileURLToPath(new URL('./upstream.baseline.json', import.meta.url))

/** Where the expected failures are explained, relative to the baseline file. */
export const UPSTREAM_BASELINE_LINK = '../../docs/ADAPTER.md#rules-an-upstream-faithful-registry-is-expected-to-fail'

/**
 * One rule entry per rule of `list`, in list order: reason `spec-dispute`
 * (upstream contradicts the seeds there), kind `assertion` (upstream runs
 * and answers, wrongly; it neither hangs nor crashes), `note` what upstream
 * does, `link` the docs table.
 */
export function upstreamBaseline(list: readonly ExpectedFailure[] = UPSTREAM_EXPECTED_FAILURES): Baseline {
  return {
    baselineVersion: '1',
    entries: list.flatMap((entry) =>
      entry.rules.map((rule) => ({
        rule,
        reason: 'spec-dispute' as const,
        kind: 'assertion' as const,
        link: UPSTREAM_BASELINE_LINK,
        note: `upstream 0.1.1-rc.2: ${entry.upstreamDoes}`,
      })),
    ),
  }
}
