/**
 * The registry's part of the system prompt (PRES-10, PRES-12..15, CM-27):
 * the tools the model is offered and the two Code Mode sections.
 *
 * - PRES-12: the tool contribution follows the mode in force: every visible
 *   schema under `native`, only `run_code` under `code`, both under `both`;
 *   a configured tool order naming a tool this contribution does not know
 *   fails the assembly.
 * - PRES-13: a non-native assembly needs a mounted code runtime whose
 *   language has an SDK renderer; the error names the assembling scope's mode.
 * - PRES-14: `tools:code-only` (order 99, text only under `code`) and
 *   `tools:sdk` (order 150, text under `code` and `both`) exist where a
 *   non-native mode is configured: globally for a non-native deployment, and
 *   for a scope whose chain declares a non-native mode.
 * - PRES-10: a scope that returns to `native` sees both sections empty.
 * - CM-27: the SDK declares the visible tools but `run_code`, by name.
 * - PRES-15: once the registry is disposed it contributes nothing.
 */
import { TOOL_ORDER_REST, type PromptAssembly, type PromptSectionView } from '../../conformance/adapter/contract.ts'
import type { CodeRuntime, ToolPresentationMode, ToolSchema } from '../../conformance/spec/types.ts'
import type { LayerStore } from '../layers.ts'
import { projectSchemas } from '../projection.ts'
import type { ScopeNode } from '../scopes.ts'
import { inheritedTools, resolveView } from '../visibility.ts'
import { RUN_CODE_NAME } from './name.ts'
import { effectiveMode } from './presentation.ts'

/** PRES-14: the sections' names and orders. */
export const CODE_ONLY_SECTION = { name: 'tools:code-only', order: 99 } as const
export const SDK_SECTION = { name: 'tools:sdk', order: 150 } as const

const CODE_ONLY_TEXT =
  '`run_code` is the only tool you can call directly: a call naming any other tool fails. Every tool the SDK below declares is reached from inside a program.'

/** What an assembly reads from the registry. */
export interface PromptHost {
  readonly store: LayerStore
  readonly runtime: () => CodeRuntime | undefined
  /** PRES-12: the configured tool order, if any. */
  readonly toolOrder: readonly string[] | undefined
  readonly disposed: () => boolean
}

/** The SDK renderers by runtime language (CM-27). */
const SDK_RENDERERS: Readonly<Record<string, (tools: readonly SdkTool[]) => string>> = Object.freeze({
  typescript: renderTypeScript,
  python: renderPython,
})

interface SdkTool {
  readonly name: string
  readonly description: string
}

/**
 * PRES-13: the mounted runtime, or the error naming `mode`. A runtime whose
 * language has no SDK renderer fails the assembly too, when the tools are
 * projected: `run_code`'s description has no flavor for it (`flavorFor`
 * throws naming the language), and the flavors cover the same languages as
 * {@link SDK_RENDERERS}.
 */
function requireRuntime(host: PromptHost, mode: ToolPresentationMode): CodeRuntime {
  const runtime = host.runtime()
  if (runtime === undefined) {
    throw new Error(`dsh-tools: mode "${mode}" requires a code runtime: mount one, or present this agent's tools natively`)
  }
  return runtime
}

/** PRES-14: whether the Code Mode sections are registered for `node`: a non-native deployment, or a non-native declaration on its chain. */
function sectionsRegistered(store: LayerStore, node: ScopeNode | undefined): boolean {
  if (store.presentation.defaultMode !== 'native') return true
  for (let scope = node; scope !== undefined; scope = scope.parent) {
    const mode = store.layerOf(scope)?.mode
    if (mode !== undefined && mode !== 'native') return true
  }
  return false
}

/** The assembly `node`'s model sees (the global one for `undefined`). Throws when the assembly fails (PRES-12, PRES-13). */
export function assemblePrompt(host: PromptHost, node: ScopeNode | undefined): PromptAssembly {
  // PRES-15: a disposed registry has no provider and no section left.
  if (host.disposed()) return { tools: [], sections: [] }
  const { store } = host
  const mode = effectiveMode(store, node)
  const runtime = mode === 'native' ? undefined : requireRuntime(host, mode)

  // PRES-12: the contribution and the names a tool order may list.
  const visible = projectSchemas(store, node)
  const registered = [...inheritedTools(store, node).keys()]
  const own = store.layerOf(node)
  if (own !== undefined) registered.push(...own.tools.keys())
  let tools: ToolSchema[]
  let known: Set<string>
  if (mode === 'code') {
    tools = visible.filter((schema) => schema.name === RUN_CODE_NAME)
    known = new Set([RUN_CODE_NAME])
  } else {
    tools = visible
    known = new Set(mode === 'both' ? [...registered, RUN_CODE_NAME] : registered)
  }

  const sections: PromptSectionView[] = []
  if (sectionsRegistered(store, node)) {
    sections.push({ name: CODE_ONLY_SECTION.name, text: mode === 'code' ? CODE_ONLY_TEXT : '' })
    sections.push({ name: SDK_SECTION.name, text: runtime === undefined ? '' : SDK_RENDERERS[runtime.language]!(sdkTools(store, node)) })
  }
  return { tools: orderTools(tools, host.toolOrder, known), sections }
}

/** PRES-12: lexicographic by name, or the configured order with the unlisted tools at its rest entry; an unknown listed name fails. */
function orderTools(tools: ToolSchema[], toolOrder: readonly string[] | undefined, known: ReadonlySet<string>): ToolSchema[] {
  if (toolOrder === undefined) return [...tools].sort(byName)
  const unknown = toolOrder.filter((name) => name !== TOOL_ORDER_REST && !known.has(name))
  if (unknown.length > 0) throw new Error(`toolOrder lists tools this prompt does not know: ${JSON.stringify(unknown)}`)
  const listed = new Set(toolOrder)
  const rest = tools.filter((tool) => !listed.has(tool.name)).sort(byName)
  return toolOrder.flatMap((name) => (name === TOOL_ORDER_REST ? rest : tools.filter((tool) => tool.name === name)))
}

/** CM-27: the visible tools but `run_code`, by name. */
function sdkTools(store: LayerStore, node: ScopeNode | undefined): SdkTool[] {
  const tools: SdkTool[] = []
  for (const [name, definition] of resolveView(store, node)) {
    if (name === RUN_CODE_NAME) continue
    tools.push({ name, description: definition.description })
  }
  return tools.sort(byName)
}

/** Code-unit order of names, the same on every machine (names in one list are unique, so never equal). */
function byName(a: { readonly name: string }, b: { readonly name: string }): number {
  return a.name < b.name ? -1 : 1
}

/** CM-27: `declare const tools`, one member per tool, its description as a comment. */
function renderTypeScript(tools: readonly SdkTool[]): string {
  const members = tools.map((tool) => `  ${tool.name}(args: Record<string, JsonValue>): Promise<JsonValue> // ${JSON.stringify(tool.description)}`)
  return ['declare const tools: {', ...members, '}'].join('\n')
}

/** CM-27: a `Tools` protocol class, one async method per tool, its description as a comment. */
function renderPython(tools: readonly SdkTool[]): string {
  const methods = tools.map((tool) => `    async def ${tool.name}(self, args: dict[str, Any]) -> Any: ...  # ${JSON.stringify(tool.description)}`)
  return ['class Tools(Protocol):', '    ...', ...methods].join('\n')
}
