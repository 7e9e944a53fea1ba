/**
 * Internal: the suite settings a shell may give (properties/README.md), read
 * in the main process only, by `grade()` and the kit's own vitest configs,
 * which pass them on in the suite settings (suite/_kit/settings.ts); no
 * worker reads the environment. They are what a failing law's replay line
 * sets: `DSH_TCK_SEED` (the laws' seed), `DSH_TCK_RUNS` (cases per law) and
 * `DSH_TCK_PATH` (`<law>:<fast-check path>[@<commands replay>]`, one case
 * to replay). A seed or run count that is not a whole number (a positive
 * one, for runs) is ignored, and the default applies.
 */
import type { ProvidedSuiteSettings } from '../../suite/_kit/settings.ts'

/** A whole number written in decimal digits (an optional minus sign, surrounding blanks allowed), else NaN: `' '` is no seed 0. */
function wholeNumber(text: string | undefined): number {
  return text !== undefined && /^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN
}

/** The seed, run count and replay path the environment gives (typed without Node's declarations, as the package's types need none). */
export function suiteInputsFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
): Partial<Pick<ProvidedSuiteSettings, 'seed' | 'runs' | 'replay'>> {
  const seed = wholeNumber(env.DSH_TCK_SEED)
  const runs = wholeNumber(env.DSH_TCK_RUNS)
  return {
    ...(Number.isSafeInteger(seed) ? { seed } : {}),
    ...(Number.isSafeInteger(runs) && runs > 0 ? { runs } : {}),
    ...(env.DSH_TCK_PATH === undefined ? {} : { replay: env.DSH_TCK_PATH }),
  }
}
