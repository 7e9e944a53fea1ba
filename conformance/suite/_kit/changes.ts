import type { Subscribe } from '../../adapter/contract.ts'

/** Counts the `tools/change` emissions `source` (the harness or a scope) delivers from now on. */
export function countChanges(source: { readonly on: Subscribe }): { readonly count: number } {
  let count = 0
  source.on('tools/change', () => {
    count += 1
  })
  return {
    get count() {
      return count
    },
  }
}
