import { defineArea, seed, upstream } from '../define.ts'

/** EXE rules. Tests: conformance/suite/exe.test.ts. */
export const EXE_RULES = defineArea('EXE', [
  {
    id: 'EXE-01',
    level: 'must',
    statement:
      'The tools/execute waterfall is entered only for a call that pre-execute allowed, every guard let through and the post-guard cancellation check passed, and it nests the body between the end of pre-execute and the start of post-execute.',
    sources: [seed('000', '§执行'), seed('001', 'L21'), upstream('wrappers run after the post-guard cancellation check')],
  },
  {
    id: 'EXE-02',
    level: 'must',
    statement:
      'The innermost next() of tools/execute resolves the tool afresh, runs its body and resolves a normalized result (a canonical success, or a failure built from whatever the body threw); it does not reject because of the body.',
    sources: [seed('000', '§tools/execute'), upstream('base dispatch re-resolves the tool by name')],
  },
  {
    id: 'EXE-03',
    level: 'must',
    statement:
      'A wrapper that returns a success without calling next() skips the body, and its success is rebuilt through the tool output contract: the value is re-validated, content is re-rendered from the value (authored content is ignored), meta is recomputed, concludesTurn is not taken from the wrapper, and the wrapper additionalContexts are kept.',
    sources: [upstream('wrapper-authored successes are normalized (README extension points)')],
  },
  {
    id: 'EXE-04',
    level: 'must',
    statement:
      'A failure returned by a wrapper (any truthy isError) is kept as the wrapper wrote it: error, content, meta and additionalContexts survive unchanged and it continues to tools/post-execute.',
    sources: [upstream('wrapper-authored failures are kept as authored')],
  },
  {
    id: 'EXE-05',
    level: 'must',
    statement:
      'A result that the registry itself normalized for this very dispatch passes back through the wrappers untouched, whereas a canonical result of another dispatch, or a copy of one, is normalized again under the active tool, and if that fails the outcome is an INVALID_TOOL_OUTPUT failure that skips tools/post-execute.',
    sources: [upstream('canonical results are keyed to the execution token')],
  },
  {
    id: 'EXE-06',
    level: 'must',
    statement:
      'A wrapper-authored success for a tool that is not visible when the wrapper returns it becomes an UNKNOWN_TOOL failure that skips tools/post-execute.',
    sources: [seed('000', '§Cordis API (execute)'), upstream('wrapper normalization failures are final')],
  },
  {
    id: 'EXE-07',
    level: 'must',
    statement:
      'A tools/execute listener that throws yields a normalized failure of what it threw, tools/post-execute does not run, and contexts the body already deferred are kept on that failure.',
    sources: [seed('000', '§Cordis API (execute)'), upstream('a throwing wrapper is a final result')],
    divergence:
      'Kit decision C-13: upstream builds this failure without additionalContexts, silently dropping deferred contexts; the seeds say deferred context survives later failures, so the kit keeps them.',
  },
  {
    id: 'EXE-08',
    level: 'must',
    statement:
      'When no wrapper replaced exec.signal the body gets the caller signal itself; when one did, the body gets a fresh signal that aborts, with the source reason, as soon as either the caller signal or the replacement aborts, and a caller abort never aborts the replacement.',
    sources: [seed('000', '§tools/execute'), seed('000', '§执行 (ToolDispatchExecution)')],
  },
  {
    id: 'EXE-09',
    level: 'must',
    statement:
      'While the body runs exec.signal is the fused signal, once next() settles the wrapper finds its own replacement on exec.signal again, and when the wrapper restores the caller signal, post-execute and tools/result see the caller signal.',
    sources: [seed('000', '§tools/execute'), upstream('signal reset after the body (C-11)')],
  },
  {
    id: 'EXE-10',
    level: 'must',
    statement:
      'If the signal the body would receive is already aborted when the base next() runs (caller aborted while a wrapper waited, or the wrapper installed an aborted signal), the body is skipped and next() resolves an ABORTED_BEFORE_DISPATCH failure that still reaches tools/post-execute.',
    sources: [seed('000', '§Cordis API (execute)'), upstream('fused-signal check before the body')],
  },
  {
    id: 'EXE-11',
    level: 'must',
    statement:
      'A call counts as having invoked its body from the moment the tool is resolved at dispatch and its execute is called (a synchronous throw from execute still counts), while an unknown tool at dispatch does not count, and this choice decides ABORTED versus ABORTED_BEFORE_DISPATCH.',
    sources: [seed('000', '§tools/post-execute'), upstream('bodyInvoked flips just before execute is called')],
  },
  {
    id: 'EXE-12',
    level: 'must',
    statement: 'execute() does not settle before a started body has settled, even when the caller aborted meanwhile.',
    sources: [seed('000', '§ToolDefinition (execute)'), upstream('started bodies are drained')],
  },
  {
    id: 'EXE-13',
    level: 'must',
    statement: 'A canonical success is already deep-frozen when wrappers receive it from next().',
    sources: [seed('000', '§执行'), upstream('canonical successes are frozen before wrappers see them (C-05)')],
  },
  {
    id: 'EXE-14',
    level: 'must',
    statement:
      'A tools/execute listener subscribed through an agent scope wraps only the calls of that agent and its descendants.',
    sources: [seed('000', '§tools/execute')],
    requires: ['scopes'],
  },
  {
    id: 'EXE-15',
    level: 'should',
    statement: 'The UNKNOWN_TOOL failure of a wrapper-authored success for an invisible tool has the message `unknown tool "<name>"`.',
    sources: [upstream('ToolNotFoundError message')],
  },
  {
    id: 'EXE-16',
    level: 'must',
    statement:
      'A wrapper that reassigns an identity field of its exec view (name, callId, arguments) cannot change which tool runs, what the body receives, or the identity later stages observe.',
    sources: [seed('000', '§tools/execute'), seed('001', 'L19'), seed('000', '§执行')],
    divergence:
      'Kit decision C-04: upstream makes identity readonly only at type level and re-resolves the tool by exec.name at dispatch, so a JavaScript wrapper that sets exec.name does run another tool.',
  },
  {
    id: 'EXE-17',
    level: 'must',
    statement:
      'A fused body signal is tied to its sources only while the body runs: once the body has settled, a later abort of the caller signal or of the wrapper replacement no longer aborts the signal the body was given.',
    sources: [seed('000', '§执行 (ToolDispatchExecution: the signal is replaced for its delegated lifetime)'), upstream('fused listeners are removed when the body settles')],
  },
])
