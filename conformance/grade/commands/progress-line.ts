/**
 * Internal: the progress display of `dsh-tools-tck grade`.
 */
import type { GradeProgress } from '../grade.ts'

/** The stream progress goes to. */
export interface ProgressStream {
  write(text: string): unknown
  readonly isTTY?: boolean
}

/** A live progress display: feed it {@link GradeProgress} and `end()` it before the report is printed. */
export interface ProgressLine {
  readonly update: (progress: GradeProgress) => void
  /** Clears the line, so the report starts on a clean one. */
  readonly end: () => void
}

/** At most this many repaints a second. */
const REPAINT_MS = 100

/**
 * A single updating line on `stream` (`\r`, then erase to end of line)
 * saying how many suite files of how many are done, how many tests, and the
 * elapsed time (see {@link describeProgress}); repainted at most every
 * {@link REPAINT_MS} ms, except that the last file's end and the types
 * phase are always shown. `undefined`, so nothing at all is
 * written, when `stream` is not a terminal or `env.CI` is set to anything but
 * `''`, `0` or `false`: logs stay line-oriented and quiet.
 */
export function progressLine(stream: ProgressStream, env: Readonly<Record<string, string | undefined>>): ProgressLine | undefined {
  const ci = env.CI
  if (stream.isTTY !== true || (ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false')) return undefined
  let painted = false
  let last = 0
  return {
    update: (progress) => {
      const now = Date.now()
      const final = progress.phase === 'types' || (progress.filesTotal > 0 && progress.filesDone === progress.filesTotal)
      if (painted && now - last < REPAINT_MS && !final) return
      last = now
      painted = true
      stream.write(`\r\u001b[2K${describeProgress(progress)}`)
    },
    end: () => {
      if (painted) stream.write('\r\u001b[2K')
    },
  }
}

/**
 * `grading: 9 of 27 suite files, 40 tests done, 3.4 s`; in the types phase,
 * `grading: 27 of 27 suite files, 340 tests done; checking the type rules (tsd), 9.1 s`.
 * Files are the total known up front: vitest collects a file's tests only
 * when it runs it.
 */
export function describeProgress(progress: GradeProgress): string {
  const elapsed = `${(progress.elapsedMs / 1000).toFixed(1)} s`
  const files = progress.filesTotal === 0 ? 'starting' : `${progress.filesDone} of ${progress.filesTotal} suite files`
  const tests = `${progress.testsDone} test${progress.testsDone === 1 ? '' : 's'} done`
  if (progress.phase === 'types') return `grading: ${files}, ${tests}; checking the type rules (tsd), ${elapsed}`
  return `grading: ${files}, ${tests}, ${elapsed}`
}
