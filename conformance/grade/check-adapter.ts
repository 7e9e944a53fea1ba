/**
 * `checkAdapter()`: the pre-flight check that turns a structurally broken
 * adapter into one clear error before any test runs.
 */
import { $Array, $JSON, $Object } from '../suite/_kit/intrinsics.ts'
import type { FeatureName, TckAdapter } from '../adapter/contract.ts'
import { AdapterError } from './errors.ts'
import type { LoadedAdapter } from './load-adapter.ts'
import { KNOWN_FEATURES, isFeatureName } from './engine/known-features.ts'
import { listWords, oneLine } from './text.ts'
import { settleWithin } from './engine/settle.ts'
import { guardExit } from './engine/exit-guard.ts'

export interface CheckAdapterOptions {
  /** How long `create()` (and `dispose()`) may take, in milliseconds. */
  readonly timeoutMs: number
}

/** Members every harness needs, whatever the adapter declares. */
const ALWAYS_NEEDED = ['tools.register', 'tools.restrict', 'tools.guard', 'tools.get', 'tools.schemas', 'tools.executionMode', 'tools.execute', 'on'] as const

/**
 * What each declared feature adds to the members the suite calls, on the
 * adapter and on every harness. Complete on purpose: a new feature of the
 * contract does not compile until it is placed here.
 */
const FEATURE_MEMBERS: Record<FeatureName, { readonly adapter: readonly string[]; readonly harness: readonly string[] }> = {
  scopes: { adapter: [], harness: ['createScope'] },
  scopeParents: { adapter: [], harness: [] },
  approval: { adapter: [], harness: ['setApproval'] },
  presentationMeta: { adapter: [], harness: [] },
  changeEvents: { adapter: [], harness: [] },
  schema: {
    adapter: [
      'schema.defineTool',
      'schema.parameterSchemaSpecToJsonSchema',
      'schema.valueSchemaSpecToJsonSchema',
      'schema.validateArgs',
      'schema.assertSupportedJsonSchema',
      'schema.assertObjectJsonSchema',
      'schema.validateJsonSchemaValue',
    ],
    harness: [],
  },
  codedErrors: { adapter: ['harnessError'], harness: [] },
  codeMode: { adapter: [], harness: [] },
  warnings: { adapter: [], harness: ['warnings'] },
  promptAssembly: { adapter: [], harness: ['assemblePrompt'] },
}

/**
 * Checks the default export of an adapter module and returns it typed.
 *
 * It checks the shape (`name` a non-empty string, `version` a string when
 * present, `features` an object of known feature names with boolean values,
 * `create` a function, and the adapter members declared features need:
 * `schema.*` for `schema`, `harnessError` for `codedErrors`), then calls
 * `create()` once and checks that the harness has every member the suite
 * calls and the declared features need, then disposes that harness (a
 * failing or hanging `dispose()` is ignored here, as the suite ignores it).
 *
 * Nothing registry-level is exercised: a hanging or failing `execute`, or an
 * `on` that throws, is graded by the suite, not rejected here.
 *
 * @throws AdapterError with a one-line message naming the module and every
 *   problem found in the first failing step.
 */
