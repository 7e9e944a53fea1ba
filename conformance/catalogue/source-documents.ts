/**
 * The public documents behind the seeds, and the English rendering of every
 * seed citation the catalogue makes.
 *
 * A rule cites a seed by key (`seed('000', '§执行 (ToolGuard)')`); users of
 * the kit do not have the seed files, so {@link describeSource} renders the
 * citation through this table as the public document and its English section
 * heading: `docs/subsystems/tools.md § Execution (ToolGuard)`. The Chinese
 * originals stay here (section keys, full seed headings, detail texts) for
 * readers of the seeds. No hostnames: each document is named by a stable,
 * URL-free identifier and its path inside the deepseek-harness repository or
 * website.
 *
 * `source-documents.test.ts` checks the table against the catalogue, the seed
 * files (when present) and the upstream checkout (when present).
 *
 * @module
 */
import type { SeedKey } from './types.ts'
import { UPSTREAM_RELEASE_COMMIT } from '../spec/upstream-release.ts'

/** One language version of a public document. */
export interface DocumentVersion {
  /** BCP 47 language tag. */
  readonly lang: 'en' | 'zh-CN'
  /** Path inside the repository (or website source tree) the document lives in; absent when it is not known. */
  readonly path?: string
  /** True for the version whose text the seed file carries. */
  readonly seedText?: true
  /** Anything a reader needs to know about this version. */
  readonly note?: string
}

/** One section of a document cited by section heading (seeds 000 and 002). */
export interface SectionEntry {
  /** The full heading as the seed prints it (Markdown heading text, without the `#`s). */
  readonly seedHeading: string
  /** The full heading of the same section in the English document. */
  readonly englishHeading: string
  /** The short English name a citation uses: `Execution` in `§ Execution (ToolGuard)`. */
  readonly cite: string
}

/** A public document behind one seed. */
export interface SourceDocument {
  /** Stable URL-free identifier: `<repository>:<path>` or `article:<slug>`. */
  readonly id: string
  readonly title: string
  /** The label a citation starts with (the English document's path, or the article's short title). */
  readonly citeAs: string
  /** `section`: the catalogue cites `§heading (detail)`; `line`: it cites `L19` / `L27-28` of the seed text. */
  readonly citedBy: 'section' | 'line'
  readonly versions: readonly DocumentVersion[]
  /**
   * Every heading of the seed's text, in document order (without the `#`s),
   * and of the English document; section-cited documents only. Sections are
   * matched by position: the n-th seed heading is the n-th English heading.
   */
  readonly seedHeadings?: readonly string[]
  readonly englishHeadings?: readonly string[]
  /** Section key the catalogue cites (`执行` in `§执行 (ToolGuard)`) → the section. */
  readonly sections?: Readonly<Record<string, SectionEntry>>
}

/** Upstream revision (release dsh-0.1.1-rc.2) whose `docs/subsystems/tools*.md` the seed-000 headings were checked against. */
export const UPSTREAM_DOCS_REVISION = UPSTREAM_RELEASE_COMMIT

const TOOLS_MD_ZH_HEADINGS = [
  '工具',
  '`ToolDefinition` — 一个已注册的工具',
  '统一的 JSON 值 schema DSL',
  '`ToolRestriction` — 单个作用域对其继承内容的实时过滤器',
  '执行：可扩展的 waterfall（瀑布式事件）加单调策略',
  '已强制执行的原始 JSON Schema 子集',
  '工具展示 UI 词汇',
  'Cordis API',
  '`ctx.tools` — `ToolRuntime`',
  '`tools/*` events',
  '`tools/change` — emit',
  '`tools/code-dispatch-log` — waterfall',
  '`tools/execute` — waterfall',
  '`tools/post-execute` — waterfall',
  '`tools/pre-execute` — waterfall',
  '`tools/result` — emit',
] as const

const TOOLS_MD_EN_HEADINGS = [
  'Tools',
  '`ToolDefinition` — a registered tool',
  'The unified JSON-value schema DSL',
  "`ToolRestriction` — one scope's live filter over what it inherits",
  'Execution: extensible waterfalls plus monotonic policy',
  'The enforced raw JSON Schema subset',
  'Tool-presentation UI vocabulary',
  'Cordis API',
  '`ctx.tools` — `ToolRuntime`',
  '`tools/*` events',
  '`tools/change` — emit',
  '`tools/code-dispatch-log` — waterfall',
  '`tools/execute` — waterfall',
  '`tools/post-execute` — waterfall',
  '`tools/pre-execute` — waterfall',
  '`tools/result` — emit',
] as const

/** A section whose seed heading is the n-th of the seed and whose English heading is the n-th of the English document. */
function toolsSection(index: number, cite: string): SectionEntry {
  return { seedHeading: TOOLS_MD_ZH_HEADINGS[index] as string, englishHeading: TOOLS_MD_EN_HEADINGS[index] as string, cite }
}

const API_PAGE_HEADINGS = [
  'ctx.tools',
  'ctx.tools.register(definition)',
  'ctx.tools.restrict(filter)',
  'ctx.tools.guard(guard)',
  'ctx.tools.get(name, scope?)',
  'ctx.tools.schemas(scope?)',
  'ctx.tools.executionMode(exec)',
  'ctx.tools.execute(exec)',
] as const

/** The API page's headings are code signatures, the same in every locale. */
function apiSection(index: number): SectionEntry {
  const heading = API_PAGE_HEADINGS[index] as string
  return { seedHeading: heading, englishHeading: heading, cite: heading }
}

