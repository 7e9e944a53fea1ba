import { defineArea, seed, upstream } from '../define.ts'

/** OUT rules. Tests: conformance/suite/out.test.ts. */
export const OUT_RULES = defineArea('OUT', [
  {
    id: 'OUT-01',
    level: 'must',
    statement:
      'The body is invoked with the frozen materialized arguments (the very object on exec.arguments) and the live run context, which carries the call identity, the minted token, the resolved rootCallId, the parent when given, the dispatch signal, deferContext and concludeTurn.',
    sources: [seed('000', '§ToolDefinition (execute)'), seed('000', '§执行 (ToolRunContext)')],
  },
  {
    id: 'OUT-02',
    level: 'must',
    statement:
      'The body return value is copied as a detached lossless-JSON snapshot, and a value that is not lossless JSON, or whose snapshot throws, becomes an INVALID_TOOL_OUTPUT failure.',
    sources: [seed('000', '§执行'), upstream('snapshot failures are output errors')],
  },
  {
    id: 'OUT-03',
    level: 'must',
    statement:
      'The body\'s value, once snapshotted, must conform to output.schema; any mismatch turns the call into an INVALID_TOOL_OUTPUT failure.',
    sources: [seed('000', '§执行'), seed('000', '§ToolDefinition')],
  },
  {
    id: 'OUT-04',
    level: 'must',
    statement:
      'The valid value is deep-frozen before output.render sees it (together with exec.arguments), and a render that throws or whose return is not lossless JSON turns the call into an INVALID_TOOL_OUTPUT failure.',
    sources: [seed('000', '§执行'), upstream('render failures are output errors')],
  },
  {
    id: 'OUT-05',
    level: 'must',
    statement:
      'For a call without parent whose tool declares output.presentationMeta, meta is the lossless snapshot of presentationMeta(args, value), a nested call gets no meta, and a projector that throws or returns non-lossless JSON becomes an INVALID_TOOL_OUTPUT failure.',
    sources: [seed('000', '§ToolDefinition (presentationMeta)'), seed('000', '§执行')],
    requires: ['presentationMeta'],
  },
  {
    id: 'OUT-06',
    level: 'must',
    statement:
      'A canonical success is deep-frozen and consists of exactly isError false, value and content, plus meta when it was projected and concludesTurn: true when the execution was marked; a key that does not apply is left out entirely rather than set to undefined.',
    sources: [seed('000', '§执行 (ToolExecutionSuccess)'), upstream('absent keys are not materialized')],
  },
  {
    id: 'OUT-07',
    level: 'must',
    statement:
      'Whatever goes wrong with the output, the failure carries info { name: "ToolOutputError", code: "INVALID_TOOL_OUTPUT" }, has no value key, and is still offered to tools/post-execute.',
    sources: [seed('000', '§统一的 JSON 值 schema DSL'), upstream('output failures are post-results')],
  },
  {
    id: 'OUT-08',
    level: 'must',
    statement:
      'For a raw definition the registry performs no argument check against its parameters schema: the body gets exactly the lossless JSON arguments of the call.',
    sources: [seed('000', '§ToolDefinition'), seed('000', '§执行 (ToolExecutionInput)')],
  },
  {
    id: 'OUT-09',
    level: 'must',
    statement:
      'When the body throws, the result is the failure that normalizing the thrown value produces, tools/post-execute still sees it, and a throw caused by cancellation keeps this failure instead of getting an abort code.',
    sources: [seed('000', '§执行'), seed('000', '§Cordis API (execute)')],
  },
  {
    id: 'OUT-10',
    level: 'should',
    statement:
      'The INVALID_TOOL_OUTPUT message names the lossless-JSON violation as `value is not lossless JSON`, or `value snapshot failed: <message>` when reading the value threw.',
    sources: [upstream('ToolOutputError violation wording')],
  },
  {
    id: 'OUT-11',
    level: 'should',
    statement:
      'A schema violation message reads `tool "<name>" returned invalid output: ` followed by the violations joined by "; ", e.g. containing `"value" must be a string`.',
    sources: [upstream('ToolOutputError message')],
  },
  {
    id: 'OUT-12',
    level: 'should',
    statement: 'Render failures are reported as `output.render failed: <message>` or `output.render returned non-lossless JSON`.',
    sources: [upstream('render violation wording')],
  },
  {
    id: 'OUT-13',
    level: 'should',
    statement:
      'presentationMeta failures are reported as `output.presentationMeta failed: <message>` or `output.presentationMeta returned non-lossless JSON`.',
    sources: [upstream('presentationMeta violation wording')],
    requires: ['presentationMeta'],
  },
  {
    id: 'OUT-14',
    level: 'must',
    statement:
      'A defineTool body checks its arguments before running, and a mismatch is a failure with info { name: "ToolArgsError", code: "INVALID_ARGS" }.',
    sources: [seed('000', '§统一的 JSON 值 schema DSL')],
    requires: ['schema'],
  },
  {
    id: 'OUT-15',
    level: 'should',
    statement: 'The INVALID_ARGS failure content reads `Error: invalid arguments: ` followed by the violations, e.g. `missing required property "path"`.',
    sources: [upstream('ToolArgsError message')],
    requires: ['schema'],
  },
])
