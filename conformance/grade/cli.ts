/**
 * `runCli()`: the `dsh-tools-tck` command line (`grade`, `list-rules`, `matrix`,
 * `explain`, `spec`). `bin/dsh-tools-tck.js` registers tsx and calls it with
 * `process.argv.slice(2)`.
 */
import { parseArgs } from 'node:util'
import type { ParseArgsConfig } from 'node:util'
import { LEVELS, PROFILES, type Level, type Profile } from '../catalogue/types.ts'
import { AdapterError, UsageError } from './errors.ts'
import { BaselineError } from './baseline/baseline-error.ts'
import {
  DEFAULT_MAX_MEMORY_MB,
  DEFAULT_WORKERS,
  MAX_WORKERS,
  DEFAULT_STALL_LIMIT_MS,
  DEFAULT_TIMEOUT_MS,
  HANG_SHORTCUT_AFTER,
  MAX_MAX_MEMORY_MB,
  MAX_TIMEOUT_MS,
  MIN_MAX_MEMORY_MB,
  SHORTCUT_WAIT_MS,
  isDurationMs,
} from '../limits.ts'
import { kitInfo } from './engine/kit-info.ts'
import { oneLine, stackOf } from './text.ts'
import { renderConsole } from './formats/render-console.ts'
import { RULES, isRuleId } from '../catalogue/index.ts'
import { AREAS } from '../catalogue/types.ts'
import type { Rule } from '../catalogue/types.ts'
import type { KitTest } from './commands/tests-of-rule.ts'
import { loadEvidence, ruleAdequacy } from '../adequacy/evidence.ts'
import { progressLine } from './commands/progress-line.ts'
import { renderRuleList } from './commands/rule-list.ts'
import { renderRuleExplanation } from './commands/rule-explanation.ts'
import { planReportOutputs, writeReportOutputs } from './commands/report-outputs.ts'
import { selectRules } from './engine/select-rules.ts'

/** Exit statuses. */
export const EXIT = {
  /** No `must` rule fails. */
  conforms: 0,
  /** At least one `must` rule fails. */
  fails: 1,
  /** The registry could not be graded: usage error, adapter error, or the kit itself failed. */
  error: 2,
} as const

/** Where the CLI writes; the process streams by default. */
export interface CliIo {
  readonly stdout: { write(text: string): unknown; readonly isTTY?: boolean }
  /** Progress of `grade` is shown here when it is a terminal (see `progressLine`). */
  readonly stderr: { write(text: string): unknown; readonly isTTY?: boolean }
  readonly env: Readonly<Record<string, string | undefined>>
  readonly cwd: string
}

