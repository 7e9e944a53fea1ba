/**
 * `check()`: the only way the suite declares a test. It ties the test to the
 * catalogue rules it checks, gives it a fresh harness, enforces the per-test
 * time budget, turns unhandled rejections raised meanwhile into a failure of
 * this test, and prefixes a failing assertion with the rule and its source.
 */
import { test } from 'vitest'
import type { FeatureName, Harness, SchemaApi, ScopeHandle, TckAdapter, ToolRuntimeApi } from '../../adapter/contract.ts'
import type { ApprovalService } from '../../spec/types.ts'
import { getRule } from '../../catalogue/index.ts'
import type { RuleId } from '../../catalogue/index.ts'
import { describeSource } from '../../catalogue/describe-source.ts'
import { suiteAdapter, suiteTimeout } from './adapter.ts'
import { describeThrown } from './describe-thrown.ts'

declare module 'vitest' {
  interface TaskMeta {
    /** Rule IDs this test checks. */
    rules?: string[]
    /** Features the adapter lacks, when the test was not applicable. */
    missingFeatures?: string[]
  }
}

/** What a test body receives. */
export interface CheckContext {
  readonly adapter: TckAdapter
  readonly harness: Harness
  /** The global `ctx.tools`. */
  readonly tools: ToolRuntimeApi
  /** Creates an agent scope (the test declared or inherited the `scopes` feature). */
  scope(parent?: ScopeHandle): Promise<ScopeHandle>
  /** Installs, or removes with `undefined`, the approval service. */
  setApproval(service: ApprovalService | undefined): void
  /** The adapter's schema functions (the test declared or inherited the `schema` feature). */
  readonly schema: SchemaApi
  /** Builds the registry's own coded error (the test declared or inherited the `codedErrors` feature). */
  harnessError(message: string, code: string): Error
  /** What the registry has logged at warn level so far (the test declared or inherited the `warnings` feature). */
  warnings(): readonly string[]
}

export interface CheckOptions {
  /** Features needed beyond those the named rules already require. */
  readonly needs?: readonly FeatureName[]
}

/** Thrown when an adapter call does not settle within the per-test budget. */
export class AdapterTimeoutError extends Error {
  override name = 'AdapterTimeoutError'
}

/**
 * Declares one conformance test.
 * @param ids - the rules whose violation this test detects; the first is the primary one.
 * @param title - what the test shows, in a few words.
 */
export function check(
  ids: RuleId | readonly RuleId[],
  title: string,
  body: (t: CheckContext) => void | Promise<void>,
  options: CheckOptions = {},
): void {
  const ruleIds = typeof ids === 'string' ? [ids] : [...ids]
  if (ruleIds.length === 0) throw new Error(`check("${title}") names no rule`)
  const rules = ruleIds.map((id) => getRule(id))
  const needed = new Set<FeatureName>(options.needs ?? [])
  for (const rule of rules) for (const feature of rule.requires ?? []) needed.add(feature)
  const budget = suiteTimeout()

  test(`[${ruleIds.join(', ')}] ${title}`, { timeout: budget * 3 + 1000 }, async (ctx) => {
    ctx.task.meta.rules = ruleIds
    const adapter = await suiteAdapter()
    const missing = [...needed].filter((feature) => adapter.features[feature] !== true)
    if (missing.length > 0) {
      ctx.task.meta.missingFeatures = missing
      ctx.skip(`not applicable: the adapter does not declare ${missing.join(', ')}`)
      return
    }

    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown): void => {
      unhandled.push(reason)
    }
    process.on('unhandledRejection', onUnhandled)
    let harness: Harness | undefined
    try {
      const h: Harness = await withinBudget(Promise.resolve().then(() => adapter.create()), budget, 'adapter create()')
      harness = h
      const context: CheckContext = {
        adapter,
        harness: h,
        tools: h.tools,
        scope: async (parent) => {
          if (h.createScope === undefined) throw new Error('the adapter declares scopes but its harness has no createScope()')
          return withinBudget(Promise.resolve(h.createScope(parent === undefined ? undefined : { parent })), budget, 'createScope()')
        },
        get schema(): SchemaApi {
          if (adapter.schema === undefined) throw new Error('the adapter declares schema but has no schema member')
          return adapter.schema
        },
        harnessError: (message, code) => {
          if (adapter.harnessError === undefined) throw new Error('the adapter declares codedErrors but has no harnessError()')
          return adapter.harnessError(message, code)
        },
        warnings: () => {
          if (h.warnings === undefined) throw new Error('the adapter declares warnings but its harness has no warnings()')
          const logged: unknown = h.warnings()
          if (!Array.isArray(logged) || !logged.every((message) => typeof message === 'string')) {
            throw new Error(`harness warnings() must return an array of strings, got ${describeThrown(logged)}`)
          }
          return [...logged] as string[]
        },
        setApproval: (service) => {
          if (h.setApproval === undefined) throw new Error('the adapter declares approval but its harness has no setApproval()')
          h.setApproval(service)
        },
      }
      await withinBudget(Promise.resolve().then(() => body(context)), budget, 'the test')
      await new Promise((resolve) => setImmediate(resolve))
      if (unhandled.length > 0) {
        throw new Error(`the registry raised an unhandled rejection during this test: ${describeThrown(unhandled[0])}`)
      }
    } catch (error) {
      throw attribute(error, ruleIds)
    } finally {
      process.off('unhandledRejection', onUnhandled)
      if (harness?.dispose !== undefined) {
        const h = harness
        await withinBudget(Promise.resolve().then(() => h.dispose?.()), budget, 'harness dispose()').catch(() => undefined)
      }
    }
  })
}

function withinBudget<T>(work: Promise<T>, budget: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new AdapterTimeoutError(`${what} did not settle within ${budget} ms (a registry call never resolved; raise --timeout if the registry is just slow)`)),
      budget,
    )
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/** Prefixes the failure with the primary rule's level and source, keeping vitest's diff fields. */
function attribute(error: unknown, ruleIds: readonly string[]): unknown {
  const primary = getRule(ruleIds[0] as RuleId)
  const prefix = `${primary.id} (${primary.level}; ${describeSource(primary.sources[0])}): `
  if (error instanceof Error) {
    if (!error.message.startsWith(prefix)) error.message = prefix + error.message
    return error
  }
  return new Error(prefix + describeThrown(error))
}
