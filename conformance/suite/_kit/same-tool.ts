/**
 * Asserts which registration a lookup resolved to without requiring object
 * identity: only REG-09 pins that the registry returns the very object it was
 * given, so every other rule accepts a copy that keeps the probe's body.
 */
import { $JSON } from './intrinsics.ts'
import { expect } from 'vitest'
import type { ToolDefinition } from '../../spec/types.ts'
import type { ToolProbe } from './tools.ts'

export function expectTool(actual: ToolDefinition | undefined, probe: ToolProbe, label?: string): void {
  const name = probe.definition.name
  expect(actual, label ?? `expected a definition of ${$JSON.stringify(name)}`).toBeDefined()
  expect(actual?.execute, label ?? `resolved some other registration of ${$JSON.stringify(name)}`).toBe(probe.definition.execute)
}
