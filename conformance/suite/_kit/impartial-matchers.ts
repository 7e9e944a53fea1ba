/**
 * vitest's matchers judged with the kit's built-ins: every `to*` matcher of
 * `expect()` runs under {@link judgeWithIntrinsics}, so a registry that
 * patched a global its verdict reads at call time (`Object.is` for `toBe`,
 * `Object.prototype.toString`, `Array.isArray` and property descriptors for
 * `toEqual`, ...) gets the verdict its behaviour earns. Installed by the
 * suite's first setup file (provided-settings.ts) and by the
 * `dsh-tools-tck/vitest` embedding, in each test worker, before any adapter
 * code loads; installing again is a no-op.
 */
import { chai } from 'vitest'
import { $Object, judgeWithIntrinsics } from './intrinsics.ts'

const INSTALLED = Symbol.for('dsh-tools-tck.impartial-matchers')

/** Wraps every `to*` method of chai's `Assertion.prototype` (vitest's matchers) in {@link judgeWithIntrinsics}, once per realm. */
export function installImpartialMatchers(): void {
  const proto = chai.Assertion.prototype as unknown as Record<PropertyKey, unknown>
  if ($Object.hasOwn(proto, INSTALLED)) return
  for (const name of $Object.getOwnPropertyNames(proto)) {
    if (!/^to[A-Z]/.test(name) || typeof $Object.getOwnPropertyDescriptor(proto, name)?.value !== 'function') continue
    chai.util.overwriteMethod(
      proto,
      name,
      (matcher: (...args: unknown[]) => unknown) =>
        function (this: unknown, ...args: unknown[]): unknown {
          return judgeWithIntrinsics(() => matcher.apply(this, args))
        },
    )
  }
  $Object.defineProperty(proto, INSTALLED, { value: true })
}
