/**
 * Grades gallery entries in full and records the outcomes in the gallery
 * ledger (fixtures/broken/_support/gallery-ledger.ts says what `npm test`
 * makes of it).
 *
 *   npm run gallery:ledger                     # every entry whose record is missing or stale
 *   npm run gallery:ledger -- --all            # every entry
 *   npm run gallery:ledger -- restriction-union.ts ...   # these entries
 *   ... --lanes 3                              # grades at a time (default: the cores, at least 2)
 *
 * Each lane is a child process that grades its share one entry at a time on
 * one test worker. Records of removed entries are dropped. Exits 1 when a
 * record disagrees with its entry's declaration (the same check `npm test`
 * makes), 2 on a usage error.
 */
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { GALLERY_DIR, GALLERY_FILES, loadEntry } from '../fixtures/broken/_support/gallery-grades.ts'
import { LEDGER_FILE, byId, gradeForLedger, ledgerFingerprint, readLedger } from '../fixtures/broken/_support/gallery-ledger.ts'
import type { Ledger, LedgerRecord } from '../fixtures/broken/_support/gallery-ledger.ts'

const RECORD_PREFIX = 'gallery-ledger-record '

async function lane(files: readonly string[]): Promise<void> {
  for (const file of files) {
    const record = await gradeForLedger(GALLERY_DIR + file, file, await loadEntry(file), 1)
    process.stdout.write(`${RECORD_PREFIX}${JSON.stringify({ file, record })}\n`)
  }
}

function usage(message: string): never {
  process.stderr.write(`gallery-ledger: ${message}\nUsage: npm run gallery:ledger -- [--all] [--lanes <n>] [<entry>.ts ...]\n`)
  process.exit(2)
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv[0] === '--lane') {
    await lane(argv.slice(1))
    return 0
  }
  let all = false
  let lanes = Math.max(2, availableParallelism())
  const named: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    if (arg === '--all') all = true
    else if (arg === '--lanes') {
      const n = Number(argv[++i])
      if (!Number.isSafeInteger(n) || n < 1 || n > 16) usage(`--lanes wants a whole number from 1 to 16, got ${argv[i] ?? 'nothing'}`)
      lanes = n
    } else if (arg.startsWith('-')) usage(`unknown option ${arg}`)
    else if (!GALLERY_FILES.includes(arg)) usage(`${arg} is not a gallery entry (a file name in fixtures/broken/, e.g. restriction-union.ts)`)
    else named.push(arg)
  }

  const before = readLedger()
  const todo = named.length > 0 ? named : GALLERY_FILES.filter((file) => all || before[file]?.fingerprint !== ledgerFingerprint(file))
  const records = new Map<string, LedgerRecord>(Object.entries(before).filter(([file]) => GALLERY_FILES.includes(file)))
  process.stdout.write(`gallery-ledger: grading ${todo.length} of ${GALLERY_FILES.length} entries on ${Math.min(lanes, todo.length)} lanes\n`)

  const started = Date.now()
  const shares = Array.from({ length: Math.min(lanes, todo.length) }, (_, i) => todo.filter((_, j) => j % lanes === i))
  const failures: string[] = []
  await Promise.all(
    shares.map(
      (share) =>
        new Promise<void>((resolve) => {
          const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--lane', ...share], {
            stdio: ['ignore', 'pipe', 'inherit'],
          })
          let buffered = ''
          child.stdout.setEncoding('utf8')
          child.stdout.on('data', (chunk: string) => {
            buffered += chunk
            let newline = buffered.indexOf('\n')
            while (newline >= 0) {
              const line = buffered.slice(0, newline)
              buffered = buffered.slice(newline + 1)
              newline = buffered.indexOf('\n')
              if (!line.startsWith(RECORD_PREFIX)) continue
              const { file, record } = JSON.parse(line.slice(RECORD_PREFIX.length)) as { file: string; record: LedgerRecord }
              records.set(file, record)
              process.stdout.write(
                `  ${file}: fails ${record.suiteFailures.join(', ') || 'nothing'}; laws ${record.lawFailures.join(', ') || 'none'} ` +
                  `(${records.size}/${GALLERY_FILES.length} recorded, ${((Date.now() - started) / 1000).toFixed(0)} s)\n`,
              )
            }
          })
          child.on('close', (code) => {
            if (code !== 0) failures.push(`a lane grading ${share.join(', ')} exited with ${code}`)
            resolve()
          })
        }),
    ),
  )

  const ledger: Ledger = Object.fromEntries([...records].sort(([a], [b]) => a.localeCompare(b)))
  // One record a line: a regrade shows as a diff of the entries it changed.
  const lines = Object.entries(ledger).map(([file, record]) => ` ${JSON.stringify(file)}: ${JSON.stringify(record)}`)
  writeFileSync(LEDGER_FILE, `{\n${lines.join(',\n')}\n}\n`)

  for (const file of GALLERY_FILES) {
    const record = ledger[file]
    const entry = await loadEntry(file)
    const declared = [...entry.violates].sort(byId)
    if (record === undefined) failures.push(`${file}: no record`)
    else if (record.suiteFailures.join() !== declared.join())
      failures.push(`${file}: fails ${record.suiteFailures.join(', ') || 'nothing'}, declares ${declared.join(', ')}`)
    else if ((entry.lawsSilent === undefined) !== record.lawFailures.length > 0)
      failures.push(`${file}: laws failing ${record.lawFailures.join(', ') || 'none'}, lawsSilent ${entry.lawsSilent === undefined ? 'not ' : ''}declared`)
    else if (record.unattributedErrors > 0) failures.push(`${file}: ${record.unattributedErrors} unattributed errors`)
  }
  process.stdout.write(`gallery-ledger: wrote ${LEDGER_FILE} in ${((Date.now() - started) / 1000).toFixed(0)} s\n`)
  for (const failure of failures) process.stdout.write(`  disagrees: ${failure}\n`)
  return failures.length === 0 ? 0 : 1
}

process.exitCode = await main(process.argv.slice(2))
