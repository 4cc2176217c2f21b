// Lets the browser run its own tasks (input, paint) before the app goes on: a long piece of
// start-up work split at these points is several short tasks instead of one long one.

type Scheduler = { yield?: () => Promise<void> };

/** Resolves in a later task: `scheduler.yield()` where the browser has it, else a macrotask. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
