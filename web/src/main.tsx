import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { AppProviders } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

function start(container: HTMLElement) {
  // Replaces the prerendered first screen with the same markup (docs/decisions/015).
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
}

// The page came with its first screen prerendered: let the browser paint it (the next frame)
// before React's first render, a long task, takes the main thread.
if (root.hasChildNodes()) requestAnimationFrame(() => setTimeout(() => start(root), 0));
else start(root);
