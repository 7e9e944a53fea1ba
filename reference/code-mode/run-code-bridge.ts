/**
 * One `run_code` run: the bindings a program calls, each call a full
 * sub-execution through the staged pipeline on the run's lane, and the
 * durable records of those calls (CM-12..CM-25).
 */
import type {
  Agent,
  CodeBindingFunction,
  CodeDispatchLog,
  CodeDispatchRecord,
  CodeRunResult,
  CodeRuntime,
  ContentBlock,
  JsonValue,
  ToolExecutionMode,
  ToolExecutionResult,
  ToolRunContext,
  ToolSchema,
  UserMessage,
} from '../../conformance/spec/types.ts'
import { bindingArgument, bindingRejection, firstSubCallNumber, type RegistryChoices } from '../choices.ts'
import { deepFreeze } from '../json.ts'
import { dispatchExecution, finalizeExecution, finishExecution, prepareExecution, type Prepared } from '../pipeline/execute.ts'
import type { RegistryInternals, Run } from '../pipeline/run.ts'
import { bindingArguments, type BindingArguments } from './binding-args.ts'
import { RUN_CODE_NAME } from './name.ts'
import type { SubDispatchLane } from './sub-dispatch-lane.ts'

/** What a run needs from the registry that owns it. */
export interface BridgeHost {
  readonly internals: RegistryInternals
  /** CM-29: the validated overlap cap. */
  readonly maxParallel: number
  /** CM-12: the calling agent's view. */
  schemas(agent: Agent | undefined): ToolSchema[]
  /** CM-17: re-read before each start. */
  executionMode(input: object): ToolExecutionMode
  /** CM-24: the contained `tools/code-dispatch-log` waterfall. */
  shapeLog(dispatch: CodeDispatchLog): Promise<ContentBlock[]>
  /** CM-23, CM-24: where durable records go. */
  append(record: CodeDispatchRecord): void
  /** The lane of one run (the gallery substitutes broken ones); `choices` may pick its other sides (OP-11, OP-61). */
  createLane(maxParallel: number, over: () => boolean, choices: RegistryChoices): SubDispatchLane
}

/** The reason a run's controller is aborted with when the run settles (CM-19). */
export const RUN_SETTLED = 'run_code settled'

/** CM-22: the context that carries a sub-call's images to the outer call. */
function imageContext(content: ContentBlock[]): UserMessage {
  return deepFreeze({ role: 'user', content, source: { kind: 'plugin', plugin: 'tools-code-mode' } })
}

type Parked = { readonly kind: 'post-result' | 'final-result'; readonly run: Run; readonly result: ToolExecutionResult }

/**
 * Runs `program` on `runtime` for the outer execution `exec` and returns the
 * runtime's result once the run is quiescent (CM-20): its controller aborted,
 * every started sub-call committed, every record appended.
 */
