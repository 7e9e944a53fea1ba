import { describe, expect, it } from 'vitest'
import type { TestSpecification, Vitest } from 'vitest/node'
import { ExamplesFirstRotating, rotationOf } from './vitest-mutation-sequencer.ts'

/** A vitest whose provided context is `provided` (what Stryker's runner provides). */
function vitestProviding(provided: Record<string, unknown>): Vitest {
  return { getProvidedContext: () => provided } as unknown as Vitest
}

const spec = (moduleId: string): TestSpecification => ({ moduleId }) as TestSpecification

const FILES = [
  '/k/properties/b.test.ts',
  '/k/conformance/suite/c.test.ts',
  '/k/properties/a.test.ts',
  '/k/conformance/suite/a.test.ts',
  '/k/conformance/suite/b.test.ts',
].map(spec)

async function order(sequencer: ExamplesFirstRotating): Promise<string[]> {
  return (await sequencer.sort([...FILES])).map((file) => file.moduleId.replace('/k/', ''))
}

describe('scripts/vitest-mutation-sequencer', () => {
  it('runs the examples before the laws, each by path, the examples rotated by the mutant number', async () => {
    expect(await order(new ExamplesFirstRotating(vitestProviding({ mode: 'mutant', activeMutant: '4' })))).toEqual([
      'conformance/suite/b.test.ts',
      'conformance/suite/c.test.ts',
      'conformance/suite/a.test.ts',
      'properties/a.test.ts',
      'properties/b.test.ts',
    ])
  })

  it('gives a mutant the same order whatever ran before it in the same process', async () => {
    let provided: Record<string, unknown> = { mode: 'dry-run' }
    const reused = new ExamplesFirstRotating({ getProvidedContext: () => provided } as unknown as Vitest)
    await order(reused)
    for (const id of ['0', '7', '3', '1']) {
      provided = { mode: 'mutant', activeMutant: id }
      await order(reused)
    }
    provided = { mode: 'mutant', activeMutant: '2' }
    expect(await order(reused)).toEqual(await order(new ExamplesFirstRotating(vitestProviding({ mode: 'mutant', activeMutant: '2' }))))
  })

  it('does not rotate outside a mutant run', () => {
    expect(rotationOf(vitestProviding({}))).toBe(0)
    expect(rotationOf(vitestProviding({ mode: 'dry-run', activeMutant: '5' }))).toBe(0)
    expect(rotationOf(vitestProviding({ mode: 'mutant', activeMutant: '12' }))).toBe(12)
    expect(rotationOf(vitestProviding({ mode: 'mutant', activeMutant: 'x' }))).toBe(0)
  })
})
