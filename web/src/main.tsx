import './lib/zod-jitless.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { AppProviders } from './app/providers.tsx';
import { AppRouter, createAppRouter } from './app/router.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

async function start(container: HTMLElement) {
  const router = await createAppRouter();
  // Replaces the prerendered first screen with the same markup (docs/decisions/015, 016). As a
  // transition, React renders the page in slices of a few milliseconds and lets the browser
  // answer input in between, instead of one long task.
  const app = createRoot(container);
  startTransition(() => {
    app.render(
      <StrictMode>
        <AppProviders>
          <AppRouter router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

// The page came with its first screen prerendered: let the browser paint it (the next frame)
// before React's first render takes the main thread.
if (root.hasChildNodes()) requestAnimationFrame(() => setTimeout(() => void start(root), 0));
else void start(root);
