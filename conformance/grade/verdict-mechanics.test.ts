/**
 * The suite kit's verdict mechanics that grading relies on: the per-test
 * budget counts waiting, not computing (budget.ts), and `forRules()` marks a
 * block's failure with the rules it concerns, enforcing that blocks come last
 * (for-rules.ts). End to end (a mark crossing the worker boundary) is in
 * grade.test.ts.
 */
import { describe, expect, test } from 'vitest'
import { FAILURE_RULES, failureRules } from '../catalogue/failure-rules.ts'
import { AdapterTimeoutError, computeWithin, idleClock, progressed, waitWithin } from '../suite/_kit/budget.ts'
import { threadCpuMs } from '../suite/_kit/cpu-clock.ts'
import { settleWithin } from './engine/settle.ts'
import { KitDefectError, forRulesIn } from '../suite/_kit/for-rules.ts'
import { featureGate } from '../suite/_kit/features.ts'
import type { BlockHost } from '../suite/_kit/for-rules.ts'

/** Holds the event loop for `ms`, as a synchronous registry call does. */
function compute(ms: number): void {
  const end = performance.now() + ms
  while (performance.now() < end) {
    // busy
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

describe('waitWithin: the budget counts waiting only', () => {
  test('a synchronous computation several budgets long, then a short wait, is not a timeout', async () => {
    const started = performance.now()
    // The wait after the computation lets an overdue wall-clock timer win a race: the budget has none to lose.
    const work = Promise.resolve().then(async () => {
      compute(600)
      await sleep(1)
      return 'done'
    })
    const value = await waitWithin(work, 100, 'the call')
    expect(value).toBe('done')
    expect(performance.now() - started).toBeGreaterThanOrEqual(600)
  })

  test('computations interleaved with short waits are not a timeout either', async () => {
    const work = (async () => {
      for (let i = 0; i < 5; i += 1) {
        compute(120)
        await new Promise((resolve) => setImmediate(resolve))
      }
      return 'done'
    })()
    await expect(waitWithin(work, 100, 'the call')).resolves.toBe('done')
  })

  test("computing in chunks shorter than the clock's tick is not counted as waiting", async () => {
    // Budget 1000 ms ticks every 50 ms: 80 ms chunks make every tick only slightly late.
    const work = (async () => {
      for (let i = 0; i < 20; i += 1) {
        compute(80)
        await new Promise((resolve) => setImmediate(resolve))
      }
      return 'done'
    })()
    await expect(waitWithin(work, 1000, 'the call')).resolves.toBe('done')
  })

  test('a promise that never settles is a hang after about one budget, named as such', async () => {
    const started = performance.now()
    const error = await waitWithin(new Promise(() => undefined), 100, 'createScope()').catch((e: unknown) => e)
    const took = performance.now() - started
    expect(error).toBeInstanceOf(AdapterTimeoutError)
    expect((error as Error).message).toMatch(/^createScope\(\) did not settle within 100 ms of waiting: .*\(a hang\)/)
    expect(took).toBeGreaterThanOrEqual(95)
    expect(took).toBeLessThan(10_000) // about one budget: far less than ten seconds, even on a busy machine
  })

  test('real waiting counts: a timer longer than the budget is a timeout, a shorter one is not', async () => {
    await expect(waitWithin(sleep(300), 100, 'the call')).rejects.toBeInstanceOf(AdapterTimeoutError)
    await expect(
      waitWithin(
        sleep(30).then(() => 'soon'),
        100,
        'the call',
      ),
    ).resolves.toBe('soon')
  })

  test('progress restarts the count: idle moments separated by progress are not added up into a hang', async () => {
    const steps = async (beat: boolean): Promise<string> => {
      for (let i = 0; i < 4; i += 1) {
        await sleep(60)
        if (beat) progressed()
      }
      return 'done'
    }
    await expect(waitWithin(steps(true), 150, 'the law')).resolves.toBe('done')
    await expect(waitWithin(steps(false), 150, 'the law')).rejects.toBeInstanceOf(AdapterTimeoutError)
  })

  test('a rejection passes through unchanged', async () => {
    const cause = new Error('registry broke')
    await expect(waitWithin(Promise.reject(cause), 100, 'the call')).rejects.toBe(cause)
  })
})

describe('computeWithin: a body that never settles yet never idles fails on CPU time', () => {
  test('a call that keeps scheduling work is stopped once the thread has computed the limit, as a hang', async () => {
    let spinning = true
    const spin = (): Promise<never> =>
      new Promise((_, reject) => {
        const step = (): void => {
          if (!spinning) {
            reject(new Error('stopped'))
            return
          }
          compute(5)
          setImmediate(step)
        }
        step()
      })
    const before = threadCpuMs()
    const error = await computeWithin(spin(), 300, 'the test').catch((e: unknown) => e)
    spinning = false
    expect(error).toBeInstanceOf(AdapterTimeoutError)
    expect((error as Error).message).toMatch(/^the test kept computing for 300 ms of CPU time without settling/)
    expect(threadCpuMs() - before).toBeGreaterThanOrEqual(300)
  })

  test('waiting costs no CPU time: a call that sleeps past the limit and settles is not stopped', async () => {
    await expect(
      computeWithin(
        sleep(400).then(() => 'late'),
        100,
        'the test',
      ),
    ).resolves.toBe('late')
  })
})

describe('the idle clock', () => {
  test('counts waiting, not computing', async () => {
    const clock = idleClock()
    compute(300)
    expect(clock.read()).toBeLessThan(150)
    await sleep(200)
    expect(clock.read()).toBeGreaterThanOrEqual(150)
    clock.reset()
    expect(clock.read()).toBeLessThan(50)
  })

  test('the adapter checks before a grade wait on it too: a create() that computes longer than the limit and then settles is not a timeout', async () => {
    const created = await settleWithin(async () => {
      await sleep(1)
      compute(400)
      return 'harness'
    }, 100)
    expect(created).toEqual({ kind: 'value', value: 'harness' })
    expect(await settleWithin(() => new Promise(() => undefined), 100)).toEqual({ kind: 'timeout' })
  })
})

/** A test naming `rules` (`null`: not a check() test), with a hand-kept assertion count and its finish hook. */
function host(rules: readonly string[] | null = ['POST-12', 'ERR-03']) {
  let assertions = 0
  const finished: ((passed: boolean) => void)[] = []
  const h: BlockHost = { key: {}, rules: rules ?? undefined, assertions: () => assertions, onFinished: (verify) => finished.push(verify) }
  return {
    host: h,
    assert: (ok: boolean): void => {
      assertions += 1
      if (!ok) throw new Error('assertion failed')
    },
    finish: (passed: boolean): void => {
      for (const verify of finished) verify(passed)
    },
  }
}

const thrown = (run: () => unknown): unknown => {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('nothing was thrown')
}

describe('forRules: a block marks its failure with its rules', () => {
  test('a failing block throws its own error, marked with the block rules as plain data', () => {
    const t = host()
    const error = thrown(() => forRulesIn(t.host, 'POST-12', () => t.assert(false)))
    expect((error as Error).message).toBe('assertion failed')
    expect(failureRules(error)).toEqual(['POST-12'])
    expect(Object.keys(error as object)).toContain(FAILURE_RULES)
    expect(failureRules(JSON.parse(JSON.stringify(error)))).toEqual(['POST-12'])
  })

  test('an async block: a rejection is marked, a value passes through', async () => {
    const t = host()
    const error = await forRulesIn(t.host, 'ERR-03', async () => {
      await sleep(1)
      throw new Error('late')
    }).catch((e: unknown) => e)
    expect(failureRules(error)).toEqual(['ERR-03'])
    await expect(forRulesIn(host().host, 'ERR-03', async () => 7)).resolves.toBe(7)
  })

  test('a thrown non-error is wrapped, and the wrapper is marked', () => {
    const error = thrown(() =>
      forRulesIn(host().host, 'POST-12', () => {
        throw Object.freeze({ odd: true })
      }),
    )
    expect(error).toBeInstanceOf(Error)
    expect(failureRules(error)).toEqual(['POST-12'])
  })

  test('a hang inside a block concerns every rule: it stays unmarked', () => {
    const error = thrown(() =>
      forRulesIn(host().host, 'POST-12', () => {
        throw new AdapterTimeoutError('hung')
      }),
    )
    expect(failureRules(error)).toBeUndefined()
  })

  test('a kit defect inside a block, such as the feature gate refusing a capability, stays unmarked', () => {
    const gate = featureGate(new Set(), [], {})
    const error = thrown(() => forRulesIn(host().host, 'POST-12', () => gate.use('schema', 'schema')))
    expect(error).toBeInstanceOf(KitDefectError)
    expect(failureRules(error)).toBeUndefined()
  })

  test('passing blocks in narrowing order, with nothing after them, are fine', () => {
    const t = host(['ARG-14', 'ERR-10', 'POST-12'])
    t.assert(true)
    forRulesIn(t.host, ['ARG-14', 'POST-12'], () => t.assert(true))
    forRulesIn(t.host, 'ARG-14', () => t.assert(true))
    expect(() => t.finish(true)).not.toThrow()
  })
})

describe('forRules: misuse is a kit defect that fails every rule', () => {
  const defect = (run: () => unknown, message: RegExp): void => {
    const error = thrown(run)
    expect(error).toBeInstanceOf(KitDefectError)
    expect(failureRules(error)).toBeUndefined()
    expect((error as Error).message).toMatch(message)
  }

  test('outside a check() test, or naming a rule the test does not check', () => {
    defect(() => forRulesIn(host(null).host, 'POST-12', () => undefined), /outside a check\(\) test/)
    defect(() => forRulesIn(host().host, 'GRD-01', () => undefined), /names GRD-01, which the test \[POST-12, ERR-03\] does not check/)
  })

  test('a later block naming a rule the earlier one did not', () => {
    const t = host()
    forRulesIn(t.host, 'POST-12', () => t.assert(true))
    defect(() => forRulesIn(t.host, 'ERR-03', () => undefined), /a later block may name only rules of an earlier one/)
  })

  test('an assertion outside any block after a block: before the next block, or at the end of a passing test', () => {
    const t = host()
    forRulesIn(t.host, 'POST-12', () => t.assert(true))
    t.assert(true)
    defect(() => forRulesIn(t.host, 'POST-12', () => undefined), /follows assertions outside any block/)
    defect(() => t.finish(true), /assertions outside any forRules\(\) block ran after a block of POST-12/)
    expect(() => t.finish(false), 'a failed test is not judged again').not.toThrow()
  })

  test('nested blocks', () => {
    const t = host()
    const error = thrown(() => forRulesIn(t.host, ['POST-12', 'ERR-03'], () => forRulesIn(t.host, 'POST-12', () => undefined)))
    expect(error).toBeInstanceOf(KitDefectError)
    expect(failureRules(error), 'the outer block does not mark a kit defect').toBeUndefined()
  })
})
