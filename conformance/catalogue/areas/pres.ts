import { defineArea, evidence, quote, seed, upstream } from '../define.ts'

/** PRES rules. Tests: conformance/suite/pres.test.ts. */
export const PRES_RULES = defineArea('PRES', [
  {
    id: 'PRES-01',
    level: 'must',
    statement:
      "presentCall and presentResult are optional presenters that a UI may call during live streaming and during session-log replay: a definition without them is valid; without presentCall a UI presents the pending call generically (title = tool name, raw args as input), and without presentResult it keeps the pending title and renders the raw result content (that no path through the registry calls them is PRES-17's).",
    sources: [seed('000', '§ToolDefinition (presentCall/presentResult)'), seed('000', '§工具展示 UI 词汇')],
    quotes: [
      quote('000', '§ToolDefinition (presentCall)', 'Optional: how to present the PENDING state of one call in a UI'),
      quote('000', '§ToolDefinition (presentCall)', 'a UI may call it during live streaming AND a session-log replay'),
      quote(
        '000',
        '§ToolDefinition (presentCall)',
        'or `undefined` (or omit the method) to fall back to a generic presentation (title = tool name, raw args as input)',
      ),
      quote('000', '§ToolDefinition (presentResult)', 'Optional: how to present the COMPLETED state'),
      quote('000', '§ToolDefinition (presentResult)', 'or `undefined` (or omit the method) to keep the pending title and render the raw result content'),
      quote('000', '§ToolDefinition (presentResult)', 'Pure and side-effect-free for the same replay reason.'),
    ],
  },
  {
    id: 'PRES-02',
    level: 'must',
    statement:
      "output.presentationMeta is invoked only for successful top-level calls: a root execution (no parent token, no rootCallId) gets the projected meta on success, and a nested sub-dispatch carrying its parent's token gets none, even if its tool defines the projector (that any parent token, even without rootCallId, marks a call as not top-level is PRES-18's; whether a call with no parent token but a propagated rootCallId is top-level the seeds do not say).",
    sources: [seed('000', '§ToolDefinition (presentationMeta)'), seed('000', '§执行')],
    quotes: [
      quote('000', '§ToolDefinition (presentationMeta)', 'Pure replayable presentation projection, computed only for top-level calls.'),
      quote('000', '§执行', '成功时，注册表会快照并校验函数体返回值，将其冻结，然后调用纯渲染器；对于直接的外层调用，还会调用可选的元数据投影器'),
      quote('000', '§执行 (ToolExecutionInput.parent)', 'The token also marks the call as a transport sub-dispatch rather than a model-direct call'),
      quote('000', '§执行 (ToolExecutionInput.rootCallId)', 'Root model-requested call owning this execution tree. Callers omit it for a root execution'),
      quote('000', '§执行', '替换值会重新校验并重新计算内容/元数据'),
    ],
    requires: ['presentationMeta'],
  },
  {
    id: 'PRES-03',
    level: 'must',
    statement:
      "A tools/post-execute content replacement keeps the existing meta; a value replacement recomputes meta from the new value (where the projector applies, i.e. top-level calls). What a block does to meta and what a wrapper-authored failure keeps are PRES-19's, the meta of a wrapper-authored success PRES-16's.",
    sources: [seed('000', '§执行'), upstream('block, wrapper-authored failure (PRES-19) and success (PRES-16) meta')],
    quotes: [quote('000', '§执行', '替换内容会保留规范值和现有元数据；替换值会重新校验并重新计算内容/元数据')],
    requires: ['presentationMeta'],
  },
  {
    id: 'PRES-04',
    level: 'must',
    statement:
      "Presenters built by defineTool never hand the author's presentCall or presentResult arguments that fail parameter validation (such as malformed or outdated logged ones); arguments that pass are handed to the author's presenter as typed values (that the presenter then answers undefined rather than throwing is PRES-20's).",
    sources: [seed('000', '§ToolDefinition'), upstream('defineTool wraps presenters')],
    quotes: [
      quote('000', '§ToolDefinition (presentCall)', "derived from the call's `args` (parsed arguments, `unknown` — the tool validates/narrows its own input)"),
      quote('000', '§ToolDefinition', '第一方工具不需要手写校验；它们使用 `defineTool`，由后者代为校验并收窄参数类型'),
    ],
    requires: ['schema'],
  },
  {
    id: 'PRES-05',
    level: 'upstream',
    statement: 'When the author supplies no presenters, the definition built by defineTool has no presentCall or presentResult member.',
    sources: [upstream('absent presenters stay absent')],
    evidence: [
      evidence('packages/core/tools/tests/tools.spec.ts', 2758, 'a tool without presentCall/presentResult leaves them undefined (UI falls back generically)'),
      evidence('packages/core/tools/src/schema.ts', 598, 'if (userPresentCall) {'),
    ],
    requires: ['schema'],
  },
  {
    id: 'PRES-06',
    level: 'must',
    statement:
      'ToolCallView is exactly the card-tagged union generic | terminal | diff and ToolResultView exactly generic | terminal | diff | search | read | web, with the fields the seed shows (the search variants told apart by shape, the web variants by kind, and neither search nor web having a card for the pending call); the remaining ("…") fields of the search and web variants are not fixed (those of upstream\'s presentation.ts are PRES-23\'s).',
    sources: [seed('000', '§工具展示 UI 词汇')],
    quotes: [
      quote('000', '§工具展示 UI 词汇', '`presentCall`/`presentResult` 返回一个 **`card` 标签的渲染意图**——一个可辨识联合类型，UI 桥接层据此分发'),
      quote('000', '§工具展示 UI 词汇', "`shape: 'matches'`（grep）为按文件分组的匹配，`shape: 'paths'`（glob）为扁平路径列表"),
      quote('000', '§工具展示 UI 词汇', "`kind: 'search'` 携带结构化的 `sources`/`answer?`/`truncated`，`kind: 'fetch'` 携带 `url`/`statusCode`/`truncated`"),
      quote('000', '§工具展示 UI 词汇', '搜索和 web 检索都没有 `card` 的调用时对应视图'),
      quote(
        '000',
        '§工具展示 UI 词汇',
        "`ToolCallView`（待执行）：`{ card: 'generic', title, kind?, rawInput?, content?, locations? }`（默认卡片；`locations` 是 `{ path, line? }[]`，表示调用读取/修改的文件，供编辑器跟随）、`{ card: 'terminal', title, description?, cwd? }`（shell 命令→终端卡片）、或 `{ card: 'diff', title, diffs, locations? }`（文件创建/修改→行内 diff 卡片；`diffs` 是 `{ path, oldText, newText }[]`，新文件时 `oldText: null`）。",
      ),
      quote('000', '§工具展示 UI 词汇', "`ToolCallKind`（`'read' | 'edit' | 'delete' | 'move' | 'search' | 'execute' | 'fetch' | 'other'`）"),
      quote('000', '§工具展示 UI 词汇', '`FileLocation`（`{ path, line? }`）、`FileDiff`（`{ path, oldText, newText }`）与 `ReadFileLine`（`{ number, text }`'),
    ],
  },
  {
    id: 'PRES-07',
    level: 'must',
    statement:
      'Since presenters are run both live and when a session log is replayed, and replay has no canonical value, they may use only the arguments and the durable result projection and must have no side effects.',
    sources: [seed('000', '§ToolDefinition (presentCall/presentResult)'), seed('000', '§执行')],
    quotes: [
      quote(
        '000',
        '§ToolDefinition (presentCall)',
        'Pure and side-effect-free: a UI may call it during live streaming AND a session-log replay, so it must depend only on `args`.',
      ),
      quote(
        '000',
        '§ToolDefinition (presentResult)',
        'given the same `args` and the durable result projection (`content`, failure state, and optional `meta`)',
      ),
      quote('000', '§ToolDefinition (presentResult)', 'Pure and side-effect-free for the same replay reason.'),
      quote('000', '§执行', '回放可以重现展示，却无法重建规范的中间值'),
    ],
    untestable: 'informative: an obligation on tool authors, not observable registry behaviour',
  },
  {
    id: 'PRES-08',
    level: 'must',
    statement:
      "The presentation mode in force for a scope comes from the closest layer of its chain that declares one (its own first), falling back to the deployment's configured mode (that this defaults to native is PRES-21's).",
    sources: [seed('000', '§Cordis API (presentAs)')],
    quotes: [
      quote(
        '000',
        '§Cordis API (presentAs)',
        "Present the calling scope's tools in `mode` instead of the deployment default. Nearest scope on the chain wins, so a preset's standing declaration covers every agent joined under it.",
      ),
      quote('000', '§Cordis API (presentAs)', 'a process-global override would be the `mode` config field instead'),
      quote(
        '000',
        '§执行 (ToolExecutionInput.parent)',
        "under `mode: 'code'`, only calls WITH a parent may execute a native tool name — a model-direct call (no parent) is denied as `UNKNOWN_TOOL` before the policy pipeline.",
      ),
    ],
    requires: ['codeMode', 'scopes'],
  },
  {
    id: 'PRES-09',
    level: 'must',
    statement:
      "presentAs works only from a scoped context, and a scope holds at most one declaration; it returns the exact disposer, which removes this scope's declaration, so that on a scope with no declaring ancestor the deployment default applies again (that a second declaration in a scope already holding one throws and leaves the first in force is PRES-26's, that declaring and disposing emit tools/change PRES-22's, the prompt sections a non-native declaration adds PRES-14's).",
    sources: [seed('000', '§Cordis API (presentAs)'), upstream('presentAs errors and prompt sections')],
    quotes: [
      quote('000', '§Cordis API (presentAs)', 'Scoped only, and one declaration per scope'),
      quote('000', '§Cordis API (presentAs)', 'the exact disposer that restores the deployment default'),
    ],
    divergence:
      'The seed says the disposer restores the deployment default; read with its "nearest scope on the chain wins", that may mean what the chain inherits (upstream) when an ancestor declares a mode: the rule says only what both readings agree on, on scopes with no declaring ancestor.',
    requires: ['codeMode', 'scopes'],
  },
  {
    id: 'PRES-10',
    level: 'must',
    statement:
      "In a deployment whose default is Code Mode, a scope can declare the native presentation with presentAs, and its agents then see the native presentation (their tools offered as tool schemas) instead of Code Mode (that the Code Mode prompt sections render empty for it is PRES-14's).",
    sources: [seed('000', '§Cordis API (presentAs)'), upstream('native opt-out')],
    quotes: [
      quote('000', '§Cordis API (presentAs)', "Present the calling scope's tools in `mode` instead of the deployment default."),
      quote('000', '§Cordis API (presentAs)', 'this is how an agent preset composes Code Mode agents beside native ones in the same process'),
    ],
    requires: ['codeMode', 'scopes', 'promptAssembly'],
  },
  {
    id: 'PRES-11',
    level: 'upstream',
    statement: 'A scope can see and dispatch run_code only while its mode in force is not native, and every such scope uses the same transport object.',
    sources: [upstream('run_code visibility per effective mode')],
    evidence: [
      evidence('packages/core/tools/tests/code-mode.spec.ts', 1788, 'keeps run_code out of a native'),
      evidence('packages/core/tools/tests/code-mode.spec.ts', 279, 'reserves run_code against scoped shadows and explicit restrictions in mode %s'),
      evidence('packages/core/tools/src/index.ts', 1189, 'visible.set(RUN_CODE_NAME, this.requireCodeTransport())'),
    ],
    requires: ['codeMode', 'scopes'],
  },
  {
    id: 'PRES-12',
    level: 'upstream',
    statement:
      'The system-prompt tool contribution depends on the effective mode: every visible schema for native, only run_code for code, both for both, and a toolOrder naming a tool the mode does not contribute fails assembly.',
    sources: [upstream('systemPrompt.tools provider')],
    evidence: [
      evidence('packages/core/tools/tests/code-mode.spec.ts', 119, 'contributes every schema, no run_code, no SDK section'),
      evidence('packages/core/tools/tests/code-mode.spec.ts', 454, 'rejects the assembly when toolOrder names a native tool that mode'),
      evidence('packages/core/tools/tests/code-mode.spec.ts', 312, 'keeps run_code in the toolOrder universe'),
      evidence('packages/core/tools/src/index.ts', 980, 'private wireSchemas(scope?: ScopeKey): ToolProviderResult {'),
    ],
    requires: ['codeMode', 'scopes', 'promptAssembly'],
  },
  {
    id: 'PRES-13',
    level: 'upstream',
    statement:
      "Under a non-native mode, prompt assembly fails when no code runtime is mounted or when no SDK renderer exists for the runtime's language, and the error reports the mode of the scope doing the assembly.",
    sources: [upstream('code runtime requirements at assembly')],
    evidence: [
      evidence('packages/core/tools/tests/code-mode.spec.ts', 359, 'rejects every assembly when a non-native mode has no code runtime'),
      evidence('packages/core/tools/tests/code-mode.spec.ts', 364, 'rejects every assembly when the runtime language has no registered SDK renderer'),
      evidence('packages/core/tools/tests/code-mode.spec.ts', 1855, 'reports the missing runtime against the agent'),
      evidence('packages/core/tools/src/index.ts', 1022, 'requires a code runtime'),
    ],
    requires: ['codeMode', 'promptAssembly'],
  },
  {
    id: 'PRES-14',
    level: 'upstream',
    statement:
      'The tools:code-only (order 99) and tools:sdk (order 150) prompt sections render only for the modes they serve (both render empty for an agent that returned to native under a code-mode deployment), are registered globally or per scope as the mode requires, and the SDK text is deterministic for an unchanged tool set.',
    sources: [upstream('Code Mode prompt sections')],
    evidence: [
      evidence('packages/core/tools/tests/code-mode.spec.ts', 350, 'renders byte-identical SDK text across consecutive assemblies of an unchanged tool set'),
      evidence('packages/core/tools/src/index.ts', 51, 'const COLLAPSE_SECTION_ORDER = 99'),
      evidence('packages/core/tools/src/code-mode.ts', 23, 'export const SDK_SECTION_ORDER = 150'),
      evidence('packages/core/tools/src/index.ts', 968, 'yield ctx.systemPrompt.section(this.collapseSection())'),
      evidence('packages/core/tools/tests/code-mode.spec.ts', 1802, 'lets an agent opt out of a code-mode deployment'),
    ],
    requires: ['codeMode', 'promptAssembly'],
  },
  {
    id: 'PRES-15',
    level: 'upstream',
    statement: 'Tearing down the registry takes away run_code, its tools prompt provider and its SDK prompt section.',
    sources: [upstream('HMR cleanup of the registry fiber')],
    evidence: [
      evidence('packages/core/tools/tests/code-mode.spec.ts', 460, 'removes run_code and the SDK section when the registry fiber disposes (HMR safety)'),
    ],
    requires: ['codeMode', 'promptAssembly'],
  },
  {
    id: 'PRES-16',
    level: 'upstream',
    statement:
      "A success authored by a tools/execute wrapper is rebuilt from its value through the tool's output contract, so for a top-level call its meta is presentationMeta(args, value), never the meta the wrapper put on it.",
    sources: [upstream('wrapper-authored successes are normalized through the owning output contract')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1825, "/** Normalize an around-dispatch wrapper's authored result through the owning output contract. */"),
      evidence('packages/core/tools/src/index.ts', 1839, 'const normalized = this.createSuccessResult(exec, tool, result.value)'),
    ],
    divergence:
      'The seeds say only that a `tools/execute` wrapper returns a `ToolExecutionResult` and that the projectors run on the body\'s validated value ("成功时，注册表会快照并校验函数体返回值，将其冻结，然后调用纯渲染器"); keeping the meta a wrapper authored is as good a reading.',
    requires: ['presentationMeta'],
  },
  // PRES-17..23: what PRES-01, PRES-02, PRES-03, PRES-04, PRES-06, PRES-08 and PRES-09 demanded beyond their quotes (issue 37, part 3).
  {
    id: 'PRES-17',
    level: 'upstream',
    statement:
      'No path through the registry calls presentCall or presentResult: registering, looking up, projecting schemas, classifying and executing (denied, failed, replaced, blocked, cancelled, wrapper-authored and Code Mode sub-calls included) never invoke them.',
    sources: [upstream('presenters are members of the definition for UIs; the registry never reads them')],
    evidence: [
      evidence('packages/core/tools/tests/tools.spec.ts', 2758, 'a tool without presentCall/presentResult leaves them undefined (UI falls back generically)'),
      evidence('packages/core/tools/src/index.ts', 1806, 'if (exec.parent === undefined && tool.output.presentationMeta !== undefined) {'),
    ],
    divergence:
      'The seeds say who may call the presenters (a UI, live and on session-log replay) but not that the registry never does, e.g. to prepare a view ahead of time.',
  },
  {
    id: 'PRES-18',
    level: 'upstream',
    statement:
      'What makes a call top-level for presentationMeta is the absence of a parent token alone: a call carrying any parent token, even a forged one with no rootCallId, gets no projected meta.',
    sources: [upstream('the projector runs when exec.parent is undefined')],
    evidence: [evidence('packages/core/tools/src/index.ts', 1806, 'if (exec.parent === undefined && tool.output.presentationMeta !== undefined) {')],
    requires: ['presentationMeta'],
  },
  {
    id: 'PRES-19',
    level: 'upstream',
    statement:
      'A tools/post-execute block drops meta (the blocked failure has none), while a failure a tools/execute wrapper authored keeps the meta it was given, through a content replacement too.',
    sources: [upstream('a block builds the failure afresh; a wrapper-authored failure keeps its own meta')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1750, 'return this.markCanonical(exec, {'),
      evidence('packages/core/tools/src/index.ts', 1833, '...result.meta !== undefined ? { meta: result.meta } : {},'),
      evidence('packages/core/tools/tests/tools.spec.ts', 507, 'normalizes wrapper-authored failure metadata and contexts'),
    ],
    requires: ['presentationMeta'],
  },
  {
    id: 'PRES-20',
    level: 'upstream',
    statement:
      'A presenter built by defineTool checks its arguments against the parameter schema and answers undefined, never an exception, for arguments that fail (malformed or outdated logged ones, or ones whose inspection throws).',
    sources: [upstream('defineTool presenters validate softly and fall back to undefined')],
    evidence: [
      evidence('packages/core/tools/src/schema.ts', 600, 'if (validate(args).length > 0) return undefined'),
      evidence(
        'packages/core/tools/tests/tools.spec.ts',
        2769,
        'presentCall/presentResult validate softly: malformed args return undefined, never throw (display runs on replay)',
      ),
    ],
    requires: ['schema'],
  },
  {
    id: 'PRES-21',
    level: 'upstream',
    statement: "The deployment's presentation mode defaults to native: with no mode configured, a scope declaring nothing is native.",
    sources: [upstream("the mode config field defaults to 'native'")],
    evidence: [evidence('packages/core/tools/src/index.ts', 830, "this.defaultMode = config.mode ?? 'native'")],
    requires: ['codeMode', 'scopes'],
  },
  {
    id: 'PRES-22',
    level: 'upstream',
    statement: 'Declaring a presentation with presentAs and disposing it each emit tools/change.',
    sources: [upstream('a presentAs declaration is a scoped layer effect, whose changes emit tools/change')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 813, "() => { this.ctx.emit('tools/change') },"),
      evidence('packages/core/tools/src/index.ts', 952, 'yield this.layers.effect('),
    ],
    divergence:
      'The seeds document tools/change for "A tool was registered or unregistered, or a scoped restriction changed"; a presentation declaration is not among them.',
    requires: ['codeMode', 'scopes', 'changeEvents'],
  },
  {
    id: 'PRES-23',
    level: 'upstream',
    statement:
      "The search and web result views have upstream's payload fields: shape 'matches' carries files: { path, matches: { lineNumber, line }[] }[] (so it needs files, not paths), shape 'paths' carries paths: string[], kind 'search' sources of { url, title?, snippet?, publishedAt? }, and kind 'fetch' a numeric statusCode.",
    sources: [upstream('presentation.ts, which seed 000 names for the complete presentation fields')],
    evidence: [
      evidence('packages/core/tools/src/presentation.ts', 222, 'files: SearchFileMatches[]'),
      evidence('packages/core/tools/src/presentation.ts', 195, 'lineNumber: number'),
      evidence('packages/core/tools/src/presentation.ts', 244, 'paths: string[]'),
      evidence('packages/core/tools/src/presentation.ts', 382, 'statusCode: number'),
    ],
  },
  // PRES-26: what PRES-09 demanded beyond its quotes (issue 37, part 3).
  {
    id: 'PRES-26',
    level: 'upstream',
    statement: 'A second presentAs in a scope that already holds a declaration (of the same mode or another) throws and leaves the first declaration in force.',
    sources: [upstream('presentAs refuses a scope layer that already declares a mode')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 955, 'if (layer.mode !== undefined) {'),
      evidence('packages/core/tools/src/index.ts', 956, 'already declared for this scope; one composition selects one presentation'),
    ],
    divergence:
      'The seed says "one declaration per scope" without saying that a second one fails (as it does for register and restrict): a second declaration replacing the first would keep one per scope too.',
    requires: ['codeMode', 'scopes'],
  },
])
