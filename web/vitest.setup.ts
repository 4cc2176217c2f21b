import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy* and waitFor give up after 1 s by default. A form's first check loads zod on demand
// (docs/decisions/038): in a test file run alone on a busy 2-core machine that import took
// 1.5 s, and the sign-up form's first messages came after the default had given up. Waiting
// longer costs nothing when the element is there sooner.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());

// The route modules' server loaders (app/answers.server.ts) run on the server only; React
// Router's build leaves them out of the browser's code. These tests load the route modules
// without that build and never run a loader: the pages ask the mocked fetch themselves.
vi.mock('./src/app/answers.server.ts', () => {
  const serverOnly = () => {
    throw new Error('app/answers.server.ts runs on the server only, not in the web tests');
  };
  return { answersFor: serverOnly, forSignedInBuyer: serverOnly };
});