const HELP = `Usage: dsh-tools-tck grade [options]
       dsh-tools-tck list-rules [--area <AREA>] [--level must|upstream|should] [--json]
       dsh-tools-tck explain <RULE|AREA-*>...
       dsh-tools-tck matrix <report.json>... [--html <file>] [--markdown <file>]
       dsh-tools-tck spec [--sentence <ID|text> | --report <report.json> | --against <file>]

Commands:
  grade                grade a ToolRegistry implementation against the
                       DeepSeek Harness tool pipeline conformance suite
  list-rules           print every rule of the catalogue: ID, level,
                       statement and source(s)
  explain <RULE|AREA-*>...
                       print rules (e.g. GRD-03 CAN-*): statement, level,
                       sources, divergence, required features, untestable
                       reason, the kit tests that check it (with their files)
                       and the gallery registries that violate it
  matrix <report.json>...
                       several saved --json reports side by side, rule by
                       rule: rules whose statuses differ first, per-area
                       totals per implementation
  spec                 the reviewer's view of the seeds: coverage of their
                       normative sentences per seed and section (covered by
                       a tested must rule, excused by reason, uncovered)

Options of grade:
  --adapter <module>   adapter module (default: the kit's reference/adapter.ts);
                       TypeScript adapters are loaded as is
  --json <file>        also write the full report as JSON (see docs/REPORT.md)
  --html <file>        also write the report as one self-contained HTML page
  --junit <file>       also write the report as JUnit XML (one testcase per kit
                       test, for CI test reporters)
  --markdown <file>    also write a Markdown summary (for a pull-request
                       comment); when GITHUB_STEP_SUMMARY is set it is also
                       appended to that file
  --badge <file>       also write an SVG badge: passed/applicable must rules,
                       green (conforms), orange (conforms, some vacuous),
                       red (fails), grey (no must rule applicable)
  --rules <list>       only these rules: IDs and whole areas, comma-separated,
                       e.g. GRD-03,CAN-*
  --profile <name>     what the registry is held to: spec (default; the
                       seeds: only must rules fail it) or upstream (drop-in
                       compatibility with upstream 0.1.1-rc.2: must and
                       upstream rules fail it)
  --timeout <ms>       how long a test may wait for a registry call that does
                       not settle (default: ${DEFAULT_TIMEOUT_MS}); time spent computing
                       does not count
  --stall-limit <ms>   how much CPU time a test handed input 5,000 levels deep
                       may compute before it fails (default: ${DEFAULT_STALL_LIMIT_MS});
                       any other test gets an eighth of it (a property law,
                       per case); a worker stuck in a synchronous loop past
                       it is terminated and its test fails as a crash
  --max-memory <MB>    heap limit of each test worker (default: ${DEFAULT_MAX_MEMORY_MB}); a
                       registry that allocates past it fails the test that
                       was running as a crash, "out of memory"
  --workers <n>        test workers the suite runs on (default: ${DEFAULT_WORKERS}, or 1
                       with --rules); verdicts do not depend on it
  --no-hang-shortcut   give every test its full --timeout even after a call
                       has hung in ${HANG_SHORTCUT_AFTER} tests (by default later tests waiting on
                       that call fail after ${SHORTCUT_WAIT_MS} ms, marked short-circuited),
                       and run every test even after the same phase has
                       spun, run out of memory or crashed its worker in ${HANG_SHORTCUT_AFTER} tests
  --no-cache           transform the kit's modules afresh instead of reusing
                       those kept from earlier grades (in the temporary
                       folder, or DSH_TCK_CACHE_DIR; your adapter is never
                       cached, so this never changes a verdict)
  --runs <n>           generated cases per property law (default: each law's own)
  --seed <n>           fast-check seed of the property laws (default: fixed)
  --types <entry>      the implementation's type entry (.ts or .d.ts) for the
                       type-level rules (default: the reference's types when
                       grading the reference; otherwise those rules are n/a)
  --quiet              print only the failing rules and the verdict
  --verbose            every failing test in full (message, diff, stack);
                       by default, one line per failing rule
  --baseline <file>    compare the failures that decide the verdict (must
                       rules; under --profile upstream, must and upstream
                       rules) with a baseline of expected failures written
                       under the same profile (see docs/BASELINE.md): exit 0
                       when every one is recorded (of the recorded kind) and
                       no entry of such a rule is stale or expired, 1
                       otherwise (other rules only inform). Checked before
                       grading
  --allow-stale        with --baseline: an entry whose rule or test passes
                       now is reported but does not fail the run
  --update-baseline <file>
                       write the failures that decide the verdict of this
                       grade as a baseline of its profile (keeping reason,
                       link, expires and note of an existing file's entries,
                       and unchanged its entries of rules not graded (--rules)
                       or of levels that do not decide); exit 0 once written

Options of list-rules:
  --area <AREA>        only the rules of one area (${Object.keys(AREAS).join(', ')})
  --level <level>      only the rules of one level: must, upstream or should
  --json               print a JSON array of {id, area, level, statement,
                       sources, quotes, evidence, requires, untestable}

Options of spec (one at a time):
  --sentence <ID|text> one sentence (its ID, e.g. 000-042, or part of its
                       text): its reading, status, the rules quoting it and
                       their kit tests
  --report <file>      each normative sentence's verdict for the registry a
                       saved --json report graded: met, broken (which
                       rules), not-applicable, untested, excused
  --against <file>     another version of docs/subsystems/tools.md,
                       tools.zh.md or the API page: the rule quotes that no
                       longer appear (rules to review) and the new or
                       changed normative-looking sentences with no rule

Options of matrix (Markdown on stdout when neither is given):
  --html <file>        write the matrix as one self-contained HTML page
  --markdown <file>    write the matrix as Markdown

Everywhere:
  -h, --help           show this help
  -v, --version        show the kit version

Exit status:
  0  no must rule fails (under --profile upstream: no must or upstream
     rule; the registry conforms); with --baseline: every such failure is
     in the baseline, as recorded; with --update-baseline: the baseline was
     written; list-rules, explain, matrix, spec: done
  1  at least one must rule fails or is blocked by a failing rule (under
     --profile upstream: must or upstream rule); with --baseline: such a failure not in the baseline,
     one of another kind, or an expired or stale entry of such a rule
  2  the registry could not be graded (usage error, adapter error, a
     missing or invalid baseline, or one written under another profile),
     a test was blocked by a rule that did not fail (a kit defect),
     or the JSON report (or the baseline, or a
     --html, --junit, --markdown or --badge output) could not be written;
     list-rules and explain: a usage error (unknown rule, area, level or
     option); spec: a usage error, an unknown sentence, or a file that
     cannot be read; matrix: a report file that cannot be read or is not a valid
     report, or an output that cannot be written

On a terminal, grade shows its progress on one updating line of stderr (not
when CI is set, nor when stderr is not a terminal). Colours are used on a
terminal unless NO_COLOR is set.
`

