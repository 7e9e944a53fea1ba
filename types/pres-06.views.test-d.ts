// PRES-06: the UI views are card-tagged unions (seed 000 §工具展示 UI 词汇): the
// search results are told apart by `shape`, the web results by `kind`, and
// neither search nor web has a pending-call card. The seed elides the rest of
// the search and web variants ("…"), so their payload fields (upstream's
// presentation.ts) are PRES-23's (types/pres-23.search-web-payloads.test-d.ts).
import { expectAssignable, expectNotAssignable, expectType } from 'tsd'
import type { ToolCallView, ToolResultView } from 'dsh-tck-types-under-test'

type Blocks = NonNullable<Extract<ToolResultView, { card: 'generic' }>['content']>
declare const blocks: Blocks

// Pending cards: generic (the default), terminal and diff.
expectAssignable<ToolCallView>({ card: 'generic', title: 'Read a.txt', kind: 'read', rawInput: { path: 'a.txt' }, content: blocks, locations: [{ path: 'a.txt', line: 3 }] })
expectAssignable<ToolCallView>({ card: 'generic', title: 'Search the web', kind: 'search' })
expectAssignable<ToolCallView>({ card: 'terminal', title: 'ls -la', description: 'List files', cwd: '/workspace' })
expectAssignable<ToolCallView>({ card: 'diff', title: 'Write a.txt', diffs: [{ path: 'a.txt', oldText: null, newText: 'x' }], locations: [{ path: 'a.txt' }] })

// Completed cards.
expectAssignable<ToolResultView>({ card: 'generic' })
expectAssignable<ToolResultView>({ card: 'generic', title: 'Done', content: blocks })
expectAssignable<ToolResultView>({ card: 'terminal', output: 'ok', exitCode: 0 })
expectAssignable<ToolResultView>({ card: 'terminal', signal: 'SIGTERM' })
expectAssignable<ToolResultView>({ card: 'diff', diffs: [{ path: 'a.txt', oldText: 'a', newText: 'b' }] })
expectAssignable<ToolResultView>({ card: 'read', path: 'a.ts', offset: 1, lines: [{ number: 1, text: 'x' }], totalLines: 1, lang: 'ts', content: blocks })

// The generic card's kind is one of the eight ToolCallKind icons.
for (const kind of ['read', 'edit', 'delete', 'move', 'search', 'execute', 'fetch', 'other'] as const) {
  expectAssignable<ToolCallView>({ card: 'generic', title: 'Tool', kind })
}
expectNotAssignable<ToolCallView>({ card: 'generic', title: 'Tool', kind: 'upload' })

// No pending card for search, web or read; no unknown card.
expectNotAssignable<ToolCallView>({ card: 'search', title: 'grep' })
expectNotAssignable<ToolCallView>({ card: 'web', title: 'fetch' })
expectNotAssignable<ToolCallView>({ card: 'read', title: 'read' })
expectNotAssignable<ToolResultView>({ card: 'chart' })
// The pending cards' required fields.
expectNotAssignable<ToolCallView>({ card: 'generic' })
expectNotAssignable<ToolCallView>({ card: 'diff', title: 'Write' })
expectNotAssignable<ToolCallView>({ card: 'diff', title: 'Write', diffs: [{ path: 'a', newText: 'b' }] })
// A search result needs its shape, and each shape its own payload.
expectNotAssignable<ToolResultView>({ card: 'search', paths: ['a'], truncated: false, total: 1 })
expectNotAssignable<ToolResultView>({ card: 'search', shape: 'paths', paths: ['a'], total: 1 })
// A web result needs its kind, and each kind its own payload.
expectNotAssignable<ToolResultView>({ card: 'web', sources: [], truncated: false })
expectNotAssignable<ToolResultView>({ card: 'web', kind: 'search', url: 'https://example.com', statusCode: 200, truncated: false })
expectNotAssignable<ToolResultView>({ card: 'web', kind: 'fetch', sources: [], truncated: false })
expectNotAssignable<ToolResultView>({ card: 'read', path: 'a', lines: [], totalLines: 0 })

// A UI dispatches on `card`, then on `shape` or `kind`.
declare const call: ToolCallView
if (call.card === 'terminal') expectType<string>(call.title)
else if (call.card === 'diff') expectType<string | null>(call.diffs[0]!.oldText)
else expectType<'generic'>(call.card)

declare const result: ToolResultView
if (result.card === 'search') {
  if (result.shape === 'matches') expectType<'matches'>(result.shape)
  else expectType<'paths'>(result.shape)
  expectType<boolean>(result.truncated)
} else if (result.card === 'web') {
  if (result.kind === 'search') expectType<boolean>(result.truncated)
  else expectType<'fetch'>(result.kind)
} else if (result.card === 'read') {
  expectType<number>(result.lines[0]!.number)
}
