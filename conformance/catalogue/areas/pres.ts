import { defineArea, evidence, quote, seed, upstream } from '../define.ts'

/** PRES rules. Tests: conformance/suite/pres.test.ts. */
export const PRES_RULES = defineArea('PRES', [
  {
    id: 'PRES-01',
    level: 'must',
    statement:
      'presentCall and presentResult are for UIs and session replay only: no path through the registry calls them, and a tool lacking them is shown by a UI with its generic card.',
    sources: [seed('000', '§ToolDefinition (presentCall/presentResult)'), seed('000', '§工具展示 UI 词汇')],
    quotes: [
      quote('000', '§ToolDefinition (presentCall)', 'Optional: how to present the PENDING state of one call in a UI'),
      quote('000', '§ToolDefinition (presentCall)', 'a UI may call it during live streaming AND a session-log replay'),
      quote(
        '000',
        '§ToolDefinition (presentCall)',
        'or `undefined` (or omit the method) to fall back to a generic presentation (title = tool name, raw args as input)',
      ),
    ],
  },
  {
    id: 'PRES-02',
    level: 'must',
    statement:
      'Only a successful call without parent gets meta from output.presentationMeta; a nested call has no meta, whether or not its tool defines the projector.',
    sources: [seed('000', '§ToolDefinition (presentationMeta)'), seed('000', '§执行')],
    quotes: [
      quote('000', '§ToolDefinition (presentationMeta)', 'Pure replayable presentation projection, computed only for top-level calls.'),
      quote('000', '§执行', '成功时，注册表会快照并校验函数体返回值，将其冻结，然后调用纯渲染器；对于直接的外层调用，还会调用可选的元数据投影器'),
      quote('000', '§执行 (ToolExecutionInput.parent)', 'The token also marks the call as a transport sub-dispatch rather than a model-direct call'),
      quote('000', '§执行', '替换值会重新校验并重新计算内容/元数据'),
    ],
    requires: ['presentationMeta'],
  },
  {
    id: 'PRES-03',
    level: 'must',
    statement:
      "meta survives a content replacement, is recomputed by a value replacement, disappears on block, and is kept as given on a wrapper-authored failure; a wrapper-authored success carries either its own meta or meta recomputed from its value (that it is recomputed is PRES-16's).",
    sources: [seed('000', '§执行'), upstream('wrapper-authored results: failure meta kept; success meta recomputed (PRES-16)')],
    quotes: [quote('000', '§执行', '替换内容会保留规范值和现有元数据；替换值会重新校验并重新计算内容/元数据')],
    requires: ['presentationMeta'],
  },
  {
    id: 'PRES-04',
    level: 'must',
    statement:
      "Presenters built by defineTool check their arguments with validateArgs and answer undefined, never an exception, for arguments that fail (such as malformed or outdated logged ones); arguments that pass are handed to the author's presenter as typed values.",
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
      'ToolCallView and ToolResultView are exactly the card-tagged unions (the search variants told apart by shape, the web variants by kind, and neither search nor web having a card for the pending call).',
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
      "The presentation mode in force for a scope comes from the closest layer of its chain that declares one (its own first), falling back to the deployment's configured mode, which defaults to native.",
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
      'presentAs works only from a scoped context, allows one declaration per scope, returns the exact disposer that restores inheritance, and emits tools/change (the prompt sections a non-native declaration adds are PRES-14).',
    sources: [seed('000', '§Cordis API (presentAs)'), upstream('presentAs errors and prompt sections')],
    quotes: [
      quote('000', '§Cordis API (presentAs)', 'Scoped only, and one declaration per scope'),
      quote('000', '§Cordis API (presentAs)', 'the exact disposer that restores the deployment default'),
    ],
    divergence:
      'The seed says the disposer restores the deployment default; read with its "nearest scope on the chain wins", the kit takes that to mean what the chain inherits (upstream), and tests it only on scopes with no declaring ancestor, where both readings agree.',
    requires: ['codeMode', 'scopes'],
  },
  {
    id: 'PRES-10',
    level: 'must',
    statement:
      'An agent in a code-mode deployment can return to native with presentAs("native"): its prompt then offers its tools as native tool schemas (that the Code Mode prompt sections render empty for it is PRES-14\'s).',
    sources: [upstream('native opt-out')],
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
])
