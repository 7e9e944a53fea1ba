/**
 * The scheduler of one `run_code` run's sub-calls (CM-15..CM-17, CM-19,
 * CM-20): a single ordered lane drives every call through the staged
 * pipeline.
 *
 * - Starts (the start record and `prepare`: pre-execute, ask, guards) happen
 *   one at a time, in submission order.
 * - Commits (`finalize`/`finish`: post-execute, finalizeContent,
 *   `tools/result`, then forwarding and the settle record) happen one at a
 *   time, in submission order, whatever order the bodies completed in.
 * - Only `tools/execute` and the body overlap: consecutive calls classified
 *   `parallel` (re-read just before each start) up to `maxParallel`; an
 *   `exclusive` call starts only once nothing is in flight and nothing
 *   started before it is uncommitted, and later calls wait until its commit
 *   is done.
 * - Once the run is over, queued calls that never started are abandoned
 *   (they reject, with no record and no pipeline event).
 *
 * `drain()` resolves when nothing is queued, in flight or uncommitted.
 *
 * Two open points have another side here: under OP-11's `overlapping` a
 * parallel call's start is not awaited before the next one's (CM-16), and
 * under OP-61's `all-at-once` every call is admitted at once, whatever its
 * mode and the cap (CM-17).
 */
import type { RegistryChoices } from '../choices.ts'

/** One submitted sub-call, as the lane sees it. */
export interface LaneEntry {
  /** `executionMode` of the call, read just before it starts. */
  classify(): 'parallel' | 'exclusive'
  /**
   * The ordered start; resolves with the launched dispatch stage (boxed: an
   * async function would adopt a bare promise), or `undefined` when `prepare`
   * already settled the call.
   */
  start(): Promise<{ readonly flight: Promise<void> } | undefined>
  /** The ordered commit, after the call settled. */
  commit(): Promise<void>
  /** Reject the call: the run ended before it started. */
  abandon(): void
}

/** A started call, until it is committed. */
export interface StartedCall {
  readonly entry: LaneEntry
  readonly exclusive: boolean
  settled: boolean
}

export class SubDispatchLane {
  private readonly queued: LaneEntry[] = []
  /** Started and not yet committed, in submission order. */
  protected readonly started: StartedCall[] = []
  private inFlight = 0
  protected exclusiveHeld = false
  /** True while the loop runs; cleared in the same turn it decides to stop, so a later submit starts it again. */
  private running = false
  private driving: Promise<void> = Promise.resolve()
  private wake: (() => void) | undefined

  constructor(
    private readonly maxParallel: number,
    /** True once the run is over: queued calls are abandoned. */
    private readonly over: () => boolean,
    private readonly choices: RegistryChoices = {},
  ) {}

  /** Queue a call and make sure the lane is moving. */
  submit(entry: LaneEntry): void {
    this.queued.push(entry)
    this.poke()
    void this.drive()
  }

  /** Resolves once every submitted call was started and committed, or abandoned. */
  drain(): Promise<void> {
    return this.drive()
  }

  private poke(): void {
    const wake = this.wake
    this.wake = undefined
    wake?.()
  }

  private drive(): Promise<void> {
    if (!this.running) {
      this.running = true
      this.driving = this.loop()
    }
    return this.driving
  }

  /**
   * Commits, starts and sleeps until nothing is queued, in flight or
   * uncommitted. `running` is cleared in the very turn the loop decides to
   * stop (this function's own `finally`, not a caller's continuation), so a
   * submission arriving after that starts a new loop and none is missed.
   */
  private async loop(): Promise<void> {
    try {
      for (;;) {
        // Armed before looking, so a settle or a submission in between is not missed.
        const woken = new Promise<void>((resolve) => {
          this.wake = resolve
        })
        const head = this.nextCommit()
        if (head !== undefined) {
          this.started.splice(this.started.indexOf(head), 1)
          await head.entry.commit()
          // Any barrier ends here: while one is held, only its own exclusive call can be committing.
          this.exclusiveHeld = false
          continue
        }
        const next = this.queued[0]
        if (next !== undefined) {
          if (this.over()) {
            this.queued.shift()
            next.abandon()
            continue
          }
          const mode = this.admissible(next)
          if (mode !== undefined) {
            this.queued.shift()
            await this.begin(next, mode === 'exclusive')
            continue
          }
        }
        // Nothing to commit or start now. With nothing in flight, everything started has been
        // committed and anything queued would have started, so the lane is quiescent.
        if (this.inFlight === 0) return
        await woken
      }
    } finally {
      this.running = false
    }
  }

  /** CM-16: the call to commit now: the oldest started one, once it has settled. */
  protected nextCommit(): StartedCall | undefined {
    const head = this.started[0]
    return head?.settled === true ? head : undefined
  }

  /**
   * The mode `entry` would start under now, or `undefined` while it must
   * wait. Once nothing is in flight, everything started has settled and the
   * loop has committed it, so an exclusive call then runs alone.
   */
  private admissible(entry: LaneEntry): 'parallel' | 'exclusive' | undefined {
    if (this.exclusiveHeld) return undefined
    if (this.choices.subCallScheduling === 'all-at-once') return 'parallel' // OP-61: no mode, no cap
    const mode = entry.classify()
    if (mode === 'exclusive') return this.inFlight === 0 ? mode : undefined
    return this.inFlight < this.maxParallel ? mode : undefined
  }

  private async begin(entry: LaneEntry, exclusive: boolean): Promise<void> {
    if (exclusive) this.exclusiveHeld = true
    const record: StartedCall = { entry, exclusive, settled: false }
    this.started.push(record)
    const landed = (): void => {
      this.inFlight--
      this.settle(record)
      this.poke()
    }
    if (!exclusive && this.choices.subCallStarts === 'overlapping') {
      // OP-11: the start is in flight too, and the lane goes on without waiting for it.
      this.inFlight++
      void entry
        .start()
        .then((launched) => launched?.flight)
        .then(landed, landed)
      return
    }
    const launched = await entry.start()
    if (launched === undefined) {
      record.settled = true
      return
    }
    this.inFlight++
    void launched.flight.then(landed, landed)
  }

  /** The dispatch stage of `call` has landed; it can be committed. */
  protected settle(call: StartedCall): void {
    call.settled = true
  }
}
