/**
 * The one list of surviving mutants of `reference/` that no conformance test
 * should kill, each with the reason:
 * - `equivalent`: the mutated program behaves, to every caller, exactly like
 *   the original;
 * - `unspecified`: the change shows only in something no rule pins (the
 *   wording of a message that neither the seeds nor upstream fix), so a
 *   test demanding the reference's choice would wrongly fail other registries;
 * - `unobservable`: the mutant does break a rule, but one the catalogue marks
 *   untestable because the adapter contract gives no view of what changes
 *   (REG-12's reclamation of empty scoped layers), so no conformance test can
 *   tell it from the original. The reason names the rule.
 *
 * Nothing else may lower the bar: no Stryker "disable" comments in the code,
 * no mutators switched off. `npm run mutation:areas` leaves these out of the
 * scores (reported in their own column) and lists any entry that no longer
 * matches a surviving mutant, so the list cannot silently go stale.
 *
 * A mutant is matched by file, mutator, the exact source text it replaces and
 * the replacement text (Stryker's `replacement`), so entries survive edits
 * elsewhere in the file; `line` pins one occurrence when the text repeats.
 */
export interface EquivalentMutant {
  readonly kind: 'equivalent' | 'unspecified' | 'unobservable'
  /** Path relative to the kit root, e.g. `reference/pipeline/guards.ts`. */
  readonly file: string
  /** Stryker mutator name, e.g. `ConditionalExpression`. */
  readonly mutator: string
  /** The original source text the mutant replaces. */
  readonly original: string
  /** Stryker's replacement text. */
  readonly replacement: string
  /** Only this line (1-based) when the same text occurs more than once. */
  readonly line?: number
  /**
   * Why no observable behaviour changes (`equivalent`), what is observable and why no rule pins it (`unspecified`),
   * or which untestable rule the mutant breaks and why the adapter cannot see it (`unobservable`).
   */
  readonly reason: string
}

