// `npm test` only (vitest.config.ts `sequence.sequencer`): start the files
// that take minutes first, so that no worker is left with one of them at the end.
import { BaseSequencer } from 'vitest/node'
import type { TestSpecification } from 'vitest/node'
import { listedFirst } from '../conformance/grade/index.ts'

/**
 * The kit's slowest test files, slowest first (each grades registries or
 * installs the packed kit: minutes, against seconds for the rest), as
 * paths from the kit root. Measured with two workers on a 2-core machine.
 * Only the order depends on this list: a file missing from it, or listed
 * and gone, changes how long `npm test` takes, never what it checks.
 */
export const HEAVY_FILES: readonly string[] = [
  'scripts/tarball.test.ts',
  'fixtures/withheld/withheld.test.ts',
  'fixtures/faults/faults.test.ts',
  'fixtures/broken/gallery.test.ts',
  'fixtures/broken/gallery.part-2.test.ts',
  'fixtures/broken/gallery.part-3.test.ts',
  'fixtures/broken/gallery.part-4.test.ts',
  'conformance/grade/cli-hostile.test.ts',
  'conformance/grade/cli-graded.test.ts',
  'fixtures/correct/correct.test.ts',
  'fixtures/clean-room/clean-room.test.ts',
  'fixtures/faults/patched-builtins.test.ts',
  'fixtures/choices/choices.test.ts',
  'fixtures/adapters/deaf-listeners.test.ts',
  'conformance/grade/cli-progress.test.ts',
  'conformance/grade/baseline/cli-baseline.test.ts',
  'conformance/grade/cli.test.ts',
  'conformance/grade/formats/cli-formats.test.ts',
  'conformance/grade/formats/html-browser.test.ts',
  'conformance/types/grade-types.test.ts',
]

/**
 * vitest's own order (failed first, then slowest by its cache, else largest),
 * except that the {@link HEAVY_FILES} come first, in their listed order.
 *
 * On a fresh clone vitest has no timings and orders by file size, which puts
 * the short files that grade many registries (the gallery's parts) last; with
 * two workers one of them then runs alone at the end for minutes.
 */
export class HeavyFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return listedFirst(await super.sort(files), HEAVY_FILES, this.ctx.config.root, (spec) => spec.moduleId)
  }
}
