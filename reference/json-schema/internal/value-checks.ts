/**
 * Per-node value checks for `validateJsonSchemaValue` (JSV-01..10).
 *
 * Each check is a generator: to validate a child it yields a request and is
 * resumed with the child's violations. The driver in `validate-value.ts`
 * keeps the generators on an explicit stack, so deep schemas and values never
 * grow the call stack, and it turns anything a hostile value throws into a
 * violation at the frame that was running.
 */

import type { JsonSchemaNode } from '../../../conformance/spec/types.ts'
import { isFrozenSnapshot, isJsonValue } from '../../json.ts'
import { isIntrinsicArrayPrototype, isIntrinsicObjectPrototype } from './intrinsics.ts'
import { isJsonNumber } from './keywords.ts'

/** "Validate `value` against `schema` at `path` and hand me the violations." */
export interface ChildRequest {
  readonly schema: JsonSchemaNode
  readonly value: unknown
  readonly path: string
}

export type NodeCheck = Generator<ChildRequest, void, readonly string[]>

/** Thrown for a forged `type` outside the subset; the driver lets it escape on purpose. */
export class UnreachableVariantError extends Error {
  constructor(variant: unknown) {
    let shown: string
    try {
      shown = JSON.stringify(variant) ?? String(variant)
    } catch {
      shown = typeof variant
    }
    super(`unreachable variant ${shown}`)
    this.name = 'UnreachableVariantError'
  }
}

const hasOwn = (target: object, key: string): boolean => Object.hasOwn(target, key)

/** Schema keywords are read as own properties; inherited ones and `undefined` mean absent. */
function keyword(schema: JsonSchemaNode, key: keyof JsonSchemaNode): unknown {
  return hasOwn(schema, key) ? schema[key] : undefined
}