export async function checkAdapter(loaded: LoadedAdapter, options: CheckAdapterOptions): Promise<TckAdapter> {
  const { module, displayName, exported } = loaded
  const fail = (problem: string, cause?: unknown): never => {
    throw new AdapterError(module, `adapter ${displayName}: ${problem}`, cause === undefined ? undefined : { cause })
  }

  try {
    if (typeof exported !== 'object' || exported === null || $Array.isArray(exported)) {
      fail(`the default export is ${kindOf(exported)}, not an adapter object { name, features, create }`)
    }
    const candidate = exported as Record<string, unknown>
    const problems: string[] = []
    if (typeof candidate.name !== 'string' || candidate.name.trim() === '') {
      problems.push(`"name" must be a non-empty string (got ${kindOf(candidate.name)})`)
    }
    if (candidate.version !== undefined && typeof candidate.version !== 'string') {
      problems.push(`"version" must be a string when present (got ${kindOf(candidate.version)})`)
    }
    const features = candidate.features
    if (typeof features !== 'object' || features === null || $Array.isArray(features)) {
      problems.push(`"features" must be an object such as { scopes: true } (got ${kindOf(features)})`)
    } else {
      const unknown = $Object.keys(features).filter((key) => !isFeatureName(key))
      if (unknown.length > 0) {
        problems.push(`unknown feature ${listWords(unknown.map((k) => `"${k}"`))} in "features" (known: ${KNOWN_FEATURES.join(', ')})`)
      }
      const notBoolean = $Object.entries(features).filter(([key, value]) => isFeatureName(key) && typeof value !== 'boolean')
      if (notBoolean.length > 0) {
        problems.push(`feature ${listWords(notBoolean.map(([k]) => `"${k}"`))} must be true or false`)
      }
    }
    if (typeof candidate.create !== 'function') {
      problems.push(`"create" must be a function returning a harness (got ${kindOf(candidate.create)})`)
    }
    if (problems.length > 0) fail(`the default export is not a valid adapter: ${problems.join('; ')}`)
    for (const feature of KNOWN_FEATURES) {
      if ((features as Record<string, unknown>)[feature] !== true) continue
      const lacking = FEATURE_MEMBERS[feature].adapter.filter((path) => !isFunctionAt(candidate, path))
      if (lacking.length > 0) fail(`the adapter declares the "${feature}" feature but lacks ${listWords(lacking)}`)
    }
  } catch (error) {
    if (error instanceof AdapterError) throw error
    fail(`reading the default export threw: ${oneLine(error)}`, error)
  }

  const adapter = exported as TckAdapter
  // create() may not end this process either (engine/exit-guard.ts); dispose() is guarded below.
  const guard = guardExit()
  const created = await settleWithin(() => adapter.create(), options.timeoutMs).finally(() => guard.release())
  if (guard.attempts.length > 0) fail(`create() called ${guard.attempts[0]!}: a registry must not end the process`)
  switch (created.kind) {
    case 'threw':
      return fail(`create() threw: ${oneLine(created.error)}`, created.error)
    case 'rejected':
      return fail(`create() rejected: ${oneLine(created.error)}`, created.error)
    case 'timeout':
      return fail(`create() did not settle within ${options.timeoutMs} ms`)
    case 'value':
      break
  }
  const harness = created.value as unknown

  try {
    if (typeof harness !== 'object' || harness === null) fail(`create() returned ${kindOf(harness)}, not a harness { tools, on, ... }`)
    const missing = ALWAYS_NEEDED.filter((path) => !isFunctionAt(harness, path))
    const declared = KNOWN_FEATURES.filter((feature) => adapter.features[feature] === true)
    const featureMissing = declared.flatMap((feature) =>
      FEATURE_MEMBERS[feature].harness.filter((path) => !isFunctionAt(harness, path)).map((path) => ({ feature, path })),
    )
    const disposeValue = readPath(harness, 'dispose')
    const parts: string[] = []
    if (missing.length > 0) parts.push(`${listWords(missing)} (every test needs ${missing.length === 1 ? 'it' : 'them'})`)
    for (const { feature, path } of featureMissing) parts.push(`${path} (the adapter declares the "${feature}" feature)`)
    if (parts.length > 0) fail(`the harness returned by create() lacks ${parts.join(', ')}`)
    if (disposeValue !== undefined && typeof disposeValue !== 'function')
      fail(`the harness's "dispose" must be a function when present (got ${kindOf(disposeValue)})`)
  } finally {
    await disposeQuietly(harness, options.timeoutMs)
  }
  return adapter
}

async function disposeQuietly(harness: unknown, timeoutMs: number): Promise<void> {
  const dispose = readPath(harness, 'dispose')
  if (typeof dispose !== 'function') return
  const guard = guardExit()
  await settleWithin(() => (dispose as () => unknown).call(harness), timeoutMs).finally(() => guard.release())
}

function isFunctionAt(root: unknown, path: string): boolean {
  return typeof readPath(root, path) === 'function'
}

/** Reads `a.b` from `root`; a throwing getter reads as undefined. */
function readPath(root: unknown, path: string): unknown {
  let value = root
  for (const key of path.split('.')) {
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return undefined
    try {
      value = (value as Record<string, unknown>)[key]
    } catch {
      return undefined
    }
  }
  return value
}

function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (value === undefined) return 'undefined'
  if ($Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return `the string ${$JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`
  if (typeof value === 'object') return 'an object'
  const type = typeof value
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`
}
