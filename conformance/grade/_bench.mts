import { runSuite } from './internal/run-suite.ts'
import { KIT_ROOT } from './internal/kit-info.ts'
const [pool, isolate, workers] = process.argv.slice(2)
const t0 = performance.now(); const c0 = process.cpuUsage()
const r = await runSuite({ root: KIT_ROOT, include: ['conformance/suite/**/*.test.ts'], adapterModule: KIT_ROOT + 'reference/adapter.ts', timeoutMs: 5000, pool: { pool: pool as any, isolate: isolate === 'true', maxWorkers: Number(workers) }, stallLimitMs: 60000 })
const c = process.cpuUsage(c0)
console.log(pool, isolate, workers, 'wall', Math.round(performance.now() - t0), 'mainCPU', Math.round((c.user + c.system) / 1000), 'tests', r.tests.length, r.tests.filter(t => t.state === 'failed').length, 'unh', r.unhandled.length, r.moduleProblems.length)
