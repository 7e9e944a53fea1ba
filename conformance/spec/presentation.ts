/**
 * The UI render-intent vocabulary (PRES-06), as seed 000 lists it
 * (§工具展示 UI 词汇): what `presentCall` / `presentResult` return. Each view
 * is tagged by `card`; the two search results are told apart by `shape`, the
 * two web results by `kind`, and neither search nor web has a pending-call
 * card (a pending search or fetch is a generic card). The fields are the
 * seed's; the comments are ours.
 */
import type { ContentBlock } from './types.ts'

/** The icon category of a generic card. */
export type ToolCallKind = 'read' | 'edit' | 'delete' | 'move' | 'search' | 'execute' | 'fetch' | 'other'

/** A file a call reads or changes, optionally at a 1-based line. */
export interface FileLocation {
  path: string
  line?: number
}

/** One file's change; `oldText` is `null` for a new file. */
export interface FileDiff {
  path: string
  oldText: string | null
  newText: string
}

/** One line of a read window, with its 1-based line number. */
export interface ReadFileLine {
  number: number
  text: string
}

/** The default pending card. */
export interface GenericCallView {
  card: 'generic'
  title: string
  kind?: ToolCallKind
  rawInput?: unknown
  content?: ContentBlock[]
  locations?: FileLocation[]
}

/** A shell command, shown as a terminal card. */
export interface TerminalCallView {
  card: 'terminal'
  title: string
  description?: string
  cwd?: string
}

/** A file creation or change, shown as an inline diff. */
export interface DiffCallView {
  card: 'diff'
  title: string
  diffs: FileDiff[]
  locations?: FileLocation[]
}

/** How a pending call is shown. */
export type ToolCallView = GenericCallView | TerminalCallView | DiffCallView

export interface GenericResultView {
  card: 'generic'
  title?: string
  content?: ContentBlock[]
}

/** A finished command: its output and how it ended. */
export interface TerminalResultView {
  card: 'terminal'
  title?: string
  output?: string
  exitCode?: number
  signal?: string
}

/** The change a finished file mutation applied. */
export interface DiffResultView {
  card: 'diff'
  title?: string
  diffs: FileDiff[]
}

/** One matching line of a content search. */
export interface SearchLineMatch {
  lineNumber: number
  line: string
}

/** A content search's matches in one file. */
export interface SearchFileMatches {
  path: string
  matches: SearchLineMatch[]
}

/** A finished content search (grep): matches grouped by file. */
export interface SearchMatchesResultView {
  card: 'search'
  shape: 'matches'
  title?: string
  files: SearchFileMatches[]
  truncated: boolean
  total: number
}

/** A finished path search (glob): a flat list of paths. */
export interface SearchPathsResultView {
  card: 'search'
  shape: 'paths'
  title?: string
  paths: string[]
  truncated: boolean
  total: number
}

export type SearchResultView = SearchMatchesResultView | SearchPathsResultView

/** A finished file read: a numbered window of the file. */
export interface ReadResultView {
  card: 'read'
  title?: string
  path: string
  offset: number
  lines: ReadFileLine[]
  totalLines: number
  lang?: string
  content?: ContentBlock[]
}

/** One source a web search returned. */
export interface WebSource {
  url: string
  title?: string
  snippet?: string
  publishedAt?: string
}

/** A finished web search: its sources and optional answer. */
export interface WebSearchResultView {
  card: 'web'
  kind: 'search'
  title?: string
  sources: WebSource[]
  answer?: string
  truncated: boolean
}

/** A finished web fetch: where it ended up and its status. */
export interface WebFetchResultView {
  card: 'web'
  kind: 'fetch'
  title?: string
  url: string
  statusCode: number
  truncated: boolean
}

export type WebResultView = WebSearchResultView | WebFetchResultView

/** How a finished call is shown. */
export type ToolResultView = GenericResultView | TerminalResultView | DiffResultView | SearchResultView | ReadResultView | WebResultView