const OPTIONS = {
  adapter: { type: 'string' },
  json: { type: 'string' },
  html: { type: 'string' },
  markdown: { type: 'string' },
  junit: { type: 'string' },
  badge: { type: 'string' },
  rules: { type: 'string' },
  profile: { type: 'string' },
  timeout: { type: 'string' },
  'stall-limit': { type: 'string' },
  'max-memory': { type: 'string' },
  workers: { type: 'string' },
  'no-hang-shortcut': { type: 'boolean' },
  'no-cache': { type: 'boolean' },
  runs: { type: 'string' },
  seed: { type: 'string' },
  types: { type: 'string' },
  quiet: { type: 'boolean' },
  verbose: { type: 'boolean' },
  baseline: { type: 'string' },
  'update-baseline': { type: 'string' },
  'allow-stale': { type: 'boolean' },
  area: { type: 'string' },
  level: { type: 'string' },
  sentence: { type: 'string' },
  report: { type: 'string' },
  against: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const satisfies ParseArgsConfig['options']

type OptionName = keyof typeof OPTIONS

/** The options each command takes, beyond --help and --version. */
const COMMAND_OPTIONS = {
  grade: [
    'adapter',
    'json',
    'html',
    'junit',
    'markdown',
    'badge',
    'rules',
    'profile',
    'timeout',
    'stall-limit',
    'max-memory',
    'workers',
    'no-hang-shortcut',
    'no-cache',
    'runs',
    'seed',
    'types',
    'quiet',
    'verbose',
    'baseline',
    'update-baseline',
    'allow-stale',
  ],
  'list-rules': ['area', 'level', 'json'],
  explain: [],
  matrix: ['html', 'markdown'],
  spec: ['sentence', 'report', 'against'],
} as const satisfies Record<string, readonly OptionName[]>

type Command = keyof typeof COMMAND_OPTIONS

const COMMANDS = Object.keys(COMMAND_OPTIONS) as Command[]

/** What the bin does around the command. */
export interface CliHooks {
  /**
   * Called once, after every argument of a grade is checked and before the
   * grading engine loads (never for another command or a usage error): the
   * installed bin loads vitest and registers tsx here.
   */
  readonly beforeEngine?: () => Promise<void>
}

/**
 * Runs the CLI on `argv` (without the node and script paths) and resolves
 * with the exit status ({@link EXIT}). Never rejects: every failure becomes a
 * message on stderr, one line unless `--verbose` asks for the stack.
 */
export async function runCli(argv: readonly string[], io: CliIo = processIo(), hooks: CliHooks = {}): Promise<number> {
  let verbose = argv.includes('--verbose')
  try {
    const { values, positionals } = parseOrExplain(bareJsonFlag(argv))
    verbose = values.verbose === true
    if (values.help === true) {
      io.stdout.write(HELP)
      return EXIT.conforms
    }
    if (values.version === true) {
      io.stdout.write(`${kitInfo().version}\n`)
      return EXIT.conforms
    }
    const [command, ...extra] = positionals
    const known = `the commands are ${COMMANDS.map((c) => `"${c}"`).join(', ')}`
    if (command === undefined) throw new UsageError(`no command given; ${known}`)
    if (!isCommand(command)) throw new UsageError(`unknown command "${command}"; ${known}`)
    refuseForeignOptions(command, values)
    if (command === 'list-rules') {
      refuseExtra(extra)
      if (values.json !== undefined && values.json !== '') throw new UsageError(`list-rules: --json takes no value (got "${values.json}")`)
      io.stdout.write(renderRuleList(listedRules(values.area, values.level), values.json !== undefined))
      return EXIT.conforms
    }
    if (command === 'explain') {
      if (extra.length === 0) throw new UsageError('explain needs a rule ID, e.g. "dsh-tools-tck explain GRD-03" (several IDs and AREA-* too)')
      io.stdout.write(await explain(extra))
      return EXIT.conforms
    }
    if (command === 'matrix') {
      const outputs = { ...(values.html === undefined ? {} : { html: values.html }), ...(values.markdown === undefined ? {} : { markdown: values.markdown }) }
      // Loaded only here: reading reports needs ajv, which no other command that answers at once loads.
      const { runMatrix } = await import('./commands/matrix-command.ts')
      return await runMatrix({ files: extra, ...outputs, cwd: io.cwd, stdout: io.stdout, stderr: io.stderr })
    }
    if (command === 'spec') {
      refuseExtra(extra)
      const { runSpec } = await import('./commands/spec-command.ts')
      io.stdout.write(
        await runSpec({
          ...(values.sentence === undefined ? {} : { sentence: values.sentence }),
          ...(values.report === undefined ? {} : { report: values.report }),
          ...(values.against === undefined ? {} : { against: values.against }),
          cwd: io.cwd,
        }),
      )
      return EXIT.conforms
    }
    refuseExtra(extra)

    const timeout = values.timeout === undefined ? undefined : parseTimeout('--timeout', values.timeout)
    const stallLimit = values['stall-limit'] === undefined ? undefined : parseTimeout('--stall-limit', values['stall-limit'])
    const maxMemory = values['max-memory'] === undefined ? undefined : parseMegabytes(values['max-memory'])
    const runs = values.runs === undefined ? undefined : parseWhole('--runs', values.runs, 1)
    const workers = values.workers === undefined ? undefined : parseWhole('--workers', values.workers, 1, MAX_WORKERS)
    const seed = values.seed === undefined ? undefined : parseWhole('--seed', values.seed, Number.MIN_SAFE_INTEGER)
    const rules = values.rules === undefined ? undefined : parseRules(values.rules)
    // Checked here too (grade() checks it again), so that a bad selection is answered before the engine loads.
    if (rules !== undefined) selectRules(rules)
    const profile = values.profile === undefined ? undefined : parseProfile(values.profile)
    if (values.types !== undefined && values.types.trim() === '') throw new UsageError('--types needs a file name')
    // Refuse unwritable output targets before spending a whole grade on them.
    const reportOutputs = await planReportOutputs(values, io.env, io.cwd)

    const { finishBaseline, prepareBaseline, withBaselineVerdict } = await import('./baseline/cli-baseline.ts')
    const baselinePlan = await prepareBaseline(
      {
        ...(values.baseline === undefined ? {} : { baseline: values.baseline }),
        ...(values['update-baseline'] === undefined ? {} : { updateBaseline: values['update-baseline'] }),
        allowStale: values['allow-stale'] === true,
        ...(profile === undefined ? {} : { profile }),
      },
      io.cwd,
    )

    // Only a grade loads the engine (vitest, tsd): every argument is checked and every other command answered without it.
    await hooks.beforeEngine?.()
    const { grade } = await import('./grade.ts')
    const progress = progressLine(io.stderr, io.env)
    const graded = await grade({
      ...(values.adapter === undefined ? {} : { adapter: values.adapter }),
      ...(rules === undefined ? {} : { rules }),
      ...(profile === undefined ? {} : { profile }),
      ...(timeout === undefined ? {} : { timeout }),
      ...(stallLimit === undefined ? {} : { stallLimit }),
      ...(maxMemory === undefined ? {} : { maxMemory }),
      ...(workers === undefined ? {} : { workers }),
      ...(values['no-hang-shortcut'] === true ? { hangShortcut: false } : {}),
      ...(values['no-cache'] === true ? { cache: false } : {}),
      ...(runs === undefined ? {} : { runs }),
      ...(seed === undefined ? {} : { seed }),
      ...(values.types === undefined ? {} : { types: values.types }),
      verbose,
      cwd: io.cwd,
      ...(progress === undefined ? {} : { onProgress: progress.update }),
    }).finally(() => progress?.end())
    // With --baseline, the comparison decides the exit status, and every output says so.
    const report = withBaselineVerdict(baselinePlan, graded)

    const color = io.stdout.isTTY === true && (io.env.NO_COLOR === undefined || io.env.NO_COLOR === '')
    io.stdout.write(renderConsole(report, { color, verbose, quiet: values.quiet === true }))
    const outputProblems = await writeReportOutputs(reportOutputs, report)
    for (const problem of outputProblems) io.stderr.write(`dsh-tools-tck: ${problem}\n`)
    if (outputProblems.length > 0) return EXIT.error
    if (baselinePlan !== undefined) return await finishBaseline(baselinePlan, report, io)
    // A test blocked by a rule that did not fail is the kit's defect (issue 39): never a silent exit 0, nor a registry's failure.
    if (report.unattributedErrors.some((error) => error.kind === 'kit-defect' && error.blockedBy !== undefined)) return EXIT.error
    return report.summary.conforms ? EXIT.conforms : EXIT.fails
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`dsh-tools-tck: ${error.message}\nRun "dsh-tools-tck --help" for usage.\n`)
      return EXIT.error
    }
    if (error instanceof BaselineError) {
      io.stderr.write(
        `${error.message
          .split('\n')
          .map((line) => `dsh-tools-tck: ${line}`)
          .join('\n')}\n`,
      )
      return EXIT.error
    }
    if (error instanceof AdapterError) {
      io.stderr.write(`dsh-tools-tck: ${error.message}\n`)
      if (verbose && error.cause !== undefined) io.stderr.write(`${stackOf(error.cause) ?? oneLine(error.cause)}\n`)
      return EXIT.error
    }
    io.stderr.write(`dsh-tools-tck: internal error: ${oneLine(error)}\n`)
    if (verbose) io.stderr.write(`${stackOf(error) ?? ''}\n`)
    return EXIT.error
  }
}

