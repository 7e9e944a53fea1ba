import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { Writable } from 'node:stream'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const kitNodeModules = fileURLToPath(new URL('../../node_modules', import.meta.url))

/** A folder of files for a nested vitest run, removed by `remove()`. */
export interface ThrowawayProject {
  readonly dir: string
  remove(): void
}

/**
 * Writes `files` (name → source) to a new temporary folder whose
 * `node_modules` links to the kit's, so its files can import vitest.
 */
export function throwawayProject(prefix: string, files: Readonly<Record<string, string>>): ThrowawayProject {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  symlinkSync(kitNodeModules, join(dir, 'node_modules'), 'dir')
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** Output streams for a nested vitest (`createVitest`'s fourth argument) that discard what it prints. */
export function discardOutput(): { stdout: Writable; stderr: Writable } {
  const sink = (): Writable => new Writable({ write: (_chunk, _encoding, done) => done() })
  return { stdout: sink(), stderr: sink() }
}
