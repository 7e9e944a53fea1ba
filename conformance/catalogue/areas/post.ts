import { defineArea, seed, upstream } from '../define.ts'

/** POST rules. Tests: conformance/suite/post.test.ts. */
export const POST_RULES = defineArea('POST', [
  {
    id: 'POST-01',
    level: 'must',
    statement:
      'tools/post-execute is a waterfall whose base next() accepts; it runs once for every result that came out of dispatch or out of a denial (body success or throw, output failure, unknown tool, a cleanly normalized wrapper result, deny, ABORTED_BEFORE_DISPATCH after pre-execute) and never for final results.',
    sources: [seed('000', '§tools/post-execute'), seed('001', 'L23'), upstream('post-result / final-result split (B.0)')],
  },
  {
    id: 'POST-02',
    level: 'must',
    statement:
      'The result post-execute receives already has the deferred contexts merged in, and it is deep-frozen when it is a canonical success or a denial.',
    sources: [seed('000', '§tools/post-execute'), upstream('deferred contexts merged before post (C-05)')],
  },
  {
    id: 'POST-03',
    level: 'must',
    statement:
      'A bare accept keeps the result as it was, with the decision additionalContexts appended after the existing ones and no additionalContexts key when both are empty.',
    sources: [seed('000', '§tools/post-execute'), upstream('accept concatenates contexts')],
  },
  {
    id: 'POST-04',
    level: 'must',
    statement:
      'An accept that carries content (and no own value) swaps only the content, leaving isError, value, error, meta and concludesTurn as they were, for failures as well as successes.',
    sources: [seed('000', '§执行'), upstream('content replacement keeps the rest')],
  },
  {
    id: 'POST-05',
    level: 'must',
    statement:
      'An accept that carries value on a success rebuilds the success through the tool output contract (snapshot, schema check, render, meta for top-level calls, concludesTurn marker), keeps prior contexts before the decision ones, and an invalid value becomes an INVALID_TOOL_OUTPUT failure.',
    sources: [seed('000', '§执行'), seed('001', 'L25')],
  },
  {
    id: 'POST-06',
    level: 'must',
    statement:
      'An accept that has both content and value as own properties, even if one is undefined, turns the outcome into a failure without info and without value.',
    sources: [seed('000', '§执行'), seed('001', 'L25')],
  },
  {
    id: 'POST-07',
    level: 'must',
    statement: 'An accept that carries value on a failed result is refused: the outcome stays a failure without value.',
    sources: [upstream('value replacement requires a success')],
  },
  {
    id: 'POST-08',
    level: 'must',
    statement:
      'An accept that carries value when the tool is no longer visible to the caller becomes an UNKNOWN_TOOL failure with info name ToolNotFoundError.',
    sources: [upstream('value replacement re-resolves the tool')],
  },
  {
    id: 'POST-09',
    level: 'must',
    statement:
      'A block yields a failure whose content is the feedback exactly as given, whose error has no info, which has no value, meta or concludesTurn, and whose additionalContexts are only the decision ones.',
    sources: [seed('000', '§执行'), seed('001', 'L24'), upstream('block drops prior contexts')],
  },
  {
    id: 'POST-10',
    level: 'must',
    statement: 'The message of a block whose feedback is text blocks is their texts joined with newlines.',
    sources: [upstream('block message derivation')],
  },
  {
    id: 'POST-11',
    level: 'must',
    statement:
      'Feedback, replacement content or decision contexts that are not lossless JSON make the final result a failure without info instead of a registry crash.',
    sources: [seed('000', '§执行'), upstream('final materialization of decisions')],
  },
  {
    id: 'POST-12',
    level: 'must',
    statement:
      'A post-execute listener that throws, or a decision that is not an object or a block without feedback, yields a normalized failure, and a throwing listener keeps the contexts the body deferred.',
    sources: [seed('000', '§Cordis API (execute)'), upstream('post-execute failures are final')],
    divergence:
      'Kit decision C-13: upstream builds this failure without additionalContexts, dropping deferred contexts; the kit keeps them.',
  },
  {
    id: 'POST-13',
    level: 'must',
    statement:
      'If the caller signal is aborted once the post-execute waterfall settles, a success becomes ABORTED when the body was invoked and ABORTED_BEFORE_DISPATCH otherwise, keeping its additionalContexts, while a failure is kept.',
    sources: [seed('000', '§tools/post-execute'), seed('000', '§Cordis API (execute)')],
  },
  {
    id: 'POST-14',
    level: 'must',
    statement: 'No post-execute decision can turn a failure into a success.',
    sources: [seed('000', '§执行'), upstream('derived from the three decision forms')],
  },
  {
    id: 'POST-15',
    level: 'must',
    statement:
      'An own content key set to undefined keeps the content, and an own value key set to undefined is a value replacement that fails as INVALID_TOOL_OUTPUT.',
    sources: [upstream('decision kind handling: an own value key is a value replacement')],
  },
  {
    id: 'POST-16',
    level: 'must',
    statement:
      'Replacing content does not hide the canonical value from programmatic consumers; only a block or a value replacement removes or changes it.',
    sources: [seed('000', '§执行')],
  },
  {
    id: 'POST-17',
    level: 'must',
    statement: 'Post-execute cannot undo work the body already did: a block changes only the result handed back.',
    sources: [seed('001', 'L24'), seed('001', 'L33')],
    untestable:
      'informative: the side effects live outside the registry, which has nothing to roll back; the observable part, that a block only rewrites the result, is checked under POST-09',
  },
  {
    id: 'POST-18',
    level: 'should',
    statement: 'The both-replacements failure has the message `tools/post-execute accept decision cannot replace both value and content`.',
    sources: [upstream('post-execute message')],
  },
  {
    id: 'POST-19',
    level: 'should',
    statement: 'A value replacement on a failure fails with the message `tools/post-execute cannot replace the value of a failed result`.',
    sources: [upstream('post-execute message')],
  },
  {
    id: 'POST-20',
    level: 'should',
    statement: 'A value replacement for a vanished tool fails with the message `unknown tool "<name>"`.',
    sources: [upstream('ToolNotFoundError message')],
  },
  {
    id: 'POST-21',
    level: 'should',
    statement:
      'In a block message a non-text block reads `[<type> content]`, and a feedback that yields an empty message gives `tool result blocked by post-execute policy`.',
    sources: [upstream('block message wording')],
  },
  {
    id: 'POST-22',
    level: 'should',
    statement: 'A decision that is not lossless JSON fails with the message `tool result must be losslessly JSON-serializable`.',
    sources: [upstream('materialization message')],
  },
  {
    id: 'POST-23',
    level: 'should',
    statement: 'A post-execute decision whose kind is neither accept nor block is a failure, not an accept.',
    sources: [seed('000', '§执行 (PostToolDecision)')],
    divergence:
      'The seeds type the decision as accept or block and say nothing of other kinds; failing such a decision is the kit\'s reading (C-06), so it is a should rule. Upstream treats every kind other than block as accept.',
  },
])