/** Seed → the public document it is a copy of. */
export const SOURCE_DOCUMENTS: Readonly<Record<SeedKey, SourceDocument>> = {
  '000': {
    id: 'deepseek-harness:docs/subsystems/tools.md',
    title: 'Tools — the dsh-tools subsystem reference',
    citeAs: 'docs/subsystems/tools.md',
    citedBy: 'section',
    versions: [
      { lang: 'en', path: 'docs/subsystems/tools.md' },
      {
        lang: 'zh-CN',
        path: 'docs/subsystems/tools.zh.md',
        seedText: true,
        note: 'the seed is this text as published in the dsh-plugin-dev-kb package (kb/site/reference/subsystems/tools.md)',
      },
    ],
    seedHeadings: TOOLS_MD_ZH_HEADINGS,
    englishHeadings: TOOLS_MD_EN_HEADINGS,
    sections: {
      ToolDefinition: toolsSection(1, 'ToolDefinition'),
      '统一的 JSON 值 schema DSL': toolsSection(2, 'The unified JSON-value schema DSL'),
      ToolRestriction: toolsSection(3, 'ToolRestriction'),
      执行: toolsSection(4, 'Execution'),
      '已强制执行的原始 JSON Schema 子集': toolsSection(5, 'The enforced raw JSON Schema subset'),
      '工具展示 UI 词汇': toolsSection(6, 'Tool-presentation UI vocabulary'),
      'Cordis API': toolsSection(7, 'Cordis API'),
      'tools/* events': toolsSection(9, 'tools/* events'),
      'tools/change': toolsSection(10, 'tools/change'),
      'tools/code-dispatch-log': toolsSection(11, 'tools/code-dispatch-log'),
      'tools/execute': toolsSection(12, 'tools/execute'),
      'tools/post-execute': toolsSection(13, 'tools/post-execute'),
      'tools/pre-execute': toolsSection(14, 'tools/pre-execute'),
      'tools/result': toolsSection(15, 'tools/result'),
    },
  },
  '001': {
    id: 'article:dsh-tool-execution-pipeline-walkthrough',
    title: 'Walkthrough: the tool execution pipeline of DeepSeek Harness (0.1.6-alpha.2, core/tools)',
    citeAs: 'walkthrough "The tool execution pipeline"',
    citedBy: 'line',
    versions: [{ lang: 'zh-CN', seedText: true, note: 'a Chinese article; cited by line of the seed text (L1 = its first paragraph)' }],
  },
  '002': {
    id: 'deepseek-harness-website:api/harness/tools.md',
    title: 'ctx.tools — API reference page of the DeepSeek Harness website',
    citeAs: 'website api/harness/tools.md',
    citedBy: 'section',
    versions: [
      {
        lang: 'zh-CN',
        path: 'website/zh-CN/api/harness/tools.md',
        seedText: true,
        note: 'generated by scripts/gen-website-api.ts from the TSDoc of packages/core/tools/src/index.ts; its text is English',
      },
      {
        lang: 'en',
        note: 'the English locale of the same generated page; its headings are the same code signatures. Not in the stored upstream history, which no longer generates API pages',
      },
    ],
    seedHeadings: API_PAGE_HEADINGS,
    englishHeadings: API_PAGE_HEADINGS,
    sections: {
      'ctx.tools': apiSection(0),
      'ctx.tools.register': apiSection(1),
      'ctx.tools.restrict': apiSection(2),
      'ctx.tools.guard': apiSection(3),
      'ctx.tools.get': apiSection(4),
      'ctx.tools.schemas': apiSection(5),
      'ctx.tools.executionMode': apiSection(6),
      'ctx.tools.execute': apiSection(7),
    },
  },
}

/**
 * English rendering of each Chinese (or partly Chinese) detail text the
 * catalogue puts in parentheses after a seed-000 section; the key is the
 * Chinese original exactly as the catalogue cites it. Where the English
 * document says the same thing, the rendering is its wording (backticks
 * dropped).
 */
export const DETAIL_ENGLISH: Readonly<Record<string, string>> = {
  '原始的 ToolDefinition 自行校验输入': 'a raw ToolDefinition validates its own input',
  'PreToolDecision; Guard 仍可施加最终拒绝': 'PreToolDecision; guards may still impose a final denial',
  'tools/result 在归一化后接收冻结的执行和结果': 'tools/result receives the frozen execution and result after normalization',
  一次性物化: 'materializes its parsed JSON arguments once',
  包装层无法创建第二个相互矛盾的身份: 'wrappers cannot create a second, disagreeing identity',
  参数不可被改写: 'arguments cannot be rewritten',
  '只有 allowed-once 才继续执行': 'only allowed-once proceeds',
  '后置策略可以替换内容或值，但不能同时替换两者': 'post-policy may replace either content or value, never both',
  '拒绝非 JSON 输入': 'rejects non-JSON input',
  '无 agent 的请求都会变为拒绝': 'an agent-less request becomes a denial',
  策略执行前物化并冻结参数: 'before policy, execute() materializes and freezes arguments',
  '身份字段、调用方必需的 signal 和可选的 parent token 均保持 readonly':
    'identity fields, the required caller signal, and the optional parent token remain readonly',
  'ToolArgsError（INVALID_ARGS）': 'ToolArgsError (INVALID_ARGS)',
  'schema 记录只包含自有且可枚举的字符串键': 'schema records contain only own enumerable string keys',
  不支持的关键字会被拒绝: 'unsupported keywords reject instead of being accepted without enforcement',
  '编译成原始 schema': 'compiles to a raw schema',
  '输出根可以是对象、数组、标量或 null': 'output roots can be objects, arrays, scalars, or null',
}
