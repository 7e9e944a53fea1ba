import { defineArea, seed, upstream } from '../define.ts'

const CODE_MODE = 'needs the Code Mode adapter surface, which arrives with the Code Mode issue'

/** PRES rules. Tests: conformance/suite/pres.test.ts. */
export const PRES_RULES = defineArea('PRES', [
  {
    id: 'PRES-01',
    level: 'must',
    statement:
      'The registry itself never invokes presentCall or presentResult on any path; they exist for UIs and session replay, and without them a UI falls back to a generic card.',
    sources: [seed('000', '§ToolDefinition (presentCall/presentResult)'), seed('000', '§工具展示 UI 词汇')],
  },
  {
    id: 'PRES-02',
    level: 'must',
    statement:
      'meta is projected by output.presentationMeta only for successful top-level calls; a call with any parent set gets no meta even when its tool declares a projector.',
    sources: [seed('000', '§ToolDefinition (presentationMeta)'), seed('000', '§执行')],
    requires: ['presentationMeta'],
  },
  {
    id: 'PRES-03',
    level: 'must',
    statement:
      'meta survives a content replacement, is recomputed by a value replacement, disappears on block, is recomputed from the value (ignoring the wrapper\'s own meta) for a wrapper-authored success, and is kept as given on a wrapper-authored failure.',
    sources: [seed('000', '§执行'), upstream('wrapper-authored results: success meta recomputed, failure meta kept')],
    requires: ['presentationMeta'],
  },
  {
    id: 'PRES-04',
    level: 'must',
    statement:
      'defineTool presenters validate softly: arguments failing validateArgs make them return undefined instead of throwing, and valid arguments reach the author typed.',
    sources: [seed('000', '§ToolDefinition'), upstream('defineTool wraps presenters')],
    requires: ['schema'],
  },
  {
    id: 'PRES-05',
    level: 'must',
    statement: 'defineTool leaves presentCall and presentResult off the definition when the author omits them.',
    sources: [upstream('absent presenters stay absent')],
    requires: ['schema'],
  },
  {
    id: 'PRES-06',
    level: 'must',
    statement:
      'The UI view vocabulary is exactly the card-tagged ToolCallView and ToolResultView unions (search views split by shape, web views by kind; search and web have no pending card).',
    sources: [seed('000', '§工具展示 UI 词汇')],
    untestable: 'type-level contract not graded yet: the kit has no tsd suite for the UI view vocabulary, and the reference declares no ToolCallView/ToolResultView types to grade it against',
  },
  {
    id: 'PRES-07',
    level: 'must',
    statement:
      'Presenters must be pure functions of the arguments and the durable result projection, because they run live and on replay, where the canonical value no longer exists.',
    sources: [seed('000', '§ToolDefinition (presentCall/presentResult)'), seed('000', '§执行')],
    untestable: 'informative: an obligation on tool authors, not observable registry behaviour',
  },
  {
    id: 'PRES-08',
    level: 'must',
    statement:
      'A scope\'s effective presentation mode is the one declared by the nearest layer of its chain, else the configured deployment mode (native by default).',
    sources: [seed('000', '§Cordis API (presentAs)')],
    requires: ['codeMode', 'scopes'],
    untestable: CODE_MODE,
  },
  {
    id: 'PRES-09',
    level: 'must',
    statement:
      'presentAs works only from a scoped context, allows one declaration per scope, returns the exact disposer that restores inheritance, emits tools/change, and a non-native declaration adds the scope\'s Code Mode prompt sections.',
    sources: [seed('000', '§Cordis API (presentAs)'), upstream('presentAs errors and prompt sections')],
    requires: ['codeMode', 'scopes'],
    untestable: CODE_MODE,
  },
  {
    id: 'PRES-10',
    level: 'must',
    statement: 'presentAs("native") lets an agent opt out of a code-mode deployment, the global SDK section rendering empty for it.',
    sources: [upstream('native opt-out')],
    requires: ['codeMode', 'scopes'],
    untestable: CODE_MODE,
  },
  {
    id: 'PRES-11',
    level: 'must',
    statement:
      'run_code is visible and dispatchable only for scopes whose effective mode is not native, and all such scopes share one transport object.',
    sources: [upstream('run_code visibility per effective mode')],
    requires: ['codeMode'],
    untestable: CODE_MODE,
  },
  {
    id: 'PRES-12',
    level: 'must',
    statement:
      'The system-prompt tool contribution depends on the effective mode: every visible schema for native, only run_code for code, both for both, and a toolOrder naming a tool the mode does not contribute fails assembly.',
    sources: [upstream('systemPrompt.tools provider')],
    requires: ['codeMode'],
    untestable: CODE_MODE,
  },
  {
    id: 'PRES-13',
    level: 'must',
    statement:
      'Assembling a prompt under a non-native mode fails, naming the assembling scope\'s mode, when no code runtime is mounted or its language has no SDK renderer.',
    sources: [upstream('code runtime requirements at assembly')],
    requires: ['codeMode'],
    untestable: CODE_MODE,
  },
  {
    id: 'PRES-14',
    level: 'must',
    statement:
      'The tools:code-only (order 99) and tools:sdk (order 150) prompt sections render only for the modes they serve, are registered globally or per scope as the mode requires, and the SDK text is deterministic for an unchanged tool set.',
    sources: [upstream('Code Mode prompt sections')],
    requires: ['codeMode'],
    untestable: CODE_MODE,
  },
  {
    id: 'PRES-15',
    level: 'must',
    statement: 'Disposing the registry removes run_code, the tools prompt provider and the SDK section.',
    sources: [upstream('HMR cleanup of the registry fiber')],
    requires: ['codeMode'],
    untestable: CODE_MODE,
  },
])
