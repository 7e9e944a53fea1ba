import { defineArea, seed, upstream } from '../define.ts'

/** CTX rules. Tests: conformance/suite/ctx.test.ts. */
export const CTX_RULES = defineArea('CTX', [
  {
    id: 'CTX-01',
    level: 'must',
    statement:
      'exec.deferContext collects contexts in call order without checking them, and once tools/execute has settled they are placed before the contexts the (wrapper or normalized) result already carries.',
    sources: [seed('000', '§执行 (ToolRunContext.deferContext)')],
  },
  {
    id: 'CTX-02',
    level: 'must',
    statement:
      'Deferred contexts survive a throwing body, a cancellation replacing the result after dispatch or after post-execute, and a wrapper-authored result (to which they are prepended).',
    sources: [seed('000', '§执行 (ToolRunContext.deferContext)'), upstream('README: deferred contexts survive throws and cancellation')],
  },
  {
    id: 'CTX-03',
    level: 'must',
    statement:
      'Every accept decision (plain, content replacement, value replacement) appends its additionalContexts after the existing ones, giving body-deferred, then wrapper-result, then post-decision contexts.',
    sources: [upstream('accept concatenates contexts')],
  },
  {
    id: 'CTX-04',
    level: 'must',
    statement: 'A block result carries only the blocking decision\'s contexts; deferred and wrapper contexts are dropped.',
    sources: [upstream('block replaces the whole result'), seed('000', '§执行')],
  },
  {
    id: 'CTX-05',
    level: 'must',
    statement: 'The additionalContexts key is absent whenever there are no contexts; the registry never produces an empty array.',
    sources: [upstream('empty context lists are omitted')],
  },
  {
    id: 'CTX-06',
    level: 'must',
    statement:
      'Failures raised after the body has run and that skip tools/post-execute (a throwing tools/execute listener, a wrapper result failing normalization, a throwing post-execute listener or a malformed post decision) keep the deferred contexts.',
    sources: [seed('000', '§执行 (ToolRunContext.deferContext)'), upstream('C-13')],
    divergence:
      'Upstream builds these failures afresh and silently drops the deferred contexts; the kit keeps them, as the seeds promise deferred contexts reach the final result (C-13).',
  },
  {
    id: 'CTX-07',
    level: 'must',
    statement:
      'Contexts keep every field they were given (id, role, content, source, other metadata) through the pipeline, and a context that is not lossless JSON makes the final result a failure (RES-03).',
    sources: [seed('000', '§执行 (ToolRunContext.deferContext)'), upstream('createUserMessage fields survive')],
  },
  {
    id: 'CTX-08',
    level: 'must',
    statement:
      'After exec.concludeTurn() a success built for that execution (body success or post-execute value replacement) carries concludesTurn: true, a content replacement keeps it, and no failure (block, abort, output failure, throw) ever carries it.',
    sources: [seed('000', '§执行 (ToolRunContext.concludeTurn)'), seed('000', '§执行 (ToolExecutionSuccess)')],
  },
  {
    id: 'CTX-09',
    level: 'must',
    statement:
      'A nested call\'s concludeTurn marks only the nested execution; the outer execution concludes only if its body forwards the marker, so a nested success turned into a failure by post-execute cannot conclude the outer run.',
    sources: [seed('000', '§执行 (ToolRunContext.concludeTurn)')],
  },
  {
    id: 'CTX-10',
    level: 'must',
    statement:
      'A concludeTurn call made after the success was built does not mark that result, and a detached concludeTurn call either marks its own execution or makes its body fail (it is never silently ignored), never escaping execute() or marking another execution.',
    sources: [upstream('C-17: concludeTurn records its receiver')],
    divergence:
      'Upstream\'s detached concludeTurn throws a TypeError inside the body (a failure); the reference binds it. The kit accepts either and only requires the call to stay inside its own execution.',
  },
  {
    id: 'CTX-11',
    level: 'must',
    statement:
      'The agent loop appends a batch\'s contexts only after every tool/result of the batch is recorded, in FIFO order; tools/result (live event) and tool/result (session record) are distinct.',
    sources: [seed('001', 'L27-28'), seed('000', '§执行 (ToolRunContext)')],
    untestable: 'agent-loop behaviour: the adapter contract drives only the registry, not the agent loop',
  },
])
