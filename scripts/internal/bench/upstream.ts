/**
 * Internal to `npm run bench`: a Harness over upstream's built registry
 * (`@deepseek-ai/dsh-tools` as a Cordis service), loaded by absolute file URL
 * from the fidelity lane's install folder, since those packages are not in
 * the kit's node_modules. Mirrors conformance/fidelity/upstream-adapter.ts
 * (Context + SystemPrompt + ToolRuntime; scopes minted inside a plugin that
 * injects `tools`, a parent bound with dsh-scope's parent option).
 */
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Harness, ScopeHandle, Subscribe, ToolRuntimeApi, ToolsContextApi } from '../../../conformance/adapter/contract.ts'
import { upstreamBuildFolder } from '../../../conformance/spec/upstream-release.ts'

/** The install folder when upstream's dsh-tools is built there, else `undefined`. */
export function upstreamInstallFolder(): string | undefined {
  const install = join(upstreamBuildFolder(), 'install')
  return existsSync(join(install, 'node_modules', '@deepseek-ai', 'dsh-tools', 'package.json')) ? install : undefined
}

/** What the bench uses of a Cordis context; upstream's packages (and so their types) are not in the kit's node_modules. */
interface CordisContext {
  readonly tools: unknown
  on(event: string, listener: unknown, options: { prepend: boolean }): () => void
  plugin(plugin: unknown, config?: unknown): Promise<unknown>
}

/** What the bench uses of the four upstream modules, in the order {@link upstreamHarnessFactory} loads them. */
type UpstreamModules = [
  { Context: new () => CordisContext },
  { createScope(ctx: CordisContext, agent: object, options?: { parent: object }): { readonly ctx: CordisContext; dispose(): void } },
  { default: unknown },
  { default: unknown },
]

async function load(install: string, name: string): Promise<unknown> {
  const require = createRequire(join(install, 'package.json'))
  return import(pathToFileURL(require.resolve(name)).href)
}

/** Builds a fresh upstream harness from `install`; `createScope` is always present. */
export async function upstreamHarnessFactory(install: string): Promise<() => Promise<Harness & Required<Pick<Harness, 'createScope'>>>> {
  const [{ Context }, { createScope }, systemPrompt, toolRuntime] = (await Promise.all([
    load(install, '@deepseek-ai/cordis'),
    load(install, '@deepseek-ai/dsh-scope'),
    load(install, '@deepseek-ai/dsh-system-prompt'),
    load(install, '@deepseek-ai/dsh-tools'),
  ])) as UpstreamModules
  const subscribeOn =
    (ctx: CordisContext): Subscribe =>
    (event, listener, options) => {
      const off = ctx.on(event, listener, { prepend: options?.prepend === true })
      return () => void off()
    }
  let agents = 0
  return async () => {
    const ctx = new Context()
    await ctx.plugin(systemPrompt.default, {})
    await ctx.plugin(toolRuntime.default)
    const mint = async (parent: ScopeHandle | undefined): Promise<ScopeHandle> => {
      agents += 1
      const agent = { id: `bench-agent-${agents}` }
      let scope!: ReturnType<typeof createScope>
      await ctx.plugin(
        Object.assign(
          (inner: CordisContext) => {
            scope = createScope(inner, agent, parent === undefined ? undefined : { parent: parent.agent })
          },
          { inject: ['tools', 'systemPrompt'] },
        ),
      )
      return { agent, tools: scope.ctx.tools as ToolsContextApi, on: subscribeOn(scope.ctx), dispose: () => scope.dispose() }
    }
    return {
      tools: ctx.tools as ToolRuntimeApi,
      on: subscribeOn(ctx),
      createScope: (options) => mint(options?.parent),
    }
  }
}
