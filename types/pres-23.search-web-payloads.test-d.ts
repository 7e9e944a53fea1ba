// PRES-23: the payload fields of the search and web result views, which seed
// 000 §工具展示 UI 词汇 elides ("…") and leaves to upstream's presentation.ts.
import { expectAssignable, expectNotAssignable, expectType } from 'tsd'
import type { ToolResultView } from 'dsh-tck-types-under-test'

expectAssignable<ToolResultView>({ card: 'search', shape: 'matches', files: [{ path: 'a.ts', matches: [{ lineNumber: 1, line: 'x' }] }], truncated: false, total: 1 })
expectAssignable<ToolResultView>({ card: 'search', shape: 'paths', paths: ['a.ts'], truncated: true, total: 9 })
expectAssignable<ToolResultView>({ card: 'web', kind: 'search', sources: [{ url: 'https://example.com', title: 't', snippet: 's', publishedAt: '2026-01-01' }], answer: 'a', truncated: false })
expectAssignable<ToolResultView>({ card: 'web', kind: 'fetch', url: 'https://example.com', statusCode: 200, truncated: false })

// Each shape carries its own payload.
expectNotAssignable<ToolResultView>({ card: 'search', shape: 'matches', paths: ['a'], truncated: false, total: 1 })

declare const result: ToolResultView
if (result.card === 'search') {
  if (result.shape === 'matches') expectType<number>(result.files[0]!.matches[0]!.lineNumber)
  else expectType<string[]>(result.paths)
} else if (result.card === 'web' && result.kind === 'fetch') {
  expectType<number>(result.statusCode)
}
