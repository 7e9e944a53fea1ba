/** A promise with its settle functions exposed, for ordering races without sleeps. */
export interface Deferred<T> {
  readonly promise: Promise<T>
  resolve(value: T): void
  reject(reason: unknown): void
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (reason: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** Lets every already-queued microtask and one macrotask turn run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}