/** `--profile`'s value: one of {@link PROFILES}. */
function parseProfile(value: string): Profile {
  const profile = PROFILES.find((p) => p === value)
  if (profile === undefined) throw new UsageError(`--profile expects one of ${PROFILES.join(', ')}, got "${value}"`)
  return profile
}

/**
 * `--json` names a file for grade but is a switch for list-rules: there, a
 * bare `--json` becomes `--json=` so the parser does not take the next word.
 */
function bareJsonFlag(argv: readonly string[]): readonly string[] {
  let command: string | undefined
  for (let i = 0; i < argv.length && command === undefined; i += 1) {
    const arg = argv[i] as string
    if (!arg.startsWith('-')) command = arg
    else if (!arg.includes('=') && Object.hasOwn(OPTIONS, arg.slice(2)) && OPTIONS[arg.slice(2) as OptionName].type === 'string') i += 1
  }
  return command === 'list-rules' ? argv.map((arg) => (arg === '--json' ? '--json=' : arg)) : argv
}

function isCommand(name: string): name is Command {
  return Object.hasOwn(COMMAND_OPTIONS, name)
}

function refuseExtra(extra: readonly string[]): void {
  if (extra.length > 0) throw new UsageError(`unexpected argument${extra.length === 1 ? '' : 's'} ${extra.map((e) => `"${e}"`).join(' ')}`)
}

