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
      return { atMs: (task.ts - from) / 1000, ms: task.dur / 1000, kinds };
    }),
  };
}

/** Each task's time over 50 ms once slowed down `slowdown` times, summed (Lighthouse's TBT rule). */
export function blockingMs(tasks, slowdown) {
  return tasks.reduce((sum, t) => sum + Math.max(0, t.ms * slowdown - 50), 0);
}

/** Milliseconds per kind of work over all the tasks, largest first. */
export function byKind(tasks) {
  const total = new Map();
  for (const t of tasks) for (const [k, ms] of t.kinds) total.set(k, (total.get(k) ?? 0) + ms);
  return [...total].sort((a, b) => b[1] - a[1]);
}
