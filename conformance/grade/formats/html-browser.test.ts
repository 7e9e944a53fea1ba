/**
 * The HTML pages in a real browser (headless Debian chromium through
 * playwright-core): `grade --html` of a gallery registry and `matrix --html`
 * of it beside the reference, both graded once on a few rules, and the Spec
 * tab of both reports (the seeds' sentences with each registry's verdicts:
 * a sentence of a failing rule is red and opens on its failing assertion). The counts
 * read back from the rendered summary are the JSON report's, the filters
 * change the visible rows, the page works without JavaScript, makes no
 * network request, raises no error, and screenshots to a non-empty PNG.
 *
 * Needs a chromium binary: `CHROMIUM_PATH` when set (non-empty), else
 * /usr/bin/chromium. Missing, the tests are skipped with a message saying
 * how to install it, unless CI is set: then they fail (.ci/run installs
 * Debian's chromium when CHROMIUM_PATH is unset and /usr/bin/chromium is
 * missing).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { chromium } from 'playwright-core'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { GradeReport } from '../report.ts'
import { runCli } from '../cli.ts'
import { GRADED, cli, scratch } from '../test-support/run-cli.ts'
import { kitSpecCoverage } from './sentence-verdicts.ts'

/** The browser binary: the same rule as .ci/run's. */
const CHROMIUM = process.env.CHROMIUM_PATH !== undefined && process.env.CHROMIUM_PATH !== '' ? process.env.CHROMIUM_PATH : '/usr/bin/chromium'
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const GALLERY = fileURLToPath(new URL('../../../fixtures/broken/abort-codes-swapped.ts', import.meta.url))
/** Two rules the gallery registry fails (CAN-01, CAN-02), two it passes. */
const RULES = 'REG-01,GRD-07,CAN-01,CAN-02'
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

const available = existsSync(CHROMIUM)

