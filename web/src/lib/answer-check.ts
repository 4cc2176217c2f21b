import type { AnswerCheck, AnswerName } from './answer-schemas.ts';
import type { AnswerCheckRequest } from './answer-check.worker.ts';

/**
 * Checks the answers of the requests every page makes while it loads (the session, the
 * catalogue, a part, orders...) against the contract in a worker (docs/decisions/038): zod and
 * the schemas then cost the main thread nothing, where they cost tens of milliseconds of
 * loading and checking before the page answered a tap. Where no worker can run (jsdom, a worker
 * that failed to start), the check runs here, with the same schemas.
 */
interface Waiting {
  name: AnswerName;
  json: unknown;
  resolve: (check: AnswerCheck) => void;
  reject: (error: unknown) => void;
}

let worker: Worker | null | undefined;
const waiting = new Map<number, Waiting>();
let nextId = 0;

async function checkHere(name: AnswerName, json: unknown): Promise<AnswerCheck> {
  const { checkNamedAnswer } = await import('./answer-schemas.ts');
  return checkNamedAnswer(name, json);
}

/** Falls back to checking on the main thread, now and for what the worker left unanswered. */
function giveUpWorker() {
  worker?.terminate();
  worker = null;
  const left = [...waiting.values()];
  waiting.clear();
  for (const w of left) checkHere(w.name, w.json).then(w.resolve, w.reject);
}

/** Starts the worker (once), so that it has loaded by the time the first answer arrives. */
export function startAnswerChecks(): void {
  if (worker !== undefined) return;
  if (typeof Worker === 'undefined') {
    worker = null;
    return;
  }
  try {
    worker = new Worker(new URL('./answer-check.worker.ts', import.meta.url), {
      type: 'module',
      name: 'answer-check',
    });
  } catch {
    worker = null;
    return;
  }
  worker.onmessage = ({ data }: MessageEvent<AnswerCheck & { id: number }>) => {
    waiting.get(data.id)?.resolve(data);
    waiting.delete(data.id);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    giveUpWorker();
  };
  worker.onmessageerror = giveUpWorker;
}

/** Checks one answer against the named contract schema: its parsed value, or that it is wrong. */
export function checkAnswer(name: AnswerName, json: unknown): Promise<AnswerCheck> {
  startAnswerChecks();
  const running = worker;
  if (!running) return checkHere(name, json);
  return new Promise((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { name, json, resolve, reject });
    running.postMessage({ id, name, json } satisfies AnswerCheckRequest);
  });
}
