/**
 * The fidelity lane's adapter: upstream DeepSeek Harness 0.1.1-rc.2
 * (`@deepseek-ai/dsh-tools`, a Cordis service) behind the kit's Harness.
 *
 * It is written exactly as an implementer would write one in their own
 * project: static imports of the host's packages and of `dsh-tools-tck`.
 * `npm run fidelity` copies it into the folder that
 * `../shared/upstream/build-upstream.sh` builds (`$UPSTREAM/install`), where
 * those imports resolve by ordinary Node resolution, and links the kit in as
 * `node_modules/dsh-tools-tck`. It is not part of the kit's own type check
 * (the upstream packages exist only in that folder).
 *
 * How each harness member maps onto a Cordis host:
 * - one `Context` per harness, with the system-prompt service (the
 *   registry's one injected dependency) and the `ToolRuntime` plugin;
 * - scopes are minted inside a plugin that injects `tools`, as a host's
 *   agent loop does, keyed by a fresh agent-like object; a parent is bound
 *   with dsh-scope's parent option;
 * - approval is the `approval` service the registry reads with
 *   `ctx.get('approval')`; the kit's service has the same `request()` shape;
 * - warnings are what the registry logs at warn level through `ctx.logger`,
 *   captured by an exporter that lets warn-level lines through;
 * - Code Mode: the deployment options are the `ToolRuntime` config (`mode`,
 *   `maxParallelSubCalls`); the code runtime is the `codeRuntime` service the
 *   registry reads with `ctx.get('codeRuntime')`; each agent carries a
 *   `session` whose `append(type, data)` records the durable dispatch
 *   events, as an agent loop's session would; `presentAs` is the scoped
 *   context's own `tools.presentAs`;
 * - prompt assembly is the system-prompt service's own
 *   `assemble({ scope })`, with `toolOrder` as its config; disposing the
 *   harness disposes the `ToolRuntime` plugin's fiber, so an assembly read
 *   afterwards shows what the prompt holds once the registry is gone.
 */
import { Context } from '@deepseek-ai/cordis'
import { createScope } from '@deepseek-ai/dsh-scope'
import SystemPrompt from '@deepseek-ai/dsh-system-prompt'
import { HarnessError } from '@deepseek-ai/dsh-llm'
import ToolRuntime, {
  assertObjectJsonSchema,
  assertSupportedJsonSchema,
  defineTool,
  parameterSchemaSpecToJsonSchema,
  validateArgs,
  validateJsonSchemaValue,
  valueSchemaSpecToJsonSchema,
} from '@deepseek-ai/dsh-tools'
import { defineAdapter } from 'dsh-tools-tck'
import type { CodeDispatchRecord, Harness, HarnessOptions, ScopeHandle, Subscribe, ToolRuntimeApi, ToolsContextApi } from 'dsh-tools-tck'

/** Cordis' numeric level for warn lines (its default export level drops them). */
const WARN = 2

let agents = 0

/** Subscribes through a Cordis context: `{ prepend }` is Cordis' own option. */
function subscribeOn(ctx: Context): Subscribe {
  return (event, listener, options) => {
    const off = ctx.on(event as never, listener as never, { prepend: options?.prepend === true })
    return () => void off()
  }
}

export default defineAdapter({
  name: '@deepseek-ai/dsh-tools',
  version: '0.1.1-rc.2',
  features: {
    scopes: true,
    scopeParents: true,
    approval: true,
    presentationMeta: true,
    changeEvents: true,
    schema: true,
    codedErrors: true,
    warnings: true,
    codeMode: true,
    promptAssembly: true,
  },
  async create(options: HarnessOptions = {}): Promise<Harness> {
    const ctx = new Context()
    const records: CodeDispatchRecord[] = []
    const logged: string[] = []
    ctx.logger.exporter({
      levels: { default: WARN },
      export: (message) => {
        if (message.type === 'warn') logged.push(String(message.args[0]))
      },
    })
    await ctx.plugin(SystemPrompt, options.toolOrder === undefined ? {} : { toolOrder: [...options.toolOrder] })
    const fiber = await ctx.plugin(ToolRuntime, {
      ...(options.mode === undefined ? {} : { mode: options.mode }),
      ...(options.maxParallelSubCalls === undefined ? {} : { maxParallelSubCalls: options.maxParallelSubCalls }),
    })
    const tools = (ctx as unknown as { tools: ToolRuntimeApi }).tools
    let approval: (() => void) | undefined
    let runtime: (() => void) | undefined
    const provide = ctx.provide as (name: string, value: unknown) => () => void

    async function mint(parent: ScopeHandle | undefined): Promise<ScopeHandle> {
      agents += 1
      const agent: { id: string; session: unknown } = { id: `tck-agent-${agents}`, session: undefined }
      agent.session = {
        header: { cwd: '/workspace' },
        append: (type: string, data: unknown) => void records.push({ agent, type, data } as CodeDispatchRecord),
      }
      let scope!: ReturnType<typeof createScope>
      await ctx.plugin(
        Object.assign(
          (inner: Context) => {
            scope = createScope(inner, agent, parent === undefined ? undefined : { parent: parent.agent })
          },
          { inject: ['tools', 'systemPrompt'] },
        ),
      )
      return {
        agent,
        tools: (scope.ctx as unknown as { tools: ToolsContextApi }).tools,
        on: subscribeOn(scope.ctx),
        dispose: () => scope.dispose(),
      }
    }

    return {
      tools,
      on: subscribeOn(ctx),
      createScope: (options) => mint(options?.parent),
      setApproval(service) {
        approval?.()
        approval = service === undefined ? undefined : provide('approval', service)
      },
      codeMode: {
        setRuntime(codeRuntime) {
          runtime?.()
          runtime = codeRuntime === undefined ? undefined : provide('codeRuntime', codeRuntime)
        },
        records: () => [...records],
      },
      warnings: () => [...logged],
      async assemblePrompt(scope) {
        const systemPrompt = (ctx as unknown as { systemPrompt: SystemPrompt }).systemPrompt
        const assembly = await systemPrompt.assemble(scope === undefined ? {} : { scope })
        return { tools: assembly.tools, sections: assembly.sections }
      },
      dispose: () => fiber.dispose(),
    }
  },
  harnessError: (message, code) => new HarnessError(message, code),
  schema: {
    defineTool: (options) => defineTool(options as never) as never,
    parameterSchemaSpecToJsonSchema: (spec) => parameterSchemaSpecToJsonSchema(spec as never),
    valueSchemaSpecToJsonSchema: (spec) => valueSchemaSpecToJsonSchema(spec as never),
    validateArgs: (spec, args) => validateArgs(spec as never, args),
    assertSupportedJsonSchema,
    assertObjectJsonSchema,
    validateJsonSchemaValue: (schema, value, path) => validateJsonSchemaValue(schema as never, value, path),
  },
})
