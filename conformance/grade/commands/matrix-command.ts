/**
 * `dsh-tools-tck matrix <report.json>... [--html <file>] [--markdown <file>]`:
 * several saved reports side by side (see `buildMatrix`).
 */
import { writeFile } from 'node:fs/promises'
import { UsageError } from '../errors.ts'
import { buildMatrix } from '../formats/matrix.ts'
import type { MatrixInput } from '../formats/matrix.ts'
import { renderMatrixHtml } from '../formats/matrix-html.ts'
import { renderMatrixMarkdown } from '../formats/matrix-markdown.ts'
import { writableTarget } from './writable-folder.ts'
import { oneLine } from '../text.ts'
import { ReportFileError, loadReport } from '../load-report.ts'

/** What the `matrix` command was given. */
export interface MatrixCommand {
  /** The report files, as given (relative to `cwd`). */
  readonly files: readonly string[]
  readonly html?: string
  readonly markdown?: string
  readonly cwd: string
  readonly stdout: { write(text: string): unknown }
  readonly stderr: { write(text: string): unknown }
}

/**
 * Runs `matrix` and resolves with its exit status: 0 when every output was
 * written, 2 when a report file cannot be used (one line on stderr naming
 * the file and, for a schema violation, the first error) or an output cannot
 * be written. With neither `html` nor `markdown` the Markdown goes to
 * stdout; otherwise each named file is written and stdout gets one line
 * saying how many implementations, rules and differing rules there are and
 * what was written. Rejects with a {@link UsageError} when no file is given,
 * an output folder is missing or not writable, an output names a directory,
 * or `html` and `markdown` name the same file (checked before any report is
 * read).
 */
export async function runMatrix(command: MatrixCommand): Promise<number> {
  if (command.files.length === 0) throw new UsageError('matrix needs at least one report file, e.g. "dsh-tools-tck matrix a.json b.json --html matrix.html"')
  const html = command.html === undefined ? undefined : await writableTarget('--html', command.html, command.cwd)
  const markdown = command.markdown === undefined ? undefined : await writableTarget('--markdown', command.markdown, command.cwd)
  if (html !== undefined && html === markdown) throw new UsageError(`--html and --markdown name the same file ${html}; give each output its own file`)
  const inputs: MatrixInput[] = []
  for (const file of command.files) {
    try {
      inputs.push({ file, report: await loadReport(file, command.cwd) })
    } catch (error) {
      if (!(error instanceof ReportFileError)) throw error
      command.stderr.write(`dsh-tools-tck: matrix: ${error.message}\n`)
      return 2
    }
  }
  const matrix = buildMatrix(inputs)
  if (html === undefined && markdown === undefined) {
    command.stdout.write(renderMatrixMarkdown(matrix))
    return 0
  }
  const written: string[] = []
  for (const [target, render] of [
    [html, renderMatrixHtml],
    [markdown, renderMatrixMarkdown],
  ] as const) {
    if (target === undefined) continue
    try {
      await writeFile(target, render(matrix))
    } catch (error) {
      command.stderr.write(`dsh-tools-tck: matrix: cannot write ${target}: ${oneLine(error)}\n`)
      return 2
    }
    written.push(target)
  }
  const n = matrix.columns.length
  command.stdout.write(
    `matrix: ${n} implementation${n === 1 ? '' : 's'}, ${matrix.rows.length} rules, ${matrix.differing} differ; wrote ${written.join(', ')}\n`,
  )
  return 0
}
