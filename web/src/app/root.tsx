import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import { useContext, useEffect, type ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  type LinksFunction,
  type MetaFunction,
} from 'react-router';
import '../index.css';
import '../lib/zod-jitless.ts';
import { RouteError } from '../components/ui/route-error.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { AppProviders } from './providers.tsx';
import { NOT_FOUND_TITLE, pageMeta, SHOP_TITLE } from './meta.ts';
import { NonceContext } from './nonce.ts';

export const links: LinksFunction = () => [
  { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' },
];

/**
 * The shop's title and description; a page with its own replaces both (React Router's rule). A
 * page whose subject does not exist (a 404 its loader threw) is titled as the 404 page.
 */
export const meta: MetaFunction = ({ error }) =>
  pageMeta(isRouteErrorResponse(error) && error.status === 404 ? NOT_FOUND_TITLE : SHOP_TITLE);

/**
 * The document. Its inline scripts (React Router's context and module imports) carry the
 * answer's CSP nonce, or are allowed by their hashes on a page the same for everybody
 * (server/src/plugins/web.ts, docs/decisions/058).
 */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useContext(NonceContext);
  return (
    <html lang="en" data-theme="partsmith">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <meta name="theme-color" content="#0f172a" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The answers each matched route's server loader put in its data (app/answers.server.ts), taken
 * into the browser's query cache before the page renders: its queries show them at once, the
 * same markup as the server's.
 */
function ServerAnswers({ children }: { children: ReactNode }) {
  let tree = children;
  for (const match of useMatches()) {
    const answers = (match.loaderData as { answers?: DehydratedState | null } | undefined)?.answers;
    if (answers) tree = <HydrationBoundary state={answers}>{tree}</HydrationBoundary>;
  }
  return tree;
}

/**
 * Marks the page as taken over by the app (`<html data-app="ready">`) once it has hydrated: from
 * then on the controls work. Tests wait for it before they touch the page.
 */
function TakenOver() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}

export default function App() {
  return (
    <AppProviders>
      <ServerAnswers>
        <RootLayout>
          <Outlet />
        </RootLayout>
      </ServerAnswers>
      <TakenOver />
    </AppProviders>
  );
}

/** A page that failed outside any route's own boundary: still inside the shop's layout. */
export function ErrorBoundary() {
  return (
    <AppProviders>
      <RootLayout>
        <RouteError />
      </RootLayout>
      <TakenOver />
    </AppProviders>
  );
}