/** A usage error naming the first option given that `command` does not take. */
function refuseForeignOptions(command: Command, values: Partial<Record<OptionName, unknown>>): void {
  const allowed: readonly OptionName[] = [...COMMAND_OPTIONS[command], 'help', 'version']
  const foreign = (Object.keys(values) as OptionName[]).filter((name) => values[name] !== undefined && !allowed.includes(name))
  if (foreign.length > 0) {
    const takes = COMMAND_OPTIONS[command].length === 0 ? 'takes no option' : `takes ${COMMAND_OPTIONS[command].map((o) => `--${o}`).join(', ')}`
    throw new UsageError(`${command} does not take --${foreign[0]}; it ${takes}`)
  }
}

/** The rules `list-rules` prints: the catalogue, filtered by area and level. */
function listedRules(area: string | undefined, level: string | undefined): readonly Rule[] {
  let rules = RULES
  if (area !== undefined) {
    const wanted = area.trim().toUpperCase().replace(/-\*$/, '')
    if (!Object.hasOwn(AREAS, wanted)) throw new UsageError(`--area: unknown area "${area}" (areas: ${Object.keys(AREAS).join(', ')})`)
    rules = rules.filter((rule) => rule.area === wanted)
  }
  if (level !== undefined) {
    const wanted = level.trim().toLowerCase()
    if (!LEVELS.includes(wanted as Level)) throw new UsageError(`--level expects ${LEVELS.join(', ')}, got "${level}"`)
    rules = rules.filter((rule) => rule.level === wanted)
  }
  return rules
}

