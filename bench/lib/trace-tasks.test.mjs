import { describe, expect, it } from 'vitest';
import { blockingMs, byKind, othersWhileWaiting, tasksAfterFirstPaint } from './trace-tasks.mjs';

const main = { pid: 1, tid: 7 };
const at = (ms) => 1_000_000 + ms * 1000;
const x = (name, startMs, durMs, where = main) => ({
  ...where,
  ph: 'X',
  name,
  ts: at(startMs),
  dur: durMs * 1000,
});

const trace = {
  traceEvents: [
    { ...main, ph: 'R', name: 'navigationStart', ts: at(-500), args: { frame: 'F' } }, // about:blank
    { ...main, ph: 'R', name: 'navigationStart', ts: at(0), args: { frame: 'F' } },
    { ...main, ph: 'R', name: 'firstContentfulPaint', ts: at(100), args: { frame: 'F' } },
    x('RunTask', 50, 30), // before the first paint: not counted
    x('RunTask', 120, 20),
    x('v8.evaluateModule', 121, 12),
    x('FunctionCall', 122, 5), // inside the module's evaluation: counted once, as evaluation
    x('RunTask', 200, 4),
    x('Paint', 200.5, 3),
    x('RunTask', 300, 10, { pid: 2, tid: 9 }), // another thread
  ],
};

describe('trace tasks after the first paint', () => {
  const { firstPaintMs, tasks } = tasksAfterFirstPaint(trace);

  it('takes the main thread after the first contentful paint, with each kind of work once', () => {
    expect(firstPaintMs).toBe(100);
    expect(tasks.map((t) => [t.atMs, t.ms])).toEqual([
      [120, 20],
      [200, 4],
    ]);
    expect(Object.fromEntries(tasks[0].kinds)).toEqual({ 'v8.evaluateModule': 12, '(unnamed)': 8 });
    expect(Object.fromEntries(tasks[1].kinds)).toEqual({ Paint: 3, '(unnamed)': 1 });
  });

  it("sums each task's time over 50 ms at a slowdown, as Total Blocking Time counts it", () => {
    expect(blockingMs(tasks, 4)).toBe(30); // 20 ms x 4 = 80: 30 over; 4 x 4 = 16: none
    expect(blockingMs(tasks, 2)).toBe(0);
    expect(blockingMs(tasks, 15)).toBe(250 + 10);
  });

  it('totals the kinds of work, largest first', () => {
    expect(byKind(tasks)).toEqual([
      ['v8.evaluateModule', 12],
      ['(unnamed)', 9],
      ['Paint', 3],
    ]);
  });

  it('says so when the trace has no first paint', () => {
    expect(() => tasksAfterFirstPaint({ traceEvents: [] })).toThrow(/firstContentfulPaint/);
  });
});

describe('time the main thread waited for a core', () => {
  const other = { pid: 2, tid: 9 };
  const timed = (name, startMs, durMs, cpuMs, where = main) => ({
    ...x(name, startMs, durMs, where),
    tdur: cpuMs * 1000,
  });
  const contended = {
    traceEvents: [
      { ...other, ph: 'M', name: 'process_name', args: { name: 'GPU Process' } },
      { ...other, ph: 'M', name: 'thread_name', args: { name: 'VizCompositorThread' } },
      { ...main, ph: 'R', name: 'navigationStart', ts: at(0), args: { frame: 'F' } },
      { ...main, ph: 'R', name: 'firstContentfulPaint', ts: at(100), args: { frame: 'F' } },
      timed('RunTask', 120, 20, 5), // waited 15 ms
      timed('RunTask', 200, 4, 3.5), // waited 0.5 ms: under the 2 ms threshold
      timed('RunTask', 110, 20, 10, other), // 10 of its 20 ms overlap the first task: 5 ms CPU
      timed('DrawFrame', 112, 5, 5, other), // inside the task above: not counted twice
      timed('RunTask', 199, 6, 6, other), // overlaps only the task that did not wait
    ],
  };
  const { tasks } = tasksAfterFirstPaint(contended);

  it("keeps each task's CPU time beside its wall time", () => {
    expect(tasks.map((t) => [t.ms, t.cpuMs])).toEqual([
      [20, 5],
      [4, 3.5],
    ]);
    expect(blockingMs(tasks, 4, 'cpuMs')).toBe(0); // 5 x 4 = 20: under 50
    expect(blockingMs(tasks, 4)).toBe(30);
  });

  it("sums the other threads' CPU time while the main thread waited, per thread", () => {
    const { waitedMs, byThread } = othersWhileWaiting(contended, tasks);
    expect(waitedMs).toBe(15);
    expect(byThread).toEqual([['GPU Process / VizCompositorThread', 5]]);
  });
});
