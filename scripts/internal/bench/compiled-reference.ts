/**
 * Internal to `npm run bench`: the reference's adapter compiled to plain
 * JavaScript, as a build would ship it, for the dispatch figures.
 *
 * The bench itself runs under tsx, which compiles with esbuild's `keepNames`:
 * every function expression then gets its `name` set through a helper call
 * each time it is created, and the pipeline creates a few closures per call
 * (measured: about 14.5 µs per bare `execute()` through tsx against 9.5–10 µs
 * for the same sources compiled by `npm run build`). Upstream is measured
 * from its built JavaScript, so the reference is too: its sources bundled
 * once by esbuild (the compiler tsx uses), without `keepNames`, into a
 * temporary folder that is removed afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import type { TckAdapter } from '../../../conformance/adapter/contract.ts'

/** Compiles `reference/adapter.ts` under `root` and imports it; the compiled file is deleted once loaded. */
export async function compiledReferenceAdapter(root: string): Promise<TckAdapter> {
  const folder = mkdtempSync(join(tmpdir(), 'dsh-tck-bench-'))
  try {
    const outfile = join(folder, 'reference-adapter.mjs')
    await build({
      entryPoints: [join(root, 'reference/adapter.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile,
      logLevel: 'silent',
    })
    const module = (await import(pathToFileURL(outfile).href)) as { default: TckAdapter }
    return module.default
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
