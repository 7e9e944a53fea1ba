/**
 * Internal: the file outputs of `grade` (`--json`, `--html`, `--junit`,
 * `--markdown` and the GitHub Actions job summary, `--badge`): checked
 * before the grade, written after it.
 */
import { $JSON } from '../../suite/_kit/intrinsics.ts'
import { renderBadge } from '../formats/badge.ts'
import { renderHtml } from '../formats/html.ts'
import { renderJunit } from '../formats/junit.ts'
import { renderMarkdown } from '../formats/markdown.ts'
import type { GradeReport } from '../report.ts'
import { writeOutputFile } from './output-file.ts'
import { UsageError } from '../errors.ts'
import { oneLine } from '../text.ts'
import { writableTarget } from './writable-folder.ts'

/** One output to write after the grade. */
interface Output {
  readonly what: string
  /** The flag (or variable) that asked for it, for messages. */
  readonly flag: string
  readonly target: string
  readonly render: (report: GradeReport) => string
  readonly append: boolean
}

/** The checked outputs of one `grade` run (see {@link planReportOutputs}). */
export interface ReportOutputs {
  readonly outputs: readonly Output[]
}

/**
 * Checks, before any grading, that every requested output can be written:
 * `json`, `html`, `junit`, `markdown` and `badge` are file names relative to `cwd`; when
 * `markdown` is given and `env.GITHUB_STEP_SUMMARY` is set (non-empty), the
 * summary is also appended to that file. Rejects with a `UsageError` naming
 * the flag (or `GITHUB_STEP_SUMMARY`) and the folder when a folder is
 * missing or not writable, a file name is blank or names a directory, and
 * one naming both flags when two outputs resolve to the same file (e.g.
 * `--json r --html r`, or `--markdown` the `GITHUB_STEP_SUMMARY` file).
 */
export async function planReportOutputs(
  requested: {
    readonly json?: string | undefined
    readonly html?: string | undefined
    readonly junit?: string | undefined
    readonly markdown?: string | undefined
    readonly badge?: string | undefined
  },
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): Promise<ReportOutputs> {
  const outputs: Output[] = []
  if (requested.json !== undefined)
    outputs.push({
      what: 'JSON report',
      flag: '--json',
      target: await writableTarget('--json', requested.json, cwd),
      render: (r) => `${$JSON.stringify(r, null, 2)}\n`,
      append: false,
    })
  if (requested.html !== undefined)
    outputs.push({ what: 'HTML report', flag: '--html', target: await writableTarget('--html', requested.html, cwd), render: renderHtml, append: false })
  if (requested.junit !== undefined)
    outputs.push({ what: 'JUnit report', flag: '--junit', target: await writableTarget('--junit', requested.junit, cwd), render: renderJunit, append: false })
  if (requested.markdown !== undefined) {
    outputs.push({
      what: 'Markdown summary',
      flag: '--markdown',
      target: await writableTarget('--markdown', requested.markdown, cwd),
      render: renderMarkdown,
      append: false,
    })
    const summary = env.GITHUB_STEP_SUMMARY
    if (summary !== undefined && summary !== '') {
      outputs.push({
        what: 'Markdown summary (GITHUB_STEP_SUMMARY)',
        flag: 'GITHUB_STEP_SUMMARY',
        target: await writableTarget('GITHUB_STEP_SUMMARY', summary, cwd),
        render: (r) => `${renderMarkdown(r)}\n`,
        append: true,
      })
    }
  }
  if (requested.badge !== undefined)
    outputs.push({ what: 'SVG badge', flag: '--badge', target: await writableTarget('--badge', requested.badge, cwd), render: renderBadge, append: false })
  refuseSharedTargets(outputs)
  return { outputs }
}

/** Throws a `UsageError` naming both flags when two outputs have the same target (one would overwrite the other). */
function refuseSharedTargets(outputs: readonly Output[]): void {
  for (const [i, output] of outputs.entries()) {
    const earlier = outputs.slice(0, i).find((o) => o.target === output.target)
    if (earlier !== undefined) throw new UsageError(`${earlier.flag} and ${output.flag} name the same file ${output.target}; give each output its own file`)
  }
}

/**
 * Renders and writes every output of `plan` for `report`, in the order
 * json, html, junit, markdown, step summary, badge, going on after a failure. Resolves
 * with one message per failed write (`cannot write the JUnit report to
 * <file>: <reason>`), empty when all were written. Never rejects.
 */
export async function writeReportOutputs(plan: ReportOutputs, report: GradeReport): Promise<string[]> {
  const problems: string[] = []
  for (const output of plan.outputs) {
    let content: string
    try {
      content = output.render(report)
    } catch (error) {
      problems.push(`cannot render the ${output.what}: ${oneLine(error)}`)
      continue
    }
    const problem = await writeOutputFile(output.what, output.target, content, output.append)
    if (problem !== undefined) problems.push(problem)
  }
  return problems
}
