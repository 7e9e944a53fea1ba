import { defineArea, seed, upstream } from '../define.ts'

const PROMPT_ONLY = 'prompt assembly: the adapter contract has no system-prompt surface'

/** PRES rules. Tests: conformance/suite/pres.test.ts. */
export const PRES_RULES = defineArea('PRES', [
  {
    id: 'PRES-01',
    level: 'must',
    statement:
      'presentCall and presentResult are for UIs and session replay only: no path through the registry calls them, and a tool lacking them is shown by a UI with its generic card.',
    sources: [seed('000', '§ToolDefinition (presentCall/presentResult)'), seed('000', '§工具展示 UI 词汇')],
  },
  {
    id: 'PRES-02',
    level: 'must',
    statement:
      'Only a successful call without parent gets meta from output.presentationMeta; a nested call has no meta, whether or not its tool defines the projector.',
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
      'Presenters built by defineTool check their arguments with validateArgs and answer undefined, never an exception, for arguments that fail (such as malformed or outdated logged ones); arguments that pass are handed to the author\'s presenter as typed values.',
    sources: [seed('000', '§ToolDefinition'), upstream('defineTool wraps presenters')],
    requires: ['schema'],
  },
  {
    id: 'PRES-05',
    level: 'must',
    statement: 'When the author supplies no presenters, the definition built by defineTool has no presentCall or presentResult member.',
    sources: [upstream('absent presenters stay absent')],
    requires: ['schema'],
  },
  {
    id: 'PRES-06',
    level: 'must',
    statement:
      'ToolCallView and ToolResultView are exactly the card-tagged unions (the search variants told apart by shape, the web variants by kind, and neither search nor web having a card for the pending call).',
    sources: [seed('000', '§工具展示 UI 词汇')],
    untestable: 'type-level contract not graded yet: the kit has no tsd suite for the UI view vocabulary, and the reference declares no ToolCallView/ToolResultView types to grade it against',
  },
  {
    id: 'PRES-07',
    level: 'must',
    statement:
      'Since presenters are run both live and when a session log is replayed, and replay has no canonical value, they may use only the arguments and the durable result projection and must have no side effects.',
    sources: [seed('000', '§ToolDefinition (presentCall/presentResult)'), seed('000', '§执行')],
    untestable: 'informative: an obligation on tool authors, not observable registry behaviour',
  },
  {
    id: 'PRES-08',
    level: 'must',
    statement:
      'The presentation mode in force for a scope comes from the closest layer of its chain that declares one (its own first), falling back to the deployment\'s configured mode, which defaults to native.',
    sources: [seed('000', '§Cordis API (presentAs)')],
    requires: ['codeMode', 'scopes'],
  },
  {
    id: 'PRES-09',
    level: 'must',
    statement:
      'presentAs works only from a scoped context, allows one declaration per scope, returns the exact disposer that restores inheritance, and emits tools/change (the prompt sections a non-native declaration adds are PRES-14).',
    sources: [seed('000', '§Cordis API (presentAs)'), upstream('presentAs errors and prompt sections')],
    divergence:
      'The seed says the disposer restores the deployment default; read with its "nearest scope on the chain wins", the kit takes that to mean what the chain inherits (upstream), and tests it only on scopes with no declaring ancestor, where both readings agree.',
    requires: ['codeMode', 'scopes'],
  },
  {
    id: 'PRES-10',
    level: 'must',
    statement:
      'An agent in a code-mode deployment can return to native with presentAs("native"); for it the deployment-wide SDK prompt section is rendered empty.',
    sources: [upstream('native opt-out')],
    requires: ['codeMode', 'scopes'],
    untestable: PROMPT_ONLY,
  },
  {
    id: 'PRES-11',
    level: 'must',
    statement:
      'A scope can see and dispatch run_code only while its mode in force is not native, and every such scope uses the same transport object.',
    sources: [upstream('run_code visibility per effective mode')],
    requires: ['codeMode', 'scopes'],
  },
  {
    id: 'PRES-12',
    level: 'must',
    statement:
      'The system-prompt tool contribution depends on the effective mode: every visible schema for native, only run_code for code, both for both, and a toolOrder naming a tool the mode does not contribute fails assembly.',
    sources: [upstream('systemPrompt.tools provider')],
    requires: ['codeMode'],
    untestable: PROMPT_ONLY,
  },
  {
    id: 'PRES-13',
    level: 'must',
    statement:
      'Under a non-native mode, prompt assembly fails when no code runtime is mounted or when no SDK renderer exists for the runtime\'s language, and the error reports the mode of the scope doing the assembly.',
    sources: [upstream('code runtime requirements at assembly')],
    requires: ['codeMode'],
    untestable: PROMPT_ONLY,
  },
  {
    id: 'PRES-14',
    level: 'must',
    statement:
      'The tools:code-only (order 99) and tools:sdk (order 150) prompt sections render only for the modes they serve, are registered globally or per scope as the mode requires, and the SDK text is deterministic for an unchanged tool set.',
    sources: [upstream('Code Mode prompt sections')],
    requires: ['codeMode'],
    untestable: PROMPT_ONLY,
  },
  {
    id: 'PRES-15',
    level: 'must',
    statement: 'Tearing down the registry takes away run_code, its tools prompt provider and its SDK prompt section.',
    sources: [upstream('HMR cleanup of the registry fiber')],
    requires: ['codeMode'],
    untestable: 'registry teardown: the adapter contract cannot observe a registry after dispose(), and the prompt provider and SDK section have no surface in it',
  },
])
