/**
 * CPU time, the kit's measure of "computing": what bounds a test (or a run)
 * that never settles yet never lets the event loop go idle either. On a busy
 * machine a computation takes longer on the wall clock but not in CPU time,
 * so a limit counted here never fails a correct registry for the machine's
 * load (issue: no verdict rests on wall-clock time).
 */
import { $Number } from './intrinsics.ts'
import { readFileSync, readlinkSync } from 'node:fs'

/** Clock ticks per second of `/proc/<...>/stat` times (USER_HZ: 100 on every Linux). */
const USER_HZ = 100

/**
 * CPU time (user + system) this thread has used, in milliseconds: read from
 * `/proc/thread-self/stat` where Linux provides it, so one worker thread's
 * computing is told apart from its siblings'. Elsewhere, the whole process's
 * (`process.cpuUsage()`), which counts sibling threads too and so reaches a
 * limit sooner, never later.
 */
export function threadCpuMs(): number {
  try {
    const ms = cpuMsOfStat(readFileSync('/proc/thread-self/stat', 'latin1'))
    if (ms !== undefined) return ms
  } catch {
    // not Linux: fall through
  }
  return processCpuMs()
}

/**
 * CPU time (user + system) of the thread with Linux thread ID `tid` of this
 * process, in milliseconds, read from `/proc/self/task/<tid>/stat`: how the
 * grading process watches a test worker that is stuck computing (it cannot
 * read its own clock then). `undefined` when it cannot be read (not Linux,
 * or the thread has ended).
 */
export function threadCpuMsOf(tid: number): number | undefined {
  try {
    return cpuMsOfStat(readFileSync(`/proc/self/task/${tid}/stat`, 'latin1'))
  } catch {
    return undefined
  }
}

/** The Linux thread ID of the calling thread (`/proc/thread-self`), or 0 where there is none. */
export function linuxThreadId(): number {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
    return $Number.isSafeInteger(tid) && tid > 0 ? tid : 0
  } catch {
    return 0
  }
}

function cpuMsOfStat(stat: string): number | undefined {
  // Fields after the command name, which is parenthesised and may contain spaces: utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticks = Number(fields[11]) + Number(fields[12])
  return $Number.isFinite(ticks) ? (ticks * 1000) / USER_HZ : undefined
}

/** CPU time (user + system) of the whole process, worker threads included, in milliseconds. */
export function processCpuMs(): number {
  const used = process.cpuUsage()
  return (used.user + used.system) / 1000
}
