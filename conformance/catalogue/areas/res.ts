import { defineArea, seed, upstream } from '../define.ts'

/** RES rules. Tests: conformance/suite/res.test.ts. */
export const RES_RULES = defineArea('RES', [
  {
    id: 'RES-01',
    level: 'must',
    statement:
      'Every execute() call emits tools/result exactly once, on every path, after finalizeContent and before the returned promise settles, and the result object observers get is the very object execute() resolves to.',
    sources: [seed('000', '§tools/result'), seed('000', '§Cordis API (execute)'), seed('002', '§ctx.tools.execute')],
  },
  {
    id: 'RES-02',
    level: 'must',
    statement:
      'tools/result observers get a shallow-frozen execution whose arguments are deep-frozen (undefined after an argument failure), whose token is a symbol and whose signal is the caller signal, together with a deep-frozen result, contexts and content included.',
    sources: [seed('000', '§执行 (ToolExecution)'), seed('000', '§tools/result')],
  },
  {
    id: 'RES-03',
    level: 'must',
    statement:
      'Before notification the registry snapshots content, meta, additionalContexts and error as lossless JSON and deep-freezes them; if any of them is not lossless the outcome becomes a failure without info, which still goes through finalizeContent and tools/result.',
    sources: [seed('000', '§执行'), upstream('value is carried over by reference; isError and concludesTurn are rebuilt')],
  },
  {
    id: 'RES-04',
    level: 'must',
    statement:
      'A tools/result observer that throws, or returns a promise that rejects, cannot change the outcome: the remaining observers still run and execute() resolves the same result.',
    sources: [seed('000', '§tools/result'), seed('000', '§执行')],
  },
  {
    id: 'RES-05',
    level: 'must',
    statement:
      'tools/result is a single plain emit: each observer is called once per execution, its return value is ignored, and an asynchronous observer is neither awaited into the outcome nor allowed to leak a rejection (that observers are typed to return undefined is TYP-05).',
    sources: [seed('000', '§tools/result'), upstream('one emit dispatch per execution')],
  },
  {
    id: 'RES-06',
    level: 'must',
    statement:
      'tools/result is routed by exec.agent: a global observer sees every call, a scope observer only calls whose agent is that scope or a descendant of it.',
    sources: [seed('000', '§tools/result')],
    requires: ['scopes'],
  },
  {
    id: 'RES-07',
    level: 'must',
    statement:
      'For a nested execution, observers see exec.parent exactly as the caller passed it: the opaque token symbol, never the live outer execution object.',
    sources: [seed('000', '§执行 (ToolExecutionInput.parent)')],
  },
  {
    id: 'RES-08',
    level: 'must',
    statement:
      'A failed final result has isError true, an error with a string message (and info only when routable), content, and optionally meta and additionalContexts; it never has a value or concludesTurn key.',
    sources: [seed('000', '§执行 (ToolExecutionFailure)')],
  },
  {
    id: 'RES-09',
    level: 'should',
    statement:
      'A final result that cannot be materialized as lossless JSON fails with the message "tool result must be losslessly JSON-serializable".',
    sources: [upstream('final materialization failure message')],
  },
  {
    id: 'RES-10',
    level: 'should',
    statement:
      'A failing tools/result observer is reported through ctx.logger.warn with a message containing "tools/result observer failed:" and the best-effort error message.',
    sources: [upstream('observer failures are logged at warn level')],
    requires: ['warnings'],
  },
  {
    id: 'RES-11',
    level: 'must',
    statement:
      'Every contained tools/result observer failure, a synchronous throw or an asynchronous rejection, is reported once, at warn level, per call it fails in.',
    sources: [upstream('observer failures are logged at warn level'), seed('000', '§tools/result')],
    requires: ['warnings'],
  },
])