export async function runProgram(host: BridgeHost, runtime: CodeRuntime, program: string, exec: ToolRunContext): Promise<CodeRunResult> {
  // CM-19: the run's controller follows the outer signal and is aborted when the run settles.
  const controller = new AbortController()
  const outer = exec.signal
  const choices = host.internals.choices
  // OP-74: the other side observes an outer abort without aborting a signal it handed out: the run is over (later
  // bindings are not dispatched, queued calls abandoned) and the calls in flight end by themselves.
  let observedAbort = false
  const followOuter = (): void => {
    if (choices.outerAbort === 'observed') observedAbort = true
    else controller.abort(outer.reason)
  }
  outer.addEventListener('abort', followOuter)
  // OP-68: the other side hands on the outer signal itself and lets queued calls run; the run is over once it settled.
  const ownSignal = choices.runSignal !== 'outer'
  const signal = ownSignal ? controller.signal : outer
  let settled = false
  const over = (): boolean => observedAbort || (ownSignal ? controller.signal.aborted : settled)
  const overMessage = (what: string): string =>
    `run_code run is over (${String(observedAbort ? outer.reason : ownSignal ? controller.signal.reason : RUN_SETTLED)}); ${what}`

  const lane = host.createLane(host.maxParallel, ownSignal ? over : () => false, choices)
  const logging = new Set<Promise<void>>()
  const agent = exec.agent
  let submitted = 0
  /** OP-65: under `dropped-on-failure`, the contexts held until the run ends, ferried only if it succeeds. */
  const held: UserMessage[] | undefined = choices.subCallContexts === 'dropped-on-failure' ? [] : undefined
  const ferry = (context: UserMessage): void => (held === undefined ? exec.deferContext(context) : void held.push(context))

  const record = (type: 'tool/code-dispatch-start' | 'tool/code-dispatch', data: Record<string, unknown>): void => {
    if (agent !== undefined) host.append({ agent, type, data } as unknown as CodeDispatchRecord) // CM-25
  }

  /** CM-24: the settle record, shaped by the waterfall; tracked so the run drains it. */
  const logSettled = (subCallId: string, name: string, args: BindingArguments, result: ToolExecutionResult): void => {
    if (agent === undefined) return
    const task = (async () => {
      const content = await host.shapeLog({ exec, agent, subCallId, name, isError: result.isError, content: result.content })
      // OP-66: the start fields are upstream's (CM-44); the seeds name only content and isError.
      const fields = choices.dispatchRecord === 'content-only' ? {} : startData(subCallId, name, args)
      record('tool/code-dispatch', { ...fields, isError: result.isError, content })
    })().finally(() => logging.delete(task))
    logging.add(task)
  }

  const startData = (subCallId: string, name: string, args: BindingArguments): Record<string, unknown> => ({
    rootCallId: exec.rootCallId,
    parentCallId: exec.callId,
    subCallId,
    name,
    arguments: args.logged,
  })

  /** CM-22: forward what the committed sub-result carries to the outer call, in submission order. */
  const forward = (result: ToolExecutionResult): void => {
    // CM-42: the image context is upstream's; OP-64's other side forwards none.
    if (choices.subCallImages !== 'none' && !result.isError && result.content.some((block) => block.type === 'image')) ferry(imageContext(result.content))
    for (const context of result.additionalContexts ?? []) ferry(context)
    if (result.concludesTurn === true) exec.concludeTurn()
  }

  /**
   * CM-13: the argument snapshot, taken before a number is taken or anything logged; a refusal rejects the
   * binding (CM-46). OP-67's other side dispatches the raw argument instead, for execute() to refuse as a
   * failure result (ARG-05), numbered and recorded, its records holding null for the arguments.
   */
  const argumentsOf = (program: unknown): BindingArguments => {
    let raw = program
    try {
      raw = bindingArgument(choices, program) // CM-52, OP-73: as it is, or a JSON round trip
    } catch {
      // A round trip throws only where the snapshot refuses too (a bigint, a throwing getter): it refuses it below.
    }
    if (choices.refusedBindingArguments !== 'dispatched') return bindingArguments(raw)
    try {
      return bindingArguments(raw)
    } catch {
      return { dispatched: raw as JsonValue, logged: null }
    }
  }

  const binding =
    (name: string): CodeBindingFunction =>
    async (raw: unknown): Promise<JsonValue> => {
      if (over()) throw new Error(overMessage(`${name} not dispatched`))
      const args = argumentsOf(raw)
      const subCallId = `${String(exec.callId)}:code:${firstSubCallNumber(choices) + submitted++}` // CM-14; CM-41, OP-62: the base
      const input = {
        callId: subCallId,
        rootCallId: exec.rootCallId,
        name,
        arguments: args.dispatched,
        agent, // CM-14: the outer call's (an undefined one defines no exec.agent)
        parent: exec.token,
        signal,
      }
      const result = await new Promise<ToolExecutionResult>((resolve, reject) => {
        let parked: Parked | undefined
        lane.submit({
          classify: () => host.executionMode(input).kind,
          abandon: () => reject(new Error(overMessage(`${name} tool call abandoned`))),
          async start() {
            record('tool/code-dispatch-start', startData(subCallId, name, args)) // CM-23: before prepare
            const prepared: Prepared = await prepareExecution(host.internals, input)
            if (prepared.kind !== 'dispatch') {
              parked = prepared
              return undefined
            }
            const flight = dispatchExecution(prepared.run).then((dispatched) => {
              parked = { kind: dispatched.kind, run: prepared.run, result: dispatched.result }
            })
            return { flight }
          },
          async commit() {
            const { kind, run, result: candidate } = parked!
            const final = kind === 'post-result' ? await finalizeExecution(run, candidate) : finishExecution(run, candidate)
            forward(final)
            resolve(final) // CM-24: the program gets its value before the record is appended
            logSettled(subCallId, name, args, final)
            // CM-24: at most maxParallel settle records pending; the lane waits beyond that.
            while (logging.size > host.maxParallel) await Promise.race(logging)
          },
        })
      })
      if (over()) throw new Error(overMessage(`${name} result discarded`)) // CM-19
      if (result.isError) throw bindingRejection(choices, result.error.message) // CM-18: only the message; CM-45, OP-60: its form
      return result.value
    }

  // CM-11, CM-12: one own enumerable binding per name of the caller's view, run_code excluded; null prototype.
  const functions = Object.create(null) as Record<string, CodeBindingFunction>
  for (const schema of host.schemas(agent)) {
    if (schema.name === RUN_CODE_NAME) continue
    Object.defineProperty(functions, schema.name, { value: binding(schema.name), enumerable: true })
  }

  let outcome: CodeRunResult | undefined
  try {
    outcome = await runtime.run({
      program,
      bindings: [{ global: 'tools', functions, errorClass: { name: 'ToolCallError', memberNameProperty: 'toolName' } }],
      signal,
    })
    return outcome
  } finally {
    // CM-20: quiescence, whether the runtime resolved or rejected.
    settled = true
    controller.abort(RUN_SETTLED)
    await lane.drain()
    while (logging.size > 0) await Promise.allSettled([...logging])
    outer.removeEventListener('abort', followOuter)
    // OP-65: the held contexts reach the outer result only when the run succeeded.
    if (held !== undefined && outcome !== undefined && outcome.error === undefined) for (const context of held) exec.deferContext(context)
  }
}
