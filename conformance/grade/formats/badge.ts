/**
 * `renderBadge()`: the grade as a small SVG badge (`grade --badge <file>`),
 * in the flat style README badges share.
 */
import { failingLevels } from '../../catalogue/types.ts'
import type { GradeReport } from '../report.ts'
import { escapeXmlAttribute as attr, escapeXmlText as text } from './escape-xml.ts'
import { decidingCounts, failingLabel, profileOf } from './verdict.ts'

/** The badge's left-hand text. */
export const BADGE_LABEL = 'dsh-tools-tck'

/**
 * Message colours, judged on the rules of the levels that decide under the
 * report's profile (`must`; under `upstream`, `must` and `upstream`):
 * - `conforms`: none of them fails, and every applicable one passed with
 *   evidence;
 * - `vacuous`: none fails, but some passed only vacuously (a law reached its
 *   interesting case too rarely): conforms, with less evidence;
 * - `fails`: the registry fails (`summary.conforms` is false) and no
 *   baseline says otherwise;
 * - `known`: it fails, but a baseline records every failure that decides
 *   (`baseline.ok`, the run exits 0): known failures only;
 * - `none`: none of them was applicable (nothing was judged).
 */
export const BADGE_COLOURS = { conforms: '#4c1', vacuous: '#fe7d37', known: '#dfb317', fails: '#e05d44', none: '#9f9f9f' } as const

/** What the badge shows, computed from a report. */
export interface BadgeText {
  /** `<passed>/<applicable> must`, or `<passed>/<applicable> must+upstream` under the upstream profile. */
  readonly message: string
  /** Which of {@link BADGE_COLOURS}. */
  readonly colour: keyof typeof BADGE_COLOURS
  /** The full sentence of the `<title>` (a tooltip, and the text screen readers read). */
  readonly title: string
}

/**
 * The badge's texts, over the rules of the levels that decide under the
 * report's profile (see `profileOf`, `failingLevels`): the message is
 * `<pass>/<applicable> must` under `spec` and `<pass>/<applicable>
 * must+upstream` under `upstream`, where the applicable rules are those that
 * pass, fail, are blocked or vacuous (n/a and untestable rules are left out); the
 * colour is chosen as {@link BADGE_COLOURS} says; the title names the
 * profile and the adapter and gives every count of those rules. Pure.
 */
export function badgeText(report: GradeReport): BadgeText {
  const profile = profileOf(report)
  const counts = decidingCounts(report.summary, profile)
  const applicable = counts.pass + counts.fail + counts.blocked + counts.vacuous
  const known = !report.summary.conforms && report.baseline?.ok === true
  const colour = known ? 'known' : !report.summary.conforms ? 'fails' : applicable === 0 ? 'none' : counts.vacuous > 0 ? 'vacuous' : 'conforms'
  const adapter = `${report.adapter.name}${report.adapter.version === undefined ? '' : ` ${report.adapter.version}`}`
  const verdict = report.summary.conforms ? 'conforms' : known ? `fails only where the baseline ${report.baseline?.file ?? ''} records it` : 'fails'
  const title =
    `${BADGE_LABEL} (${profile} profile): ${adapter} ${verdict}: ${counts.pass} of ${applicable} applicable ${failingLabel(profile)} rules pass` +
    ` (${counts.fail} fail, ${counts.blocked} blocked, ${counts.vacuous} vacuous; ${counts.notApplicable} n/a, ${counts.untestable} untestable)`
  return { message: `${counts.pass}/${applicable} ${failingLevels(profile).join('+')}`, colour, title }
}

/**
 * Renders the badge of `report` (see {@link badgeText}) as a standalone SVG
 * document (valid XML, no external reference, no script): a grey label
 * `dsh-tools-tck`, the message on the verdict colour, and a `<title>` with
 * the full text. Each half is as wide as its text is estimated to be
 * (Verdana 11 px widths) plus padding, and the text is drawn with that
 * `textLength`, so it always fits. Ends with a newline. Pure.
 */
export function renderBadge(report: GradeReport): string {
  const { message, colour, title } = badgeText(report)
  const labelText = textWidth(BADGE_LABEL)
  const messageText = textWidth(message)
  const left = labelText + 10
  const right = messageText + 10
  const width = left + right
  const fill = BADGE_COLOURS[colour]
  const label = (x: number, content: string, length: number): string =>
    `<text x="${x}" y="15" fill="#010101" fill-opacity=".3" textLength="${length}">${text(content)}</text><text x="${x}" y="14" textLength="${length}">${text(content)}</text>`
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${attr(`${BADGE_LABEL}: ${message}`)}" data-colour="${colour}">` +
    `<title>${text(title)}</title>` +
    '<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>' +
    `<clipPath id="r"><rect width="${width}" height="20" rx="3" fill="#fff"/></clipPath>` +
    `<g clip-path="url(#r)"><rect width="${left}" height="20" fill="#555"/><rect x="${left}" width="${right}" height="20" fill="${fill}"/><rect width="${width}" height="20" fill="url(#s)"/></g>` +
    `<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">` +
    label(left / 2, BADGE_LABEL, labelText) +
    label(left + right / 2, message, messageText) +
    '</g></svg>\n'
  )
}

/** Approximate advance widths of Verdana at 11 px, by character class. */
const WIDTHS: readonly (readonly [RegExp, number])[] = [
  [/[ijl|]/, 3.1],
  [/[ftr]/, 4.3],
  [/[.,:;!'` ]/, 3.9],
  [/[-/()[\]]/, 4.6],
  [/[mw]/, 9.9],
  [/[MW]/, 11],
  [/[0-9]/, 7],
  [/[a-z]/, 6.5],
  [/[A-Z]/, 7.6],
]

/** Estimated width of `value` in Verdana 11 px, rounded up to a whole pixel. */
function textWidth(value: string): number {
  let width = 0
  for (const char of value) width += WIDTHS.find(([re]) => re.test(char))?.[1] ?? 7.5
  return Math.ceil(width)
}