if (!available && process.env.CI !== undefined && process.env.CI !== '') {
  test('headless chromium is installed', () => {
    throw new Error(
      `${CHROMIUM} is missing: the HTML report tests need Debian's chromium (apt-get install -y --no-install-recommends chromium; .ci/run does this)`,
    )
  })
} else if (!available) {
  console.warn(`html-browser.test.ts: skipped, ${CHROMIUM} is missing; install it with "apt-get install -y --no-install-recommends chromium"`)
  test.skip(`HTML pages in a browser: skipped, ${CHROMIUM} is missing (install it with "apt-get install -y --no-install-recommends chromium")`, () => {})
} else {
  describe('HTML pages in headless chromium', () => {
    const work = scratch()
    let browser: Browser
    let context: BrowserContext
    let report: GradeReport
    let reference: GradeReport
    const requests: string[] = []
    const errors: string[] = []

    beforeAll(async () => {
      const [gallery, ref] = await Promise.all([
        cli(['grade', '--adapter', GALLERY, '--rules', RULES, '--json', 'gallery.json', '--html', 'gallery.html'], work.dir),
        cli(['grade', '--rules', RULES, '--json', 'reference.json', '--html', 'reference.html'], work.dir),
      ])
      expect(gallery.stderr).toBe('')
      expect(gallery.code).toBe(1)
      expect(ref.code).toBe(0)
      report = JSON.parse(readFileSync(join(work.dir, 'gallery.json'), 'utf8')) as GradeReport
      reference = JSON.parse(readFileSync(join(work.dir, 'reference.json'), 'utf8')) as GradeReport
      const io = { stdout: { write: () => true }, stderr: { write: (t: string) => errors.push(t) }, env: {}, cwd: work.dir }
      expect(await runCli(['matrix', 'reference.json', 'gallery.json', '--html', 'matrix.html'], io)).toBe(0)
      browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS })
      context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      context.setDefaultTimeout(120_000) // a ceiling for a busy machine, never a verdict
      context.on('request', (request) => requests.push(request.url()))
    }, GRADED.timeout)

    afterAll(async () => {
      await browser?.close()
      work.remove()
    })

    async function open(file: string, on: BrowserContext = context): Promise<Page> {
      const page = await on.newPage()
      page.on('pageerror', (error) => errors.push(`${file}: ${error.message}`))
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`${file}: ${message.text()}`)
      })
      await page.goto(pathToFileURL(join(work.dir, file)).href)
      return page
    }

    async function expectPng(page: Page, name: string): Promise<void> {
      const path = join(work.dir, name)
      await page.screenshot({ path, fullPage: true })
      const png = readFileSync(path)
      expect(png.subarray(0, 8).equals(PNG), 'a PNG file').toBe(true)
      expect(png.length).toBeGreaterThan(1000)
    }

    test("report page: the summary shown has the JSON report's counts, verdict and profile", async () => {
      const page = await open('gallery.html')
      const summary = page.getByTestId('summary')
      const s = report.summary
      for (const level of ['must', 'upstream', 'should'] as const) {
        for (const key of ['rules', 'pass', 'fail', 'vacuous', 'notApplicable', 'untestable'] as const) {
          expect(await summary.locator(`[data-count="${level}-${key}"]`).innerText(), `${level}-${key}`).toBe(String(s[level]?.[key]))
        }
      }
      expect(report.options.profile).toBe('spec')
      expect(await page.getByTestId('profile').innerText()).toBe('spec')
      expect(await page.getByTestId('verdict').getAttribute('data-profile')).toBe('spec')
      expect(await page.getByTestId('meta').innerText()).toContain('spec (the seeds: must rules decide the verdict)')
      for (const key of ['total', 'pass', 'fail', 'notApplicable', 'skipped'] as const) {
        expect(await summary.locator(`[data-count="tests-${key}"]`).innerText(), `tests-${key}`).toBe(String(s.tests[key]))
      }
      expect(s.conforms).toBe(false)
      expect(await page.getByTestId('verdict').innerText()).toBe('FAILS')
      expect(await summary.innerText()).toContain(`fails ${s.must.fail} of ${s.must.rules - s.must.notApplicable - s.must.untestable} applicable must rules`)
      await page.close()
    })

    test('report page: failures first, shown alone at first; the status and level filters change the visible rows', async () => {
      const page = await open('gallery.html')
      const visible = (): Promise<string[]> => page.locator('tr[data-rule]:visible').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-rule') ?? ''))
      expect(await page.getByTestId('filters').isVisible()).toBe(true)
      const failing = report.rules.filter((r) => r.status === 'fail').map((r) => r.id)
      expect(failing).toEqual(['CAN-01', 'CAN-02'])
      // The page opens on the failures, listed first.
      expect(await visible()).toEqual(failing)
      await page.getByTestId('filter-status').selectOption('')
      const all = await visible()
      expect(all.slice(0, failing.length)).toEqual(failing)
      expect([...all].sort()).toEqual(report.rules.map((r) => r.id).sort())
      await page.getByTestId('filter-status').selectOption('fail')
      expect(await visible()).toEqual(failing)
      expect(await page.getByTestId('shown').innerText()).toBe(`${failing.length} of ${report.rules.length} rules shown`)
      await page.getByTestId('filter-status').selectOption('pass')
      await page.getByTestId('filter-area').selectOption('GRD')
      expect(await visible()).toEqual(['GRD-07'])
      await page.getByTestId('filter-level').selectOption('should')
      expect(await visible()).toEqual([])
      await page.getByTestId('filter-level').selectOption('upstream')
      expect(await visible()).toEqual(report.rules.filter((r) => r.level === 'upstream' && r.area === 'GRD' && r.status === 'pass').map((r) => r.id))
      await expectPng(page, 'report.png')
      await page.close()
    })

    test('report page: each failing assertion is shown with its message and where it failed', async () => {
      const page = await open('gallery.html')
      const row = page.locator('tr[data-rule="CAN-01"]')
      const failures = report.rules.find((r) => r.id === 'CAN-01')?.tests.filter((t) => t.outcome === 'fail') ?? []
      expect(failures.length).toBeGreaterThan(0)
      expect(await row.locator('[data-failure]').count()).toBe(failures.length)
      const text = await row.innerText()
      for (const t of failures) {
        expect(text).toContain(t.failure?.message.split('\n')[0])
        if (t.failure?.at !== undefined) expect(text).toContain(t.failure.at)
      }
      await page.close()
    })

    test('report page: readable without JavaScript (every rule shown, no filter form)', async () => {
      const bare = await browser.newContext({ javaScriptEnabled: false })
      bare.on('request', (request) => requests.push(request.url()))
      const page = await open('gallery.html', bare)
      expect(await page.locator('tr[data-rule]:visible').count()).toBe(report.rules.length)
      expect(await page.getByTestId('filters').isVisible()).toBe(false)
      await bare.close()
    })

    test("spec tab: the seeds' sentences with the registry's verdicts; a failing rule's sentence is red and opens on its failing assertion", async () => {
      const page = await open('gallery.html')
      expect(await page.getByTestId('spec').isVisible()).toBe(false)
      await page.getByTestId('tab-spec').click()
      expect(await page.getByTestId('spec').isVisible()).toBe(true)
      expect(await page.getByTestId('rules').isVisible()).toBe(false)
      const coverage = kitSpecCoverage()
      // The graded must rules that fail (CAN-01 and CAN-02, and any must rule a test of theirs charges incidentally).
      const failingMust = new Set<string>(report.rules.filter((r) => r.level === 'must' && r.status === 'fail').map((r) => r.id))
      expect(failingMust.has('CAN-01') && failingMust.has('CAN-02')).toBe(true)
      const broken = coverage.filter((c) => c.mustRules.some((id) => failingMust.has(id))).map((c) => c.sentence.id)
      expect(broken.length).toBeGreaterThan(0)
      const marked = (verdict: string): Promise<string[]> =>
        page.locator(`[data-testid="spec"] [data-verdict="${verdict}"]`).evaluateAll((list) => list.map((e) => e.getAttribute('data-sentence') ?? ''))
      // A set of sentences: a heading sentence (a quoted heading, e.g. CAN-02's) is marked where it heads its section too.
      expect([...new Set(await marked('broken'))].sort()).toEqual([...broken].sort())
      const id = broken[0] as string
      const mark = page.locator(`details[data-sentence="${id}"]`)
      // The kit compiles without the DOM library: the check runs as a page expression.
      const colours = (await page.evaluate(
        `[getComputedStyle(document.querySelector('details[data-sentence="${id}"] > summary')).borderBottomColor, getComputedStyle(document.querySelector('.verdict.fails')).backgroundColor]`,
      )) as [string, string]
      expect(colours[0]).toBe(colours[1])
      expect(await mark.locator('[data-spec-failure]').first().isVisible()).toBe(false)
      await mark.locator('summary').click()
      const failure = mark.locator('[data-spec-failure]').first()
      expect(await failure.isVisible()).toBe(true)
      const failing = report.rules.filter((r) => r.status === 'fail').flatMap((r) => r.tests.filter((t) => t.outcome === 'fail'))
      const text = await failure.innerText()
      expect(failing.some((t) => text.includes(t.name) && text.includes(t.failure?.message.split('\n')[0] ?? '\u0000'))).toBe(true)
      await expectPng(page, 'spec.png')
      await page.close()
    })

    test("spec tab of the reference: nothing broken, the graded rules' sentences met, the rest untested or excused", async () => {
      const page = await open('reference.html')
      await page.getByTestId('tab-spec').click()
      expect(await page.locator('[data-testid="spec"] [data-verdict="broken"]').count()).toBe(0)
      const graded = new Set(RULES.split(','))
      const met = kitSpecCoverage()
        .filter((c) => c.mustRules.some((id) => graded.has(id)))
        .map((c) => c.sentence.id)
      expect(met.length).toBeGreaterThan(0)
      const shown = await page
        .locator('[data-testid="spec"] [data-verdict="met"]')
        .evaluateAll((list) => list.map((e) => e.getAttribute('data-sentence') ?? ''))
      // A met sentence rests on a graded rule that applied; GRD-07 may be not-applicable for the reference's features, never broken.
      for (const id of shown) expect(met).toContain(id)
      expect(shown.length).toBeGreaterThan(0)
      expect(await page.locator('[data-testid="spec"] [data-verdict="untested"]').count()).toBeGreaterThan(0)
      await page.close()
    })

    test('matrix page: one column per implementation, the differing rows first, the differs filter', async () => {
      const page = await open('matrix.html')
      expect(await page.getByTestId('impl').allInnerTexts()).toEqual([reference.adapter.name, report.adapter.name])
      expect(await page.getByTestId('impl').evaluateAll((list) => list.map((th) => th.getAttribute('data-profile')))).toEqual(['spec', 'spec'])
      const rows = await page
        .locator('tr[data-rule]')
        .evaluateAll((list) => list.map((r) => [r.getAttribute('data-rule'), r.getAttribute('data-differs'), r.querySelectorAll('td[data-status]').length]))
      const status = (r: GradeReport, id: string): string | undefined => r.rules.find((x) => x.id === id)?.status
      const differ: string[] = report.rules.filter((r) => status(reference, r.id) !== r.status).map((r) => r.id)
      expect(differ).toEqual(['CAN-01', 'CAN-02'])
      expect(rows.map((r) => r[0])).toEqual([...differ, ...report.rules.map((r) => r.id).filter((id) => !differ.includes(id))])
      expect(rows.map((r) => r[1])).toEqual(rows.map((r) => String(differ.includes(r[0] as string))))
      for (const r of rows) expect(r[2], 'a status cell per implementation').toBe(2)
      await page.getByTestId('filter-differs').check()
      expect(await page.locator('tr[data-rule]:visible').evaluateAll((list) => list.map((r) => r.getAttribute('data-rule')))).toEqual(differ)
      await expectPng(page, 'matrix.png')
      await page.close()
    })

    test('no page requested anything but its own file, and none raised an error', () => {
      expect(requests.length).toBeGreaterThan(0)
      for (const url of requests) expect(url).toMatch(/^(file|data):/)
      expect(errors).toEqual([])
    })
  })
}
