import { defineArea, evidence, quote, seed, upstream } from '../define.ts'

/** SCH rules. Tests: conformance/suite/sch.test.ts. */
export const SCH_RULES = defineArea('SCH', [
  {
    id: 'SCH-01',
    level: 'must',
    statement:
      'Each schemas() entry has exactly the own keys name, description and parameters; execution, output, scheduling, presentation and any other definition fields never reach it.',
    sources: [seed('000', '§ToolDefinition'), seed('002', '§ctx.tools.schemas')],
    quotes: [
      quote(
        '000',
        '§ToolDefinition',
        '注册表的 `schemas()` 通过显式允许列表构建面向模型的 `ToolSchema[]`；`output`/`execute`/`finalizeContent`/`timeoutMs`/`isConcurrencySafe`/`presentCall`/`presentResult` 绝不能泄漏到模型请求中。',
      ),
      quote('000', '§ToolDefinition (timeoutMs)', '`schemas()` whitelists only name/description/ parameters.'),
      quote(
        '002',
        '§ctx.tools.schemas',
        'Project visible definitions onto the allowlisted model-facing schema fields, excluding execution and presentation callbacks.',
      ),
    ],
  },
  {
    id: 'SCH-02',
    level: 'must',
    statement:
      'schemas() hands out freshly built deep copies of parameters on every call, so editing a returned schema changes neither the registered definition nor later projections.',
    sources: [seed('000', '§Cordis API (schemas)'), seed('002', '§ctx.tools.schemas')],
    quotes: [quote('002', '§ctx.tools.schemas', 'one deep-cloned schema per visible tool.')],
  },
  {
    id: 'SCH-03',
    level: 'upstream',
    statement:
      "Copying parameters does not recurse on the call stack: a schema nested deeper than the call stack allows is projected whole (upstream tests 5 000 levels; the suite uses 20 000, since a recursive copy survives 5 000 on a worker thread's stack).",
    sources: [upstream('iterative lossless-JSON copy')],
    evidence: [
      evidence('packages/core/tools/tests/tools.spec.ts', 1935, 'schemas() snapshots deeply nested parameters without using structured-clone recursion'),
      evidence('packages/core/tools/src/index.ts', 1258, 'const detached = detachParameters ? snapshotJsonValue(parameters) : parameters'),
    ],
  },
  {
    id: 'SCH-04',
    level: 'upstream',
    statement:
      'When any definition in the requested view has parameters that are not lossless JSON, the whole schemas() call throws, while views that do not contain that tool are unaffected.',
    sources: [upstream('lossy parameters are found at projection')],
    evidence: [
      evidence('packages/core/tools/tests/tools.spec.ts', 1958, 'rejects schema projection when a raw registration is not lossless JSON'),
      evidence('packages/core/tools/src/index.ts', 1260, 'parameters must be lossless JSON before schema projection'),
    ],
  },
  {
    id: 'SCH-05',
    level: 'upstream',
    statement:
      "schemas() lists global tools in registration order, then tools added by ancestors, then the scope's own; a shadowing entry takes the position of the entry it shadows unless that entry was restricted away, in which case it is appended.",
    sources: [upstream('projection follows view iteration order')],
    evidence: [
      evidence('packages/core/tools/tests/scoped.spec.ts', 87, 'scoped shadows global on a name conflict, in either registration order'),
      evidence('packages/core/tools/src/index.ts', 1161, 'const inherited = new Map<string, ToolDefinition>(this.layers.global.tools.entries())'),
      evidence('packages/core/tools/src/index.ts', 1176, 'own registrations last, shadowing an inherited name'),
    ],
  },
  {
    id: 'SCH-06',
    level: 'upstream',
    statement:
      'schemas(scope) ignores the presentation mode: under code and both it still lists every visible native tool, with run_code added (what the system prompt contributes per mode is PRES-12).',
    sources: [upstream('schemas() is presentation-agnostic')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1235, 'return [...this.view(scope).visible.values()].map(definition => this.schemaOf(definition, true))'),
      evidence('packages/core/tools/src/index.ts', 1211, '(`get`) is presentation-agnostic'),
    ],
    requires: ['codeMode'],
  },
  {
    id: 'SCH-07',
    level: 'upstream',
    statement: 'The description and parameters projected for run_code are computed for the runtime language at the moment schemas() runs.',
    sources: [upstream('language-aware run_code schema')],
    evidence: [
      evidence(
        'packages/core/tools/tests/code-mode.spec.ts',
        423,
        'resolves the run_code schema flavor lazily and fails loud on a language absent from the flavor table',
      ),
      evidence('packages/core/tools/src/code-mode.ts', 669, 'get: () => resolveFlavor(peekRuntime).description,'),
    ],
    requires: ['codeMode'],
  },
  {
    id: 'SCH-08',
    level: 'should',
    statement: 'The error for lossy parameters reads `tool "<name>" parameters must be lossless JSON before schema projection`.',
    sources: [upstream('message of the projection check')],
  },
  {
    id: 'SCH-09',
    level: 'upstream',
    statement:
      'When reading the parameters of a definition in the requested view throws (a throwing getter, say), schemas() fails with that same thrown value rather than a new error.',
    sources: [upstream('getter throws propagate out of the parameters snapshot')],
    evidence: [evidence('packages/core/tools/src/index.ts', 1257, 'const { name, description, parameters } = definition')],
  },
])
