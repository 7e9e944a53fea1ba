import { defineArea, evidence, quote, seed, upstream } from '../define.ts'

/**
 * REG rules. Tests: conformance/suite/reg.test.ts.
 *
 * REG-10: the adapter contract can dispose a registration and a scope, but has
 * no surface for plugin fibers or composite `ctx.effect` generators, so only
 * the first two are checked.
 */
export const REG_RULES = defineArea('REG', [
  {
    id: 'REG-01',
    level: 'must',
    statement:
      "register() throws, registering nothing, when the definition does not declare `output` (the class of the error is REG-20's). Checking at registration that output.render, and a present output.presentationMeta, are functions is open (OP-29) and REG-24's.",
    sources: [seed('000', '§ToolDefinition'), seed('000', '§统一的 JSON 值 schema DSL')],
    quotes: [
      quote('000', '§统一的 JSON 值 schema DSL', '要求它声明 `output`'),
      quote('000', '§ToolDefinition', 'Mandatory canonical output declaration.'),
      quote('000', '§ToolDefinition', 'readonly output: ToolOutputDefinition'),
    ],
  },
  {
    id: 'REG-02',
    level: 'must',
    statement:
      "register() checks output.schema against the enforced JSON-Schema subset and fails (throws, the registration taking no effect) when the schema lies outside it. Whether the thrown error is the checker's own or a wrapper is open; that it is the assertion's own, coded UNSUPPORTED_SCHEMA, is REG-23's.",
    sources: [seed('000', '§统一的 JSON 值 schema DSL'), upstream('raw output schemas are asserted at registration')],
    quotes: [
      quote('000', '§统一的 JSON 值 schema DSL', '要求它声明 `output`，校验其原始 schema'),
      quote('000', '§统一的 JSON 值 schema DSL', '不支持的关键字会被拒绝，而不会在未强制执行的情况下获准进入。'),
      quote('000', '§已强制执行的原始 JSON Schema 子集', '`JsonSchemaError` 则报告每条不受支持或格式错误的 schema 路径。'),
    ],
  },
  {
    id: 'REG-03',
    level: 'must',
    statement:
      "register() throws, registering nothing, when timeoutMs is declared but is not a finite number above zero (0, negative numbers, Infinity and NaN included; the class of the error is REG-20's).",
    sources: [seed('000', '§ToolDefinition'), seed('000', '§统一的 JSON 值 schema DSL')],
    quotes: [quote('000', '§统一的 JSON 值 schema DSL', '并检查 `timeoutMs` 必须为正有限值等语义要求')],
  },
  {
    id: 'REG-04',
    level: 'must',
    statement: 'No layer, global or scoped, accepts a registration named run_code, whatever the presentation mode: register() throws.',
    sources: [seed('000', '§Cordis API (register)'), seed('002', '§ctx.tools.register')],
    quotes: [
      quote('000', '§Cordis API (register)', 'Scoped tools shadow globals; duplicates within one layer and the reserved `run_code` name fail.'),
      quote('002', '§ctx.tools.register', 'Scoped tools shadow globals; duplicates within one layer and the reserved `run_code` name fail.'),
      quote('000', '§ToolRestriction', 'Restrictions intersect and do not affect scoped registrations or the reserved Code Mode transport.'),
    ],
    divergence:
      'Upstream documentation says only non-native modes reject the name while its code rejects it everywhere; the kit reserves it unconditionally (CM-01).',
  },
  {
    id: 'REG-05',
    level: 'must',
    statement: 'A second registration under a name the same layer already holds throws and leaves the existing registration untouched.',
    sources: [seed('000', '§Cordis API (register)'), seed('002', '§ctx.tools.register')],
    quotes: [
      quote('000', '§Cordis API (register)', 'Scoped tools shadow globals; duplicates within one layer and the reserved `run_code` name fail.'),
      quote('002', '§ctx.tools.register', 'Scoped tools shadow globals; duplicates within one layer and the reserved `run_code` name fail.'),
    ],
  },
  {
    id: 'REG-06',
    level: 'must',
    statement:
      'A definition lands in the layer of the context register() is called through (the global ctx.tools or one agent scope), so the same name can live once in each layer and every scope resolves its own.',
    sources: [seed('000', '§Cordis API (register)'), seed('002', '§ctx.tools.register')],
    quotes: [
      quote('000', '§Cordis API (register)', 'Register globally or in the calling agent scope.'),
      quote('000', '§Cordis API (register)', 'Scoped tools shadow globals; duplicates within one layer and the reserved `run_code` name fail.'),
      quote('002', '§ctx.tools', 'Scoped registrations shadow globals; one visibility resolver feeds presentation, lookup, and dispatch.'),
      quote('000', '§Cordis API (get)', 'Look up a tool as one scope sees it (scoped shadows global; a restricted-away global reads as absent).'),
    ],
    requires: ['scopes'],
  },
  {
    id: 'REG-07',
    level: 'must',
    statement:
      "A registration refused by any of register()'s checks (output shape, output schema, timeoutMs, the reserved name, duplicates) leaves no entry behind and emits no tools/change. The order of the checks is REG-21's.",
    sources: [seed('000', '§Cordis API (register)'), seed('000', '§统一的 JSON 值 schema DSL'), seed('000', '§tools/change')],
    quotes: [
      quote('000', '§Cordis API (register)', 'Scoped tools shadow globals; duplicates within one layer and the reserved `run_code` name fail.'),
      quote('000', '§统一的 JSON 值 schema DSL', '要求它声明 `output`，校验其原始 schema，并检查 `timeoutMs` 必须为正有限值等语义要求'),
      quote('000', '§tools/change', 'A tool was registered or unregistered, or a scoped restriction changed'),
    ],
  },
  {
    id: 'REG-08',
    level: 'upstream',
    statement:
      'register() does not check name, description or parameters, so a parameters object using keywords outside the enforced subset is accepted and projected as given.',
    sources: [seed('000', '§统一的 JSON 值 schema DSL'), upstream('parameters are not validated at registration')],
    evidence: [
      evidence('packages/core/tools/tests/tools.spec.ts', 2206, 'still accepts raw JSON-Schema ToolDefinition directly (MCP interop)'),
      evidence('packages/core/tools/src/index.ts', 1045, 'assertSupportedJsonSchema(output.schema)'),
    ],
    divergence:
      'The seeds say that at registration the registry "校验其原始 schema" (validates its raw schema) and never exempt parameters, which if anything points the other way; upstream validates only the output schema and timeoutMs, so parameters outside the subset register and are projected as given.',
  },
  {
    id: 'REG-09',
    level: 'must',
    statement:
      "The registry holds the very definition object it was given (borrowed, not copied), and get() returns that same object. That the entry stays under the name read at registration when the object is renamed afterwards is REG-25's.",
    sources: [seed('000', '§统一的 JSON 值 schema DSL'), upstream('name read once, as the layer key')],
    quotes: [
      quote('000', '§统一的 JSON 值 schema DSL', '注册表以 readonly 输入借用已类型化定义'),
      quote('000', '§统一的 JSON 值 schema DSL', '使执行和展示共享同一份已解析定义'),
      quote('000', '§Cordis API (get)', '@returns the definition the scope resolves, or undefined when none is visible.'),
    ],
  },
  {
    id: 'REG-10',
    level: 'must',
    statement:
      "register() returns a disposer; calling it unregisters that registration, so the tool is no longer resolved in that layer while other registrations stay. That a second call is harmless and never removes a later registration of the same name, and that disposing the owning scope removes the scope's registrations, are REG-26's.",
    sources: [seed('000', '§Cordis API (register)'), seed('002', '§ctx.tools.register')],
    quotes: [
      quote('000', '§Cordis API (register)', '@returns the exact disposer that unregisters the tool.'),
      quote('002', '§ctx.tools.register', '@returns the exact disposer that unregisters the tool.'),
    ],
  },
  {
    id: 'REG-11',
    level: 'must',
    statement:
      "Every successful registration and every unregistration emits exactly one tools/change. What a throwing tools/change listener does to register() is REG-22's.",
    sources: [seed('000', '§tools/change')],
    quotes: [quote('000', '§tools/change', 'A tool was registered or unregistered, or a scoped restriction changed')],
    requires: ['changeEvents'],
  },
  // REG-22: seed 000 calls tools/change an emit, "An UNFILTERED registry-subject notification"; nothing says a throwing
  // listener fails register(), nor that the registration is then undone. Containing the listener's failure is as good
  // a reading.
  {
    id: 'REG-22',
    level: 'upstream',
    statement:
      'When a tools/change listener throws during register(), register() throws that very error and the registration is undone: the name is absent from get() and schemas(), and registers again exactly once.',
    sources: [seed('000', '§tools/change'), upstream('rollback when a change listener throws')],
    evidence: [
      evidence('packages/core/tools/tests/tools.spec.ts', 2003, 'rolls back the tool entry when a tools/change listener throws (P1-1)'),
      evidence('packages/core/tools/tests/tools.spec.ts', 2012, "expect(() => ctx.tools.register(echoTool)).toThrow('boom change listener')"),
      evidence('packages/core/scope/tests/store.spec.ts', 259, 'rolls back a scoped insertion when notification throws'),
    ],
    divergence:
      'How many tools/change events the rollback itself emits is left open by the kit (seed 000 §tools/change does not say); upstream emits a second one.',
    requires: ['changeEvents'],
  },
  // REG-21: the seeds list register()'s checks ("要求它声明 `output`，校验其原始 schema，并检查 `timeoutMs`…"; "duplicates
  // within one layer and the reserved `run_code` name fail") but not their order.
  {
    id: 'REG-21',
    level: 'upstream',
    statement:
      'register() checks the output shape, then the output schema, then timeoutMs, then the reserved name, so a definition failing several checks is refused for the first of them.',
    sources: [upstream('validation order of register')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1043, 'must declare output { schema, render, presentationMeta? }'),
      evidence('packages/core/tools/src/index.ts', 1045, 'assertSupportedJsonSchema(output.schema)'),
      evidence('packages/core/tools/src/index.ts', 1049, 'timeoutMs must be a positive finite number'),
      evidence('packages/core/tools/src/index.ts', 1055, 'is reserved for the Code Mode presentation transport'),
    ],
  },
  {
    id: 'REG-12',
    level: 'upstream',
    statement: "Removing the last registration, restriction or guard of a scope discards that scope's empty layer, and lookups never create layers.",
    sources: [upstream('scoped layer reclamation')],
    evidence: [
      evidence(
        'packages/core/scope/tests/store.spec.ts',
        130,
        'uses the same scoped context for lazy visibility and ownership, and reclaims only an empty aggregate',
      ),
      evidence('packages/core/scope/src/store.ts', 259, 'if (scope !== undefined && layer.isEmpty()) this.scoped.delete(scope)'),
      evidence('packages/core/scope/src/store.ts', 155, 'Reads never create scoped layers.'),
    ],
    untestable: 'internal storage reclamation is not observable through the adapter contract; the visible effect of removal is checked by REG-10',
  },
  {
    id: 'REG-13',
    level: 'should',
    statement: 'The TypeError for a malformed output declaration reads `tool "<name>" must declare output { schema, render, presentationMeta? }`.',
    sources: [upstream('message of the output-shape check')],
  },
  {
    id: 'REG-14',
    level: 'should',
    statement: 'The UNSUPPORTED_SCHEMA error raised for a bad output schema has a message beginning `unsupported JSON schema: ` and is a JsonSchemaError.',
    sources: [upstream('JsonSchemaError name and message')],
  },
  {
    id: 'REG-15',
    level: 'should',
    statement: 'The TypeError for a bad timeoutMs reads `tool "<name>" timeoutMs must be a positive finite number`.',
    sources: [upstream('message of the timeout check')],
  },
  {
    id: 'REG-16',
    level: 'should',
    statement:
      'The error for registering run_code reads `tool name "run_code" is reserved for the Code Mode presentation transport and cannot be registered or shadowed`.',
    sources: [upstream('message of the reserved-name check')],
  },
  {
    id: 'REG-17',
    level: 'should',
    statement:
      'A duplicate in the global layer is reported as `tool "<name>" is already registered (for a per-agent variant, register through that agent\'s `agent.ctx` instead)`.',
    sources: [upstream('message of the global duplicate check')],
  },
  {
    id: 'REG-18',
    level: 'should',
    statement: 'A duplicate in a scoped layer is reported as `tool "<name>" is already registered in this scope`.',
    sources: [upstream('message of the scoped duplicate check')],
    requires: ['scopes'],
  },
  {
    id: 'REG-19',
    level: 'must',
    statement: 'tools/change carries no payload: the registry calls its listeners without arguments.',
    sources: [seed('000', '§tools/change')],
    quotes: [quote('000', '§tools/change', "'tools/change'(): void")],
    requires: ['changeEvents'],
  },
  // REG-20: the seeds say only that these registrations fail, naming no error class, and upstream's own
  // specs ("requires every raw registration to declare its canonical output", "rejects a non-positive or
  // non-finite registration timeout") pin only the message; the class is upstream's source alone. The
  // reserved-name refusal (REG-04) is a plain Error upstream (index.ts:1055), so the rule leaves it out.
  {
    id: 'REG-20',
    level: 'upstream',
    statement:
      'The errors register() throws for a malformed output declaration (REG-01) and for a timeoutMs that is not a positive finite number (REG-03) are TypeErrors.',
    sources: [upstream('class of the output-shape and timeoutMs checks')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1043, 'throw new TypeError(`tool "${name}" must declare output { schema, render, presentationMeta? }`)'),
      evidence('packages/core/tools/src/index.ts', 1049, 'throw new TypeError(`tool "${name}" timeoutMs must be a positive finite number`)'),
    ],
  },
  // REG-23: the seeds name the error (`JsonSchemaError`) but no code for it: open point OP-01.
  {
    id: 'REG-23',
    level: 'upstream',
    statement:
      "The error register() lets through for an output schema outside the enforced subset (REG-02) carries code UNSUPPORTED_SCHEMA, the assertion's own (JSS-13).",
    sources: [upstream('register() asserts the raw output schema; JsonSchemaError is coded UNSUPPORTED_SCHEMA')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1045, 'assertSupportedJsonSchema(output.schema)'),
      evidence('packages/core/tools/src/json-schema.ts', 70, "'UNSUPPORTED_SCHEMA')"),
    ],
    divergence: 'The seeds name no code for a schema rejection (`JsonSchemaError` reports the bad paths); upstream codes it UNSUPPORTED_SCHEMA.',
  },
  // REG-24..26: what the must rules REG-01, REG-09 and REG-10 asserted beyond their quotes (issue 37 part 5), as upstream pins it.
  {
    id: 'REG-24',
    level: 'upstream',
    statement:
      'register() throws, registering nothing, when output is not an object, when output.render is not a function, or when output.presentationMeta is present but is not a function.',
    sources: [upstream('output shape check at registration')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1041, "|| typeof output.render !== 'function'"),
      evidence('packages/core/tools/src/index.ts', 1042, "|| (output.presentationMeta !== undefined && typeof output.presentationMeta !== 'function')) {"),
    ],
  },
  {
    id: 'REG-25',
    level: 'upstream',
    statement:
      'register() reads the name once, as the layer key: renaming the definition object afterwards does not move its entry, which get() and execute() still find under the old name.',
    sources: [upstream('name read once, as the layer key')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1038, 'const name = definition.name'),
      evidence('packages/core/tools/src/index.ts', 1059, 'layer => layer.tools.insert(name, definition),'),
    ],
  },
  {
    id: 'REG-26',
    level: 'upstream',
    statement:
      "A register() disposer is idempotent: called again it does nothing, never removing a later registration of the same name; and disposing the owning scope removes the scope's registrations and nothing else.",
    sources: [upstream('effect disposers of the scope store')],
    evidence: [
      evidence(
        'packages/core/scope/tests/store.spec.ts',
        174,
        'runs action, notification, undo, and disposal notification in order with Cordis idempotence and labels',
      ),
      evidence('packages/core/tools/tests/scoped.spec.ts', 109, 'disposing the scope unwinds its registrations and leaves no residue'),
    ],
  },
  // REG-27: "duplicates within one layer ... fail" and "Scoped tools shadow globals" leave open whether a scope may
  // register a name one of its ancestor scopes registered (open point OP-09).
  {
    id: 'REG-27',
    level: 'upstream',
    statement:
      "A scope may register a name one of its ancestor scopes registers: register() succeeds and the scope's registration shadows the ancestor's for the scope (open point OP-09; at must level duplicates within one layer fail, REG-05, and a scoped registration shadows a global one, REG-06).",
    sources: [upstream('duplicates are checked per layer; a nearer scope shadows a farther one')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 728, 'is already registered in this scope'),
      evidence('packages/core/tools/src/index.ts', 1159, "// Inherited surface, nearest ancestor last: a nearer scope's same-name"),
    ],
    requires: ['scopes', 'scopeParents'],
  },
])
