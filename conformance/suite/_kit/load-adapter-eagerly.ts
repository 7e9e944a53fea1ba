/**
 * Mutation runs only (vitest.mutation.config.ts): loads the adapter before
 * any test starts. Stryker then sees the reference's module-level code
 * (message constants, keyword tables) as static and runs every test against
 * those mutants, instead of crediting them to whichever test happened to
 * trigger the first import.
 */
import { suiteAdapter } from './adapter.ts'

await suiteAdapter()