export const EQUIVALENT_MUTANTS: readonly EquivalentMutant[] = [
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/value-checks.ts',
    mutator: 'EqualityOperator',
    original: 'i < length',
    replacement: 'i <= length',
    line: 191,
    reason:
      "Observable only through a proxy whose `has` trap lies: over ['a', 'b'] a `has` answering true for every key makes the walk visit index 2 and reject `undefined` against `items`, where the original accepts the (dense, lossless) array. For every ordinary array index `length` is a hole the `in` check skips. No rule pins how validation treats an exotic array whose `has` contradicts its own keys: the seeds' domain is JSON data (a proxy is none: JSS-17 keeps even revoked-proxy handling a should), no upstream test addresses such a proxy (upstream's walk happens to stop at `length`), and a must test demanding either verdict would judge a value outside the seeds' domain.",
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/value-checks.ts',
    mutator: 'ConditionalExpression',
    original: 'length - indexCount > MAX_HOLES_WALKED',
    replacement: 'false',
    line: 187,
    reason:
      'Without the early bail a sparse array with more than 65,536 holes is walked (holes skipped) and still rejected as not dense; only a failing item among them changes which violation is reported, and no rule pins that. The bail bounds the cost.',
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/value-checks.ts',
    mutator: 'BlockStatement',
    original: '{\n      out.push(`${quote(path)} must be a dense lossless JSON array`)\n      return\n    }',
    replacement: '{}',
    line: 187,
    reason:
      'As for the bail condition set to false: the huge sparse array is walked and then rejected as not dense by the check after the walk; only which violation a failing item among its holes gets differs, and no rule pins it.',
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/value-checks.ts',
    mutator: 'BooleanLiteral',
    original: 'false',
    replacement: 'true',
    line: 212,
    reason:
      'An array whose element is a non-enumerable own property: JSON.stringify keeps it and the array round-trips equal, and the seeds do not define lossless JSON that finely, so no rule pins whether it is accepted (issue 13 dropped that case from JSV-03 and JSV-10).',
  },
  {
    kind: 'unspecified',
    file: 'reference/schema-dsl/internal/compile.ts',
    mutator: 'ConditionalExpression',
    original: 'members === undefined',
    replacement: 'false',
    line: 156,
    reason:
      "A DSL enum that is not an array then compiles to `enum: undefined`, which the subset assertion refuses as a malformed keyword: still UNSUPPORTED_SCHEMA at the same path, only the message differs (`enum must be an array` from the DSL), and no rule pins the DSL's wording for it.",
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/collect-violations.ts',
    mutator: 'BooleanLiteral',
    original: 'false',
    replacement: 'true',
    line: 46,
    reason:
      'A `type` whose Array.isArray check throws (a revoked proxy) is then reported as an unsupported type array instead of as not a schema type: a violation at the same path either way, which is all JSS-17 (should) asks; the wording is not pinned.',
  },
  {
    kind: 'unspecified',
    file: 'reference/errors.ts',
    mutator: 'ArrayDeclaration',
    original: '[...violations]',
    replacement: '[]',
    line: 29,
    reason:
      "ToolOutputError.violations is never handed to a registry caller: the pipeline turns the error into a result carrying only message and info { name, code }, so only code constructing the reference's exported class directly could read it, and no rule pins that class's fields.",
  },
  {
    kind: 'unspecified',
    file: 'reference/events.ts',
    mutator: 'BlockStatement',
    original: `{
    this.listeners.clear()
  }`,
    replacement: '{}',
    reason:
      'Without clearing, listeners of a disposed harness would still fire if the harness were used after dispose(); no rule pins behaviour after Harness.dispose(), which the kit calls once after each test.',
  },
  {
    kind: 'unspecified',
    file: 'reference/events.ts',
    mutator: 'ConditionalExpression',
    original: "typeof listener !== 'function'",
    replacement: 'false',
    reason:
      'Without the check a non-function listener is accepted and fails only when its event fires; the seeds do not say how ctx.on treats a non-function listener (the typed surface forbids it).',
  },
  {
    kind: 'unspecified',
    file: 'reference/events.ts',
    mutator: 'StringLiteral',
    original: '`listener for "${event}" must be a function`',
    replacement: '``',
    reason:
      'The wording of the TypeError for a non-function listener; no seed or catalogue rule fixes it. Reachable only by subscribing a non-function listener, which the typed Subscribe forbids; no test does, hence NoCoverage.',
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/collect-violations.ts',
    mutator: 'BlockStatement',
    original:
      '{\n      // Backstop only: every read of user data above is already guarded.\n      walk.violations.push(`${task.path} must be a schema object`)\n    }',
    replacement: '{}',
    reason:
      "The catch is a backstop: every read of schema data in checkNode is already guarded, so it is reached only when building a violation path exceeds the engine's maximum string length (a key of about 2^29 characters). No rule or source addresses schemas beyond engine limits, and a test would need gigabytes.",
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/collect-violations.ts',
    mutator: 'BlockStatement',
    original: `{
  walk.onPath.add(container)
  next.push(() => walk.onPath.delete(container))
}`,
    replacement: '{}',
    reason:
      "Observable only in where a cycle through a shared oneOf array or properties record is reported: at the container (e.g. schema.oneOf[0].oneOf) or at the node it holds, one level further down (schema.oneOf[0].oneOf[0]). JSS-10 (upstream packages/core/tools/src/json-schema.ts:250-255) and the fixtures pin only node-level cycles, and a registry that tracks nodes alone still finds every cycle, so the container-level path is the reference's choice; the suite test 'a cycle through a shared oneOf array or properties record is one circular violation, without a hang' accepts either path.",
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/collect-violations.ts',
    mutator: 'ConditionalExpression',
    original: 'walk.onPath.has(oneOf)',
    replacement: 'false',
    reason:
      "Observable only in where a cycle through a shared oneOf array or properties record is reported: at the container (e.g. schema.oneOf[0].oneOf) or at the node it holds, one level further down (schema.oneOf[0].oneOf[0]). JSS-10 (upstream packages/core/tools/src/json-schema.ts:250-255) and the fixtures pin only node-level cycles, and a registry that tracks nodes alone still finds every cycle, so the container-level path is the reference's choice; the suite test 'a cycle through a shared oneOf array or properties record is one circular violation, without a hang' accepts either path.",
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/collect-violations.ts',
    mutator: 'ConditionalExpression',
    original: 'walk.onPath.has(properties)',
    replacement: 'false',
    reason:
      "Observable only in where a cycle through a shared oneOf array or properties record is reported: at the container (e.g. schema.oneOf[0].oneOf) or at the node it holds, one level further down (schema.oneOf[0].oneOf[0]). JSS-10 (upstream packages/core/tools/src/json-schema.ts:250-255) and the fixtures pin only node-level cycles, and a registry that tracks nodes alone still finds every cycle, so the container-level path is the reference's choice; the suite test 'a cycle through a shared oneOf array or properties record is one circular violation, without a hang' accepts either path. (`required` is checked against the circular record's own keys either way.)",
  },
  {
    kind: 'equivalent',
    file: 'reference/json-schema/internal/collect-violations.ts',
    mutator: 'ConditionalExpression',
    original: 'constraints.length > 0',
    replacement: 'true',
    reason: 'With no constraint keywords the deferred step loops over an empty list and reports nothing, so scheduling it anyway changes nothing.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json-schema/internal/collect-violations.ts',
    mutator: 'EqualityOperator',
    original: 'constraints.length > 0',
    replacement: 'constraints.length >= 0',
    reason: 'With no constraint keywords the deferred step loops over an empty list and reports nothing, so scheduling it anyway changes nothing.',
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/collect-violations.ts',
    mutator: 'StringLiteral',
    original: '`${task.path} must be a schema object`',
    replacement: '``',
    reason:
      "Wording of the backstop violation, reachable only when a violation path exceeds the engine's maximum string length; the seeds do not address that case.",
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/intrinsics.ts',
    mutator: 'ArrayDeclaration',
    original: '[Object.prototype]',
    replacement: '[]',
    reason:
      "Without the seed the host realm's Object.prototype is recognised structurally on first use (native Object constructor, locked prototype slot) and then cached; a difference needs Object.prototype.constructor to be reassigned before the first check, a tampered host realm that no rule addresses.",
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/intrinsics.ts',
    mutator: 'ArrayDeclaration',
    original: '[Array.prototype]',
    replacement: '[]',
    reason:
      "Without the seed the host realm's Array.prototype is recognised structurally on first use and then cached; a difference needs Array.prototype.constructor (or its prototype chain) to be tampered with before the first check, which no rule addresses.",
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/intrinsics.ts',
    mutator: 'ConditionalExpression',
    original: 'objectPrototypes.has(proto)',
    replacement: 'false',
    reason:
      "The cache only saves re-running the structural check, which a realm's untouched Object.prototype passes every time; a difference needs that realm's Object.prototype.constructor to be reassigned after its first check, which no rule addresses.",
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/intrinsics.ts',
    mutator: 'ConditionalExpression',
    original: 'arrayPrototypes.has(proto)',
    replacement: 'false',
    reason:
      "The cache only saves re-running the structural check, which a realm's untouched Array.prototype passes every time; a difference needs that realm's Array.prototype to be tampered with after its first check, which no rule addresses.",
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/intrinsics.ts',
    mutator: 'ConditionalExpression',
    original: 'parent === null || !isIntrinsicObjectPrototype(parent)',
    replacement: 'false',
    reason:
      "Differs only for a realm's own Array.prototype (the only object passing the native-Array check) whose [[Prototype]] was replaced, a tampered realm; arrays or other objects used as prototypes are still refused by the native-Array check.",
  },
  {
    kind: 'equivalent',
    file: 'reference/json-schema/internal/intrinsics.ts',
    mutator: 'ConditionalExpression',
    original: "keys[length] !== 'length'",
    replacement: 'false',
    reason:
      "When the count matches and the loop finds '0'..'length-1' in the first `length` slots, the remaining slot must hold 'length' (a non-configurable key that even a proxy's ownKeys must list, without duplicates), so the test is redundant.",
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/intrinsics.ts',
    mutator: 'ConditionalExpression',
    original: 'Object.getPrototypeOf(proto) !== null',
    replacement: 'false',
    reason:
      'Same as the neighbouring LogicalOperator mutant: only a prototype with a throwing constructor slot tells them apart, and then only in which rejection text the value gets, which nothing pins.',
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/intrinsics.ts',
    mutator: 'ConditionalExpression',
    original: '!Array.isArray(proto)',
    replacement: 'false',
    reason:
      'Only an array whose prototype carries a throwing constructor slot tells the mutant apart: the array is rejected either way, as not lossless JSON instead of not a dense lossless JSON array. Which text such a hostile prototype earns is not pinned.',
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/intrinsics.ts',
    mutator: 'LogicalOperator',
    original: "parent === null || !isIntrinsicObjectPrototype(parent) || !isNativePrototypeOf(proto, 'Array')",
    replacement: "(parent === null || !isIntrinsicObjectPrototype(parent)) && !isNativePrototypeOf(proto, 'Array')",
    reason:
      "Differs only for an object that passes the native-Array check (only a realm's own Array.prototype has a native Array constructor whose locked prototype slot points back) but whose [[Prototype]] was replaced, i.e. a tampered realm; the spec only says 'intrinsic Array.prototype from any realm', so neither answer is pinned there.",
  },
  {
    kind: 'equivalent',
    file: 'reference/json-schema/internal/intrinsics.ts',
    mutator: 'Regex',
    original: '/^function (\\w+)\\(\\) \\{\\s*\\[native code\\]\\s*\\}$/',
    replacement: '/^function (\\w+)\\(\\) \\{\\s*\\[native code\\]\\s*\\}/',
    reason:
      'No function source can start with `function <name>() { [native code] }` and continue: V8 prints native functions exactly so, and a user function body cannot begin with the invalid `[native code]`. (A focused run once marked it Killed only because an unrelated property law timed out under load.)',
  },
  {
    kind: 'equivalent',
    file: 'reference/json-schema/internal/intrinsics.ts',
    mutator: 'Regex',
    original: '/^function (\\w+)\\(\\) \\{\\s*\\[native code\\]\\s*\\}$/',
    replacement: '/^function (\\w+)\\(\\) \\{\\s\\[native code\\]\\s*\\}$/',
    reason:
      'V8 prints every native function, in every realm, with exactly one space between `{` and `[native code]`, and no user function source matches either pattern, so both regexes accept the same strings.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json-schema/internal/intrinsics.ts',
    mutator: 'Regex',
    original: '/^function (\\w+)\\(\\) \\{\\s*\\[native code\\]\\s*\\}$/',
    replacement: '/^function (\\w+)\\(\\) \\{\\s*\\[native code\\]\\s\\}$/',
    reason:
      'V8 prints every native function, in every realm, with exactly one space between `[native code]` and `}`, and no user function source matches either pattern, so both regexes accept the same strings. (A focused run once marked it Killed only because an unrelated property law timed out under load.)',
  },
  {
    kind: 'equivalent',
    file: 'reference/json-schema/internal/keywords.ts',
    mutator: 'ConditionalExpression',
    original: "typeof value === 'number'",
    replacement: 'true',
    reason: 'Number.isFinite does not coerce and is false for every non-number, so the typeof test is redundant.',
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/keywords.ts',
    mutator: 'StringLiteral',
    original: "', '",
    replacement: '""',
    line: 16,
    reason:
      'Only changes the separator of the keyword list after `(subset: `; no rule pins the text there (JSS-05 and JSS-14 name only the path and keyword) and the fixture kind only requires non-empty text there.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json-schema/internal/records.ts',
    mutator: 'ConditionalExpression',
    original: 'Array.isArray(value)',
    replacement: 'false',
    line: 26,
    reason:
      'Every array, proxied or not, has an own non-enumerable, non-configurable `length` that a proxy cannot report as enumerable, so the record reader refuses arrays anyway (at the prototype check or at `length`).',
  },
  {
    kind: 'equivalent',
    file: 'reference/json-schema/internal/records.ts',
    mutator: 'BlockStatement',
    original: `{
    return undefined
  }`,
    replacement: '{}',
    line: 37,
    reason: 'An empty catch block falls through to the end of the function, which returns undefined just like the original.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json-schema/internal/records.ts',
    mutator: 'ConditionalExpression',
    original: "typeof value !== 'object' || value === null",
    replacement: 'false',
    line: 48,
    reason:
      'Redundant guard: for primitives, null and functions the following Array.isArray test (inside the same try) is false and the function returns undefined as well.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json-schema/internal/records.ts',
    mutator: 'ConditionalExpression',
    original: "typeof value !== 'object'",
    replacement: 'false',
    line: 48,
    reason:
      'Redundant guard: for primitives, null and functions the following Array.isArray test (inside the same try) is false and the function returns undefined as well.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json-schema/internal/records.ts',
    mutator: 'ConditionalExpression',
    original: 'value === null',
    replacement: 'false',
    line: 48,
    reason: 'Redundant guard: Array.isArray(null) is false and the function returns undefined as well.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json-schema/internal/records.ts',
    mutator: 'LogicalOperator',
    original: "typeof value !== 'object' || value === null",
    replacement: "typeof value !== 'object' && value === null",
    line: 48,
    reason:
      'Redundant guard: for primitives, null and functions the following Array.isArray test (inside the same try) is false and the function returns undefined as well.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json-schema/internal/records.ts',
    mutator: 'BlockStatement',
    original: `{
    return undefined
  }`,
    replacement: '{}',
    line: 62,
    reason: 'An empty catch block falls through to the end of the function, which returns undefined just like the original.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json-schema/internal/value-checks.ts',
    mutator: 'ConditionalExpression',
    original: 'childViolations.length === 0',
    replacement: 'true',
    reason:
      '`accepted` is read only by the lossless check, which runs only when `out` is empty, i.e. when every visited property returned no violations (they are all copied into `out`), and then the original adds every visited key too.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json-schema/internal/value-checks.ts',
    mutator: 'ConditionalExpression',
    original: 'indexCount < length',
    replacement: 'true',
    reason:
      "The key at position `length` is `'length'` for every array, so the prefix count stops there anyway; only a proxy listing an index key at or beyond `length` gets past it, and such a key list is rejected by isLosslessArray either way (wrong key count) with the same items walk and the same violations.",
  },
  {
    kind: 'equivalent',
    file: 'reference/json-schema/internal/value-checks.ts',
    mutator: 'ConditionalExpression',
    original: "keys[length] !== 'length'",
    replacement: 'false',
    reason:
      "Reached only when the first `length` keys are exactly the index strings and there are `length + 1` keys; every array (proxies included, by the ownKeys invariant for the non-configurable `length`) must list `length` without duplicates, so the last key is always `'length'`.",
  },
  {
    kind: 'equivalent',
    file: 'reference/json-schema/internal/value-checks.ts',
    mutator: 'EqualityOperator',
    original: 'i < oneOf.length',
    replacement: 'i <= oneOf.length',
    reason:
      'The extra branch request carries schema `undefined`; reading its keywords throws a TypeError, which the driver turns into a violation of that discarded branch frame, so it never counts as a match and the matched count and all reported violations stay the same.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json-schema/internal/value-checks.ts',
    mutator: 'EqualityOperator',
    original: 'indexCount < length',
    replacement: 'indexCount <= length',
    reason:
      'Same as the `true` mutant of this guard: the one extra step can only succeed for a proxy whose key list holds index `length`, which isLosslessArray rejects either way with identical violations.',
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/value-checks.ts',
    mutator: 'EqualityOperator',
    original: 'length - indexCount > MAX_HOLES_WALKED',
    replacement: 'length - indexCount >= MAX_HOLES_WALKED',
    reason:
      "Differs only for an array with exactly 65,536 holes, which both versions reject; only whether the holes are reported one by one or as one dense-array violation changes, and the hole threshold is the reference's own bound that no source fixes (tests pin both sides far from it: 2^32-1 holes, 33,000 dense items).",
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/value-checks.ts',
    mutator: 'LogicalOperator',
    original: 'JSON.stringify(variant) ?? String(variant)',
    replacement: 'JSON.stringify(variant) && String(variant)',
    reason:
      'Only changes how the forged type is shown after `unreachable variant` (e.g. `tuple` instead of `"tuple"`); JSV-09 pins only the `unreachable variant …` prefix.',
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/value-checks.ts',
    mutator: 'StringLiteral',
    original: "'UnreachableVariantError'",
    replacement: '""',
    reason: 'Only the `name` of the backstop error changes; neither the seeds nor JSV-09 name that error class, only its `unreachable variant …` message.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json-schema/internal/value-checks.ts',
    mutator: 'ConditionalExpression',
    original: "typeof value !== 'number'",
    replacement: 'false',
    line: 229,
    reason: 'In the `integer` case `Number.isInteger` is false for every non-number, so the same `must be an integer` is returned without the typeof test.',
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/value-checks.ts',
    mutator: 'StringLiteral',
    original: "'must be a finite JSON number'",
    replacement: '""',
    line: 231,
    reason:
      'Only the wording for an `integer` node given -0 changes (the value is still rejected at the right path); JSV-07 only requires that -0 is rejected and JSV-11 gives no wording for this case, so no seed or rule pins this text.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json-schema/validate-value.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    line: 30,
    reason: 'This value is passed only to the first `next()` of the root generator, whose argument a generator always discards.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json-schema/validate-value.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    line: 47,
    reason: "Set right after pushing a new frame, so it is passed only to that frame's first `next()`, whose argument a generator always discards.",
  },
  {
    kind: 'equivalent',
    file: 'reference/json.ts',
    mutator: 'ConditionalExpression',
    original: 'frame.array',
    replacement: 'false',
    reason: 'Same as the array flag: index keys of a dense array assigned in order (none of them is __proto__) produce exactly the array push would.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json.ts',
    mutator: 'ConditionalExpression',
    original: 'key in target',
    replacement: 'true',
    reason:
      'Always using defineProperty with writable/enumerable/configurable true creates exactly the same own data property as ordinary assignment or push on a fresh plain object or array (for keys it does not inherit), so no copy differs.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json.ts',
    mutator: 'ConditionalExpression',
    original: "typeof value !== 'function'",
    replacement: 'true',
    reason:
      'deepFreeze is never called with a function at top level in the pipeline (always result objects, JSON snapshots or primitives), and for primitives both versions return early.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json.ts',
    mutator: 'ConditionalExpression',
    original: 'seen.has(current)',
    replacement: 'false',
    reason:
      'Children are only pushed when not yet seen, so revisiting happens only for an object pushed twice before its first visit; freezing it again and re-scanning its already-seen children changes nothing.',
  },
  {
    kind: 'unspecified',
    file: 'reference/json.ts',
    mutator: 'ConditionalExpression',
    original: 'isAbortSignal(current)',
    replacement: 'false',
    reason:
      'AbortSignals would be frozen in place; they only reach deepFreeze inside authored objects that final materialisation refuses as non-lossless, freezing does not stop a signal aborting, and no rule pins whether such caller objects are frozen.',
  },
  {
    kind: 'unspecified',
    file: 'reference/json.ts',
    mutator: 'ConditionalExpression',
    original: "typeof child === 'function'",
    replacement: 'false',
    reason:
      "Functions would no longer be frozen/descended. Functions only reach deepFreeze inside authored results or deferred contexts that final materialisation refuses as non-lossless, so every result and observer sees only lossless copies; whether the caller's own function objects get frozen is pinned by no rule.",
  },
  {
    kind: 'unspecified',
    file: 'reference/json.ts',
    mutator: 'ConditionalExpression',
    original: "typeof AbortSignal === 'function' && value instanceof AbortSignal",
    replacement: 'false',
    reason:
      'AbortSignals would be frozen too. deepFreeze only meets an AbortSignal inside caller-, body- or wrapper-authored objects (deferred contexts, authored errors) that final materialisation then refuses as non-lossless; results and observers see only lossless copies, freezing a signal does not stop it aborting, and no rule pins whether a registry freezes such caller objects in place.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json.ts',
    mutator: 'ConditionalExpression',
    original: "typeof AbortSignal === 'function'",
    replacement: 'true',
    reason:
      'AbortSignal is a global function in every runtime the registry can run on (the entry check itself uses instanceof AbortSignal), so the typeof test is always true.',
  },
  {
    kind: 'unspecified',
    file: 'reference/json.ts',
    mutator: 'EqualityOperator',
    original: "typeof AbortSignal === 'function'",
    replacement: "typeof AbortSignal !== 'function'",
    reason:
      'Makes isAbortSignal always false (AbortSignal is a function), i.e. AbortSignals get frozen: observable only on caller/body-authored objects that final materialisation refuses as non-lossless, which no rule pins.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json.ts',
    mutator: 'BooleanLiteral',
    original: 'true',
    replacement: 'false',
    line: 75,
    reason:
      'With array:false an array copy is filled by index assignment instead of push; the keys are the dense indices in order, so the resulting array is identical.',
  },
  {
    kind: 'unspecified',
    file: 'reference/json.ts',
    mutator: 'BooleanLiteral',
    original: 'true',
    replacement: 'false',
    line: 99,
    reason:
      'writable and configurable on the own __proto__ data property of a copy (the two true literals on this line besides enumerable): every pipeline snapshot is deep-frozen, which erases both, and only the unfrozen schemas() parameters copy could show them, which no rule pins.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json.ts',
    mutator: 'BooleanLiteral',
    original: 'false',
    replacement: 'true',
    line: 223,
    reason:
      'isJsonValue only compares the walk result with REJECT; building a throw-away copy walks the same keys, reads each getter once and rejects exactly the same values.',
  },
  {
    kind: 'unobservable',
    file: 'reference/layers.ts',
    mutator: 'BlockStatement',
    original: `{
    if (node === undefined) return
    if (this.scoped.get(node) === layer && isEmpty(layer)) this.scoped.delete(node)
  }`,
    replacement: '{}',
    reason:
      'Never discards an empty scoped layer, which breaks REG-12 (upstream: an empty layer is reclaimed). REG-12 is untestable: an empty layer contributes no tools, restrictions or guards, so every view, lookup and guard evaluation the adapter offers is the same as with the layer removed.',
  },
  {
    kind: 'unspecified',
    file: 'reference/layers.ts',
    mutator: 'BlockStatement',
    original: `{
    this.scoped = new Map()
    this.global.tools.clear()
    this.global.guards = new Set()
  }`,
    replacement: '{}',
    reason:
      'Only observable by using the harness after harness.dispose() (registering, subscribing, looking up or executing on a disposed registry); the seeds do not say what a disposed registry does, and after dispose() the kit reads nothing but the prompt (PRES-15, which the registry answers without this check).',
  },
  {
    kind: 'unobservable',
    file: 'reference/layers.ts',
    mutator: 'ConditionalExpression',
    original: 'layer.tools.size === 0 && layer.restrictions.size === 0 && layer.guards.size === 0 && layer.mode === undefined',
    replacement: 'false',
    reason:
      'Keeps empty scoped layers instead of discarding them, which breaks REG-12. REG-12 is untestable: an empty layer and a missing one resolve identically for get/schemas/executionMode/guards, and stale layers are never written to again, so nothing the adapter offers can tell.',
  },
  {
    kind: 'equivalent',
    file: 'reference/layers.ts',
    mutator: 'ConditionalExpression',
    original: 'this.scoped.get(node) === layer',
    replacement: 'true',
    reason:
      "discardIfEmpty is only reached after an entry was removed from `layer`, so `layer` is the node's current layer (or the registry was disposed and the scoped map is empty); dropping the identity check therefore deletes nothing else.",
  },
  {
    kind: 'unobservable',
    file: 'reference/layers.ts',
    mutator: 'EqualityOperator',
    original: 'this.scoped.get(node) === layer',
    replacement: 'this.scoped.get(node) !== layer',
    reason:
      'The layer passed in is always the current one (see the identity check), so the negated check never discards an empty layer, which breaks REG-12; like any kept empty layer it is invisible to every lookup the adapter offers (REG-12 is untestable).',
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/dispatch.ts',
    mutator: 'ConditionalExpression',
    original: 'authored.meta !== undefined',
    replacement: 'true',
    reason:
      'Only the intermediate wrapper-authored failure seen by post-execute gains an own meta key holding undefined; final materialisation drops it, and no rule pins the key set of that intermediate object (upstream even leaves it unfrozen; POST-02 pins freezing only for canonical successes and denials).',
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/dispatch.ts',
    mutator: 'StringLiteral',
    original: "'tools/execute returned a malformed result'",
    replacement: '""',
    reason:
      "NoCoverage but reachable (a wrapper that returns undefined or a primitive); the change shows only in the kit's own wording of that final failure, which neither the seeds nor upstream fix.",
  },
  {
    kind: 'equivalent',
    file: 'reference/pipeline/dispatch.ts',
    mutator: 'BooleanLiteral',
    original: 'false',
    replacement: 'true',
    line: 57,
    reason:
      'The initial value of abortedOnReturn is never read: the finally block always assigns body.signal.aborted before the only read, and the catch path returns without reading it.',
  },
  {
    kind: 'equivalent',
    file: 'reference/pipeline/execute.ts',
    mutator: 'StringLiteral',
    original: "'unreachable: dispatch did not produce a result'",
    replacement: '""',
    reason:
      'NoCoverage and unreachable: after admit and dispatch the outcome is always post-result or final-result, so this throw (kept for type narrowing) never runs.',
  },
  {
    kind: 'equivalent',
    file: 'reference/pipeline/guards.ts',
    mutator: 'ConditionalExpression',
    original: 'run.exec.agent === undefined',
    replacement: 'false',
    reason:
      'For an agent-less call run.target is scopes.nodeOf(undefined), which is undefined, so chainFarthestFirst(undefined) is empty and the scope loop evaluates no guard: the early return changes nothing.',
  },
  {
    kind: 'equivalent',
    file: 'reference/pipeline/materialize.ts',
    mutator: 'ObjectLiteral',
    original: '{ cause: error }',
    replacement: '{}',
    reason:
      'The TypeError thrown here is always caught (finalize.ts) and turned into normalizedFailure, which reads only its message and HarnessError info; its cause never reaches a result, an observer or the caller.',
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/materialize.ts',
    mutator: 'ConditionalExpression',
    original: 'own !== undefined && value === own',
    replacement: 'false',
    reason:
      "Copying a field that the registry snapshotted for this very call (the canonical success's content or meta, or a field of the result materialised a moment before) yields an equal, deep-frozen, unshared copy; only identity differs (the final result's content being, or not being, the very object post-execute listeners and the finaliser saw), which RES-03 leaves open and no rule pins.",
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/post-execute.ts',
    mutator: 'StringLiteral',
    original: "'tools/post-execute returned a malformed decision'",
    replacement: '""',
    reason:
      "Wording of the kit's own malformed-decision error (POST-23 fail-closed); POST-12/POST-15 pin only that the outcome is a failure, and upstream has no such message.",
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/pre-execute.ts',
    mutator: 'StringLiteral',
    original: "'tools/pre-execute returned a malformed decision'",
    replacement: '""',
    reason:
      "Wording of the kit's fail-closed malformed-decision error (PRE-22 divergence); upstream has no such message and PRE-15 pins only that the call fails without guards, wrappers or body.",
  },
  {
    kind: 'equivalent',
    file: 'reference/pipeline/results.ts',
    mutator: 'BlockStatement',
    original: `{
    return undefined
  }`,
    replacement: '{}',
    reason: 'An empty catch block falls off the end of errorInfo, which returns undefined exactly like the explicit return.',
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/results.ts',
    mutator: 'ConditionalExpression',
    original: "typeof thrown === 'function'",
    replacement: 'false',
    reason:
      "Observable only for a thrown function carrying a string message (its message versus String(fn)); ERR-02 speaks of the string message of any other object (upstream's typeof-object test), so whether a function's message is used is not pinned.",
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/results.ts',
    mutator: 'ConditionalExpression',
    original: '!Array.isArray(contexts)',
    replacement: 'false',
    reason:
      'Observable only for a wrapper result or post-execute decision whose additionalContexts is a non-array (a string would be spread into characters instead of failing; a non-iterable still fails, with another message); neither the seeds nor upstream say what such malformed contexts must do.',
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/results.ts',
    mutator: 'StringLiteral',
    original: "'additionalContexts must be an array'",
    replacement: '""',
    reason:
      "NoCoverage but reachable (a wrapper result or post-execute decision whose additionalContexts is neither an array nor undefined); the change shows only in the kit's own wording of that TypeError, which neither the seeds nor upstream fix.",
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/run.ts',
    mutator: 'BlockStatement',
    original: `{
    fail(error)
  }`,
    replacement: '{}',
    reason:
      "Reachable only through a borrowed definition whose finalizeContent getter throws (resolveTool itself cannot throw). Whether such a call then fails at entry or runs without a finaliser is fixed by no rule or seed; upstream reads it outside any guard and rejects (like the malformed input of ERR-10's divergence), and either reference behaviour still resolves (ERR-08).",
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/run.ts',
    mutator: 'StringLiteral',
    original: "'tool execution input requires an AbortSignal `signal`'",
    replacement: '""',
    reason:
      "Wording of the kit-only entry-failure message for a missing signal; upstream rejects with its own runtime TypeError (ERR-10's divergence) and the seeds do not fix this text.",
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/run.ts',
    mutator: 'ConditionalExpression',
    original: 'entryFailure === undefined',
    replacement: 'true',
    line: 81,
    reason:
      "Only observable when malformed input has two entry failures (e.g. two throwing identity getters, or one plus a missing signal): it decides which error message the resolved failure carries. ERR-10 only requires a resolved failure; upstream rejects instead (ERR-10's divergence), so the message is pinned by nothing.",
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/run.ts',
    mutator: 'ConditionalExpression',
    original: 'entryFailure === undefined',
    replacement: 'true',
    line: 132,
    reason:
      "Decides whether arguments are still read and materialised after a malformed identity/signal input (visible only as an arguments getter read count or exec.arguments in tools/result). Upstream rejects before reading arguments (ERR-10's divergence) and ERR-10 pins only a resolved failure, so neither choice is specified.",
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/run.ts',
    mutator: 'BooleanLiteral',
    original: 'false',
    replacement: 'true',
    line: 194,
    reason:
      'Makes exec.signal configurable, so a listener could delete it at run time. ARG-10 forbids deleting signal at the type level only and upstream exec is a plain object whose signal is deletable at run time; no runtime rule pins non-deletability (ARG-11 lists identity fields, not signal).',
  },
  {
    kind: 'equivalent',
    file: 'reference/registration.ts',
    mutator: 'ConditionalExpression',
    original: "typeof timeoutMs === 'number'",
    replacement: 'true',
    reason:
      'Number.isFinite does not coerce, so it already returns false for every non-number (strings, null, objects); the typeof check is redundant and the same TypeError is thrown either way.',
  },
  {
    kind: 'unspecified',
    file: 'reference/registry.ts',
    mutator: 'AssignmentOperator',
    original: 'firstError ??= { error }',
    replacement: `firstError &&= {
  error
}`,
    reason:
      'Reachable when a tools/change listener throws while a scope is disposed; the mutant still undoes every contribution but scope.dispose() no longer rethrows. Whether scope disposal reports a failing disposer is not specified.',
  },
  {
    kind: 'unspecified',
    file: 'reference/registry.ts',
    mutator: 'BlockStatement',
    original: `{
        firstError ??= { error }
      }`,
    replacement: '{}',
    reason:
      'Reachable when a tools/change listener throws while a scope is disposed; the mutant still undoes every contribution but scope.dispose() no longer rethrows. Whether scope disposal reports a failing disposer is not specified (upstream leaves it to Cordis and the seeds are silent).',
  },
  {
    kind: 'unspecified',
    file: 'reference/registry.ts',
    mutator: 'BlockStatement',
    original: `{
    if (disposed) throw new Error('tool registry is disposed')
    if (node?.disposed === true) throw new Error('tool scope is disposed')
  }`,
    replacement: '{}',
    reason:
      'Only observable by using the harness after harness.dispose() (registering, subscribing, looking up or executing on a disposed registry); the seeds do not say what a disposed registry does, and after dispose() the kit reads nothing but the prompt (PRES-15, which the registry answers without this check). The same holds for a disposed scope.',
  },
  {
    kind: 'equivalent',
    file: 'reference/registry.ts',
    mutator: 'BlockStatement',
    original: `{
        node.disposed = true
        node.disposers.clear()
      }`,
    replacement: '{}',
    reason:
      "Live scopes are only read through assertLive (which checks the registry flag first) and disposeScope; running a scope's disposers after harness.dispose() only touches layers the cleared store no longer holds and emits on a cleared event bus, so nothing is observable.",
  },
  {
    kind: 'unspecified',
    file: 'reference/registry.ts',
    mutator: 'ConditionalExpression',
    original: 'node?.disposed === true',
    replacement: 'false',
    reason:
      "Only observable by using a scope after scope.dispose() (registering, restricting, guarding or subscribing through it, or parenting a new scope on it); the seeds specify that disposal removes the scope's contributions (REG-10, GRD-04) but not what a disposed scope does afterwards, so throwing is the reference's own choice.",
  },
  {
    kind: 'unspecified',
    file: 'reference/registry.ts',
    mutator: 'ConditionalExpression',
    original: 'parent.disposed',
    replacement: 'false',
    reason:
      "Only observable by using a scope after scope.dispose() (registering, restricting, guarding or subscribing through it, or parenting a new scope on it); the seeds specify that disposal removes the scope's contributions (REG-10, GRD-04) but not what a disposed scope does afterwards, so throwing is the reference's own choice.",
  },
  {
    kind: 'unspecified',
    file: 'reference/registry.ts',
    mutator: 'MethodExpression',
    original: '[...node.disposers].reverse()',
    replacement: '[...node.disposers]',
    reason:
      "Only changes the order in which a disposed scope's contributions are undone, visible to a tools/change listener inspecting the registry mid-disposal; no seed or rule pins the teardown order of a scope (REG-10 and GRD-04 only require that its contributions are removed).",
  },
  {
    kind: 'unspecified',
    file: 'reference/registry.ts',
    mutator: 'StringLiteral',
    original: "'tool registry is disposed'",
    replacement: '""',
    reason:
      "Reachable (any register/restrict/guard/on after harness.dispose()), but both the throw and its wording are the reference's own: no rule or spec source covers a disposed registry.",
  },
  {
    kind: 'unspecified',
    file: 'reference/registry.ts',
    mutator: 'StringLiteral',
    original: "'tool scope is disposed'",
    replacement: '""',
    reason:
      "Reachable (register/restrict/guard/on through a disposed scope), but both the throw and its wording are the reference's own: no rule or spec source covers a disposed scope.",
  },
  {
    kind: 'unspecified',
    file: 'reference/registry.ts',
    mutator: 'StringLiteral',
    original: "'parent scope does not belong to this tool registry'",
    replacement: '""',
    reason: "Reachable (createScope with a parent handle from another harness); the wording is the reference's own and no rule or spec source pins it.",
  },
  {
    kind: 'unspecified',
    file: 'reference/registry.ts',
    mutator: 'StringLiteral',
    original: "'parent scope is disposed'",
    replacement: '""',
    reason:
      "Reachable (createScope under a disposed parent); both the throw and its wording are the reference's own, as no rule covers using a disposed scope.",
  },
  {
    kind: 'unspecified',
    file: 'reference/registry.ts',
    mutator: 'ConditionalExpression',
    original: 'disposed',
    replacement: 'false',
    line: 201,
    reason:
      'Only observable by using the harness after harness.dispose() (registering, subscribing, looking up or executing on a disposed registry); the seeds do not say what a disposed registry does, and after dispose() the kit reads nothing but the prompt (PRES-15, which the registry answers without this check).',
  },
  {
    kind: 'equivalent',
    file: 'reference/registry.ts',
    mutator: 'ConditionalExpression',
    original: 'node.disposed',
    replacement: 'false',
    line: 252,
    reason:
      'A second scope dispose would iterate an already-empty disposer set (each tracked disposer removes itself before running, and nothing can be added to a disposed scope) and delete an absent live-scope entry, so it has no effect.',
  },
  {
    kind: 'unspecified',
    file: 'reference/registry.ts',
    mutator: 'BooleanLiteral',
    original: 'true',
    replacement: 'false',
    line: 253,
    reason:
      "Only observable by using a scope after scope.dispose() (registering, restricting, guarding or subscribing through it, or parenting a new scope on it); the seeds specify that disposal removes the scope's contributions (REG-10, GRD-04) but not what a disposed scope does afterwards, so throwing is the reference's own choice.",
  },
  {
    kind: 'equivalent',
    file: 'reference/registry.ts',
    mutator: 'ConditionalExpression',
    original: 'disposed',
    replacement: 'false',
    line: 313,
    reason:
      'Makes a second harness.dispose() redo the teardown: events, live scopes and store are already empty (nothing can be added after dispose, as every write path asserts liveness) and approval cannot be consulted without pre-execute listeners, so nothing changes.',
  },
  {
    kind: 'equivalent',
    file: 'reference/registry.ts',
    mutator: 'BooleanLiteral',
    original: 'true',
    replacement: 'false',
    line: 318,
    reason:
      "After harness.dispose() every liveness check fails on the registry flag first, and the scope's disposer set is already cleared, so a later scope.dispose() does nothing whether or not the node is marked.",
  },
  {
    kind: 'equivalent',
    file: 'reference/schema-dsl/define-tool.ts',
    mutator: 'ConditionalExpression',
    original: "typeof timeoutMs === 'number'",
    replacement: 'true',
    reason: '`Number.isFinite` does not coerce, so every non-number timeoutMs (string, bigint, object) still fails the check and throws the same error.',
  },
  {
    kind: 'unspecified',
    file: 'reference/schema-dsl/define-tool.ts',
    mutator: 'ConditionalExpression',
    original: 'options.finalizeContent !== undefined',
    replacement: 'true',
    reason:
      "Without a finalizer the definition then has an own `finalizeContent` key holding undefined, which the pipeline treats as absent; DSL-15 pins `only when given` for presentationMeta and timeoutMs but says only that a given finalizeContent calls the author's.",
  },
  {
    kind: 'equivalent',
    file: 'reference/schema-dsl/define-tool.ts',
    mutator: 'StringLiteral',
    original: "''",
    replacement: '"Stryker was here!"',
    line: 32,
    reason: '`accepts` looks only at whether the violation list is empty, and the path label changes the wording of violations, never their number.',
  },
  {
    kind: 'equivalent',
    file: 'reference/schema-dsl/internal/compile.ts',
    mutator: 'BlockStatement',
    original: `{
      copy = undefined
    }`,
    replacement: '{}',
    reason:
      '`copy` is declared afresh (undefined) in each loop iteration and the throwing snapshot never assigned it, so it is undefined either way. Reachable (an annotation whose getter throws) but unobservable.',
  },
  {
    kind: 'unspecified',
    file: 'reference/schema-dsl/internal/compile.ts',
    mutator: 'BlockStatement',
    original: `{
      copy = snapshotJsonValue(value)
    }`,
    replacement: '{}',
    reason:
      "Annotations are then emitted as the author's own objects instead of detached copies; this shows only through aliasing (mutating the spec's `examples` later), and neither the seeds nor DSL-07 (emitted only when own keys, must be lossless) say the emitted annotation must be a copy.",
  },
  {
    kind: 'unspecified',
    file: 'reference/schema-dsl/internal/compile.ts',
    mutator: 'ConditionalExpression',
    original: 'copy === undefined',
    replacement: 'true',
    reason:
      'Same as removing the snapshot: lossless annotations are shared with the spec instead of detached, which no source pins; lossy ones are passed as given in both versions.',
  },
  {
    kind: 'unspecified',
    file: 'reference/schema-dsl/internal/compile.ts',
    mutator: 'ConditionalExpression',
    original: 'copy === undefined',
    replacement: 'false',
    reason:
      'A lossy annotation is emitted as `undefined` instead of as given; the subset assertion rejects both with the same violation (`must be a string` / `annotation must be lossless JSON data`), so this shows only for a getter that yields different values on successive reads, and no rule pins how often annotation values are read.',
  },
  {
    kind: 'unspecified',
    file: 'reference/schema-dsl/internal/compile.ts',
    mutator: 'EqualityOperator',
    original: 'copy === undefined',
    replacement: 'copy !== undefined',
    reason:
      'Combines the two: lossless annotations shared with the spec (aliasing, not pinned) and lossy ones emitted as `undefined`, which the subset assertion rejects with the same violation as the original value.',
  },
  {
    kind: 'equivalent',
    file: 'reference/schema-dsl/internal/compile.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    line: 180,
    reason:
      'A key-order placeholder: the scheduled property-map task always replaces `target.required` with the real list (or deletes it when empty) before compilation returns, and a failing map throws, so the placeholder value is never seen.',
  },
  {
    kind: 'unspecified',
    file: 'reference/schema-dsl/internal/compile.ts',
    mutator: 'BooleanLiteral',
    original: 'true',
    replacement: 'false',
    line: 212,
    reason:
      'Whether emitted schema properties are writable and configurable is not pinned (a registry may freeze what it compiles); DSL-11 only requires an enumerable own data property, which the test checks.',
  },
  {
    kind: 'equivalent',
    file: 'reference/visibility.ts',
    mutator: 'ConditionalExpression',
    original: 'inherited !== undefined',
    replacement: 'true',
    reason:
      'When nothing is inherited under the name, both branches of the conditional answer undefined (the found definition is undefined), so dropping the test changes no lookup.',
  },
  {
    kind: 'unspecified',
    file: 'reference/registry.ts',
    mutator: 'StringLiteral',
    original: '`scope-${++scopeCount}`',
    replacement: '``',
    reason:
      'Only changes the label inside the opaque scope key ({ scope: label }); the contract says only that the agent identifies the scope, and the key is still a fresh object per scope.',
  },
  {
    kind: 'unspecified',
    file: 'reference/registry.ts',
    mutator: 'UpdateOperator',
    original: '++scopeCount',
    replacement: '--scopeCount',
    reason: 'Only changes the label inside the opaque scope key ({ scope: "scope--1" } instead of "scope-1"); no rule pins the key\'s contents.',
  },
  {
    kind: 'unspecified',
    file: 'reference/scopes.ts',
    mutator: 'ObjectLiteral',
    original: '{ scope: label }',
    replacement: '{}',
    reason:
      'Changes only the contents of the minted agent key ({ scope: label } vs {}); scope keys are opaque and only their identity is specified (seed 000 ScopeKey, VIS-02/VIS-18).',
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/value-checks.ts',
    mutator: 'ConditionalExpression',
    original: 'childViolations.length === 0',
    replacement: 'false',
    reason:
      'The lossless check then re-reads object members that already passed their declared schema. For plain data the verdict and violations are the same (an accepting path ends in a lossless check) and only the cost grows, quadratically in nesting depth; a difference shows only for a member whose getter returns something else on the second read, where the original trusts the first value. No rule pins how often a validator may read a stateful getter, and speed is benchmarked, never asserted (at full depth the JSV cases used to time this mutant out, a timing kill).',
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/value-checks.ts',
    mutator: 'EqualityOperator',
    original: 'childViolations.length === 0',
    replacement: 'childViolations.length !== 0',
    reason:
      'The lossless check then re-reads object members that already passed their declared schema. For plain data the verdict and violations are the same (an accepting path ends in a lossless check) and only the cost grows, quadratically in nesting depth; a difference shows only for a member whose getter returns something else on the second read, where the original trusts the first value. No rule pins how often a validator may read a stateful getter, and speed is benchmarked, never asserted (at full depth the JSV cases used to time this mutant out, a timing kill).',
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/value-checks.ts',
    mutator: 'ConditionalExpression',
    original: 'items === undefined',
    replacement: 'true',
    reason:
      'The lossless check then re-reads array elements that already passed the `items` schema. For plain data the verdict and violations are the same (an accepting path ends in a lossless check) and only the cost grows, quadratically in nesting depth; a difference shows only for an element whose getter returns something else on the second read, where the original trusts the first value. No rule pins how often a validator may read a stateful getter, and speed is benchmarked, never asserted (at full depth the JSV cases used to time this mutant out, a timing kill).',
  },
  {
    kind: 'equivalent',
    file: 'reference/pipeline/run.ts',
    mutator: 'BooleanLiteral',
    original: 'false',
    replacement: 'true',
    line: 112,
    reason:
      'The initial value only matters when resolveTool throws, and then the call already has an entry failure (a final failure, whatever collapsed says) and no finaliser was captured, so dropping one changes nothing.',
  },
  {
    kind: 'unspecified',
    file: 'reference/code-mode/flavors.ts',
    mutator: 'StringLiteral',
    original: "'(`await` and `return` work at top level); `description` says in a few words what it does. Call a tool as '",
    replacement: '""',
    line: 18,
    reason:
      "The run_code description beyond its opening words is the reference's own prose; upstream pins only that the TypeScript text starts with `Execute a TypeScript program` (CM-28), so no rule can demand these words.",
  },
  {
    kind: 'unspecified',
    file: 'reference/code-mode/flavors.ts',
    mutator: 'StringLiteral',
    original: "'`await tools.<name>(args)`. Only what the program prints or returns is shown: keep it short.'",
    replacement: '""',
    line: 19,
    reason:
      "The run_code description beyond its opening words is the reference's own prose; upstream pins only that the TypeScript text starts with `Execute a TypeScript program` (CM-28), so no rule can demand these words.",
  },
  {
    kind: 'unspecified',
    file: 'reference/code-mode/flavors.ts',
    mutator: 'StringLiteral',
    original: "'(`await` and `return` work at top level); `description` says in a few words what it does. Call a tool as '",
    replacement: '""',
    line: 25,
    reason:
      "The run_code description beyond its opening words is the reference's own prose; upstream pins only that the Python text starts with `Execute a Python program` (CM-28), so no rule can demand these words.",
  },
  {
    kind: 'unspecified',
    file: 'reference/code-mode/flavors.ts',
    mutator: 'StringLiteral',
    original: "'`await tools.<name>(args)`. Only what the program prints or returns is shown: keep it short.'",
    replacement: '""',
    line: 26,
    reason:
      "The run_code description beyond its opening words is the reference's own prose; upstream pins only that the Python text starts with `Execute a Python program` (CM-28), so no rule can demand these words.",
  },
  {
    kind: 'unspecified',
    file: 'reference/code-mode/flavors.ts',
    mutator: 'StringLiteral',
    original: "'What this program does, in 5 to 10 words of active voice (shown in the UI).'",
    replacement: '""',
    reason: "The description parameter's own description is model-facing prose the seeds do not give and upstream words differently; no rule pins it.",
  },
  {
    kind: 'unspecified',
    file: 'reference/code-mode/run-code-bridge.ts',
    mutator: 'ConditionalExpression',
    original: 'logging.size > host.maxParallel',
    replacement: 'false',
    reason:
      'The bound on pending settle-record appends (at most maxParallelSubCalls before the lane waits) is a memory bound upstream keeps but does not test; the seeds say nothing of it, and how far appends may run behind is not a rule.',
  },
  {
    kind: 'unspecified',
    file: 'reference/code-mode/run-code-bridge.ts',
    mutator: 'EqualityOperator',
    original: 'logging.size > host.maxParallel',
    replacement: 'logging.size >= host.maxParallel',
    reason:
      'The bound on pending settle-record appends (at most maxParallelSubCalls before the lane waits) is a memory bound upstream keeps but does not test; the seeds say nothing of it, and how far appends may run behind is not a rule.',
  },
  {
    kind: 'unspecified',
    file: 'reference/code-mode/run-code-tool.ts',
    mutator: 'BooleanLiteral',
    original: 'true',
    replacement: 'false',
    line: 74,
    reason:
      "Whether the run_code definition's description getter is enumerable is visible only by enumerating the definition object get('run_code') returns; schemas() reads the property by name, and no rule pins the definition's own property layout.",
  },
  {
    kind: 'unspecified',
    file: 'reference/code-mode/run-code-tool.ts',
    mutator: 'BooleanLiteral',
    original: 'true',
    replacement: 'false',
    line: 76,
    reason:
      "Whether the run_code definition's parameters getter is enumerable is visible only by enumerating the definition object get('run_code') returns; schemas() reads the property by name, and no rule pins the definition's own property layout.",
  },
  {
    kind: 'unspecified',
    file: 'reference/code-mode/presentation.ts',
    mutator: 'StringLiteral',
    original: '`${where}: mode must be ${expected}, got ${JSON.stringify(mode) ?? String(mode)}`',
    replacement: '``',
    reason: "The wording of the reference's refusal of an unknown presentation mode; no rule pins it (the mode is outside the typed API).",
  },
  {
    kind: 'unspecified',
    file: 'reference/code-mode/presentation.ts',
    mutator: 'LogicalOperator',
    original: 'JSON.stringify(mode) ?? String(mode)',
    replacement: 'JSON.stringify(mode) && String(mode)',
    reason: "The wording of the reference's refusal of an unknown presentation mode; no rule pins it (the mode is outside the typed API).",
  },
  {
    kind: 'unspecified',
    file: 'reference/code-mode/presentation.ts',
    mutator: 'StringLiteral',
    original: "'tools.presentAs() requires a scoped context (an agent scope); the deployment-wide mode is the registry option `mode`'",
    replacement: '""',
    reason: "PRES-09 pins that presentAs from the global context throws, not the wording, which is the reference's own (upstream's differs).",
  },
  {
    kind: 'unspecified',
    file: 'reference/code-mode/presentation.ts',
    mutator: 'StringLiteral',
    original: "'tools.presentAs()'",
    replacement: '""',
    reason: "The label in the reference's refusal of an unknown presentation mode; no rule pins it (the mode is outside the typed API).",
  },
  {
    kind: 'unspecified',
    file: 'reference/code-mode/presentation.ts',
    mutator: 'StringLiteral',
    original: '`tools.presentAs("${checked}") conflicts with "${layer.mode}" already declared for this scope`',
    replacement: '``',
    reason: "PRES-09 pins that a second declaration in one scope throws, not the wording, which is the reference's own.",
  },
  {
    kind: 'unspecified',
    file: 'reference/code-mode/presentation.ts',
    mutator: 'BlockStatement',
    original: '{\n    undo()\n    throw error\n  }',
    replacement: '{}',
    reason:
      "Undoing a declaration whose tools/change listener threw is the reference's choice, as for registrations; no rule says what presentAs does when a change listener throws, and upstream routes it through its effect machinery.",
  },
  {
    kind: 'unspecified',
    file: 'reference/registry.ts',
    mutator: 'StringLiteral',
    original: "'maxParallelSubCalls must be a positive integer'",
    replacement: '""',
    reason: 'CM-29 pins that an invalid maxParallelSubCalls makes creation throw, not the message.',
  },
  {
    kind: 'unspecified',
    file: 'reference/registry.ts',
    mutator: 'StringLiteral',
    original: "'createToolRegistry()'",
    replacement: '""',
    reason: "The label in the reference's refusal of an unknown deployment mode; the mode is outside the typed API and no rule pins the wording.",
  },
  {
    kind: 'unspecified',
    file: 'reference/registry.ts',
    mutator: 'StringLiteral',
    original: '`tools: code-dispatch-log listener failed for ${dispatch.name}: ${errorMessage(error)}; logging the original settled content`',
    replacement: '``',
    reason: 'CM-24 pins that a throwing dispatch-log listener is contained and reported at warn level, not the wording of the warning.',
  },
  {
    kind: 'unspecified',
    file: 'reference/registry.ts',
    mutator: 'BlockStatement',
    original: '{\n            internals.warn(`tools: recording ${record.type} failed: ${errorMessage(error)}`, error)\n          }',
    replacement: '{}',
    reason:
      "Only reachable when the host's record sink (onCodeDispatch) throws, which no adapter's sink does: upstream appends to the agent's session and the seeds do not say what a failing append does.",
  },
  {
    kind: 'unspecified',
    file: 'reference/registry.ts',
    mutator: 'StringLiteral',
    original: '`tools: recording ${record.type} failed: ${errorMessage(error)}`',
    replacement: '``',
    reason:
      "Only reachable when the host's record sink (onCodeDispatch) throws, which no adapter's sink does: upstream appends to the agent's session and the seeds do not say what a failing append does.",
  },
  {
    kind: 'equivalent',
    file: 'reference/code-mode/prompt.ts',
    mutator: 'EqualityOperator',
    original: 'a.name < b.name',
    replacement: 'a.name <= b.name',
    reason:
      'The names one assembly orders are unique (a view maps each name once), so no two compared names are ever equal and `<=` orders exactly as `<` does (PRES-12, CM-27).',
  },
  {
    kind: 'unspecified',
    file: 'reference/code-mode/prompt.ts',
    mutator: 'StringLiteral',
    original: '`toolOrder lists tools this prompt does not know: ${JSON.stringify(unknown)}`',
    replacement: '``',
    reason: "PRES-12 pins only that such an assembly fails; the wording of the error is the reference's own (upstream's differs), so no rule can demand it.",
  },
  {
    kind: 'unspecified',
    file: 'reference/code-mode/prompt.ts',
    mutator: 'StringLiteral',
    original: "'}'",
    replacement: '""',
    reason:
      "The layout of the SDK text is the renderer's own: CM-27 pins which tools it declares, in what order and language, not its punctuation; the TypeScript text without its closing brace declares the same tools.",
  },
  {
    kind: 'unspecified',
    file: 'reference/code-mode/prompt.ts',
    mutator: 'StringLiteral',
    original: "'\\n'",
    replacement: '""',
    line: 139,
    reason: "The layout of the SDK text is the renderer's own: CM-27 pins which tools it declares, in what order and language, not how its lines are broken.",
  },
  {
    kind: 'unspecified',
    file: 'reference/code-mode/prompt.ts',
    mutator: 'StringLiteral',
    original: "'    ...'",
    replacement: '""',
    reason:
      "The layout of the SDK text is the renderer's own: CM-27 pins which tools it declares, in what order and language; the Python class's placeholder body line is not one of them.",
  },
  {
    kind: 'unspecified',
    file: 'reference/code-mode/prompt.ts',
    mutator: 'StringLiteral',
    original: "'\\n'",
    replacement: '""',
    line: 145,
    reason: "The layout of the SDK text is the renderer's own: CM-27 pins which tools it declares, in what order and language, not how its lines are broken.",
  },
  {
    kind: 'equivalent',
    file: 'reference/json.ts',
    mutator: 'BlockStatement',
    original: '{\n    return target as ReturnsItsArgument\n  }',
    replacement: '{}',
    reason:
      'Without the return the private mark lands on a throw-away FrozenSnapshotMark instance, so no snapshot container is ever marked and every check (isJsonValue, isFrozenSnapshot, the output schema checks) walks a snapshot instead of skipping it. A snapshot is frozen, built of ordinary current-realm objects and arrays holding only enumerable data properties and lossless values, so the walk reads no getter, meets no proxy and accepts it exactly as the mark did: same verdicts, same violations, same reads seen by any caller; only a linear re-walk is spent.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json.ts',
    mutator: 'BooleanLiteral',
    original: 'true',
    replacement: 'false',
    line: 48,
    reason:
      'The value of the private #snapshot field is never read: FrozenSnapshotMark.has tests only its presence (`#snapshot in value`), which a field initialised to false gives just the same.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json.ts',
    mutator: 'BlockStatement',
    original: '{\n    new FrozenSnapshotMark(container)\n  }',
    replacement: '{}',
    reason:
      'No container is ever marked, so every check walks a snapshot instead of skipping it. A snapshot is frozen lossless data of ordinary current-realm containers with only enumerable data properties (no getter, no proxy), so the walk accepts it exactly as the mark did and no caller sees a read, a verdict or a violation change; only a linear re-walk is spent.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json.ts',
    mutator: 'ConditionalExpression',
    original: "typeof value === 'object' && value !== null && FrozenSnapshotMark.has(value)",
    replacement: 'false',
    reason:
      "isFrozenSnapshot only lets the output schema checks skip their lossless-shape checks (checkObject's isLosslessRecord, checkArray's dense measure and isLosslessArray) on a registry snapshot. Done anyway on a snapshot (frozen, dense, intrinsic prototypes, enumerable string-keyed data properties holding lossless values, no getters or proxies) they pass and find the hole count zero, so the same violations are reported; only the time differs.",
  },
  {
    kind: 'equivalent',
    file: 'reference/json.ts',
    mutator: 'ConditionalExpression',
    original: 'checkOnly && FrozenSnapshotMark.has(value)',
    replacement: 'false',
    reason:
      'A check-only walk of a frozen snapshot root then walks it instead of returning it at once; the snapshot is frozen lossless data with only data properties (no getter runs, no proxy traps), so the walk accepts it and returns the same value. Only a linear re-walk is spent.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json.ts',
    mutator: 'ConditionalExpression',
    original: 'checkOnly && FrozenSnapshotMark.has(child)',
    replacement: 'false',
    reason:
      'A check-only walk then opens a snapshot child instead of skipping it. It cannot be on the path (a check-only walk never descends into a marked container, so no ancestor is one) and it is frozen lossless data with only data properties, so the walk accepts it reading no getter, and store() is a no-op when only checking: same verdict, only a linear re-walk.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json.ts',
    mutator: 'BlockStatement',
    original: '{\n        store(frame, key, child)\n        continue\n      }',
    replacement: '{}',
    reason:
      'With the skip emptied the marked child falls through to the ordinary path: store() is a no-op in a check-only walk, the child is never on the path (a check-only walk never descends into a marked container), and walking the frozen lossless snapshot (data properties only, no getter, no proxy) accepts it. Same verdict; only a linear re-walk is spent.',
  },
  {
    kind: 'equivalent',
    file: 'reference/json.ts',
    mutator: 'ConditionalExpression',
    original: 'stack.length > SCANNED_PATH_DEPTH',
    replacement: 'true',
    reason:
      "The on-path set is then built at the first descent instead of past 16 levels. It is built from the stack's sources, gains each pushed child and loses each popped source, and the sources on the stack are distinct (a child already on the path is rejected before it is pushed), so set membership answers exactly as the stack scan: same cycles rejected, same shared parts accepted.",
  },
  {
    kind: 'unspecified',
    file: 'reference/json.ts',
    mutator: 'ConditionalExpression',
    original: 'stack.length > SCANNED_PATH_DEPTH',
    replacement: 'false',
    reason:
      "The walk then always scans the path for cycles and never switches to a set: verdicts, copies and reads are the same (the scan and the set answer alike), only the cost of a deep value grows quadratically in its depth (about 1.25e9 comparisons for ARG-15's 50,000 levels, still accepted). Observable only as time; no seed sentence bounds the cost of materialisation (ARG-15 demands only that deep nesting is accepted without the call stack), and speed is benchmarked, never asserted.",
  },
  {
    kind: 'equivalent',
    file: 'reference/json.ts',
    mutator: 'EqualityOperator',
    original: 'stack.length > SCANNED_PATH_DEPTH',
    replacement: 'stack.length >= SCANNED_PATH_DEPTH',
    reason:
      "The on-path set is built one level earlier (at 16 open containers instead of 17). It is built from the stack's distinct sources and kept in step with pushes and pops, so it answers exactly as the stack scan.",
  },
  {
    kind: 'equivalent',
    file: 'reference/json.ts',
    mutator: 'EqualityOperator',
    original: 'stack.length > SCANNED_PATH_DEPTH',
    replacement: 'stack.length <= SCANNED_PATH_DEPTH',
    reason:
      "The first descent leaves two frames on the stack (2 <= 16), so the on-path set is built there and used from then on, as when the test is true. The set is built from the stack's distinct sources and kept in step with pushes and pops, so it answers exactly as the stack scan.",
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/dispatch.ts',
    mutator: 'ConditionalExpression',
    original: '!Object.isFrozen(exec)',
    replacement: 'true',
    reason:
      'Differs only for a next() a wrapper leaves running, or first calls, after the call has settled and the exec is frozen: the write to exec.signal then throws a TypeError, so that late next() rejects (and, when called late, the body never runs) where the original drops the write, runs the body and resolves a result nobody receives. The outcome of the call is already settled either way; EXE-02 and EXE-09 describe next() within the call, and no rule or seed sentence says what a next() called or still running after execute() has settled must do.',
  },
  {
    kind: 'equivalent',
    file: 'reference/pipeline/dispatch.ts',
    mutator: 'ConditionalExpression',
    original: 'registry.canonical.get(produced) !== exec.token',
    replacement: 'true',
    reason:
      'Always setting the entry only re-writes the same token for a result already marked (a success buildSuccess marked for this token); WeakMap.set with the same key and value changes nothing any later get() sees.',
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/dispatch.ts',
    mutator: 'ConditionalExpression',
    original: 'registry.canonical.get(produced) !== exec.token',
    replacement: 'false',
    reason:
      "Successes are already canonical (buildSuccess marks them), so only the base's failures (body throw, UNKNOWN_TOOL, ABORTED, ABORTED_BEFORE_DISPATCH) are no longer marked: when they come back through tools/execute they take EXE-04's failure path, which keeps isError, error and content (they carry no meta or contexts) in a new deep-frozen shell, and finalisation then copies error and content instead of keeping them. Post-execute, tools/result and the caller see an equal, frozen failure; only object identity (and the own-key order isError, error, content) differs. EXE-05 pins that the registry's own result is not normalised again (no re-render, no re-validation), which a failure rebuilt as authored still satisfies, and no rule pins the identity of a failure between next() and post-execute.",
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/dispatch.ts',
    mutator: 'EqualityOperator',
    original: 'registry.canonical.get(produced) !== exec.token',
    replacement: 'registry.canonical.get(produced) === exec.token',
    reason:
      "Same as the condition set to false: the set then runs only for an already-marked success (a no-op), so the base's failures go unmarked and are rebuilt by EXE-04's failure path into an equal, deep-frozen failure; only identity and own-key order differ, which no rule pins.",
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/intrinsics.ts',
    mutator: 'LogicalOperator',
    original: "keys.length !== length + 1 || keys[length] !== 'length'",
    replacement: "keys.length !== length + 1 && keys[length] !== 'length'",
    reason:
      "Differs only for an array with extra own keys listed after 'length' (an ordinary decorated array): the index loop passes and pop() drops the last extra key, so the caller reads the index slots and then the non-enumerable 'length' and rejects the array anyway (json.ts walk returns REJECT, readPlainArray undefined), as the original does. Only the order changes: the index slots are read (getters run) before the rejection, so in argument or result materialisation a throwing index getter's own message replaces the not-lossless one (validation reports the same violation either way, schema reads swallow the throw). No rule pins whether a decorated array's elements are read before it is refused: ARG-05 and JSV-03 only demand the refusal, and ARG-16 speaks of a getter that throws, not of whether it must run.",
  },
  {
    kind: 'unspecified',
    file: 'reference/json-schema/internal/intrinsics.ts',
    mutator: 'ConditionalExpression',
    original: 'keys.length !== length + 1',
    replacement: 'false',
    reason:
      "Left with the 'length' slot check, a key list that is too short fails in the index loop and a longer one passes only when 'length' sits right after the indices, as in every ordinary decorated array; the caller then reads the index slots and rejects the array at the non-enumerable 'length' (a proxy cannot report it enumerable: the invariant check throws). The array is refused either way; only whether its index getters run first (and, in materialisation, whose message a throwing one leaves) differs, which no rule pins (ARG-05 and JSV-03 demand only the refusal).",
  },
  {
    kind: 'equivalent',
    file: 'reference/json-schema/internal/value-checks.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    line: 180,
    reason:
      'The empty key list stands in only for a frozen snapshot (`known`), and then it is never read: indexCount starts at length, so the dense-prefix loop does not index it, and the lossless check after the walk is skipped by `!known` before isLosslessArray could see it.',
  },
  {
    kind: 'equivalent',
    file: 'reference/choices.ts',
    mutator: 'EqualityOperator',
    original: 'stack.length > 0',
    replacement: 'stack.length >= 0',
    reason:
      "OP-27's record walk (refuseUnordinaryRecords) with the bound loosened pops from an empty stack once the walk is over: `const [node, at] = undefined` throws a TypeError inside the try, whose catch returns `violations`, which is what the loop's normal end returns. No caller can tell the two ends apart (reference/choices.test.ts checks the walk's results).",
  },
  {
    kind: 'equivalent',
    file: 'reference/choices.ts',
    mutator: 'ConditionalExpression',
    original: "'value' in slot",
    replacement: 'true',
    reason:
      "OP-27's record walk pushing every own property instead of only data properties: an accessor's descriptor has no `value`, so `slot.value` is undefined (the getter is not run) and the pushed entry is skipped as no object on its pop. The same records are visited and the same violation found; reference/choices.test.ts checks that a getter is never run.",
  },
  {
    kind: 'equivalent',
    file: 'reference/choices.ts',
    mutator: 'ConditionalExpression',
    original: "typeof snapshot === 'object' && snapshot !== null",
    replacement: 'true',
    reason:
      "OP-45's top-level freeze (outputSnapshot under `top-level`) calling Object.freeze on every snapshot: Object.freeze returns a primitive, null or undefined (the snapshot of a value that is not lossless) as it is, without throwing (ES2015 and later), so the object test only skips a call that changes nothing.",
  },
  {
    kind: 'equivalent',
    file: 'reference/choices.ts',
    mutator: 'LogicalOperator',
    original: "typeof snapshot === 'object' && snapshot !== null",
    replacement: "typeof snapshot === 'object' || snapshot !== null",
    reason:
      'As for the whole test set to true (OP-45): the mutant also freezes null and primitives, and Object.freeze returns them unchanged, so every snapshot comes back the same.',
  },
  {
    kind: 'equivalent',
    file: 'reference/choices.ts',
    mutator: 'ConditionalExpression',
    original: "typeof snapshot === 'object'",
    replacement: 'true',
    reason:
      'As for the whole test set to true (OP-45): the mutant freezes every non-null snapshot, primitives and undefined included, and Object.freeze returns those unchanged.',
  },
  {
    kind: 'equivalent',
    file: 'reference/choices.ts',
    mutator: 'ConditionalExpression',
    original: 'snapshot !== null',
    replacement: 'true',
    reason: 'As for the whole test set to true (OP-45): the mutant freezes a null snapshot too, and Object.freeze(null) returns null without throwing.',
  },
  {
    kind: 'unspecified',
    file: 'reference/schema-dsl/internal/compile.ts',
    mutator: 'MethodExpression',
    original: `list.every((name) => typeof name === 'string')`,
    replacement: `list.some(name => typeof name === 'string')`,
    reason:
      "Only an object-level `required` list reaches this, and only under OP-22's other side (`object-list`): the must rules never use that form, and upstream refuses it (DSL-36, whose tests fail under that group unmutated and are known failures there), so no rule pins what the reference's own form does. A list mixing names and non-strings (`['host', 1]`) is then emitted and refused by the subset assertion the compilers emit through (`schema.required must be an array of strings`) instead of by the compiler: still a schema rejection, only its text and path differ.",
  },
  {
    kind: 'unspecified',
    file: 'reference/schema-dsl/internal/compile.ts',
    mutator: 'ConditionalExpression',
    original: `typeof name === 'string'`,
    replacement: 'true',
    reason:
      "Only an object-level `required` list reaches this, and only under OP-22's other side (`object-list`): the must rules never use that form, and upstream refuses it (DSL-36, whose tests fail under that group unmutated and are known failures there), so no rule pins what the reference's own form does. A list holding non-strings is then emitted and refused by the subset assertion the compilers emit through (`schema.required must be an array of strings`) instead of by the compiler: still a schema rejection, only its text and path differ.",
  },
  {
    kind: 'unspecified',
    file: 'reference/schema-dsl/internal/compile.ts',
    mutator: 'StringLiteral',
    original: '`${path}.required must be an array of property names`',
    replacement: '``',
    reason:
      "The violation text of the reference's own OP-22 other side (`object-list`: a `required` that is not a list of names, e.g. `required: false` on an object entry) becomes empty; the call is still refused with a schema rejection (DSL-02 checks that). Only JSS-18, an upstream rule, pins that a compiler violation starts with its path, upstream never produces this violation, and the choices pass judges the side at the spec profile, where upstream failures are tolerated.",
  },
  {
    kind: 'unspecified',
    file: 'reference/schema-dsl/internal/compile.ts',
    mutator: 'BlockStatement',
    original: `{
      if (list.length > 0) target.required = [...list]
    }`,
    replacement: '{}',
    reason:
      "Only an object-level `required` list reaches this, and only under OP-22's other side (`object-list`): the must rules never use that form, and upstream refuses it (DSL-36, whose tests fail under that group unmutated and are known failures there), so no rule pins what the reference's own form does. The object node then never gets its list: under that side an object spec cannot mark requiredness at all, which the seeds allow (they show requiredness only on the parameter map, OP-22's note).",
  },
  {
    kind: 'unspecified',
    file: 'reference/schema-dsl/internal/compile.ts',
    mutator: 'ConditionalExpression',
    original: 'list.length > 0',
    replacement: 'true',
    reason:
      "Only an object-level `required` list reaches this, and only under OP-22's other side (`object-list`): the must rules never use that form, and upstream refuses it (DSL-36, whose tests fail under that group unmutated and are known failures there), so no rule pins what the reference's own form does. An empty list is then emitted as `required: []`, an encoding OP-24 names equivalent to leaving it out.",
  },
  {
    kind: 'unspecified',
    file: 'reference/schema-dsl/internal/compile.ts',
    mutator: 'EqualityOperator',
    original: 'list.length > 0',
    replacement: 'list.length >= 0',
    reason:
      "Only an object-level `required` list reaches this, and only under OP-22's other side (`object-list`): the must rules never use that form, and upstream refuses it (DSL-36, whose tests fail under that group unmutated and are known failures there), so no rule pins what the reference's own form does. An empty list is then emitted as `required: []`, an encoding OP-24 names equivalent to leaving it out.",
  },
  {
    kind: 'unspecified',
    file: 'reference/schema-dsl/internal/compile.ts',
    mutator: 'EqualityOperator',
    original: 'list.length > 0',
    replacement: 'list.length <= 0',
    reason:
      "Only an object-level `required` list reaches this, and only under OP-22's other side (`object-list`): the must rules never use that form, and upstream refuses it (DSL-36, whose tests fail under that group unmutated and are known failures there), so no rule pins what the reference's own form does. A non-empty list is then dropped (an empty one emitted as `required: []`): under that side an object spec cannot mark requiredness, which the seeds allow (OP-22's note).",
  },
  {
    kind: 'unspecified',
    file: 'reference/schema-dsl/internal/compile.ts',
    mutator: 'ArrayDeclaration',
    original: '[...list]',
    replacement: '[]',
    reason:
      "Only an object-level `required` list reaches this, and only under OP-22's other side (`object-list`): the must rules never use that form, and upstream refuses it (DSL-36, whose tests fail under that group unmutated and are known failures there), so no rule pins what the reference's own form does. The node then gets `required: []` instead of the names: under that side an object spec cannot mark requiredness, which the seeds allow (OP-22's note).",
  },
  {
    kind: 'unspecified',
    file: 'reference/schema-dsl/internal/compile.ts',
    mutator: 'ConditionalExpression',
    original: 'entry !== undefined',
    replacement: 'true',
    line: 128,
    reason:
      "Under OP-22's other side (`object-list`) a `required: true` on an object spec that is not a parameter-map entry (a value root, a nested property, array items) is then refused by the key check (`<path>.required is not supported by the value schema DSL`) instead of by the list check (`<path>.required must be an array of property names`): refused at the same path either way, only the wording (or, beside another bad key, which violation comes first) differs, and no rule pins the reference's own side's messages. Under every other choice the `object-list` test before it is false.",
  },
  {
    kind: 'unspecified',
    file: 'reference/schema-dsl/internal/compile.ts',
    mutator: 'BooleanLiteral',
    original: 'true',
    replacement: 'false',
    line: 173,
    reason:
      "Under OP-23's other side (`missingOpenness: 'open'`) an object spec without additionalProperties then compiles closed instead of open. OP-23 names defaulting it to closed as a legal choice too, so a registry may do either; DSL-35, the pinning rule, fails under both (upstream refuses the spec), and no must rule compiles a spec without the key.",
  },
  {
    kind: 'unspecified',
    file: 'reference/registration.ts',
    mutator: 'ConditionalExpression',
    original: 'output === undefined || output === null',
    replacement: 'false',
    reason:
      "Under the default choices `!usable` refuses an undefined or null output with the same TypeError and message, so nothing changes. Only on OP-29's other side (`outputCheck: 'declared-only'`, where `usable` is true) does this test alone refuse an undeclared output; with it never true, register() still throws a TypeError before any layer is touched, from reading `.schema` of the undefined or null output on the next line, so REG-01, REG-07 and REG-20 still hold (checked by hand under fixtures/choices/other-side.ts). Only the message differs: the engine's property-read message instead of `tool \"<name>\" must declare output { ... }`, which only REG-13 pins, a should rule for the reference's own wording that the choices pass (graded at the spec profile) does not judge; no seed sentence or upstream behaviour pins the message on that non-upstream side.",
  },
  {
    kind: 'unspecified',
    file: 'reference/registration.ts',
    mutator: 'LogicalOperator',
    original: 'output === undefined || output === null',
    replacement: 'output === undefined && output === null',
    reason:
      "Under the default choices `!usable` refuses an undefined or null output with the same TypeError and message, so nothing changes. Only on OP-29's other side (`outputCheck: 'declared-only'`, where `usable` is true) does this test alone refuse an undeclared output; with it never true (no value is both), register() still throws a TypeError before any layer is touched, from reading `.schema` of the undefined or null output on the next line, so REG-01, REG-07 and REG-20 still hold (checked by hand under fixtures/choices/other-side.ts). Only the message differs: the engine's property-read message instead of `tool \"<name>\" must declare output { ... }`, which only REG-13 pins, a should rule for the reference's own wording that the choices pass (graded at the spec profile) does not judge; no seed sentence or upstream behaviour pins the message on that non-upstream side.",
  },
  {
    kind: 'unspecified',
    file: 'reference/registration.ts',
    mutator: 'ConditionalExpression',
    original: 'output === undefined',
    replacement: 'false',
    reason:
      "Under the default choices `!usable` refuses an undefined or null output with the same TypeError and message, so nothing changes. Only on OP-29's other side (`outputCheck: 'declared-only'`, where `usable` is true) does this test alone refuse an undeclared output; with it blind to an undefined output, register() still throws a TypeError before any layer is touched, from reading `.schema` of the undefined or null output on the next line, so REG-01, REG-07 and REG-20 still hold (checked by hand under fixtures/choices/other-side.ts). Only the message differs: the engine's property-read message instead of `tool \"<name>\" must declare output { ... }`, which only REG-13 pins, a should rule for the reference's own wording that the choices pass (graded at the spec profile) does not judge; no seed sentence or upstream behaviour pins the message on that non-upstream side.",
  },
  {
    kind: 'unspecified',
    file: 'reference/registration.ts',
    mutator: 'ConditionalExpression',
    original: 'output === null',
    replacement: 'false',
    reason:
      "Under the default choices `!usable` refuses an undefined or null output with the same TypeError and message, so nothing changes. Only on OP-29's other side (`outputCheck: 'declared-only'`, where `usable` is true) does this test alone refuse an undeclared output; with it blind to a null output, register() still throws a TypeError before any layer is touched, from reading `.schema` of the undefined or null output on the next line, so REG-01, REG-07 and REG-20 still hold (checked by hand under fixtures/choices/other-side.ts). Only the message differs: the engine's property-read message instead of `tool \"<name>\" must declare output { ... }`, which only REG-13 pins, a should rule for the reference's own wording that the choices pass (graded at the spec profile) does not judge; no seed sentence or upstream behaviour pins the message on that non-upstream side.",
  },
  {
    kind: 'unspecified',
    file: 'reference/registration.ts',
    mutator: 'StringLiteral',
    original: '`tool "${name}" is already registered by an ancestor scope`',
    replacement: '``',
    reason:
      "The message of the refusal on OP-09's other side (`ancestorNameReuse: 'refused'`), which upstream does not take (it lets the scope shadow, REG-27): the refusal still throws an Error and registers nothing (REG-07), only its message is empty. The seeds name no such refusal, so no must rule and no upstream behaviour pins its wording; it is the reference's own prose for a non-upstream side.",
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/guards.ts',
    mutator: 'ConditionalExpression',
    original: 'run.target === undefined',
    replacement: 'false',
    reason:
      "Reached only on OP-03's other side (`listenerRouting: 'exact-agent'`) for a call whose agent no scope owns (agent-less calls have returned on line 36): the chain becomes [undefined], and layerOf(undefined) is the global layer, so the global guards are consulted a second time. Every verdict is the same (a denying global guard has already decided, a stateless one answers undefined again); only how many times a global guard is called differs. No seed sentence says how often a guard is consulted, and the upstream rule on the guard order (GRD-03) is not judged on that non-upstream side, whose group fails it by design.",
  },
  {
    kind: 'unspecified',
    file: 'reference/visibility.ts',
    mutator: 'ConditionalExpression',
    original: "store.choices.ancestorPrecedence !== 'farthest'",
    replacement: 'true',
    line: 45,
    reason:
      "inheritedFrom runs only on OP-07's other side (`ancestorOwnEntries: 'own-exempt'`, group other-side-opa), whose precedence is the default nearest one, so the early return is taken there anyway and no graded registry changes. The mutant differs only for a registry that also takes OP-37's other side (`ancestorPrecedence: 'farthest'`, group other-side): it would then spare the restrictions of the nearest ancestor that registers the name instead of those of the farthest, whose entry is the one inherited. No group combines the two sides, and no seed sentence or upstream behaviour covers the combination (upstream takes neither side), so nothing pins it.",
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/approval.ts',
    mutator: 'ObjectLiteral',
    original: '{ once: true }',
    replacement: '{}',
    reason:
      "OP-69's other side only (`approvalAbort: 'abandoned'`, group other-side-nrc). Without `once`, and with the answer path removing it anyway, only an abort before the answer runs it; after an abort the listener stays on the caller's own signal: a later abort only resolves a settled promise (a no-op), but the listener is observable (events.getEventListeners(signal, 'abort') counts it, and a signal reused across many calls that asked for approval grows until Node's MaxListenersExceededWarning). No rule pins listener cleanup while waiting for approval: upstream never listens to the signal there (it awaits the service whatever the signal, PRE-32), and EXE-17's cleanup is about fused signals and run_code.",
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/approval.ts',
    mutator: 'BooleanLiteral',
    original: 'true',
    replacement: 'false',
    line: 39,
    reason:
      "OP-69's other side only (`approvalAbort: 'abandoned'`, group other-side-nrc). As for `{ once: true }` -> `{}`: with `once: false`, after an abort the listener stays on the caller's own signal: a later abort only resolves a settled promise (a no-op), but the listener is observable (events.getEventListeners(signal, 'abort') counts it, and a signal reused across many calls that asked for approval grows until Node's MaxListenersExceededWarning). No rule pins listener cleanup while waiting for approval: upstream never listens to the signal there (it awaits the service whatever the signal, PRE-32), and EXE-17's cleanup is about fused signals and run_code.",
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/approval.ts',
    mutator: 'StringLiteral',
    original: "'abort'",
    replacement: '""',
    line: 42,
    reason:
      "OP-69's other side only (`approvalAbort: 'abandoned'`, group other-side-nrc). Removing a listener for the event type '' removes nothing, so once the answer came the abort listener stays on the caller's own signal: a later abort only resolves a settled promise (a no-op), but the listener is observable (events.getEventListeners(signal, 'abort') counts it, and a signal reused across many calls that asked for approval grows until Node's MaxListenersExceededWarning). No rule pins listener cleanup while waiting for approval: upstream never listens to the signal there (it awaits the service whatever the signal, PRE-32), and EXE-17's cleanup is about fused signals and run_code.",
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/approval.ts',
    mutator: 'StringLiteral',
    original: "'abort'",
    replacement: '""',
    line: 46,
    reason:
      "OP-69's other side only (`approvalAbort: 'abandoned'`, group other-side-nrc). As on the answer path (line 42): after a rejection, the abort listener stays on the caller's own signal: a later abort only resolves a settled promise (a no-op), but the listener is observable (events.getEventListeners(signal, 'abort') counts it, and a signal reused across many calls that asked for approval grows until Node's MaxListenersExceededWarning). No rule pins listener cleanup while waiting for approval: upstream never listens to the signal there (it awaits the service whatever the signal, PRE-32), and EXE-17's cleanup is about fused signals and run_code.",
  },
  {
    kind: 'equivalent',
    file: 'reference/pipeline/finalize.ts',
    mutator: 'ConditionalExpression',
    original: '!deep && !result.isError',
    replacement: 'true',
    reason:
      "Deep-freezes the value of every result, not only of successes under OP-45's `top-level`: a failure carries no value (deepFreeze(undefined) returns at once), and under the default freeze depth a success's value is the deep-frozen snapshot buildSuccess made (frozenSnapshotJsonValue, also for post-execute's value replacement), so freezing it again changes nothing.",
  },
  {
    kind: 'equivalent',
    file: 'reference/pipeline/finalize.ts',
    mutator: 'LogicalOperator',
    original: '!deep && !result.isError',
    replacement: '!deep || !result.isError',
    reason:
      "Under OP-45's `top-level` the condition is true for every result, which adds only failures, whose value is undefined (a no-op); under the default it deep-freezes a success's value, which buildSuccess already deep-froze. Nothing observable changes.",
  },
  {
    kind: 'equivalent',
    file: 'reference/pipeline/post-execute.ts',
    mutator: 'ConditionalExpression',
    original: 'result.meta === undefined',
    replacement: 'false',
    reason:
      "OP-48's other side: a blocked result replacing one without meta gets `meta: undefined` instead of no key. It is never seen: the blocked result goes on only to the cancellation check and final materialisation, which copies meta only when it is defined (materializeResult), and the finaliser and tools/result see the materialised result.",
  },
  {
    kind: 'equivalent',
    file: 'reference/pipeline/execute.ts',
    mutator: 'StringLiteral',
    original: "''",
    replacement: '"Stryker was here!"',
    line: 56,
    reason:
      "The prefix of prepareExecution's safety net, unreachable: admitRun's entry checks return results, and admit() catches every failure of the pre-execute stages and turns it into a final result (its own failure path, normalizedFailure, cannot throw: errorMessage and errorInfo catch what they read). No input reaches the catch.",
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/execute.ts',
    mutator: 'StringLiteral',
    original: "''",
    replacement: '"Stryker was here!"',
    line: 67,
    reason:
      "The prefix of dispatchExecution's safety net, which only the reference's own message shows. It is reachable, though no ordinary input reaches it: a wrapper result whose additionalContexts hold a proxy whose traps work once and then throw, with the caller aborting, makes abortResult's deepFreeze throw outside any inner catch. The failure's message is the reference's own wording for a hostile value no rule addresses, so nothing pins the prefix.",
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/execute.ts',
    mutator: 'StringLiteral',
    original: "''",
    replacement: '"Stryker was here!"',
    line: 90,
    reason:
      "The prefix of finalizeExecution's safety net, which only the reference's own message shows. It is reachable, though no ordinary input reaches it: a wrapper result whose additionalContexts hold a proxy whose traps work once and then throw, with the caller aborting, makes abortResult's deepFreeze throw outside any inner catch. The failure's message is the reference's own wording for a hostile value no rule addresses, so nothing pins the prefix.",
  },
  {
    kind: 'equivalent',
    file: 'reference/pipeline/results.ts',
    mutator: 'StringLiteral',
    original: "''",
    replacement: '"Stryker was here!"',
    line: 49,
    reason:
      "normalizedFailure's default prefix: every caller passes a prefix of its own except execute.ts's guard against dispatch() returning `dispatch`, which it never does (it returns only final and post results). The default reaches no result.",
  },
  {
    kind: 'equivalent',
    file: 'reference/pipeline/run.ts',
    mutator: 'ConditionalExpression',
    original: "registry.choices.parentTrust === 'live-token'",
    replacement: 'true',
    reason:
      "Every token goes into liveTokens, not only under OP-36's `live-token`. The set is read only by countedParent, which ignores it unless `live-token` is chosen, and each token leaves it at tools/result (notify.ts), so under the default nothing reads the extra entries.",
  },
  {
    kind: 'equivalent',
    file: 'reference/pipeline/signals.ts',
    mutator: 'BooleanLiteral',
    original: 'false',
    replacement: 'true',
    line: 23,
    reason:
      "bodySignal's default for `fresh`: its one caller (dispatch.ts) always passes the OP-42 choice, and the function is not exported from the reference's public entry, so the default is never used.",
  },
  {
    kind: 'equivalent',
    file: 'reference/projection.ts',
    mutator: 'ArrowFunction',
    original: '(parent) => parent',
    replacement: '() => undefined',
    reason:
      "classifyExecution's default `parentOf`: its one caller (registry.ts's executionMode) always passes the OP-36 mapping, and the function is not part of the reference's public entry, so the default is never used.",
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/finalize.ts',
    mutator: 'ConditionalExpression',
    original: 'deep && run.registry.canonical.get(result) === run.exec.token',
    replacement: 'false',
    reason:
      "The call's canonical success is materialised by copying its content and meta again instead of keeping the frozen snapshots buildSuccess made. The copies are equal and deep-frozen; only identity shows it: a tools/post-execute listener that kept the frozen content it saw finds the final result's content a different object. No rule pins whether the final result shares frozen parts with what the stages saw (RES-03 asks for a lossless, frozen result; OUT-02/OUT-05 for the snapshot, not its identity), and upstream copies at materialisation.",
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/post-execute.ts',
    mutator: 'ObjectLiteral',
    original: "{ type: 'text', text: `Error: ${message}` }",
    replacement: '{}',
    reason:
      "OP-48's other side (`enveloped`): the block's content still contains the feedback, after an empty first block instead of the reference's `Error: <message>` envelope. The seeds ask only that a block turn the result into an isError carrying the corrective feedback (000 \u00a7\u6267\u884c); upstream's side has no envelope at all (POST-29). What the other side puts before the feedback is the reference's own illustration of that side, pinned by nothing.",
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/post-execute.ts',
    mutator: 'StringLiteral',
    original: "'text'",
    replacement: '""',
    line: 46,
    reason:
      "As for the envelope block emptied: under OP-48's `enveloped`, only the reference's own envelope block changes (its type), the feedback is still in the content; no rule pins the envelope.",
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/post-execute.ts',
    mutator: 'StringLiteral',
    original: '`Error: ${message}`',
    replacement: '``',
    reason:
      "The wording of the reference's own envelope text under OP-48's `enveloped` side (prose; the seeds demand only that the content carry the feedback, and upstream's side has no envelope).",
  },
  {
    kind: 'unspecified',
    file: 'reference/code-mode/presentation.ts',
    mutator: 'StringLiteral',
    original: '\'"native" or "code"\'',
    replacement: '""',
    reason:
      "The wording of the error for a refused presentation mode under OP-63's `native-and-code` side: the error still names where (createToolRegistry() or tools.presentAs()) and the mode given; only the list of the modes expected is lost. Messages are prose; no rule pins this one.",
  },
  {
    kind: 'unspecified',
    file: 'reference/code-mode/presentation.ts',
    mutator: 'StringLiteral',
    original: '\'"native", "code" or "both"\'',
    replacement: '""',
    reason:
      "As for the seed-modes side: the wording of the reference's error for an unknown presentation mode (the modes it expects); the error still names where and what was given. No rule pins the message.",
  },
  {
    kind: 'equivalent',
    file: 'reference/json.ts',
    mutator: 'BooleanLiteral',
    original: 'false',
    replacement: 'true',
    line: 113,
    reason:
      "walk's `freeze` default is reached only by isJsonValue's walk(value, false): every snapshot function passes `freeze` explicitly. Without a copy (`copy` false) there is nothing to freeze, so the verdict and the reads are the same.",
  },
  {
    kind: 'unspecified',
    file: 'reference/pipeline/finalize.ts',
    mutator: 'ConditionalExpression',
    original: "choices.freezeDepth !== 'top-level'",
    replacement: 'false',
    reason:
      "Under the default choices `deep` false only drops `own` (the canonical success's content and meta are copied once more: equal, deep-frozen, unshared) and deep-freezes a success's value that its snapshot already deep-froze. Only identity differs, which RES-03 leaves open, as for the `own` test on the next line; under OP-45's `top-level` nothing changes.",
  },
  {
    kind: 'unspecified',
    file: 'reference/choices.ts',
    mutator: 'ConditionalExpression',
    original: 'code === undefined && !pointer',
    replacement: 'false',
    reason:
      'Under the default choices the schema rejection is caught and thrown again as a new JsonSchemaError with the same violations and code: the same class, message and fields, only a new object with its own stack. No caller holds the first one, and no rule pins a stack trace.',
  },
]

/** True when `mutant` is listed in `list`. */
export function isEquivalent(
  mutant: { readonly file: string; readonly mutator: string; readonly original: string; readonly replacement: string | undefined; readonly line: number },
  list: readonly EquivalentMutant[] = EQUIVALENT_MUTANTS,
): EquivalentMutant | undefined {
  return list.find(
    (e) =>
      e.file === mutant.file &&
      e.mutator === mutant.mutator &&
      e.original === mutant.original &&
      e.replacement === mutant.replacement &&
      (e.line === undefined || e.line === mutant.line),
  )
}
