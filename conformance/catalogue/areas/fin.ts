import { defineArea, seed, upstream } from '../define.ts'

/** FIN rules. Tests: conformance/suite/fin.test.ts. */
export const FIN_RULES = defineArea('FIN', [
  {
    id: 'FIN-01',
    level: 'must',
    statement:
      'The finalizeContent used for a call is the one of the definition the caller could see when execute() was entered, and it is still the one invoked when that tool is later unregistered, shadowed or restricted during the pipeline.',
    sources: [seed('000', '§ToolDefinition (finalizeContent)'), upstream('captured from the caller-visible definition before arguments are materialized')],
  },
  {
    id: 'FIN-02',
    level: 'must',
    statement:
      'For a call whose tool was visible at entry, finalizeContent runs exactly once whatever the outcome (success, denial, abort, argument or output failure, or a pipeline failure that skips tools/post-execute), after tools/post-execute and before tools/result.',
    sources: [seed('000', '§ToolDefinition (finalizeContent)'), seed('000', '§执行'), seed('001', 'L26')],
  },
  {
    id: 'FIN-03',
    level: 'must',
    statement:
      'finalizeContent is handed the pipeline execution (same token as the other stages) and the candidate result already materialized and deep-frozen, which is a JSON-safe failure when the candidate itself could not be materialized.',
    sources: [seed('000', '§执行'), seed('000', '§ToolDefinition (finalizeContent)'), upstream('the exec is not frozen yet at that point')],
  },
  {
    id: 'FIN-04',
    level: 'must',
    statement:
      'A finalizeContent returning undefined leaves content alone, and one returning an array replaces content only, with isError, error, value, meta, additionalContexts and concludesTurn carried over unchanged and the outcome materialized again.',
    sources: [seed('000', '§ToolDefinition (finalizeContent)')],
  },
  {
    id: 'FIN-05',
    level: 'must',
    statement:
      'When finalizeContent throws or returns content that is not lossless JSON, the final result is the normalized failure of that problem and the finalizer is not called a second time.',
    sources: [seed('000', '§ToolDefinition (finalizeContent)'), upstream('a violated finalizer contract is normalized, never re-invoked')],
    divergence:
      'The seeds only forbid the finalizer from throwing; what the registry does when it does is upstream behaviour.',
  },
  {
    id: 'FIN-06',
    level: 'must',
    statement:
      'A call naming a tool that was not visible to the caller at entry has no finalizer: no finalizeContent of any definition (hidden, other-scope, or registered later) is invoked for it.',
    sources: [upstream('finalizer lookup happens at entry; unknown names have none')],
  },
  {
    id: 'FIN-07',
    level: 'must',
    statement:
      'For a model-direct call collapsed by Code Mode the captured finalizer is dropped, except when the caller signal was already aborted (it then runs on ABORTED_BEFORE_DISPATCH); split from digest FIN-06.',
    sources: [upstream('collapsed calls drop the finalizer unless aborted')],
    requires: ['codeMode'],
  },
])
