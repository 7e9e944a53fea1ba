import { expect, test } from 'vitest'
import { suiteInputsFromEnv } from './env-inputs.ts'

test('the seed, runs and replay path come from DSH_TCK_SEED, DSH_TCK_RUNS and DSH_TCK_PATH', () => {
  expect(suiteInputsFromEnv({ DSH_TCK_SEED: '-7', DSH_TCK_RUNS: '3', DSH_TCK_PATH: 'E-01:0:1' })).toEqual({ seed: -7, runs: 3, replay: 'E-01:0:1' })
})

test('a seed or run count that is not a whole number is ignored, so the default applies', () => {
  for (const text of ['', ' ', '1.5', '0x10', '1e3', 'seven']) expect(suiteInputsFromEnv({ DSH_TCK_SEED: text, DSH_TCK_RUNS: text }), text).toEqual({})
  expect(suiteInputsFromEnv({ DSH_TCK_RUNS: '0' })).toEqual({})
  expect(suiteInputsFromEnv({ DSH_TCK_RUNS: '-2' })).toEqual({})
})
