/**
 * The must rules upstream DeepSeek Harness 0.1.1-rc.2 is expected to fail,
 * and why: each is a place where upstream contradicts the seeds, so the kit
 * follows the seeds and records the divergence (the rule's `divergence` note
 * in the catalogue says what upstream does in full).
 *
 * This list is the fidelity lane's contract (`npm run fidelity`): grading
 * upstream must fail exactly these must rules, no more (a new failure is a
 * kit defect or a new upstream divergence to record here) and no fewer (a
 * listed rule that passes is stale). docs/ADAPTER.md's table is rendered from
 * it ({@link renderExpectedFailuresTable}) and a test keeps the two equal;
 * another test checks that every quoted seed passage is in its seed file.
 */
import type { RuleId } from '../catalogue/index.ts'
import type { SeedKey } from '../catalogue/types.ts'

/** One must rule upstream fails by design. */
export interface ExpectedFailure {
  /** The rules; several when one upstream behaviour fails them together. */
  readonly rules: readonly RuleId[]
  /** What the kit requires, in a few words (the rule statement says it in full). */
  readonly kitRequires: string
  /** What upstream 0.1.1-rc.2 does instead. */
  readonly upstreamDoes: string
  /**
   * The seed passage upstream contradicts, verbatim from that seed file up to
   * layout: the seeds are diffs of Markdown with TypeScript doc comments, so
   * line prefixes (`+`, ` * `) and line breaks read as one space
   * ({@link seedProse}).
   */
  readonly seedPassage: { readonly seed: SeedKey; readonly quote: string }
}

export const UPSTREAM_EXPECTED_FAILURES: readonly ExpectedFailure[] = [
  {
    rules: ['ARG-11', 'EXE-16'],
    kitRequires: 'reassigning an identity field of the execution cannot change which tool runs or what later stages see',
    upstreamDoes: 'identity is read-only only in the types; a reassigned `exec.name` is honoured and another tool runs',
    seedPassage: {
      seed: '000',
      quote:
        '调用身份保留在不可变的 `ToolExecution` 上，后者伴随结果经过每个钩子，并出现在持久化的 `tool/call` / `tool/result` 会话事件上，因此包装层无法创建第二个相互矛盾的身份。',
    },
  },
  {
    rules: ['PRE-15'],
    kitRequires: 'a malformed pre-execute decision never bypasses a denying guard',
    upstreamDoes: "`{kind:'deny'}` without a reason, a bare string or an unknown kind dispatches without evaluating guards",
    seedPassage: {
      seed: '000',
      quote: '前置策略可以 deny 或 ask；只有 `allowed-once` 才继续执行，而未授权、缺少审批通道或服务、或无 agent 的请求都会变为拒绝。Guard 仍可施加最终拒绝。',
    },
  },
  {
    rules: ['POST-12', 'CTX-06'],
    kitRequires: 'deferred contexts survive a throwing wrapper or post-execute listener and a malformed wrapper result or post decision',
    upstreamDoes: 'builds those failures afresh and drops the deferred contexts',
    seedPassage: {
      seed: '000',
      quote:
        "Defer one context — typically a nested-dispatch context ferried by a composite tool, or a fresh plugin-sourced instruction — until this tool's final result reaches the agent loop.",
    },
  },
  {
    rules: ['JSV-03', 'JSV-10'],
    kitRequires: 'validation accepts only lossless JSON: an array whose own keys lack an index and list a non-index key is rejected',
    upstreamDoes: 'checks an array by its length and indexed reads only, so such an array (a proxy presenting those keys) is accepted',
    seedPassage: {
      seed: '000',
      quote:
        '`assertSupportedJsonSchema()` 接受任意 JSON 根，`validateJsonSchemaValue()` 强制执行该 schema，`JsonSchemaError` 则报告每条不受支持或格式错误的 schema 路径。仅含注解的空节点表示不受约束的无损 JSON。',
    },
  },
]

/** Every rule of {@link UPSTREAM_EXPECTED_FAILURES}, in list order. */
export function expectedFailingRules(list: readonly ExpectedFailure[] = UPSTREAM_EXPECTED_FAILURES): RuleId[] {
  return list.flatMap((entry) => entry.rules)
}

/** Markers around the generated table in docs/ADAPTER.md. */
export const TABLE_START =
  '<!-- upstream-expected-failures:start (generated from conformance/fidelity/expected-failures.ts by `npm run fidelity -- --write-docs`) -->'
export const TABLE_END = '<!-- upstream-expected-failures:end -->'

/** The Markdown table docs/ADAPTER.md shows between {@link TABLE_START} and {@link TABLE_END}. */
export function renderExpectedFailuresTable(list: readonly ExpectedFailure[] = UPSTREAM_EXPECTED_FAILURES): string {
  const cell = (text: string): string => text.replaceAll('|', '\\|')
  const rows = list.map(
    (entry) =>
      `| ${entry.rules.join(', ')} | ${cell(entry.kitRequires)} | ${cell(entry.upstreamDoes)} | seed ${entry.seedPassage.seed}: “${cell(entry.seedPassage.quote)}” |`,
  )
  return ['| rule | the kit requires | upstream 0.1.1-rc.2 | the seed passage it contradicts |', '|---|---|---|---|', ...rows].join('\n')
}

/** A seed file's text as running prose, the text quotes are matched against (one definition for the catalogue and this list). */
export { seedProse } from '../catalogue/internal/seed-prose.ts'
