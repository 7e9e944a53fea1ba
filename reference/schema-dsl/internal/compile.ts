/**
 * The DSL compiler (DSL-01..11): turns value specs and property maps
 * into raw schemas of the enforced subset. It fails fast with one violation,
 * walks an explicit task stack (depth costs heap, not call stack), reads
 * every spec container once through the subset's defensive readers, and
 * writes `__proto__` keys as ordinary own properties.
 */
import type { JsonSchemaNode } from '../../../conformance/spec/types.ts'
import { JsonSchemaError } from '../../errors.ts'
import { snapshotJsonValue } from '../../json.ts'
import { readPlainArray, readSchemaRecord } from '../../json-schema/internal/records.ts'
import type { RegistryChoices } from '../../choices.ts'

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null'])
const VALUE_TYPES = new Set([...SCALAR_TYPES, 'array', 'object', 'json'])
const ANNOTATIONS = ['description', 'title', 'default', 'examples'] as const

/** Keys each kind of node admits besides the annotations (and `required` in a property map). */
const KEYS_BY_KIND: Readonly<Record<string, ReadonlySet<string>>> = {
  scalar: new Set(['type', 'enum', 'const']),
  array: new Set(['type', 'items']),
  object: new Set(['type', 'properties', 'additionalProperties']),
  json: new Set(['type']),
  oneOf: new Set(['oneOf']),
}

type Target = Record<string, unknown>

/** Where a property-map entry reports its `required: true` marker. */
interface MapEntry {
  readonly key: string
  readonly required: string[]
}

type Task =
  | { readonly kind: 'node'; readonly spec: unknown; readonly path: string; readonly target: Target; readonly entry?: MapEntry }
  /** `markers`: its entries may carry `required: true` (a parameter map; an object spec's properties unless OP-22 says otherwise). */
  | { readonly kind: 'map'; readonly spec: unknown; readonly path: string; readonly target: Target; readonly markers: boolean }
  | (() => void)

class Compilation {
  private readonly tasks: Task[] = []
  /** Spec containers on the current path: meeting one again is a cycle; siblings may share. */
  private readonly onPath = new Set<unknown>()

  /** The open-point choices of the DSL (OP-22, OP-23, OP-25); each default is upstream's. */
  constructor(private readonly choices: RegistryChoices = {}) {}

  run(first: Task): void {
    this.tasks.push(first)
    while (this.tasks.length > 0) {
      const task = this.tasks.pop()!
      if (typeof task === 'function') {
        task()
        continue
      }
      const next: Task[] = []
      if (task.kind === 'node') this.node(task.spec, task.path, task.target, task.entry, next)
      else this.map(task.spec, task.path, task.target, task.markers, next)
      // Reverse, so the scheduled work runs in the order it was scheduled.
      for (let i = next.length - 1; i >= 0; i--) this.tasks.push(next[i]!)
    }
  }

  private checkAcyclic(container: unknown, path: string): void {
    if (this.onPath.has(container)) fail(`${path} is circular`)
  }

  /** Puts `container` on the path until the tasks already in `next` have run. */
  private enter(container: unknown, next: Task[]): void {
    this.onPath.add(container)
    next.push(() => this.onPath.delete(container))
  }

  /** A property map: `target` receives `properties` and `required` (dropped again when empty). */
  private map(spec: unknown, path: string, target: Target, markers: boolean, next: Task[]): void {
    const entries = readSchemaRecord(spec)
    if (entries === undefined) fail(`${path} must be an object of value schemas`)
    this.checkAcyclic(spec, path)
    const properties: Target = {}
    const required: string[] = []
    target.properties = properties
    target.required = required
    for (const [key, child] of entries) {
      const node: Target = {}
      setOwn(properties, key, node)
      next.push({ kind: 'node', spec: child, path: `${path}.${key}`, target: node, ...(markers ? { entry: { key, required } } : {}) })
    }
    this.enter(spec, next)
    next.push(() => {
      if (required.length === 0) delete target.required
    })
  }

  /** OP-22 (`object-list`): an object spec's `required` names, written once its properties are compiled (left out when empty). */
  private requiredList(names: unknown, path: string, target: Target, next: Task[]): void {
    const list = readPlainArray(names)
    if (list === undefined || !list.every((name) => typeof name === 'string')) fail(`${path}.required must be an array of property names`)
    next.push(() => {
      if (list.length > 0) target.required = [...list]
    })
  }

