/**
 * The subset assertion's walk (JSS-01..12). It returns every
 * violation, in the order a depth-first recursive checker would meet them,
 * but runs on an explicit task stack so nesting depth costs heap, not call
 * stack. Nothing a hostile schema does escapes as an exception.
 */

import { isJsonValue } from '../../json.ts'
import {
  CONSTRAINT_KEYWORDS,
  KEYWORDS_BY_TYPE,
  SCHEMA_TYPES,
  SUBSET_SUMMARY,
  SUPPORTED_KEYWORDS,
  isScalarOfType,
  isSchemaType,
  type ScalarType,
} from './keywords.ts'
import { readPlainArray, readSchemaRecord } from './records.ts'
import type { RegistryChoices } from '../../choices.ts'

/** Either "check this node" or "run this deferred step" (post-children checks, path bookkeeping). */
type Task = { readonly node: unknown; readonly path: string } | (() => void)

/** Per-walk state: the violation list and the containers on the current path. */
interface Walk {
  readonly violations: string[]
  readonly onPath: Set<object>
  /** JSS-22: an empty `enum` is a violation (OP-21: `accepted` admits it, no value validating). */
  readonly emptyEnum: 'refused' | 'accepted'
}

function safeIsJsonValue(value: unknown): boolean {
  try {
    return isJsonValue(value)
  } catch {
    // A throwing getter or proxy trap makes the annotation unusable as data.
    return false
  }
}

function safeIsArray(value: unknown): boolean {
  try {
    return Array.isArray(value)
  } catch {
    return false
  }
}

/** Marks `container` as on the path until the tasks queued after this call have run. */
function enterPath(walk: Walk, container: object, next: Task[]): void {
  walk.onPath.add(container)
  next.push(() => walk.onPath.delete(container))
}

/**
 * Collects the subset violations of `root`, with paths rooted at `rootPath`.
 * An empty list means the schema is inside the enforced subset.
 */
export function collectSchemaViolations(root: unknown, rootPath = 'schema', choices: RegistryChoices = {}): string[] {
  const walk: Walk = { violations: [], onPath: new Set(), emptyEnum: choices.emptyEnum ?? 'refused' }
  const tasks: Task[] = [{ node: root, path: rootPath }]
  while (tasks.length > 0) {
    const task = tasks.pop()!
    if (typeof task === 'function') {
      task()
      continue
    }
    const next: Task[] = []
    try {
      checkNode(walk, task.node, task.path, next)
    } catch {
      // Backstop only: every read of user data above is already guarded.
      walk.violations.push(`${task.path} must be a schema object`)
    }
    // Queue in reverse so the node's follow-up work runs in the order it was scheduled.
    for (let i = next.length - 1; i >= 0; i--) tasks.push(next[i]!)
  }
  return walk.violations
}

/** Checks one node; child visits and post-children checks go to `next`, in order. */
function checkNode(walk: Walk, node: unknown, path: string, next: Task[]): void {
  const { violations } = walk
  const fields = readSchemaRecord(node)
  if (fields === undefined) {
    violations.push(`${path} must be a schema object`)
    return
  }
  if (walk.onPath.has(node as object)) {
    violations.push(`${path} is circular`)
    return
  }
  walk.onPath.add(node as object)
  try {
    checkFields(walk, fields, path, next)
  } finally {
    // Leave the path once everything scheduled beneath this node has run.
    next.push(() => walk.onPath.delete(node as object))
  }
}

/**
 * A keyword is present when it is an own key of the node, whatever it holds:
 * `properties: undefined` is a malformed `properties`, not a missing one
 * (JSS-06, JSS-07), as for the annotations (JSS-08).
 */
function present(fields: Map<string, unknown>, key: string): boolean {
  return fields.has(key)
}