/**
 * `explain <RULE|AREA-*>...`: each rule, in catalogue order, with its kit
 * tests (from the committed test index) and the gallery
 * registries the committed evidence lists. Every argument is checked first.
 */
async function explain(args: readonly string[]): Promise<string> {
  const ids = new Set<string>()
  for (const arg of args) {
    const wanted = arg.trim().toUpperCase()
    const area = wanted.endsWith('-*') ? wanted.slice(0, -2) : undefined
    if (area !== undefined && Object.hasOwn(AREAS, area)) {
      for (const rule of RULES) if (rule.area === area) ids.add(rule.id)
    } else if (area === undefined && isRuleId(wanted)) {
      ids.add(wanted)
    } else throw new UsageError(`explain: unknown rule "${arg}" (a rule ID or AREA-*; run "dsh-tools-tck list-rules" for the catalogue)`)
  }
  const rules = RULES.filter((rule) => ids.has(rule.id))
  const { testsOfRules } = await import('./commands/tests-of-rule.ts')
  let tests: Map<string, KitTest[]> | { error: string }
  try {
    tests = testsOfRules(rules)
  } catch (error) {
    tests = { error: oneLine(error) }
  }
  let evidence: ReturnType<typeof loadEvidence> | { error: string }
  try {
    evidence = loadEvidence()
  } catch (error) {
    evidence = { error: oneLine(error) }
  }
  return rules
    .map((rule) =>
      renderRuleExplanation({
        rule,
        tests: tests instanceof Map ? (tests.get(rule.id) ?? []) : tests,
        gallery: 'error' in evidence ? evidence : ruleAdequacy(rule, evidence).galleryBugs,
      }),
    )
    .join('\n')
}

function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() }
}

function parseOrExplain(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true })
  } catch (error) {
    // node's messages ("Unknown option '--x'. To specify a positional ...") are long; keep the first sentence.
    const code = (error as { code?: unknown }).code
    const message = oneLine(error).replace(/^TypeError( \[[A-Z_]+\])?: /, '')
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(message.split('. ')[0] ?? message)
    throw new UsageError(message)
  }
}

/** A duration flag: whole milliseconds from 1 to {@link MAX_TIMEOUT_MS}. */
function parseTimeout(flag: string, raw: string): number {
  const trimmed = raw.trim()
  const value = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN
  if (!isDurationMs(value)) {
    throw new UsageError(`${flag} expects a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, got "${raw}"`)
  }
  return value
}

function parseRules(raw: string): string[] {
  const rules = raw
    .split(',')
    .map((r) => r.trim())
    .filter((r) => r !== '')
  if (rules.length === 0) throw new UsageError('--rules needs at least one rule ID or AREA-*')
  return rules
}

/** `--max-memory`: a whole number of megabytes within the kit's bounds. */
function parseMegabytes(raw: string): number {
  const value = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN
  if (!Number.isSafeInteger(value) || value < MIN_MAX_MEMORY_MB || value > MAX_MAX_MEMORY_MB) {
    throw new UsageError(`--max-memory expects a whole number of megabytes from ${MIN_MAX_MEMORY_MB} to ${MAX_MAX_MEMORY_MB}, got "${raw}"`)
  }
  return value
}

/** A whole number option from `min` to `max`, or a usage error naming the flag and its bounds. */
function parseWhole(flag: string, raw: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = /^-?\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    const bounds = max < Number.MAX_SAFE_INTEGER ? ` from ${min} to ${max}` : min > 0 ? ` from ${min}` : ''
    throw new UsageError(`${flag} expects a whole number${bounds}, got "${raw}"`)
  }
  return value
}
