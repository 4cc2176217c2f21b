// What a kept Lighthouse trace (`LH_TRACES=1`) spent its main thread on after the first
// contentful paint: the tasks that count towards Total Blocking Time at a CPU slowdown, and the
// time per kind of work. `node bench/trace-tasks.mjs <trace.json> [slowdown]` prints them.

/** Events that name a kind of work inside a task (Chromium's trace event names). */
const KINDS = new Set([
  'v8.compileModule',
  'v8.evaluateModule',
  'ScriptCatchup',
  'EvaluateScript',
  'FunctionCall',
  'RunMicrotasks',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'HitTest',
  'MinorGC',
  'MajorGC',
]);
const TASK = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/**
 * The main thread's top-level tasks after the first contentful paint, each with its kinds of
 * work (the outermost named events inside it; the rest of its time is `(unnamed)`).
 */
export function tasksAfterFirstPaint(trace) {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('the trace has no firstContentfulPaint event');
  const onMain = events.filter((e) => e.pid === fcp.pid && e.tid === fcp.tid && e.ph === 'X');
  // The page's own navigation: the frame's last one before the paint (about:blank comes first).
  const origin = events
    .filter(
      (e) =>
        e.name === 'navigationStart' &&
        e.pid === fcp.pid &&
        e.args?.frame === fcp.args?.frame &&
        e.ts <= fcp.ts,
    )
    .reduce((last, e) => Math.max(last, e.ts), -Infinity);
  const tasks = onMain
    .filter((e) => TASK.has(e.name) && e.ts >= fcp.ts)
    .sort((a, b) => a.ts - b.ts);
  const named = onMain
    .filter((e) => KINDS.has(e.name))
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const from = Number.isFinite(origin) ? origin : fcp.ts;
  return {
    firstPaintMs: (fcp.ts - from) / 1000,
    tasks: tasks.map((task) => {
      const end = task.ts + task.dur;
      const kinds = new Map();
      let coveredUntil = task.ts;
      let covered = 0;
      for (const e of named) {
        if (e.ts < task.ts || e.ts + e.dur > end) continue;
        if (e.ts < coveredUntil) continue; // inside an outer named event already counted
        kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur / 1000);
        covered += e.dur;
        coveredUntil = e.ts + e.dur;
      }
      kinds.set('(unnamed)', Math.max(0, task.dur - covered) / 1000);
      return {
        atMs: (task.ts - from) / 1000,
        ms: task.dur / 1000,
        // The thread's own CPU time in the task (`tdur`); for the rest of `ms` it was off the CPU
        // (waiting for a core, or blocked).
        cpuMs: typeof task.tdur === 'number' ? task.tdur / 1000 : Number.NaN,
        start: task.ts,
        end,
        kinds,
      };
    }),
  };
}

/**
 * Each task's time over 50 ms once slowed down `slowdown` times, summed (Lighthouse's TBT rule).
 * `of = 'cpuMs'` counts each task's CPU time instead of its wall time: the figure if the main
 * thread had never waited for a core.
 */
export function blockingMs(tasks, slowdown, of = 'ms') {
  return tasks.reduce((sum, t) => sum + Math.max(0, t[of] * slowdown - 50), 0);
}

/**
 * While the main thread's tasks were off the CPU (wall time over CPU time by more than
 * `minWaitMs`: waiting for a core, or blocked), the CPU time other threads of the traced browser
 * spent in their own tasks overlapping them, per process and thread name, largest first (a
 * task's CPU time is spread evenly over its wall time). Threads outside the browser
 * (Lighthouse, the server) are not in the trace.
 */
export function othersWhileWaiting(trace, tasks, minWaitMs = 2) {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const threadName = new Map();
  const processName = new Map();
  for (const e of events) {
    if (e.ph !== 'M') continue;
    if (e.name === 'thread_name') threadName.set(`${e.pid}/${e.tid}`, e.args?.name);
    if (e.name === 'process_name') processName.set(e.pid, e.args?.name);
  }
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  const waiting = tasks.filter((t) => t.ms - t.cpuMs > minWaitMs);
  // Each other thread's outermost events with a CPU time: its tasks, whatever they are named.
  const others = [];
  const coveredUntil = new Map();
  const timed = events
    .filter(
      (e) => e.ph === 'X' && e.tdur > 0 && e.dur > 0 && !(e.pid === fcp?.pid && e.tid === fcp?.tid),
    )
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  for (const e of timed) {
    const thread = `${e.pid}/${e.tid}`;
    if (e.ts < (coveredUntil.get(thread) ?? -Infinity)) continue;
    others.push(e);
    coveredUntil.set(thread, e.ts + e.dur);
  }
  const total = new Map();
  for (const t of waiting) {
    for (const e of others) {
      const overlap = Math.min(t.end, e.ts + e.dur) - Math.max(t.start, e.ts);
      if (overlap <= 0) continue;
      const key = `${processName.get(e.pid) ?? e.pid} / ${threadName.get(`${e.pid}/${e.tid}`) ?? e.tid}`;
      total.set(key, (total.get(key) ?? 0) + ((e.tdur / e.dur) * overlap) / 1000);
    }
  }
  return {
    waitedMs: waiting.reduce((sum, t) => sum + t.ms - t.cpuMs, 0),
    byThread: [...total].sort((a, b) => b[1] - a[1]),
  };
}

/** Milliseconds per kind of work over all the tasks, largest first. */
export function byKind(tasks) {
  const total = new Map();
  for (const t of tasks) for (const [k, ms] of t.kinds) total.set(k, (total.get(k) ?? 0) + ms);
  return [...total].sort((a, b) => b[1] - a[1]);
}
