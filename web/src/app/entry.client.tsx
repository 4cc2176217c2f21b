// The browser's entry (docs/decisions/058): the page came rendered; React takes it over.
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { startAnswerChecks } from '../lib/answer-check.ts';

// The worker that checks the API's answers against the contract (src/lib/answer-check.ts):
// started first, it has loaded by the time the page's first answers arrive.
startAnswerChecks();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
