/**
 * Assertions on a result's `additionalContexts` where the seeds fix which
 * contexts ride a result but not everything about them.
 *
 * The seeds say the contexts the body deferred ride "this execution's own
 * result" and "are emitted in call order" (seed 000 §执行 (ToolRunContext)),
 * and that a post-execute decision may "attach context for the next request"
 * (§执行 (PostToolDecision)). They do not say where contexts of different
 * origins (the body's deferrals, a tools/execute wrapper's result, a
 * post-execute decision) stand relative to each other: that order is open
 * point OP-53, pinned by CTX-12, charged incidentally here. Nor do they say
 * that a cancellation keeps the contexts it did not get from the body:
 * CAN-20's (open point OP-50).
 */
import { $JSON } from './intrinsics.ts'
import { expect } from 'vitest'
import type { ToolRuntimeApi } from '../../adapter/contract.ts'
import { incidental, precondition } from './incidental.ts'
import { call } from './inputs.ts'
import { probeTool } from './tools.ts'

/** A comparable key for a context (contexts are plain JSON). */
function key(context: unknown): string {
  return $JSON.stringify(context) ?? String(context)
}

/** The members of `list` that are among `group`, in the order of `list`. */
function among(list: readonly unknown[], group: readonly unknown[]): unknown[] {
  const keys = new Set(group.map(key))
  return list.filter((context) => keys.has(key(context)))
}

/**
 * The contexts are exactly those of `groups` (each group: the contexts of one
 * origin, in the order that origin gave them; contexts distinct), each group
 * keeping its own order. That the groups come in the order given (deferred,
 * wrapper, decision) is CTX-12's, charged incidentally.
 */
export function expectContextGroups(actual: readonly unknown[] | undefined, groups: readonly (readonly unknown[])[]): void {
  const list = actual ?? []
  const all = groups.flat()
  expect([...list.map(key)].sort(), 'the contexts of every origin, and no other').toEqual([...all.map(key)].sort())
  for (const group of groups) expect(among(list, group), 'the contexts of one origin keep their own order').toEqual(group)
  expectContextOrder(list, all)
}

/** CTX-12, charged incidentally: the contexts are `ordered`, the body's deferred first, then the wrapper result's, then the decision's. */
export function expectContextOrder(actual: readonly unknown[] | undefined, ordered: readonly unknown[]): void {
  incidental('CTX-12', () => {
    expect(actual, 'contexts the body deferred, then those the wrapper result brought, then those the decision added (CTX-12)').toEqual(ordered)
  })
}

/**
 * The contexts the body deferred ride the result, in call order. Those that
 * came from elsewhere (`others`: a wrapper result's, a post-execute
 * decision's) are kept too on a cancellation failure: CAN-20's, charged
 * incidentally (as a set: their order is CTX-12's).
 */
export function expectDeferredKept(actual: readonly unknown[] | undefined, deferred: readonly unknown[], others: readonly unknown[] = []): void {
  const list = actual ?? []
  expect(among(list, deferred), 'the contexts the body deferred are kept, in call order').toEqual(deferred)
  if (others.length === 0) return
  incidental('CAN-20', () => {
    expect([...list.map(key)].sort(), 'a cancellation keeps the contexts of the result it replaces (CAN-20)').toEqual(
      [...[...deferred, ...others].map(key)].sort(),
    )
  })
}

/**
 * A precondition owned by CTX-02 (seed 000 §执行 (ToolRunContext): deferred
 * contexts ride "this execution's own result"; CTX-02: not lost "when the
 * body throws"), for a test of a failure raised later (a throwing listener):
 * a control tool `name` whose body defers `context` and then throws resolves
 * a failure that carries it. Call it before the test installs the listeners
 * it is about. A registry that drops deferred contexts from every failure
 * then fails CTX-02, whose own tests cover the body throw, rather than every
 * rule about a later failure (issue 39).
 */
export async function deferredSurviveBodyThrow(tools: Pick<ToolRuntimeApi, 'register' | 'execute'>, context: unknown, name = 'ctx-control'): Promise<void> {
  tools.register(
    probeTool(name, {
      body: (_args, exec) => {
        exec.deferContext(context as never)
        throw new Error('control body broke')
      },
    }).definition,
  )
  const control = await tools.execute(call(name))
  precondition('CTX-02', () =>
    expect(among(control.additionalContexts ?? [], [context]), 'a throwing body keeps the context it deferred (CTX-02)').toEqual([context]),
  )
}

/**
 * On a failure raised after the body ran by a throwing tools/execute or
 * tools/post-execute listener, the contexts the body deferred ride it:
 * CTX-06's, charged incidentally where another rule's test meets such a
 * failure (EXE-07, POST-12).
 */
export function expectDeferredOnListenerFailure(actual: readonly unknown[] | undefined, deferred: readonly unknown[]): void {
  incidental('CTX-06', () => expect(actual, 'the failure of a throwing listener keeps the contexts the body deferred (CTX-06)').toEqual(deferred))
}
