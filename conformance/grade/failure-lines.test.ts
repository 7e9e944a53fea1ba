/**
 * Failure lines that say what happened (issue 39): the suite's shared result
 * assertions print what the rule wanted, in words, and what the registry
 * returned (`isError`, the code, the message cut short, the value or content
 * kind); a call that should have thrown says what it returned.
 */
import { describe, expect, test } from 'vitest'
import { describeResult } from '../suite/_kit/describe-result.ts'
import { expectCode, expectFails, expectPlainFailure, expectSucceeds, expectSuccess } from '../suite/_kit/result-assertions.ts'
import { thrownBy } from '../suite/_kit/thrown.ts'
import type { ToolExecutionResult } from '../spec/types.ts'

const failure = {
  isError: true,
  error: { message: `bad input: ${'x'.repeat(200)}`, info: { name: 'ToolInputError', code: 'INVALID_TOOL_INPUT' } },
  content: [{ type: 'text', text: 'Error: bad input' }],
} as unknown as ToolExecutionResult
const success = { isError: false, value: { a: 1, b: 2 }, content: [{ type: 'text', text: '{}' }] } as unknown as ToolExecutionResult

/** The message of the assertion `run` fails with. */
function failureOf(run: () => void): string {
  try {
    run()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('the assertion held')
}

describe('describeResult', () => {
  test('a failure: isError, code, the message cut short, the content kind', () => {
    const line = describeResult(failure)
    expect(line).toMatch(/^isError true, code INVALID_TOOL_INPUT, message "bad input: x+…", content 1 text block$/)
    expect(line.length).toBeLessThan(160)
  })

  test('a success: isError and the value kind; content of several kinds', () => {
    expect(describeResult(success)).toBe('isError false, value object {a, b}, content 1 text block')
    expect(describeResult({ isError: false, value: null, content: [{ type: 'text' }, { type: 'image' }] })).toBe(
      'isError false, value null, content 2 blocks (text, image)',
    )
    expect(describeResult({ isError: true, error: { message: 'm' } })).toBe('isError true, no code, message "m"')
  })

  test('a thrown error reads as its class and message; anything else as its kind; a hostile result never throws', () => {
    expect(describeResult(new TypeError('boom'))).toBe('a thrown TypeError: boom')
    expect(describeResult(undefined)).toBe('undefined')
    const hostile = new Proxy(
      {},
      {
        has() {
          throw new Error('no')
        },
      },
    )
    expect(describeResult(hostile)).toBe('<a result that could not be read>')
  })
})

describe('the shared assertions say what the rule wanted and what came back', () => {
  test('expectSucceeds / expectFails: the words given, the wanted outcome, the result', () => {
    expect(failureOf(() => expectSucceeds(failure, 'the call succeeds'))).toContain(
      'the call succeeds: wanted a success (isError false); the registry returned isError true, code INVALID_TOOL_INPUT, message "bad input',
    )
    expect(failureOf(() => expectFails(success, 'a cycle is refused'))).toContain(
      'a cycle is refused: wanted a failure (isError true); the registry returned isError false, value object {a, b}',
    )
    expectSucceeds(success, 'holds')
    expectFails(failure, 'holds')
  })

  test('expectSuccess, expectCode, expectPlainFailure name what came back', () => {
    expect(failureOf(() => expectSuccess(failure))).toContain('wanted a success (isError false); the registry returned isError true, code INVALID_TOOL_INPUT')
    expect(failureOf(() => expectCode(success, 'INVALID_TOOL_INPUT'))).toContain(
      'wanted a failure with code INVALID_TOOL_INPUT; the registry returned isError false, value object {a, b}',
    )
    expect(failureOf(() => expectCode(failure, 'TOOL_NOT_FOUND'))).toContain(
      'wanted error code TOOL_NOT_FOUND; the registry returned isError true, code INVALID_TOOL_INPUT',
    )
    expect(failureOf(() => expectPlainFailure(success))).toContain('wanted a failure (isError true); the registry returned isError false')
  })

  test('thrownBy: a call that returned says what it returned', () => {
    expect(failureOf(() => thrownBy(() => ({ ok: true })))).toContain('expected the call to throw; it returned object {ok}')
  })
})
