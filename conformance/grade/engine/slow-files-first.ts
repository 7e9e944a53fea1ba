/**
 * Internal: the sequencer a grade runs its suite files in (./slow-first.ts
 * says why the slow files start first).
 */
import { BaseSequencer } from 'vitest/node'
import type { TestSpecification } from 'vitest/node'
import { SLOW_SUITE_FILES, listedFirst } from './slow-first.ts'

/** vitest's own order (largest file first, as a grade has no timings), except that {@link SLOW_SUITE_FILES} come first. */
export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return listedFirst(await super.sort(files), SLOW_SUITE_FILES, this.ctx.config.root, (spec) => spec.moduleId)
  }
}
