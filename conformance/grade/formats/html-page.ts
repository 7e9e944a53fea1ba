/**
 * The frame shared by the kit's HTML pages: one self-contained document with
 * inline style and script, and a Content-Security-Policy that forbids every
 * fetch, so the page works from a file, offline, and can load nothing.
 */
import { createHash } from 'node:crypto'
import { escapeHtml } from './escape-html.ts'

/** What {@link htmlPage} puts together. */
export interface HtmlPageParts {
  /** Document title (plain text; escaped here). */
  readonly title: string
  /** The `<body>` content, already HTML (the caller escapes its strings). */
  readonly body: string
  /** Extra CSS appended to the shared style sheet. */
  readonly style?: string
  /** Inline script run at the end of the body; the page must be complete without it. Must not contain `</script`. */
  readonly script?: string
}

const BASE_STYLE = `
:root { color-scheme: light dark; --fg: #1b1f24; --bg: #fff; --muted: #59636e; --line: #d1d9e0; --pass: #1a7f37; --fail: #cf222e; --warn: #9a6700; --na: #6e7781; --panel: #f6f8fa; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --bg: #0d1117; --muted: #9198a1; --line: #3d444d; --pass: #3fb950; --fail: #f85149; --warn: #d29922; --na: #8b949e; --panel: #151b23; } }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1200px; padding: 1rem 1.5rem 3rem; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
h1 { font-size: 1.5rem; margin: .5rem 0; } h2 { font-size: 1.15rem; margin: 1.5rem 0 .5rem; border-bottom: 1px solid var(--line); padding-bottom: .25rem; }
code, pre { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { background: var(--panel); border: 1px solid var(--line); padding: .5rem; overflow-x: auto; white-space: pre-wrap; word-break: break-word; margin: .25rem 0; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid var(--line); padding: .3rem .5rem; text-align: left; vertical-align: top; }
th { background: var(--panel); position: sticky; top: 0; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.muted { color: var(--muted); }
.status { font-weight: 600; white-space: nowrap; }
.s-pass { color: var(--pass); } .s-fail { color: var(--fail); } .s-vacuous, .s-blocked { color: var(--warn); } .s-not-applicable, .s-untestable, .s-absent { color: var(--na); }
.verdict { display: inline-block; padding: .2rem .6rem; border-radius: 4px; font-weight: 700; color: #fff; }
.verdict.conforms { background: var(--pass); } .verdict.fails { background: var(--fail); } .verdict.known { background: var(--warn); }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: .5rem 0; } dl.meta dt { color: var(--muted); } dl.meta dd { margin: 0; }
.filters { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; margin: .5rem 0; padding: .5rem; background: var(--panel); border: 1px solid var(--line); }
.filters[hidden] { display: none; }
details > summary { cursor: pointer; }
.tag { display: inline-block; font-size: 11px; padding: 0 .35rem; border: 1px solid var(--line); border-radius: 3px; color: var(--muted); margin-left: .25rem; }
`

/**
 * A complete HTML5 document: UTF-8, the title, the shared style sheet plus
 * `style`, `body`, then `script`. Guaranteed: no external resource is
 * referenced, and the Content-Security-Policy allows no fetch at all
 * (`default-src 'none'`), inline style, and only the given script (by its
 * SHA-256 hash), so even markup that slipped through unescaped could not
 * run a script. Not guaranteed: that `body` is well-formed (the caller's part).
 */
export function htmlPage(parts: HtmlPageParts): string {
  const script = parts.script ?? ''
  if (/<\/script/i.test(script)) throw new Error('htmlPage: the inline script contains "</script"')
  const hash = createHash('sha256').update(script, 'utf8').digest('base64')
  const csp = `default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'`
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<link rel="icon" href="data:,">',
    `<title>${escapeHtml(parts.title)}</title>`,
    `<style>${BASE_STYLE}${parts.style ?? ''}</style>`,
    '</head>',
    '<body>',
    parts.body,
    script === '' ? '' : `<script>${script}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n')
}
