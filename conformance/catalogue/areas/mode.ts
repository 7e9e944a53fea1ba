import { defineArea, evidence, quote, seed, upstream } from '../define.ts'

/** MODE rules. Tests: conformance/suite/mode.test.ts; MODE-06 by the tsd suite types/mode-06.*.test-d.ts. */
export const MODE_RULES = defineArea('MODE', [
  {
    id: 'MODE-01',
    level: 'must',
    statement:
      "executionMode() answers { kind: 'parallel' } only when the definition the caller would execute declares isConcurrencySafe and it returns exactly true for the call's arguments, and { kind: 'exclusive' } otherwise.",
    sources: [seed('002', '§ctx.tools.executionMode'), seed('000', '§Cordis API (executionMode)'), seed('000', '§ToolDefinition')],
    quotes: [
      quote('002', '§ctx.tools.executionMode', "Classify a pending call through the caller's visible tool definition. Only an exact `true` is parallel;"),
      quote(
        '000',
        '§ToolDefinition (isConcurrencySafe)',
        'Only `true` opts in; omission, exceptions, non-`true` returns, and invalid `defineTool` arguments are exclusive.',
      ),
    ],
  },
  {
    id: 'MODE-02',
    level: 'must',
    statement:
      'An unknown or hidden tool, a missing classifier, a classifier that throws, and any return other than true (false or a truthy non-true value) all classify as exclusive, and executionMode() itself never throws.',
    sources: [seed('002', '§ctx.tools.executionMode'), seed('000', '§ToolDefinition')],
    quotes: [
      quote(
        '002',
        '§ctx.tools.executionMode',
        'Only an exact `true` is parallel; unknown, hidden, undeclared, invalid, or throwing classifiers are exclusive.',
      ),
      quote('002', '§ctx.tools.executionMode', '@returns the fail-closed scheduling mode.'),
      quote(
        '000',
        '§ToolDefinition (isConcurrencySafe)',
        'Only `true` opts in; omission, exceptions, non-`true` returns, and invalid `defineTool` arguments are exclusive.',
      ),
    ],
  },
  {
    id: 'MODE-03',
    level: 'must',
    statement:
      "executionMode() classifies as exclusive a call to a defineTool-built tool whose arguments its parameter schema rejects, and the author's isConcurrencySafe is not called with those arguments (what the built classifier returns is MODE-07's).",
    sources: [seed('000', '§ToolDefinition')],
    quotes: [
      quote('000', '§ToolDefinition (isConcurrencySafe)', '@param args - parsed arguments; `defineTool` validates before calling.'),
      quote('000', '§ToolDefinition (isConcurrencySafe)', 'invalid `defineTool` arguments are exclusive.'),
    ],
    requires: ['schema'],
  },
  {
    id: 'MODE-04',
    level: 'upstream',
    statement: "The classifier receives the caller's arguments object itself, neither copied nor frozen.",
    sources: [upstream('raw arguments reach isConcurrencySafe')],
    evidence: [
      evidence('packages/core/tools/tests/execution-mode.spec.ts', 109, 'passes parsed arguments directly to a raw definition'),
      evidence('packages/core/tools/src/index.ts', 1280, 'const concurrencySafe: unknown = tool.isConcurrencySafe(exec.arguments)'),
    ],
  },
  {
    id: 'MODE-05',
    level: 'upstream',
    statement: 'A model-direct call that Code Mode collapses (a visible native tool under effective code) classifies as exclusive.',
    sources: [seed('000', '§执行'), upstream('collapsed calls are exclusive')],
    evidence: [
      evidence(
        'packages/core/tools/tests/code-mode.spec.ts',
        1760,
        "expect(ctx.tools.executionMode({ signal: testToolSignal, callId: CallId('preset-coded-schedule'), name: 'echo', arguments: { value: 'joined' }, agent: joined.agent, })).toEqual({ kind: 'exclusive' })",
      ),
      evidence('packages/core/tools/src/index.ts', 1224, 'if (this.collapses(name, scope, nested)) return undefined'),
    ],
    requires: ['codeMode'],
  },
  {
    id: 'MODE-06',
    level: 'must',
    statement:
      "ToolExecutionMode is exactly the union of { kind: 'parallel' } and { kind: 'exclusive' } (that isConcurrencySafe stays off the model surface is checked by SCH-01).",
    sources: [seed('000', '§执行'), upstream('type-level mode union')],
    quotes: [quote('000', '§执行 (ToolExecutionMode)', "type ToolExecutionMode = | { kind: 'parallel' } | { kind: 'exclusive' }")],
  },
  {
    id: 'MODE-07',
    level: 'upstream',
    statement:
      'The isConcurrencySafe classifier defineTool builds returns false for arguments its parameter schema rejects (at must level such a call classifies as exclusive, MODE-03).',
    sources: [upstream('defineTool validates before classifying')],
    evidence: [evidence('packages/core/tools/src/schema.ts', 612, 'if (validate(args).length > 0) return false')],
    divergence: 'The seeds say only that "invalid `defineTool` arguments are exclusive": returning undefined or throwing classifies as exclusive too.',
    requires: ['schema'],
  },
])
