/**
 * `failureLine()`: a failing test's first assertion as one short line, for
 * the default console report and the Markdown summary.
 */
import type { RuleEntry, TestFailure } from '../report.ts'

/** Longest line returned, in characters. */
const LINE_MAX = 200
/** Longest expected or received value taken from a diff, in characters. */
const VALUE_MAX = 60

/**
 * The first assertion of `failure` in one line of at most `max` characters:
 * - the suite's `ID (level; source): ` prefix is dropped (the caller shows
 *   the rule); a thrown error's class before it is kept (`TypeError: ...`);
 * - a property law's failure is `property E-NN: <its violation>`;
 * - when the assertion produced an expected/received diff, vitest's inline
 *   `expected A to deeply equal B` (which folds nested values to `…(3)`) is
 *   replaced by both values taken from the diff, each cut to a few dozen
 *   characters.
 * Whitespace runs become one space; a cut line ends with `…`. Pure.
 */
export function failureLine(failure: TestFailure, max = LINE_MAX): string {
  const lines = withoutRulePrefix(failure.message).split('\n')
  let line = lines[0] ?? ''
  const law = /^property (E-[\w-]+)\b/.exec(line)
  const violation = lines.find((l) => /^\s*violation: /.test(l))
  if (law !== null && violation !== undefined) line = `property ${law[1]}: ${violation.replace(/^\s*violation: /, '')}`
  const values = failure.diff === undefined ? undefined : diffValues(failure.diff)
  if (values !== undefined) {
    const clause = line.lastIndexOf(': expected ')
    const label = clause >= 0 ? `${line.slice(0, clause)}: ` : line.startsWith('expected ') ? '' : `${line}: `
    const [expected, received] = whereTheyDiffer(values.expected, values.received)
    line = `${label}expected ${cut(expected, VALUE_MAX)}, received ${cut(received, VALUE_MAX)}`
  }
  return cut(
    line
      .replace(/ \/\/ Object\.is equality$/, '')
      .replace(/\s+/g, ' ')
      .trim(),
    max,
  )
}

/**
 * The first failing assertion of `rule`, preferring one raised for the rule
 * itself (its message starts with the rule's ID), with the test it came from;
 * `undefined` when no failing test of the rule recorded one.
 */
export function firstFailure(rule: RuleEntry): { readonly failure: TestFailure; readonly test: string } | undefined {
  const failures = rule.tests.flatMap((t) => (t.outcome === 'fail' && t.failure !== undefined ? [{ failure: t.failure, test: t.name }] : []))
  return failures.find((f) => f.failure.message.replace(THROWN_CLASS, '').startsWith(`${rule.id} `)) ?? failures[0]
}

/** `text` cut to `max` characters, the last one `…`, when longer. */
export function cut(text: string, max: number): string {
  const chars = [...text]
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`
}

/** A thrown error's class before the suite's rule prefix, as the report's messages carry it: `TypeError: ` in `TypeError: ARG-01 (must; …): …`. */
const THROWN_CLASS = /^(?:[A-Z]\w*)?Error: (?=[A-Z]+-\d+[a-z]? \()/

/**
 * The kit's own reports that reach a test as a plain Error (a property law's
 * failure, failed incidental checks, a stray rejection it caught, a failed
 * precondition that blocked the test): not a
 * throw of the registry's, so their line shows no class.
 */
const KIT_REPORT = /^(?:property E-|incidental checks? failed|the registry raised |blocked: a precondition owned by )/

/** `message` without the suite's leading `ID (level; source): ` (the source may hold balanced parentheses). */
function withoutRulePrefix(raw: string): string {
  // A thrown error's message carries its class first (`AdapterTimeoutError: PRE-14 (must; …): …`): kept, before the rest.
  const thrown = THROWN_CLASS.exec(raw)?.[0] ?? ''
  const message = raw.slice(thrown.length)
  const head = /^[A-Z]+-\d+[a-z]? \(/.exec(message)
  if (head === null) return raw
  let depth = 1
  for (let i = head[0].length; i < message.length; i += 1) {
    const c = message[i]
    if (c === '(') depth += 1
    else if (c === ')') {
      depth -= 1
      if (depth === 0) {
        if (!message.startsWith(': ', i + 1)) return raw
        const rest = message.slice(i + 3)
        return KIT_REPORT.test(rest) ? rest : thrown + rest
      }
    } else if (c === '\n') return raw
  }
  return raw
}

/** Characters of shared text kept before the first difference of two long values. */
const CONTEXT = 12

/**
 * `expected` and `received` from shortly before their first difference (cut
 * text marked with a leading `…`), when the difference lies past what a cut
 * value would show; as they are otherwise.
 */
function whereTheyDiffer(expected: string, received: string): [string, string] {
  let same = 0
  while (same < expected.length && same < received.length && expected[same] === received[same]) same += 1
  if (same < VALUE_MAX - CONTEXT) return [expected, received]
  const from = same - CONTEXT
  return [`…${expected.slice(from)}`, `…${received.slice(from)}`]
}

/**
 * Expected and received values of a vitest diff (`- Expected` / `+ Received`,
 * then `-`, `+` and shared `  ` lines), each on one line with the trailing
 * commas of its pretty-printing removed; `undefined` for any other text.
 */
function diffValues(diff: string): { expected: string; received: string } | undefined {
  const lines = diff.split('\n')
  if (!/^- Expected/.test(lines[0] ?? '') || !/^\+ Received/.test(lines[1] ?? '')) return undefined
  const side = (mark: '-' | '+') =>
    lines
      .slice(2)
      .filter((l) => l.startsWith(`${mark} `) || l.startsWith('  ') || l === mark)
      .map((l) => l.slice(2).trim())
      .join(' ')
      .replace(/,\s*([\]}])/g, ' $1')
      .replace(/\s+/g, ' ')
      .trim()
  return { expected: side('-'), received: side('+') }
}