  private node(spec: unknown, path: string, target: Target, entry: MapEntry | undefined, next: Task[]): void {
    const fields = readSchemaRecord(spec)
    if (fields === undefined) fail(`${path} must be a value schema object`)
    this.checkAcyclic(spec, path)

    let kind: string
    if (fields.has('oneOf')) {
      if (fields.has('type')) fail(`${path} cannot declare both type and oneOf`)
      kind = 'oneOf'
    } else if (!fields.has('type') && this.choices.untypedSpec === 'unconstrained') {
      kind = 'json' // DSL-35 refuses a spec with neither type nor oneOf (OP-25: `unconstrained` compiles it annotation-only)
    } else {
      const type = fields.get('type')
      if (typeof type !== 'string' || !VALUE_TYPES.has(type)) {
        fail(`${path}.type must be string/number/integer/boolean/null/array/object/json, or use oneOf`)
      }
      kind = SCALAR_TYPES.has(type) ? 'scalar' : type
    }
    // DSL-36: an object spec's properties carry `required: true` (OP-22: under `object-list` the object node lists
    // them in `required`, except a parameter-map entry's own `required: true` marker).
    const listsRequired =
      kind === 'object' &&
      this.choices.objectSpecRequired === 'object-list' &&
      fields.has('required') &&
      !(entry !== undefined && fields.get('required') === true)
    const allowed = KEYS_BY_KIND[kind]!
    for (const key of fields.keys()) {
      if (allowed.has(key) || (ANNOTATIONS as readonly string[]).includes(key)) continue
      if (key === 'required' && (entry !== undefined || listsRequired)) continue
      fail(`${path}.${key} is not supported by the value schema DSL`)
    }
    if (entry !== undefined && fields.has('required') && !listsRequired) {
      // DSL-02: true marks the entry required; DSL-42 refuses any other value (OP-76: `absent-unless-true` reads it as absent).
      const marker = fields.get('required')
      if (marker === true) entry.required.push(entry.key)
      else if (this.choices.requiredMarkers !== 'absent-unless-true') fail(`${path}.required must be true when present`)
    }

    switch (kind) {
      case 'oneOf': {
        const branches = readPlainArray(fields.get('oneOf'))
        if (branches === undefined) fail(`${path}.oneOf must be an array of at least two value schemas`)
        const compiled = branches.map(() => ({}) as Target)
        target.oneOf = compiled
        // biome-ignore lint/suspicious/useIterableCallbackReturn: push's result is discarded; left as written so the mutants measured for adequacy stay the same.
        branches.forEach((branch, i) => next.push({ kind: 'node', spec: branch, path: `${path}.oneOf[${i}]`, target: compiled[i]! }))
        break
      }
      case 'scalar':
        target.type = fields.get('type')
        if (fields.has('enum')) {
          const members = readPlainArray(fields.get('enum'))
          if (members === undefined) fail(`${path}.enum must be an array`)
          target.enum = members
        }
        if (fields.has('const')) target.const = fields.get('const')
        break
      case 'array':
        target.type = 'array'
        if (fields.has('items')) {
          const items: Target = {}
          target.items = items
          next.push({ kind: 'node', spec: fields.get('items'), path: `${path}.items`, target: items })
        }
        break
      case 'object': {
        target.type = 'object'
        // DSL-35: openness is explicit (OP-23: `open` reads a missing key as true).
        const missing = !fields.has('additionalProperties') && this.choices.missingOpenness === 'open'
        const open = missing ? true : fields.get('additionalProperties')
        if (typeof open !== 'boolean') fail(`${path}.additionalProperties must be explicitly true or false`)
        const markers = this.choices.objectSpecRequired !== 'object-list'
        if (fields.has('properties')) {
          next.push({ kind: 'map', spec: fields.get('properties'), path: `${path}.properties`, target, markers })
          // Placeholders keep the emitted key order type, properties, required, additionalProperties.
          target.properties = {}
          target.required = []
        }
        target.additionalProperties = open
        if (listsRequired) this.requiredList(fields.get('required'), path, target, next)
        break
      }
      // json: an annotation-only node, i.e. any lossless JSON.
    }
    copyAnnotations(fields, target)
    this.enter(spec, next)
  }
}

/**
 * Own annotations only. Lossless data is detached from the spec; anything else
 * is copied as given so the subset assertion reports it (e.g. `default: undefined`).
 */
function copyAnnotations(fields: Map<string, unknown>, target: Target): void {
  for (const key of ANNOTATIONS) {
    if (!fields.has(key)) continue
    const value = fields.get(key)
    let copy: unknown
    try {
      copy = snapshotJsonValue(value)
    } catch {
      copy = undefined
    }
    target[key] = copy === undefined ? value : copy
  }
}

function setOwn(target: Target, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true })
}

function fail(violation: string): never {
  throw new JsonSchemaError([violation])
}

/** Compiles a value spec rooted at `path` (the value root is labelled `schema`). */
export function compileValueSpec(spec: unknown, path = 'schema', choices: RegistryChoices = {}): JsonSchemaNode {
  const root: Target = {}
  new Compilation(choices).run({ kind: 'node', spec, path, target: root })
  return root as JsonSchemaNode
}

/** Compiles a parameter map to an open object root (labelled `parameters`). */
export function compileParameterSpec(
  spec: unknown,
  path = 'parameters',
  choices: RegistryChoices = {},
): JsonSchemaNode & { type: 'object'; properties: Record<string, JsonSchemaNode> } {
  const root: Target = { type: 'object' }
  new Compilation(choices).run({ kind: 'map', spec, path, target: root, markers: true })
  return root as unknown as JsonSchemaNode & { type: 'object'; properties: Record<string, JsonSchemaNode> }
}
