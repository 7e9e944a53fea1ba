import { defineArea, seed, upstream } from '../define.ts'

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
      'A scope sees the inherited tools (the global layer, then each ancestor from farthest to nearest, a nearer same-name entry replacing a farther one), minus whatever any restriction on its chain excludes, plus its own registrations, which are never filtered and shadow inherited entries of the same name.',
    sources: [seed('000', '§ToolRestriction'), seed('000', '§Cordis API (ctx.tools)'), upstream('view resolution order')],
    requires: ['scopes'],
  },
  {
    id: 'VIS-02',
    level: 'must',
    statement:
      'get(name, scope) returns the definition in that scope\'s view or undefined, and get(name) with no scope reads the global layer alone, where scope-local names do not exist.',
    sources: [seed('000', '§Cordis API (get)'), seed('002', '§ctx.tools.get')],
  },
  {
    id: 'VIS-03',
    level: 'must',
    statement:
      'Executing a name outside the caller\'s view, whether it is registered in another scope, restricted away or registered nowhere, fails with UNKNOWN_TOOL and never enters a body.',
    sources: [seed('000', '§Cordis API (execute)'), seed('002', '§ctx.tools.execute'), seed('001', 'L15-16')],
  },
  {
    id: 'VIS-04',
    level: 'must',
    statement: 'restrict() called through the global context throws instead of installing a filter.',
    sources: [seed('000', '§Cordis API (restrict)'), seed('002', '§ctx.tools.restrict')],
  },
  {
    id: 'VIS-05',
    level: 'must',
    statement: 'restrict() with neither an allow nor a deny list throws.',
    sources: [seed('000', '§Cordis API (restrict)'), seed('002', '§ctx.tools.restrict')],
    requires: ['scopes'],
  },
  {
    id: 'VIS-06',
    level: 'must',
    statement: 'restrict() throws when run_code appears in its allow or deny list.',
    sources: [seed('000', '§Cordis API (restrict)'), seed('002', '§ctx.tools.restrict')],
    requires: ['scopes'],
  },
  {
    id: 'VIS-07',
    level: 'must',
    statement:
      'restrict() throws, installing nothing, when it lists a name the scope does not currently inherit, including a name that exists only in the scope\'s own layer.',
    sources: [seed('000', '§Cordis API (restrict)'), seed('002', '§ctx.tools.restrict'), upstream('restrictable names are the inherited ones')],
    requires: ['scopes'],
  },
  {
    id: 'VIS-08',
    level: 'must',
    statement:
      'restrict() copies its lists when called and applies them live: an inherited tool registered later stays hidden under an allow list that does not name it and stays visible under a deny list.',
    sources: [seed('000', '§ToolRestriction')],
    requires: ['scopes'],
  },
  {
    id: 'VIS-09',
    level: 'must',
    statement:
      'A filter with both lists admits a name only when allow names it and deny does not, several restrictions intersect, and each restriction\'s disposer lifts only that restriction.',
    sources: [seed('000', '§ToolRestriction'), seed('000', '§Cordis API (restrict)'), upstream('combined allow and deny')],
    requires: ['scopes'],
  },
  {
    id: 'VIS-10',
    level: 'must',
    statement:
      'Restrictions narrow everything a scope inherits, ancestor-scope registrations included; an ancestor\'s restriction narrows its descendants\' inherited views too, and a descendant\'s restriction never changes an ancestor\'s view.',
    sources: [seed('000', '§ToolRestriction'), upstream('restrictions along the scope chain')],
    requires: ['scopes', 'scopeParents'],
  },
  {
    id: 'VIS-11',
    level: 'must',
    statement: 'A scope always sees its own registrations, whatever restrictions it or its ancestors carry.',
    sources: [seed('000', '§ToolRestriction'), seed('002', '§ctx.tools.restrict')],
    requires: ['scopes'],
  },
  {
    id: 'VIS-12',
    level: 'must',
    statement:
      '{ allow: [] } is accepted and hides every inherited tool, { deny: [] } is accepted and changes nothing, and a restriction stays in force after a tool it names is unregistered.',
    sources: [upstream('restriction edge cases'), seed('000', '§Cordis API (restrict)')],
    divergence:
      'The seeds say empty filters fail; the kit, like upstream, reads that as a filter with neither list (VIS-05) and accepts empty lists (C-08).',
    requires: ['scopes'],
  },
  {
    id: 'VIS-13',
    level: 'must',
    statement:
      'run_code is added to a non-native scope\'s view after all filtering, so neither restrictions nor scoped registrations can hide or shadow it.',
    sources: [seed('000', '§ToolRestriction'), upstream('run_code appended after filtering')],
    requires: ['codeMode', 'scopes'],
  },
  {
    id: 'VIS-14',
    level: 'must',
    statement: 'Installing a restriction and lifting it each emit tools/change; adding or removing a guard never does.',
    sources: [seed('000', '§tools/change'), upstream('guards do not announce changes')],
    requires: ['scopes', 'changeEvents'],
  },
  {
    id: 'VIS-15',
    level: 'must',
    statement:
      'get(), schemas(), executionMode() and execute() all resolve through one view, so in every scope a tool is announced exactly when it can run and the definition looked up is the one that runs.',
    sources: [seed('000', '§Cordis API (ctx.tools)'), seed('002', '§ctx.tools'), seed('001', 'L16')],
  },
  {
    id: 'VIS-16',
    level: 'must',
    statement:
      'The tool is resolved again at body dispatch, at a post-execute value replacement and when a wrapper\'s own success is normalized, so a tool removed or restricted away after pre-execute fails there with UNKNOWN_TOOL.',
    sources: [seed('001', 'L16'), upstream('live re-resolution')],
  },
  {
    id: 'VIS-17',
    level: 'must',
    statement: 'A scope created with a parent sees the registrations of its whole ancestor chain, while ancestors never see a descendant\'s registrations.',
    sources: [seed('000', '§ToolRestriction'), upstream('scope parent binding')],
    requires: ['scopes', 'scopeParents'],
  },
  {
    id: 'VIS-18',
    level: 'must',
    statement:
      'A listener added through a scope receives tools/pre-execute, tools/execute, tools/post-execute and tools/result only for calls whose agent is that scope or a descendant, global listeners receive every call, agent-less calls reach global listeners only, and tools/change reaches scope listeners unfiltered.',
    sources: [seed('000', '§tools/* events'), seed('000', '§tools/change')],
    requires: ['scopes'],
  },
  {
    id: 'VIS-19',
    level: 'should',
    statement:
      'The UNKNOWN_TOOL failure for an out-of-view name has the message `unknown tool "<name>"` and the content text `Error: unknown tool "<name>"`.',
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
  {
    id: 'VIS-24',
    level: 'must',
    statement:
      'The disposer that subscribing a tools/* listener returns unsubscribes exactly that listener, the others keeping their place, and calling it again changes nothing; disposing a scope unsubscribes the listeners added through it.',
    sources: [seed('000', '§tools/* events'), upstream('listener subscriptions are exact, idempotent Cordis effects owned by their context')],
  },
])