/** Path of a property below `path`; with the empty root label the key stands alone. */
export function propertyPath(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`
}

function itemPath(path: string, index: number): string {
  return `${path}[${index}]`
}

/** How a path appears in a message: quoted, with the empty root shown as `arguments`. */
export function quote(path: string): string {
  return `"${path === '' ? 'arguments' : path}"`
}

/** Non-array object whose prototype is `null` or some realm's intrinsic `Object.prototype`. */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value) as object | null
  return proto === null || isIntrinsicObjectPrototype(proto)
}

/** Value of an own property via its descriptor, or `undefined` when it is hidden or gone. */
function readEnumerable(source: object, key: string): { value: unknown } | undefined {
  const slot = Object.getOwnPropertyDescriptor(source, key)
  if (slot === undefined || !slot.enumerable) return undefined
  return { value: 'value' in slot ? slot.value : slot.get === undefined ? undefined : slot.get.call(source) }
}

/** Validates `value` against one schema node, pushing violations into `out`. */
export function* checkNode(schema: JsonSchemaNode, value: unknown, path: string, out: string[]): NodeCheck {
  const oneOf = keyword(schema, 'oneOf') as readonly JsonSchemaNode[] | undefined
  if (oneOf !== undefined) {
    // Every branch is tried so the message can say how many matched.
    let matched = 0
    for (let i = 0; i < oneOf.length; i++) {
      const branchViolations = yield { schema: oneOf[i]!, value, path }
      if (branchViolations.length === 0) matched++
    }
    if (matched !== 1) out.push(`${quote(path)} must match exactly one oneOf branch (matched ${matched})`)
    return
  }

  const type = keyword(schema, 'type')
  switch (type) {
    case undefined:
      if (!isJsonValue(value)) out.push(`${quote(path)} must be a lossless JSON value`)
      return
    case 'object':
      yield* checkObject(schema, value, path, out)
      return
    case 'array':
      yield* checkArray(schema, value, path, out)
      return
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
    case 'null':
      checkScalar(schema, type, value, path, out)
      return
    default:
      throw new UnreachableVariantError(type)
  }
}

function* checkObject(schema: JsonSchemaNode, value: unknown, path: string, out: string[]): NodeCheck {
  if (!isPlainRecord(value)) {
    out.push(`${quote(path)} must be an object`)
    return
  }
  const properties = keyword(schema, 'properties') as Record<string, JsonSchemaNode> | undefined
  const required = keyword(schema, 'required') as readonly string[] | undefined

  if (required !== undefined) {
    for (const key of required) {
      if (!hasOwn(value, key) || value[key] === undefined) out.push(`missing required property ${quote(propertyPath(path, key))}`)
    }
  }

  // Keys whose value already passed its declared schema (and so is known lossless).
  const accepted = new Set<string>()
  if (properties !== undefined) {
    for (const key of Object.keys(properties)) {
      if (!hasOwn(value, key)) continue
      const child = value[key]
      if (child === undefined) continue
      const childViolations = yield { schema: properties[key]!, value: child, path: propertyPath(path, key) }
      if (childViolations.length === 0) accepted.add(key)
      for (const violation of childViolations) out.push(violation)
    }
  }

  if (keyword(schema, 'additionalProperties') === false) {
    for (const key of Object.keys(value)) {
      if (properties === undefined || !hasOwn(properties, key)) {
        out.push(`${quote(propertyPath(path, key))} is not a declared property (additionalProperties: false)`)
      }
    }
  }

  // A frozen snapshot of the registry's own is lossless as a whole (the value a body returned, as snapshotted).
  if (out.length === 0 && !isFrozenSnapshot(value) && !isLosslessRecord(value, accepted)) {
    out.push(`${quote(path)} must be a lossless JSON object`)
  }
}

/**
 * The object's own shape is lossless, and so is every member not already
 * accepted by its declared schema. Accepted members are lossless by induction
 * (every accepting path ends in a lossless check), and a cycle back through
 * them would have been caught where their schema ran out.
 */
function isLosslessRecord(record: object, accepted: ReadonlySet<string>): boolean {
  for (const key of Reflect.ownKeys(record)) {
    if (typeof key !== 'string') return false
    const slot = readEnumerable(record, key)
    if (slot === undefined) return false
    if (!accepted.has(key) && !isJsonValue(slot.value)) return false
  }
  return true
}

/** Beyond this many holes an `items` walk over a sparse array is skipped (it could not pass anyway). */
const MAX_HOLES_WALKED = 1 << 16

function* checkArray(schema: JsonSchemaNode, value: unknown, path: string, out: string[]): NodeCheck {
  if (!Array.isArray(value)) {
    out.push(`${quote(path)} must be an array`)
    return
  }
  const array = value as readonly unknown[]
  const items = keyword(schema, 'items') as JsonSchemaNode | undefined
  // A frozen snapshot of the registry's own is a dense lossless array: nothing to measure.
  const known = isFrozenSnapshot(array)
  const keys = known ? [] : Reflect.ownKeys(array)
  const length = array.length
  // Index keys come first in ascending order, so the dense prefix is easy to measure.
  let indexCount = known ? length : 0
  while (indexCount < length && keys[indexCount] === String(indexCount)) indexCount++

  if (items !== undefined) {
    if (length - indexCount > MAX_HOLES_WALKED) {
      out.push(`${quote(path)} must be a dense lossless JSON array`)
      return
    }
    for (let i = 0; i < length; i++) {
      // JSV-11: a hole is no item; the dense check below reports the array instead.
      if (!(i in array)) continue
      const childViolations = yield { schema: items, value: array[i], path: itemPath(path, i) }
      for (const violation of childViolations) out.push(violation)
    }
  }

  if (out.length === 0 && !known && !isLosslessArray(array, keys, indexCount, items === undefined)) {
    out.push(`${quote(path)} must be a dense lossless JSON array`)
  }
}

/** Dense, undecorated, intrinsic prototype; elements re-checked only when no `items` schema vouched for them. */
function isLosslessArray(array: readonly unknown[], keys: readonly (string | symbol)[], indexCount: number, checkElements: boolean): boolean {
  const length = array.length
  if (indexCount !== length || keys.length !== length + 1 || keys[length] !== 'length') return false
  const proto = Object.getPrototypeOf(array) as object | null
  if (proto === null || !isIntrinsicArrayPrototype(proto)) return false
  for (let i = 0; i < length; i++) {
    const slot = readEnumerable(array, String(i))
    if (slot === undefined) return false
    if (checkElements && !isJsonValue(slot.value)) return false
  }
  return true
}

type ScalarType = 'string' | 'number' | 'integer' | 'boolean' | 'null'

/** The type mismatch message for a scalar node, or `undefined` when the value fits. */
function scalarMismatch(type: ScalarType, value: unknown): string | undefined {
  switch (type) {
    case 'string':
      return typeof value === 'string' ? undefined : 'must be a string'
    case 'number':
      if (typeof value !== 'number') return 'must be a number'
      return isJsonNumber(value) ? undefined : 'must be a finite JSON number'
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return 'must be an integer'
      // -0 is integral but does not survive JSON, like any other -0.
      return isJsonNumber(value) ? undefined : 'must be a finite JSON number'
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be a boolean'
    case 'null':
      return value === null ? undefined : 'must be null'
  }
}

function checkScalar(schema: JsonSchemaNode, type: ScalarType, value: unknown, path: string, out: string[]): void {
  const mismatch = scalarMismatch(type, value)
  if (mismatch !== undefined) {
    out.push(`${quote(path)} ${mismatch}`)
    return
  }
  const members = keyword(schema, 'enum') as readonly unknown[] | undefined
  if (members !== undefined && !members.includes(value)) {
    out.push(`${quote(path)} must be one of ${JSON.stringify(members)}`)
    return
  }
  const constant = keyword(schema, 'const')
  if (constant !== undefined && value !== constant) out.push(`${quote(path)} must be ${JSON.stringify(constant)}`)
}
