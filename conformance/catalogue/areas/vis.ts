import { defineArea, evidence, quote, seed, upstream } from '../define.ts'

/**
 * VIS rules. Tests: conformance/suite/vis.test.ts.
 *
 * Rules that only need ancestors for part of their checks require `scopes`;
 * the tests for the ancestor part add `scopeParents` themselves.
 */
export const VIS_RULES = defineArea('VIS', [
  {
    id: 'VIS-01',
    level: 'must',
    statement:
      "A scope sees what it inherits (the global tools and its ancestors' registrations, a scoped registration shadowing a global one of the same name) minus the global tools its own restrictions exclude, plus its own registrations, which are never filtered and shadow inherited entries of the same name. Which of several ancestors' same-name entries it inherits is VIS-30's, whether restrictions filter ancestors' registrations VIS-31's (the seeds contradict each other), whether an ancestor's restriction narrows the scope's view VIS-32's, and whether it hides that ancestor's own registrations VIS-26's.",
    sources: [seed('000', '§ToolRestriction'), seed('000', '§Cordis API (ctx.tools)')],
    quotes: [
      quote('000', '§ToolRestriction', '`ToolRestriction` 作用于该作用域继承来的工具：部署全局层，加上其链上的每个祖先作用域。'),
      quote('000', '§ToolRestriction', '注册表将 readonly 名称编译为私有集合，对多个限制取交集，再叠加该作用域**自身**的注册——后者不受约束'),
      quote('000', '§Cordis API (ctx.tools)', 'Scoped registrations shadow globals; one visibility resolver feeds presentation, lookup, and dispatch.'),
      quote('000', '§ToolRestriction (deny)', 'Global tool names removed from visibility.'),
    ],
    requires: ['scopes'],
  },
  {
    id: 'VIS-02',
    level: 'must',
    statement:
      "get(name, scope) returns the definition in that scope's view or undefined, and get(name) with no scope reads the global layer alone, where scope-local names do not exist.",
    sources: [seed('000', '§Cordis API (get)'), seed('002', '§ctx.tools.get')],
    quotes: [
      quote('002', '§ctx.tools.get', 'Look up a tool as one scope sees it (scoped shadows global; a restricted-away global reads as absent).'),
      quote('002', '§ctx.tools.get', 'the viewing scope (the agent); omitted = the global view.'),
      quote('002', '§ctx.tools.get', 'the definition the scope resolves, or undefined when none is visible.'),
      quote('000', '§Cordis API (register)', 'Register globally or in the calling agent scope.'),
    ],
  },
  {
    id: 'VIS-03',
    level: 'must',
    statement:
      "Executing a name outside the caller's view, whether it is registered in another scope, restricted away or registered nowhere, fails with UNKNOWN_TOOL and never enters a body.",
    sources: [seed('000', '§Cordis API (execute)'), seed('002', '§ctx.tools.execute'), seed('001', 'L15-16')],
    quotes: [
      quote('000', '§Cordis API (execute)', 'an invisible tool reports `UNKNOWN_TOOL`'),
      quote('000', '§Cordis API (ctx.tools)', 'one visibility resolver feeds presentation, lookup, and dispatch.'),
      quote('000', '§执行', '未知工具和抛出异常的工具都会变为结构化错误（`ToolNotFoundError` 映射为 `UNKNOWN_TOOL`）'),
      quote('000', '§执行 (ToolFailure)', 'Internal error class/code used by policy and durable diagnostics.'),
      quote('001', 'L16', '真正执行时，还要重新按调用环境解析一遍。不然模型拿着旧 schema，或者猜一个未授权的名字，就可能绕过当前视图。'),
      quote('001', 'L14', '被拒绝的调用，根本不会进函数体。'),
    ],
  },
  {
    id: 'VIS-04',
    level: 'upstream',
    statement: 'restrict() called through the global context throws instead of installing a filter.',
    sources: [seed('000', '§Cordis API (restrict)'), seed('002', '§ctx.tools.restrict')],
    evidence: [
      evidence('packages/core/tools/tests/scoped.spec.ts', 184, 'fails loud on an unscoped call, an empty filter, and names it does not inherit'),
      evidence('packages/core/tools/src/index.ts', 1074, 'tools.restrict() requires a scoped context'),
    ],
  },
  {
    id: 'VIS-05',
    level: 'must',
    statement: 'restrict() with neither an allow nor a deny list throws.',
    sources: [seed('000', '§Cordis API (restrict)'), seed('002', '§ctx.tools.restrict')],
    quotes: [
      quote('000', '§Cordis API (restrict)', 'Empty filters, unknown names, scope-local names, and reserved transport names fail.'),
      quote('002', '§ctx.tools.restrict', 'Empty filters, unknown names, scope-local names, and reserved transport names fail.'),
    ],
    requires: ['scopes'],
  },
  {
    id: 'VIS-06',
    level: 'must',
    statement: 'restrict() throws when run_code appears in its allow or deny list.',
    sources: [seed('000', '§Cordis API (restrict)'), seed('002', '§ctx.tools.restrict')],
    quotes: [
      quote('000', '§Cordis API (restrict)', 'Empty filters, unknown names, scope-local names, and reserved transport names fail.'),
      quote('000', '§Cordis API (register)', 'duplicates within one layer and the reserved `run_code` name fail.'),
      quote('000', '§ToolRestriction', 'Restrictions intersect and do not affect scoped registrations or the reserved Code Mode transport.'),
    ],
    requires: ['scopes'],
  },
  {
    id: 'VIS-07',
    level: 'must',
    statement:
      "restrict() throws, installing nothing, when it lists a name registered in no layer or a name that exists only in the calling scope's own layer; it accepts a global tool name the scope sees. Whether a name registered only in a scope that is not its ancestor may be named is VIS-36's (the seeds do not say what 'unknown' is measured against), whether a name only an ancestor registered may be named VIS-31's (the seeds contradict each other), whether a name an ancestor's restriction hides may be named VIS-26's.",
    sources: [seed('000', '§Cordis API (restrict)'), seed('002', '§ctx.tools.restrict')],
    quotes: [
      quote('000', '§Cordis API (restrict)', 'Empty filters, unknown names, scope-local names, and reserved transport names fail.'),
      quote('002', '§ctx.tools.restrict', 'Empty filters, unknown names, scope-local names, and reserved transport names fail.'),
      quote('000', '§ToolRestriction', '`ToolRestriction` 作用于该作用域继承来的工具：部署全局层，加上其链上的每个祖先作用域。'),
    ],
    requires: ['scopes'],
  },
  {
    id: 'VIS-08',
    level: 'must',
    statement:
      'restrict() copies its lists when called and applies them live: an inherited tool registered later stays hidden under an allow list that does not name it and stays visible under a deny list.',
    sources: [seed('000', '§ToolRestriction')],
    quotes: [
      quote('000', '§ToolRestriction', '单个作用域对其继承内容的实时过滤器'),
      quote('000', '§ToolRestriction', '注册表将 readonly 名称编译为私有集合'),
      quote('000', '§ToolRestriction', '仅 deny 的过滤器允许后续未列出的继承工具通过，而 allow 列表则排除它们。'),
    ],
    requires: ['scopes'],
  },
  {
    id: 'VIS-09',
    level: 'must',
    statement:
      "A filter with both lists admits a name only when allow names it and deny does not, several restrictions intersect, and each restriction's disposer lifts only that restriction.",
    sources: [seed('000', '§ToolRestriction'), seed('000', '§Cordis API (restrict)'), upstream('combined allow and deny')],
    quotes: [
      quote('000', '§ToolRestriction', '注册表将 readonly 名称编译为私有集合，对多个限制取交集'),
      quote('000', '§Cordis API (restrict)', 'global-tool mask: `allow` (keep only) and/or `deny` (remove).'),
      quote('002', '§ctx.tools.restrict', 'global-surface mask: `allow` (keep only) and/or `deny` (remove).'),
      quote('000', '§Cordis API (restrict)', 'the exact disposer that lifts this restriction.'),
    ],
    requires: ['scopes'],
  },
  {
    id: 'VIS-10',
    level: 'must',
    statement:
      "A restriction installed through a scope narrows that scope's view of the global tools it inherits; it never changes an ancestor's view or the global view (whether it also narrows ancestors' registrations is VIS-31's, whether it narrows its descendants' views VIS-32's, and VIS-26 as before).",
    sources: [seed('000', '§ToolRestriction'), seed('000', '§Cordis API (restrict)')],
    quotes: [
      quote('000', '§ToolRestriction', '`ToolRestriction` 作用于该作用域继承来的工具：部署全局层，加上其链上的每个祖先作用域。'),
      quote('000', '§ToolRestriction', '单个作用域对其继承内容的实时过滤器'),
      quote('002', '§ctx.tools.restrict', 'Restrict global tools for the calling agent scope.'),
    ],
    requires: ['scopes', 'scopeParents'],
  },
  {
    id: 'VIS-11',
    level: 'must',
    statement: 'A scope always sees its own registrations, whatever restrictions it or its ancestors carry.',
    sources: [seed('000', '§ToolRestriction'), seed('002', '§ctx.tools.restrict')],
    quotes: [
      quote('000', '§ToolRestriction', '再叠加该作用域**自身**的注册——后者不受约束，因此被委派的子 agent 会保留其回报所依赖的工具。'),
      quote('000', '§ToolRestriction', 'Restrictions intersect and do not affect scoped registrations or the reserved Code Mode transport.'),
      quote('002', '§ctx.tools.restrict', 'Restrictions intersect; scoped registrations remain visible.'),
    ],
    requires: ['scopes'],
  },
  {
    id: 'VIS-12',
    level: 'upstream',
    statement:
      '{ allow: [] } is accepted and hides every inherited tool, { deny: [] } is accepted and changes nothing, and a restriction stays in force after a tool it names is unregistered.',
    sources: [upstream('restriction edge cases'), seed('000', '§Cordis API (restrict)')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1078, 'if (allow === undefined && deny === undefined) {'),
      evidence('packages/core/tools/src/index.ts', 1082, '...allow !== undefined ? { allow: new Set(allow) } : {},'),
    ],
    divergence:
      'The seeds say "Empty filters, unknown names, scope-local names, and reserved transport names fail", which if anything points the other way for { allow: [] } and { deny: [] }; the kit, like upstream, reads that as a filter with neither list (VIS-05) and accepts empty lists (seed 000 §Cordis API (restrict)).',
    requires: ['scopes'],
  },
  {
    id: 'VIS-13',
    level: 'must',
    statement:
      'No restriction hides run_code or changes what a scope sees of it (a restricted scope sees run_code exactly as an unrestricted scope of the same presentation does), and no registration can shadow it (registering the name fails in every layer); where run_code appears in a view is CM-02, PRES-11 and SCH-06.',
    sources: [seed('000', '§ToolRestriction'), seed('000', '§Cordis API (register)')],
    quotes: [
      quote('000', '§ToolRestriction', 'Restrictions intersect and do not affect scoped registrations or the reserved Code Mode transport.'),
      quote('000', '§Cordis API (register)', 'duplicates within one layer and the reserved `run_code` name fail.'),
    ],
    requires: ['codeMode', 'scopes'],
  },
  {
    id: 'VIS-14',
    level: 'must',
    statement:
      'Installing a restriction and lifting it each emit exactly one tools/change, and calling the lift again emits none (nothing changed); adding or removing a guard never does.',
    sources: [seed('000', '§tools/change'), upstream('guards do not announce changes')],
    quotes: [
      quote(
        '000',
        '§tools/change',
        'A tool was registered or unregistered, or a scoped restriction changed (the available tool set changed — possibly for one scope only).',
      ),
    ],
    requires: ['scopes', 'changeEvents'],
  },
  {
    id: 'VIS-15',
    level: 'must',
    statement:
      "get(), schemas(), executionMode() and execute() resolve names through the same per-scope view: for a call from a scope, the definition execute() dispatches and executionMode() classifies is the one get(name, scope) returns, a name get(name, scope) does not resolve is never dispatched (UNKNOWN_TOOL), and in the native presentation schemas(scope) lists exactly the definitions get() resolves (what Code Mode announces is the CM rules').",
    sources: [seed('000', '§Cordis API (ctx.tools)'), seed('002', '§ctx.tools'), seed('001', 'L16')],
    quotes: [
      quote('000', '§Cordis API (ctx.tools)', 'Scoped registrations shadow globals; one visibility resolver feeds presentation, lookup, and dispatch.'),
      quote('000', '§Cordis API (executionMode)', "Classify a pending call through the caller's visible tool definition."),
      quote('000', '§Cordis API (get)', 'Presenters pass the calling agent so the rendered card matches the definition that actually executed.'),
      quote('001', 'L16', '真正执行时，还要重新按调用环境解析一遍。'),
    ],
  },
  {
    id: 'VIS-16',
    level: 'upstream',
    statement:
      "The tool is resolved again, against the caller's view at that moment, at body dispatch, at a post-execute value replacement and when a wrapper's own success is normalized, so a tool removed or restricted away after pre-execute fails there with UNKNOWN_TOOL and one registered meanwhile is found. This rule alone owns re-resolution: the rules of those stages (EXE-02, EXE-06, EXE-11, POST-08, FIN-01) leave it to VIS-16.",
    sources: [seed('001', 'L16'), upstream('live re-resolution')],
    evidence: [
      evidence('packages/core/tools/tests/tools.spec.ts', 492, 'fails value replacement when the owning tool disappears before post-policy resolves'),
      evidence('packages/core/tools/tests/tools.spec.ts', 535, 'fails wrapper-authored success normalization when the owning tool disappears'),
      evidence('packages/core/tools/src/index.ts', 1547, 'if (!tool) throw new ToolNotFoundError(exec.name)'),
      evidence('packages/core/tools/src/index.ts', 1769, 'if (tool === undefined) throw new ToolNotFoundError(exec.name)'),
      evidence('packages/core/tools/src/index.ts', 1838, 'if (tool === undefined) throw new ToolNotFoundError(exec.name)'),
    ],
  },
  {
    id: 'VIS-17',
    level: 'must',
    statement: "A scope created with a parent sees the registrations of its whole ancestor chain, while ancestors never see a descendant's registrations.",
    sources: [seed('000', '§ToolRestriction'), upstream('scope parent binding')],
    quotes: [quote('000', '§ToolRestriction', '`ToolRestriction` 作用于该作用域继承来的工具：部署全局层，加上其链上的每个祖先作用域。')],
    requires: ['scopes', 'scopeParents'],
  },
  {
    id: 'VIS-18',
    level: 'must',
    statement:
      "A listener added through a scope receives tools/pre-execute, tools/execute, tools/post-execute and tools/result only for calls whose agent is that scope and never for other agents' calls, its ancestors' included (whether also for a descendant's is VIS-27's); global listeners are not filtered by agent (they receive every call that reaches that event); agent-less calls reach global listeners only; and tools/change reaches scope listeners unfiltered.",
    sources: [seed('000', '§tools/* events'), seed('000', '§tools/change')],
    quotes: [
      quote('000', '§tools/pre-execute', "Scope-filtered dispatch (`@deepseek-ai/dsh-scope`): agent-scoped listeners receive only that agent's calls."),
      quote('000', '§tools/execute', "Scope-filtered dispatch (`@deepseek-ai/dsh-scope`): agent-scoped listeners receive only that agent's calls."),
      quote('000', '§tools/post-execute', "Scope-filtered dispatch (`@deepseek-ai/dsh-scope`): agent-scoped listeners receive only that agent's calls."),
      quote('000', '§tools/result', 'Scope-filtered dispatch (`@deepseek-ai/dsh-scope`): keyed by `exec.agent`.'),
      quote(
        '000',
        '§tools/change',
        "An UNFILTERED registry-subject notification, deliberately not scope-filtered dispatch: a global change concerns every agent's next assembly, so a scoped listener subscribing here sees every change, not just its own scope's.",
      ),
    ],
    requires: ['scopes'],
  },
  {
    id: 'VIS-19',
    level: 'should',
    statement: 'The UNKNOWN_TOOL failure for an out-of-view name has the message `unknown tool "<name>"` (its enveloped content is ERR-19\'s).',
    sources: [upstream('ToolNotFoundError message')],
  },
  {
    id: 'VIS-20',
    level: 'should',
    statement: 'The error of a restrict() through the global context matches `requires a scoped context`.',
    sources: [upstream('message of the unscoped restrict check')],
  },
  {
    id: 'VIS-21',
    level: 'should',
    statement: 'The error of a restrict() with neither list matches `no-op`.',
    sources: [upstream('message of the empty restrict check')],
    requires: ['scopes'],
  },
  {
    id: 'VIS-22',
    level: 'should',
    statement: 'The error of a restrict() naming run_code matches `cannot name reserved Code Mode presentation transport`.',
    sources: [upstream('message of the reserved restrict check')],
    requires: ['scopes'],
  },
  {
    id: 'VIS-23',
    level: 'should',
    statement:
      'An unknown restricted name is reported as `tools.restrict() names unknown global tool "<a>"; known global tools: <sorted names>`, several as `unknown global tools "<a>", "<b>"`, and an empty inherited set as `(none)`.',
    sources: [upstream('message of the restrictable-name check')],
    requires: ['scopes'],
  },
  // VIS-25: seed 000 says only that "an invisible tool reports `UNKNOWN_TOOL`" (and, for Code Mode, that a
  // model-direct call is denied "before the policy pipeline"); seed 001 lists "查找与输入准备 → pre-execute / 审批 /
  // guards". Ending an out-of-view call at lookup, before any policy stage, is as good a reading, so the must rules
  // (VIS-03, PRE-03, ERR-05, POST-01, FIN-06) accept both; upstream's traversal is this rule's.
  {
    id: 'VIS-25',
    level: 'upstream',
    statement:
      "A call naming a tool outside the caller's view (registered nowhere, only in another scope, or restricted away) is not refused at entry: it passes through tools/pre-execute, the guards, tools/execute and tools/post-execute like any call, so a pre-execute deny or a guard denial decides it, and only the base dispatch turns it into UNKNOWN_TOOL (Code Mode's collapse of a model-direct call aside).",
    sources: [seed('000', '§Cordis API (execute)'), upstream('unknown names reach policy; lookup failure is raised by the base dispatch')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1380, 'const visible = this.get(name, agent)'),
      evidence('packages/core/tools/src/index.ts', 1445, "return { kind: 'ready', exec: execution }"),
      evidence('packages/core/tools/src/index.ts', 1547, 'if (!tool) throw new ToolNotFoundError(exec.name)'),
    ],
  },
  // VIS-26: seed 000 §ToolRestriction says a restriction acts on what the scope inherits ("部署全局层，加上其链上的每个祖先作用域")
  // and that the scope's OWN registrations escape it, while its type comment says "Restrictions intersect and do not
  // affect scoped registrations". Whether an ancestor's registrations, as its descendants inherit them, escape that
  // ancestor's own restriction, and whether a name an ancestor hid still counts as inherited, the two passages leave open.
  {
    id: 'VIS-26',
    level: 'upstream',
    statement:
      "Every restriction on a scope's chain filters the scope's whole inherited surface: an ancestor's restriction also hides the ancestor's own registrations (and those of its ancestors) from every descendant, while the ancestor itself still sees its own; and restrict() accepts any name registered globally or by an ancestor, even one an ancestor's restriction hides from the scope.",
    sources: [
      seed('000', '§ToolRestriction'),
      upstream('restrictions intersect across the whole chain; restrictable names are the pre-restriction inherited ones'),
    ],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1174, 'if (layers.every(layer => layer.admits(name))) visible.set(name, definition)'),
      evidence('packages/core/tools/src/index.ts', 1171, 'restrictableNames.add(name)'),
      evidence('packages/core/tools/src/index.ts', 1088, 'const known = this.view(scope).restrictableNames'),
      evidence('packages/core/tools/tests/scoped.spec.ts', 252, 'restriction reach every scope nested inside it'),
    ],
    // Only ancestors make a difference: its tests need scopeParents, and the laws charge it incidentally only where a forest has parents.
    requires: ['scopes', 'scopeParents'],
  },
  {
    id: 'VIS-24',
    level: 'upstream',
    statement:
      'The disposer that subscribing a tools/* listener returns unsubscribes exactly that listener, the others keeping their place, and calling it again changes nothing; disposing a scope unsubscribes the listeners added through it.',
    sources: [seed('000', '§tools/* events'), upstream('listener subscriptions are exact, idempotent Cordis effects owned by their context')],
    evidence: [
      evidence('packages/core/tools/tests/tools.spec.ts', 600, "const veto = ctx.on('tools/post-execute'"),
      evidence('packages/core/scope/src/index.ts', 111, 'Dispose every scope-owned registration'),
      evidence('packages/core/scope/tests/scope.spec.ts', 41, 'is usable synchronously before the backing fiber activates'),
    ],
  },
  // VIS-27: "agent-scoped listeners receive only that agent's calls" and a guard through `agent.ctx` "applies only to
  // that agent" leave open whether a descendant agent's calls count: open point OP-03.
  {
    id: 'VIS-27',
    level: 'upstream',
    statement:
      "The tools/pre-execute, tools/execute, tools/post-execute and tools/result listeners and the guards of a scope also hear the calls whose agent is a descendant of that scope (a scope's own calls are VIS-18's and GRD-04's).",
    sources: [upstream('scope-filtered dispatch admits a listener tagged with an ancestor of the dispatch key; guards are read along the scope chain')],
    evidence: [
      evidence('packages/core/scope/src/index.ts', 161, 'of its ancestors ({@link bindScopeParent}): a listener owned by an enclosing'),
      evidence('packages/core/tools/src/index.ts', 1123, 'for (const layer of this.layers.chainLayers(exec.agent)) {'),
    ],
    divergence:
      'Seed 000 says agent-scoped listeners "receive only that agent\'s calls" and a scoped guard "applies only to that agent": hearing exactly that agent is as good a reading; upstream lets a scope hear its descendants.',
    requires: ['scopes', 'scopeParents'],
  },
  {
    id: 'VIS-30',
    level: 'upstream',
    statement:
      "Of same-name registrations by several ancestors, a scope inherits the nearest ancestor's (open point OP-37; at must level the scope's own registration shadows every inherited one and a scoped registration a global one, VIS-01).",
    sources: [upstream('view resolution order: nearer ancestors shadow farther ones')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1159, "// Inherited surface, nearest ancestor last: a nearer scope's same-name"),
      evidence('packages/core/tools/src/index.ts', 1164, 'for (const [name, definition] of layer.tools.entries()) inherited.set(name, definition)'),
    ],
    divergence: 'The seeds rank scoped registrations over globals and own registrations over inherited ones, but not two ancestors against each other.',
    requires: ['scopes', 'scopeParents'],
  },
  {
    id: 'VIS-31',
    level: 'upstream',
    statement:
      "A scope's restrictions also filter the registrations it inherits from its ancestors, and restrict() accepts a name only an ancestor registered (open point OP-38; at must level a restriction filters the global tools, VIS-01 and VIS-10, and accepts a global name, VIS-07).",
    sources: [seed('000', '§ToolRestriction'), upstream('restrictions cover the whole inherited surface')],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1171, 'restrictableNames.add(name)'),
      evidence('packages/core/tools/src/index.ts', 1174, 'if (layers.every(layer => layer.admits(name))) visible.set(name, definition)'),
    ],
    divergence:
      'Seed 000 contradicts itself: its prose has a restriction act on everything the scope inherits ("部署全局层，加上其链上的每个祖先作用域"), its JSDoc on global tools only ("Per-scope filter over global tools. Restrictions intersect and do not affect scoped registrations"; allow and deny hold "Global tool names"). Upstream follows the prose.',
    requires: ['scopes', 'scopeParents'],
  },
  {
    id: 'VIS-32',
    level: 'upstream',
    statement:
      "An ancestor's restriction narrows what every scope nested inside it inherits: a global tool it excludes is hidden from its descendants as from itself (open point OP-39; at must level a restriction narrows the installing scope's view, VIS-10; whether it also hides the ancestor's own registrations is VIS-26's).",
    sources: [upstream('restrictions intersect along the scope chain')],
    evidence: [
      evidence('packages/core/tools/tests/scoped.spec.ts', 252, 'restriction reach every scope nested inside it'),
      evidence('packages/core/tools/src/index.ts', 1174, 'if (layers.every(layer => layer.admits(name))) visible.set(name, definition)'),
    ],
    divergence:
      'Seed 000 calls a restriction "单个作用域对其继承内容的实时过滤器" and restrict() acts "for the calling agent scope": nothing says descendants inherit the filter; upstream intersects every restriction on the chain.',
    requires: ['scopes', 'scopeParents'],
  },
  // VIS-36: seeds 000 and 002 fail "unknown names" and "scope-local names" in restrict() without saying whether
  // "unknown" means unknown to the registry or to the calling scope: a name only a sibling or a descendant registered
  // is neither registered nowhere nor local to the caller (issue 37, part 3: what VIS-07 demanded beyond its quotes).
  {
    id: 'VIS-36',
    level: 'upstream',
    statement:
      "restrict() throws, installing nothing, when it lists a name registered only in a scope that is not the calling scope's ancestor (a sibling's or a descendant's registration): a name counts as known only if the calling scope inherits it (at must level a name registered in no layer and a name only the scope itself registered fail, VIS-07).",
    sources: [seed('000', '§Cordis API (restrict)'), upstream("restrict() measures unknown names against the calling scope's restrictable names")],
    evidence: [
      evidence('packages/core/tools/src/index.ts', 1088, 'const known = this.view(scope).restrictableNames'),
      evidence('packages/core/tools/src/index.ts', 1089, 'const unknown = [...allow ?? [], ...deny ?? []].filter(name => !known.has(name))'),
    ],
    divergence:
      'Seeds 000 and 002 say "Empty filters, unknown names, scope-local names, and reserved transport names fail" without saying what a name is unknown to: a registry that counts a name another scope registered as known, and accepts it, is as good a reading.',
    requires: ['scopes'],
  },
])
