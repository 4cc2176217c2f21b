// The app, which main.tsx imports as soon as the page's first screen is on it (docs/decisions/038).
// Importing it starts the page's requests; `start` starts the answer checks and renders the app
// into #root.
import '../lib/zod-jitless.ts';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, makeQueryClient } from './providers.tsx';
import { routes } from './route-table.tsx';
import { AppRouter, createAppRouter, prefetchPage } from './router.tsx';
import { startAnswerChecks } from '../lib/answer-check.ts';
import { nextTask } from '../lib/next-task.ts';

// The page's answers (the session, the page's own data) travel while its code arrives
// (docs/decisions/038). They are asked for in start's first task, not here: matching the routes
// and making the requests take a few milliseconds that the task running the app's modules
// should not carry (docs/decisions/038).
const client = makeQueryClient();

/**
 * How long the first render waits for the page's answers (docs/decisions/038). With them in the
 * cache it shows the page as it will stay; an answer landing during React's sliced first render
 * instead makes React render the whole page again, at once, in one long task.
 */
const ANSWERS_WAIT_MS = 1000;

/**
 * Marks the page as taken over by the app (`<html data-app="ready">`) once its first render is on
 * screen: from then on the controls work. Tests wait for it before they touch the page; before
 * it, an element found may be the prerendered copy the app is about to replace.
 */
function TakenOver() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}

export async function start(container: HTMLElement) {
  // Each step below is a task of its own (docs/decisions/038): the app's modules ran in the
  // task that loaded them; the page's requests, the worker, the router (which reads
  // sessionStorage) and, once the page's answers are in, React's first render come after.
  await nextTask();
  const answered = prefetchPage(client, routes, window.location.pathname);
  await nextTask();
  // The worker that checks the answers against the contract (docs/decisions/038): started now, it
  // has loaded zod and the schemas by the time they arrive (an answer before it starts it).
  startAnswerChecks();
  const router = await createAppRouter();
  await Promise.race([answered, new Promise((resolve) => setTimeout(resolve, ANSWERS_WAIT_MS))]);
  await nextTask();
  // Replaces the prerendered first screen: the same markup, with the page's answers in it where
  // they came in time (docs/decisions/038). As a transition, React renders the page in
  // slices of a few milliseconds and lets the browser answer input in between, instead of one
  // long task.
  const app = createRoot(container);
  startTransition(() => {
    app.render(
      <StrictMode>
        <AppProviders client={client}>
          <AppRouter router={router} />
          <TakenOver />
        </AppProviders>
      </StrictMode>,
    );
  });
}