function checkFields(walk: Walk, fields: Map<string, unknown>, path: string, next: Task[]): void {
  const { violations } = walk

  // Keyword vocabulary and annotations, in the node's own key order.
  for (const [key, value] of fields) {
    if (!SUPPORTED_KEYWORDS.has(key)) {
      violations.push(`${path}.${key} is not a supported keyword (subset: ${SUBSET_SUMMARY})`)
    } else if (key === 'description' || key === 'title') {
      if (typeof value !== 'string') violations.push(`${path}.${key} must be a string`)
    } else if (key === 'default' || key === 'examples') {
      if (!safeIsJsonValue(value)) violations.push(`${path}.${key} annotation must be lossless JSON data`)
    }
  }

  const constraints = CONSTRAINT_KEYWORDS.filter((key) => present(fields, key))

  if (present(fields, 'oneOf')) {
    if (present(fields, 'type')) {
      violations.push(`${path} cannot declare both type and oneOf`)
      return
    }
    const oneOf = fields.get('oneOf') as object
    const branches = readPlainArray(oneOf)
    if (branches === undefined || branches.length < 2) {
      violations.push(`${path}.oneOf must be an array of at least two schemas`)
    } else if (walk.onPath.has(oneOf)) {
      violations.push(`${path}.oneOf is circular`)
    } else {
      // biome-ignore lint/suspicious/useIterableCallbackReturn: push's result is discarded; left as written so the mutants measured for adequacy stay the same.
      branches.forEach((branch, i) => next.push({ node: branch, path: `${path}.oneOf[${i}]` }))
      enterPath(walk, oneOf, next)
    }
    // Reported after the branches, as a recursive checker would.
    if (constraints.length > 0) {
      next.push(() => {
        for (const key of constraints) violations.push(`${path}.${key} is not supported beside oneOf`)
      })
    }
    return
  }

  if (!present(fields, 'type')) {
    for (const key of constraints) violations.push(`${path}.${key} requires type or oneOf`)
    return
  }

  const type = fields.get('type')
  if (safeIsArray(type)) {
    violations.push(`${path}.type must be a single type string (type arrays are not supported)`)
    return
  }
  if (!isSchemaType(type)) {
    violations.push(`${path}.type must be one of ${SCHEMA_TYPES.join('/')}`)
    return
  }

  const allowed = KEYWORDS_BY_TYPE[type]
  for (const key of constraints) {
    if (!allowed.has(key)) violations.push(`${path}.${key} is not supported on type "${type}"`)
  }

  switch (type) {
    case 'object':
      checkObjectKeywords(walk, fields, path, next)
      return
    case 'array':
      if (present(fields, 'items')) next.push({ node: fields.get('items'), path: `${path}.items` })
      return
    default:
      checkScalarKeywords(violations, fields, path, type, walk.emptyEnum === 'accepted')
  }
}

function checkObjectKeywords(walk: Walk, fields: Map<string, unknown>, path: string, next: Task[]): void {
  const { violations } = walk
  // The names `required` may use: the own keys of a readable `properties`, none otherwise.
  let declared: Map<string, unknown> = new Map()
  if (present(fields, 'properties')) {
    const properties = fields.get('properties') as object
    const record = readSchemaRecord(properties)
    if (record === undefined) {
      violations.push(`${path}.properties must be an object of schemas`)
    } else {
      declared = record
      if (walk.onPath.has(properties)) {
        violations.push(`${path}.properties is circular`)
      } else {
        for (const [key, child] of declared) next.push({ node: child, path: `${path}.properties.${key}` })
        enterPath(walk, properties, next)
      }
    }
  }

  // `required` and `additionalProperties` are judged after the property subtrees.
  next.push(() => {
    if (present(fields, 'required')) {
      const names = readPlainArray(fields.get('required'))
      if (names === undefined || !names.every((name) => typeof name === 'string')) {
        violations.push(`${path}.required must be an array of strings`)
      } else {
        // Own keys only: a name like "toString" is not declared by inheritance.
        for (const name of names as string[]) {
          if (!declared.has(name)) violations.push(`${path}.required names "${name}" which is not in properties`)
        }
      }
    }
    if (present(fields, 'additionalProperties') && typeof fields.get('additionalProperties') !== 'boolean') {
      violations.push(`${path}.additionalProperties must be a boolean`)
    }
  })
}

function checkScalarKeywords(violations: string[], fields: Map<string, unknown>, path: string, type: ScalarType, acceptEmpty: boolean): void {
  let members: unknown[] | undefined
  if (present(fields, 'enum')) {
    const candidate = readPlainArray(fields.get('enum'))
    if (candidate !== undefined && (candidate.length > 0 || acceptEmpty) && candidate.every((value) => isScalarOfType(type, value))) {
      members = candidate
    } else {
      violations.push(`${path}.enum must be a non-empty array of ${type} values`)
    }
  }
  if (present(fields, 'const')) {
    const value = fields.get('const')
    if (!isScalarOfType(type, value)) {
      violations.push(`${path}.const must be a ${type} value`)
    } else if (members !== undefined && !members.includes(value)) {
      violations.push(`${path}.const must be one of ${path}.enum when both are declared`)
    }
  }
}
