/**
 * The fidelity lane's types entry: upstream DeepSeek Harness 0.1.1-rc.2
 * (`@deepseek-ai/dsh-tools`) as the type suites in `types/` import it
 * (`--types`, docs/TYPES.md).
 *
 * Upstream exports every name the suites need but one: it declares its
 * events by augmenting Cordis's `Events` interface, so it has no
 * `ToolEvents`. This entry re-exports the package unchanged and adds
 * `ToolEvents`, built from upstream's own augmented signatures with only
 * Cordis's `this` scope removed, so the suites grade upstream's
 * declarations and nothing written here.
 *
 * Like the adapter it is copied into the folder the upstream build installs
 * (`$UPSTREAM/install`), where both packages resolve from `node_modules`;
 * it is not part of the kit's own type check.
 */
import type { Events } from '@deepseek-ai/cordis'

export * from '@deepseek-ai/dsh-tools'

/** One augmented Cordis event signature without its `this` scope. */
type ToolEvent<K extends keyof Events> = OmitThisParameter<Events[K]>

/** The `tools/*` event signatures of the registry, as docs/TYPES.md names them. */
export interface ToolEvents {
  'tools/pre-execute': ToolEvent<'tools/pre-execute'>
  'tools/execute': ToolEvent<'tools/execute'>
  'tools/post-execute': ToolEvent<'tools/post-execute'>
  'tools/result': ToolEvent<'tools/result'>
  'tools/change': ToolEvent<'tools/change'>
}
